"""Shared helpers: rule on a (state, move) pair and read the ruling like a judge's notes."""

from __future__ import annotations

from typing import Any

from games.core import Reason, Ruling
from games.star_realms_high_alert.reasons import SLUG
from games.star_realms_high_alert.rules import RULES
from tests.games.plain_answers import assert_answer_is_plain

__all__ = ["RULES", "assert_answer_is_plain"]


def rule(state: dict[str, Any], move: dict[str, Any]) -> Ruling:
    return RULES.rule_json(state, move)


def key(number: str) -> str:
    return f"{SLUG}:{number}"


def clar(slug: str) -> str:
    return f"{SLUG}:{slug}"


def reason(ruling: Ruling, code: str) -> Reason:
    found = [r for r in ruling.reasons if r.code == code]
    assert found, f"no reason {code!r} in {[r.code for r in ruling.reasons]}: {ruling.summary}"
    return found[0]


def assert_legal(ruling: Ruling, code: str, rule_number: str) -> Reason:
    assert ruling.legal, ruling.summary
    got = reason(ruling, code)
    assert got.rule == key(rule_number)
    return got


def assert_illegal(ruling: Ruling, code: str, rule_number: str) -> Reason:
    assert not ruling.legal, ruling.summary
    assert ruling.next_state is None
    got = reason(ruling, code)
    assert got.rule == key(rule_number)
    return got


def other(symbol: str, n: int = 1, **extra: Any) -> dict[str, Any]:
    """A card from outside High Alert in the play area, known only by its faction symbol."""
    return {"id": f"o{n}", "name": f"{symbol} card {n}", "factions": [symbol], **extra}


def played(slug: str, card_id: str = "c1", **extra: Any) -> dict[str, Any]:
    return {"id": card_id, "card": slug, **extra}


def use_ally(card_id: str = "c1") -> dict[str, Any]:
    return {"kind": "use-ally", "card": card_id}


def use_double_ally(card_id: str = "c1") -> dict[str, Any]:
    return {"kind": "use-double-ally", "card": card_id}


def acquire(card_id: str = "r1") -> dict[str, Any]:
    return {"kind": "acquire", "card": card_id}
