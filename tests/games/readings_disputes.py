"""A dispute that turns on an open point, ruled under both readings: the shared checks of each
game's `test_readings_flipped.py`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core import Ruling
from games.core.readings import flipped
from tests.games.plain_answers import assert_answer_is_plain

Rule = Callable[[dict[str, Any], dict[str, Any]], Ruling]


def ruled_both_ways(
    rule: Rule, key: str, state: dict[str, Any], move: dict[str, Any]
) -> tuple[Ruling, Ruling]:
    """The ruling on our reading and on the other reading of `key`; the first is flagged with
    `key` alone and says what the second answers."""
    ruled = rule(state, move)
    with flipped(key):
        other = rule(state, move)
    assert (ruled.verdict, ruled.answer) != (other.verdict, other.answer)
    assert [t.key for t in ruled.readings_deciding] == [key], ruled.readings_deciding
    turn = ruled.readings_deciding[0]
    assert turn.other_verdict == other.verdict.value
    assert turn.other_answer == other.answer
    assert_answer_is_plain(ruled)
    assert_answer_is_plain(other)
    return ruled, other


def not_flagged_for(key: str, ruled: Ruling) -> None:
    """The ruling uses the reading on the way but its answer does not turn on it."""
    assert key in ruled.interpretations, ruled.interpretations
    assert key not in [t.key for t in ruled.readings_deciding], ruled.readings_deciding
