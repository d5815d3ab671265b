"""The High Alert fixtures hold what the rulebook and the public card data say, no more.

Both are cross-checked through the facts copied into the repository, in the folder's
`sources/`: the rules sheet's contents lists (names and copies) and the public card data.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardsdb.fixtures_format import Card, GameFixtures, read_game_folder
from games.star_realms_high_alert import catalog

from .helpers import SLUG

ROOT = Path(__file__).resolve().parents[3]
FOLDER = ROOT / "fixtures" / SLUG
SOURCES = FOLDER / "sources"
REFERENCE = SOURCES / "public-card-data.json"
RULEBOOK = SOURCES / "rulebook-contents.json"

PACKS = {"Requisition": "requisition", "Tech": "tech", "Invasion": "invasion", "Heroes": "heroes"}
FACTIONS = {
    "Blob": "blob",
    "Machine Cult": "machine-cult",
    "Star Empire": "star-empire",
    "Trade Federation": "trade-federation",
}


@cache
def fx() -> GameFixtures:
    return read_game_folder(FOLDER)


@cache
def reference() -> list[dict[str, Any]]:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))["cards"]


def card_named(name: str) -> Card:
    return next(c for c in fx().cards if c.name == name)


def symbol(slug: str) -> Any:
    return next(s for s in fx().game.symbols if s.slug == slug)


def rulebook_lists() -> dict[str, dict[str, int]]:
    """The sheet's contents lists: pack -> card name -> copies."""
    packs: dict[str, dict[str, int]] = json.loads(RULEBOOK.read_text(encoding="utf-8"))["packs"]
    return packs


# ----- the copied sources -----


@pytest.mark.parametrize("path", [REFERENCE, RULEBOOK], ids=lambda p: p.name)
def test_each_copied_source_says_where_its_data_came_from(path: Path) -> None:
    provenance = json.loads(path.read_text(encoding="utf-8"))["provenance"]
    assert isinstance(provenance, str) and len(provenance.split()) >= 10


def test_the_rulebook_lists_hold_four_packs_of_twelve_copies() -> None:
    lists = rulebook_lists()
    assert list(lists) == list(PACKS)
    assert {pack: sum(cards.values()) for pack, cards in lists.items()} == dict.fromkeys(PACKS, 12)


# ----- the game, its marks, factions and symbols -----


def test_game_has_its_english_and_russian_titles() -> None:
    assert fx().game.names == {
        "en": "Star Realms: High Alert",
        "ru": "Звёздные империи: Боевая тревога",
    }


def test_each_mini_expansion_has_its_cyrillic_mark() -> None:
    marks = {"invasion": "В", "heroes": "П", "requisition": "Р", "tech": "Т"}
    for expansion in fx().game.expansions:
        assert expansion.kind == "mini-expansion"
        glyph = symbol(expansion.symbol).glyph
        assert glyph == marks[expansion.slug]
        assert all("\u0400" <= ch <= "\u04ff" for ch in glyph), "the marks are Cyrillic"
    assert {e.slug for e in fx().game.expansions} == set(marks)


def test_six_merged_symbols_each_stand_for_two_factions_and_record_the_community_name() -> None:
    merged = [s for s in fx().game.symbols if s.kind == "merged-faction"]
    assert len(merged) == 6
    pairs = {frozenset(s.factions) for s in merged}
    assert len(pairs) == 6 and all(len(p) == 2 for p in pairs)
    names = {"Alignment", "Union", "Unity", "Coalition", "Alliance", "Pact"}
    assert {re.search(r'calls it "(\w+)"', s.meaning).group(1) for s in merged} == names  # type: ignore[union-attr]
    assert all("community" in s.meaning for s in merged)


def test_russian_faction_names_only_where_the_sheet_gives_them() -> None:
    names = {f.slug: f.names.get("ru") for f in fx().game.factions}
    assert names == {
        "blob": None,
        "machine-cult": None,
        "star-empire": "Звёздная империя",
        "trade-federation": "Торговая федерация",
    }


def test_card_types_are_ship_base_outpost_tech_hero_with_their_copies() -> None:
    counts = Counter()
    for card in fx().cards:
        counts[card.type] += card.copies or 0
    for card_type in fx().game.card_types:
        assert card_type.count == counts[card_type.slug], card_type.slug
    assert {t.slug for t in fx().game.card_types} == {"ship", "base", "outpost", "tech", "hero"}


# ----- the cards against the rulebook -----


def test_thirty_six_cards_forty_eight_copies_twelve_in_each_mini_expansion() -> None:
    cards = fx().cards
    assert len(cards) == 36
    assert sum(c.copies or 0 for c in cards) == 48
    per_pack = Counter()
    for card in cards:
        per_pack[card.expansion] += card.copies or 0
    assert per_pack == {"requisition": 12, "tech": 12, "invasion": 12, "heroes": 12}


def test_every_card_and_copy_count_matches_the_rulebook_list() -> None:
    for pack, cards in rulebook_lists().items():
        for name, copies in cards.items():
            card = card_named(name)
            assert card.expansion == PACKS[pack], name
            assert card.copies == copies, name
    assert sum(len(cards) for cards in rulebook_lists().values()) == 36


def test_components_count_twelve_cards_a_pack() -> None:
    assert [c.count for c in fx().game.components] == [12, 12, 12, 12]


# ----- the cards against the public card data, field by field -----


@pytest.mark.parametrize("ref", reference(), ids=lambda r: r["name"])
def test_card_facts_match_the_reference_file(ref: dict[str, Any]) -> None:
    card = card_named(ref["name"])
    attrs = card.attributes
    abilities = ref["abilities"]
    assert card.type == ref["type"]
    assert card.expansion == PACKS[ref["pack"]]
    assert card.cost == ref["cost"]
    assert card.copies == ref["copies"]
    assert card.provenance == "community"
    assert attrs.get("defense") == ref["defense"]
    assert attrs["sources"] == ref["sources"]
    if ref["type"] in ("hero", "tech"):
        assert card.factions == []  # heroes and tech have no faction (rules 3.5, 4.5)
    else:
        assert card.factions == [FACTIONS[f] for f in ref["factions"]]
    if ref["type"] == "hero":
        granted = symbol(attrs["ally_symbol"])
        assert set(granted.factions) == {FACTIONS[f] for f in ref["factions"]}
        assert attrs["ally_symbol_name"] == ref["ally_symbol"]
        assert attrs["confidence"]["ally_symbol"] == ref["confidence"]["factions"]
    for field in ("ally", "double_ally", "scrap", "tech_activation_cost"):
        assert attrs.get(field) == abilities.get(field), field
    if ref["confidence"]["primary"] == "conflict":
        assert "primary" not in attrs
    else:
        assert attrs.get("primary") == abilities["primary"]
    assert attrs.get("requisition_discount") == abilities.get("acquire_discount")
    if abilities.get("acquire_discount"):
        assert attrs["requisition_discount_faction"] == FACTIONS[ref["factions"][0]]
    for field, confidence in ref["confidence"].items():
        if field in ("copies", "factions"):
            continue
        ours = "requisition_discount" if field == "acquire_discount" else field
        assert attrs["confidence"][ours] == confidence, field


@pytest.mark.parametrize("ref", reference(), ids=lambda r: r["name"])
def test_outpost_status_is_recorded_with_its_single_source(ref: dict[str, Any]) -> None:
    attrs = card_named(ref["name"]).attributes
    if ref["type"] not in ("base", "outpost"):
        assert "outpost" not in attrs
        return
    assert attrs["outpost"] is (ref["type"] == "outpost")
    assert "1_source" in attrs["confidence"]["type"]
    assert any("one source" in point for point in attrs["open_points"])


@pytest.mark.parametrize("ref", reference(), ids=lambda r: r["name"])
def test_copies_and_faction_confidence_keep_the_reference_level(ref: dict[str, Any]) -> None:
    """The two confidence fields the card-by-card test leaves out: copies (which we also hold
    from the rulebook's lists) and factions (which heroes and tech do not have)."""
    confidence = card_named(ref["name"]).attributes["confidence"]
    level = ref["confidence"]["copies"].split(" ", 1)[0]
    assert level in confidence["copies"] and "rulebook" in confidence["copies"]
    if ref["type"] in ("hero", "tech"):
        assert confidence["factions"].startswith("rulebook:")
        assert "no faction" in confidence["factions"]
    else:
        assert confidence["factions"] == ref["confidence"]["factions"]


def test_swarm_colony_readings_are_the_two_the_reference_file_gives() -> None:
    ref = next(r for r in reference() if r["name"] == "Swarm Colony")
    conflict = ref["abilities"]["primary"]
    assert conflict.startswith("CONFLICT")
    readings = card_named("Swarm Colony").attributes["primary_readings"]
    assert len(readings) == 2
    for reading in readings:
        assert reading["text"] in conflict
    sources = " ".join(r["source"] for r in readings)
    assert "darkClaw921/star-realms-web" in sources and "Gallery" in sources


def test_every_card_of_the_reference_file_is_in_the_fixtures_and_no_other() -> None:
    assert sorted(r["name"] for r in reference()) == sorted(c.name for c in fx().cards)


def test_swarm_colony_keeps_both_readings_of_its_primary_ability() -> None:
    attrs = card_named("Swarm Colony").attributes
    readings = {r["text"] for r in attrs["primary_readings"]}
    assert readings == {"draw 1", "discard a card"}
    assert attrs["confidence"]["primary"] == "conflict"
    clar = next(
        c for c in fx().clarifications.clarifications if c.slug == "swarm-colony-primary-ability"
    )
    assert clar.kind == "printed-text"
    assert clar.cards == ["swarm-colony"]


# ----- rules, glossary and clarifications -----


def test_every_rulebook_section_has_numbered_rules() -> None:
    sources = " ".join(s.source for s in fx().rules.sections)
    for heading in (
        "Contents of the Mini-Expansions",
        "Setup with Mini-Expansions",
        "Heroes",
        "Tech",
        "Double Ally Abilities",
        "Merged Factions",
        "Faction Symbols as Effects",
        "Requisition: Cost Reduction",
    ):
        assert heading in sources, heading


def test_glossary_defines_the_terms_players_argue_about() -> None:
    slugs = {t.slug for t in fx().glossary.terms}
    for term in (
        "ally-ability",
        "double-ally-ability",
        "merged-faction",
        "faction-symbol-as-effect",
        "hero",
        "tech",
        "scrap-ability",
        "primary-ability",
        "trade-row",
        "play-area",
        "requisition-discount",
    ):
        assert term in slugs, term


def test_clarifications_cover_the_printed_text_notes_and_the_open_points() -> None:
    kinds = {c.slug: c.kind for c in fx().clarifications.clarifications}
    assert kinds["merged-symbols-named-by-transcriber"] == "printed-text"
    assert kinds["heroes-section-heading"] == "printed-text"
    for slug in (
        "merged-card-and-requisition-discount",
        "hero-is-not-a-faction-card",
        "lunar-landing-counts-itself",
        "stealth-faction-is-an-effect",
    ):
        assert kinds[slug] == "reference-ruling", slug


# ----- the engine's catalog is the fixtures -----


def test_engine_catalog_reads_the_same_card_facts_as_the_fixtures() -> None:
    assert set(catalog.CARDS) == {c.slug for c in fx().cards}
    for card in fx().cards:
        facts = catalog.CARDS[card.slug]
        assert (facts.cost, facts.copies, facts.type) == (card.cost, card.copies, card.type)
        assert facts.factions == frozenset(card.factions)
        assert facts.tech_cost == card.attributes.get("tech_activation_cost")
        assert facts.has_ally == ("ally" in card.attributes)


def test_engine_symbol_slugs_are_the_fixture_symbols() -> None:
    from typing import get_args

    from games.star_realms_high_alert.state import SymbolSlug

    assert set(get_args(SymbolSlug)) == set(catalog.SYMBOL_FACTIONS)


def test_every_hero_scrap_ability_grants_its_merged_symbol() -> None:
    for card in catalog.by_type("hero"):
        assert card.scrap is not None and card.scrap.startswith("gain a"), card.slug
        assert card.primary is not None and card.primary.startswith("gain a"), card.slug
