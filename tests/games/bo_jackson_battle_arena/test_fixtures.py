"""The fixture folder: valid, complete, and the card CSVs rebuilt exactly by build_cards.py
from the source data in the folder's `sources/`."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from types import ModuleType

import pytest

from games.bo_jackson_battle_arena.deck import FORMATS

from .helpers import FOLDER, fixtures

SOURCES = FOLDER / "sources"


def _build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bo_build_cards", FOLDER / "build_cards.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_rulebook_section_has_rules() -> None:
    sections = {s.number: len(s.rules) for s in fixtures().rules.sections}
    for number in ("4.1.1", "4.1.2", "4.2.1", "4.2.2", "4.3.1", "4.3.2", "4.4.1", "4.4.2", "4.4.3"):
        assert sections.get(number), f"section {number} has no rules"


def test_card_counts_by_type() -> None:
    types = Counter((c.type, c.provenance.value) for c in fixtures().cards)
    assert types[("hero", "community")] == 17077
    assert types[("hot-dog", "community")] == 130
    official_plays = sum(n for (t, p), n in types.items() if t != "hero" and p == "official")
    assert official_plays == 411
    assert types[("bonus-play", "official")] == 75
    assert types[("htd-play", "official")] == 60


def test_every_hero_has_a_weapon_and_a_power_and_no_copy_count() -> None:
    for card in fixtures().cards:
        if card.type == "hero":
            assert card.power is not None and card.attributes["weapon"], card.slug
            assert card.copies is None, card.slug


def test_ten_weapons_are_symbols() -> None:
    weapons = [s for s in fixtures().game.symbols if s.kind.value == "icon"]
    assert len(weapons) == 10


def test_every_format_the_deck_check_knows_is_a_variant() -> None:
    variants = {v.slug: v for v in fixtures().game.variants}
    for slug, fmt in FORMATS.items():
        assert slug in variants, slug
        setup = variants[slug].setup
        size = setup["hero_deck"]
        expected = (
            fmt.hero_min if fmt.hero_min == fmt.hero_max else f"{fmt.hero_min}-{fmt.hero_max}"
        )
        assert size == expected, slug
        if isinstance(setup.get("hot_dogs"), int):
            assert setup["hot_dogs"] == fmt.hot_dogs, slug
        assert setup.get("max_hero_power") == fmt.max_hero_power, slug
        assert setup.get("max_total_power") == fmt.max_total_power, slug


def test_card_csvs_are_exactly_what_build_cards_writes() -> None:
    built = _build_script().build()
    written = [*FOLDER.glob("cards*.csv"), FOLDER / "card-redirects.csv"]  # + former slugs
    assert sorted(built) == sorted(p.name for p in written)
    for name, text in built.items():
        assert (FOLDER / name).read_text(encoding="utf-8") == text, f"{name} is out of date"


def test_build_cards_reads_only_the_sources_inside_the_repository() -> None:
    script = _build_script()
    for path in (script.PLAYS_JSON, script.CATALOG_JSON):
        assert path.parent == SOURCES and path.is_file(), path


@pytest.mark.parametrize("name", ["official-plays.json", "community-catalog.json"])
def test_each_source_says_where_its_data_came_from(name: str) -> None:
    provenance = json.loads((SOURCES / name).read_text(encoding="utf-8"))["provenance"]
    assert isinstance(provenance, str) and len(provenance.split()) >= 10


def test_the_sources_hold_the_whole_official_list_and_catalog() -> None:
    plays = json.loads((SOURCES / "official-plays.json").read_text(encoding="utf-8"))["plays"]
    catalog = json.loads((SOURCES / "community-catalog.json").read_text(encoding="utf-8"))
    assert len(plays) == 411 and len({p["id"] for p in plays}) == 411
    assert len(catalog["rows"]) == 17644
    assert all(len(row) == len(catalog["columns"]) for row in catalog["rows"])
