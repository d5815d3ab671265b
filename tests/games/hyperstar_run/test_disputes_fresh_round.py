"""Hyperstar Run: more disputes as players bring them from the rulebook, single moves, runs as
logs and the best line, each ruled with its verdict, the one rule shown as deciding, and a flag
only where the answer turns on our reading of an open point.

The board is run 1 of a Tutorial game with the hero over card 3 of the level, cards 1 [A] and
2 [B] passed behind it (tests/games/hyperstar_run/helpers.py, `tutorial_run`); card 3's enemy,
combo costs and line are set per dispute. The hand: L10 [A], L11 [B], L12 [C], E1 [A B],
E2 [C D]."""

from __future__ import annotations

from typing import Any

import pytest

from games.hyperstar_run import reasons as R
from games.hyperstar_run.solver import solve_json
from tests.games.hyperstar_run.helpers import JSON, KEY, settled

from .helpers import (
    END_RUN,
    RULES,
    ability,
    board,
    claim,
    discard,
    face,
    pass_card,
    press,
    rule,
    tutorial_run,
)


def at_card_3(current: JSON, **kw: Any) -> JSON:
    """The tutorial run with card 3 (the current card) showing `current`."""
    level = [
        face("A", enemy="A", start="A A", line="R red"),
        face("B", enemy="B", start="B B", line="LR red"),
        current,
    ]
    return tutorial_run(level=level, **kw)


AB = face("C", enemy="A B", start="C C", cont="B", line="L red")
WITH_ABILITY = face("C", enemy="A B", start="C C", cont="B", line="L red", ability="Peek")


# ----- paying an enemy cost


def test_a_b_button_pays_the_star_of_an_a_star_enemy() -> None:
    settled(
        rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), discard("L11", "B"))),
        True,
        "5.2",
    )


def test_pressing_card_1_for_the_a_of_the_enemy_cost() -> None:
    move = pass_card("enemy", press("L1", "A"), discard("L11", "B"))
    settled(rule(at_card_3(AB), move), True, "5.5")


def test_discarding_two_hand_cards_for_an_a_b_enemy() -> None:
    move = pass_card("enemy", discard("L10", "A"), discard("L11", "B"))
    settled(rule(at_card_3(AB), move), True, "5.4")


def test_discarding_equipment_for_both_its_buttons() -> None:
    settled(rule(at_card_3(AB), pass_card("enemy", discard("E1", "A", "B"))), True, "5.4")


def test_discarding_equipment_for_one_button_loses_the_other() -> None:
    current = face("C", enemy="A C", start="C C", cont="B", line="L red")
    move = pass_card("enemy", discard("E1", "A"), discard("L12", "C"))
    settled(rule(at_card_3(current), move), True, "5.6")


def test_one_a_button_does_not_pay_an_a_b_enemy() -> None:
    settled(rule(at_card_3(AB), pass_card("enemy", discard("L10", "A"))), False, "5.1")


def test_the_current_card_cannot_be_pressed_for_its_own_cost() -> None:
    current = face("A", enemy="A B", start="C C", cont="B", line="L red")
    move = pass_card("enemy", press("L3", "A"), discard("L11", "B"))
    settled(rule(at_card_3(current), move), False, "5.5")


def test_a_card_pressed_earlier_this_run_cannot_be_pressed_again() -> None:
    move = pass_card("enemy", press("L1", "A"), discard("L11", "B"))
    settled(rule(at_card_3(AB, pressed=(0,)), move), False, "5.5", R.PRESSED_ONCE)


def test_a_face_down_hand_card_cannot_be_discarded_for_its_button() -> None:
    move = pass_card("enemy", discard("L10", "A"), discard("L11", "B"))
    settled(rule(at_card_3(AB, face_down_hand=0), move), False, "5.4")


def test_a_button_the_card_does_not_show() -> None:
    move = pass_card("enemy", discard("L10", "B"), discard("L11", "B"))
    settled(rule(at_card_3(face("C", enemy="B B")), move), False, "5.3")


# ----- combos


def test_starting_a_combo_with_two_c_buttons() -> None:
    state = at_card_3(AB, hand=[face("C"), face("C"), face("B")])
    settled(
        rule(state, pass_card("combo-start", discard("L10", "C"), discard("L11", "C"))), True, "7.2"
    )


def test_a_c_and_a_d_do_not_pay_a_c_c_start_cost() -> None:
    move = pass_card("combo-start", discard("L12", "C"), discard("E2", "D"))
    settled(rule(at_card_3(AB), move), False, "5.1")


def test_continuing_a_running_combo_with_a_b() -> None:
    settled(
        rule(at_card_3(AB, combo=True), pass_card("combo-continue", discard("L11", "B"))),
        True,
        "7.3",
    )


def test_an_a_does_not_pay_a_b_continue_cost() -> None:
    move = pass_card("combo-continue", discard("L10", "A"))
    settled(rule(at_card_3(AB, combo=True), move), False, "5.1")


def test_an_a_pays_no_b_continue_cost_with_or_without_a_combo() -> None:
    # found by probing after the first run: the cost decides, on either reading
    move = pass_card("combo-continue", discard("L10", "A"))
    settled(rule(at_card_3(AB), move), False, "5.1")


def test_no_continue_cost_without_a_running_combo() -> None:
    move = pass_card("combo-continue", discard("L11", "B"))
    settled(rule(at_card_3(AB), move), False, "7.3", R.CONTINUE_NEEDS_COMBO)


def test_no_continue_where_the_current_card_has_no_combo_line() -> None:
    current = face("C", enemy="A B", start="C C", cont="B")
    move = pass_card("combo-continue", discard("L11", "B"))
    settled(rule(at_card_3(current, combo=True), move), False, "7.4")


def test_an_ability_during_a_combo_ends_it() -> None:
    log = [ability("flip", "L10"), pass_card("combo-continue", discard("L11", "B"))]
    ruled = RULES.rule_sequence_json(at_card_3(WITH_ABILITY, combo=True), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "7.6"
    assert ruled.readings_deciding == []


# ----- abilities


def test_using_the_ability_by_flipping_a_hand_card() -> None:
    settled(rule(at_card_3(WITH_ABILITY), ability("flip", "L10")), True, "6.1")


def test_using_the_ability_by_discarding_the_face_down_card() -> None:
    state = at_card_3(WITH_ABILITY, face_down_hand=0)
    settled(rule(state, ability("discard", "L10")), True, "6.2")


def test_the_ability_twice_on_the_same_card() -> None:
    state = at_card_3(WITH_ABILITY, face_down_hand=0, ability_used=True)
    settled(rule(state, ability("flip", "L11")), False, "6.6")


def test_no_ability_on_a_card_without_one() -> None:
    settled(rule(at_card_3(AB), ability("flip", "L10")), False, "6.1")


def test_flipping_a_second_card_down_becomes_discarding_the_first() -> None:
    state = at_card_3(WITH_ABILITY, face_down_hand=0)
    settled(rule(state, ability("flip", "L11")), True, "6.4")


# ----- the end of a run and the game


def _stuck(run: int) -> JSON:
    """The hero over card 3, whose costs nothing in hand or behind the hero can pay."""
    current = face("C", enemy="D D D", start="D D", line="L red")
    if run == 1:
        return at_card_3(current, equipment=("A B", "A B"))
    return board(
        "tutorial",
        run=run,
        hero=2,
        level=[face("A", enemy="A"), face("B", enemy="B"), current],
        hand=[face("A")] * (2 + run),
        equipment=("A B", "A B"),
    )


def test_a_first_run_that_cannot_go_on_ends() -> None:
    ruling = rule(_stuck(1), END_RUN)
    settled(ruling, True, "8.1")


def test_a_fourth_run_that_cannot_go_on_loses_the_game() -> None:
    settled(rule(_stuck(4), END_RUN), True, "8.2")


def test_ending_a_run_that_could_still_pass_turns_on_our_reading() -> None:
    settled(rule(at_card_3(AB), END_RUN), False, "8.1", R.END_RUN_VOLUNTARILY)


def test_passing_the_final_card_wins() -> None:
    state = board("tutorial", hero=8, level=[face("A", enemy="A")] * 9, hand=[face("A")] * 3)
    settled(rule(state, pass_card("enemy", discard("L10", "A"))), True, "9.1")


@pytest.mark.parametrize(("run", "earned"), [(3, True), (4, False)])
def test_speed_runner_in_three_runs_or_four(run: int, earned: bool) -> None:
    state = board("hard", run=run, hero=12 - run, outcome="won")
    settled(rule(state, claim("speed-runner")), earned, "11.4")


def test_well_equipped_needs_standard() -> None:
    ruling = rule(board("tutorial", hero=9, outcome="won"), claim("well-equipped"))
    settled(ruling, False, "11.3")


# ----- "What's my best line?"


def test_the_best_line_through_a_level_that_needs_no_reading() -> None:
    state = board(
        "tutorial",
        run=4,
        level=[face("A", enemy="A")] * 6,
        hand=[face("A")] * 6,
        equipment=("A A", "A A"),
    )
    answer = solve_json(state)
    assert answer["winnable"] is True
    assert answer["readings_deciding"] == []
