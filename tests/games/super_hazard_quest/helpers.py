"""Builders for Super Hazard Quest board scenarios, so each test reads like a judge's notes.

Coordinates: x grows to the right, y grows upward; a hero starts on the flag (left edge) of its
card. Crossing a card from its flag to the next card on the right takes five "right" steps:
left space, middle, right space, right edge, then the right exit.
"""

from __future__ import annotations

from typing import Any

from games.core import Ruling
from games.super_hazard_quest.rules import RULES
from tests.games.plain_answers import assert_answer_is_plain

JSON = dict[str, Any]

SLUG = "super-hazard-quest"


def key(number: str) -> str:
    return f"{SLUG}:{number}"


def room(x: int, y: int, **face: Any) -> dict[str, Any]:
    return {"x": x, "y": y, **face}


def face(**kw: Any) -> dict[str, Any]:
    return dict(kw)


def dual(item_id: str, first: str, second: str) -> dict[str, Any]:
    return {"kind": "dual-action", "id": item_id, "actions": [first, second]}


def super_item(item_id: str, action: str) -> dict[str, Any]:
    return {"kind": "super", "id": item_id, "action": action}


def magic(item_id: str) -> dict[str, Any]:
    return {"kind": "magic", "id": item_id}


def super_magic(item_id: str) -> dict[str, Any]:
    return {"kind": "super-magic", "id": item_id}


def hazard_item(item_id: str, kind: str) -> dict[str, Any]:
    return {"kind": "hazard", "id": item_id, "hazard": kind}


def special(item_id: str) -> dict[str, Any]:
    return {"kind": "special", "id": item_id}


def hero(
    player: str,
    inherent: str,
    x: int = 0,
    y: int = 0,
    hand: list[dict[str, Any]] | None = None,
    red: int = 0,
    blue: int = 0,
    unseen: int | None = None,
) -> dict[str, Any]:
    """A hero between turns holds five items (rule 5.10): those not given are unseen."""
    if unseen is None:
        unseen = max(0, 5 - len(hand or []))
    return {
        "player": player,
        "inherent": inherent,
        "x": x,
        "y": y,
        "hand": hand or [],
        "crystals": {"red": red, "blue": blue},
        "unseen": unseen,
    }


def board(
    rooms: list[dict[str, Any]],
    heroes: list[dict[str, Any]],
    turn: str | None = None,
    dungeon_deck: int | None = None,
    item_deck: int | None = None,
    discard: int = 5,
) -> dict[str, Any]:
    """The Item deck holds what the hands and the discard pile do not: 54 in all (rule 1.1).
    Asked for an empty Item deck and discard pile (so that a hero may hold fewer than five
    with nothing to draw), the two are left not described instead: with hands of five at most
    (rule 5.10) the 54 Item Cards cannot all be in hands."""
    held = sum(len(h.get("hand", [])) + h.get("unseen", 0) for h in heroes)
    deck: int | None = item_deck
    pile: int | None = discard
    if item_deck is None:
        deck = 54 - held - discard
    elif item_deck == 0 and discard == 0 and held < 54:
        deck = pile = None
    return {
        "dungeon": rooms,
        "heroes": heroes,
        "turn": turn or heroes[0]["player"],
        "dungeon_deck": 26 - len(rooms) if dungeon_deck is None else dungeon_deck,
        "item_deck": deck,
        "discard": pile,
    }


def go(direction: str, using: str | None = None, drawn: dict[str, Any] | None = None) -> dict:
    step: dict[str, Any] = {"kind": "go", "dir": direction}
    if using is not None:
        step["using"] = using
    if drawn is not None:
        step["drawn"] = drawn
    return step


def cross_right(
    exit_using: str | None = None,
    left: str | None = None,
    right: str | None = None,
    drawn: dict[str, Any] | None = None,
) -> list[dict]:
    """From a card's flag to the flag of the card on its right."""
    return [
        go("right", left),
        go("right"),
        go("right", right),
        go("right"),
        go("right", exit_using, drawn),
    ]


def turn(player: str, *steps: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"kind": "standard-turn", "player": player, "path": list(steps), **extra}


def rule(state: dict[str, Any], move: dict[str, Any]) -> Ruling:
    return RULES.rule_json(state, move)


def assert_legal(ruling: Ruling, code: str | None = None, number: str | None = None) -> None:
    assert ruling.legal, ruling.summary
    if code is not None:
        found = [r for r in ruling.reasons if r.code == code]
        assert found, [r.code for r in ruling.reasons]
        if number is not None:
            assert found[0].rule == key(number)


def assert_illegal(ruling: Ruling, code: str, number: str) -> None:
    assert not ruling.legal, ruling.summary
    assert ruling.reasons[0].code == code, ruling.reasons
    assert ruling.reasons[0].rule == key(number)


def two_heroes(*hand: dict[str, Any], inherent: str = "unlock", **kw: Any) -> list[dict]:
    return [hero("Ana", inherent, hand=list(hand), **kw), hero("Ben", "stomp")]


# The Item deck and the discard pile are empty, so a hand may hold fewer than five (rule 7.7):
# the boards of Running Leaps, where the whole hand is spent.
LAST_ITEMS: dict[str, int] = {"item_deck": 0, "discard": 0}


def assert_voided(ruling: Ruling, code: str, number: str) -> None:
    """Legal, with one part of the move void under the rule that voids it."""
    assert ruling.legal, ruling.summary
    found = [v for v in ruling.voided if v.code == code]
    assert found, [v.code for v in ruling.voided]
    assert found[0].rule == key(number)
    assert ruling.next_state is not None


KEY = "super-hazard-quest:"
BOSS: JSON = {"actions": ["attack", "attack", "hide", "unlock"], "prize": "red-crystal"}
# Two Attack hazards on the Starting Card, its right exit Unlock; the card to its right bare.
TWO_ATTACKS = [
    room(0, 0, exits={"right": "unlock"}, left_space="attack", right_space="attack"),
    room(1, 0),
]
BEN = hero("Ben", "dig")


def settled(ruling: Ruling, legal: bool, number: str, *flagged: str) -> None:
    assert ruling.legal is legal, ruling.answer
    assert ruling.deciding_rule == KEY + number, (ruling.deciding_rule, ruling.answer)
    assert [t.key for t in ruling.readings_deciding] == [KEY + f for f in flagged]
    if ruling.answer.startswith(("Yes", "No")):  # else the outcome: "Ana wins the game: ..."
        assert_answer_is_plain(ruling)


def fight(*using: str, take: JSON | None = None) -> JSON:
    out: JSON = {"kind": "fight", "using": list(using)}
    if take is not None:
        out["take"] = take
    return out


def ask(item: str, action: str, answer: str | None = None) -> JSON:
    return {"item": item, "action": action, "answer": answer}


def ana(*hand: JSON, inherent: str = "unlock", **kw: Any) -> JSON:
    return hero("Ana", inherent, hand=list(hand), **kw)
