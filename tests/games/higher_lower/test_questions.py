"""The website's dispute forms build states the engine rules on, with the expected verdicts."""

from __future__ import annotations

import pytest

from games.higher_lower.questions import CanIDrawInstead, CanIPlayABooster, CanIPlayThisCard

from .helpers import RULES, assert_illegal, assert_legal


def _ask(slug: str, form: object):  # type: ignore[no-untyped-def]
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


@pytest.mark.parametrize("question", RULES.questions, ids=lambda q: q.slug)
def test_every_question_with_its_default_answers_is_ruled(question) -> None:  # type: ignore[no-untyped-def]
    state, move = question.build(question.form())
    assert RULES.rule_json(state, move).summary


def test_form_nine_on_seven_under_higher_is_legal() -> None:
    ruling = _ask("can-i-play-this-card", CanIPlayThisCard(my_card=9, my_call="lower"))
    assert_legal(ruling, "obeys-call", "higher-lower:4.2")


def test_form_five_on_seven_under_higher_is_illegal() -> None:
    ruling = _ask("can-i-play-this-card", CanIPlayThisCard(my_card=5, my_call="lower"))
    assert_illegal(ruling, "not-higher", "higher-lower:4.2")


def test_form_same_number_with_no_call_is_a_match() -> None:
    ruling = _ask("can-i-play-this-card", CanIPlayThisCard(my_card=7, my_call="none"))
    assert_legal(ruling, "matches-last-card", "higher-lower:4.4")


def test_form_opening_card_when_none_is_laid() -> None:
    ruling = _ask("can-i-play-this-card", CanIPlayThisCard(last_card=0, my_card=3))
    assert_legal(ruling, "opening-card", "higher-lower:3.6")


def test_form_draw_while_holding_a_playable_card_is_illegal() -> None:
    ruling = _ask("can-i-draw-instead", CanIDrawInstead(my_hand=[3, 9]))
    assert_illegal(ruling, "can-play-instead", "higher-lower:4.6")


def test_form_draw_with_nothing_playable_is_legal() -> None:
    ruling = _ask("can-i-draw-instead", CanIDrawInstead(my_hand=[3, 5]))
    assert_legal(ruling, "unable-to-play", "higher-lower:4.6")


def test_form_booster_on_someone_elses_turn_is_illegal() -> None:
    ruling = _ask("can-i-play-a-booster", CanIPlayABooster(my_turn=False))
    assert_illegal(ruling, "booster-not-your-turn", "higher-lower:5.1")


def test_form_booster_at_myself_is_illegal() -> None:
    ruling = _ask("can-i-play-a-booster", CanIPlayABooster(aimed_at="myself"))
    assert_illegal(ruling, "booster-at-self", "higher-lower:5.4")


def test_form_booster_at_an_opponent_not_on_my_left_is_legal() -> None:
    ruling = _ask("can-i-play-a-booster", CanIPlayABooster(aimed_at="another opponent"))
    assert_legal(ruling, "booster-at-opponent", "higher-lower:5.4")


def test_the_worked_example_is_legal() -> None:
    example = RULES.example()
    assert RULES.rule_json(example["state"], example["move"]).legal


def test_state_and_move_schemas_can_be_published() -> None:
    assert "players" in RULES.State.model_json_schema()["properties"]
    assert RULES.move_adapter().json_schema()
