"""The website's question forms build boards the engine rules on, and give the right answer."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from games.core import Ruling
from games.core.rules import Question
from games.hyperstar_run.questions import (
    AbilityForm,
    AchievementForm,
    ComboForm,
    EndRunForm,
    PayForm,
    PressForm,
)

from .helpers import RULES, codes


def _ask(slug: str, form: BaseModel) -> Ruling:
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


@pytest.mark.parametrize("question", RULES.questions, ids=lambda q: q.slug)
def test_every_question_with_its_defaults_gets_a_ruling(question: Question) -> None:
    state, move = question.build(question.form())
    assert RULES.rule_json(state, move).summary


def test_can_i_press_a_card_ahead_of_the_hero() -> None:
    ruling = _ask("can-i-press", PressForm(current_card=2, press_card=4))
    assert not ruling.legal and "press-not-passed-this-run" in codes(ruling)


def test_can_i_press_a_card_i_already_pressed() -> None:
    ruling = _ask(
        "can-i-press", PressForm(current_card=3, press_card=1, already_pressed_this_run=True)
    )
    assert not ruling.legal and "press-already-pressed" in codes(ruling)


def test_can_i_pay_two_a_and_a_star_with_an_a_an_equipment_a_and_a_press() -> None:
    assert _ask("can-i-pay", PayForm()).legal


def test_can_i_pay_when_one_button_is_short() -> None:
    ruling = _ask("can-i-pay", PayForm(press_buttons=""))
    assert not ruling.legal and "cost-not-covered" in codes(ruling)


def test_can_i_pay_with_four_hand_cards_on_the_second_run() -> None:
    ruling = _ask(
        "can-i-pay",
        PayForm(
            run=2,
            cost="A B C D",
            discard_level_buttons="A B C D",
            discard_equipment_buttons="",
            press_buttons="",
        ),
    )
    assert ruling.legal


def test_can_i_continue_after_using_an_ability() -> None:
    ruling = _ask("can-i-continue-my-combo", ComboForm(ability_used_on_current_card=True))
    assert not ruling.legal and "combo-ended-by-ability" in codes(ruling)


def test_can_i_continue_across_colours() -> None:
    """Yes: lines connect by their edges, whatever their colours."""
    ruling = _ask("can-i-continue-my-combo", ComboForm(current_line_colour="blue"))
    assert ruling.legal and "combo-continued" in codes(ruling)
    assert "hyperstar-run:combo-line-connects" in ruling.interpretations


def test_can_i_continue_when_the_lines_do_not_meet() -> None:
    ruling = _ask("can-i-continue-my-combo", ComboForm(current_line_reaches_left=False))
    assert not ruling.legal and "combo-line-not-connected" in codes(ruling)


def test_can_i_flip_a_card_while_holding_a_face_down_one() -> None:
    ruling = _ask("can-i-use-this-ability", AbilityForm(face_down_card_in_hand=True))
    assert ruling.legal and "flip-void-discard-instead" in [r.code for r in ruling.voided]


def test_the_fourth_run_ending_loses() -> None:
    ruling = _ask("what-happens-when-my-run-ends", EndRunForm(run=4))
    assert ruling.legal and "fourth-run-lost" in codes(ruling)


def test_did_i_earn_speed_runner_on_the_fourth_run() -> None:
    ruling = _ask(
        "did-i-earn-this-achievement", AchievementForm(achievement="speed-runner", won_on_run=4)
    )
    assert not ruling.legal and "speed-runner-not-earned" in codes(ruling)


def test_did_i_earn_button_masher() -> None:
    form = AchievementForm(
        achievement="button-masher", three_cards_in_a_row_with_three_star_costs=True
    )
    assert _ask("did-i-earn-this-achievement", form).legal
