"""The loader: validated, atomic, idempotent, and the counts match the rulebooks' box lists."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db.models import Sum

from cardsdb import models as m
from cardsdb.fixtures_format import FixtureError
from cardsdb.loaders import fixtures_load, game_folders

pytestmark = pytest.mark.django_db

GAMES = {
    "hyperstar-run",
    "higher-lower",
    "star-realms-high-alert",
    "bo-jackson-battle-arena",
    "super-hazard-quest",
}


def test_every_game_is_loaded() -> None:
    assert set(m.Game.objects.values_list("slug", flat=True)) == GAMES


def test_loading_twice_changes_nothing() -> None:
    before = {model: model.objects.count() for model in (m.Card, m.Rule, m.Clarification)}
    report = fixtures_load()
    assert report.changed == 0
    assert {model: model.objects.count() for model in before} == before


def _copy_game(tmp_path: Path, slug: str) -> Path:
    target = tmp_path / slug
    shutil.copytree(Path(settings.FIXTURES_DIR) / slug, target)
    return target


def test_a_bad_entry_loads_nothing_and_names_file_and_entry(tmp_path: Path) -> None:
    folder = _copy_game(tmp_path, "higher-lower")
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text() + '\n[[sections]]\nnumber = "99"\ntitle = "Broken"\n')
    with pytest.raises(FixtureError) as err:
        fixtures_load([folder])
    assert "rules.toml" in str(err.value)
    assert "99" in str(err.value)


def test_a_card_with_attributes_outside_its_schema_is_refused(tmp_path: Path) -> None:
    folder = _copy_game(tmp_path, "star-realms-high-alert")
    cards = folder / "cards.toml"
    text = cards.read_text()
    first = text.index("[cards.attributes]") + len("[cards.attributes]")
    cards.write_text(text[:first] + '\nnot_a_field = "x"' + text[first:])
    with pytest.raises(FixtureError) as err:
        fixtures_load([folder])
    assert "cards" in err.value.path
    assert "not_a_field" in str(err.value)


def test_a_failure_in_a_later_game_rolls_back_the_earlier_ones(tmp_path: Path) -> None:
    good = _copy_game(tmp_path, "higher-lower")
    (good / "game.toml").write_text(
        (good / "game.toml").read_text().replace('slug = "higher-lower"', 'slug = "hl-copy"', 1)
    )
    bad = _copy_game(tmp_path, "hyperstar-run")
    (bad / "clarifications.toml").write_text(
        '[[clarifications]]\nslug = "x"\nkind = "faq"\nquestion = "q"\nanswer = "a"\n'
        'rules = ["999.9"]\n'
    )
    with pytest.raises(FixtureError):
        fixtures_load([good, bad])
    assert not m.Game.objects.filter(slug="hl-copy").exists()


def _copies(game: str, **filters: Any) -> int:
    return m.Card.objects.filter(game__slug=game, **filters).aggregate(n=Sum("copies"))["n"]


def _type_count(game: str, slug: str) -> int | None:
    return m.CardType.objects.get(game__slug=game, slug=slug).count


def test_high_alert_has_twelve_copies_in_each_mini_expansion() -> None:
    expansions = m.Expansion.objects.filter(game__slug="star-realms-high-alert")
    assert expansions.count() == 4
    for expansion in expansions:
        assert _copies("star-realms-high-alert", expansion=expansion) == 12, expansion.name
    assert m.Card.objects.filter(game__slug="star-realms-high-alert").count() == 36
    assert _copies("star-realms-high-alert") == 48


def test_high_alert_expansion_marks_are_cyrillic() -> None:
    marks = {
        e.name: e.symbol.glyph
        for e in m.Expansion.objects.filter(game__slug="star-realms-high-alert").select_related(
            "symbol"
        )
    }
    assert marks == {"Invasion": "В", "Heroes": "П", "Requisition": "Р", "Tech": "Т"}


def test_high_alert_has_six_merged_faction_symbols_of_two_factions_each() -> None:
    merged = m.Symbol.objects.filter(game__slug="star-realms-high-alert", kind="merged-faction")
    assert merged.count() == 6
    pairs = {frozenset(s.factions.values_list("slug", flat=True)) for s in merged}
    assert len(pairs) == 6 and all(len(p) == 2 for p in pairs)


def test_heroes_and_tech_have_no_faction() -> None:
    cards = m.Card.objects.filter(
        game__slug="star-realms-high-alert", card_type__slug__in=["hero", "tech"]
    )
    assert cards.count() == 20
    assert not cards.filter(factions__isnull=False).exists()


def test_hyperstar_run_box_counts() -> None:
    components = dict(
        m.Component.objects.filter(game__slug="hyperstar-run").values_list("name", "count")
    )
    assert sorted(components.values()) == [1, 2, 15]
    assert _type_count("hyperstar-run", "level-card") == 15
    sizes = {
        v.slug: v.setup.get("level_cards")
        for v in m.Variant.objects.filter(game__slug="hyperstar-run", kind="difficulty")
    }
    assert sizes == {"tutorial": 9, "standard": 10, "hard": 11, "expert": 12}


def test_higher_lower_has_sixty_number_cards_and_thirty_boosters() -> None:
    assert _copies("higher-lower", card_type__slug="number-card") == 60
    numbers = m.Card.objects.filter(game__slug="higher-lower", card_type__slug="number-card")
    assert sorted(numbers.values_list("copies", flat=True)) == [4] * 15
    assert _type_count("higher-lower", "booster") == 30
    assert m.CardType.objects.get(game__slug="higher-lower", slug="booster").faces_known is False


def test_super_hazard_quest_box_counts() -> None:
    components = dict(
        m.Component.objects.filter(game__slug="super-hazard-quest").values_list("name", "count")
    )
    assert components["Item Cards"] == 54
    assert components["Dungeon Cards"] == 26
    assert components["Crystal Shards"] == 16


def test_battle_arena_catalog() -> None:
    cards = m.Card.objects.filter(game__slug="bo-jackson-battle-arena")
    assert cards.filter(power__isnull=False).count() == 17077
    assert cards.filter(provenance="official").count() == 411
    assert cards.filter(power__isnull=False).values("name").distinct().count() == 303


def test_every_game_folder_has_rules_and_every_rule_a_source() -> None:
    assert len(game_folders()) == 5
    assert not m.Rule.objects.filter(source="").exists()
    for game in m.Game.objects.all():
        assert m.Rule.objects.filter(game=game).count() >= 10, game.slug


def test_required_reference_rulings_exist() -> None:
    rulings = m.Clarification.objects.filter(game__slug="higher-lower", kind="reference-ruling")
    text = " ".join(f"{c.question} {c.answer}".lower() for c in rulings)
    assert "match" in text
    assert "draw" in text
    kinds = set(m.Clarification.objects.values_list("kind", flat=True))
    assert kinds == {"faq", "rulebook-clarification", "printed-text", "reference-ruling"}
