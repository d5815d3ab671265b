"""The dungeon builder: a board built by tapping a grid, kept in the page's address.

The whole board lives in two short texts, so a link (or the next question) brings it back:

- `d`, the rooms, `;` between rooms: `X,Y` then what the card holds, `,` between:
  `nc` (no Checkpoint), `up:climb` / `down:dig` / `left:lift` / `right:unlock` (an exit and the
  action its Direction Hazard asks), `w:up+left` (the sides that are walls; with `w:` given, a
  side that is neither an exit nor a wall was not described; a room without it, as written
  before sides could be left undescribed, has a wall on every side without an exit),
  `ls:attack` / `rs:hide` (a combat hazard in the left or
  right space), `b:left+right` (the combat spaces described as blank; with `b:` given, a
  space that holds no hazard and is not in it was not described; a room without it, as
  written before spaces could be left undescribed, has every space without a hazard blank),
  `scr:red` (a Scrambler), `dead` (a dead end), `trap` (a trap door),
  `boss:attack+defend+hide+stomp:red-crystal` (a Mini-Boss: its four actions and its prize).
- `h`, the heroes, `;` between heroes, you first: `X,Y,inherent` then the items in the hand
  (`super:lift`, `dual:attack+dig`, `magic`, `super-magic`, `hazard:combat`, `special`) and
  the crystals held (`red:1`, `blue:1`). A hero whose place was not described has `-,-`, and
  one whose Inherent Action was not described has `-` for it.

What the player did not put on the grid is not there: no room, item or hero is added.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from games.core.errors import InvalidState
from games.super_hazard_quest.spoken import STARTING_CARD, from_start
from games.super_hazard_quest.state import (
    ALL_ACTIONS,
    BOX_DUNGEON_CARDS,
    COMBAT_ACTIONS,
    COORD,
    DIRECTION_ACTION,
    DIRECTIONS,
    HAND_SIZE,
    MAX_HEROES,
    SPACE_NAMES,
)

PRIZES = ("any-future-item", "any-discarded-item", "red-crystal", "blue-crystal")
PRIZE_WORDS = {
    "any-future-item": "any future item",
    "any-discarded-item": "any discarded item",
    "red-crystal": "the red crystal",
    "blue-crystal": "the blue crystal",
}
ITEM_KINDS = {
    "super": "super",
    "dual": "dual-action",
    "magic": "magic",
    "super-magic": "super-magic",
    "hazard": "hazard",
    "special": "special",
}
ITEM_WORDS = {
    "super": "Super Item",
    "dual-action": "Dual Action Item",
    "magic": "Magic Item",
    "super-magic": "Super Magic Item",
    "hazard": "Hazard Item",
    "special": "Special Item",
}
MAX_TEXT = 4000


def seat_name(index: int, seats: int) -> str:
    """You, then the others in seating order, as the table says them."""
    if index == 0:
        return "You"
    if seats == 2:
        return "Your opponent"
    return f"Player {index + 1}"


@dataclass
class BuiltRoom:
    x: int
    y: int
    checkpoint: bool = True
    exits: dict[str, str] = field(default_factory=dict)
    left_space: str | None = None
    right_space: str | None = None
    scrambler: str | None = None
    dead_end: bool = False
    trap_door: bool = False
    boss: tuple[list[str], str] | None = None
    # The sides described as walls; None (a room written before sides could be left
    # undescribed): every side without an exit is a wall.
    walls: list[str] | None = field(default_factory=list)
    # The combat spaces described as blank; None (a room written before spaces could be left
    # undescribed): every space without a hazard is blank.
    blank: list[str] | None = field(default_factory=list)

    def space(self, space: str) -> str:
        """What the editor shows for a combat space: its hazard's action, "blank", or ""
        (not described)."""
        action = self.left_space if space == "left" else self.right_space
        if action:
            return action
        if self.blank is None or space in self.blank:
            return "blank"
        return ""

    def side(self, side: str) -> str:
        """What the editor shows for a side: the exit's action, "wall", or "" (not described)."""
        if side in self.exits:
            return self.exits[side]
        if self.walls is None or side in self.walls:
            return "wall"
        return ""

    def code(self) -> str:
        parts = [f"{self.x},{self.y}"]
        if not self.checkpoint:
            parts.append("nc")
        parts += [f"{side}:{action}" for side, action in sorted(self.exits.items())]
        if self.walls is not None:
            parts.append("w:" + "+".join(s for s in DIRECTIONS if s in self.walls))
        if self.left_space:
            parts.append(f"ls:{self.left_space}")
        if self.right_space:
            parts.append(f"rs:{self.right_space}")
        if self.blank is not None:
            parts.append("b:" + "+".join(s for s in SPACE_NAMES if s in self.blank))
        if self.scrambler:
            parts.append(f"scr:{self.scrambler}")
        if self.dead_end:
            parts.append("dead")
        if self.trap_door:
            parts.append("trap")
        if self.boss:
            parts.append(f"boss:{'+'.join(self.boss[0])}:{self.boss[1]}")
        return ",".join(parts)

    def state(self) -> dict[str, Any]:
        room: dict[str, Any] = {"x": self.x, "y": self.y, "checkpoint": self.checkpoint}
        if self.exits:
            room["exits"] = dict(self.exits)
        if self.walls is not None:
            room["walls"] = [s for s in DIRECTIONS if s in self.walls]
        if self.left_space:
            room["left_space"] = self.left_space
        if self.right_space:
            room["right_space"] = self.right_space
        if self.blank is not None:
            room["blank"] = [s for s in SPACE_NAMES if s in self.blank]
        if self.scrambler:
            room["scrambler"] = self.scrambler
        if self.dead_end:
            room["dead_end"] = True
        if self.trap_door:
            room["trap_door"] = True
        if self.boss:
            room["mini_boss"] = {"actions": self.boss[0], "prize": self.boss[1]}
        return room

    def words(self) -> list[str]:
        """What the card holds, for its cell on the grid."""
        out = ["Checkpoint" if self.checkpoint else "no Checkpoint"]
        arrows = {"up": "↑", "down": "↓", "left": "←", "right": "→"}
        out += [f"{arrows[s]} {a.capitalize()}" for s, a in sorted(self.exits.items())]
        out += [f"{arrows[s]} wall" for s in DIRECTIONS if s in (self.walls or [])]
        unsaid = [arrows[s] for s in DIRECTIONS if self.side(s) == ""]
        if unsaid:
            out.append(f"{' '.join(unsaid)} not described")
        for space in SPACE_NAMES:
            now = self.space(space)
            shown = {"": "not described", "blank": "blank"}.get(now, now.capitalize())
            out.append(f"{space}: {shown}")
        if self.scrambler:
            out.append(f"{self.scrambler} Scrambler")
        if self.boss:
            out.append("Mini-Boss")
        if self.dead_end:
            out.append("dead end")
        if self.trap_door:
            out.append("trap door")
        return out


@dataclass
class BuiltHero:
    player: str
    inherent: str | None  # None: not described
    x: int | None = None
    y: int | None = None
    items: list[tuple[str, str]] = field(default_factory=list)  # (kind, detail)
    red: int = 0
    blue: int = 0

    def code(self) -> str:
        where = f"{self.x},{self.y}" if self.x is not None else "-,-"
        parts = [where, self.inherent or "-"]
        for kind, detail in self.items:
            short = next(k for k, v in ITEM_KINDS.items() if v == kind)
            parts.append(f"{short}:{detail}" if detail else short)
        if self.red:
            parts.append(f"red:{self.red}")
        if self.blue:
            parts.append(f"blue:{self.blue}")
        return ",".join(parts)

    def hand(self) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for i, (kind, detail) in enumerate(self.items, start=1):
            item: dict[str, Any] = {"kind": kind, "id": f"item-{i}"}
            if kind == "super":
                item["action"] = detail
            elif kind == "dual-action":
                item["actions"] = detail.split("+")
            elif kind == "hazard":
                item["hazard"] = detail
            out.append(item)
        return out

    def item_words(self) -> list[str]:
        out = []
        for kind, detail in self.items:
            words = ITEM_WORDS[kind]
            if kind == "super":
                words += f" ({detail.capitalize()})"
            elif kind == "dual-action":
                words += " (" + " or ".join(a.capitalize() for a in detail.split("+")) + ")"
            elif kind == "hazard":
                words += f" ({detail})"
            out.append(words)
        return out


@dataclass
class Board:
    rooms: dict[tuple[int, int], BuiltRoom] = field(default_factory=dict)
    heroes: list[BuiltHero] = field(default_factory=list)

    def codes(self) -> dict[str, str]:
        return {
            "d": ";".join(r.code() for r in self.rooms.values()),
            "h": ";".join(h.code() for h in self.heroes),
        }

    def state(self) -> dict[str, Any]:
        """The board as the engine reads it: only what was built. How many cards the decks and
        the discard pile hold is not asked, so not described."""
        heroes: list[dict[str, Any]] = []
        for h in self.heroes:
            hero: dict[str, Any] = {"player": h.player, "inherent": h.inherent, "hand": h.hand()}
            # You hold five items at the start of your turn (rule 5.10): those not given are
            # held, unseen. How many the others hold is not asked, so not described.
            mine = not heroes
            hero["unseen"] = max(0, HAND_SIZE - len(h.items)) if mine else None
            if h.x is not None:
                hero |= {"x": h.x, "y": h.y}
            if h.red or h.blue:
                hero["crystals"] = {"red": h.red, "blue": h.blue}
            heroes.append(hero)
        return {
            "dungeon": [r.state() for r in self.rooms.values()],
            "heroes": heroes,
            "turn": self.heroes[0].player if self.heroes else None,
            # The builder asks no count: the decks and the discard pile are not described.
            "dungeon_deck": None,
            "item_deck": None,
            "discard": None,
        }

    def grid(self, selected: tuple[int, int] | None) -> list[list[dict[str, Any]]]:
        """Rows of cells, top row first: every placed room, and one empty space around them
        to add the next; heroes shown where they stand."""
        if self.rooms:
            xs = [x for x, _ in self.rooms]
            ys = [y for _, y in self.rooms]
            lo_x, hi_x, lo_y, hi_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        else:
            lo_x, hi_x, lo_y, hi_y = 0, 0, 0, 0
        rows = []
        for y in range(hi_y, lo_y - 1, -1):
            row = []
            for x in range(lo_x, hi_x + 1):
                room = self.rooms.get((x, y))
                here = [h.player for h in self.heroes if (h.x, h.y) == (x, y)]
                row.append(
                    {
                        "x": x,
                        "y": y,
                        "room": room,
                        "words": room.words() if room else [],
                        "heroes": here,
                        "selected": selected == (x, y),
                        "start": (x, y) == STARTING_CARD,
                        # Where the cell lies, as a player points at it: counted from the
                        # Starting Card, never a grid coordinate.
                        "place": from_start(x, y, "room" if room else "space"),
                    }
                )
            rows.append(row)
        return rows


# ----------------------------------------------------------------- reading the address


def _names(value: str, allowed: Collection[str], said: str, field_name: str) -> list[str]:
    """A `+`-joined list of names from the address, each one of `allowed`."""
    names = [n for n in value.split("+") if n]
    for name in names:
        if name not in allowed:
            raise InvalidState(field_name, f"{name[:20]!r} is not {said}")
    return names


def _int(text: str, field_name: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise InvalidState(field_name, f"{text[:20]!r} is not a whole number") from None
    if not -COORD <= value <= COORD:
        raise InvalidState(field_name, f"a position from {-COORD} to {COORD}")
    return value


def _action(text: str, field_name: str, allowed: tuple[str, ...] = ALL_ACTIONS) -> str:
    if text not in allowed:
        raise InvalidState(field_name, f"{text[:20]!r} is not one of {', '.join(allowed)}")
    return text


def parse_room(code: str, field_name: str = "d") -> BuiltRoom:
    parts = [p.strip() for p in code.split(",")]
    if len(parts) < 2:
        raise InvalidState(field_name, "a room starts with its position, X,Y")
    x, y = _int(parts[0], field_name), _int(parts[1], field_name)
    room = BuiltRoom(x, y, walls=None, blank=None)
    for token in parts[2:]:
        key, _, value = token.partition(":")
        if key == "nc":
            room.checkpoint = False
        elif key in DIRECTIONS:
            room.exits[key] = _action(value, field_name)
        elif key == "w":
            room.walls = _names(value, DIRECTIONS, "up, down, left or right", field_name)
        elif key == "b":
            room.blank = _names(value, SPACE_NAMES, "the left or right space", field_name)
        elif key == "ls":
            room.left_space = _action(value, field_name, COMBAT_ACTIONS)
        elif key == "rs":
            room.right_space = _action(value, field_name, COMBAT_ACTIONS)
        elif key == "scr":
            if value not in ("red", "blue"):
                raise InvalidState(field_name, "a Scrambler is red or blue")
            room.scrambler = value
        elif key == "dead":
            room.dead_end = True
        elif key == "trap":
            room.trap_door = True
        elif key == "boss":
            actions_text, _, prize = value.partition(":")
            actions = actions_text.split("+")
            if len(actions) != 4:
                raise InvalidState(field_name, "a Mini-Boss has four actions")
            for a in actions:
                _action(a, field_name)
            if prize not in PRIZES:
                raise InvalidState(field_name, f"a Mini-Boss prize is one of {', '.join(PRIZES)}")
            room.boss = (actions, prize)
        elif token:
            raise InvalidState(field_name, f"{token[:20]!r}: not something a room holds")
    if room.walls is not None and set(room.walls) & set(room.exits):
        raise InvalidState(field_name, "a side is an exit or a wall, not both")
    if room.blank is not None and any(room.space(b) != "blank" for b in room.blank):
        raise InvalidState(field_name, "a combat space is blank or holds a hazard, not both")
    return room


def parse_hero(code: str, index: int, seats: int) -> BuiltHero:
    field_name = f"h.{index}"
    parts = [p.strip() for p in code.split(",")]
    if len(parts) < 3:
        raise InvalidState(field_name, "a hero is X,Y,inherent action")
    inherent = None if parts[2] == "-" else _action(parts[2], field_name)
    hero = BuiltHero(seat_name(index, seats), inherent)
    if parts[0] != "-":
        hero.x, hero.y = _int(parts[0], field_name), _int(parts[1], field_name)
    for token in parts[3:]:
        key, _, value = token.partition(":")
        if key in ("red", "blue"):
            count = _int(value or "0", field_name)
            setattr(hero, key, max(0, count))
        elif key in ITEM_KINDS:
            kind = ITEM_KINDS[key]
            if kind == "super":
                _action(value, field_name)
            elif kind == "dual-action":
                pair = value.split("+")
                if len(pair) != 2:
                    raise InvalidState(field_name, "a Dual Action Item gives two actions")
                for a in pair:
                    _action(a, field_name)
            elif kind == "hazard" and value not in ("combat", "direction"):
                raise InvalidState(field_name, "a Hazard Item is combat or direction")
            hero.items.append((kind, value if kind in ("super", "dual-action", "hazard") else ""))
        elif token:
            raise InvalidState(field_name, f"{token[:20]!r}: not an item or a crystal")
    if len(hero.items) > HAND_SIZE:
        raise InvalidState(field_name, f"at most {HAND_SIZE} items in a hand")
    return hero


def parse(query: Any) -> Board:
    """The board kept in the address (`d`, `h`); a new board when they are absent: the
    Starting Card (nothing of its face described), you on it, and your opponent, whose place
    and Inherent Action are not described until the player gives them."""
    rooms_text = str(query.get("d", "") or "")[:MAX_TEXT]
    heroes_text = str(query.get("h", "") or "")[:MAX_TEXT]
    board = Board()
    if not rooms_text and not heroes_text:
        board.rooms[(0, 0)] = BuiltRoom(0, 0)
        board.heroes = [BuiltHero("You", None, 0, 0), BuiltHero("Your opponent", None)]
        return board
    for code in filter(None, rooms_text.split(";")):
        room = parse_room(code)
        board.rooms[(room.x, room.y)] = room
    if len(board.rooms) > BOX_DUNGEON_CARDS:
        raise InvalidState("d", f"at most {BOX_DUNGEON_CARDS} Dungeon Cards")
    codes = [c for c in heroes_text.split(";") if c]
    if not 2 <= len(codes) <= MAX_HEROES:
        raise InvalidState("h", f"2 to {MAX_HEROES} heroes")
    board.heroes = [parse_hero(c, i, len(codes)) for i, c in enumerate(codes)]
    return board


# ----------------------------------------------------------------- editing


def _checked(form: Any, name: str) -> bool:
    return str(form.get(name, "")) in ("on", "1", "true", "yes")


def edit_room(board: Board, form: Any) -> Board:
    """The room editor's fields (`x`, `y`, `checkpoint`, `exit-<side>` as the action of its
    Direction Hazard, "wall", or "" for a side not described, `left`, `right` (a combat
    hazard's action, "blank", or "" for a space not described),
    `scrambler`, `dead_end`, `trap_door`, `boss-1..4`, `prize`) applied to the board; `remove`
    takes the room away (the Starting Card stays)."""
    x, y = _int(str(form.get("x", "")), "x"), _int(str(form.get("y", "")), "y")
    if _checked(form, "remove"):
        if (x, y) != (0, 0):
            board.rooms.pop((x, y), None)
        return board
    room = BuiltRoom(x, y, checkpoint=_checked(form, "checkpoint"))
    for side in DIRECTIONS:
        action = str(form.get(f"exit-{side}", ""))
        if action == "wall":
            room.walls = [*(room.walls or []), side]
        elif action:
            room.exits[side] = _action(action, f"exit-{side}")
    for space in SPACE_NAMES:
        action = str(form.get(space, ""))
        if action == "blank":
            room.blank = [*(room.blank or []), space]
        elif action:
            setattr(room, f"{space}_space", _action(action, space, COMBAT_ACTIONS))
    scrambler = str(form.get("scrambler", ""))
    if scrambler and scrambler not in ("red", "blue"):
        raise InvalidState("scrambler", "red or blue")
    room.scrambler = scrambler or None
    room.dead_end = _checked(form, "dead_end")
    room.trap_door = _checked(form, "trap_door")
    boss = [str(form.get(f"boss-{i}", "")) for i in range(1, 5)]
    if any(boss):
        if not all(boss):
            raise InvalidState("boss-1", "a Mini-Boss needs all four of its actions")
        prize = str(form.get("prize", ""))
        if prize not in PRIZES:
            raise InvalidState("prize", "choose the Mini-Boss's prize")
        room.boss = ([_action(a, "boss-1") for a in boss], prize)
    board.rooms[(x, y)] = room
    return board


def edit_hero(board: Board, form: Any) -> Board:
    """The hero editor (`hero` seat index, `at` "X,Y" or "", `inherent`, `item-1..5` as
    "kind:detail", `red`, `blue`), applied to the board."""
    index = _int(str(form.get("hero", "0")), "hero")
    if not 0 <= index < len(board.heroes):
        raise InvalidState("hero", "no such hero")
    hero = board.heroes[index]
    inherent = str(form.get("inherent", hero.inherent or ""))
    hero.inherent = _action(inherent, "inherent") if inherent else None
    at = str(form.get("at", "")).strip()
    if at:
        parts = at.split(",")
        if len(parts) != 2:
            raise InvalidState("at", "a position X,Y")
        x, y = _int(parts[0], "at"), _int(parts[1], "at")
        if (x, y) not in board.rooms:
            raise InvalidState("at", f"there is no room on {from_start(x, y, 'space')}")
        hero.x, hero.y = x, y
    else:
        hero.x = hero.y = None
    codes = [str(form.get(f"item-{i}", "")).strip() for i in range(1, HAND_SIZE + 1)]
    rebuilt = parse_hero(
        ",".join(["-,-", hero.inherent or "-", *[c for c in codes if c]]), index, len(board.heroes)
    )
    hero.items = rebuilt.items
    hero.red = max(0, min(9, _int(str(form.get("red", "0") or "0"), "red")))
    hero.blue = max(0, min(9, _int(str(form.get("blue", "0") or "0"), "blue")))
    return board


def add_hero(board: Board) -> Board:
    if len(board.heroes) < MAX_HEROES:
        board.heroes.append(BuiltHero("", None))  # place and Inherent Action: not described
        seats = len(board.heroes)
        for i, h in enumerate(board.heroes):
            h.player = seat_name(i, seats)
    return board


def item_choices() -> list[tuple[str, str]]:
    """(code, words) of every item a hand may hold, for the hero editor's drop-downs."""
    out = [("", "(none)")]
    out += [(f"super:{a}", f"Super Item ({a.capitalize()})") for a in ALL_ACTIONS]
    out += [
        (f"dual:{a}+{b}", f"Dual Action Item ({a.capitalize()} or {b.capitalize()})")
        for i, a in enumerate(ALL_ACTIONS)
        for b in ALL_ACTIONS[i + 1 :]
    ]
    out += [("magic", "Magic Item"), ("super-magic", "Super Magic Item")]
    out += [
        ("hazard:combat", "Hazard Item (combat)"),
        ("hazard:direction", "Hazard Item (direction)"),
    ]
    out += [("special", "Special Item")]
    return out


def default_exit(side: str) -> str:
    """The action a printed exit on this side normally asks for (rule 4.7)."""
    return DIRECTION_ACTION[side]  # type: ignore[index]
