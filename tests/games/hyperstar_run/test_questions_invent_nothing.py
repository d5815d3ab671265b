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


def test_the_other_equipment_card_is_not_placed_and_the_rest_of_the_hand_is_not_described() -> None:
    state, _ = build("can-i-pay", PayForm())
    places = [h["card"] for h in (*state["hand"], *state["discard"])]
    assert "E2" not in places  # where it is was not asked: it is in no place made up for it
    said = describe(State.model_validate(state))
    assert "C D" not in said and "buttons C and D" not in said
    assert "an Equipment Card with buttons A and B" in said
    assert ". The rest of your hand was not described." in said
    assert "The discard pile was not described." in said


def test_no_equipment_card_discarded_means_none_described_and_none_used() -> None:
    form = PayForm(discard_equipment_buttons="", press_buttons="C A", current_card=3)
    state, move = build("can-i-pay", form)
    assert state["equipment"] == {}
    assert not [s for s in move["sources"] if s["card"].startswith("E")]
    ruling = RULES.rule_json(state, move)
    assert ruling.legal, codes(ruling)


def _icons_on_board(state: dict[str, Any]) -> set[str]:
    found: set[str] = set()
    for face in state["faces"].values():
        for part in ("buttons", "enemy", "combo_start"):
            found.update(face.get(part) or [])
        if face.get("combo_continue"):
            found.add(face["combo_continue"])
    for buttons in state["equipment"].values():
        found.update(buttons)
    return found


def _forms() -> list[tuple[str, Any]]:
    from games.hyperstar_run.questions import AchievementForm

    found = [(q.slug, q.form()) for q in RULES.questions]
    found.append(
        (
            "did-i-earn-this-achievement",
            AchievementForm(
                achievement="button-masher", three_cards_in_a_row_with_three_star_costs=True
            ),
        )
    )
    return found


@pytest.mark.parametrize(("slug", "form"), _forms(), ids=lambda v: getattr(v, "__name__", None))
def test_every_icon_on_a_built_board_is_one_the_player_typed(slug: str, form: Any) -> None:
    """No question fills a face with icons of its own (a "B" button, an "enemy *")."""
    values = [v for v in form.model_dump().values() if isinstance(v, str)]
    typed = {word for value in values for word in value.split()}
    if slug == "did-i-earn-this-achievement" and form.three_cards_in_a_row_with_three_star_costs:
        typed.add("*")  # the form's own words: "a cost of three stars"
    state, _ = build(slug, form)
    assert _icons_on_board(state) <= typed, (slug, _icons_on_board(state) - typed)


@pytest.mark.parametrize("question", RULES.questions, ids=lambda q: q.slug)
def test_no_question_gives_an_ability_a_made_up_text(question: Question) -> None:
    state, _ = build(question.slug, question.form())
    for face in state["faces"].values():
        assert (face.get("ability") or {}).get("text", "") == ""
