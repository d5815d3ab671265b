"""Disputes over High Alert positions that cannot exist: refused with the field named (a 400
at the desk), never ruled on."""

from __future__ import annotations

from .helpers import rule


def test_offering_all_the_trade_you_have_is_ruled() -> None:
    state = {"trade": 5, "trade_row": [{"id": "r1", "card": "corsair"}]}
    assert rule(state, {"kind": "acquire", "card": "r1", "pay": 5}).legal
