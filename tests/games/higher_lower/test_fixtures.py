"""The reference data matches the rulebook's box list and its required rulings."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsdb.fixtures_format import read_game_folder

FOLDER = Path(__file__).resolve().parents[3] / "fixtures" / "higher-lower"


@pytest.fixture(scope="module")
def fx():  # type: ignore[no-untyped-def]
    return read_game_folder(FOLDER)


def test_box_holds_60_playing_cards_and_30_boosters(fx) -> None:  # type: ignore[no-untyped-def]
    counts = {c.name: c.count for c in fx.game.components}
    assert counts == {"Playing cards": 60, "Booster cards": 30}
    types = {t.slug: t for t in fx.game.card_types}
    assert types["number-card"].count == 60 and types["number-card"].faces_known
    assert types["booster"].count == 30 and not types["booster"].faces_known
    assert types["booster"].categories == ["Common", "Rare", "Epic", "Ultimate"]


def test_number_cards_are_1_to_15_four_copies_each(fx) -> None:  # type: ignore[no-untyped-def]
    numbers = [c for c in fx.cards if c.type == "number-card"]
    assert [c.attributes["value"] for c in numbers] == list(range(1, 16))
    assert sum(c.copies or 0 for c in numbers) == 60
    assert all(c.provenance == "rulebook" for c in numbers)


def test_no_booster_card_is_invented(fx) -> None:  # type: ignore[no-untyped-def]
    assert not [c for c in fx.cards if c.type == "booster"]


def test_title_is_ours_and_says_so(fx) -> None:  # type: ignore[no-untyped-def]
    assert fx.game.name == "Higher or Lower"
    assert "working title" in fx.game.name_note
    assert fx.game.min_players == 2 and fx.game.max_players is None


def test_required_reference_rulings_exist(fx) -> None:  # type: ignore[no-untyped-def]
    kinds = {c.slug: c.kind for c in fx.clarifications.clarifications}
    assert kinds["match-means-same-number"] == "reference-ruling"
    assert kinds["draw-only-when-unable"] == "reference-ruling"
