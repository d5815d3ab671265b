"""Super Hazard Quest's board picture: the dungeon as a map of its Dungeon Cards.

Each placed card is drawn where it lies (x grows to the right, y upward): its coordinates and
Stage Number, its Checkpoint flag, its exits with the Direction Hazard on each (a side without
an exit is a wall; with the card's `walls` given, a side that is neither is not described and
is drawn as a dotted edge marked "?", never as a wall), its two combat hazard spaces with their
hazards (with the card's `blank` given, a space neither blank nor holding a hazard is not
described and is drawn as a dotted box marked "?"; a space described as blank is drawn
blank), and what else it holds (a
Mini-Boss with its four actions and prize, a Scrambler in its colour, a Dead End, a Trap Door).
Hazards placed by Hazard Items are part of the cards in the state, so they are drawn where they
were placed. Heroes stand on their cards as tokens (a hero whose place was not described is
not drawn, and the legend says so); the legend under the map gives each hero's player, hero,
Inherent Action, crystals and hand, and the decks.

`overlay` is None or a mapping with any of
- `move`: a move in the API's shape; a Standard Turn's path is drawn step by step along the
  proper-movement model (cards drawn on the way are drawn dashed), with its fights, placed
  hazards, Look, Running Leap; a Trap Door as an arrow;
- `reachable`: the path finder's answer (`Reachability.as_json()`): every reachable Checkpoint
  marked with its rank and the items it spends, the empty spaces the hero could open, the
  Scramblers it could defeat; with `selected` ([x, y]) the route to that Checkpoint is drawn.
`ruling_overlay(request)` gives the overlay for a saved ruling's request: the move disputed.

This module lays the map out here and `templates/games/super-hazard-quest/picture.svg` draws it; the
template escapes every text. A state that is not a Super Hazard Quest board gets the generic
drawing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from pydantic import TypeAdapter, ValidationError

from games.core.pictures import (
    BoardPicture,
    listed,
    plural,
    sentences,
    spoken,
    who_does,
    whose,
    wrapped,
)
from games.core.tools import Reference
from games.core.words import agree, article, cap, is_you, possessive, says, subject, verb
from games.super_hazard_quest.movement import FLAG, Spot, step
from games.super_hazard_quest.moves import (
    Battle,
    Fight,
    Go,
    HeroBattleTurn,
    Move,
    PlaceHazard,
    StandardTurn,
    Trade,
    TrapDoor,
)
from games.super_hazard_quest.spoken import counted, from_start, held_item, item_words
from games.super_hazard_quest.state import (
    COORD,
    DELTA,
    NOT_DESCRIBED,
    Action,
    Hero,
    Item,
    Room,
    Space,
    State,
)

CELL_W, CELL_H = 150, 132
GAP = 26
MARGIN = 16
WIDTH = 360  # a 390 px phone's column: the picture is never scaled down nor scrolled
# Columns of Dungeon Cards side by side in that width; a wider map is cut into bands of this
# many columns, each band drawn under the one to its left (a row of cards becomes rows).
BAND_COLUMNS = (WIDTH - 2 * MARGIN + GAP) // (CELL_W + GAP)
BAND_GAP = 30  # between two bands, room for the line that says the map goes on
FLOOR = 108  # the floor line, from the top of a card
STATION_X = (16, 46, 75, 104, 134)  # left edge (flag), left space, middle, right space, edge
SPACE_W, SPACE_H = 40, 16  # wide enough for "Attack" at 11 px
TOKEN_R = 9
LINE = 18
# The words around the map are wrapped to what a 390 px phone shows without scrolling (the
# map itself may be wider): about 340 px from the left margin.
CAPTION_CHARS = 44  # 13 px, semibold (about 7.3 px a character in 328 px)
HERO_CHARS = 40  # 14 px, semibold, after the token
SMALL_CHARS = 56  # 11 px
PLAYER_PAINTS = (  # each holds white initials at 4.5:1 or more
    "#b35c00",
    "#2457c5",
    "#7a3fb0",
    "#17803a",
    "#c0392b",
    "#0f7c8a",
    "#8a5a00",
    "#5b6473",
)
MOVE_WORDS = {"discard-turn": "Discard Turn", "special-item": "Special Item turn"}
ARROWS = {"up": "▲", "down": "▼", "left": "◀", "right": "▶"}
SHORT = {
    "stomp": "Stomp",
    "attack": "Attack",
    "defend": "Defend",
    "hide": "Hide",
    "climb": "Climb",
    "dig": "Dig",
    "lift": "Lift",
    "unlock": "Unlock",
}
PRIZES = {
    "any-future-item": "any future item",
    "any-discarded-item": "any discarded item",
    "red-crystal": "red crystal",
    "blue-crystal": "blue crystal",
}
# `Move` is an Annotated union, which mypy does not take as a type argument here.
_MOVE: TypeAdapter[Any] = TypeAdapter(cast(Any, Move))


def _title(action: str | None) -> str:
    return SHORT.get(action or "", "") if action else "blank"


def _inherent(hero: Hero) -> str:
    """A hero's Inherent Action as drawn: never guessed when the question left it out."""
    return "not described" if hero.inherent is None else _title(hero.inherent)


# ----------------------------------------------------------------- geometry


@dataclass
class Frame:
    """Where grid coordinates fall on the picture: columns in bands of `BAND_COLUMNS`, each
    band under the one before and only as tall as its own rows, so the map is never wider
    than a phone."""

    min_x: int
    max_y: int
    top: int
    # Each band's highest and lowest row (y), from the cells it holds.
    band_rows: list[tuple[int, int]] = field(default_factory=list)

    @classmethod
    def around(cls, cells: set[tuple[int, int]]) -> Frame:
        min_x = min(x for x, _ in cells)
        bands: dict[int, list[int]] = {}
        for x, y in cells:
            bands.setdefault((x - min_x) // BAND_COLUMNS, []).append(y)
        rows = [(max(bands[b]), min(bands[b])) for b in range(max(bands) + 1)]
        return cls(min_x, max(y for _, y in cells), 0, rows)

    def band_top(self, band: int) -> int:
        """Where a band starts: under every band before it and the gap that says the map
        goes on."""
        above = sum((hi - lo + 1) * (CELL_H + GAP) + BAND_GAP for hi, lo in self.band_rows[:band])
        return self.top + above

    @property
    def bottom(self) -> int:
        last = len(self.band_rows) - 1
        hi, lo = self.band_rows[last]
        return self.band_top(last) + (hi - lo + 1) * (CELL_H + GAP)

    def card(self, x: int, y: int) -> tuple[int, int]:
        """The top-left corner of the card at (x, y)."""
        band, column = divmod(x - self.min_x, BAND_COLUMNS)
        hi = self.band_rows[band][0] if band < len(self.band_rows) else self.max_y
        return (
            MARGIN + column * (CELL_W + GAP),
            self.band_top(band) + (hi - y) * (CELL_H + GAP),
        )

    def station(self, x: int, y: int, station: int) -> tuple[int, int]:
        px, py = self.card(x, y)
        return px + STATION_X[station], py + FLOOR

    def centre(self, x: int, y: int) -> tuple[int, int]:
        px, py = self.card(x, y)
        return px + CELL_W // 2, py + CELL_H // 2


# ----------------------------------------------------------------- what the template draws


@dataclass
class Text:
    x: float
    y: float
    text: str
    cls: str
    anchor: str = "start"


@dataclass
class Box:
    x: float
    y: float
    w: float
    h: float
    cls: str
    tip: str = ""
    label: str = ""


@dataclass
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float
    cls: str


@dataclass
class Card:
    """One placed Dungeon Card, drawn at (px, py)."""

    x: int
    y: int
    px: int
    py: int
    cls: list[str]
    tip: str
    texts: list[Text] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    walls: list[Segment] = field(default_factory=list)
    flag: tuple[int, int] | None = None
    flag_cls: str = "hq-flag"
    flag_tip: str = "Checkpoint"
    badge: str = ""

    @property
    def classes(self) -> str:
        return " ".join(self.cls)

    @property
    def badge_w(self) -> int:
        return 16 + 6 * len(self.badge)

    @property
    def badge_x(self) -> int:
        return self.px + (CELL_W - self.badge_w) // 2

    @property
    def halo(self) -> bool:
        """Outlined by an overlay: a start, a reachable Checkpoint, a win."""
        return bool({"hq-start", "hq-reach", "hq-win"} & set(self.cls))

    @property
    def flag_path(self) -> str:
        assert self.flag is not None
        fx, fy = self.flag
        return f"M{fx} {fy} v-30 l16 6 l-16 6"


@dataclass
class Token:
    cx: int
    cy: int
    paint: str
    initials: str
    tip: str
    player: str
    turn: bool
    red: int
    blue: int


@dataclass
class Mark:
    """A numbered step on a path."""

    cx: int
    cy: int
    text: str
    tip: str
    cls: str = "hq-step"

    @property
    def text_y(self) -> int:
        return self.cy + 4

    @property
    def box_x(self) -> int:
        return self.cx - 13

    @property
    def box_y(self) -> int:
        return self.cy - 8


@dataclass
class Path:
    points: list[tuple[int, int]]
    cls: str
    tip: str

    @property
    def marker(self) -> str:
        return "hq-arrow-route" if "hq-route" in self.cls else "hq-arrow"

    @property
    def d(self) -> str:
        return " ".join(f"{x},{y}" for x, y in self.points)


@dataclass
class Trace:
    """A path followed over the map: the line, its marks, the cards drawn on the way."""

    paths: list[Path] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)
    ghosts: dict[tuple[int, int], Room | None] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    cells: set[tuple[int, int]] = field(default_factory=set)


# ----------------------------------------------------------------- following a path


def _grid(state: State) -> dict[tuple[int, int], Room]:
    return {(r.x, r.y): r for r in state.dungeon}


def _walk(
    grid: dict[tuple[int, int], Room],
    start: tuple[int, int],
    steps: Sequence[Any],
    frame: Frame | None,
    trace: Trace,
    cls: str,
    hand: Sequence[Item] = (),
) -> Spot | None:
    """Follow `steps` (Go, Fight, PlaceHazard, Battle models) from the flag of `start`; with a
    frame, draw them into `trace`. Returns where the walk stops, or None if it cannot start."""
    if start not in grid:
        return None
    spot = Spot(*start, FLAG)
    trace.cells.add(start)
    points: list[tuple[int, int]] = []
    if frame is not None:
        points.append(frame.station(*start, FLAG))
    for number, st in enumerate(steps, start=1):
        if isinstance(st, Go):
            room = grid.get((spot.x, spot.y))
            if room is None:
                break
            where = step(room, spot, st.dir)
            if where.to is None:
                trace.notes.append(f"Step {number} ({st.dir}) meets a wall: the path stops there.")
                break
            if where.kind == "unknown" and st.using != NOT_DESCRIBED:
                trace.notes.append(
                    f"Step {number} ({st.dir}) leaves by a side that was not described: the "
                    "path stops there."
                )
                break
            if where.kind == "unknown-space":
                trace.notes.append(
                    f"Step {number} ({st.dir}) enters a combat space that was not described: "
                    "the path stops there."
                )
                break
            to = where.to
            if abs(to.x) > COORD or abs(to.y) > COORD:
                break
            if (to.x, to.y) not in grid:
                if st.drawn is None:
                    trace.notes.append(
                        f"Step {number} enters an empty space with no card drawn: the path "
                        "stops there."
                    )
                    break
                grid[(to.x, to.y)] = st.drawn
                trace.ghosts[(to.x, to.y)] = st.drawn
            trace.cells.add((to.x, to.y))
            if frame is not None:
                here = points[-1]
                there = frame.station(to.x, to.y, to.station)
                points.append(there)
                if where.hazard is not None or (st.using not in (None, NOT_DESCRIBED)):
                    by = "nothing named" if st.using is None else _source(st.using, hand)
                    trace.marks.append(
                        Mark(
                            round((here[0] + there[0]) / 2),
                            round((here[1] + there[1]) / 2),
                            str(number),
                            f"step {number}, {st.dir}: {_title(where.hazard)} hazard, "
                            f"passed with {by}",
                            "hq-step hq-step-route" if "hq-route" in cls else "hq-step",
                        )
                    )
            spot = to
        elif frame is not None and points:
            cx, cy = points[-1]
            if isinstance(st, Fight):
                tip = f"step {number}: Mini-Boss fight using " + ", ".join(
                    _source(s, hand) for s in st.using
                )
                trace.marks.append(Mark(cx, cy - 20, f"{number}⚔", tip, "hq-event"))
            elif isinstance(st, PlaceHazard):
                tip = (
                    f"step {number}: {held_item(st.item, hand)} places a "
                    f"{_title(st.hazard)} hazard on the {st.spot.replace('-', ' ')} of "
                    f"{from_start(st.x, st.y)}"
                )
                trace.marks.append(Mark(cx, cy - 20, f"{number}✚", tip, "hq-event"))
                if (st.x, st.y) in grid:
                    tx, ty = frame.centre(st.x, st.y)
                    trace.marks.append(Mark(tx, ty - 34, f"✚{number}", tip, "hq-event"))
            elif isinstance(st, Battle):
                asked = ", ".join(_title(r.action) for r in st.requests)
                tip = f"step {number}: Hero Battle against {st.opponent}, asking {asked}"
                trace.marks.append(Mark(cx, cy - 20, f"{number}⚡", tip, "hq-event"))
    if frame is not None and len(points) > 1:
        trace.paths.append(Path(points, cls, plural(len(steps), "step")))
    return spot


def _source(using: str, hand: Sequence[Item]) -> str:
    if using == NOT_DESCRIBED:
        return "what the question did not describe"
    return "the Inherent Action" if using == "inherent" else held_item(using, hand)


def _trace_move(state: State, move: Any, frame: Frame | None, trace: Trace) -> None:
    grid = _grid(state)
    if isinstance(move, TrapDoor):
        target = state.hero(move.target)
        if target is None or target.x is None or target.y is None:
            return
        trace.cells.update({(target.x, target.y), (move.x, move.y)})
        if frame is None:
            return
        a, b = frame.centre(target.x, target.y), frame.centre(move.x, move.y)
        whose = possessive(move.target)
        tip = (
            f"{says(move.player, 'uses', 'use', True)} the Trap Door: {whose} hero to "
            f"{from_start(move.x, move.y)}"
        )
        trace.paths.append(Path([a, b], "hq-path hq-trap", tip))
        return
    if not isinstance(move, StandardTurn):
        return
    hero = state.hero(move.player)
    if hero is None or hero.x is None or hero.y is None:
        return
    end = _walk(grid, (hero.x, hero.y), move.path, frame, trace, "hq-path", hero.hand)
    if end is None:
        return
    for kind, extra in (("Look", move.look), ("Running Leap", move.leap)):
        if extra is None:
            continue
        dx, dy = DELTA[extra.dir]
        cell = (end.x + dx, end.y + dy)
        if abs(cell[0]) > COORD or abs(cell[1]) > COORD:
            continue
        if cell not in grid:
            if extra.drawn is None:
                continue
            trace.ghosts[cell] = extra.drawn
        trace.cells.add(cell)
        if frame is not None:
            a = frame.station(end.x, end.y, end.station)
            b = frame.station(*cell, FLAG)
            cls = "hq-path hq-look" if kind == "Look" else "hq-path hq-leap"
            trace.paths.append(Path([a, b], cls, f"{kind} {extra.dir} onto {from_start(*cell)}"))


def _move_of(overlay: Any) -> Any:
    if not isinstance(overlay, Mapping):
        return None
    raw = overlay.get("move")
    if raw is None and isinstance(overlay.get("moves"), list) and overlay["moves"]:
        raw = overlay["moves"][0]
    if not isinstance(raw, Mapping):
        return None
    try:
        return _MOVE.validate_python(raw)
    except ValidationError:
        return None


def _reach_of(overlay: Any) -> Mapping[str, Any] | None:
    if not isinstance(overlay, Mapping):
        return None
    found = overlay.get("reachable")
    return found if isinstance(found, Mapping) else None


def _route_steps(route: Any) -> list[Any]:
    """A route from the path finder as Go models (anything else in it is dropped)."""
    out = []
    for raw in route if isinstance(route, list) else []:
        try:
            out.append(Go.model_validate(raw))
        except ValidationError:
            break
    return out


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) <= 40


def _cell_of(found: Any) -> tuple[int, int] | None:
    """The (x, y) of a mapping from the path finder's answer, if it holds a cell."""
    if isinstance(found, Mapping) and _is_int(found.get("x")) and _is_int(found.get("y")):
        return found["x"], found["y"]
    return None


def _selected(overlay: Mapping[str, Any]) -> tuple[int, int] | None:
    chosen = overlay.get("selected")
    if (
        isinstance(chosen, Sequence)
        and not isinstance(chosen, str)
        and len(chosen) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in chosen)
    ):
        return chosen[0], chosen[1]
    return None


# ----------------------------------------------------------------- the cards


def face_described(room: Room) -> bool:
    """Whether the state says anything of the card's face, beyond where it lies (an empty
    list of walls with no exit says nothing: every side is not described; nor does an empty
    list of blank spaces: every space without a hazard is not described)."""
    said = room.model_fields_set - {"x", "y"}
    if not room.walls and not room.exits:
        said -= {"walls", "exits"}
    if room.blank == []:
        said -= {"blank"}
    return bool(said)


def _card(room: Room, x: int, y: int, frame: Frame, ghost: bool = False) -> Card:
    px, py = frame.card(x, y)
    cls = ["hq-card"]
    facts = [cap(from_start(x, y))]
    if ghost:
        cls.append("hq-ghost")
        facts[0] = f"{cap(from_start(x, y))}, drawn this turn"
    # No coordinates anywhere: the player placed cards beside each other, never named a grid;
    # a card is named counted from the Starting Card, which every player can point to.
    card = Card(x, y, px, py, cls, "")
    if not ghost and not face_described(room):
        # A card the question put there without saying what it holds (the path needs a card
        # to step onto): drawn as not described, with no walls, spaces or flag made up.
        cls.append("hq-unknown")
        card.texts.append(
            Text(px + CELL_W // 2, py + 60, "not described", "hq-unknown-text", "middle")
        )
        card.tip = f"{cap(from_start(x, y))}: what it holds was not described"
        return card
    if room.stage is not None:
        facts.append(f"Stage Number {room.stage}")
    said = "checkpoint" in room.model_fields_set
    facts.append(("a Checkpoint" if room.checkpoint else "no Checkpoint") + _unsaid(said))
    if room.stage is not None:
        card.texts.append(Text(px + CELL_W - 6, py + 15, f"stage {room.stage}", "hq-stage", "end"))
    if room.checkpoint:
        card.flag = (px + STATION_X[FLAG], py + FLOOR)
        if not said:
            card.flag_cls = "hq-flag hq-unsaid"
            card.flag_tip = "Checkpoint: not described, the rules take the card as one"
    _exits(room, card, facts)
    _spaces(room, card, facts)
    _feature(room, card, facts)
    card.tip = "; ".join(facts)
    return card


def _unsaid(said: bool) -> str:
    """What a card's tooltip adds to a fact the state took by default: the question did not
    describe it, and the rules read the card so."""
    return "" if said else " (not described)"


def _exits(room: Room, card: Card, facts: list[str]) -> None:
    px, py = card.px, card.py
    door = 22  # half the width of a door in a wall
    # Walls nobody described, on a card that says nothing of its sides, are drawn faint and
    # dashed: the rules take a side with no exit given as a wall, but the question did not
    # say so. A side the state leaves undescribed (`walls` given, the side in neither list)
    # is drawn as a ghost edge with "?" on it: not a wall, and not an exit.
    said = "exits" in room.model_fields_set or room.walls is not None
    wall = "hq-wall" if said else "hq-wall hq-unsaid"
    unknown = set(room.unknown_sides())
    for side in ("up", "down", "left", "right"):
        action = room.exits.get(side)
        if side in unknown:
            _unknown_side(card, side)
            continue
        if side in ("up", "down"):
            y = py if side == "up" else py + CELL_H
            if action is None:
                card.walls.append(Segment(px, y, px + CELL_W, y, wall))
            else:
                mid = px + CELL_W // 2
                card.walls.append(Segment(px, y, mid - door, y, "hq-wall"))
                card.walls.append(Segment(mid + door, y, px + CELL_W, y, "hq-wall"))
                ty = py + 15 if side == "up" else py + CELL_H - 6
                label = f"{ARROWS[side]} {_title(action)}"
                card.texts.append(Text(mid, ty, label, "hq-exit", "middle"))
        else:
            x = px if side == "left" else px + CELL_W
            if action is None:
                card.walls.append(Segment(x, py, x, py + CELL_H, wall))
            else:
                card.walls.append(Segment(x, py, x, py + FLOOR - 34, "hq-wall"))
                card.walls.append(Segment(x, py + FLOOR + 8, x, py + CELL_H, "hq-wall"))
                if side == "left":
                    card.texts.append(Text(px + 6, py + 52, f"◀ {_title(action)}", "hq-exit"))
                else:
                    label = f"{_title(action)} ▶"
                    card.texts.append(Text(px + CELL_W - 6, py + 52, label, "hq-exit", "end"))
        if action is None:
            facts.append(f"a wall {side}" + _unsaid(said))
        else:
            facts.append(f"{side} exit: {_title(action)} hazard")
    if unknown:
        sides: list[str] = [s for s in ("up", "down", "left", "right") if s in unknown]
        facts.append(f"{listed(sides)} {agree(sides, 'side', 'sides')}: not described")


def _unknown_side(card: Card, side: str) -> None:
    """A side not described: a ghost edge (no wall, no door) with a "?" inside the card."""
    px, py = card.px, card.py
    if side in ("up", "down"):
        y = py if side == "up" else py + CELL_H
        card.walls.append(Segment(px, y, px + CELL_W, y, "hq-side-unknown"))
        ty = py + 15 if side == "up" else py + CELL_H - 6
        card.texts.append(Text(px + CELL_W // 2, ty, "?", "hq-side-q", "middle"))
    else:
        x = px if side == "left" else px + CELL_W
        card.walls.append(Segment(x, py, x, py + CELL_H, "hq-side-unknown"))
        tx, anchor = (px + 6, "start") if side == "left" else (px + CELL_W - 6, "end")
        card.texts.append(Text(tx, py + 52, "?", "hq-side-q", anchor))


def _spaces(room: Room, card: Card, facts: list[str]) -> None:
    spaces: tuple[tuple[Space, int, Action | None], ...] = (
        ("left", 1, room.left_space),
        ("right", 3, room.right_space),
    )
    for name, station, action in spaces:
        cx = card.px + STATION_X[station]
        top = card.py + FLOOR - SPACE_H
        cls = "hq-space" if action else "hq-space hq-blank"
        tip = f"{name} combat hazard space: " + (f"{_title(action)} hazard" if action else "blank")
        # A blank space is drawn empty: the word "blank" on it read as a hazard of that name.
        label = _title(action)[:6] if action else ""
        if room.unknown_space(name):
            # Not described (`blank` given, the space in neither): "?", ruled on by no one.
            cls, label = "hq-space hq-blank hq-space-unknown", "?"
            tip = f"{name} combat hazard space: not described"
        elif action is None and room.blank is None and f"{name}_space" not in room.model_fields_set:
            # A state written before spaces could be left undescribed: the rules take the
            # space as blank, so it is drawn blank, faint, and the tooltip says so.
            cls = "hq-space hq-blank hq-unsaid"
            tip += _unsaid(False)
        card.boxes.append(Box(cx - SPACE_W / 2, top, SPACE_W, SPACE_H, cls, tip, label))
        facts.append(tip)


def _feature(room: Room, card: Card, facts: list[str]) -> None:
    mid = card.px + CELL_W // 2
    lines: list[tuple[str, str]] = []
    if room.mini_boss is not None:
        boss = room.mini_boss
        actions = " · ".join(_title(a) for a in boss.actions)
        lines.append(("Mini-Boss", "hq-boss"))
        # Four actions at 11 px run past a 150 px card: two to a line.
        for pair in (boss.actions[:2], boss.actions[2:]):
            if pair:
                lines.append((" · ".join(_title(a) for a in pair), "hq-small"))
        lines.append((f"prize: {PRIZES[boss.prize]}", "hq-small"))
        card.cls.append("hq-has-boss")
        facts.append(f"a Mini-Boss asking {actions}, prize {PRIZES[boss.prize]}")
    if room.scrambler is not None:
        lines.append((f"{room.scrambler.title()} Scrambler", f"hq-scrambler-{room.scrambler}"))
        card.cls.append(f"hq-scrambler hq-{room.scrambler}")
        facts.append(f"the {room.scrambler} Scrambler")
    if room.dead_end:
        lines.append(("DEAD END", "hq-dead"))
        card.cls.append("hq-dead-end")
        facts.append("a Dead End")
    if room.trap_door:
        lines.append(("Trap Door", "hq-trap-text"))
        facts.append("a Trap Door")
    shown = lines[:5]
    # Lines rise as they grow, so the last stays above the combat spaces on the floor.
    top = card.py + 66 - 6 * (len(shown) > 2) - 13 * max(0, len(shown) - 3)
    for k, (text, cls) in enumerate(shown):
        card.texts.append(Text(mid, top + k * 13, text, cls, "middle"))


# ----------------------------------------------------------------- heroes and the legend


def _initials(name: str) -> str:
    first, _, rest = name.partition(" ")
    if rest and first.casefold() in ("your", "the"):
        name = rest  # "Your opponent" is OP, not YO like "You"
    letters = [w[0] for w in name.split() if w]
    return ("".join(letters[:2]) if len(letters) > 1 else name[:2]).upper() or "?"


def _hand(hero: Hero) -> str:
    parts = [item_words(i, hero.hand).removeprefix("the ") for i in hero.hand]
    if hero.unseen is None:
        # "others" only beside items listed: a hand with none given is simply not described.
        parts.append("how many others: not described" if parts else "not described")
    elif hero.unseen:
        parts.append(f"{hero.unseen} unseen")
    return ", ".join(parts) if parts else "no items"


def _tokens(state: State, grid: dict[tuple[int, int], Room], frame: Frame) -> list[Token]:
    tokens: list[Token] = []
    count: dict[tuple[int, int], int] = {}
    for k, hero in enumerate(state.heroes):
        if hero.x is None or hero.y is None or (hero.x, hero.y) not in grid:
            continue
        n = count.get((hero.x, hero.y), 0)
        count[(hero.x, hero.y)] = n + 1
        px, py = frame.card(hero.x, hero.y)
        gems = hero.crystals
        crystals = (
            "crystals not described"
            if gems is None
            else f"{gems.red} red, {gems.blue} blue crystals"
        )
        tip = f"{hero.player}" + (f" ({hero.hero})" if hero.hero else "")
        tip += f", Inherent Action {_inherent(hero)}, {crystals}"
        if state.turn == hero.player:
            tip += "; their turn"
        tokens.append(
            Token(
                px + 16 + n * 19,
                py + 32,
                PLAYER_PAINTS[k % len(PLAYER_PAINTS)],
                _initials(hero.player),
                tip,
                hero.player,
                state.turn == hero.player,
                0 if gems is None else gems.red,  # a token shows no crystal not described
                0 if gems is None else gems.blue,
            )
        )
    return tokens


def mentioned(state: State, hero: Hero) -> bool:
    """Whether the question said anything of this hero: the second hero a form adds because
    the game needs two players (nothing of it described, not its turn) is not drawn."""
    said = (hero.inherent, hero.x, hero.y, hero.crystals, hero.unseen, hero.hero)
    return (
        any(v is not None for v in said)
        or bool(hero.hand)
        or hero.player in (state.turn, state.winner)
    )


def _legend(state: State, top: int) -> tuple[list[Text], list[dict[str, Any]], int]:
    texts: list[Text] = []
    rows: list[dict[str, Any]] = []
    y = top
    texts.append(Text(MARGIN, y, "Heroes", "hq-h"))
    for k, hero in enumerate(state.heroes):
        if not mentioned(state, hero):
            continue
        y += LINE + 4
        # Where a hero stands is its token on the map; only a place not given is said.
        if hero.x is not None and hero.y is not None:
            where = ""
        else:
            where = "where: not described" if state.dungeon else "not placed"
        name = hero.player + (f" ({hero.hero})" if hero.hero else "")
        head = " · ".join(w for w in (name, f"Inherent Action {_inherent(hero)}", where) if w)
        if state.turn == hero.player:
            head += " · your turn" if is_you(hero.player) else " · their turn"
        if state.winner == hero.player:
            head += " · WINNER"
        rows.append(
            {
                "cx": MARGIN + 8,
                "cy": y - 5,
                "paint": PLAYER_PAINTS[k % len(PLAYER_PAINTS)],
                "initials": _initials(hero.player),
                "player": hero.player,
            }
        )
        for k, line in enumerate(_lines(head, HERO_CHARS)):
            y += (LINE - 2) if k else 0
            texts.append(Text(MARGIN + 22, y, line, "hq-hero-name"))
        y += LINE - 2
        gems = hero.crystals
        crystals = (
            "crystals: not described"
            if gems is None
            else f"crystals: {gems.red} red, {gems.blue} blue"
        )
        texts.append(Text(MARGIN + 22, y, crystals, "hq-crystals"))
        y += LINE - 2
        for k, line in enumerate(_lines(f"hand: {_hand(hero)}", SMALL_CHARS)):
            y += (LINE - 4) if k else 0
            texts.append(Text(MARGIN + 22, y, line, "hq-small"))
    y += LINE + 6
    counts = [
        f"{name} {'not described' if count is None else count}" for name, count in _counts(state)
    ]
    decks = " · ".join([*counts, f"{plural(len(state.dungeon), 'card')} on the table"])
    for k, line in enumerate(_lines(decks, SMALL_CHARS)):
        y += (LINE - 4) if k else 0
        texts.append(Text(MARGIN, y, line, "hq-small"))
    return texts, rows, y


def _lines(text: str, limit: int) -> list[str]:
    """`text` on lines of at most `limit` characters, broken between words."""
    return wrapped(text.split(" "), " ", limit)


def _wrap_up(texts: list[Text], limit: int) -> list[Text]:
    """Each caption over the map wrapped, its lines rising from where it stood (the map
    keeps its place under the last line)."""
    out: list[Text] = []
    for t in texts:
        lines = _lines(t.text, limit)
        for k, line in enumerate(lines):
            y = t.y - (len(lines) - 1 - k) * LINE
            out.append(Text(t.x, y, line, t.cls, t.anchor))
    return out


# ----------------------------------------------------------------- the whole picture


def layout(
    state: State, title: str, overlay: Any = None, reference: Reference | None = None
) -> dict[str, Any]:
    """Everything the template draws, as plain values."""
    grid = _grid(state)
    move = _move_of(overlay)
    reach = _reach_of(overlay)
    # A first pass without a frame finds the cards a path draws, so the map holds them.
    probe = Trace()
    if move is not None:
        _trace_move(state, move, None, probe)
    cells = set(grid) | set(probe.cells) | set(probe.ghosts)
    if reach is not None:
        for opening in _list(reach.get("openings")):
            cell = _cell_of(opening)
            if cell is not None:
                cells.add(cell)
    header: list[Text] = [Text(MARGIN, 24, title, "hq-title")]
    status = _status(state)
    y = 24
    for line in status:
        y += LINE
        header.append(Text(MARGIN, y, line, "hq-status"))
    trace = Trace()
    notes_at = y
    move_lines = _lines(_move_words(move), CAPTION_CHARS) if move is not None else []
    extra_bands: list[Text] = []
    if cells:
        frame = Frame.around(cells)
        # Room for the overlay's lines of words above the map (a path finder's caption
        # takes two at most).
        words = len(move_lines) if move is not None else (2 if reach is not None else 0)
        frame.top = y + 16 + words * LINE + 8
        if move is not None:
            _trace_move(state, move, frame, trace)
        cards = [_card(room, x, y_, frame) for (x, y_), room in grid.items()]
        cards += [
            _card(room, x, y_, frame, ghost=True)
            for (x, y_), room in trace.ghosts.items()
            if room is not None and (x, y_) not in grid
        ]
        for band in range(1, len(frame.band_rows)):
            said = "▼ The map goes on to the right, here:"
            at = frame.band_top(band) - 20
            extra_bands.append(Text(MARGIN, at, said, "hq-route-say hq-band"))
        bottom = frame.bottom
        tokens = _tokens(state, grid, frame)
        chosen = _selected(overlay) if isinstance(overlay, Mapping) else None
        openings, extra = _reach_marks(state, reach, grid, frame, cards, trace, chosen)
    else:
        cards, tokens, openings, extra = [], [], [], []
        y += LINE * (1 + len(move_lines)) + 6
        header.append(Text(MARGIN, y, "No Dungeon Card is on the table yet.", "hq-status"))
        bottom = y + 12
    for k, line in enumerate(move_lines):
        header.append(Text(MARGIN, notes_at + LINE + 4 + k * LINE, line, "hq-path-say"))
    header.extend(_wrap_up(extra, CAPTION_CHARS))
    header.extend(extra_bands)
    legend, legend_rows, bottom = _legend(state, bottom + 10)
    notes: list[Text] = []
    for note in trace.notes:
        for line in _lines(note, CAPTION_CHARS):
            bottom += LINE
            notes.append(Text(MARGIN, bottom, line, "hq-note"))
    return {
        "width": WIDTH,
        "height": bottom + 16,
        "title": title,
        "texts": header + legend + notes,
        "cards": sorted(cards, key=lambda c: "hq-ghost" in c.cls),
        "tokens": tokens,
        "legend": legend_rows,
        "paths": trace.paths,
        "marks": trace.marks,
        "openings": openings,
        "cell_w": CELL_W,
        "floor_end": CELL_W - 6,
        "cell_mid": CELL_W // 2,
        "cell_h": CELL_H,
        "token_r": TOKEN_R,
        "space_h": SPACE_H,
    }


def _status(state: State) -> list[str]:
    found = []
    if state.winner is not None:
        found.append(f"{says(state.winner, 'has', 'have', True)} won: a Scrambler is defeated.")
    elif state.turn is not None:
        found.append(f"{possessive(state.turn, start=True)} turn.")
    else:
        found.append("Before setup: nobody has a turn yet.")
    return found


def _move_words(move: Any) -> str:
    if isinstance(move, StandardTurn):
        ends = [w for w, v in (("a Look", move.look), ("a Running Leap", move.leap)) if v]
        said = f"The path in the move, in orange: {move.player}, {plural(len(move.path), 'step')}"
        if move.special:
            said += f", then Special Item {move.special}"
        if ends:
            said += ", then " + " and ".join(ends)
        return said + ". Numbers mark the hazards passed."
    if isinstance(move, TrapDoor):
        to = from_start(move.x, move.y)
        return f"The Trap Door in the move: {possessive(move.target)} hero to {to}."
    who = getattr(move, "player", None)
    if isinstance(move, HeroBattleTurn):
        return f"The move: {possessive(move.player)} Hero Battle against {subject(move.opponent)}."
    if isinstance(move, Trade):
        return f"The move: {possessive(move.player)} trade with {subject(move.partner)}."
    if who is None:  # the setup
        return "The move: setting up the game."
    return f"The move: {possessive(who)} {MOVE_WORDS.get(move.kind, 'turn')}."


def _reach_marks(
    state: State,
    reach: Mapping[str, Any] | None,
    grid: dict[tuple[int, int], Room],
    frame: Frame,
    cards: list[Card],
    trace: Trace,
    selected: tuple[int, int] | None,
) -> tuple[list[Box], list[Text]]:
    """Mark what the path finder found: reachable Checkpoints with their rank and items,
    Scramblers to defeat, empty spaces to open; draw the selected route."""
    if reach is None:
        return [], []
    by_cell = {(c.x, c.y): c for c in cards}
    texts: list[Text] = []
    start = reach.get("start")
    player = reach.get("player")
    found = by_cell.get(_cell_of(start))  # type: ignore[arg-type]
    if found is not None:
        found.cls.append("hq-start")
        found.badge = "start"
    rank = 0
    for dest in _list(reach.get("checkpoints")):
        if not isinstance(dest, Mapping):
            continue
        rank += 1
        found = by_cell.get(_cell_of(dest))  # type: ignore[arg-type]
        if found is None:
            continue
        items = _list(dest.get("items"))
        found.cls.append("hq-reach")
        found.badge = f"#{rank} · {len(items)} item{'s' if len(items) != 1 else ''}"
        if dest.get("leap_available"):
            found.badge += " · leap"
    for win in _list(reach.get("wins")):
        if isinstance(win, Mapping):
            found = by_cell.get(_cell_of(win))  # type: ignore[arg-type]
            if found is not None:
                found.cls.append("hq-win")
                found.badge = "win here"
    openings: list[Box] = []
    seen: set[tuple[int, int]] = set()
    for opening in _list(reach.get("openings")):
        if not isinstance(opening, Mapping):
            continue
        cell = _cell_of(opening)
        if cell is None or cell in seen or cell in grid:
            continue
        seen.add(cell)
        px, py = frame.card(*cell)
        items = _list(opening.get("items"))
        tip = (
            f"{cap(from_start(*cell, 'space'))}, empty: a card would be drawn here "
            f"({plural(len(items), 'item')} spent on the way)"
        )
        openings.append(Box(px, py, CELL_W, CELL_H, "hq-opening", tip, "?"))
    chosen = selected
    hero = state.hero(player) if isinstance(player, str) else None
    if chosen is not None and hero is not None and hero.x is not None and hero.y is not None:
        dest = next(
            (d for d in _list(reach.get("checkpoints")) if _cell_of(d) == chosen),
            None,
        )
        if dest is not None:
            _walk(
                dict(grid),
                (hero.x, hero.y),
                _route_steps(dest.get("route")),
                frame,
                trace,
                "hq-path hq-route",
                hero.hand,
            )
            found = by_cell.get(chosen)
            if found is not None:
                found.cls.append("hq-chosen")
            texts.append(
                Text(
                    MARGIN,
                    frame.top - 12,
                    "The route in green; numbers mark the hazards passed.",
                    "hq-route-say",
                )
            )
    if not texts:
        count = len([d for d in _list(reach.get("checkpoints")) if isinstance(d, Mapping)])
        texts.append(
            Text(
                MARGIN,
                frame.top - 12,
                f"Reachable Checkpoints this turn: {count}, outlined in green and ranked "
                "fewest items first.",
                "hq-route-say",
            )
        )
    return openings, texts


def ruling_overlay(request: Any) -> dict[str, Any] | None:
    """The overlay for a saved ruling's request: the move disputed (the first of a log)."""
    if not isinstance(request, Mapping):
        return None
    if isinstance(request.get("move"), Mapping):
        return {"move": request["move"]}
    moves = request.get("moves")
    if isinstance(moves, list) and moves and isinstance(moves[0], Mapping):
        return {"move": moves[0]}
    return None


__all__ = ["layout", "ruling_overlay"]


# ----------------------------------------------------------------- the text alternative


def _room_words(room: Room, at: str = "") -> str:
    at = at or cap(from_start(getattr(room, "x", 0), getattr(room, "y", 0)))
    if not face_described(room):
        return f"{at} was not described"
    facts: list[str] = []
    if room.stage is not None:
        facts.append(f"Stage Number {room.stage}")
    if "checkpoint" in room.model_fields_set:
        facts.append("a Checkpoint" if room.checkpoint else "no Checkpoint")
    for side in ("up", "down", "left", "right"):
        action = room.exits.get(side)
        if action is not None:
            facts.append(f"an exit {side} with {article(_title(action))} hazard")
    if room.walls:
        facts.append(
            f"{agree(room.walls, 'a wall', 'walls')} "
            + listed([s for s in ("up", "down", "left", "right") if s in room.walls])
        )
    for name, action in (("left", room.left_space), ("right", room.right_space)):
        if action is not None:
            facts.append(f"{article(_title(action))} hazard in its {name} combat space")
        elif room.blank is not None and name in room.blank:
            facts.append(f"a blank {name} combat space")
    if room.mini_boss is not None:
        asks = listed([_title(a) for a in room.mini_boss.actions])
        facts.append(f"a Mini-Boss asking {asks}, whose prize is a {PRIZES[room.mini_boss.prize]}")
    if room.scrambler is not None:
        facts.append(f"the {room.scrambler} Scrambler")
    if room.dead_end:
        facts.append("a Dead End")
    if room.trap_door:
        facts.append("a Trap Door")
    sides = room.unknown_sides()
    unsaid = (
        [f"{listed(list(sides))} {agree(sides, 'side', 'sides')}"]
        if sides and len(sides) < 4
        else []
    )
    unsaid += [
        words
        for name, words in (
            ("exits", "exits" if room.walls is None else ""),
            ("checkpoint", "Checkpoint"),
            ("left_space", "left combat space" if room.blank is None else ""),
            ("right_space", "right combat space" if room.blank is None else ""),
        )
        if name not in room.model_fields_set and words
    ]
    unsaid += [f"{space} combat space" for space in room.unknown_spaces()]
    if len(sides) == 4:
        unsaid.insert(0, "four sides")
    # What the state took by default is said as not described (the picture draws it faint).
    many = len(unsaid) > 1 or (unsaid and unsaid[0].endswith("sides"))
    rest = f". Its {listed(unsaid)} {'were' if many else 'was'} not described"
    rest = rest if unsaid else ""
    if not facts:
        return f"{at} holds nothing the question described" + rest
    return f"{at} has {listed(facts)}" + rest


def _hero_words(state: State, hero: Hero) -> str:
    name = hero.player
    head = cap(spoken(name)) + (f", playing {hero.hero}," if hero.hero else "")
    if hero.inherent is None:
        parts = [f"{possessive(name, start=True)} Inherent Action was not described"]
    else:
        parts = [f"{head} {verb(name, 'has', 'have')} the Inherent Action {_title(hero.inherent)}"]
    if (hero.x is None or hero.y is None) and state.dungeon:
        parts.append(f"where {spoken(name)} {verb(name, 'stands', 'stand')} was not described")
    elif hero.x is None or hero.y is None:
        parts.append(f"{who_does(name, 'is', 'are')} not placed yet")
    else:
        parts.append(f"{who_does(name, 'stands', 'stand')} on {from_start(hero.x, hero.y)}")
    red, blue = (0, 0) if hero.crystals is None else (hero.crystals.red, hero.crystals.blue)
    if hero.crystals is None:
        parts.append(
            f"how many crystals {spoken(name)} {verb(name, 'holds', 'hold')} was not described"
        )
    elif red or blue:
        gems = [f"{n} {c}" for n, c in ((red, "red"), (blue, "blue")) if n]
        parts.append(
            f"{who_does(name, 'holds', 'hold')} {listed(gems)} "
            + ("crystal" if red + blue == 1 else "crystals")
        )
    alike: dict[str, list[Item]] = {}
    for item in hero.hand:  # five Magic Items are said once, counted
        alike.setdefault(counted(item), []).append(item)
    held = [counted(items[0], len(items)) for items in alike.values()]
    if hero.unseen:
        held.append(f"{hero.unseen} {'item' if hero.unseen == 1 else 'items'} not shown")
    if hero.unseen is None and not held:
        parts.append(f"what {spoken(name)} {verb(name, 'holds', 'hold')} was not described")
    elif hero.unseen is None:
        parts.append(f"{who_does(name, 'holds', 'hold')} {listed(held)}")
        parts.append(
            f"how many other items {spoken(name)} {verb(name, 'holds', 'hold')} was not described"
        )
    else:
        parts.append(f"{who_does(name, 'holds', 'hold')} {listed(held) or 'no items'}")
    return sentences(parts[0] + ". " + ". ".join(cap(p) for p in parts[1:]))


def _path_words(move: Any) -> str:
    if isinstance(move, StandardTurn):
        steps = plural(len(move.path), "step")
        return f"The picture draws {whose(move.player)} path in the move: {steps}"
    if isinstance(move, TrapDoor):
        to = from_start(move.x, move.y)
        return f"The picture draws the Trap Door in the move: {whose(move.target)} hero to {to}"
    return ""


def describe(state: State, overlay: Any = None) -> str:
    """The picture's text alternative: the dungeon and the heroes in sentences."""
    said = list(_status(state))
    if not state.dungeon:
        said.append("No Dungeon Card is on the table yet")
    for room in state.dungeon:
        said.append(_room_words(room))
    move = _move_of(overlay)
    if move is not None:
        said.append(_path_words(move))
        drawn = Trace()
        _trace_move(state, move, None, drawn)
        faces = [(cell, face) for cell, face in drawn.ghosts.items() if face is not None]
        for (x, y), face in faces:
            # One card drawn needs no place; of several, each is named by where it lies.
            at = f", {from_start(x, y, 'space')}," if len(faces) > 1 else ""
            said.append(_room_words(face, f"The card drawn on the way{at}"))
    said += [_hero_words(state, hero) for hero in state.heroes if mentioned(state, hero)]
    said.append(_counts_words(state))
    return sentences(*said)


def _counts(state: State) -> list[tuple[str, int | None]]:
    return [
        ("Dungeon deck", state.dungeon_deck),
        ("Item deck", state.item_deck),
        ("discard pile", state.discard),
    ]


def _counts_words(state: State) -> str:
    """The decks as the state gives them; a count not described is said so, never guessed."""
    counts = _counts(state)
    given = [(name, n) for name, n in counts if n is not None]
    unsaid = [name for name, n in counts if n is None]
    words = ""
    if given:
        (first, n), rest = given[0], given[1:]
        words = f"The {first} holds {plural(n, 'card')}" + "".join(
            f"{' and' if k == len(rest) - 1 else ','} the {name} {n}"
            for k, (name, n) in enumerate(rest)
        )
    if unsaid:
        names = listed([f"the {name}" for name in unsaid])
        many = len(unsaid) > 1
        left = f"How many cards {names} {'hold' if many else 'holds'} was not described"
        words = f"{words}. {left}" if words else left
    return words


PICTURE = BoardPicture(layout=layout, ruling_overlay=ruling_overlay, describe=describe)
