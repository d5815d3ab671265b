"""Higher or Lower: more disputes as players bring them, single moves and whole logs, each
ruled with its verdict, the one rule shown as deciding, and a flag only where the answer turns
on our reading of an open point.

Ana, Ben and Cy sit in that order (each on the left of the one before); by default Cy has laid
a 7 and called 'higher', and it is Ana's turn (tests/games/higher_lower/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

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
    settled,
    table,
)


def two_players(ana: list[int], ben: list[int], **board: Any) -> JSON:
    state: JSON = {
        "players": [
            {"name": "Ana", "hand": ana, "boosters": 0},
            {"name": "Ben", "hand": ben, "boosters": 0},
        ],
        "turn": "Ana",
        "last_card": 7,
        "call": "higher",
        "call_by": "Ana",
        "deck": 20,
    }
    state.update(board)
    return state


# ----- laying a card under the call


def test_a_12_on_a_7_under_higher_goes() -> None:
    settled(rule(table(ana=[12, 4]), play(12, "lower")), True, "4.2")


def test_a_3_on_a_7_under_lower_goes() -> None:
    settled(rule(table(ana=[3, 12], call="lower"), play(3, "higher")), True, "4.2")


def test_a_10_on_a_7_under_lower_does_not_go() -> None:
    settled(rule(table(ana=[10, 12], call="lower"), play(10, "higher")), False, "4.2")


def test_a_2_after_a_15_goes_and_makes_its_own_call() -> None:
    settled(rule(table(ana=[2, 12], last=15, call="lower"), play(2, "higher")), True, "4.2")


# ----- matching and the call after a match


def test_matching_the_7_is_allowed_instead_of_going_higher() -> None:
    settled(rule(table(ana=[7, 12]), match(7)), True, "4.4")


def test_after_ana_matched_ben_obeys_cys_earlier_call() -> None:
    state = table(ben=[9, 3], turn="Ben", chain=["Ana"])
    settled(rule(state, play(9, "lower", player="Ben")), True, "4.5")


def test_after_ana_matched_ben_cannot_go_lower_against_cys_call() -> None:
    state = table(ben=[5, 3], turn="Ben", chain=["Ana"])
    settled(rule(state, play(5, "higher", player="Ben")), False, "4.5")


def test_after_two_matches_cy_still_obeys_his_own_higher_call() -> None:
    # the player before Ben (the second matcher) is Ana, who made no call: our reading
    state = table(cy=[5, 3], turn="Cy", chain=["Ana", "Ben"])
    settled(rule(state, play(5, "higher", player="Cy")), False, "4.5", R.CALL_AFTER_A_MATCH)


# ----- a 1's or a 15's automatic call


def test_a_1_on_a_lower_call_needs_no_call() -> None:
    settled(rule(table(ana=[1, 12], call="lower"), play(1)), True, "4.8")


def test_a_15_on_a_higher_call_with_higher_said_calls_lower_anyway() -> None:
    ruling = rule(table(ana=[15, 12]), play(15, "higher"))
    settled(ruling, True, "4.8")
    assert ruling.next_state is not None and ruling.next_state["call"] == "lower"


def test_a_1_is_not_wild_on_a_higher_call() -> None:
    settled(rule(table(ana=[1, 12]), play(1)), False, "4.2", R.AUTOMATIC_CALLS)


# ----- drawing


def test_ana_with_nothing_to_lay_draws() -> None:
    settled(rule(table(ana=[3, 5]), draw(4)), True, "4.6")


def test_ana_holding_a_match_may_not_draw_instead() -> None:
    settled(rule(table(ana=[3, 7]), draw()), False, "4.6", R.DRAW_ONLY_WHEN_UNABLE)


def test_ana_cannot_lay_the_card_she_just_drew() -> None:
    log = [draw(9, player="Ana"), play(9, "lower", player="Ana")]
    ruled = RULES.rule_sequence_json(table(ana=[3, 5]), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "4.7"
    assert [t.key for t in ruled.readings_deciding] == [R.DRAWING_ENDS_THE_TURN]


def test_in_two_players_ana_obeys_her_own_call_after_ben_drew() -> None:
    state = two_players([5, 3], [4, 2], drew="Ben")
    settled(rule(state, play(5, "higher")), False, "4.7", R.CALL_AFTER_A_DRAW)


def test_with_the_deck_empty_and_cards_laid_a_draw_passes_on_our_reading() -> None:
    state = table(ana=[3, 5], deck=0, discard=[4, 9, 11])
    settled(rule(state, draw()), True, "4.6", R.EMPTY_DECK_PASS)


# ----- boosters


def test_a_booster_with_no_target_on_your_own_turn() -> None:
    settled(
        rule(table(ana=[5, 3]), booster("Common", None)),
        True,
        "5.1",
        R.BOOSTER_TEXT_NOT_IN_REFERENCE,
    )


def test_a_second_booster_in_the_same_turn_is_allowed() -> None:
    log = [booster("Rare", "Ben"), booster("Epic", "Ben")]
    ruled = RULES.rule_sequence_json(table(ana=[5, 3]), log)
    assert ruled.verdict == "legal"
    assert ruled.rulings[1].deciding_rule == KEY + "5.3"


def test_cy_cannot_play_a_booster_on_anas_turn() -> None:
    settled(rule(table(ana=[5, 3]), booster("Epic", "Ben", player="Cy")), False, "5.1")


def test_a_booster_after_laying_your_card_is_too_late() -> None:
    log = [play(9, "lower", player="Ana"), booster("Rare", "Ben", player="Ana")]
    ruled = RULES.rule_sequence_json(table(ana=[9, 3]), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "5.1"
    assert ruled.readings_deciding == []


def test_a_booster_after_drawing_turns_on_our_reading() -> None:
    log = [draw(4, player="Ana"), booster("Rare", "Ben", player="Ana")]
    ruled = RULES.rule_sequence_json(table(ana=[3, 5]), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "5.1"
    assert [t.key for t in ruled.readings_deciding] == [R.BOOSTERS_BEFORE_YOUR_CARD]


def test_a_booster_at_cy_past_ben_is_any_opponent() -> None:
    ruling = rule(table(ana=[5, 3]), booster("Ultimate", "Cy"))
    settled(ruling, True, "5.4", R.BOOSTER_TEXT_NOT_IN_REFERENCE)


# ----- opening and winning


def test_opening_with_an_8_and_calling_lower() -> None:
    settled(rule(table(ana=[8, 3], last=None), play(8, "lower")), True, "3.6")


def _before_the_first_card(turn: str) -> JSON:
    state = table(ana=10, ben=10, cy=10, last=None, turn=turn)
    return state | {"dealer": "Cy", "deck": 30}


@pytest.mark.parametrize("turn", ["Ana", "Ben"])
def test_ben_cannot_open_when_cy_dealt(turn: str) -> None:
    # added after the first run: Ana sits on Cy's left and opens, whoever the board says moves
    settled(rule(_before_the_first_card(turn), play(8, "lower", player="Ben")), False, "3.6")


def test_ben_cannot_play_a_booster_before_ana_opens() -> None:
    state = _before_the_first_card("Ana")
    settled(rule(state, booster("Rare", "Cy", player="Ben")), False, "5.1")


def test_opening_with_an_8_and_no_call() -> None:
    settled(rule(table(ana=[8, 3], last=None), play(8)), False, "3.7")


def test_ana_wins_by_matching_her_last_card_with_boosters_left() -> None:
    ruling = rule(table(ana=[7], boosters=2), match(7))
    settled(ruling, True, "2.1", R.WINNING_WITH_BOOSTERS_LEFT)


def test_no_card_is_laid_after_ben_has_won() -> None:
    state = table(ana=[9, 3], ben=[], turn="Ana")
    state["players"][1]["boosters"] = 0
    settled(rule(state, play(9, "lower")), False, "2.1", R.GAME_ENDS_WHEN_SOMEONE_IS_OUT)


@pytest.mark.parametrize("deck", [21, 19])
def test_a_deck_of_the_wrong_size_after_a_three_player_deal(deck: int) -> None:
    state = {
        "players": [{"name": n, "hand": 10, "boosters": 3} for n in ("Ana", "Ben", "Cy")],
        "turn": "Ana",
        "deck": deck,
        "booster_deck": 21,
        "dealer": "Cy",
    }
    settled(rule(state, {"kind": "setup"}), False, "3.2")


def test_a_whole_two_player_log_to_anas_win() -> None:
    deal = {
        "players": [
            {"name": "Ana", "hand": [8, 3, 12], "boosters": 0},
            {"name": "Ben", "hand": [5, 14, 2], "boosters": 0},
        ],
        "turn": "Ana",
        "deck": 54,
        "dealer": "Ben",
    }
    log = [
        play(8, "lower"),
        play(5, "higher"),
        play(12, "lower"),
        play(2, "higher"),
        play(3, "higher"),
    ]
    ruled = RULES.rule_sequence_json(deal, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "2.1" and ruled.readings_deciding == []
