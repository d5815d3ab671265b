"""Hyperstar Run: a sixth set of disputes, written from the rulebook before they were run, on
situations the earlier sets leave alone: an Equipment Card's lost button in a combo start,
combo lines of two colours, an ability paid the wrong way, the question forms, whole logs to a
win and to a loss, tables that cannot exist, and the two tools ("How do we set up?" and "What's
my best line?"), each with its verdict, the one rule shown as deciding, and a flag only where
the answer turns on our reading of an open point.

Most boards are run 1 of a Tutorial game with the hero over card 3, cards 1 [A] and 2 [B]
passed behind it; L3 has enemy [A *], start [C C], continue [B]; the hand holds L10 [A],
L11 [B], L12 [C], E1 [A B] and E2 [C D] (tests/games/hyperstar_run/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.hyperstar_run import reasons as R
from games.hyperstar_run.questions import AchievementForm, EndRunForm, PayForm, PressForm
from games.hyperstar_run.tools import TOOLS
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

SETUP: JSON = {"kind": "setup"}
WITH_ABILITY = face("C", enemy="A B", start="C C", cont="B", line="L red", ability="Peek")


def ask(slug: str, form: object):  # type: ignore[no-untyped-def]
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


def combo_into(current: JSON, before_line: str = "R red", **kw: Any) -> JSON:
    """A combo running from card 2 (its line `before_line`) into `current`, card 3."""
    level = [face("A"), face("B", line=before_line), current]
    return tutorial_run(level=level, combo=True, **kw)


def best_line(state: JSON) -> dict[str, Any]:
    return TOOLS["best-line"].run({"state": state}, None)


# ----- paying costs


def test_starting_a_combo_with_one_button_of_an_equipment_card_loses_the_other() -> None:
    """L12 [C] and E2 [C D] used for its C: the D is lost (rule 5.6)."""
    ruling = rule(tutorial_run(), pass_card("combo-start", discard("L12", "C"), discard("E2", "C")))
    settled(ruling, True, "5.6")


def test_a_pressed_a_does_not_pay_a_c_c_start_cost() -> None:
    ruling = rule(tutorial_run(), pass_card("combo-start", discard("L12", "C"), press("L1", "A")))
    settled(ruling, False, "5.1")


def test_pressing_card_2_for_the_star_of_the_enemy_cost() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), press("L2", "B")))
    settled(ruling, True, "5.2")


# ----- combos


def test_a_combo_runs_on_across_a_blue_line_into_a_red_one() -> None:
    current = face("C", enemy="D D", start="C C", cont="B", line="L red")
    ruling = rule(combo_into(current, "R blue"), pass_card("combo-continue", discard("L11", "B")))
    settled(ruling, True, "7.3", R.LINE_CONNECTS)


def test_no_continue_when_card_2s_line_stops_short_of_its_right_edge() -> None:
    current = face("C", enemy="D D", start="C C", cont="B", line="L red")
    ruling = rule(combo_into(current, "L red"), pass_card("combo-continue", discard("L11", "B")))
    settled(ruling, False, "7.4")


def test_no_continue_after_using_the_current_cards_ability() -> None:
    ruling = rule(
        combo_into(WITH_ABILITY, ability_used=True),
        pass_card("combo-continue", discard("L11", "B")),
    )
    settled(ruling, False, "7.6")


# ----- abilities


def test_an_ability_paid_by_discarding_a_face_up_card() -> None:
    state = tutorial_run(level=[face("A"), face("B"), WITH_ABILITY])
    settled(rule(state, ability("discard", "L10")), False, "6.2")


def test_an_ability_on_a_card_already_passed() -> None:
    """Only the current Level Card's ability may be used (rule 6.1)."""
    state = tutorial_run(level=[face("A", ability="Peek"), face("B"), face("C", enemy="A B")])
    settled(rule(state | {"hero": 2}, ability("flip", "L10")), False, "6.1")


# ----- the end of a run and the game


def test_a_second_run_ends_at_card_1() -> None:
    stuck = face("C", enemy="D D D", start="D D")
    state = board("tutorial", run=2, level=[stuck], hand=[face("A")] * 4, equipment=("A B", "A B"))
    ruling = rule(state, END_RUN)
    settled(ruling, True, "8.1")
    assert ruling.next_state is not None and ruling.next_state["run"] == 3


def test_a_log_that_loses_on_the_fourth_run() -> None:
    stuck = face("C", enemy="D D D", start="D D")
    state = board("tutorial", run=4, level=[stuck], hand=[face("A")] * 6, equipment=("A B", "A B"))
    ruled = RULES.rule_sequence_json(state, [END_RUN])
    assert ruled.verdict == "legal" and ruled.game_over
    assert ruled.winner is None
    assert ruled.deciding_rule == KEY + "8.2"


def test_a_log_to_the_win_by_a_combo_over_the_last_two_cards() -> None:
    level: list[JSON | None] = [face("A", enemy="A", line="LR red")] * 7
    level += [
        face("C", enemy="D D D", start="C C", line="LR red"),
        face("C", enemy="D D D", start="C C", cont="B", line="L red"),
    ]
    hand = [face("C"), face("C"), face("B")]
    state = board("tutorial", hero=7, level=level, hand=hand, equipment=("A B", "A B"))
    log = [
        pass_card("combo-start", discard("L10", "C"), discard("L11", "C")),
        pass_card("combo-continue", discard("L12", "B")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner is not None
    assert ruled.deciding_rule == KEY + "9.1" and ruled.readings_deciding == []


def test_a_log_that_presses_a_card_ahead_of_the_hero() -> None:
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A B"), face("A")])
    log = [
        pass_card("enemy", press("L4", "A"), discard("L11", "B")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 0
    assert ruled.deciding_rule == KEY + "5.5"


def test_well_equipped_claimed_on_a_standard_win_with_e1_in_hand() -> None:
    state = board("standard", hero=10, outcome="won", equipment_discarded=(False, True))
    settled(rule(state, claim("well-equipped")), True, "11.3")


# ----- the setup


def test_a_tutorial_setup_as_the_book_lays_it() -> None:
    settled(rule(board("tutorial"), SETUP), True, "2.1")


def test_a_hero_card_turned_to_2_at_setup() -> None:
    state = board("hard")
    state["run"] = 2
    # a board that can be laid out: ruled on, by the rule that the Hero Card starts at 1
    settled(rule(state, SETUP), False, "2.5")


def test_a_speed_runner_challenge_set_up_at_standard_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        rule(board("standard", challenge="speed-runner"), SETUP)
    assert "challenge" in caught.value.field


# ----- the website's question forms


def test_form_pressing_a_face_down_card() -> None:
    settled(ask("can-i-press", PressForm(press_card_face_up=False)), False, "5.5")


def test_form_pressing_card_1_a_second_time_this_run() -> None:
    ruling = ask("can-i-press", PressForm(already_pressed_this_run=True))
    settled(ruling, False, "5.5", R.PRESSED_ONCE)


def test_form_paying_a_a_star_with_one_button_of_an_equipment_card() -> None:
    settled(ask("can-i-pay", PayForm()), True, "5.6")


def test_form_one_a_does_not_pay_an_a_b_enemy() -> None:
    form = PayForm(
        cost="A B",
        discard_level_buttons="A",
        discard_equipment_buttons="",
        equipment_buttons_used="",
        press_buttons="",
    )
    settled(ask("can-i-pay", form), False, "5.1")


def test_form_the_fourth_run_ends() -> None:
    settled(ask("what-happens-when-my-run-ends", EndRunForm(run=4, current_card=5)), True, "8.2")


def test_form_well_equipped_with_no_equipment_left() -> None:
    form = AchievementForm(achievement="well-equipped", equipment_cards_left_in_hand=0)
    settled(ask("did-i-earn-this-achievement", form), False, "11.3")


def test_form_button_masher_with_three_star_costs_in_a_row() -> None:
    form = AchievementForm(
        achievement="button-masher", three_cards_in_a_row_with_three_star_costs=True
    )
    settled(ask("did-i-earn-this-achievement", form), True, "11.2")


# ----- "How do we set up?"


def test_how_do_we_set_up_a_hard_game() -> None:
    answer = TOOLS["setup"].run({"difficulty": "hard"}, None)
    assert (answer["level_cards"], answer["set_aside"]) == (11, 1)
    assert answer["deciding_rule"] == KEY + "2.1"
    assert answer["readings_deciding"] == []


def test_how_do_we_set_up_the_combo_pro_challenge() -> None:
    answer = TOOLS["setup"].run({"challenge": "combo-pro"}, None)
    assert answer["difficulty"] == "expert"
    assert answer["deciding_rule"] == KEY + "12.1"
    assert answer["readings_deciding"] == []


def test_how_do_we_set_up_speed_runner_at_tutorial_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        TOOLS["setup"].run({"difficulty": "tutorial", "challenge": "speed-runner"}, None)
    assert caught.value.field == "challenge"


# ----- "What's my best line?"


def press_or_discard(hand: str) -> JSON:
    """L1 [A B] passed behind the hero; L2's enemy costs [A B]; the hand shows `hand`."""
    return board(
        "tutorial",
        hero=1,
        level=[face("A B", enemy="A"), face("C", enemy="A B")],
        hand=[face(icon) for icon in hand.split()],
        equipment=("C D", "C D"),
    )


def test_best_line_that_needs_card_1_pressed_for_both_buttons_turns_on_it() -> None:
    """Only L1 [A B] shows an A or a B: pressed, it gives one of them (our reading); read the
    other way it gives both and the run gets past L2."""
    answer = best_line(press_or_discard("C C C"))
    assert answer["this_run"]["cards_passed"] == 0
    assert answer["deciding_rule"] == KEY + "5.5"
    assert [t["key"] for t in answer["readings_deciding"]] == [R.SEVERAL_BUTTONS]


def test_best_line_that_discards_for_a_b_does_not_turn_on_the_press_reading() -> None:
    answer = best_line(press_or_discard("A B C"))
    assert answer["this_run"]["cards_passed"] == 1
    assert answer["readings_deciding"] == []
    assert answer["deciding_rule"] == KEY + "8.1"


def test_best_line_through_a_level_it_can_win() -> None:
    level: list[JSON | None] = [face("A", enemy="A")] * 9
    answer = best_line(board("tutorial", level=level, hand=[face("A")] * 3))
    assert answer["winnable"] is True
    assert answer["deciding_rule"] == KEY + "9.1"
    assert answer["readings_deciding"] == []


def test_best_line_on_a_level_no_run_can_beat() -> None:
    level: list[JSON | None] = [face("A", enemy="D D D", start="D D")] * 7
    state = board("tutorial", run=3, level=level, hand=[face("A")] * 5, equipment=("A B", "A B"))
    answer = best_line(state)
    assert answer["winnable"] is False
    assert answer["deciding_rule"] == KEY + "8.2"
    assert answer["readings_deciding"] == []
