"""Common disputes as flat forms (filled in on the website), each built into a state and move.

Each builder sets up the smallest board that asks the question and nothing else.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core import Question
from games.super_hazard_quest.state import ALL_ACTIONS, COMBAT_ACTIONS, Action

ItemKind = Literal["dual-action", "super", "magic", "super-magic", "hazard", "special"]
# The next action round the list: a hero's action that differs from a given one.
OTHER: dict[str, Action] = dict(zip(ALL_ACTIONS, ALL_ACTIONS[1:] + ALL_ACTIONS[:1], strict=True))


def _opponent(inherent: str) -> dict[str, Any]:
    """A second hero, needed because the game has at least two players."""
    spare = next(a for a in ALL_ACTIONS if a != inherent)
    return {"player": "Opponent", "inherent": spare, "x": 0, "y": 0, "unseen": 5}


def _item(kind: str, item_id: str, first: str, second: str) -> dict[str, Any]:
    if kind == "dual-action":
        return {"kind": kind, "id": item_id, "actions": [first, second]}
    if kind == "super":
        return {"kind": kind, "id": item_id, "action": first}
    if kind == "hazard":
        return {
            "kind": kind,
            "id": item_id,
            "hazard": "combat" if first in COMBAT_ACTIONS else "direction",
        }
    return {"kind": kind, "id": item_id}


# ----------------------------------------------------------------- can I pass this hazard?


class PassHazardForm(BaseModel):
    hazard: Action = Field(description="The action the hazard names")
    item_kind: ItemKind = Field(description="The item you want to pass it with")
    item_action: Action = Field(description="The item's (first) action, if it prints one")
    item_second_action: Action = Field(description="A Dual Action item's second action")
    inherent: Action = Field(description="Your hero's Inherent Action")


def build_pass_hazard(form: PassHazardForm) -> tuple[dict[str, Any], dict[str, Any]]:
    """The hazard stands on the way from your Checkpoint to the card on the left: as that
    card's left exit's hazard, or in its right combat space (then the exit is passed by your
    Inherent Action, or by a helper Super Item if your Inherent Action cannot)."""
    item = _item(form.item_kind, "item", form.item_action, form.item_second_action)
    hand = [item]
    start: dict[str, Any] = {"x": 0, "y": 0, "exits": {}}
    west: dict[str, Any] = {"x": -1, "y": 0}
    path: list[dict[str, Any]] = []
    if form.hazard in COMBAT_ACTIONS:
        start["exits"]["left"] = "lift"
        exit_using = "inherent"
        if form.inherent != "lift":
            hand.append({"kind": "super", "id": "helper", "action": "lift"})
            exit_using = "helper"
        west["right_space"] = form.hazard
        path = [
            {"kind": "go", "dir": "left", "using": exit_using},
            {"kind": "go", "dir": "left", "using": "item"},
        ]
    else:
        start["exits"]["left"] = form.hazard
        path = [{"kind": "go", "dir": "left", "using": "item"}, {"kind": "go", "dir": "left"}]
    path += [{"kind": "go", "dir": "left"}] * 3
    state = {
        "dungeon": [start, west],
        "heroes": [
            {
                "player": "You",
                "inherent": form.inherent,
                "x": 0,
                "y": 0,
                "hand": hand,
                "unseen": 5 - len(hand),
            },
            _opponent(form.inherent),
        ],
        "turn": "You",
        "dungeon_deck": 24,
        "item_deck": 44,  # 54 less the two hands of five
    }
    return state, {"kind": "standard-turn", "player": "You", "path": path}


# ----------------------------------------------------------------- can I Look and discard?


class LookAndDiscardForm(BaseModel):
    discard: int = Field(ge=0, le=5, description="How many items you discard")
    look: bool = Field(description="Do you also Look this turn?")


def build_look_and_discard(form: LookAndDiscardForm) -> tuple[dict[str, Any], dict[str, Any]]:
    hand = [{"kind": "magic", "id": f"i{k}"} for k in range(5)]
    state = {
        "dungeon": [{"x": 0, "y": 0}],
        "heroes": [
            {
                "player": "You",
                "inherent": "climb",
                "x": 0,
                "y": 0,
                "hand": hand,
                "unseen": 5 - len(hand),
            },
            _opponent("climb"),
        ],
        "turn": "You",
        "dungeon_deck": 25,
        "item_deck": 44,  # 54 less the two hands of five
    }
    move: dict[str, Any] = {
        "kind": "discard-turn",
        "player": "You",
        "discard": [f"i{k}" for k in range(form.discard)],
    }
    if form.look:
        move["look"] = {"dir": "right", "drawn": {}}
    return state, move


# ----------------------------------------------------------------- was I wounded?


class WoundForm(BaseModel):
    new_room: Literal[
        "checkpoint-on-arrival",
        "hazard-i-cannot-pass",
        "hazard-i-can-pass",
        "dead-end",
        "red-scrambler",
        "blue-scrambler",
    ] = Field(description="What the card you drew on entering a new room holds")
    red_crystals: int = Field(ge=0, le=9, description="Red crystals you hold")
    blue_crystals: int = Field(ge=0, le=9, description="Blue crystals you hold")


def build_wound(form: WoundForm) -> tuple[dict[str, Any], dict[str, Any]]:
    """You leave your card to the right with your Inherent Action (Unlock) and draw the room."""
    drawn: dict[str, Any] = {
        "checkpoint-on-arrival": {},
        "hazard-i-cannot-pass": {
            "checkpoint": False,
            "left_space": "attack",
            "exits": {"right": "unlock"},
        },
        "hazard-i-can-pass": {
            "checkpoint": False,
            "left_space": "hide",
            "exits": {"right": "unlock"},
        },
        "dead-end": {"dead_end": True, "checkpoint": False},
        "red-scrambler": {"scrambler": "red", "checkpoint": False},
        "blue-scrambler": {"scrambler": "blue", "checkpoint": False},
    }[form.new_room]
    state = {
        "dungeon": [{"x": 0, "y": 0, "exits": {"right": "unlock"}}],
        "heroes": [
            {
                "player": "You",
                "inherent": "unlock",
                "x": 0,
                "y": 0,
                "hand": [{"kind": "super", "id": "cloak", "action": "hide"}],
                "unseen": 4,
                "crystals": {"red": form.red_crystals, "blue": form.blue_crystals},
            },
            _opponent("unlock"),
        ],
        "turn": "You",
        "dungeon_deck": 25,
        "item_deck": 44,  # 54 less the two hands of five
    }
    path = [{"kind": "go", "dir": "right"}] * 4 + [
        {"kind": "go", "dir": "right", "using": "inherent", "drawn": drawn}
    ]
    return state, {"kind": "standard-turn", "player": "You", "path": path}


# ----------------------------------------------------------------- who goes first?


class WhoStartsForm(BaseModel):
    stage_numbers: list[int] = Field(
        min_length=2,
        max_length=8,
        description="The Stage Number each player drew, in seating order; 0 for a card without one",
    )
    claimed_first: int = Field(ge=1, le=8, description="Who the table says starts (seat number)")


def build_who_starts(form: WhoStartsForm) -> tuple[dict[str, Any], dict[str, Any]]:
    players = [f"Seat {k + 1}" for k in range(len(form.stage_numbers))]
    heroes = [{"player": p, "inherent": ALL_ACTIONS[k]} for k, p in enumerate(players)]
    draws = [
        {"player": p, "card": {"stage": s or None}}
        for p, s in zip(players, form.stage_numbers, strict=True)
    ]
    first = players[min(form.claimed_first, len(players)) - 1]
    state = {"dungeon": [], "heroes": heroes, "dungeon_deck": 26, "item_deck": 54}
    return state, {"kind": "setup", "draws": draws, "first": first}


# ----------------------------------------------------------------- do I steal the crystal?


class BattleForm(BaseModel):
    hazard_item: Literal["combat", "direction"] = Field(description="Your Hazard Item's kind")
    requested: Action = Field(description="The action you ask for")
    defender_item_action: Action = Field(description="The action the defender's Super Item gives")
    defender_inherent: Action = Field(description="The defender's Inherent Action")
    defender_answers: bool = Field(description="Does the defender answer with that item?")


def build_battle(form: BattleForm) -> tuple[dict[str, Any], dict[str, Any]]:
    mine = OTHER[form.defender_inherent]
    state = {
        "dungeon": [{"x": 0, "y": 0}],
        "heroes": [
            {
                "player": "You",
                "inherent": mine,
                "x": 0,
                "y": 0,
                "hand": [{"kind": "hazard", "id": "trap", "hazard": form.hazard_item}],
                "unseen": 4,
            },
            {
                "player": "Defender",
                "inherent": form.defender_inherent,
                "x": 0,
                "y": 0,
                "crystals": {"red": 1},
                "hand": [{"kind": "super", "id": "shield", "action": form.defender_item_action}],
                "unseen": 4,
            },
        ],
        "turn": "You",
        "dungeon_deck": 25,
        "item_deck": 44,  # 54 less the two hands of five
    }
    request = {
        "item": "trap",
        "action": form.requested,
        "answer": "shield" if form.defender_answers else None,
    }
    return state, {
        "kind": "hero-battle",
        "player": "You",
        "opponent": "Defender",
        "requests": [request],
    }


QUESTIONS: tuple[Question, ...] = (
    Question(
        "pass-hazard",
        "Can I pass this hazard with this item?",
        PassHazardForm,
        build_pass_hazard,
        help="One hazard on the way to the next Checkpoint.",
    ),
    Question(
        "look-and-discard",
        "Can I Look and discard in one turn?",
        LookAndDiscardForm,
        build_look_and_discard,
    ),
    Question(
        "was-i-wounded",
        "Was I wounded?",
        WoundForm,
        build_wound,
        help="You enter a new room and draw its card.",
    ),
    Question("who-starts", "Who goes first?", WhoStartsForm, build_who_starts),
    Question(
        "hero-battle", "Do I steal the crystal in this Hero Battle?", BattleForm, build_battle
    ),
)
