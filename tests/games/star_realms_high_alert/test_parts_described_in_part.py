"""Disputes over parts of the table a question described only in part: the trade row of "what
does this card cost me?" holds the card asked about and others not asked, your table the tech
or hero asked about. Their size and what is missing from them are not known: the picture and
its words show no count as fact, and a ruling that would rest on them is refused naming the
part. A part not described that a move puts a known card in (the card you acquire, the
symbol a scrapped hero gives) holds that card and the rest not described."""

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

from .helpers import RULES, assert_legal


def build(slug: str, form: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


def drawn(state: dict[str, Any]) -> str:
    """The picture's words in order, its lines joined (a long heading wraps on a phone)."""
    return " ".join(t.text for t in layout(State.model_validate(state), "t")["texts"])


def said(state: dict[str, Any]) -> str:
    return describe(State.model_validate(state))


def test_the_trade_row_of_a_price_question_is_the_card_asked_about_not_a_row_of_one() -> None:
    state, move = build("requisition-price", RequisitionPriceForm())
    assert "partly_described" in state and "trade_row" in state["partly_described"]
    assert "Trade row (1)" not in drawn(state)
    assert "Trade row: 1 given, the rest not described" in drawn(state)
    assert (
        "The trade row holds The Armory (printed cost 7, you pay 5) (the rest not described)"
        in (said(state))
    )
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "requisition-discount", "8.2")
    assert ruling.answer == "Yes, you can acquire The Armory for 5 Trade."
    # "the faction shown" read as The Armory's own faction: our reading, listed.
    assert "star-realms-high-alert:faction-shown-is-the-cards-faction" in ruling.interpretations


def test_the_card_you_acquire_goes_to_a_discard_pile_not_described_as_one_card_known() -> None:
    ruling = RULES.rule_json(*build("requisition-price", RequisitionPriceForm()))
    after = ruling.next_state
    assert after is not None
    assert [c["card"] for c in after["discard_pile"]] == ["the-armory"]
    assert "discard_pile" in after["partly_described"]
    assert "Discard pile: The Armory, the rest not described" in drawn(after)
    assert "Your discard pile holds The Armory (the rest not described)" in said(after)
    # The row the card left is not "empty": its other cards were not described.
    assert "The trade row is empty" not in said(after) and "Empty." not in drawn(after)
    assert "the rest of the trade row" in said(after)


def test_a_card_not_among_those_given_of_a_row_in_part_is_refused_naming_the_row() -> None:
    state, move = build("free-acquire", FreeAcquireForm())
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, {**move, "card": "r9"})
    assert caught.value.field == "state.trade_row"
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "free-acquire", "9.3")
    # Rule 9.3 is our reading of an effect the sheet only quotes: the ruling lists it.
    assert "star-realms-high-alert:acquire-costing-n-or-less" in ruling.interpretations


def test_a_tech_not_among_those_given_is_refused_naming_your_tech() -> None:
    state, move = build("tech-usable", TechForm())
    assert "Tech on the table: 1 given, the rest not described" in drawn(state)
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, {**move, "tech": "t9"})
    assert caught.value.field == "state.techs"


def test_a_scrapped_heros_symbol_is_the_one_gained_known_and_the_rest_not_described() -> None:
    ruling = RULES.rule_json(*build("hero-scrap", HeroScrapForm()))
    assert_legal(ruling, "scrap-symbol-gained", "7.2")
    after = ruling.next_state
    assert after is not None
    assert {"gained_symbols", "scrap_heap"} <= set(after["partly_described"])
    picture = drawn(after)
    assert "Faction symbols gained as effects (1)" not in picture
    assert "Faction symbols gained as effects: 1 given, the rest not described" in picture
    assert "Heroes on the table: none given, the rest not described" in picture
    assert "None." not in picture
    assert "as effects this turn (the rest not described)" in said(after)


def test_an_ally_ability_is_not_ruled_dead_on_a_play_area_given_in_part() -> None:
    state, move = build("ally-live", AllyLiveForm(cards_in_play=[]))
    state["play_area"] = state["play_area"][:1]
    whole = RULES.rule_json(state, move)
    assert not whole.legal  # every card in play given: no other Star Empire card
    state["partly_described"] = ["play_area"]
    assert "Play area (1)" not in drawn(state)
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, move)
    assert caught.value.field == "state.play_area"


def test_a_state_of_before_without_parts_in_part_means_what_it_did() -> None:
    state, move = build("requisition-price", RequisitionPriceForm())
    del state["partly_described"]
    assert "Trade row (1)" in drawn(state)
    with pytest.raises(Exception) as caught:
        RULES.rule_json(state, {**move, "card": "r9"})
    assert "the card you acquire is not in the trade row" in str(caught.value)
