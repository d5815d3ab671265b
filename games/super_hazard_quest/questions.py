"""Common disputes as flat forms (filled in on the website), each built into a state and move.

Each builder sets up the smallest board that asks the question and nothing else.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core import Question
from games.core.rules import labelled
from games.super_hazard_quest.state import (
    ALL_ACTIONS,
    COMBAT_ACTIONS,
    HAND_SIZE,
    NOT_DESCRIBED,
    Action,
)

ItemKind = Literal["dual-action", "super", "magic", "super-magic", "hazard", "special"]

ACTIONS = {a: a.capitalize() for a in ALL_ACTIONS}
ITEM_KINDS = {
    "dual-action": "Dual Action Item",
    "super": "Super Item",
    "magic": "Magic Item",
    "super-magic": "Super Magic Item",
    "hazard": "Hazard Item",
    "special": "Special Item",
}


# The forms ask no count of the decks or of the discard pile: each is not described, and
# no ruling here rests on one (a card drawn is drawn at the player's word).
DECKS_NOT_ASKED: dict[str, Any] = {"dungeon_deck": None, "item_deck": None, "discard": None}


def _opponent() -> dict[str, Any]:
    """The second hero the game needs (at least two players): neither its Inherent Action,
    where it stands, how many items nor how many crystals it holds was asked, so none is
    described (null), and the ruling never rests on them."""
    return {
        "player": "Your opponent",
        "inherent": None,
        "x": None,
        "y": None,
        "unseen": None,
        "crystals": None,
    }


def _your_card(x: int = 0, **face: Any) -> dict[str, Any]:
    """Your Checkpoint's card, at (x, 0): of its face only what is in `face` is described,
    its sides (`walls: []`) and combat spaces (`blank: []`) included; the rules take it as a
    Checkpoint (rule 5.3)."""
    return {"x": x, "y": 0, "walls": [], "blank": [], **face}


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
    hazard: Action = Field(
        "attack",
        title="The hazard in your way",
        description="The action it calls for.",
        json_schema_extra=labelled(ACTIONS),
    )
    item_kind: ItemKind = Field(
        "super",
        title="The item you want to pass it with",
        json_schema_extra=labelled(ITEM_KINDS),
    )
    item_action: Action = Field(
        "attack",
        title="The item's action",
        description="The first action a Dual Action Item prints.",
        json_schema_extra=labelled(ACTIONS),
    )
    item_second_action: Action = Field(
        "defend",
        title="Its second action",
        description="Only for a Dual Action Item.",
        json_schema_extra=labelled(ACTIONS),
    )
    inherent: Action = Field(
        "climb", title="Your hero's Inherent Action", json_schema_extra=labelled(ACTIONS)
    )


def build_pass_hazard(form: PassHazardForm) -> tuple[dict[str, Any], dict[str, Any]]:
    """Your Checkpoint's card with the hazard on it, and the one step that meets it: a combat
    hazard in the card's left combat space, the first space after your flag; a direction
    hazard on the card's left exit, beside your flag. The step is ruled alone (`goes_on`):
    the turn goes on, so no room beyond, and no other item, is needed or invented."""
    item = _item(form.item_kind, "1", form.item_action, form.item_second_action)
    start = _your_card()
    if form.hazard in COMBAT_ACTIONS:
        start["left_space"] = form.hazard
        step = {"kind": "go", "dir": "right", "using": "1"}
    else:
        # Leaving by this door passes its Direction Hazard; the card beyond is not drawn.
        start["exits"] = {"left": form.hazard}
        step = {"kind": "go", "dir": "left", "using": "1"}
    state = {
        "dungeon": [start],
        "heroes": [
            {
                "player": "You",
                "inherent": form.inherent,
                "x": 0,
                "y": 0,
                "hand": [item],
                "unseen": HAND_SIZE - 1,
                "crystals": None,  # not asked: passing a hazard does not rest on them
            },
            _opponent(),
        ],
        "turn": "You",
        **DECKS_NOT_ASKED,
    }
    return state, {"kind": "standard-turn", "player": "You", "path": [step], "goes_on": True}


# ----------------------------------------------------------------- can I Look and discard?


class LookAndDiscardForm(BaseModel):
    discard: int = Field(2, ge=0, le=5, title="How many items you discard")
    look: bool = Field(True, title="I also Look this turn")
    inherent: Action = Field(
        "climb",
        title="Your hero's Inherent Action",
        description="A Discard Turn is allowed only when your hero cannot take a Standard Turn.",
        json_schema_extra=labelled(ACTIONS),
    )


def build_look_and_discard(form: LookAndDiscardForm) -> tuple[dict[str, Any], dict[str, Any]]:
    """Your five items are held but not shown (the form does not ask what they are), and the
    ones you discard are discarded unseen."""
    state = {
        # Your card, nothing of it described: whether you could move instead rests on the
        # player's word (as for the items not shown), and the ruling says so.
        "dungeon": [_your_card()],
        "heroes": [
            {
                "player": "You",
                "inherent": form.inherent,
                "x": 0,
                "y": 0,
                "unseen": HAND_SIZE,
                "crystals": None,  # not asked: a Discard Turn does not rest on them
            },
            _opponent(),
        ],
        "turn": "You",
        **DECKS_NOT_ASKED,
    }
    move: dict[str, Any] = {"kind": "discard-turn", "player": "You", "discard_unseen": form.discard}
    if form.look:
        move["look"] = {"dir": "right", "drawn": {}}
    return state, move


# ----------------------------------------------------------------- was I wounded?

NewRoom = Literal["checkpoint", "hazard", "dead-end", "red-scrambler", "blue-scrambler"]
NEW_ROOMS: dict[str, str] = {
    "hazard": "A Checkpoint, behind one combat hazard",
    "checkpoint": "A Checkpoint, with nothing in the way",
    "dead-end": "A Dead End",
    "red-scrambler": "The red Scrambler",
    "blue-scrambler": "The blue Scrambler",
}
HELD_ITEMS = {"none": "No item", **ITEM_KINDS}


class WoundForm(BaseModel):
    new_room: NewRoom = Field(
        "hazard",
        title="The card you drew and walked into",
        description="What stands between the door you came in by and the card's Checkpoint.",
        json_schema_extra=labelled(NEW_ROOMS),
    )
    hazard: Literal["stomp", "attack", "defend", "hide"] = Field(
        "attack",
        title="The combat hazard in your way",
        description="Only for a Checkpoint behind a hazard: the action it calls for.",
        json_schema_extra=labelled({a: ACTIONS[a] for a in COMBAT_ACTIONS}),
    )
    inherent: Action = Field(
        "climb",
        title="Your hero's Inherent Action",
        description="Only for a Checkpoint behind a hazard: it may pass it.",
        json_schema_extra=labelled(ACTIONS),
    )
    item_kind: Literal["none", ItemKind] = Field(
        "none",
        title="An item you have not used yet this turn",
        description="Only for a Checkpoint behind a hazard: it may pass it.",
        json_schema_extra=labelled(HELD_ITEMS),
    )
    item_action: Action = Field(
        "attack",
        title="The item's action",
        description="The first action a Dual Action Item prints.",
        json_schema_extra=labelled(ACTIONS),
    )
    item_second_action: Action = Field(
        "defend",
        title="Its second action",
        description="Only for a Dual Action Item.",
        json_schema_extra=labelled(ACTIONS),
    )
    red_crystals: int = Field(0, ge=0, le=9, title="Red crystals you hold")
    blue_crystals: int = Field(0, ge=0, le=9, title="Blue crystals you hold")


def build_wound(form: WoundForm) -> tuple[dict[str, Any], dict[str, Any]]:
    """Your card and the one you walked into, and the one step between them. The door you
    left by is not described, nor what got you through it: the step leaves by a side of your
    card left undescribed (rule 4.4), so no door, item or walk across your card is made up.
    The hero comes in at the new card's right edge, where its first combat space is the next
    station: a hazard there is passed, or the hero is stuck (rule 8.1). Your Inherent Action
    and an unused item are described only when that hazard is asked about; otherwise the
    ruling cannot rest on them (a Dead End or a Scrambler decides at once, rules 8.4, 8.5)."""
    rooms: dict[str, dict[str, Any]] = {
        # "Nothing in the way": both combat spaces, between the door and the flag, are blank.
        "checkpoint": {"checkpoint": True, "blank": ["left", "right"]},
        # "Behind one combat hazard": the first space holds it, the other is blank.
        "hazard": {"checkpoint": True, "right_space": form.hazard, "blank": ["left"]},
        "dead-end": {"dead_end": True},
        "red-scrambler": {"scrambler": "red"},
        "blue-scrambler": {"scrambler": "blue"},
    }
    drawn = {"walls": [], "blank": [], **rooms[form.new_room]}
    asked = form.new_room == "hazard"
    hand = [_item(form.item_kind, "1", form.item_action, form.item_second_action)]
    hand = hand if asked and form.item_kind != "none" else []
    you: dict[str, Any] = {
        "player": "You",
        "inherent": form.inherent if asked else None,
        "x": 1,
        "y": 0,
        "hand": hand,
        "unseen": HAND_SIZE - len(hand),
        "crystals": {"red": form.red_crystals, "blue": form.blue_crystals},
    }
    state = {
        # Your card at (1, 0), so that the card entered, on its left, lies at (0, 0).
        "dungeon": [_your_card(1)],
        "heroes": [you, _opponent()],
        "turn": "You",
        **DECKS_NOT_ASKED,
    }
    step = {"kind": "go", "dir": "left", "using": NOT_DESCRIBED, "drawn": drawn}
    return state, {"kind": "standard-turn", "player": "You", "path": [step], "goes_on": True}


# ----------------------------------------------------------------- who goes first?


class WhoStartsForm(BaseModel):
    stage_numbers: list[int] = Field(
        default_factory=lambda: [3, 5],
        min_length=2,
        max_length=8,
        title="The Stage Number each player drew",
        description="One a line, in seating order starting with you; 0 for a card without one.",
    )
    claimed_first: int = Field(
        2,
        ge=1,
        le=8,
        title="Who the table says starts",
        description="Their seat: 1 is you, 2 the player on your left, and so on.",
    )


def _seat(k: int) -> str:
    """The player in seat `k` (1 is you) as the form says it: "The player on your left" for
    seat 2, "The player 2 seats to your left" for seat 3, and so on round the table (in
    figures: a player's name holds 32 characters at most)."""
    return "The player on your left" if k == 2 else f"The player {k - 1} seats to your left"


def build_who_starts(form: WhoStartsForm) -> tuple[dict[str, Any], dict[str, Any]]:
    players = ["You", *(_seat(k) for k in range(2, len(form.stage_numbers) + 1))]
    # Who starts rests on the Stage Numbers alone: the heroes' Inherent Actions are not asked.
    heroes = [{"player": p, "inherent": None} for p in players]
    draws = [
        {"player": p, "card": {"stage": s or None}}
        for p, s in zip(players, form.stage_numbers, strict=True)
    ]
    first = players[min(form.claimed_first, len(players)) - 1]
    state = {"dungeon": [], "heroes": heroes, "dungeon_deck": 26, "item_deck": 54}
    return state, {"kind": "setup", "draws": draws, "first": first}


# ----------------------------------------------------------------- do I steal the crystal?


class BattleForm(BaseModel):
    hazard_item: Literal["combat", "direction"] = Field(
        "combat",
        title="Your Hazard Item",
        json_schema_extra={"options": {"combat": "Combat hazard", "direction": "Direction hazard"}},
    )
    requested: Action = Field(
        "attack", title="The action you ask for", json_schema_extra=labelled(ACTIONS)
    )
    defender_item_action: Action = Field(
        "attack",
        title="The action your opponent's Super Item gives",
        json_schema_extra=labelled(ACTIONS),
    )
    defender_inherent: Action = Field(
        "climb", title="Your opponent's Inherent Action", json_schema_extra=labelled(ACTIONS)
    )
    defender_answers: bool = Field(True, title="My opponent answers with that item")


def build_battle(form: BattleForm) -> tuple[dict[str, Any], dict[str, Any]]:
    state = {
        # The card you both stand on: nothing of it was asked, nor does the battle rest on it.
        "dungeon": [{"x": 0, "y": 0, "walls": [], "blank": []}],
        "heroes": [
            {
                "player": "You",
                "inherent": None,  # not asked: a battle is fought with Hazard Items
                "x": 0,
                "y": 0,
                "hand": [{"kind": "hazard", "id": "trap", "hazard": form.hazard_item}],
                "unseen": 4,
                "crystals": None,  # not asked: what you steal is your opponent's
            },
            {
                "player": "Your opponent",
                "inherent": form.defender_inherent,
                "x": 0,
                "y": 0,
                "crystals": {"red": 1},
                "hand": [{"kind": "super", "id": "shield", "action": form.defender_item_action}],
                "unseen": None,  # not asked: the battle rests on the item named
            },
        ],
        "turn": "You",
        **DECKS_NOT_ASKED,
    }
    request = {
        "item": "trap",
        "action": form.requested,
        "answer": "shield" if form.defender_answers else None,
    }
    return state, {
        "kind": "hero-battle",
        "player": "You",
        "opponent": "Your opponent",
        "requests": [request],
    }


QUESTIONS: tuple[Question, ...] = (
    Question(
        "who-starts",
        "Who goes first?",
        WhoStartsForm,
        build_who_starts,
        help="At setup: whose Stage Number starts the game?",
        moment="Setting up",
    ),
    Question(
        "pass-hazard",
        "Can I pass this hazard with this item?",
        PassHazardForm,
        build_pass_hazard,
        help="When a hazard blocks your way: does this item get you past it?",
        moment="On your turn",
    ),
    Question(
        "look-and-discard",
        "Can I Look and discard in one turn?",
        LookAndDiscardForm,
        build_look_and_discard,
        help="On a turn you discard items: may you Look as well?",
        moment="On your turn",
    ),
    Question(
        "was-i-wounded",
        "Was I wounded?",
        WoundForm,
        build_wound,
        help="When you enter a new room and draw its card: do you take a wound?",
        moment="On your turn",
    ),
    Question(
        "hero-battle",
        "Do I wound my opponent and steal the crystal in this Hero Battle?",
        BattleForm,
        build_battle,
        help="When you battle a hero in your room: does your request wound them and win the "
        "crystal?",
        moment="On your turn",
    ),
)


# ----- a question asked at a table: the form starts from the table's board, seen by the
# player whose turn it is; what the board does not describe keeps the form's own value


def _turn_hero(board: dict[str, Any]) -> dict[str, Any]:
    heroes = board.get("heroes") or []
    turn = board.get("turn")
    found: dict[str, Any] = next((h for h in heroes if h.get("player") == turn), {})
    return found


def _inherent(board: dict[str, Any]) -> dict[str, Any]:
    action = _turn_hero(board).get("inherent")
    return {"inherent": action} if action else {}


def who_starts_from_board(board: dict[str, Any]) -> dict[str, Any]:
    # The Stage Numbers are on the cards the players draw: theirs to say, never made up.
    return {"stage_numbers": []} if not board.get("dungeon") else {}


def wound_from_board(board: dict[str, Any]) -> dict[str, Any]:
    facts = _inherent(board)
    crystals = _turn_hero(board).get("crystals")
    if isinstance(crystals, dict):
        facts |= {"red_crystals": crystals.get("red", 0), "blue_crystals": crystals.get("blue", 0)}
    return facts


def battle_from_board(board: dict[str, Any]) -> dict[str, Any]:
    """The defender: the one other hero in your room, where there is exactly one."""
    me = _turn_hero(board)
    if me.get("x") is None:
        return {}
    near = [
        h
        for h in board.get("heroes") or []
        if h is not me and (h.get("x"), h.get("y")) == (me.get("x"), me.get("y"))
    ]
    if len(near) == 1 and near[0].get("inherent"):
        return {"defender_inherent": near[0]["inherent"]}
    return {}


_FROM_BOARD = {
    "who-starts": who_starts_from_board,
    "pass-hazard": _inherent,
    "look-and-discard": _inherent,
    "was-i-wounded": wound_from_board,
    "hero-battle": battle_from_board,
}
# The player's facts, empty where no table's board says them (an action or an item's kind is
# a choice among the printed ones: it keeps its first option).
_BLANK = {
    "who-starts": ("stage_numbers", "claimed_first"),
    "look-and-discard": ("discard",),
    "was-i-wounded": ("red_crystals", "blue_crystals"),
}
QUESTIONS = tuple(
    replace(q, from_board=_FROM_BOARD.get(q.slug), blank=_BLANK.get(q.slug, ())) for q in QUESTIONS
)
