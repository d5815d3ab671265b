"""Where can a hero go this turn? A search over proper movement and item uses.

From a hero's Checkpoint and hand, `reachable` finds every Checkpoint on the cards already on
the table that the hero can end its turn on, each with the route that proves it (as the `path`
of a Standard Turn) and the items it spends, fewest items first; whether a Running Leap would be
open on arrival; the empty spaces it could open (drawing a card); and the Scramblers it could
reach with a crystal of their colour. The same search tells the engine whether a hero in a new
room is stuck, which is what a wound is (rule 8.1).

The search runs over (where the hero is, what the hand has given this turn) pairs, best first:
fewest items in the Active Hand, then fewest steps, then first found. Both halves of a pair are
packed into integers so that a full dungeon is searched in milliseconds:

- a *walker code* packs the card, the station on it (see `board.py`), the last step's direction
  and whether a climb or dig waits for a combat hazard space: ((card * 5 + station) * 5 + last)
  * 2 + pending;
- a *ledger code* gives each action item of the hand four bits: a Dual Action Item one bit per
  action used, a Magic Item or a Super Item one bit, a Super Magic Item the number of the chosen
  action plus one. An item is in the Active Hand when its four bits are not all zero.

Where a step leads depends only on the walker, and what a use of an action leaves only on the
ledger, so both are worked out once per search and remembered.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from games.super_hazard_quest.ledger import Ledger
from games.super_hazard_quest.movement import (
    FLAG,
    LEFT_SPACE,
    Grid,
    Spot,
    grid_of,
    on_checkpoint,
    step,
)
from games.super_hazard_quest.state import (
    ALL_ACTIONS,
    COMBAT_ACTIONS,
    DIRECTION_ACTIONS,
    DIRECTIONS,
    INHERENT,
    OPPOSITE,
    Action,
    Crystals,
    Direction,
    Hero,
    Item,
    State,
)
from games.super_hazard_quest.transitions import (
    HAZARD_ITEM_RULING,
    PROPER_MOVEMENT,
    SCRAMBLER_RULING,
)

ACTION_KINDS = ("dual-action", "super", "magic", "super-magic")
NODE_LIMIT = 60_000  # a safety net: a 26-card dungeon with five items needs at most ~6,000
PLACEMENT_LIMIT = 200  # searches with Hazard Items placed, at most, per question


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


def hand_of(hero: Hero) -> Hand:
    items = tuple(i for i in hero.hand if i.kind in ACTION_KINDS)
    return Hand(hero.action(), items, hero.crystals)


# ----------------------------------------------------------------- the dungeon, compiled

_DIRS: tuple[Direction, ...] = DIRECTIONS
_OPPOSITE_INDEX = tuple(_DIRS.index(OPPOSITE[d]) for d in _DIRS)
_ACTION_INDEX: dict[str, int] = {a: k for k, a in enumerate(ALL_ACTIONS)}
_NO_LAST = 4
_STATIONS = 5
_WIN = -1  # a step's target: a Scrambler the hero defeats
_OPEN = -2  # a step's target: an empty space, where a card would be drawn
_SHIFT = 40  # bits of the node number, then of the depth, in a queue priority
_LOW = (1 << _SHIFT) - 1

# (direction, hazard action or -1, target walker code or _WIN/_OPEN, x, y)
MoveOut = tuple[int, int, int, int, int]
# (source: the item's index, or -1 for the Inherent Action; ledger after; its canonical form;
# its cost)
Use = tuple[int, int, int, int]


def _likeness(item: Item) -> tuple[Any, ...]:
    """What an item gives, without its id."""
    if item.kind == "dual-action":
        return (item.kind, *item.actions)
    if item.kind == "super":
        return (item.kind, item.action)
    return (item.kind,)


def _use(item: Item, action: int, bits: int) -> int:
    """An item's four bits after one use of `action`, or -1 when it cannot give it."""
    if item.kind == "dual-action":  # rule 9.3: one use of each of its two actions
        first, second = (_ACTION_INDEX[a] for a in item.actions)
        if action == first and not bits & 1:
            return bits | 1
        if action == second and not bits & 2:  # also the second of an action printed twice
            return bits | 2
        return -1
    if item.kind == "super":  # rule 9.4: its one action, without limit
        return 1 if _ACTION_INDEX[item.action] == action else -1
    if item.kind == "magic":  # rule 9.5: one use of any action
        return 1 if not bits else -1
    # super magic, rule 9.6: any one action, chosen at its first use, without limit
    return action + 1 if not bits or bits == action + 1 else -1


def _walker_code(cell: int, station: int, last: int, pending: bool) -> int:
    return ((cell * _STATIONS + station) * 5 + last) * 2 + int(pending)


class _Compiled:
    """The dungeon and one hero's hand, compiled for the search."""

    def __init__(self, grid: Grid, hand: Hand) -> None:
        self.grid = grid
        self.cells: list[tuple[int, int]] = list(grid)
        self.cell_index = {cell: k for k, cell in enumerate(self.cells)}
        self.rooms = [grid[cell] for cell in self.cells]
        self.hand = hand
        self.inherent = _ACTION_INDEX[hand.inherent]
        self.item_ids = [item.id for item in hand.items]
        self._moves: dict[int, tuple[MoveOut, ...]] = {}
        self._uses: dict[int, tuple[Use, ...]] = {}
        self._cost: dict[int, int] = {}
        self._canonical: dict[int, int] = {}
        # Items that differ only by id (two Magic Items, two Super Items of Hide) are
        # interchangeable: ledgers that differ by swapping them lead to the same places.
        twins: dict[tuple[Any, ...], list[int]] = {}
        for k, item in enumerate(hand.items):
            twins.setdefault(_likeness(item), []).append(k)
        self.twins = [group for group in twins.values() if len(group) > 1]
        self._tables = [
            [tuple(_use(item, action, bits) for bits in range(16)) for action in range(8)]
            for item in hand.items
        ]

    # ----- codes

    def walker_code(self, walker: Walker) -> int:
        spot = walker.spot
        last = _NO_LAST if walker.last is None else _DIRS.index(walker.last)
        cell = self.cell_index[(spot.x, spot.y)]
        return _walker_code(cell, spot.station, last, walker.vertical_pending)

    def place(self, code: int) -> tuple[int, int, int]:
        """(x, y, station) of a walker code."""
        cell, station = divmod(code // 10, _STATIONS)
        x, y = self.cells[cell]
        return x, y, station

    def on_checkpoint(self, code: int) -> bool:
        cell, station = divmod(code // 10, _STATIONS)
        return station == FLAG and self.rooms[cell].checkpoint

    def ledger_code(self, ledger: Ledger) -> int:
        code = 0
        for k, item in enumerate(self.hand.items):
            bits = 0
            if item.kind == "dual-action":
                first, second = item.actions
                if (item.id, first) in ledger.dual:
                    bits |= 1
                if second != first and (item.id, second) in ledger.dual:
                    bits |= 2
                if second == first and item.id in ledger.doubled:
                    bits |= 2
            elif item.kind == "magic":
                bits = int(item.id in ledger.magic)
            elif item.kind == "super":
                bits = int(item.id in ledger.supers)
            else:
                chosen = next((a for i, a in ledger.super_magic if i == item.id), None)
                bits = 0 if chosen is None else _ACTION_INDEX[chosen] + 1
            code |= bits << (4 * k)
        return code

    def canonical(self, ledger: int) -> int:
        """The ledger with the fields of interchangeable items sorted: one code for all the
        ledgers that differ only by which of two twin items was used."""
        found = self._canonical.get(ledger)
        if found is None:
            found = ledger
            for group in self.twins:
                fields = sorted(((ledger >> (4 * k)) & 15 for k in group), reverse=True)
                for k, bits in zip(group, fields, strict=True):
                    found = (found & ~(15 << (4 * k))) | (bits << (4 * k))
            self._canonical[ledger] = found
        return found

    def cost(self, ledger: int) -> int:
        found = self._cost.get(ledger)
        if found is None:
            found = sum(1 for k in range(len(self.item_ids)) if (ledger >> (4 * k)) & 15)
            self._cost[ledger] = found
        return found

    def active(self, ledger: int) -> list[str]:
        """The Active Hand of a ledger code, as sorted item ids."""
        return sorted(i for k, i in enumerate(self.item_ids) if (ledger >> (4 * k)) & 15)

    def whole_hand(self, ledger: int) -> bool:
        return self.cost(ledger) == len(self.item_ids)

    # ----- one step: where it leads (remembered by walker)

    def moves(self, code: int) -> tuple[MoveOut, ...]:
        """Every step allowed from this walker, in the order of `DIRECTIONS`. A step into a
        Dead End or onto a Scrambler without its crystal wounds: it leads nowhere and is left
        out."""
        found = self._moves.get(code)
        if found is not None:
            return found
        pending = bool(code & 1)
        last = (code >> 1) % 5
        cell, station = divmod(code // 10, _STATIONS)
        room = self.rooms[cell]
        x, y = self.cells[cell]
        turning_allowed = room.checkpoint and station == FLAG
        out: list[MoveOut] = []
        for d, direction in enumerate(_DIRS):
            if last == _OPPOSITE_INDEX[d] and not turning_allowed:
                continue
            st = step(room, Spot(x, y, station), direction)
            if st.to is None or (st.vertical and pending):
                continue
            after = st.vertical or (pending and not st.space)
            hazard = -1 if st.hazard is None else _ACTION_INDEX[st.hazard]
            to = (st.to.x, st.to.y)
            if st.kind == "exit":
                target = self.grid.get(to)
                if target is None:
                    out.append((d, hazard, _OPEN, *to))
                    continue
                if target.dead_end:
                    continue
                if target.scrambler is not None:
                    if getattr(self.hand.crystals, target.scrambler) > 0:
                        out.append((d, hazard, _WIN, *to))
                    continue
            out.append((d, hazard, _walker_code(self.cell_index[to], st.to.station, d, after), *to))
        found = tuple(out)
        self._moves[code] = found
        return found

    # ----- one use of an action: what it leaves (remembered by ledger and action)

    def uses(self, ledger: int, action: int) -> tuple[Use, ...]:
        """Every way to take one use of `action` now: the Inherent Action first, then the items
        in hand order (as `ledger.options`)."""
        memo = ledger * 8 + action
        found = self._uses.get(memo)
        if found is not None:
            return found
        out: list[Use] = []
        if action == self.inherent:
            out.append((-1, ledger, self.canonical(ledger), self.cost(ledger)))
        for k, table in enumerate(self._tables):
            shift = 4 * k
            bits = (ledger >> shift) & 15
            after_bits = table[action][bits]
            if after_bits >= 0:
                after = ledger ^ ((bits ^ after_bits) << shift)
                out.append((k, after, self.canonical(after), self.cost(after)))
        found = tuple(out)
        self._uses[memo] = found
        return found


# ----------------------------------------------------------------- the search


@dataclass(frozen=True, slots=True)
class Event:
    """A step that ends the walk: onto a Scrambler the hero defeats (`win`), or into an empty
    space (a card would be drawn there)."""

    node: int
    win: bool
    x: int
    y: int
    direction: int
    hazard: int
    source: int
    ledger: int


@dataclass
class _Search:
    """Best first by items spent, then steps, then first found. Each (walker, ledger) pair is
    a node, kept once, the first time it is found; a node's route is read back through its
    parent links."""

    compiled: _Compiled
    truncated: bool = False
    # (walker code, direction) of the steps met that ask for an action: the hazards a Hazard
    # Item could change (to pass one the hand cannot, or to spare a use needed further on)
    met: set[tuple[int, int]] = field(default_factory=set)
    walkers: list[int] = field(default_factory=list)
    ledgers: list[int] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)
    steps: list[tuple[int, int, int]] = field(default_factory=list)

    def go(self, direction: int, hazard: int, source: int) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "go", "dir": _DIRS[direction]}
        if hazard >= 0:
            out["using"] = INHERENT if source < 0 else self.compiled.item_ids[source]
        return out

    def route(self, node: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        while self.parent[node] >= 0:
            out.append(self.go(*self.steps[node]))
            node = self.parent[node]
        return out[::-1]

    def event_route(self, event: Event) -> list[dict[str, Any]]:
        return [*self.route(event.node), self.go(event.direction, event.hazard, event.source)]

    def run(self, walker: int, ledger: int, offset: int = 0) -> Iterator[int | Event]:
        """Yields every node as it leaves the queue, and every Event as it is met. `offset` is
        added to every cost: items already played that are not in the searched hand."""
        c = self.compiled
        moves, uses, cost_of, memo = c.moves, c.uses, c.cost, c._uses
        walkers, ledgers, parent, steps = self.walkers, self.ledgers, self.parent, self.steps
        seen: set[tuple[int, int]] = {(walker, c.canonical(ledger))}
        walkers.append(walker)
        ledgers.append(ledger)
        parent.append(-1)
        steps.append((-1, -1, -1))
        queue = [(cost_of(ledger) + offset) << (2 * _SHIFT)]
        popped = 0
        while queue:
            prio = heapq.heappop(queue)
            node = prio & _LOW
            popped += 1
            if popped > NODE_LIMIT:
                self.truncated = True
                return
            yield node
            depth = ((prio >> _SHIFT) & _LOW) + 1
            led = ledgers[node]
            for direction, hazard, target, x, y in moves(walkers[node]):
                if hazard < 0:
                    options: tuple[Use, ...] = ((-1, led, c.canonical(led), cost_of(led)),)
                else:
                    found = memo.get(led * 8 + hazard)
                    options = uses(led, hazard) if found is None else found
                    self.met.add((walkers[node], direction))
                for source, after, canonical, cost in options:
                    if target < 0:
                        yield Event(node, target == _WIN, x, y, direction, hazard, source, after)
                        continue
                    key = (target, canonical)
                    if key in seen:
                        continue
                    seen.add(key)
                    child = len(walkers)
                    walkers.append(target)
                    ledgers.append(after)
                    parent.append(node)
                    steps.append((direction, hazard, source))
                    priority = ((cost + offset) << (2 * _SHIFT)) | (depth << _SHIFT) | child
                    heapq.heappush(queue, priority)


def has_way_on(grid: Grid, hero: Hero, walker: Walker, ledger: Ledger) -> bool:
    """Can the hero still end its turn properly: reach a Checkpoint, open an empty space, or
    reach a Scrambler it can defeat? If not, it is stuck: wounded, if it is in a new room."""
    if on_checkpoint(grid, walker.spot):
        return True
    compiled = _Compiled(grid, hand_of(hero))
    start = compiled.ledger_code(ledger)
    offset = len(ledger.active()) - compiled.cost(start)
    search = _Search(compiled)
    for found in search.run(compiled.walker_code(walker), start, offset):
        if isinstance(found, Event) or compiled.on_checkpoint(search.walkers[found]):
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

    def interpretations(self) -> list[str]:
        """The reference rulings the route's turn rests on, as its ruling lists them."""
        found = set()
        for s in self.route:
            if s.get("kind") == "go":
                found.add(PROPER_MOVEMENT)
            elif s.get("kind") == "place-hazard":
                found.add(HAZARD_ITEM_RULING)
        target = self.route[-1] if self.route else {}
        if target.get("kind") == "go" and self.win:
            found.add(SCRAMBLER_RULING)
        return sorted(found)

    win: bool = False


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
                "interpretations": d.interpretations(),
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


def _spend_hazard_items(
    state: State, hero: Hero, items: list[Item] | None = None
) -> list[dict[str, Any]] | None:
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
    for item in hero.hand if items is None else items:
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


@dataclass
class _Explored:
    """One search from the hero's Checkpoint over one dungeon (with any hazards placed)."""

    best: dict[tuple[int, int], Destination]
    wins: dict[tuple[int, int], Destination]
    openings: dict[tuple[int, int, int], dict[str, Any]]
    full: dict[tuple[int, int], Destination]  # a turn there that spends every action item
    met: list[tuple[int, int, str, Action]]  # (x, y, spot, action) of the hazards met
    truncated: bool


def _explore(
    grid: Grid, hero: Hero, start: tuple[int, int], placed: list[dict[str, Any]]
) -> _Explored:
    compiled = _Compiled(grid, hand_of(hero))
    search = _Search(compiled)
    best: dict[tuple[int, int], Destination] = {}
    wins: dict[tuple[int, int], Destination] = {}
    openings: dict[tuple[int, int, int], dict[str, Any]] = {}
    full: dict[tuple[int, int], Destination] = {}
    spent = [p["item"] for p in placed]
    begin = compiled.walker_code(Walker(Spot(*start, FLAG)))
    for found in search.run(begin, 0, len(placed)):
        if isinstance(found, Event):
            cell = (found.x, found.y)
            items = spent + compiled.active(found.ledger)
            if found.win:
                if cell not in wins:
                    route = placed + search.event_route(found)
                    wins[cell] = Destination(*cell, items, route, win=True)
            elif (*cell, found.direction) not in openings:
                openings[(*cell, found.direction)] = {
                    "x": found.x,
                    "y": found.y,
                    "items": items,
                    "route": placed + search.event_route(found),
                }
            continue
        code = search.walkers[found]
        if not compiled.on_checkpoint(code):
            continue
        x, y, _ = compiled.place(code)
        if (x, y) == start:
            continue
        ledger = search.ledgers[found]
        if (x, y) not in best:
            items = spent + compiled.active(ledger)
            best[(x, y)] = Destination(x, y, items, placed + search.route(found))
        if (x, y) not in full and compiled.whole_hand(ledger):
            items = spent + compiled.active(ledger)
            full[(x, y)] = Destination(x, y, items, placed + search.route(found))
    met: list[tuple[int, int, str, Action]] = []
    for code, d in sorted(search.met):
        x, y, station = compiled.place(code)
        room = grid[(x, y)]
        st = step(room, Spot(x, y, station), _DIRS[d])
        if st.hazard is None or st.to is None:
            continue
        if st.space:
            where = "left-space" if st.to.station == LEFT_SPACE else "right-space"
            met.append((st.to.x, st.to.y, where, st.hazard))
        else:
            met.append((x, y, _DIRS[d], st.hazard))
    return _Explored(best, wins, openings, full, list(dict.fromkeys(met)), search.truncated)


def _givable(hero: Hero) -> set[Action]:
    """The actions the hero can give this turn: its Inherent Action and its items'."""
    out: set[Action] = {hero.action()}
    for item in hero.hand:
        if item.kind == "dual-action":
            out.update(item.actions)
        elif item.kind == "super":
            out.add(item.action)
        elif item.kind in ("magic", "super-magic"):
            out.update(ALL_ACTIONS)
    return out


def _placements(
    explored: _Explored, hero: Hero, items: list[Item]
) -> Iterator[tuple[Item, dict[str, Any]]]:
    """Every hazard the hero's unused Hazard Items could put over a hazard it met, changing it
    to another it can give (rules 9.7 to 9.10): a placement that may open a route, or spare a
    use that a hazard further on needs."""
    givable = _givable(hero)
    seen: set[tuple[Any, ...]] = set()
    for x, y, spot, action in explored.met:
        combat = spot in ("left-space", "right-space")
        for item in items:
            if item.kind != "hazard" or (item.hazard == "combat") != combat:
                continue
            kinds = COMBAT_ACTIONS if combat else DIRECTION_ACTIONS
            for new in kinds:
                key = (item.hazard, x, y, spot, new)
                if new == action or new not in givable or key in seen:
                    continue
                seen.add(key)
                yield (
                    item,
                    {
                        "kind": "place-hazard",
                        "item": item.id,
                        "x": x,
                        "y": y,
                        "spot": spot,
                        "hazard": new,
                    },
                )


def _with_hazard(grid: Grid, placement: dict[str, Any]) -> Grid:
    cell = (placement["x"], placement["y"])
    room = grid[cell].model_copy(deep=True)
    if placement["spot"] in ("left-space", "right-space"):
        setattr(room, placement["spot"].replace("-", "_"), placement["hazard"])
    else:
        room.exits[placement["spot"]] = placement["hazard"]
    return {**grid, cell: room}


def _better(new: Destination, old: Destination | None) -> bool:
    return old is None or (len(new.items), len(new.route)) < (len(old.items), len(old.route))


def reachable(state: State, player: str) -> Reachability:
    """Every Checkpoint the hero of `player` can end this turn on, fewest items first, with
    the hazards its Hazard Items could place to open a way (each placed at the turn's start)."""
    hero = state.hero(player)
    if hero is None or hero.x is None or hero.y is None:
        raise ValueError(f"no hero of {player!r} on the table")
    grid = grid_of(state.dungeon)
    start = (hero.x, hero.y)
    if start not in grid:
        raise ValueError(f"the hero of {player!r} does not stand on a Dungeon Card")
    hazard_items: list[Item] = [i for i in hero.hand if i.kind == "hazard"]
    base = _explore(grid, hero, start, [])
    best, wins, full = dict(base.best), dict(base.wins), dict(base.full)
    openings = dict(base.openings)
    truncated = base.truncated
    frontier: list[tuple[Grid, list[dict[str, Any]], _Explored]] = [(grid, [], base)]
    searches = 0
    tried: set[frozenset[tuple[Any, ...]]] = set()  # placements in any order are one
    placement_cut = False
    for _ in range(len(hazard_items)):
        after: list[tuple[Grid, list[dict[str, Any]], _Explored]] = []
        for g, placed, explored in frontier:
            used = {p["item"] for p in placed}
            free = [i for i in hazard_items if i.id not in used]
            for _item, placement in _placements(explored, hero, free):
                together = frozenset(tuple(sorted(p.items())) for p in [*placed, placement])
                if together in tried:
                    continue
                tried.add(together)
                if searches >= PLACEMENT_LIMIT:
                    truncated = placement_cut = True
                    break
                searches += 1
                g2 = _with_hazard(g, placement)
                now = _explore(g2, hero, start, [*placed, placement])
                truncated = truncated or now.truncated
                for cell, dest in now.best.items():
                    if _better(dest, best.get(cell)):
                        best[cell] = dest
                for cell, dest in now.wins.items():
                    if _better(dest, wins.get(cell)):
                        wins[cell] = dest
                for cell, dest in now.full.items():
                    if _better(dest, full.get(cell)):
                        full[cell] = dest
                for key, gap in now.openings.items():
                    openings.setdefault(key, gap)
                after.append((g2, [*placed, placement], now))
        frontier = after
    specials = any(i.kind == "special" for i in hero.hand)
    for cell, dest in best.items():
        whole = full.get(cell)
        if whole is None or hero.unseen > 0 or specials:
            continue
        put = {s["item"] for s in whole.route if s.get("kind") == "place-hazard"}
        rest = [i for i in hazard_items if i.id not in put]
        extra = _spend_hazard_items(state, hero, rest)
        if extra is not None:
            dest.leap_available = True
            dest.leap_route = extra + whole.route
    ordered = sorted(best.values(), key=lambda d: (len(d.items), len(d.route), d.x, d.y))
    notes = []
    if specials:
        notes.append("A Special Item in hand rules out a Running Leap: using it ends the turn.")
    if hero.unseen:
        notes.append(f"{hero.unseen} card(s) in hand are not given: they are not searched.")
    if hazard_items:
        notes.append(
            "Routes may place a hazard with a Hazard Item first, changing one the hero meets "
            "to one it can pass."
        )
    if placement_cut:
        notes.append(
            f"Only the first {PLACEMENT_LIMIT} ways of placing the Hazard Items were searched: "
            "a route needing another placement may be missing."
        )
    return Reachability(
        player=player,
        start=start,
        checkpoints=ordered,
        openings=list(openings.values()),
        wins=list(wins.values()),
        truncated=truncated,
        notes=notes,
    )


__all__ = ["Destination", "Reachability", "Walker", "has_way_on", "reachable"]
