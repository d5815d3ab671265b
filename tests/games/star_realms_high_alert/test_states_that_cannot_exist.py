"""Disputes over High Alert positions that cannot exist: refused with the field named (a 400
at the desk), never ruled on."""

from __future__ import annotations

import pytest

from games.core import InvalidMove, InvalidState

from .helpers import RULES, rule


def test_paying_99_trade_with_5_is_refused_at_the_payment() -> None:
    state = {"trade": 5, "trade_row": [{"id": "r1", "card": "corsair"}]}
    with pytest.raises(InvalidMove) as caught:
        rule(state, {"kind": "acquire", "card": "r1", "pay": 99})
    assert caught.value.field == "move.pay"
    assert "you have 5 Trade this turn, so you cannot pay 99" in caught.value.message


def test_offering_all_the_trade_you_have_is_ruled() -> None:
    state = {"trade": 5, "trade_row": [{"id": "r1", "card": "corsair"}]}
    assert rule(state, {"kind": "acquire", "card": "r1", "pay": 5}).legal


def test_a_trade_row_card_marked_acquired_this_turn_is_refused() -> None:
    state = {"trade": 5, "trade_row": [{"id": "r1", "card": "corsair", "acquired_this_turn": True}]}
    with pytest.raises(InvalidState) as caught:
        rule(state, {"kind": "acquire", "card": "r1"})
    assert caught.value.field == "state.trade_row.0.acquired_this_turn"


def test_a_ship_bought_last_turn_is_not_marked_in_the_discard_pile() -> None:
    state = {"trade": 3, "trade_row": [{"id": "r1", "card": "corsair"}]}
    ruled = RULES.rule_sequence_json(state, [{"kind": "acquire", "card": "r1"}])
    assert ruled.final_state is not None
    assert ruled.final_state["discard_pile"][0]["acquired_this_turn"] is True
    ended = rule(ruled.final_state, {"kind": "end-turn"})
    assert ended.next_state is not None
    assert "acquired_this_turn" not in ended.next_state["discard_pile"][0]
