"""A dispute for each reason that can decide but that no other test had deciding: a board and
a move (or a log, or a setup) a player would bring, with the verdict, the rule the ruling names
as deciding and the answer's words."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.deciding import deciding_reason
from games.core.ruling import Ruling
from games.star_realms_high_alert.setup import pack

from .helpers import RULES, acquire, assert_answer_is_plain, key, rule, use_ally

END_TURN = {"kind": "end-turn"}


def decided_by(ruling: Ruling, code: str, number: str) -> None:
    """`code` is the deciding reason, and the ruling names its rule."""
    reason = deciding_reason(ruling.reasons, ruling.voided)
    assert reason is not None and reason.code == code, [r.code for r in ruling.reasons]
    assert ruling.deciding_rule == key(number)
    assert_answer_is_plain(ruling)


# ----- the end of the turn


def test_doctor_clarks_primary_ability_ends_with_the_turn_he_was_played() -> None:
    state = {"heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}]}
    ruled = rule(state, END_TURN)
    assert ruled.legal
    decided_by(ruled, "hero-primary-ends", "3.7")
    assert "Doctor Clark's primary ability no longer applies" in ruled.answer
    assert "Doctor Clark stays on your table" in ruled.answer  # 3.6 is said too


def test_an_unused_tech_is_not_discarded_at_the_end_of_the_turn() -> None:
    ruled = rule({"techs": [{"id": "t1", "card": "laser"}]}, END_TURN)
    assert ruled.legal
    decided_by(ruled, "tech-stays-on-table", "4.6")
    assert "Your tech stays on the table" in ruled.answer
    assert ruled.next_state is not None and ruled.next_state["techs"][0]["card"] == "laser"


def test_a_tech_used_this_turn_can_be_used_again_next_turn() -> None:
    state = {"techs": [{"id": "t1", "card": "laser", "used_this_turn": True}]}
    ruled = rule(state, END_TURN)
    assert ruled.legal
    decided_by(ruled, "tech-use-resets", "4.4")
    assert "can be used again next turn (Laser)" in ruled.answer
    assert ruled.next_state is not None
    assert ruled.next_state["techs"][0]["used_this_turn"] is False


def test_the_symbol_from_a_scrapped_hero_does_not_carry_into_the_next_turn() -> None:
    state = {"heroes": [{"id": "h1", "card": "doctor-clark"}]}
    log = [{"kind": "scrap-hero", "hero": "h1"}, END_TURN]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal"
    end = ruled.rulings[1]
    decided_by(end, "effect-symbols-expire", "7.2")
    assert end.answer.endswith("The symbols you gained as effects expire.")
    assert end.next_state is not None and end.next_state["gained_symbols"] == []


def test_the_faction_chosen_with_stealth_expires_with_the_turn() -> None:
    state = {"trade": 3, "techs": [{"id": "t1", "card": "stealth"}]}
    log = [{"kind": "use-tech", "tech": "t1", "faction": "blob"}, END_TURN]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal"
    end = ruled.rulings[1]
    decided_by(end, "chosen-faction-expires", "7.2")
    assert "the faction you chose for this turn expires" in end.answer
    assert "Your tech stays on the table" in end.answer


# ----- a card that is not where the move needs it


def test_a_card_in_the_discard_pile_cannot_be_played() -> None:
    state = {
        "hand": [{"id": "a1", "card": "corsair"}],
        "discard_pile": [{"id": "d1", "card": "hellfire"}],
    }
    ruled = rule(state, {"kind": "play-card", "card": "d1", "trade": 0})
    assert not ruled.legal
    decided_by(ruled, "card-not-in-hand", "10.1")
    assert (
        ruled.answer
        == "No: Hellfire is in your discard pile; you play only the cards in your hand."
    )


def test_an_ally_ability_of_a_card_still_in_hand_cannot_be_used() -> None:
    state = {
        "play_area": [{"id": "c2", "card": "warrior-pod"}],
        "hand": [{"id": "c1", "card": "corsair"}],
    }
    ruled = rule(state, use_ally("c1"))
    assert not ruled.legal
    decided_by(ruled, "card-not-played", "10.1")
    assert ruled.answer.startswith("No: Corsair is in your hand; play it first")


# ----- paying for a card


def test_a_card_is_not_acquired_for_less_than_its_price() -> None:
    state = {"trade": 5, "trade_row": [{"id": "r1", "card": "corsair"}]}
    ruled = rule(state, {**acquire(), "pay": 2})
    assert not ruled.legal
    decided_by(ruled, "price-not-paid", "9.1")
    assert ruled.answer == "No: Corsair costs you 3 Trade, not 2; nothing lowers it below 3."


def test_paying_less_for_doctor_clarks_symbol_is_void_and_the_full_price_is_paid() -> None:
    state = {
        "trade": 5,
        "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}],
        "trade_row": [{"id": "r1", "card": "hellfire"}],
    }
    ruled = rule(state, {**acquire(), "pay": 3})
    assert ruled.legal
    decided_by(ruled, "effects-discount-void", "8.3")
    assert ruled.answer.startswith("Yes, you can acquire Hellfire for 4 Trade.")
    assert "symbols gained as effects do not count, so you pay 4" in ruled.answer
    assert ruled.next_state is not None and ruled.next_state["trade"] == 1


# ----- setting up with one mini-expansion


@pytest.mark.parametrize(
    ("expansion", "number", "cards", "named"),
    [
        ("requisition", "1.3", 12, "Requisition"),
        ("tech", "1.4", 12, "Tech"),
        ("invasion", "1.5", 12, "Invasion"),
        ("heroes", "1.6", 12, "Heroes"),
    ],
)
def test_one_whole_mini_expansion_is_one_the_sheet_allows(
    expansion: str, number: str, cards: int, named: str
) -> None:
    move: dict[str, Any] = {"kind": "setup", "added": dict(pack(expansion))}
    ruled = rule({"expansions": [expansion]}, move)
    assert ruled.legal
    decided_by(ruled, "setup-one-or-all-packs", "2.3")
    assert f"{expansion}-pack" in [r.code for r in ruled.reasons]
    assert ruled.answer == (
        f"Yes, this is a correct setup: the {cards} cards of {named} are shuffled into the "
        "trade deck."
    )
    # one card short, the pack's own list decides: it names the copies
    first = next(iter(pack(expansion)))
    short = {**pack(expansion), first: pack(expansion)[first] - 1}
    ruled = rule({"expansions": [expansion]}, {"kind": "setup", "added": short})
    assert not ruled.legal
    decided_by(ruled, f"{expansion}-pack", number)


def test_two_whole_mini_expansions_are_decided_by_which_packs_may_be_added() -> None:
    added = {**pack("requisition"), **pack("tech")}
    ruled = rule({"expansions": ["requisition", "tech"]}, {"kind": "setup", "added": added})
    assert ruled.legal
    decided_by(ruled, "setup-one-or-all-packs", "2.3")
