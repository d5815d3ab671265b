"""Setting up a Higher or Lower table for a dispute, the way a judge would note it."""

from __future__ import annotations

from typing import Any

from games.core import Ruling
from games.higher_lower.rules import RULES
from tests.games.plain_answers import assert_answer_is_plain

__all__ = ["RULES", "assert_answer_is_plain"]

JSON = dict[str, Any]


def table(
    ana: list[int] | int = 5,
    ben: list[int] | int = 5,
    cy: list[int] | int = 5,
    *,
    last: int | None = 7,
    call: str | None = "higher",
    call_by: str | None = "Cy",
    turn: str = "Ana",
    deck: int | None = None,
    discard: list[int] | None = None,
    chain: list[str] | None = None,
    boosters: Any = 3,
) -> JSON:
    """Ana, Ben and Cy in seat order (each on the left of the one before); by default Cy has
    laid a 7 and called 'higher', and it is Ana's turn. The deck holds 20 cards once a card
    is laid; before that, the rest of the box (every playing card is in a hand or the deck
    until the first is laid, rules 1.1 and 3.2)."""
    if deck is None:
        held = sum(h if isinstance(h, int) else len(h) for h in (ana, ben, cy))
        deck = 20 if last is not None else 60 - held
    return {
        "players": [
            {"name": "Ana", "hand": ana, "boosters": boosters},
            {"name": "Ben", "hand": ben, "boosters": 2},
            {"name": "Cy", "hand": cy, "boosters": 2},
        ],
        "turn": turn,
        "last_card": last,
        "call": call if last is not None else None,
        "call_by": call_by if last is not None else None,
        "match_chain": chain or [],
        "discard": discard or [],
        "deck": deck,
    }


def play(value: int, call: str | None = None, player: str | None = None) -> JSON:
    return {"kind": "play", "value": value, "call": call, "player": player}


def match(value: int | None = None, player: str | None = None) -> JSON:
    return {"kind": "match", "value": value, "player": player}


def draw(drawn: int | None = None, player: str | None = None) -> JSON:
    return {"kind": "draw", "drawn": drawn, "player": player}


def booster(category: str = "Rare", target: str | None = "Ben", player: str | None = None) -> JSON:
    return {"kind": "booster", "category": category, "target": target, "player": player}


def rule(state: JSON, move: JSON) -> Ruling:
    return RULES.rule_json(state, move)


def codes(ruling: Ruling) -> list[str]:
    return [r.code for r in ruling.reasons]


def assert_illegal(ruling: Ruling, code: str, rule_key: str) -> None:
    assert not ruling.legal, ruling.summary
    assert code in codes(ruling), codes(ruling)
    assert rule_key in ruling.cited_rules()
    assert ruling.next_state is None


def assert_legal(ruling: Ruling, code: str, rule_key: str) -> JSON:
    assert ruling.legal, ruling.summary
    assert code in codes(ruling), codes(ruling)
    assert rule_key in ruling.cited_rules()
    assert ruling.next_state is not None
    return ruling.next_state


def assert_voided(ruling: Ruling, code: str, rule_key: str) -> JSON:
    """Legal, with a part of the move void: the reason is in `voided`, citing its rule, and
    the next state is the corrected one."""
    assert ruling.legal, ruling.summary
    assert code in [r.code for r in ruling.voided], [r.code for r in ruling.voided]
    assert rule_key in ruling.cited_rules()
    assert rule_key in [r.rule for r in ruling.voided]
    assert ruling.next_state is not None
    return ruling.next_state


KEY = "higher-lower:"


def settled(ruling: Ruling, legal: bool, number: str, *flagged: str) -> None:
    assert ruling.legal is legal, ruling.answer
    assert ruling.deciding_rule == KEY + number, (ruling.deciding_rule, ruling.answer)
    assert [t.key for t in ruling.readings_deciding] == list(flagged), ruling.readings_deciding
    assert_answer_is_plain(ruling)
