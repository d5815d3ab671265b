"""Disputes over cards the question described only in part: the card you press (its button),
the two cards of a combo (their lines and the continue cost), the card whose ability you use.
What the form does not ask is not described (`buttons` null, the part listed in
`not_described`), never made up; a ruling that rests on such a part is refused naming it; the
picture draws it as "?" and its text says "not described" (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidMove, InvalidState
from games.hyperstar_run.picture import describe, layout
from games.hyperstar_run.questions import AbilityForm, ComboForm, EndRunForm, PayForm, PressForm
from games.hyperstar_run.shorthand import said
from games.hyperstar_run.solver import solve, solve_json
from games.hyperstar_run.state import State

from .helpers import RULES, board, codes, discard, face, pass_card

JSON = dict[str, Any]


def build(slug: str, form: Any) -> tuple[JSON, JSON]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


def ask(slug: str, form: Any) -> Any:
    return RULES.rule_json(*build(slug, form))


def cites(ruling: Any, code: str, rule: str) -> None:
    assert code in codes(ruling), (codes(ruling), ruling.summary)
    assert f"hyperstar-run:{rule}" in ruling.cited_rules()


def refused(state: JSON, move: JSON) -> InvalidMove:
    with pytest.raises(InvalidMove) as caught:
        RULES.rule_json(state, move)
    return caught.value


# ----- "Can I press this card?" -----


def test_the_press_form_describes_only_the_button_of_the_card_you_press() -> None:
    state, move = build("can-i-press", PressForm(current_card=3, press_card=1))
    assert move == {"kind": "press", "card": "L1", "button": "A"}
    assert list(state["faces"]) == ["L1"]  # the current card L3: not described at all
    pressed = state["faces"]["L1"]
    assert pressed["buttons"] == ["A"]
    assert set(pressed["not_described"]) == {
        "enemy",
        "combo_start",
        "combo_continue",
        "combo_line",
        "ability",
    }
    assert "*" not in repr(state["faces"])  # no made-up star cost to pay


def test_i_may_press_a_card_i_passed_this_run_whatever_my_current_card_costs() -> None:
    ruling = ask("can-i-press", PressForm(current_card=3, press_card=1))
    assert ruling.legal, ruling.summary
    cites(ruling, "press-allowed", "5.5")
    assert ruling.answer.startswith("Yes, you can press card 1 of the level for its A")
    state, move = build("can-i-press", PressForm(current_card=3, press_card=1))
    for costs in (face("B", enemy="* *"), face("C", enemy="D D D", start="C C")):
        described = {**state, "faces": {**state["faces"], "L3": costs}}
        again = RULES.rule_json(described, move)
        assert (again.verdict, codes(again)) == (ruling.verdict, codes(ruling))


@pytest.mark.parametrize(
    ("form", "code"),
    [
        (PressForm(current_card=2, press_card=4), "press-not-passed-this-run"),
        (PressForm(current_card=3, press_card=3), "press-not-passed-this-run"),
        (
            PressForm(current_card=3, press_card=1, already_pressed_this_run=True),
            "press-already-pressed",
        ),
        (PressForm(current_card=3, press_card=1, press_card_face_up=False), "press-face-down"),
    ],
    ids=["ahead", "current", "pressed", "face down"],
)
def test_a_card_that_cannot_be_pressed(form: PressForm, code: str) -> None:
    ruling = ask("can-i-press", form)
    assert not ruling.legal
    cites(ruling, code, "5.5")


def test_pressing_for_a_button_the_card_does_not_show() -> None:
    state, _ = build("can-i-press", PressForm(current_card=3, press_card=1))
    ruling = RULES.rule_json(state, {"kind": "press", "card": "L1", "button": "B"})
    assert not ruling.legal
    cites(ruling, "button-not-on-card", "5.3")


def test_pressing_a_card_whose_buttons_were_not_described_is_refused_naming_them() -> None:
    state, _ = build("can-i-press", PressForm(current_card=3, press_card=1))
    error = refused(state, {"kind": "press", "card": "L2", "button": "A"})
    assert error.field == "state.faces.L2"
    state["faces"]["L2"] = said(enemy="A")
    error = refused(state, {"kind": "press", "card": "L2", "button": "A"})
    assert error.field == "state.faces.L2.buttons"
    assert "were not described" in error.message


def test_the_press_picture_draws_the_parts_not_described_as_unknown() -> None:
    state, _ = build("can-i-press", PressForm(current_card=3, press_card=1))
    board_ = State.model_validate(state)
    l1 = next(c for c in layout(board_, "Can I press?")["level"] if c.card == "L1")
    assert ("buttons A", "hr-btn") in l1.lines
    assert ("enemy ?", "hr-unknown") in l1.lines and ("line ?", "hr-unknown") in l1.lines
    said_ = describe(board_)
    assert "Card 1 is face up, with button A (its enemy cost" in said_
    assert "ability and combo line not described)" in said_
    assert "Cards 2 and 3 are face up, their faces not described" in said_


# ----- "Can I continue my combo?" -----


def test_the_combo_form_describes_the_lines_and_the_continue_cost_only() -> None:
    state, _ = build("can-i-continue-my-combo", ComboForm())
    before, current = state["faces"]["L1"], state["faces"]["L2"]
    assert before["buttons"] is None and current["buttons"] is None
    assert before["combo_line"] == {"left": None, "right": True, "colour": "red"}
    assert current["combo_line"] == {"left": True, "right": None, "colour": "red"}
    assert current["combo_continue"] == "A"
    for part in ("enemy", "combo_start", "ability"):
        assert part in before["not_described"] and part in current["not_described"]
    hand = [state["faces"][h["card"]] for h in state["hand"] if h["card"] in state["faces"]]
    assert hand == [said("A")]  # the card you play: its button only


def test_the_combo_continues_whatever_the_two_cards_other_costs() -> None:
    ruling = ask("can-i-continue-my-combo", ComboForm())
    assert ruling.legal, ruling.summary
    cites(ruling, "combo-continued", "7.3")
    state, move = build("can-i-continue-my-combo", ComboForm())
    filled = dict(state["faces"])
    for card in ("L1", "L2"):
        face_ = {k: v for k, v in filled[card].items() if k != "not_described"}
        filled[card] = {**face_, "buttons": ["D"], "enemy": ["D", "D"], "combo_start": ["D", "D"]}
    again = RULES.rule_json({**state, "faces": filled}, move)
    assert (again.verdict, codes(again)) == (ruling.verdict, codes(ruling))


def test_the_combo_needs_the_right_edge_of_the_card_before() -> None:
    state, move = build("can-i-continue-my-combo", ComboForm())
    state["faces"]["L1"]["combo_line"]["right"] = None
    assert refused(state, move).field == "state.faces.L1.combo_line.right"
    state["faces"]["L1"] = said()
    assert refused(state, move).field == "state.faces.L1.combo_line"


def test_the_combo_needs_the_continue_cost() -> None:
    state, move = build("can-i-continue-my-combo", ComboForm())
    state["faces"]["L2"] = said(line={"left": True})
    error = refused(state, move)
    assert error.field == "state.faces.L2.combo_continue"
    assert "combo continue cost of card 2 of the level was not described" in error.message


def test_with_no_combo_running_the_lines_are_not_needed() -> None:
    state, move = build(
        "can-i-continue-my-combo", ComboForm(previous_card_passed_with="enemy cost")
    )
    state["faces"]["L1"] = said()
    ruling = RULES.rule_json(state, move)
    assert not ruling.legal
    cites(ruling, "no-combo-running", "7.3")
    assert "combo-line-not-connected" not in codes(ruling)  # not guessed from a missing line


def test_passing_by_a_cost_not_described_is_refused_naming_it() -> None:
    state, _ = build("can-i-continue-my-combo", ComboForm())
    error = refused(state, pass_card("enemy", discard(state["hand"][0]["card"], "A")))
    assert error.field == "state.faces.L2.enemy"


def test_the_combo_words_say_what_was_not_described() -> None:
    state, _ = build("can-i-continue-my-combo", ComboForm())
    said_ = describe(State.model_validate(state))
    edge = "(whether it reaches its left edge was not described)"
    assert f"a red combo line to its right edge {edge}" in said_
    unsaid = "its buttons, enemy cost, combo start cost, combo continue cost and ability"
    assert f"{unsaid} not described" in said_
    lines = {c.card: c.lines for c in layout(State.model_validate(state), "t")["level"]}
    assert ("line ?▸ red", "hr-cost") in lines["L1"] and ("buttons ?", "hr-unknown") in lines["L1"]


# ----- "Can I use this ability?" -----


def test_the_ability_form_makes_up_no_text_and_no_costs() -> None:
    state, _ = build("can-i-use-this-ability", AbilityForm())
    current = state["faces"]["L1"]
    assert current["ability"] == {"text": "", "swap": False}  # no "(its text)"
    assert current["buttons"] is None and "enemy" in current["not_described"]


def test_i_may_use_the_ability_by_flipping_a_face_up_card() -> None:
    ruling = ask("can-i-use-this-ability", AbilityForm())
    assert ruling.legal, ruling.summary
    cites(ruling, "ability-used", "6.1")


def test_a_card_without_an_ability() -> None:
    ruling = ask("can-i-use-this-ability", AbilityForm(current_card_has_ability=False))
    assert not ruling.legal
    cites(ruling, "no-ability", "6.1")


def test_an_ability_not_described_is_refused_naming_it() -> None:
    state, move = build("can-i-use-this-ability", AbilityForm())
    state["faces"]["L1"] = said()
    assert refused(state, move).field == "state.faces.L1.ability"


# ----- the state keeps old meanings and checks the new field -----


def test_a_part_given_and_said_not_described_is_refused() -> None:
    state = board("tutorial", level=[face("A", enemy="A")])
    state["faces"]["L1"]["not_described"] = ["enemy"]
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, {"kind": "end-run"})
    assert caught.value.field.startswith("state.faces.L1")


def test_an_old_face_still_means_every_part_as_printed() -> None:
    state = board("tutorial", level=[face("A", enemy="A")], hand=[face("A")])
    ruling = RULES.rule_json(state, pass_card("combo-start", discard("L10", "A")))
    assert not ruling.legal
    cites(ruling, "cost-not-printed", "1.2")


# ----- what can I do now, and the best line, refuse rather than guess -----


def test_what_can_i_do_now_refuses_a_current_card_with_costs_not_described() -> None:
    state, _ = build("can-i-continue-my-combo", ComboForm())
    with pytest.raises(InvalidMove) as caught:
        RULES.legal_moves_json(state)
    assert caught.value.field == "state.faces.L2.enemy"


def test_the_best_line_refuses_a_card_ahead_with_a_cost_not_described() -> None:
    state = board(
        "tutorial",
        level=[face("A", enemy="A"), said("B", start=None, cont=None, line=None, ability=None)],
        hand=[face("A"), face("A")],
    )
    with pytest.raises(InvalidMove) as caught:
        solve_json(state)
    assert caught.value.field == "state.faces.L2.enemy"


def test_the_best_line_stops_at_a_face_not_given_before_anything_not_described() -> None:
    """The search never gets past L1, whose face is not given, so L3's parts are not needed."""
    state, _ = build("can-i-press", PressForm(current_card=1, press_card=3))
    solution = solve(State.model_validate(state))
    assert solution.this_run is not None and solution.this_run.blocked_by_unknown == "L1"
    assert solution.winnable is None


# ----- "Can I pay?" and "What happens when my run ends?": the table you gave -----


def test_the_pay_form_uses_your_difficulty_run_and_card_and_no_made_up_button() -> None:
    form = PayForm(difficulty="hard", run=2, current_card=4, press_buttons="C")
    state, move = build("can-i-pay", form)
    assert (state["difficulty"], state["run"], state["hero"]) == ("hard", 2, 3)
    current = state["faces"][state["level"][3]["card"]]
    assert current["buttons"] is None and current["enemy"] == ["A", "A", "*"]
    assert "combo_start" in current["not_described"]
    assert RULES.rule_json(state, move).legal


@pytest.mark.parametrize(
    ("form", "field"),
    [
        (PayForm(cost="  "), "cost"),
        (PayForm(discard_level_buttons="A B C D"), "discard_level_buttons"),
        (PayForm(current_card=1), "press_buttons"),
    ],
    ids=["no cost", "four cards on run 1", "pressing before any card is passed"],
)
def test_a_pay_question_the_table_cannot_hold_is_refused_naming_the_field(
    form: PayForm, field: str
) -> None:
    with pytest.raises(InvalidState) as caught:
        build("can-i-pay", form)
    assert caught.value.field == field


def test_the_run_ends_at_the_card_you_gave() -> None:
    ruling = ask("what-happens-when-my-run-ends", EndRunForm(current_card=4))
    assert ruling.legal
    cites(ruling, "run-ends", "8.1")
    assert "card 4" in next(r.detail for r in ruling.reasons if r.code == "run-ends")
