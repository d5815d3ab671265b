"""May I lay the card I have just drawn? Drawing ends your turn (rules 4.6, 4.7, and the
reference ruling on drawing): a log that lays it at once is ruled on that rule, not on whose
turn it happens to be."""

from __future__ import annotations

import pytest

from games.core import InvalidMove, InvalidState

from .helpers import RULES, assert_answer_is_plain, assert_illegal, draw, play


def _deal() -> dict:
    return {
        "players": [
            {"name": "Ana", "hand": [13, 15], "boosters": 0},
            {"name": "Ben", "hand": [12, 2], "boosters": 0},
        ],
        "turn": "Ben",
        "opened": True,
        "last_card": 9,
        "call": "higher",
        "call_by": "Ana",
        "deck": 10,
        "dealer": "Ana",
    }


def test_the_card_just_drawn_is_not_laid_at_once() -> None:
    """Ben lays 12 and calls lower; Ana, holding 13 and 15, cannot follow, draws a 5 (which
    would go lower) and lays it at once."""
    log = [play(12, "lower", "Ben"), draw(5, "Ana"), play(5, "higher", "Ana")]
    ruled = RULES.rule_sequence_json(_deal(), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.first_illegal_by == "Ana"
    ruling = ruled.rulings[-1]
    assert_illegal(ruling, "drew-turn-over", "higher-lower:4.7")
    assert "higher-lower:drawing-ends-the-turn" in ruling.interpretations
    assert ruling.answer.startswith("No: drawing ended Ana's turn")
    assert "not-your-turn" not in [r.code for r in ruling.reasons]
    assert_answer_is_plain(ruling)


def test_a_player_out_of_turn_who_did_not_draw_is_told_whose_turn_it_is() -> None:
    log = [play(12, "lower", "Ben"), play(2, "lower", "Ben")]
    ruled = RULES.rule_sequence_json(_deal(), log)
    assert_illegal(ruled.rulings[-1], "not-your-turn", "higher-lower:4.1")


def test_the_draw_is_remembered_for_the_next_move_only() -> None:
    log = [play(12, "lower", "Ben"), draw(14, "Ana"), play(2, "lower", "Ben")]
    ruled = RULES.rule_sequence_json(_deal(), log)
    assert ruled.verdict == "legal", ruled.summary
    assert ruled.rulings[1].next_state is not None
    assert ruled.rulings[1].next_state["drew"] == "Ana"
    assert ruled.final_state is not None and "drew" not in ruled.final_state


def test_a_state_where_the_player_who_drew_moves_again_cannot_exist() -> None:
    state = {**_deal(), "drew": "Ben"}  # Ben to move, and Ben drew on the turn just ended
    with pytest.raises(InvalidState) as refused:
        RULES.parse_state(state)
    assert refused.value.field == "state.drew"


def test_a_card_laid_earlier_in_the_log_cannot_be_laid_again() -> None:
    deal = {
        "players": [
            {"name": "Ana", "hand": [9, 3, 12], "boosters": 0},
            {"name": "Ben", "hand": [5, 12], "boosters": 0},
        ],
        "turn": "Ana",
        "deck": 55,  # with the 5 cards in hand, the box's 60 before the first card
        "dealer": "Ben",
    }
    ruled = RULES.rule_sequence_json(deal, [play(9, "lower"), play(5, "lower"), play(9, "lower")])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.first_illegal_by == "Ana"
    assert_illegal(ruled.rulings[-1], "card-already-laid", "higher-lower:4.2")
    assert "laid the 9 earlier" in ruled.answer


def test_a_card_no_hand_ever_held_is_still_bad_input() -> None:
    deal = {
        "players": [
            {"name": "Ana", "hand": [9, 3], "boosters": 0},
            {"name": "Ben", "hand": [5, 12], "boosters": 0},
        ],
        "turn": "Ana",
        "deck": 56,
        "dealer": "Ben",
    }
    with pytest.raises(InvalidMove) as refused:
        RULES.rule_sequence_json(deal, [play(9, "lower"), play(5, "lower"), play(14, "lower")])
    assert refused.value.field == "moves.2.value"
