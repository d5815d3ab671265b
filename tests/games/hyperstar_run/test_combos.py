"""Disputes about combos: starting, continuing, and what ends them."""

from __future__ import annotations

from .helpers import (
    assert_illegal,
    assert_legal,
    board,
    codes,
    discard,
    face,
    pass_card,
    press,
    rule,
    tutorial_run,
)


def _combo_board(**kw: object) -> dict:
    """L1 was passed with its start cost; L2 (current) continues the red line for [B]."""
    args: dict = {
        "hero": 1,
        "level": [
            face("A", enemy="A A A", start="A A", line="R red"),
            face("C", enemy="C C", start="C C", cont="B", line="LR red"),
            face("D", enemy="D", start="D D", cont="A", line="L red"),
        ],
        "hand": [face("A"), face("B"), face("C")],
        "combo": True,
    }
    args.update(kw)
    return board("tutorial", **args)


def test_paying_the_start_cost_passes_the_card_and_starts_a_combo() -> None:
    state = board("tutorial", level=[face("A", enemy="B B B", start="A A")], hand=[face("A")])
    after = assert_legal(
        rule(state, pass_card("combo-start", discard("L10", "A"), discard("E1", "A"))),
        "combo-started",
        "7.2",
    )
    assert after["combo"] is True


def test_a_connected_card_can_be_passed_for_its_one_button_continue_cost() -> None:
    ruling = rule(_combo_board(), pass_card("combo-continue", discard("L11", "B")))
    after = assert_legal(ruling, "combo-continued", "7.3")
    assert after["combo"] is True
    assert "hyperstar-run:combo-line-connects" in ruling.interpretations


def test_the_combo_carries_on_through_several_cards() -> None:
    after = rule(_combo_board(), pass_card("combo-continue", discard("L11", "B"))).next_state
    assert after is not None
    assert_legal(
        rule(after, pass_card("combo-continue", press("L1", "A"))), "combo-continued", "7.3"
    )


def test_the_continue_cost_cannot_be_paid_when_the_line_does_not_connect() -> None:
    state = _combo_board()
    state["faces"]["L2"]["combo_line"] = {"left": False, "right": True, "colour": "red"}
    ruling = rule(state, pass_card("combo-continue", discard("L11", "B")))
    assert_illegal(ruling, "combo-line-not-connected", "7.4")


def test_the_lines_meet_though_their_colours_differ() -> None:
    """The book never makes matching colours a condition of connecting: a red line reaching
    the right edge meets a blue one reaching the left edge."""
    state = _combo_board()
    state["faces"]["L2"]["combo_line"]["colour"] = "blue"
    ruling = rule(state, pass_card("combo-continue", discard("L11", "B")))
    after = assert_legal(ruling, "combo-continued", "7.3")
    assert after["combo"] is True
    assert "hyperstar-run:combo-line-connects" in ruling.interpretations
    assert after["faces"]["L2"]["combo_line"]["colour"] == "blue"  # kept for the picture


def test_lines_that_do_not_reach_each_other_do_not_connect_even_in_one_colour() -> None:
    state = _combo_board()
    before = state["faces"]["L1"]["combo_line"]
    state["faces"]["L1"]["combo_line"] = {**before, "right": False}
    ruling = rule(state, pass_card("combo-continue", discard("L11", "B")))
    assert_illegal(ruling, "combo-line-not-connected", "7.4")
    assert "hyperstar-run:combo-line-connects" in ruling.interpretations


def test_after_passing_with_the_enemy_cost_the_combo_is_over() -> None:
    ruling = rule(_combo_board(combo=False), pass_card("combo-continue", discard("L11", "B")))
    assert_illegal(ruling, "no-combo-running", "7.3")
    assert "hyperstar-run:continue-needs-a-running-combo" in ruling.interpretations


def test_paying_the_enemy_cost_ends_a_running_combo() -> None:
    ruling = rule(_combo_board(), pass_card("enemy", discard("L12", "C"), discard("E2", "C")))
    after = assert_legal(ruling, "combo-ended", "7.5")
    assert after["combo"] is False
    again = rule(after, pass_card("combo-continue", press("L1", "A")))
    assert_illegal(again, "no-combo-running", "7.3")


def test_the_first_card_of_a_run_cannot_be_passed_with_a_continue_cost() -> None:
    state = board(
        "tutorial", level=[face("A", enemy="A A", cont="B", line="LR red")], hand=[face("B")]
    )
    ruling = rule(state, pass_card("combo-continue", discard("L10", "B")))
    assert_illegal(ruling, "no-combo-running", "7.3")


def test_using_an_ability_during_a_combo_ends_it() -> None:
    level = [
        face("A", enemy="A A A", start="A A", line="R red"),
        face("C", enemy="C C", start="C C", cont="B", line="LR red", ability="Look ahead"),
        face("D", enemy="D", start="D D", cont="A", line="L red"),
    ]
    state = _combo_board(ability_used=True, level=level)
    ruling = rule(state, pass_card("combo-continue", discard("L11", "B")))
    assert_illegal(ruling, "combo-ended-by-ability", "7.6")
    assert "hyperstar-run:ability-outside-a-combo" in ruling.interpretations


def test_a_new_combo_can_start_while_one_is_running() -> None:
    ruling = rule(_combo_board(), pass_card("combo-start", discard("L12", "C"), discard("E2", "C")))
    assert_legal(ruling, "combo-started", "7.2")
    assert "combo-ended" in codes(ruling)
    assert "hyperstar-run:start-cost-during-a-combo" in ruling.interpretations


def test_a_combo_can_start_on_a_card_whose_ability_was_used() -> None:
    level = [
        face("A", enemy="A", start="A A", line="R red"),
        face("B", enemy="B", start="B B", line="LR red"),
        face("C", enemy="A *", start="C C", cont="B", line="L red", ability="Look ahead"),
    ]
    state = tutorial_run(ability_used=True, level=level)
    ruling = rule(state, pass_card("combo-start", discard("L12", "C"), discard("E2", "C")))
    assert_legal(ruling, "combo-started", "7.2")
