"""Disputes over the question forms: the board a form builds holds only the Equipment Card
buttons the form asked for. None are made up (no "A B" and "C D"), and an Equipment Card left
out is drawn and said as not described (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.rules import Question
from games.hyperstar_run.picture import describe
from games.hyperstar_run.questions import PayForm
from games.hyperstar_run.state import State

from .helpers import RULES, codes


def build(slug: str, form: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


@pytest.mark.parametrize(
    "question", [q for q in RULES.questions if q.slug != "can-i-pay"], ids=lambda q: q.slug
)
def test_a_question_that_asks_no_equipment_buttons_describes_none(question: Question) -> None:
    state, _ = build(question.slug, question.form())
    assert state["equipment"] == {}


def test_paying_describes_only_the_equipment_card_you_discard() -> None:
    form = PayForm()  # you discard the Equipment Card with A and B, and use its A
    state, move = build("can-i-pay", form)
    assert state["equipment"] == {"E1": ["A", "B"]}
    equipment = [s for s in move["sources"] if s["card"].startswith("E")]
    assert equipment == [{"card": "E1", "via": "discard", "buttons": ["A"]}]
    assert RULES.rule_json(state, move).legal


def test_the_other_equipment_card_is_said_not_described() -> None:
    state, _ = build("can-i-pay", PayForm())
    said = describe(State.model_validate(state))
    assert "C D" not in said and "buttons C and D" not in said
    assert "an Equipment Card with buttons A and B" in said
    assert "an Equipment Card whose buttons were not described" in said
    assert "2 Level Cards whose faces were not described" in said


def test_no_equipment_card_discarded_means_none_described_and_none_used() -> None:
    form = PayForm(discard_equipment_buttons="", press_buttons="C A")
    state, move = build("can-i-pay", form)
    assert state["equipment"] == {}
    assert not [s for s in move["sources"] if s["card"].startswith("E")]
    ruling = RULES.rule_json(state, move)
    assert ruling.legal, codes(ruling)
