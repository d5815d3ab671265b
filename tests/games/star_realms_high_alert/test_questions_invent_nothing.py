"""Disputes over the question forms: the turn a form builds holds only what the form showed the
player. Your Trade, play area, heroes, tech or trade row, where the form does not ask them, are
not described (null), never 0 Trade or an empty play area, and never change the ruling; a
ruling that rests on one is refused naming it (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.star_realms_high_alert.picture import describe, layout
from games.star_realms_high_alert.questions import (
    AllyLiveForm,
    FreeAcquireForm,
    HeroScrapForm,
    RequisitionPriceForm,
    TechForm,
)
from games.star_realms_high_alert.state import State

from .helpers import RULES

UNASKED = {
    "ally-live": ("trade", "techs", "trade_row", "free_acquires"),
    "requisition-price": ("techs", "free_acquires", "heroes"),
    "tech-usable": ("play_area", "gained_symbols", "heroes", "trade_row", "free_acquires"),
    "free-acquire": ("trade", "gained_symbols", "heroes", "techs"),
    "hero-scrap": ("trade", "play_area", "gained_symbols", "techs", "trade_row"),
}


def build(slug: str, form: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


@pytest.mark.parametrize("question", RULES.questions, ids=lambda q: q.slug)
def test_no_question_makes_up_a_part_of_the_table_it_does_not_ask(question: Any) -> None:
    state, _ = build(question.slug, question.form())
    for part in UNASKED[question.slug]:
        assert state[part] is None, (part, state[part])


@pytest.mark.parametrize("question", RULES.questions, ids=lambda q: q.slug)
def test_what_was_not_asked_stays_null_after_the_ruling(question: Any) -> None:
    ruling = RULES.rule_json(*build(question.slug, question.form()))
    assert ruling.legal, ruling.summary
    after = ruling.next_state or {}
    for part in UNASKED[question.slug]:
        if question.slug == "hero-scrap" and part == "gained_symbols":
            # The one symbol the scrap gives is known; the symbols gained before were not asked.
            assert [g["source"] for g in after[part]] == ["Doctor Clark's scrap ability"]
            assert part in after["partly_described"]
            continue
        assert after.get(part) is None, (part, after.get(part))


def test_an_ally_question_says_nothing_of_your_trade_or_the_trade_row() -> None:
    state, _ = build("ally-live", AllyLiveForm())
    said = describe(State.model_validate(state))
    assert "0 Trade" not in said and "trade row is empty" not in said
    assert "Your Trade, your tech on the table and the trade row were not described" in said
    drawn = " ".join(t.text for t in layout(State.model_validate(state), "t")["texts"])
    assert "Trade available: not described" in drawn
    assert "Trade available: 0" not in drawn


def test_a_hero_question_does_not_say_your_play_area_is_empty() -> None:
    state, _ = build("hero-scrap", HeroScrapForm())
    said = describe(State.model_validate(state))
    assert "play area is empty" not in said
    assert "your play area" in said and "not described" in said


def test_a_tech_is_ruled_the_same_whatever_the_play_area_not_asked_holds() -> None:
    state, move = build("tech-usable", TechForm())
    unsaid = RULES.rule_json(state, move)
    full = {**state, "play_area": [{"id": "c1", "card": "hellfire"}], "trade_row": []}
    described = RULES.rule_json(full, move)
    assert unsaid.legal and described.legal
    assert [r.code for r in unsaid.reasons] == [r.code for r in described.reasons]


def test_an_ally_with_the_play_area_not_described_is_refused_naming_it() -> None:
    state, move = build("ally-live", AllyLiveForm())
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json({**state, "play_area": None}, move)
    assert caught.value.field == "state.play_area"


def test_buying_with_your_trade_not_described_is_refused_naming_it() -> None:
    state, move = build("requisition-price", RequisitionPriceForm())
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json({**state, "trade": None}, move)
    assert caught.value.field == "state.trade"


def test_a_free_card_is_ruled_on_its_printed_cost_without_your_trade() -> None:
    state, move = build("free-acquire", FreeAcquireForm(costing_at_most=3))
    ruling = RULES.rule_json(state, move)
    assert not ruling.legal
    assert ruling.answer.startswith("No: Hellfire costs 4, more than the 3")


def test_what_can_i_do_now_refuses_a_turn_with_your_trade_not_described() -> None:
    state, _ = build("ally-live", AllyLiveForm())
    with pytest.raises(InvalidState) as caught:
        RULES.options(RULES.parse_state(state))
    assert caught.value.field == "state.trade"


def test_an_old_state_that_leaves_the_parts_out_keeps_its_meaning() -> None:
    state = RULES.parse_state({"trade": 2, "techs": [{"id": "t1", "card": "laser"}]})
    assert state.described("play_area") and state.play_area == []
    assert state.model_dump(mode="json")["play_area"] == []
