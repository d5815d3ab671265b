"""What any input gets from an engine: a ruling, or BadInput saying what is wrong; never
another exception."""

from __future__ import annotations

from typing import Any

from games.core import GameRules, Ruling
from games.core.errors import BadInput


def assert_ruled_or_refused(engine: GameRules[Any, Any], state: Any, move: Any) -> None:
    try:
        result = engine.rule_json(state, move)
    except BadInput:
        return
    assert isinstance(result, Ruling)
