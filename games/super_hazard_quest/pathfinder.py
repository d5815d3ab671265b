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

With Hazard Items in hand the search runs again for every way of placing them (up to
`PLACEMENT_LIMIT`). Those searches share the first one's tables: a hazard placed changes what
a step asks, never where it leads, so only the steps over a placed hazard are worked out
again; placements that leave the same dungeon are searched once; and a route is written out
only when it beats the best one found so far.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

from games.core.pictures import plural
from games.core.readings import ours
from games.core.words import and_more
from games.super_hazard_quest.ledger import Ledger
from games.super_hazard_quest.movement import (
    FLAG,
    LEFT_SPACE,
    RIGHT_SPACE,
    Grid,
    Spot,
    grid_of,
    on_checkpoint,
    space_name,
    step,
)
from games.super_hazard_quest.spoken import from_start
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
    Space,
    State,
)
from games.super_hazard_quest.transitions import (
    FIGHT_RULING,
    HAZARD_ITEM_RULING,
    PROPER_MOVEMENT,
    SCRAMBLER_RULING,
)

ACTION_KINDS = ("dual-action", "super", "magic", "super-magic")
NODE_LIMIT = 60_000  # a safety net: a 26-card dungeon with five items needs at most ~6,000
PLACEMENT_LIMIT = 200  # searches with Hazard Items placed, at most, per question


# Never changed once made; not frozen, as Spot (movement.py).
@dataclass(slots=True, unsafe_hash=True)
class Walker:
    """Where the hero is in its turn, and what the movement rules remember about how it got
    there: the last step's direction (no turning back, rule 5.11) and whether it has climbed
    or dug with no combat hazard space since (rule 4.10)."""

    spot: Spot
    last: Direction | None = None
    vertical_pending: bool = False


@dataclass(frozen=True, slots=True)
class Hand:
    inherent: Action | None  # None: not described, searched as giving nothing
    items: tuple[Item, ...]
    crystals: Crystals | None  # None: not described, no Scrambler is searched as won


def hand_of(hero: Hero, guess: bool = True) -> Hand:
    """The hand searched. With `guess` (the default), an Inherent Action not described is
    refused (`Hero.action`): a list of routes would rest on it."""
    items = tuple(i for i in hero.hand if i.kind in ACTION_KINDS)
    return Hand(hero.action() if guess else hero.inherent, items, hero.crystals)


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

# (x, y, spot) of a hazard a Hazard Item can be placed over: spot an exit's direction, or
# "left-space" or "right-space"
HazardSpot = tuple[int, int, str]
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


# The spots of a card whose hazard a step passes: its four exits (by direction index), then
# its two combat hazard spaces (4 and 5, by station).
_SPOTS = (-1, -1, -1, -1, LEFT_SPACE, RIGHT_SPACE)


def _spot_code(spot: str) -> int:
    """A spot's number in `_SPOTS`, from its name in a placement."""
    if spot == "left-space":
        return 4
    if spot == "right-space":
        return 5
    return _DIRS.index(cast(Direction, spot))


def _walker_code(cell: int, station: int, last: int, pending: bool) -> int:
    return ((cell * _STATIONS + station) * 5 + last) * 2 + int(pending)


class _Compiled:
    """The dungeon and one hero's hand, compiled for the search.

    A dungeon with hazards placed (`base` given) differs from its base only by the hazards
    in `placed`: it shares the base's tables of item uses, and asks the base where a step
    leads, changing only what a step over a placed hazard asks. The path finder searches up
    to `PLACEMENT_LIMIT` such dungeons per question, so compiling each from scratch was most
    of its time."""

    cells: list[tuple[int, int]]
    cell_index: dict[tuple[int, int], int]
    checkpoint_at: list[bool]
    inherent: int
    item_ids: list[str]
    twins: list[list[int]]
    _uses: dict[int, tuple[Use, ...]]
    _cost: dict[int, int]
    _canonical: dict[int, int]
    _active: dict[int, list[str]]
    _tables: list[list[tuple[int, ...]]]

    def __init__(
        self,
        grid: Grid,
        hand: Hand,
        base: _Compiled | None = None,
        placed: dict[HazardSpot, Action] | None = None,
    ) -> None:
        self.grid = grid
        self.hand = hand
        self.base = base
        self.placed = placed or {}
        # (card, spot as in `_SPOTS`) -> the action placed there, as an index
        self._placed_at: dict[tuple[int, int], int] = {}
        self.changed: frozenset[int] = frozenset()  # the cards with a hazard placed
        self._moves: dict[int, tuple[MoveOut, ...]] = {}
        self._spots: dict[int, tuple[int, ...]] = {}  # the root's only: see `_steps_from`
        self._hazards: dict[int, tuple[int, int, str, Action] | None] = {}
        # (x, y, side) of the sides not described that a step met (the root's only)
        self.unknown_met: set[tuple[int, int, Direction]] = (
            base.unknown_met if base is not None else set()
        )
        # (x, y, space) of the combat spaces not described that a step would enter
        self.unknown_spaces: set[tuple[int, int, Space]] = (
            base.unknown_spaces if base is not None else set()
        )
        if base is not None:
            # The same cards and the same hand: everything but the hazards is the base's.
            self.cells, self.cell_index = base.cells, base.cell_index
            self.checkpoint_at, self.inherent = base.checkpoint_at, base.inherent
            self.item_ids, self.twins, self._tables = base.item_ids, base.twins, base._tables
            self._uses, self._cost = base._uses, base._cost
            self._canonical, self._active = base._canonical, base._active
            self._placed_at = {
                (self.cell_index[(x, y)], _spot_code(spot)): _ACTION_INDEX[action]
                for (x, y, spot), action in self.placed.items()
            }
            self.changed = frozenset(cell for cell, _ in self._placed_at)
            return
        self.cells = list(grid)
        self.cell_index = {cell: k for k, cell in enumerate(self.cells)}
        rooms = [grid[cell] for cell in self.cells]
        self.rooms = rooms  # read by the root only: the others ask their base
        # by cell * 5 + station: is it the bottom of a Checkpoint flag?
        self.checkpoint_at = [
            room.checkpoint and station == FLAG for room in rooms for station in range(5)
        ]
        self.inherent = -1 if hand.inherent is None else _ACTION_INDEX[hand.inherent]
        self.item_ids = [item.id for item in hand.items]
        self._uses = {}
        self._cost = {}
        self._canonical = {}
        self._active = {}
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

    def with_hazards(self, placed: dict[HazardSpot, Action]) -> _Compiled:
        """The same hand in the table's dungeon with the hazards `placed` put on it."""
        root = self if self.base is None else self.base
        return _Compiled(root.grid, self.hand, root, placed)

    def hazard(self, spot: HazardSpot) -> Action | None:
        """What the hazard on a spot asks."""
        if spot in self.placed:
            return self.placed[spot]
        x, y, name = spot
        room = self.grid[(x, y)]
        if name in ("left-space", "right-space"):
            return room.left_space if name == "left-space" else room.right_space
        return room.exits.get(cast(Direction, name))

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
        """The Active Hand of a ledger code, as sorted item ids (a list the caller keeps)."""
        found = self._active.get(ledger)
        if found is None:
            found = sorted(i for k, i in enumerate(self.item_ids) if (ledger >> (4 * k)) & 15)
            self._active[ledger] = found
        return list(found)

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
        cell = (code // 10) // _STATIONS
        if self.base is None:
            found, self._spots[code] = self._steps_from(code)
        elif cell not in self.changed:
            found = self.base.moves(code)
        else:
            # A hazard placed changes what a step asks, never where it leads: the base's
            # steps, each asking what now stands on the spot it passes.
            placed = self._placed_at
            found = tuple(
                (d, placed.get((cell, spot), hazard), target, x, y)
                for (d, hazard, target, x, y), spot in zip(
                    self.base.moves(code), self.base._spots[code], strict=True
                )
            )
        self._moves[code] = found
        return found

    def _steps_from(self, code: int) -> tuple[tuple[MoveOut, ...], tuple[int, ...]]:
        """The steps from a walker, and for each the spot whose hazard it passes (see
        `_SPOTS`), or -1."""
        cell, station = divmod(code // 10, _STATIONS)
        pending = bool(code & 1)
        last = (code >> 1) % 5
        room = self.rooms[cell]
        x, y = self.cells[cell]
        turning_allowed = room.checkpoint and station == FLAG
        out: list[MoveOut] = []
        spots: list[int] = []
        for d, direction in enumerate(_DIRS):
            if last == _OPPOSITE_INDEX[d] and not turning_allowed:
                continue
            st = step(room, Spot(x, y, station), direction)
            if st.kind == "unknown":
                # A side the question did not describe: not searched, but remembered, since a
                # way on through it could change whether the hero is stuck.
                self.unknown_met.add((x, y, direction))
                continue
            if st.kind == "unknown-space":
                # Neither blank nor a hazard was said: not searched as either, but remembered.
                assert st.to is not None
                self.unknown_spaces.add((x, y, space_name(st.to.station)))
                continue
            if st.to is None or (st.vertical and pending):
                continue
            after = st.vertical or (pending and not st.space)
            hazard = -1 if st.hazard is None else _ACTION_INDEX[st.hazard]
            to = (st.to.x, st.to.y)
            spot = d if st.kind == "exit" else _SPOTS.index(st.to.station) if st.space else -1
            if st.kind == "exit":
                target = self.grid.get(to)
                if target is None:
                    out.append((d, hazard, _OPEN, *to))
                    spots.append(spot)
                    continue
                if target.dead_end:
                    continue
                if target.scrambler is not None:
                    gems = self.hand.crystals
                    if gems is not None and getattr(gems, target.scrambler) > 0:
                        out.append((d, hazard, _WIN, *to))
                        spots.append(spot)
                    continue
            out.append((d, hazard, _walker_code(self.cell_index[to], st.to.station, d, after), *to))
            spots.append(spot)
        return tuple(out), tuple(spots)

    def hazard_met(self, code: int, direction: int) -> tuple[int, int, str, Action] | None:
        """The hazard that the step `direction` from walker `code` meets, as a Hazard Item
        would be placed over it: (x, y, spot, the action it asks), the spot an exit's
        direction or a combat hazard space; None for a step that meets none."""
        if self.base is not None:
            found = self.base.hazard_met(code, direction)
            if found is not None and found[:3] in self.placed:
                x, y, spot, _ = found
                return (x, y, spot, self.placed[(x, y, spot)])
            return found
        memo = code * 4 + direction
        if memo in self._hazards:
            return self._hazards[memo]
        cell, station = divmod(code // 10, _STATIONS)
        x, y = self.cells[cell]
        st = step(self.rooms[cell], Spot(x, y, station), _DIRS[direction])
        if st.hazard is None or st.to is None:
            found = None
        elif st.space:
            where = "left-space" if st.to.station == LEFT_SPACE else "right-space"
            found = (st.to.x, st.to.y, where, st.hazard)
        else:
            found = (x, y, _DIRS[direction], st.hazard)
        self._hazards[memo] = found
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
    # walker code * 4 + direction of the steps met that ask for an action: the hazards a
    # Hazard Item could change (to pass one the hand cannot, or to spare a use needed further
    # on)
    met: set[int] = field(default_factory=set)
    walkers: list[int] = field(default_factory=list)
    ledgers: list[int] = field(default_factory=list)
    # per node: (its parent node or -1, its steps from the start, and the step from its
    # parent: direction, hazard action or -1, source of the action as in `Use`)
    links: list[tuple[int, int, int, int, int]] = field(default_factory=list)

    def go(self, direction: int, hazard: int, source: int) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "go", "dir": _DIRS[direction]}
        if hazard >= 0:
            out["using"] = INHERENT if source < 0 else self.compiled.item_ids[source]
        return out

    def depth(self, node: int) -> int:
        """How many steps the route to a node takes."""
        return self.links[node][1]

    def route(self, node: int) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        while True:
            parent, _, direction, hazard, source = self.links[node]
            if parent < 0:
                break
            out.append(self.go(direction, hazard, source))
            node = parent
        return out[::-1]

    def event_route(self, event: Event) -> list[dict[str, Any]]:
        return [*self.route(event.node), self.go(event.direction, event.hazard, event.source)]

    def run(self, walker: int, ledger: int, offset: int = 0) -> Iterator[int | Event]:
        """Yields every node on a Checkpoint as it leaves the queue, and every Event as it is
        met. `offset` is added to every cost: items already played that are not in the
        searched hand."""
        c = self.compiled
        moves, uses, cost_of, memo = c.moves, c.uses, c.cost, c._uses
        known_moves, checkpoint_at = c._moves, c.checkpoint_at
        # Only the first Event of each Scrambler and of each empty space (by the direction
        # of the step into it) is yielded: later ones are no better (best first).
        events: set[tuple[int, int, int]] = set()
        walkers, ledgers, links, met = self.walkers, self.ledgers, self.links, self.met
        codes = len(c.cells) * _STATIONS * 10  # walker codes are below this
        seen: set[int] = {c.canonical(ledger) * codes + walker}  # (ledger, walker) pairs
        walkers.append(walker)
        ledgers.append(ledger)
        links.append((-1, 0, -1, -1, -1))
        queue = [(cost_of(ledger) + offset) << (2 * _SHIFT)]
        popped = 0
        while queue:
            prio = heapq.heappop(queue)
            node = prio & _LOW
            popped += 1
            if popped > NODE_LIMIT:
                self.truncated = True
                return
            at = walkers[node]
            if checkpoint_at[at // 10]:
                yield node
            depth = ((prio >> _SHIFT) & _LOW) + 1
            led = ledgers[node]
            plain: tuple[Use, ...] | None = None  # a step that asks for no action
            out = known_moves.get(at)
            for direction, hazard, target, x, y in moves(at) if out is None else out:
                if hazard < 0:
                    if plain is None:
                        plain = ((-1, led, c.canonical(led), cost_of(led)),)
                    options = plain
                else:
                    found = memo.get(led * 8 + hazard)
                    options = uses(led, hazard) if found is None else found
                    met.add(at * 4 + direction)
                for source, after, canonical, cost in options:
                    if target < 0:
                        event = (x, y, -1 if target == _WIN else direction)
                        if event not in events:
                            events.add(event)
                            yield Event(
                                node, target == _WIN, x, y, direction, hazard, source, after
                            )
                        continue
                    key = canonical * codes + target
                    if key in seen:
                        continue
                    seen.add(key)
                    child = len(walkers)
                    walkers.append(target)
                    ledgers.append(after)
                    links.append((node, depth, direction, hazard, source))
                    priority = ((cost + offset) << (2 * _SHIFT)) | (depth << _SHIFT) | child
                    heapq.heappush(queue, priority)


@dataclass(frozen=True, slots=True)
class WayOn:
    """Whether a way on is open, and what the search could not see: the sides not described
    that it met (x, y, side), and whether the hero's Inherent Action was not described."""

    found: bool
    unknown_sides: tuple[tuple[int, int, Direction], ...] = ()
    inherent_unknown: bool = False
    unknown_spaces: tuple[tuple[int, int, Space], ...] = ()
    crystals_unknown: bool = False  # a Scrambler is on the table, the crystals not described

    @property
    def decided(self) -> bool:
        """A way found is found; none found is only sure when nothing went unseen."""
        return self.found or not (
            self.unknown_sides
            or self.inherent_unknown
            or self.unknown_spaces
            or self.crystals_unknown
        )


def has_way_on(grid: Grid, hero: Hero, walker: Walker, ledger: Ledger) -> WayOn:
    """Can the hero still end its turn properly: reach a Checkpoint, open an empty space, or
    reach a Scrambler it can defeat? If not, it is stuck: wounded, if it is in a new room.
    An Inherent Action not described is searched as giving nothing: a way found without it is
    a way on, and none found is reported as not decided."""
    if on_checkpoint(grid, walker.spot):
        return WayOn(True)
    compiled = _Compiled(grid, hand_of(hero, guess=False))
    start = compiled.ledger_code(ledger)
    offset = len(ledger.active()) - compiled.cost(start)
    search = _Search(compiled)
    # The search yields only Checkpoints and Events: anything it yields is a way on.
    found = any(True for _ in search.run(compiled.walker_code(walker), start, offset))
    return WayOn(
        found,
        tuple(sorted(compiled.unknown_met)),
        hero.inherent is None,
        tuple(sorted(compiled.unknown_spaces)),
        hero.crystals is None and any(r.scrambler for r in grid.values()),
    )


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
            elif s.get("kind") == "fight":
                found.add(FIGHT_RULING)
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
    # (x, y, side) of the sides not described that the search met and could not follow
    unknown_sides: list[tuple[int, int, Direction]] = field(default_factory=list)
    # (x, y, space) of the combat spaces not described that a step would have entered
    unknown_spaces: list[tuple[int, int, Space]] = field(default_factory=list)

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
    """One search from the hero's Checkpoint over one dungeon (with any hazards placed): per
    card, the first node found there (fewest items, then fewest steps) and the first that
    spends every action item; per Scrambler and empty space, the first Event. Items leave
    out the hazards placed before the walk, and routes are read from `search` only when
    taken (`_Found.add`), so that dungeons that are the same however their hazards came are
    searched once, and a route that no better one replaces is never written out."""

    search: _Search
    best: dict[tuple[int, int], int]
    full: dict[tuple[int, int], int]
    wins: dict[tuple[int, int], Event]
    openings: dict[tuple[int, int, int], Event]
    _met: list[tuple[int, int, str, Action]] | None = None

    @property
    def met(self) -> list[tuple[int, int, str, Action]]:
        """(x, y, spot, action) of the hazards met, worked out when asked: the searches with
        the last Hazard Item placed are never asked."""
        if self._met is None:
            compiled = self.search.compiled
            met = [compiled.hazard_met(key // 4, key % 4) for key in sorted(self.search.met)]
            self._met = [m for m in dict.fromkeys(met) if m is not None]
        return self._met


def _explore(compiled: _Compiled, start: tuple[int, int]) -> _Explored:
    search = _Search(compiled)
    best: dict[tuple[int, int], int] = {}
    full: dict[tuple[int, int], int] = {}
    wins: dict[tuple[int, int], Event] = {}
    openings: dict[tuple[int, int, int], Event] = {}
    begin = compiled.walker_code(Walker(Spot(*start, FLAG)))
    for found in search.run(begin, 0):
        if isinstance(found, Event):
            if found.win:
                wins.setdefault((found.x, found.y), found)
            else:
                openings.setdefault((found.x, found.y, found.direction), found)
            continue
        x, y, _ = compiled.place(search.walkers[found])  # on a Checkpoint
        if (x, y) == start:
            continue
        best.setdefault((x, y), found)
        if (x, y) not in full and compiled.whole_hand(search.ledgers[found]):
            full[(x, y)] = found
    return _Explored(search, best, full, wins, openings)


@dataclass
class _Found:
    """The best of every search so far: per card, the turn with fewest items, then fewest
    steps, the first found of equals; every empty space, with the first turn found to it."""

    best: dict[tuple[int, int], Destination] = field(default_factory=dict)
    wins: dict[tuple[int, int], Destination] = field(default_factory=dict)
    full: dict[tuple[int, int], Destination] = field(default_factory=dict)
    openings: dict[tuple[int, int, int], dict[str, Any]] = field(default_factory=dict)
    truncated: bool = False

    def add(self, explored: _Explored, placed: list[dict[str, Any]]) -> None:
        """Takes in a search with the hazards `placed` before its walk."""
        search = explored.search
        compiled = search.compiled
        self.truncated = self.truncated or search.truncated
        spent = [p["item"] for p in placed]
        n = len(placed)
        for kept, nodes in ((self.best, explored.best), (self.full, explored.full)):
            for (x, y), node in nodes.items():
                items = compiled.active(search.ledgers[node])
                if _better(kept.get((x, y)), n + len(items), n + search.depth(node)):
                    route = placed + search.route(node)
                    kept[(x, y)] = Destination(x, y, spent + items, route)
        for cell, event in explored.wins.items():
            items = compiled.active(event.ledger)
            steps = n + search.depth(event.node) + 1
            if _better(self.wins.get(cell), n + len(items), steps):
                route = placed + search.event_route(event)
                self.wins[cell] = Destination(*cell, spent + items, route, win=True)
        for key, event in explored.openings.items():
            if key not in self.openings:
                self.openings[key] = {
                    "x": event.x,
                    "y": event.y,
                    "items": spent + compiled.active(event.ledger),
                    "route": placed + search.event_route(event),
                }


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


def _better(old: Destination | None, items: int, steps: int) -> bool:
    """Is a turn spending `items` items in `steps` steps (a hazard placed is one of each)
    better than `old`?"""
    return old is None or (items, steps) < (len(old.items), len(old.route))


# Nodes on a Mini-Boss's Checkpoint tried as the place of a fight for its crystal, and ways
# of paying its four actions from each, at most: the fights are searched on from each.
FIGHT_NODE_LIMIT = 32
FIGHT_PAY_LIMIT = 8


def _boss_pays(compiled: _Compiled, ledger: int, actions: list[Action]) -> list[tuple[int, ...]]:
    """The ways to pay a Mini-Boss's four actions from `ledger` (rule 7.2): per way, the
    source of each action (-1 the Inherent Action, else the item's index) and then the ledger
    after, one way per canonical ledger after."""
    ways: dict[int, tuple[int, ...]] = {}

    def pay(k: int, led: int, sources: tuple[int, ...]) -> None:
        if len(ways) >= FIGHT_PAY_LIMIT:
            return
        if k == len(actions):
            ways.setdefault(compiled.canonical(led), (*sources, led))
            return
        for source, after, _, _ in compiled.uses(led, _ACTION_INDEX[actions[k]]):
            pay(k + 1, after, (*sources, source))

    pay(0, ledger, ())
    return list(ways.values())


def _crystal_wins(
    grid: Grid, hero: Hero, compiled: _Compiled, start: tuple[int, int]
) -> dict[tuple[int, int], Destination]:
    """Wins reached through a Mini-Boss's crystal: the hero walks to the Checkpoint of a
    Mini-Boss whose prize is a crystal it lacks, defeats it (rules 7.2, 7.5) and walks on into
    the Scrambler of that colour in the same turn (rule 2.8). Searched over the table's
    dungeon as it lies (no Hazard Item placed)."""
    gems = hero.crystals
    if gems is None:
        return {}
    lacking = {c for c in ("red", "blue") if getattr(gems, c) == 0}
    wanted = {c for c in lacking if any(r.scrambler == c for r in grid.values())}
    bosses = {
        cell: room
        for cell, room in grid.items()
        if room.checkpoint
        and room.mini_boss is not None
        and room.mini_boss.prize in {f"{c}-crystal" for c in wanted}
    }
    if not bosses:
        return {}
    search = _Search(compiled)
    nodes: list[int] = []
    begin = compiled.walker_code(Walker(Spot(*start, FLAG)))
    for found in search.run(begin, 0):
        if isinstance(found, Event):
            continue
        x, y, _ = compiled.place(search.walkers[found])
        # Read the other way, a Mini-Boss is fought only from the Checkpoint the turn began on.
        if (x, y) in bosses and ((x, y) == start or ours(FIGHT_RULING)):
            nodes.append(found)
            if len(nodes) >= FIGHT_NODE_LIMIT:
                break
    wins: dict[tuple[int, int], Destination] = {}
    after_fight: dict[str, _Compiled] = {}
    for node in nodes:
        x, y, _ = compiled.place(search.walkers[node])
        boss = bosses[(x, y)].mini_boss
        assert boss is not None
        colour = boss.prize.split("-")[0]
        if colour not in after_fight:
            held = gems.model_copy(update={colour: 1})
            hand = Hand(compiled.hand.inherent, compiled.hand.items, held)
            after_fight[colour] = _Compiled(grid, hand)
        onward = after_fight[colour]
        for *sources, ledger in _boss_pays(compiled, search.ledgers[node], list(boss.actions)):
            using = [INHERENT if k < 0 else compiled.item_ids[k] for k in sources]
            fight = {"kind": "fight", "using": using}
            walk = _Search(onward)
            for event in walk.run(search.walkers[node], ledger):
                if not isinstance(event, Event) or not event.win:
                    continue
                cell = (event.x, event.y)
                if grid[cell].scrambler != colour:
                    continue  # a Scrambler won without the fight is found without it
                route = [*search.route(node), fight, *walk.event_route(event)]
                items = onward.active(event.ledger)
                if _better(wins.get(cell), len(items), len(route)):
                    wins[cell] = Destination(*cell, items, route, win=True)
                break  # best first: the first win of this fight is its best
    return wins


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
    compiled = _Compiled(grid, hand_of(hero))
    base = _explore(compiled, start)
    found = _Found()
    found.add(base, [])
    # Searches by the dungeon searched: the hazards that differ from the table's. Placements
    # that leave the same dungeon (a hazard put back over, two Hazard Items swapped) are one.
    searched: dict[frozenset[tuple[HazardSpot, Action]], _Explored] = {frozenset(): base}
    Placed = dict[HazardSpot, Action]  # the hazards placed, by spot (the last one on it)
    frontier: list[tuple[Placed, list[dict[str, Any]], _Explored]] = [({}, [], base)]
    searches = 0
    tried: set[frozenset[tuple[Any, ...]]] = set()  # placements in any order are one
    placement_cut = False
    for _ in range(len(hazard_items)):
        after: list[tuple[Placed, list[dict[str, Any]], _Explored]] = []
        for on_table, placed, explored in frontier:
            used = {p["item"] for p in placed}
            free = [i for i in hazard_items if i.id not in used]
            for _item, placement in _placements(explored, hero, free):
                if not ours(HAZARD_ITEM_RULING):
                    # Read the other way, a hazard placed stands from the next turn on: it
                    # opens no route this turn.
                    break
                together = frozenset(tuple(sorted(p.items())) for p in [*placed, placement])
                if together in tried:
                    continue
                tried.add(together)
                if searches >= PLACEMENT_LIMIT:
                    found.truncated = placement_cut = True
                    break
                searches += 1
                spot = (placement["x"], placement["y"], placement["spot"])
                now_on_table = {**on_table, spot: placement["hazard"]}
                now_placed = [*placed, placement]
                dungeon = frozenset(
                    (s, a) for s, a in now_on_table.items() if a != compiled.hazard(s)
                )
                now = searched.get(dungeon)
                if now is None:
                    now = _explore(compiled.with_hazards(dict(dungeon)), start)
                    searched[dungeon] = now
                found.add(now, now_placed)
                after.append((now_on_table, now_placed, now))
        frontier = after
    for cell, dest in _crystal_wins(grid, hero, compiled, start).items():
        if _better(found.wins.get(cell), len(dest.items), len(dest.route)):
            found.wins[cell] = dest
    best, wins, full, openings = found.best, found.wins, found.full, found.openings
    truncated = found.truncated
    specials = any(i.kind == "special" for i in hero.hand)
    for cell, dest in best.items():
        whole = full.get(cell)
        if whole is None or hero.unseen != 0 or specials:
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
    if hero.crystals is None and any(r.scrambler for r in state.dungeon):
        notes.append(
            "How many crystals the hero holds was not described: no Scrambler is counted as won."
        )
    if hero.unseen is None:
        notes.append(
            "How many cards the hand holds beyond those given was not described: any others "
            "are not searched, and no Running Leap is offered."
        )
    elif hero.unseen:
        notes.append(
            f"{plural(hero.unseen, 'card')} in hand {'is' if hero.unseen == 1 else 'are'} "
            f"not given: {'it is' if hero.unseen == 1 else 'they are'} not searched."
        )
    if hazard_items:
        notes.append(
            "Routes may place a hazard with a Hazard Item first, changing one the hero meets "
            "to one it can pass."
        )
    if compiled.unknown_met:
        said = _first_few(
            f"the {side} side of {from_start(x, y)}" for x, y, side in sorted(compiled.unknown_met)
        )
        notes.append(
            f"Not described, so not searched: {said}. A route through a side not "
            "described may be missing."
        )
    if compiled.unknown_spaces:
        said = _first_few(
            f"the {space} combat space of {from_start(x, y)}"
            for x, y, space in sorted(compiled.unknown_spaces)
        )
        notes.append(
            f"Not described, so not searched: {said}. It is not taken as blank, nor as "
            "holding a hazard: a route through it may be missing."
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
        unknown_sides=sorted(compiled.unknown_met),
        unknown_spaces=sorted(compiled.unknown_spaces),
    )


__all__ = ["Destination", "Reachability", "Walker", "WayOn", "has_way_on", "reachable"]


def _first_few(places: Iterable[str], shown: int = 4) -> str:
    """The first few places named, and how many more there are."""
    named = list(places)
    more = and_more(len(named) - shown, brackets=False)
    return ", ".join(named[:shown]) + more
