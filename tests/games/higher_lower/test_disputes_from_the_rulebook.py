"""Higher or Lower: disputes as players bring them, each ruled with its verdict, the one rule
shown as deciding, and a flag only where the answer turns on our reading of an open point.

Ana, Ben and Cy sit in that order (each on the left of the one before); by default Cy has laid
a 7 and called 'higher', and it is Ana's turn (tests/games/higher_lower/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Ruling
from games.higher_lower import reasons as R
from tests.games.higher_lower.helpers import (
    JSON,
    KEY,
    RULES,
    booster,
    draw,
    match,
    play,
    rule,
    table,
)
from tests.games.plain_answers import assert_answer_is_plain


def flags(ruling: Any) -> list[str]:
    return [t.key for t in ruling.readings_deciding]


def settled(ruling: Ruling, legal: bool, number: str, *flagged: str) -> None:
    assert ruling.legal is legal, ruling.answer
    assert ruling.deciding_rule == KEY + number, (ruling.deciding_rule, ruling.answer)
    assert flags(ruling) == list(flagged), ruling.readings_deciding
    assert_answer_is_plain(ruling)


# ----- laying a card under the call


def test_a_9_on_cys_7_under_higher_goes_and_ana_calls_lower() -> None:
    ruling = rule(table(ana=[9, 3]), play(9, "lower"))
    settled(ruling, True, "4.2")
    assert ruling.answer == "Yes, Ana can lay the 9 on the 7. Ben must now go lower."


def test_a_5_does_not_go_on_a_7_when_the_call_is_higher() -> None:
    ruling = rule(table(ana=[5, 3]), play(5, "lower"))
    settled(ruling, False, "4.2")
    assert ruling.answer == "No: a 5 is not higher than the 7."


def test_a_9_laid_without_a_call_is_not_enough() -> None:
    settled(rule(table(ana=[9, 3]), play(9)), False, "4.3")


def test_ben_cannot_lay_a_card_on_anas_turn() -> None:
    ruling = rule(table(ben=[9, 3]), play(9, "lower", player="Ben"))
    settled(ruling, False, "4.1")
    assert ruling.answer == "No: it is Ana's turn, not Ben's."


# ----- a 1's or a 15's automatic call


def test_a_15_on_a_higher_call_needs_no_call_and_ben_must_go_lower() -> None:
    ruling = rule(table(ana=[15, 3]), play(15))
    settled(ruling, True, "4.8")
    assert ruling.next_state is not None and ruling.next_state["call"] == "lower"


def test_a_1_laid_on_a_lower_call_calls_higher_whatever_ana_says() -> None:
    ruling = rule(table(ana=[1, 3], call="lower"), play(1, "lower"))
    settled(ruling, True, "4.8")
    assert "a 1 calls higher by itself, so Ben must go higher" in ruling.answer
    assert ruling.next_state is not None and ruling.next_state["call"] == "higher"


def test_a_15_is_not_wild_on_a_lower_call_on_our_reading() -> None:
    ruling = rule(table(ana=[15, 3], call="lower"), play(15))
    settled(ruling, False, "4.2", R.AUTOMATIC_CALLS)


def test_opening_the_game_with_a_15_needs_no_call() -> None:
    ruling = rule(table(ana=[15, 3], last=None), play(15))
    settled(ruling, True, "4.8")
    assert ruling.answer == "Yes, Ana can lay the 15 to open the game. Ben must now go lower."


# ----- matching


def test_an_8_is_no_match_for_a_7() -> None:
    settled(rule(table(ana=[8, 3]), match(8)), False, "4.4")


def test_matching_a_1_passes_the_higher_call_on() -> None:
    ruling = rule(table(ana=[1, 3], last=1, call="higher"), play(1))
    settled(ruling, True, "4.4")
    assert ruling.next_state is not None and ruling.next_state["call"] == "higher"


def test_nothing_can_be_matched_before_the_first_card() -> None:
    settled(rule(table(ana=[9, 3], last=None), match(9)), False, "3.6")


# ----- drawing


def test_drawing_while_holding_a_9_that_goes_turns_on_our_reading() -> None:
    settled(rule(table(ana=[9, 3]), draw()), False, "4.6", R.DRAW_ONLY_WHEN_UNABLE)


def test_drawing_from_an_empty_deck_with_nothing_laid_under_is_a_plain_pass() -> None:
    # every other card of the 60 is in a hand: nothing lies under the 7 to make a new deck
    ruling = rule(table(ana=[3, 5], ben=28, cy=29, deck=0), draw())
    settled(ruling, True, "4.6")
    assert ruling.answer == (
        "Yes, Ana cannot play, and with the deck empty Ana draws nothing. Ben must still go higher."
    )


# ----- boosters


def test_a_booster_aimed_at_cy_past_bens_seat_is_settled_by_any_opponent() -> None:
    ruling = rule(table(ana=[5, 3]), booster("Rare", "Cy"))
    settled(ruling, True, "5.4", R.BOOSTER_TEXT_NOT_IN_REFERENCE)
    assert ruling.answer.startswith(
        "Yes, Ana can play the Rare booster at Cy now: a booster may be aimed at any opponent, "
        "not only the player on Ana's left. Then Ana must still lay a card, match or draw."
    )


def test_a_booster_at_the_player_on_the_left_rests_on_it_being_your_turn() -> None:
    ruling = rule(table(ana=[5, 3]), booster("Rare", "Ben"))
    settled(ruling, True, "5.1", R.BOOSTER_TEXT_NOT_IN_REFERENCE)
    assert "any opponent" not in ruling.answer


def test_a_booster_aimed_at_yourself_turns_on_our_reading() -> None:
    settled(rule(table(ana=[5, 3]), booster("Rare", "Ana")), False, "5.4", R.BOOSTER_TARGET)


def test_ben_cannot_play_a_booster_on_anas_turn() -> None:
    settled(rule(table(ana=[5, 3]), booster("Rare", "Cy", player="Ben")), False, "5.1")


# ----- a game won


def test_ana_lays_her_last_card_and_wins_with_boosters_in_hand() -> None:
    ruling = rule(table(ana=[9]), play(9, "lower"))
    settled(ruling, True, "2.1", R.WINNING_WITH_BOOSTERS_LEFT)
    assert ruling.answer.endswith("Ana has no playing cards left and wins.")


@pytest.mark.parametrize("last", [play(9, "lower"), match(7)])
def test_ana_out_of_cards_and_boosters_wins_plainly(last: JSON) -> None:
    hand = [last["value"]]
    settled(rule(table(ana=hand, boosters=0), last), True, "2.1")


# ----- whole logs


def _two_player_deal() -> JSON:
    return {
        "players": [
            {"name": "Ana", "hand": [9, 3], "boosters": 0},
            {"name": "Ben", "hand": [5, 12], "boosters": 0},
        ],
        "turn": "Ana",
        "deck": 56,
        "dealer": "Ben",
    }


def test_a_whole_game_log_to_bens_win() -> None:
    log = [play(9, "lower"), play(5, "higher"), draw(8), play(12, "lower")]
    ruled = RULES.rule_sequence_json(_two_player_deal(), log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ben"
    assert ruled.deciding_rule == KEY + "2.1" and ruled.readings_deciding == []
    assert ruled.answer == "Ben has no playing cards left and wins. Every move is legal."


def test_a_log_that_breaks_on_its_second_move() -> None:
    ruled = RULES.rule_sequence_json(_two_player_deal(), [play(9, "lower"), play(12, "lower")])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "4.2"
    assert ruled.answer == "No, move 2, by Ben, breaks the rules: a 12 is not lower than the 9."
