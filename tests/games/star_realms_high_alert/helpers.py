"""Shared helpers: rule on a (state, move) pair and read the ruling like a judge's notes."""

from __future__ import annotations

from typing import Any

from games.core import Reason, Ruling
from games.star_realms_high_alert.reasons import SLUG
from games.star_realms_high_alert.rules import RULES
from games.star_realms_high_alert.setup import pack
from tests.games.plain_answers import assert_answer_is_plain

JSON = dict[str, Any]

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


END: JSON = {"kind": "end-turn"}


def log(state: dict[str, Any], moves: list[dict[str, Any]]) -> Any:
    """A whole log of moves ruled on the table `state`, move by move."""
    return RULES.rule_sequence_json(state, moves)


def settled(ruling: Ruling, legal: bool, number: str, *flagged: str) -> None:
    assert ruling.legal is legal, ruling.answer
    assert ruling.deciding_rule == key(number), (ruling.deciding_rule, ruling.answer)
    assert [t.key for t in ruling.readings_deciding] == list(flagged), ruling.readings_deciding
    assert_answer_is_plain(ruling)


def row(slug: str, card_id: str = "r1") -> JSON:
    return {"id": card_id, "card": slug}


def hero(slug: str, played_this_turn: bool = False) -> JSON:
    return {"id": "h1", "card": slug, "played_this_turn": played_this_turn}


def tech(slug: str, **extra: Any) -> JSON:
    return {"id": "t1", "card": slug, **extra}


def merged(n: int, symbol: str = "star-empire-trade-federation", **extra: Any) -> JSON:
    return {"id": f"o{n}", "factions": [symbol], **extra}


def whole(*packs: str) -> dict[str, int]:
    return {slug: n for p in packs for slug, n in pack(p).items()}


def setup(packs: list[str], added: dict[str, int]) -> Ruling:
    return rule({"expansions": packs}, {"kind": "setup", "added": added})
