"""Higher or Lower: a fifth set of disputes, on rules and situations the earlier sets leave
alone (a missing call, the call after a draw at a table of three, setup counts, matching
before anything is laid, whole logs), each ruled with its verdict, the one rule shown as
deciding, and a flag only where the answer turns on our reading of an open point.

Ana, Ben and Cy sit in that order; by default Cy has laid a 7 and called 'higher', and it is
Ana's turn (tests/games/higher_lower/helpers.py)."""

from __future__ import annotations

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


def deal(hand: int = 10, boosters: int = 3, deck: int = 30, booster_deck: int = 21) -> JSON:
    return {
        "players": [{"name": n, "hand": hand, "boosters": boosters} for n in ("Ana", "Ben", "Cy")],
        "turn": "Ana",
        "deck": deck,
        "booster_deck": booster_deck,
        "dealer": "Cy",
    }


# ----- the call


def test_a_9_on_a_7_with_no_call_said() -> None:
    settled(rule(table(ana=[9, 4]), play(9)), False, "4.3")


def test_a_15_on_a_7_needs_no_call() -> None:
    ruling = rule(table(ana=[15, 4]), play(15))
    settled(ruling, True, "4.8")
    assert ruling.next_state is not None and ruling.next_state["call"] == "lower"


def test_a_1_on_a_7_under_lower_said_lower_still_calls_higher() -> None:
    ruling = rule(table(ana=[1, 12], call="lower"), play(1, "lower"))
    settled(ruling, True, "4.8")
    assert ruling.next_state is not None and ruling.next_state["call"] == "higher"


def test_cy_lays_on_anas_turn() -> None:
    settled(rule(table(cy=[9, 4]), play(9, "lower", player="Cy")), False, "4.1")


# ----- after a draw at a table of three


def test_ben_obeys_cys_higher_after_ana_drew() -> None:
    state = table(ben=[9, 3], turn="Ben") | {"drew": "Ana"}
    settled(rule(state, play(9, "lower", player="Ben")), True, "4.7")


def test_ben_cannot_go_lower_after_ana_drew() -> None:
    state = table(ben=[5, 3], turn="Ben") | {"drew": "Ana"}
    settled(rule(state, play(5, "higher", player="Ben")), False, "4.7")


def test_ana_holding_only_a_1_under_higher_draws() -> None:
    settled(rule(table(ana=[1, 3]), draw(4)), True, "4.6", R.AUTOMATIC_CALLS)


# ----- matching


def test_an_8_is_no_match_for_the_7() -> None:
    settled(rule(table(ana=[8, 3]), match(8)), False, "4.4")


def test_matching_a_15() -> None:
    settled(rule(table(ana=[15, 3], last=15, call="lower"), match(15)), True, "4.4")


def test_no_match_before_any_card_is_laid() -> None:
    state = table(ana=10, ben=10, cy=10, last=None) | {"dealer": "Cy", "deck": 30}
    settled(rule(state, match(7)), False, "3.6")


# ----- the deal


def test_nine_cards_each_is_a_short_deal() -> None:
    settled(rule(deal(hand=9, deck=33), {"kind": "setup"}), False, "3.1")


def test_two_boosters_each_is_a_short_deal() -> None:
    settled(rule(deal(boosters=2, booster_deck=24), {"kind": "setup"}), False, "3.3")


def test_a_booster_deck_of_the_wrong_size() -> None:
    settled(rule(deal(booster_deck=20), {"kind": "setup"}), False, "3.4")


# ----- boosters and whole logs


def test_three_boosters_at_three_opponents_in_one_turn() -> None:
    log = [booster("Common", "Ben"), booster("Rare", "Cy"), booster("Epic", "Ben")]
    ruled = RULES.rule_sequence_json(table(ana=[5, 3]), log)
    assert ruled.verdict == "legal"
    assert ruled.rulings[2].deciding_rule == KEY + "5.3"


def test_a_log_where_ben_goes_lower_against_the_call() -> None:
    log = [play(9, "lower"), play(10, "higher", player="Ben")]
    ruled = RULES.rule_sequence_json(table(ana=[9, 3], ben=[10, 2]), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.first_illegal_by == "Ben"
    assert ruled.deciding_rule == KEY + "4.2" and ruled.readings_deciding == []


def test_a_log_where_cy_plays_after_ben_went_out() -> None:
    log = [play(9, "lower"), play(4, "higher", player="Ben"), play(12, "lower", player="Cy")]
    ruled = RULES.rule_sequence_json(table(ana=[9, 3], ben=[4], cy=[12, 2]), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.deciding_rule == KEY + "2.1"
