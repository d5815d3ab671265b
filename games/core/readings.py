"""Readings of the points the rulebook leaves open, and which of them an answer turns on.

Where the rulebook is silent or ambiguous an engine still answers, on our reading (a reference
ruling, a `Clarification`, keyed `<game>:<slug>`). Where an engine applies such a reading it
asks `ours(key)`: true under our reading, false when the answer is being worked out the other
way. Core rules a move again with one reading flipped (`flipped`) to learn whether the answer
turns on it (`turning_readings`): only the readings the engine consulted are tried, so a ruling
that consulted none costs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from pydantic import BaseModel, Field

from games.core.errors import BadInput

_FLIPPED: ContextVar[frozenset[str]] = ContextVar("readings_flipped", default=frozenset())
_CONSULTED: ContextVar[list[str] | None] = ContextVar("readings_consulted", default=None)


def ours(key: str) -> bool:
    """Whether to rule on our reading of the open point `key` (else the other reading)."""
    consulted = _CONSULTED.get()
    if consulted is not None and key not in consulted:
        consulted.append(key)
    return key not in _FLIPPED.get()


@contextmanager
def flipped(*keys: str) -> Iterator[None]:
    """Rule, inside the block, on the other reading of each of `keys`."""
    token = _FLIPPED.set(_FLIPPED.get() | frozenset(keys))
    try:
        yield
    finally:
        _FLIPPED.reset(token)


@contextmanager
def consulting() -> Iterator[list[str]]:
    """Collect, inside the block, the keys of the open points the engine consulted (`ours`)."""
    keys: list[str] = []
    token = _CONSULTED.set(keys)
    try:
        yield keys
    finally:
        _CONSULTED.reset(token)


class ReadingTurn(BaseModel):
    """A reading the answer turns on: read the other way, the answer would differ."""

    key: str = Field(description="The reference ruling's key, `<game>:<slug>`.")
    other_verdict: str = Field(description="The verdict under the other reading.")
    other_answer: str = Field(description="The answer under the other reading, in plain words.")


T = TypeVar("T")


def consulted_while(work: Callable[[], T]) -> tuple[T, list[str]]:
    """`work()`'s result and the open points it consulted (`consulting`, without a generator:
    every ruling passes here)."""
    keys: list[str] = []
    token = _CONSULTED.set(keys)
    try:
        result = work()
    finally:
        _CONSULTED.reset(token)
    return result, keys


def turning_readings(
    work: Callable[[], Any],
    keys: list[str],
    differs: Callable[[Any], tuple[str, str] | None],
) -> list[ReadingTurn]:
    """The readings among `keys` that `work`'s answer turns on: run `work` again under the
    other reading of each; `differs(other)` is (verdict, answer) when `other` answers
    differently, else None. A reading under which the question cannot be put (bad input read
    the other way) is not one the answer turns on."""
    turns: list[ReadingTurn] = []
    for key in keys:
        with flipped(key):
            try:
                other = work()
            except BadInput:
                continue
        found = differs(other)
        if found is not None:
            turns.append(ReadingTurn(key=key, other_verdict=found[0], other_answer=found[1]))
    return turns
