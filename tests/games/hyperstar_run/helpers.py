"""Setting up a Hyperstar Run board for a dispute, the way a judge would note it."""

from __future__ import annotations

from typing import Any

from games.core import Ruling
from games.hyperstar_run.rules import RULES
from games.hyperstar_run.shorthand import board, face
from tests.games.plain_answers import assert_answer_is_plain

JSON = dict[str, Any]

__all__ = ["JSON", "RULES", "assert_answer_is_plain", "board", "face"]


def discard(card: str, *buttons: str) -> JSON:
    return {"card": card, "via": "discard", "buttons": list(buttons)}


def press(card: str, *buttons: str) -> JSON:
    return {"card": card, "via": "press", "buttons": list(buttons)}


def pass_card(cost: str, *sources: JSON) -> JSON:
    return {"kind": "pass", "cost": cost, "sources": list(sources)}


def ability(pay: str, card: str) -> JSON:
    return {"kind": "ability", "pay": pay, "card": card}


def swap(level_card: str, hand_card: str) -> JSON:
    return {"kind": "swap", "level_card": level_card, "hand_card": hand_card}


END_RUN: JSON = {"kind": "end-run"}


def claim(what: str = "win") -> JSON:
    return {"kind": "claim", "claim": what}


def rule(state: JSON, move: JSON) -> Ruling:
    return RULES.rule_json(state, move)


def codes(ruling: Ruling) -> list[str]:
    return [r.code for r in ruling.reasons]


def assert_illegal(ruling: Ruling, code: str, rule_key: str) -> None:
    assert not ruling.legal, ruling.summary
    assert code in codes(ruling), codes(ruling)
    assert f"hyperstar-run:{rule_key}" in ruling.cited_rules(), ruling.cited_rules()
    assert ruling.next_state is None


def assert_legal(ruling: Ruling, code: str, rule_key: str) -> JSON:
    assert ruling.legal, (ruling.summary, codes(ruling))
    assert code in codes(ruling), codes(ruling)
    assert f"hyperstar-run:{rule_key}" in ruling.cited_rules(), ruling.cited_rules()
    assert ruling.next_state is not None
    return ruling.next_state


def tutorial_run(**kw: Any) -> JSON:
    """Run 1 of a Tutorial game: the hero over L3 after passing L1 and L2.

    L1 [A], L2 [B] behind the hero; L3 (current) has enemy [A *], start [C C], continue [B];
    hand L10 [A], L11 [B], L12 [C], E1 [A B], E2 [C D].
    """
    args: dict[str, Any] = {
        "hero": 2,
        "level": [
            face("A", enemy="A", start="A A", line="R red"),
            face("B", enemy="B", start="B B", line="LR red"),
            face("C", enemy="A *", start="C C", cont="B", line="L red"),
        ],
        "hand": [face("A"), face("B"), face("C")],
    }
    args.update(kw)
    return board("tutorial", **args)


def assert_voided(ruling: Ruling, code: str, rule_key: str) -> JSON:
    """Legal, with part of the move void: the reason cites its rule; next_state is corrected."""
    assert ruling.legal, (ruling.summary, codes(ruling))
    assert code in [r.code for r in ruling.voided], [r.code for r in ruling.voided]
    assert f"hyperstar-run:{rule_key}" in [r.rule for r in ruling.voided]
    assert ruling.next_state is not None
    return ruling.next_state


KEY = "hyperstar-run:"


def settled(ruling: Ruling, legal: bool, number: str, *flagged: str) -> None:
    assert ruling.legal is legal, (ruling.answer, [r.code for r in ruling.reasons])
    assert ruling.deciding_rule == KEY + number, (ruling.deciding_rule, ruling.answer)
    assert [t.key for t in ruling.readings_deciding] == list(flagged), ruling.readings_deciding
    assert_answer_is_plain(ruling)
