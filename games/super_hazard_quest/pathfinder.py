"""Where can a hero go this turn? A search over proper movement and item uses.

From a hero's Checkpoint and hand, `reachable` finds every Checkpoint on the cards already on
the table that the hero can end its turn on, each with the route that proves it (as the `path`
of a Standard Turn) and the items it spends, fewest items first; whether a Running Leap would be
open on arrival; the empty spaces it could open (drawing a card); and the Scramblers it could
reach with a crystal of their colour. The same search tells the engine whether a hero in a new
room is stuck, which is what a wound is (rule 8.1).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from games.super_hazard_quest.board import (
    Grid,
    Spot,
    grid_of,
    on_checkpoint,
    start_spot,
    step,
)
from games.super_hazard_quest.ledger import Ledger, options
from games.super_hazard_quest.model import (
    DIRECTIONS,
    OPPOSITE,
    Action,
    Crystals,
    Direction,
    Hero,
    Item,
    State,
)

ACTION_KINDS = ("dual-action", "super", "magic", "super-magic")
NODE_LIMIT = 200_000  # a safety net; a 26-card dungeon with five items stays far below it


@dataclass(frozen=True, slots=True)
class Walker:
    """Where the hero is in its turn, and what the movement rules remember about how it got
    there: the last step's direction (no turning back, rule 5.11) and whether it has climbed
    or dug with no combat hazard space since (rule 4.10)."""

    spot: Spot
    last: Direction | None = None
    vertical_pending: bool = False


@dataclass(frozen=True, slots=True)
class Hand:
    inherent: Action
    items: tuple[Item, ...]
    crystals: Crystals


@dataclass(frozen=True, slots=True)
class Move:
    """One step the search may take: the path step (as JSON), where it leads, and what it
    runs into on arrival."""

    go: dict[str, Any]
    walker: Walker
    ledger: Ledger
    event: str  # "walk", "opening", "dead-end", "scrambler-win", "scrambler-wound"


def moves_from(grid: Grid, hand: Hand, walker: Walker, ledger: Ledger) -> Iterator[Move]:
    """Every step the hero may legally take from `walker` with `ledger`."""
    room = grid[(walker.spot.x, walker.spot.y)]
    turning_allowed = on_checkpoint(grid, walker.spot)
    for direction in DIRECTIONS:
        if walker.last == OPPOSITE[direction] and not turning_allowed:
            continue
        st = step(room, walker.spot, direction)
        if st.to is None or (st.vertical and walker.vertical_pending):
            continue
        pending = st.vertical or (walker.vertical_pending and not st.space)
        after = Walker(st.to, direction, pending)
        event = _arrival(grid, hand, st.to) if st.kind == "exit" else "walk"
        if st.hazard is None:
            yield Move({"kind": "go", "dir": direction}, after, ledger, event)
            continue
        for source, led in options(ledger, hand.inherent, hand.items, st.hazard):
            yield Move({"kind": "go", "dir": direction, "using": source}, after, led, event)


def _arrival(grid: Grid, hand: Hand, spot: Spot) -> str:
    room = grid.get((spot.x, spot.y))
    if room is None:
        return "opening"
    if room.dead_end:
        return "dead-end"
    if room.scrambler is not None:
        held = getattr(hand.crystals, room.scrambler)
        return "scrambler-win" if held > 0 else "scrambler-wound"
    return "walk"


# ----------------------------------------------------------------- the search


@dataclass
class _Search:
    grid: Grid
    hand: Hand
    parents: dict[Any, tuple[Any, dict[str, Any]] | None] = field(default_factory=dict)
    truncated: bool = False

    def route(self, key: Any) -> list[dict[str, Any]]:
        steps: list[dict[str, Any]] = []
        link = self.parents[key]
        while link is not None:
            key, go = link
            steps.append(go)
            link = self.parents[key]
        return steps[::-1]

    def run(self, walker: Walker, ledger: Ledger) -> Iterator[tuple[Any, Move | None, int]]:
        """Best-first by items spent, then steps: yields (node key, the move into it, cost).
        Nodes that end the walk (openings, wounds, wins) are yielded but not expanded."""
        start = (walker, ledger)
        self.parents[start] = None
        tie = itertools.count()
        queue: list[tuple[int, int, int, Any]] = [(len(ledger.active()), 0, next(tie), start)]
        done: set[Any] = set()
        while queue:
            cost, depth, _, key = heapq.heappop(queue)
            if key in done:
                continue
            done.add(key)
            if len(done) > NODE_LIMIT:
                self.truncated = True
                return
            yield key, None, cost
            walker_now, ledger_now = key
            for mv in moves_from(self.grid, self.hand, walker_now, ledger_now):
                child = (mv.walker, mv.ledger)
                if mv.event != "walk":
                    # The walk stops there: report it once, never expand it.
                    if child not in self.parents:
                        self.parents[child] = (key, mv.go)
                        yield child, mv, len(mv.ledger.active())
                    continue
                if child in done or child in self.parents:
                    continue
                self.parents[child] = (key, mv.go)
                heapq.heappush(queue, (len(mv.ledger.active()), depth + 1, next(tie), child))


def hand_of(hero: Hero) -> Hand:
    items = tuple(i for i in hero.hand if i.kind in ACTION_KINDS)
    return Hand(hero.inherent, items, hero.crystals)


def has_way_on(grid: Grid, hero: Hero, walker: Walker, ledger: Ledger) -> bool:
    """Can the hero still end its turn properly: reach a Checkpoint, open an empty space, or
    reach a Scrambler it can defeat? If not, it is stuck: wounded, if it is in a new room."""
    if on_checkpoint(grid, walker.spot):
        return True
    search = _Search(grid, hand_of(hero))
    for (w, _), mv, _ in search.run(walker, ledger):
        if mv is not None:
            if mv.event in ("opening", "scrambler-win"):
                return True
            continue
        if on_checkpoint(grid, w.spot):
            return True
    return False


# ----------------------------------------------------------------- the answer


@dataclass
class Destination:
    x: int
    y: int
    items: list[str]
    route: list[dict[str, Any]]
    leap_available: bool = False
    leap_route: list[dict[str, Any]] | None = None


@dataclass
class Reachability:
    player: str
    start: tuple[int, int]
    checkpoints: list[Destination]
    openings: list[dict[str, Any]]
    wins: list[Destination]
    truncated: bool = False
    notes: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        def dest(d: Destination) -> dict[str, Any]:
            return {
                "x": d.x,
                "y": d.y,
                "items": d.items,
                "route": d.route,
                "leap_available": d.leap_available,
                "leap_route": d.leap_route,
            }

        return {
            "player": self.player,
            "start": {"x": self.start[0], "y": self.start[1]},
            "checkpoints": [dest(d) for d in self.checkpoints],
            "openings": self.openings,
            "wins": [dest(d) for d in self.wins],
            "truncated": self.truncated,
            "notes": self.notes,
        }


def _spend_hazard_items(state: State, hero: Hero) -> list[dict[str, Any]] | None:
    """Steps that use each Hazard Item in hand without changing the dungeon: the same hazard
    placed over itself (rule 9.8). None when some Hazard Item has nowhere to go."""
    combat = [
        (r, s, a)
        for r in state.dungeon
        for s, a in (("left-space", r.left_space), ("right-space", r.right_space))
        if a is not None
    ]
    direction = [(r, s, a) for r in state.dungeon for s, a in r.exits.items()]
    steps: list[dict[str, Any]] = []
    for item in hero.hand:
        if item.kind != "hazard":
            continue
        spots = combat if item.hazard == "combat" else direction
        if not spots:
            return None
        room, spot, action = spots[0]
        steps.append(
            {
                "kind": "place-hazard",
                "item": item.id,
                "x": room.x,
                "y": room.y,
                "spot": spot,
                "hazard": action,
            }
        )
    return steps


def reachable(state: State, player: str) -> Reachability:
    """Every Checkpoint the hero of `player` can end this turn on, fewest items first."""
    hero = state.hero(player)
    if hero is None or hero.x is None or hero.y is None:
        raise ValueError(f"no hero of {player!r} on the table")
    grid = grid_of(state.dungeon)
    hand = hand_of(hero)
    search = _Search(grid, hand)
    start = (hero.x, hero.y)
    best: dict[tuple[int, int], Destination] = {}
    wins: dict[tuple[int, int], Destination] = {}
    openings: dict[tuple[int, int, str], dict[str, Any]] = {}
    all_action_items = frozenset(i.id for i in hand.items)
    full: dict[tuple[int, int], Any] = {}
    for key, mv, _ in search.run(Walker(start_spot(*start)), Ledger()):
        walker, ledger = key
        cell = (walker.spot.x, walker.spot.y)
        items = sorted(ledger.active())
        if mv is not None:
            if mv.event == "opening" and ((*cell, mv.go["dir"])) not in openings:
                openings[(*cell, mv.go["dir"])] = {
                    "x": cell[0],
                    "y": cell[1],
                    "items": items,
                    "route": search.route(key),
                }
            elif mv.event == "scrambler-win" and cell not in wins:
                wins[cell] = Destination(cell[0], cell[1], items, search.route(key))
            continue
        if not on_checkpoint(grid, walker.spot) or cell == start:
            continue
        if cell not in best:
            best[cell] = Destination(cell[0], cell[1], items, search.route(key))
        if ledger.active() >= all_action_items and cell not in full:
            full[cell] = key
    leap_extra = _spend_hazard_items(state, hero)
    leap_blocked = (
        hero.unseen > 0 or leap_extra is None or any(i.kind == "special" for i in hero.hand)
    )
    for cell, dest in best.items():
        if cell in full and not leap_blocked and leap_extra is not None:
            dest.leap_available = True
            dest.leap_route = leap_extra + search.route(full[cell])
    ordered = sorted(best.values(), key=lambda d: (len(d.items), len(d.route), d.x, d.y))
    notes = []
    if any(i.kind == "special" for i in hero.hand):
        notes.append("A Special Item in hand rules out a Running Leap: using it ends the turn.")
    if hero.unseen:
        notes.append(f"{hero.unseen} card(s) in hand are not given: they are not searched.")
    return Reachability(
        player=player,
        start=start,
        checkpoints=ordered,
        openings=list(openings.values()),
        wins=list(wins.values()),
        truncated=search.truncated,
        notes=notes,
    )


__all__ = ["Reachability", "Walker", "has_way_on", "moves_from", "reachable"]
