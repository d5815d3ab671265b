"""Disputes over High Alert positions that cannot exist: refused with the field named (a 400
at the desk), never ruled on."""

from __future__ import annotations

import pytest

from games.core import InvalidMove

from .helpers import rule


def test_paying_99_trade_with_5_is_refused_at_the_payment() -> None:
    state = {"trade": 5, "trade_row": [{"id": "r1", "card": "corsair"}]}
    with pytest.raises(InvalidMove) as caught:
        rule(state, {"kind": "acquire", "card": "r1", "pay": 99})
    assert caught.value.field == "move.pay"
    assert "you have 5 Trade this turn, so you cannot pay 99" in caught.value.message


def test_offering_all_the_trade_you_have_is_ruled() -> None:
    state = {"trade": 5, "trade_row": [{"id": "r1", "card": "corsair"}]}
    assert rule(state, {"kind": "acquire", "card": "r1", "pay": 5}).legal
