"""Table data (fixtures/<game>/table.toml) is loaded with the rest of the game: checked without
a database, refused whole with the file and the entry named, and loaded twice changes nothing."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from cardsdb import models as m
from cardsdb.fixtures_format import FixtureError, read_game_folder
from cardsdb.loaders import fixtures_load

GAMES = ["bo-jackson-battle-arena", "higher-lower", "hyperstar-run", "star-realms-high-alert"]
GAMES += ["super-hazard-quest"]


def _table(slug: str) -> dict[str, Any]:
    return tomllib.loads((Path(settings.FIXTURES_DIR) / slug / "table.toml").read_text())


def _copy(tmp_path: Path, slug: str) -> Path:
    target = tmp_path / slug
    shutil.copytree(Path(settings.FIXTURES_DIR) / slug, target)
    return target


def _append(folder: Path, text: str) -> None:
    path = folder / "table.toml"
    path.write_text(path.read_text() + "\n" + text)


def _replace(folder: Path, old: str, new: str) -> None:
    path = folder / "table.toml"
    before = path.read_text()
    assert old in before
    path.write_text(before.replace(old, new, 1))


# -- checked without a database --------------------------------------------------------------


@pytest.mark.parametrize("slug", GAMES)
def test_every_table_file_is_valid(slug: str) -> None:
    fx = read_game_folder(Path(settings.FIXTURES_DIR) / slug)
    assert fx.table.sources, "every game lists the documents its facts come from"
    assert fx.table.quick.setup


def test_a_quick_section_that_rules_toml_lacks_is_named(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "higher-lower")
    _replace(folder, 'setup = ["3"]', 'setup = ["3", "42"]')
    with pytest.raises(FixtureError) as err:
        read_game_folder(folder)
    assert err.value.path.endswith("table.toml")
    assert err.value.entry == "quick.setup (42)"
    assert "no such section" in err.value.message


def test_a_rule_number_is_not_a_section(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "higher-lower")
    _replace(folder, 'turn = ["4"]', 'turn = ["4.1"]')  # a rule of section 4, not a section
    with pytest.raises(FixtureError) as err:
        read_game_folder(folder)
    assert err.value.entry == "quick.turn (4.1)"


def test_a_source_of_an_unknown_kind_is_named_by_its_title(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "hyperstar-run")
    _replace(folder, 'kind = "review"', 'kind = "hearsay"')
    with pytest.raises(FixtureError) as err:
        read_game_folder(folder)
    assert err.value.path.endswith("table.toml")
    assert err.value.entry.startswith("sources.1 (“Hyperstar Run and the art of button mashing”")
    assert err.value.entry.endswith(".kind")


def test_a_source_listed_twice_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "higher-lower")
    _append(
        folder,
        '[[sources]]\ntitle = "Booster card texts"\nkind = "editorial"\nabout = "Again."\n',
    )
    with pytest.raises(FixtureError) as err:
        read_game_folder(folder)
    assert err.value.entry == "source Booster card texts"
    assert err.value.message == "appears twice"


def test_a_source_address_must_be_a_web_address(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "hyperstar-run")
    _replace(folder, 'url = "http://www.gnome', 'url = "javascript:alert(1)//www.gnome')
    with pytest.raises(FixtureError) as err:
        read_game_folder(folder)
    assert err.value.entry.endswith(".url")


def test_a_setup_phrase_needs_one_place_for_the_value(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "hyperstar-run")
    _replace(folder, 'runs = "Runs: {}"', 'runs = "Runs"')
    with pytest.raises(FixtureError) as err:
        read_game_folder(folder)
    assert err.value.entry == "setup"
    assert "setup runs" in err.value.message and "{}" in err.value.message


def test_a_setup_phrase_for_a_number_no_variant_has_is_a_typo(tmp_path: Path) -> None:
    folder = _copy(tmp_path, "hyperstar-run")
    _replace(folder, 'runs = "Runs: {}"', 'runz = "Runs: {}"')
    with pytest.raises(FixtureError) as err:
        read_game_folder(folder)
    assert err.value.entry == "setup.runz"


# -- loaded with the rest, atomically and idempotently ---------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_database_holds_what_the_table_file_says(slug: str) -> None:
    table = _table(slug)
    game = m.Game.objects.get(slug=slug)
    quick = table.get("quick", {})
    assert game.quick_setup == quick.get("setup", [])
    assert game.quick_turn == quick.get("turn", [])
    assert game.quick_turn_note == quick.get("turn_note", "")
    phrases = [{"key": k, "phrase": v} for k, v in table.get("setup", {}).items()]
    assert game.setup_phrases == phrases  # a list: the file's order, kept by both databases
    rows = list(
        m.Source.objects.filter(game=game)
        .order_by("position")
        .values("title", "kind", "about", "url")
    )
    assert rows == [{"url": "", **s} for s in table["sources"]]


@pytest.mark.django_db
def test_a_bad_table_file_loads_nothing_of_any_game(tmp_path: Path) -> None:
    good = _copy(tmp_path, "hyperstar-run")
    _append(good, '[[sources]]\ntitle = "A new review"\nkind = "review"\nabout = "Nothing."\n')
    bad = _copy(tmp_path, "higher-lower")
    _replace(bad, 'kind = "editorial"', 'kind = "rumour"')
    titles_before = set(m.Source.objects.values_list("title", flat=True))
    with pytest.raises(FixtureError) as err:
        fixtures_load([good, bad])
    assert "higher-lower" in err.value.path and err.value.path.endswith("table.toml")
    assert "Booster card texts" in err.value.entry
    assert set(m.Source.objects.values_list("title", flat=True)) == titles_before


@pytest.mark.django_db
def test_an_edited_table_file_reloads_exactly_and_a_second_load_changes_nothing(
    tmp_path: Path,
) -> None:
    folder = _copy(tmp_path, "hyperstar-run")
    text = (folder / "table.toml").read_text()
    start = text.index('[[sources]]\ntitle = "“Hyperstar Run”, Solo Rhino')
    end = text.index("[[sources]]", start + 1)
    (folder / "table.toml").write_text(text[:start] + text[end:])  # one source removed
    _replace(folder, 'about = "Publisher, designer and artist."', 'about = "The designer."')
    _replace(folder, 'turn = ["3", "4", "8"]', 'turn = ["3", "4"]')
    _replace(folder, 'runs = "Runs: {}"', 'runs = "Runs in the challenge: {}"')

    first = fixtures_load([folder])
    game = m.Game.objects.get(slug="hyperstar-run")
    assert first.deleted >= 1 and first.updated >= 1
    assert not m.Source.objects.filter(game=game, title__contains="Solo Rhino").exists()
    assert m.Source.objects.get(game=game, title__contains="Yogi Bear").about == "The designer."
    assert list(m.Source.objects.filter(game=game).values_list("position", flat=True)) == list(
        range(5)
    )
    assert game.quick_turn == ["3", "4"]
    assert {"key": "runs", "phrase": "Runs in the challenge: {}"} in game.setup_phrases

    again = fixtures_load([folder])
    assert again.changed == 0
