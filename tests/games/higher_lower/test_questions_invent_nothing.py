"""Disputes over the question forms: the table a form builds holds only what the form showed
the player. The other players' hands and boosters, and the deck when the form does not ask
it, are not described (null), not made up, and never change the ruling (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

from games.higher_lower.questions import CanIDrawInstead, CanIPlayABooster, CanIPlayThisCard

from .helpers import RULES, assert_illegal, assert_legal


def build(slug: str, form: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


@pytest.mark.parametrize("question", RULES.questions, ids=lambda q: q.slug)
def test_no_question_makes_up_the_other_players_cards(question: Any) -> None:
    state, _ = build(question.slug, question.form())
    for other in state["players"][1:]:
        assert other["hand"] is None and other["boosters"] is None, other


def test_only_your_cards_are_on_the_table_when_you_ask_to_play() -> None:
    form = CanIPlayThisCard()
    state, _ = build("can-i-play-this-card", form)
    assert state["deck"] is None  # not asked: whether a card may be laid never rests on it
    assert state["players"][0]["hand"] == form.cards_in_my_hand
    assert state["players"][0]["boosters"] is None


def test_the_draw_pile_is_the_one_you_gave() -> None:
    form = CanIDrawInstead(my_hand=[3, 5, 9], deck_size=0)
    state, _ = build("can-i-draw-instead", form)
    assert state["deck"] == 0
    assert state["players"][0]["hand"] == [3, 5, 9]


def test_nine_on_seven_under_higher_is_ruled_the_same_whatever_the_deck_holds() -> None:
    state, move = build("can-i-play-this-card", CanIPlayThisCard(my_card=9, my_call="lower"))
    unsaid = RULES.rule_json(state, move)
    assert_legal(unsaid, "obeys-call", "higher-lower:4.2")
    for deck in (0, 20):
        said = RULES.rule_json({**state, "deck": deck}, move)
        assert said.verdict == unsaid.verdict
        assert [r.code for r in said.reasons] == [r.code for r in unsaid.reasons]


def test_five_on_seven_under_higher_is_refused_with_nobody_elses_cards_described() -> None:
    ruling = RULES.rule_json(*build("can-i-play-this-card", CanIPlayThisCard(my_card=5)))
    assert_illegal(ruling, "not-higher", "higher-lower:4.2")


def test_a_hand_not_described_is_not_an_empty_hand_that_ends_the_game() -> None:
    """Nobody is out of cards because their hand was not described (rule 2.1)."""
    state, move = build("can-i-play-a-booster", CanIPlayABooster())
    assert state["players"][0]["hand"] is None  # your playing cards are not asked either
    assert state["players"][0]["boosters"] == ["Rare"]
    ruling = RULES.rule_json(state, move)
    assert ruling.legal, ruling.summary
    assert "game-over" not in [r.code for r in ruling.reasons]
