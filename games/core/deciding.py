"""Which of a ruling's reasons decides it: the one rule whose text, read aloud to the other
player, settles the question asked.

Every game's `ReasonCatalog` declares, for its codes, whether each can decide and which win over
which (`ReasonCatalog.decide`): a `general` code (the turn passes on, a cost is paid) never
decides while another reason stands beside it; the codes listed `first` (the specific rule in
doubt: a star button, an automatic call, a Requisition discount, a game won) decide over every
other, in the order listed. Between them, a void decides over a plain reason (the rule that
voids part of a legal move is what the move turns on), and among plain reasons the first
given decides: an engine lists the breaking reason of an illegal move first.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Protocol

GENERAL = 0  # never decides beside another reason
PLAIN = 1
VOID = 2  # a voiding reason, over plain ones
FIRST = 3  # codes listed first: FIRST + (how many come after it in the list)


class Cited(Protocol):
    @property
    def code(self) -> str: ...

    @property
    def rule(self) -> str: ...


# game slug -> the weight of one of its codes (the game's ReasonCatalog registers itself)
_WEIGHTS: dict[str, Callable[[str], int]] = {}


def register(game: str, weigh: Callable[[str], int]) -> None:
    _WEIGHTS[game] = weigh
    _KNOWN.clear()  # a catalog's `decide` registers again with its weights declared


# (rule key, code) -> weight: a ruling weighs each of its reasons, and a game has few codes.
_KNOWN: dict[tuple[str, str], int] = {}


def weight(reason: Cited) -> int:
    """How strongly `reason` decides: GENERAL, PLAIN, or above for the codes listed first."""
    pair = (reason.rule, reason.code)
    known = _KNOWN.get(pair)
    if known is None:
        known = _weigh(reason)
        if len(_KNOWN) < 4096:  # rulings read back from JSON may bring codes of their own
            _KNOWN[pair] = known
    return known


def _weigh(reason: Cited) -> int:
    game = reason.rule.partition(":")[0]
    weigh = _WEIGHTS.get(game)
    if weigh is None and game not in _ABSENT:
        _load(game)
        weigh = _WEIGHTS.get(game)
    return PLAIN if weigh is None else weigh(reason.code)


_ABSENT: set[str] = set()  # games with no reasons module of their own (a test's toy game)


def _load(game: str) -> None:
    """Import the game's reasons (its catalog registers itself): a ruling read back from JSON
    may be weighed before anything else of its game was imported."""
    try:
        importlib.import_module(f"games.{game.replace('-', '_')}.reasons")
    except ImportError:
        _ABSENT.add(game)


def can_decide(reason: Cited) -> bool:
    return weight(reason) != GENERAL


def deciding_reason(reasons: Iterable[Cited], voided: Iterable[Cited] = ()) -> Cited | None:
    """The reason that decides among `reasons` and the `voided` parts: the heaviest, the first
    among equals; None when there is none."""
    best: Cited | None = None
    best_weight = -1
    for reason in reasons:
        w = weight(reason)
        if w > best_weight:
            best, best_weight = reason, w
    for reason in voided:
        w = max(weight(reason), VOID)
        if w > best_weight:
            best, best_weight = reason, w
    return best


def deciding_rule(reasons: Iterable[Cited], voided: Iterable[Cited] = ()) -> str | None:
    """The rule key of `deciding_reason`."""
    reason = deciding_reason(reasons, voided)
    return None if reason is None else reason.rule
