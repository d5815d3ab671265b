"""Proper movement: how a hero walks inside a room and from room to room.

The rulebook shows proper movement on a demo card it does not reproduce; this is our model of
it, the reference ruling `super-hazard-quest:proper-movement-model`:

    left exit | left-edge (flag) | left-space | middle | right-space | right-edge | right exit
                                               up/down exits

A hero moves one station per step. Stepping into a combat hazard space passes that space (and
its hazard, if one stands there). Leaving through an exit passes its Direction Hazard; nothing
is met on arrival (rules 4.5, 4.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.super_hazard_quest.spoken import from_start
from games.super_hazard_quest.state import DELTA, Action, Direction, PlacedRoom, Room, Space

STATIONS: tuple[str, ...] = ("left-edge", "left-space", "middle", "right-space", "right-edge")
FLAG, LEFT_SPACE, MIDDLE, RIGHT_SPACE, RIGHT_EDGE = range(5)
SPACES = (LEFT_SPACE, RIGHT_SPACE)

Grid = dict[tuple[int, int], PlacedRoom]


# Spot, Step (and the path finder's Walker) are never changed once made, but not frozen: a
# frozen dataclass's __init__ sets each field through object.__setattr__, several times the
# cost of a plain slot, and a turn makes several at every step.
@dataclass(slots=True, unsafe_hash=True)
class Spot:
    x: int
    y: int
    station: int

    def describe(self) -> str:
        where = STATIONS[self.station].replace("-", " ")
        return f"the {where} of {from_start(self.x, self.y)}"


# "unknown": the side the step leaves by was not described (neither an exit nor a wall); `to`
# says where it would lead, for a step the player says was made. "unknown-space": the step
# enters a combat hazard space that was not described (no hazard given, not given as blank).
StepKind = Literal["walk", "exit", "wall", "unknown", "unknown-space", "no-vertical-exit"]


@dataclass(slots=True, unsafe_hash=True)
class Step:
    """Where one step in a direction leads and what it meets."""

    kind: StepKind
    to: Spot | None = None
    hazard: Action | None = None  # the action needed to make this step, if any
    space: bool = False  # the step enters a combat hazard space (rule 4.10)
    vertical: bool = False  # the step is a Climb or Dig between cards (rule 4.10)


def grid_of(rooms: list[PlacedRoom]) -> Grid:
    return {(r.x, r.y): r for r in rooms}


def on_checkpoint(grid: Grid, spot: Spot) -> bool:
    room = grid.get((spot.x, spot.y))
    return room is not None and room.checkpoint and spot.station == FLAG


def start_spot(x: int, y: int) -> Spot:
    """A turn starts at the bottom of the hero's Checkpoint flag (rule 5.6)."""
    return Spot(x, y, FLAG)


def space_hazard(room: Room, station: int) -> Action | None:
    return room.left_space if station == LEFT_SPACE else room.right_space


def space_name(station: int) -> Space:
    return "left" if station == LEFT_SPACE else "right"


def step(room: Room, spot: Spot, direction: Direction) -> Step:
    """One step from `spot` (on `room`) toward `direction`, by the proper-movement model."""
    if direction in ("left", "right"):
        delta = -1 if direction == "left" else 1
        edge = FLAG if direction == "left" else RIGHT_EDGE
        if spot.station != edge:
            to = Spot(spot.x, spot.y, spot.station + delta)
            if to.station in SPACES:
                if room.unknown_space(space_name(to.station)):
                    return Step("unknown-space", to, space=True)
                return Step("walk", to, space_hazard(room, to.station), space=True)
            return Step("walk", to)
        return _leave(room, spot, direction)
    if spot.station != MIDDLE:
        return Step("no-vertical-exit")
    return _leave(room, spot, direction)


def _leave(room: Room, spot: Spot, direction: Direction) -> Step:
    hazard = room.exits.get(direction)
    unknown = hazard is None and room.unknown_side(direction)
    if hazard is None and not unknown:
        return Step("wall")
    dx, dy = DELTA[direction]
    arrival = {"left": RIGHT_EDGE, "right": FLAG, "up": MIDDLE, "down": MIDDLE}[direction]
    to = Spot(spot.x + dx, spot.y + dy, arrival)
    vertical = direction in ("up", "down")
    return Step("unknown" if unknown else "exit", to, hazard, vertical=vertical)
