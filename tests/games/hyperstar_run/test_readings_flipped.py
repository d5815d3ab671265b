"""Hyperstar Run: the open points the engine rules both ways. A dispute that turns on the point
is ruled under both readings, the answers differ, and our reading is flagged with what the
other reading answers, in players' words; a dispute that merely uses the point is not flagged.
(A card swapped in behind the hero and a pressed card giving one of several buttons are in
test_swapped_in_behind_the_hero.py and tests/games/test_readings_that_decide.py.)"""

from __future__ import annotations

from typing import Any

from games.core import Ruling
from games.hyperstar_run import reasons as R
from tests.games.readings_disputes import not_flagged_for, ruled_both_ways

from .helpers import (
    END_RUN,
    board,
    discard,
    face,
    pass_card,
    press,
    rule,
    tutorial_run,
)
from .test_combos import _combo_board
from .test_end_of_run import _stuck_board


def turns_on(key: str, state: dict[str, Any], move: dict[str, Any]) -> tuple[Ruling, Ruling]:
    return ruled_both_ways(rule, key, state, move)


# ----- a pressed card pressed again (pressed-card-cannot-be-pressed-again)


def test_pressing_a_card_already_pressed_this_run_turns_on_pressing_once() -> None:
    state = tutorial_run(pressed=(0,))
    move = pass_card("enemy", discard("L10", "A"), press("L1", "A"))
    ruled, read_so = turns_on(R.PRESSED_ONCE, state, move)
    assert not ruled.legal and ruled.deciding_rule == "hyperstar-run:5.5"
    assert read_so.legal


def test_pressing_a_card_not_yet_pressed_is_not_flagged() -> None:
    ruled = rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), press("L2", "B")))
    assert ruled.legal and ruled.readings_deciding == []


# ----- ending a run by choice (ending-a-run-voluntarily)


def test_ending_a_run_while_a_cost_can_be_paid_turns_on_runs_ending_only_when_stuck() -> None:
    ruled, read_so = turns_on(R.END_RUN_VOLUNTARILY, tutorial_run(), END_RUN)
    assert not ruled.legal and ruled.deciding_rule == "hyperstar-run:8.1"
    assert read_so.legal and "You may end a run by choice." in read_so.answer


def test_ending_a_run_when_stuck_is_not_flagged() -> None:
    ruled = rule(_stuck_board(), END_RUN)
    assert ruled.legal
    assert R.END_RUN_VOLUNTARILY not in [t.key for t in ruled.readings_deciding]


# ----- lines of different colours (combo-line-connects)


def test_continuing_into_a_line_of_another_colour_turns_on_lines_connecting_by_edges() -> None:
    state = _combo_board()
    state["faces"]["L2"]["combo_line"]["colour"] = "blue"
    move = pass_card("combo-continue", discard("L11", "B"))
    ruled, read_so = turns_on(R.LINE_CONNECTS, state, move)
    assert ruled.legal
    assert not read_so.legal and "does not connect" in read_so.answer


def test_continuing_into_a_line_of_the_same_colour_is_not_flagged() -> None:
    ruled = rule(_combo_board(), pass_card("combo-continue", discard("L11", "B")))
    assert ruled.legal
    not_flagged_for(R.LINE_CONNECTS, ruled)


# ----- a new combo while one runs (start-cost-during-a-combo)


def test_starting_a_combo_while_one_runs_turns_on_starting_during_a_combo() -> None:
    move = pass_card("combo-start", discard("L12", "C"), discard("E2", "C"))
    ruled, read_so = turns_on(R.START_DURING_COMBO, _combo_board(), move)
    assert ruled.legal and R.START_DURING_COMBO in ruled.interpretations
    assert not read_so.legal and "starts only once it has ended" in read_so.answer


def test_starting_a_combo_with_none_running_is_not_flagged() -> None:
    state = board("tutorial", level=[face("A", enemy="B B B", start="A A")], hand=[face("A")])
    ruled = rule(state, pass_card("combo-start", discard("L10", "A"), discard("E1", "A")))
    assert ruled.legal and ruled.readings_deciding == []


# ----- a start on the card whose ability was used (ability-outside-a-combo)


def _ability_used() -> dict[str, Any]:
    level = [
        face("A", enemy="A", start="A A", line="R red"),
        face("B", enemy="B", start="B B", line="LR red"),
        face("C", enemy="A *", start="C C", cont="B", line="L red", ability="Look ahead"),
    ]
    return tutorial_run(ability_used=True, level=level)


def test_starting_a_combo_after_an_ability_with_none_running_turns_on_it() -> None:
    move = pass_card("combo-start", discard("L12", "C"), discard("E2", "C"))
    ruled, read_so = turns_on(R.ABILITY_OUTSIDE_COMBO, _ability_used(), move)
    assert ruled.legal
    assert not read_so.legal and "no combo starts on it" in read_so.answer


def test_an_ability_ending_a_running_combo_is_not_flagged() -> None:
    level = [
        face("A", enemy="A A A", start="A A", line="R red"),
        face("C", enemy="C C", start="C C", cont="B", line="LR red", ability="Look ahead"),
        face("D", enemy="D", start="D D", cont="A", line="L red"),
    ]
    state = _combo_board(ability_used=True, level=level)
    ruled = rule(state, pass_card("combo-continue", discard("L11", "B")))
    assert not ruled.legal
    not_flagged_for(R.ABILITY_OUTSIDE_COMBO, ruled)


# ----- a star in a start cost (star-in-a-combo-start-cost)


def _star_start() -> dict[str, Any]:
    return board(
        "tutorial", level=[face("A", enemy="B B B", start="A *")], hand=[face("A"), face("B")]
    )


def test_a_star_start_cost_paid_with_two_different_buttons_turns_on_the_star() -> None:
    move = pass_card("combo-start", discard("L10", "A"), discard("L11", "B"))
    ruled, read_so = turns_on(R.STAR_IN_START, _star_start(), move)
    assert ruled.legal and R.STAR_IN_START in ruled.interpretations
    assert not read_so.legal and "do not match" in read_so.answer


def test_a_star_start_cost_paid_with_matching_buttons_is_not_flagged() -> None:
    ruled = rule(_star_start(), pass_card("combo-start", discard("L10", "A"), discard("E1", "A")))
    assert ruled.legal
    not_flagged_for(R.STAR_IN_START, ruled)


# ----- a star button for a named icon (star-buttons)


def test_a_star_button_for_a_named_icon_turns_on_star_buttons_not_being_wild() -> None:
    state = tutorial_run(hand=[face("*"), face("B"), face("C")])
    move = pass_card("enemy", discard("L10", "*"), discard("L11", "B"))
    ruled, read_so = turns_on(R.STAR_BUTTONS, state, move)
    assert not ruled.legal and ruled.deciding_rule == "hyperstar-run:5.1"
    assert read_so.legal


def test_a_star_button_for_a_star_in_the_cost_is_not_flagged() -> None:
    state = tutorial_run(hand=[face("*"), face("B"), face("C")])
    ruled = rule(state, pass_card("enemy", discard("E1", "A"), discard("L10", "*")))
    assert ruled.legal
    not_flagged_for(R.STAR_BUTTONS, ruled)


# ----- a card to spare (buttons-cover-cost-exactly)


def test_discarding_a_card_the_cost_does_not_need_turns_on_paying_costs_exactly() -> None:
    move = pass_card("enemy", discard("L10", "A"), discard("L11", "B"), discard("L12", "C"))
    ruled, read_so = turns_on(R.COVER_EXACTLY, tutorial_run(), move)
    assert not ruled.legal and ruled.deciding_rule == "hyperstar-run:5.1"
    assert read_so.legal and read_so.next_state is not None
    # Read the other way the spare card is played all the same: discarded, and named by its face.
    assert {"card": "L12", "face_up": True} in read_so.next_state["discard"]
    assert "The [C] also played pays no icon of [A *]" in ruled.readings_deciding[0].other_answer
    assert "your Level Card [C]" in ruled.readings_deciding[0].other_answer


def test_pressing_a_card_the_cost_does_not_need_turns_on_paying_costs_exactly() -> None:
    move = pass_card("enemy", discard("L10", "A"), discard("L11", "B"), press("L1", "A"))
    ruled, read_so = turns_on(R.COVER_EXACTLY, tutorial_run(), move)
    assert not ruled.legal and ruled.deciding_rule == "hyperstar-run:5.1"
    assert read_so.legal and read_so.next_state is not None
    # Read the other way the card behind the hero is pressed, and cannot be pressed again.
    assert read_so.next_state["level"][0]["pressed"] is True


def test_a_spare_button_on_a_card_that_pays_is_void_and_not_flagged() -> None:
    # [A *] paid by your Level Card [A] and your Equipment Card [C D]: its D is not needed.
    ruled = rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), discard("E2", "C", "D")))
    assert ruled.legal and [v.code for v in ruled.voided] == ["unneeded-button-void"]
    not_flagged_for(R.COVER_EXACTLY, ruled)


def test_a_spare_card_that_leaves_the_cost_unpaid_is_not_flagged() -> None:
    ruled = rule(tutorial_run(), pass_card("enemy", discard("L11", "B"), discard("L12", "C")))
    assert not ruled.legal and ruled.readings_deciding == []


# ----- Button Masher's "three star costs" (three-star-cost)


def _won_tutorial(*level: dict[str, Any]) -> dict[str, Any]:
    return board("tutorial", run=1, hero=9, outcome="won", level=list(level))


def test_button_masher_with_three_cards_showing_one_star_each_turns_on_three_star_costs() -> None:
    one_star = face("A", enemy="A *")
    state = _won_tutorial(face("B", enemy="B"), one_star, one_star, one_star)
    ruled, read_so = turns_on(R.THREE_STARS, state, {"kind": "claim", "claim": "button-masher"})
    assert not ruled.legal and ruled.deciding_rule == "hyperstar-run:11.2"
    assert read_so.legal


def test_button_masher_with_three_cards_of_three_stars_is_not_flagged() -> None:
    stars = face("A", enemy="* * *")
    state = _won_tutorial(face("B", enemy="B"), stars, stars, stars)
    ruled = rule(state, {"kind": "claim", "claim": "button-masher"})
    assert ruled.legal
    not_flagged_for(R.THREE_STARS, ruled)
