"""The reference data: box counts, kinds, every FAQ and the printed-text note."""

from __future__ import annotations

from pathlib import Path

from cardsdb.fixtures_format import read_game_folder

FOLDER = Path(__file__).resolve().parents[3] / "fixtures" / "super-hazard-quest"


def test_box_counts_match_the_rulebook() -> None:
    game = read_game_folder(FOLDER).game
    counts = {c.name: c.count for c in game.components}
    assert counts["Item Cards"] == 54
    assert counts["Dungeon Cards"] == 26
    assert counts["Instructional Cards"] == 2
    assert counts["Character Tokens"] == 8
    assert counts["Crystal Shards"] == 16
    assert counts["Instructional Manual"] == 1


def test_card_kinds_are_listed_without_invented_counts_or_faces() -> None:
    fx = read_game_folder(FOLDER)
    kinds = {t.slug: t for t in fx.game.card_types}
    assert {
        "dual-action-item",
        "super-item",
        "magic-item",
        "super-magic-item",
        "hazard-item",
        "special-item",
        "scrambler",
        "mini-boss-room",
        "dead-end",
        "trap-door",
    } <= set(kinds)
    assert kinds["scrambler"].count == 2
    assert all(t.count is None for s, t in kinds.items() if s != "scrambler")
    assert all(not t.faces_known for t in kinds.values())
    assert fx.cards == []


def test_eight_actions_and_eight_hazards_are_symbols() -> None:
    symbols = read_game_folder(FOLDER).game.symbols
    assert len([s for s in symbols if s.kind.value == "action"]) == 8
    assert len([s for s in symbols if s.kind.value == "hazard"]) == 8


def test_every_faq_and_the_stage_number_note_are_there() -> None:
    clar = read_game_folder(FOLDER).clarifications.clarifications
    assert len([c for c in clar if c.kind.value == "faq"]) == 13
    assert any(c.slug == "stage-number-corner" and c.kind.value == "printed-text" for c in clar)
    assert any(c.slug == "proper-movement-model" for c in clar)
