"""The card list's filters and orderings answered in memory: one index per version of the data
in each process, so a random filter over the 17,643 Battle Arena cards is not a count and a
sort of up to all of them in the database on every request.

The index holds, per card, one byte per filter column (a code for its game, type, expansion,
provenance, faction set, cost, power, copies) and each card's place in every ordering the API
offers. Those places are read from the database itself (`DENSE_RANK()` over the same
`ORDER BY` the list uses, nulls last), so names sort by the database's collation, exactly as
the SQL list would. Each ordering is kept for all cards and, built on first use, for each
game's cards alone (a list is nearly always of one game: its arrays are then that game's size).
A filter is a 256-byte table per column (`bytes.translate`: 1 where the column's value passes;
kept per set of values it passes, so at most a few hundred per column) and-ed together as
integers; the count is the number of 1s, and a page is found by counting stretches of the
mask, then jumping (`bytes.find`) from passing card to passing card: C loops over ~18 KB, and
Python touches only the page's own cards.

Only what the index answers exactly is answered here: the filters above with values the SQL
path would accept (anything else, `name`, `q`, `weapon`, `number`, several orderings, a
value with spaces, an unknown game: None, and the list runs its SQL, with its errors). A
column with more than 255 distinct values is not indexed (its filters run in SQL).

Never stale: the index is keyed by `data_version.data_fingerprint()` (read before the data;
the build is thrown away when the fingerprint moved while it was read), only the newest is
kept (memory bounded: ~5 MB for the whole data set, all orderings built), and every
single-object edit of reference data drops it in the editing process at once.
"""

from __future__ import annotations

import re
import threading
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db.models import F, Window
from django.db.models.functions import DenseRank

from cardsdb import data_version
from cardsdb.data_version import PerVersion
from cardsdb.models import Card, Game, Provenance

SORTS = ("name", "cost", "power", "copies", "number", "position", "slug")  # ordering_fields
NULLABLE = ("cost", "power", "copies")  # the others are NOT NULL columns
DEFAULT = "default"  # game__position, position, id: the list's default ordering
COLUMNS = ("game", "type", "expansion", "provenance", "faction", "cost", "power", "copies")
INTEGER = re.compile(r"-?[0-9]{1,9}")  # what forms.IntegerField reads the same, in range
ORDERING = re.compile(r"-?[a-z]+")
PAGING = ("page", "page_size")  # the paginator reads these, with its own errors
ANSWERED = {
    "game",
    "type",
    "expansion",
    "faction",
    "provenance",
    "cost_min",
    "cost_max",
    "power_min",
    "power_max",
    "copies_min",
    "ordering",
    *PAGING,
}

Test = Callable[[Any], bool]


def enabled() -> bool:
    return bool(getattr(settings, "CARD_INDEX", True))


@dataclass
class Column:
    """One byte per card: 0 is "none" (a null, no type), 1.. index `values`."""

    codes: bytes
    values: list[Any]
    _tables: dict[tuple[str, Any], bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.code_of = {value: code for code, value in enumerate(self.values, start=1)}
        numbers = all(isinstance(v, int) for v in self.values)
        self.ascending = sorted(self.values) if numbers else []  # range filters: bisected
        self.members: set[str] = set()  # faction slugs, held in frozensets
        for value in self.values:
            if isinstance(value, frozenset):
                self.members |= value

    def table(self, test: Test) -> bytes:
        return bytes(
            [0] + [1 if test(v) else 0 for v in self.values] + [0] * (255 - len(self.values))
        )

    def kept_table(self, key: tuple[str, Any], test: Test) -> bytes:
        """`table(test)`, kept under `key`: a key names one of at most 257 sets of this
        column's values (a value's code, a bisected bound, a known faction), so what is kept
        stays bounded whatever the requests send."""
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = self.table(test)
        return found

    def equal(self, value: Any) -> bytes:
        return self.kept_table(("=", self.code_of.get(value, 0)), value.__eq__)

    def holding(self, slug: str) -> bytes:
        return self.kept_table(("has", slug if slug in self.members else None), _holding(slug))

    def at_least(self, bound: int) -> bytes:
        return self.kept_table((">=", bisect_left(self.ascending, bound)), _at_least(bound))

    def at_most(self, bound: int) -> bytes:
        return self.kept_table(("<=", bisect_right(self.ascending, bound)), _at_most(bound))


def _column(raw: list[Any] | None) -> Column | None:
    if raw is None:
        return None
    values: dict[Any, int] = {}
    codes = bytearray(len(raw))
    for i, value in enumerate(raw):
        if value is None:
            continue
        code = values.get(value)
        if code is None:
            if len(values) == 255:
                return None  # too many distinct values for a byte: this column runs in SQL
            code = values[value] = len(values) + 1
        codes[i] = code
    return Column(bytes(codes), list(values))


@dataclass
class Ordered:
    """The cards in one ordering (of one game, or all): their ids, and each column's codes in
    that order."""

    ids: array[int]
    places: array[int]  # canonical position of each card, in this order
    columns: dict[str, bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.everything = b"\x01" * len(self.ids)  # every card passes: no filter


class Index:
    def __init__(
        self,
        ids: list[int],
        raw: dict[str, list[Any] | None],
        ranks: dict[str, list[int]],
        games: set[str],
    ) -> None:
        # compact arrays, not lists of ints: the index is a few megabytes, not twenty
        self.size = len(ids)
        self.ids = array("q", ids)
        self.columns = {name: _column(raw[name]) for name in COLUMNS}
        self.nulls = {name: bytes(value is None for value in raw[name] or ()) for name in NULLABLE}
        self.ranks = {name: array("i", values) for name, values in ranks.items()}
        self.games = games  # every game's slug, with cards or not
        self._orders: dict[tuple[str, str | None], Ordered] = {}
        self._lock = threading.RLock()  # a game's order is made from the whole one's

    def ordered(self, ordering: str, game: str | None = None) -> Ordered:
        """The cards in `ordering`: all of them, or only `game`'s (a list is nearly always
        of one game: its arrays are then that game's size, not the whole data set's)."""
        found = self._orders.get((ordering, game))
        if found is not None:
            return found
        with self._lock:
            found = self._orders.get((ordering, game))
            if found is None:
                found = self._orders[ordering, game] = self._order(ordering, game)
        return found

    def _order(self, ordering: str, game: str | None) -> Ordered:
        if game is not None:
            every = self.ordered(ordering)
            column = self.columns["game"]
            assert column is not None
            code = column.code_of.get(game, 0)
            codes = self.codes(every, "game")
            places = array("i", [p for p, c in zip(every.places, codes, strict=True) if c == code])
            return Ordered(array("q", [self.ids[p] for p in places]), places)
        ids = self.ids
        name = ordering.lstrip("-")
        rank = self.ranks[name]
        if not ordering.startswith("-"):  # dense rank asc (nulls ranked last), then id
            order = sorted(range(self.size), key=lambda i: (rank[i], ids[i]))
        else:  # value desc, nulls still last, ties by id asc: as `.desc(nulls_last=True), id`
            nulls = self.nulls.get(name, bytes(self.size))
            order = sorted(range(self.size), key=lambda i: (nulls[i], -rank[i], ids[i]))
        return Ordered(array("q", [ids[i] for i in order]), array("i", order))

    def codes(self, order: Ordered, name: str) -> bytes:
        found = order.columns.get(name)
        if found is None:
            column = self.columns[name]
            assert column is not None
            found = order.columns[name] = bytes(map(column.codes.__getitem__, order.places))
        return found


SEEK = 512  # bytes of the mask counted at a time to reach a page's first card


@dataclass(frozen=True)
class Found:
    """One filtered, ordered card list: how many, and any slice of their ids."""

    ids: array[int]
    mask: bytes
    count: int
    version: str  # of the data it was found in

    def page(self, start: int, stop: int) -> list[int]:
        """The ids of the passing cards `start` to `stop`: only the page's cards are touched
        in Python (counting skips whole stretches of the mask before it, finding jumps to
        each card), not every card before them."""
        mask, ids = self.mask, self.ids
        at, passed = 0, 0
        while at < len(mask):  # the stretch holding the `start`th passing card
            here = mask.count(1, at, at + SEEK)
            if passed + here > start:
                break
            passed += here
            at += SEEK
        find = mask.find
        out: list[int] = []
        wanted = stop - passed
        while len(out) < wanted:
            at = find(1, at)
            if at < 0:
                break
            out.append(ids[at])
            at += 1
        return out[start - passed :]


# --- reading a request ------------------------------------------------------------------------


def _holding(slug: str) -> Test:
    return lambda slugs: slug in slugs


def _at_least(bound: int) -> Test:
    return lambda value: value >= bound


def _at_most(bound: int) -> Test:
    return lambda value: value <= bound


def _filters(
    params: Mapping[str, str], index: Index
) -> tuple[str | None, list[tuple[str, bytes]]] | None:
    """The request's game, and the column tables its other filters make (a table holds 1 for
    each passing code), or None when the SQL list must answer."""
    game: str | None = None
    tests: list[tuple[str, str, Any]] = []
    for name, value in params.items():
        if name in PAGING or name == "ordering":
            continue
        if value == "":  # an empty parameter filters nothing, as in django-filter
            continue
        if name == "game":
            if value not in index.games:
                return None  # an unknown game is the SQL path's 400
            game = value
        elif name in ("type", "expansion"):
            if value != value.strip():
                return None  # the form strips it: leave that reading to the form
            tests.append((name, "=", value))
        elif name == "faction":
            if value != value.strip():
                return None
            tests.append(("faction", "has", value))
        elif name == "provenance":
            if value not in Provenance.values:
                return None
            tests.append(("provenance", "=", value))
        elif name in ("cost_min", "cost_max", "power_min", "power_max", "copies_min"):
            if not INTEGER.fullmatch(value):
                return None
            field_name, _, end = name.partition("_")
            tests.append((field_name, ">=" if end == "min" else "<=", int(value)))
        else:
            return None  # name, q, weapon, number, format, anything else: the SQL path
    tables: list[tuple[str, bytes]] = []
    for name, op, value in tests:
        column = index.columns[name]
        if column is None:
            return None
        if op == "=":
            tables.append((name, column.equal(value)))
        elif op == "has":
            tables.append((name, column.holding(value)))
        elif op == ">=":
            tables.append((name, column.at_least(value)))
        else:
            tables.append((name, column.at_most(value)))
    if game is not None and index.columns["game"] is None:
        return None
    return game, tables


def _ordering(params: Mapping[str, str]) -> str | None:
    value = params.get("ordering", "")
    if value == "":
        return DEFAULT
    if ORDERING.fullmatch(value) and value.lstrip("-") in SORTS:
        return value
    return None  # several fields, spaces, an unknown field (a 400): the SQL path


def find(params: Mapping[str, str], version: str | None = None) -> Found | None:
    """The cards a card-list request asks for, or None when the SQL list must answer."""
    if not enabled():
        return None
    ordering = _ordering(params)
    if ordering is None or not ANSWERED.issuperset(params):
        return None  # told before the index is read (or built)
    version = version or data_version.data_fingerprint()
    index = current(version)
    if index is None:
        return None
    read = _filters(params, index)
    if read is None:
        return None
    game, tables = read
    order = index.ordered(ordering, game)
    if not tables:
        mask = order.everything
    elif len(tables) == 1:
        name, table = tables[0]
        mask = index.codes(order, name).translate(table)
    else:  # and-ed as integers: one C loop each, whatever the size
        bits = -1
        for name, table in tables:
            bits &= int.from_bytes(index.codes(order, name).translate(table), "big")
        mask = bits.to_bytes(len(order.ids), "big")
    return Found(order.ids, mask, mask.count(1), version)


# --- building and keeping -------------------------------------------------------------------

_indexes: PerVersion[str, Index] = PerVersion(
    "card-index",
    keys="nothing else: one index of every card",
    recheck=True,  # a build is read over several queries: kept only if the data held still
    one_build=True,  # ~1 s of queries: two threads never build it at once
)


def forget() -> None:
    """Drop this process's index (it is rebuilt on its next use)."""
    _indexes.forget()


def current(version: str) -> Index | None:
    """The index of this version of the data, built now if this process has none (None: the
    data changed while it was read; this request runs its SQL, the next one builds again)."""
    return _indexes.get("all", build, version)


def build() -> Index:
    """Every card's filter columns and places, and the games' slugs, in three queries."""

    def rank(*names: str) -> Window:
        return Window(DenseRank(), order_by=[F(n).asc(nulls_last=True) for n in names])

    ranks = {f"rank_{name}": rank(name) for name in SORTS}
    ranks[f"rank_{DEFAULT}"] = rank("game__position", "position", "id")
    rows = list(
        Card.objects.annotate(**ranks)
        .order_by("id")
        .values_list(
            "id",
            "game__slug",
            "card_type__slug",
            "expansion__slug",
            "provenance",
            "cost",
            "power",
            "copies",
            *ranks,
        )
    )
    through = Card.factions.through
    slugs: dict[int, list[str]] = {}
    for card_id, slug in through.objects.values_list("card_id", "faction__slug"):
        slugs.setdefault(card_id, []).append(slug)
    ids = [row[0] for row in rows]
    sets = [frozenset(slugs.get(card_id, ())) or None for card_id in ids]
    # a card with two factions of one slug would be listed twice by the SQL join: then
    # faction filters run in SQL
    doubled = any(len(set(mine)) != len(mine) for mine in slugs.values())
    faction: list[Any] | None = None if doubled else sets
    raw: dict[str, list[Any] | None] = {
        name: [row[i] for row in rows] for i, name in enumerate(COLUMNS[:4] + COLUMNS[5:], start=1)
    }
    raw["faction"] = faction
    ranked = {name: [row[8 + i] for row in rows] for i, name in enumerate([*SORTS, DEFAULT])}
    return Index(ids, raw, ranked, set(Game.objects.values_list("slug", flat=True)))
