"""Hyperstar Run: the open points the engine rules both ways. A dispute that turns on the point
is ruled under both readings, the answers differ, and our reading is flagged with what the
other reading answers, in players' words; a dispute that merely uses the point is not flagged.
(A card swapped in behind the hero and a pressed card giving one of several buttons are in
test_swapped_in_behind_the_hero.py and tests/games/test_readings_that_decide.py.) Where the
best line or "What can I do now?" can turn on a point, they are ruled both ways too."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidMove, Ruling
from games.core.readings import flipped
from games.hyperstar_run import reasons as R
from games.hyperstar_run.moves import EndRun, PassCard
from games.hyperstar_run.solver import said, solve
from tests.games.readings_disputes import not_flagged_for, ruled_both_ways

from .helpers import (
    END_RUN,
    RULES,
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


# ----- a continue cost with no combo running (continue-needs-a-running-combo)


def _after_an_enemy_cost(**kw: Any) -> dict[str, Any]:
    """`_combo_board` with L1 passed by its enemy cost: no combo runs, though the red line of
    L1 meets that of L2 (current: enemy [C C], start [C C], continue [B])."""
    return _combo_board(combo=False, **kw)


def _stuck_but_for_the_continue_cost() -> dict[str, Any]:
    """No combo runs; only a [B] in the hand, and the Equipment discarded: L2's continue cost
    [B] is the one cost any card pays (L1 pressed gives an A)."""
    hand = [face("B"), face("D"), face("D")]
    return _after_an_enemy_cost(hand=hand, equipment_discarded=(True, True))


def test_continuing_after_an_enemy_cost_turns_on_continuing_only_a_running_combo() -> None:
    move = pass_card("combo-continue", discard("L11", "B"))
    ruled, read_so = turns_on(R.CONTINUE_NEEDS_COMBO, _after_an_enemy_cost(), move)
    assert not ruled.legal and ruled.deciding_rule == "hyperstar-run:7.3"
    assert "no combo is running" in ruled.answer
    assert read_so.legal and read_so.next_state is not None
    assert read_so.next_state["combo"] is True  # the combo goes on from there
    assert "combo continue cost [B]" in ruled.readings_deciding[0].other_answer


def test_continuing_a_running_combo_is_not_flagged() -> None:
    ruled = rule(_combo_board(), pass_card("combo-continue", discard("L11", "B")))
    assert ruled.legal
    not_flagged_for(R.CONTINUE_NEEDS_COMBO, ruled)


def test_continuing_with_no_combo_into_a_line_that_does_not_connect_is_not_flagged() -> None:
    state = _after_an_enemy_cost()
    state["faces"]["L1"]["combo_line"]["right"] = False
    ruled = rule(state, pass_card("combo-continue", discard("L11", "B")))
    assert not ruled.legal  # the lines do not meet: refused on either reading
    not_flagged_for(R.CONTINUE_NEEDS_COMBO, ruled)


def test_continuing_with_no_combo_on_a_card_whose_ability_was_used_is_not_flagged() -> None:
    level = [
        face("A", enemy="A A A", start="A A", line="R red"),
        face("C", enemy="C C", start="C C", cont="B", line="LR red", ability="Look ahead"),
        face("D", enemy="D", start="D D", cont="A", line="L red"),
    ]
    state = _after_an_enemy_cost(ability_used=True, level=level)
    ruled = rule(state, pass_card("combo-continue", discard("L11", "B")))
    assert not ruled.legal  # an ability used on the card: refused on either reading
    not_flagged_for(R.CONTINUE_NEEDS_COMBO, ruled)


def test_the_other_reading_of_continuing_needs_the_lines_described() -> None:
    """With no combo running our reading refuses whatever the lines show; read the other way
    the lines decide, and where they were not described the answer is not flagged."""
    state = _after_an_enemy_cost()
    state["faces"]["L2"]["combo_line"] = None
    state["faces"]["L2"]["not_described"] = ["combo_line"]
    move = pass_card("combo-continue", discard("L11", "B"))
    ruled = rule(state, move)
    assert not ruled.legal and ruled.readings_deciding == []
    with flipped(R.CONTINUE_NEEDS_COMBO), pytest.raises(InvalidMove) as refused:
        rule(state, move)
    assert refused.value.field == "state.faces.L2.combo_line"


def test_a_log_continuing_after_an_enemy_cost_turns_on_it_at_the_deciding_move() -> None:
    state = board(
        "tutorial",
        level=[
            face("A", enemy="A", start="A A", line="R red"),
            face("C", enemy="C C", start="C C", cont="B", line="L red"),
        ],
        hand=[face("A"), face("B"), face("D")],
    )
    log = [
        pass_card("enemy", discard("L10", "A")),
        pass_card("combo-continue", discard("L11", "B")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    with flipped(R.CONTINUE_NEEDS_COMBO):
        other = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert other.verdict == "legal"
    for turns in (ruled.readings_deciding, ruled.rulings[-1].readings_deciding):
        assert [t.key for t in turns] == [R.CONTINUE_NEEDS_COMBO]
        assert turns[0].other_verdict == "legal" and turns[0].other_answer == other.answer
    assert ruled.rulings[0].readings_deciding == []  # the enemy cost is paid either way


def test_ending_the_run_when_only_a_continue_cost_could_pass_turns_on_it() -> None:
    """What can I do now? On our reading nothing pays, so the run ends (and that is what is
    offered); read the other way, the continue cost is paid and the run may not end."""
    ruled, read_so = turns_on(R.CONTINUE_NEEDS_COMBO, _stuck_but_for_the_continue_cost(), END_RUN)
    assert ruled.legal and ruled.deciding_rule == "hyperstar-run:8.1"
    assert not read_so.legal and "combo continue cost [B]" in read_so.answer
    state = RULES.parse_state(_stuck_but_for_the_continue_cost())
    assert RULES.legal_moves(state) == [EndRun()]
    with flipped(R.CONTINUE_NEEDS_COMBO):
        offered = RULES.legal_moves(state) or []
        assert [m.cost for m in offered if isinstance(m, PassCard)] == ["combo-continue"]
        assert EndRun() not in offered
        assert all(RULES.judge(state, m).legal for m in offered)


def test_ending_the_run_when_the_lines_do_not_meet_is_not_flagged() -> None:
    state = _stuck_but_for_the_continue_cost()
    state["faces"]["L1"]["combo_line"]["right"] = False
    ruled = rule(state, END_RUN)
    assert ruled.legal and ruled.readings_deciding == []


def test_the_best_line_turns_on_continuing_only_a_running_combo() -> None:
    """On our reading nothing passes L2; read the other way, its continue cost [B] does, and
    the combo goes on into L3 (enemy [D])."""
    state = RULES.parse_state(_stuck_but_for_the_continue_cost())
    ours_solved = solve(state)
    with flipped(R.CONTINUE_NEEDS_COMBO):
        other = solve(state)
    assert ours_solved.this_run is not None and ours_solved.this_run.cards_passed == 0
    assert other.this_run is not None and other.this_run.cards_passed == 2
    assert other.this_run.line[0]["cost"] == "combo-continue"
    assert R.CONTINUE_NEEDS_COMBO in other.this_run.line_interpretations[0]
    assert [t.key for t in ours_solved.readings_deciding] == [R.CONTINUE_NEEDS_COMBO]
    assert ours_solved.readings_deciding[0].other_answer == said(other)


def test_a_best_line_continuing_a_running_combo_is_not_flagged() -> None:
    solved = solve(RULES.parse_state(_combo_board()))
    assert solved.this_run is not None
    assert R.CONTINUE_NEEDS_COMBO in solved.this_run.interpretations
    assert solved.readings_deciding == []
