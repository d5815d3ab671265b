"""How many entries of one kind and game match a query, at least, at most and about, from how
many of them hold each stem (the frequencies table) and how many there are: no read of the
index. The table is held in memory once per version of the data and of the index
(`frequencies_held`): a search reads its stems' rows there, not in the database."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass

from django.core.cache import cache as django_cache
from django.db import connection

from cardsdb.data_version import PerVersion
from cardsdb.search.kinds import FREQUENCIES_TABLE
from cardsdb.search.query import SearchQuery, Term
from cardsdb.search.vocabulary import _GENERATION_KEY


def _next_prefix(prefix: str) -> str:
    """The first string after every string starting with `prefix`, in code point order."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


@dataclass(frozen=True)
class Frequencies:
    """The frequencies table: for each stem, how many entries of each kind and game hold it
    (the empty stem: how many entries there are)."""

    by_stem: dict[str, tuple[tuple[str, int, int], ...]]  # stem -> (kind, game id, docs)
    stems: tuple[str, ...]  # every stem, in code point order (for prefixes)

    def rows(
        self,
        exact: Sequence[str],
        prefixes: Sequence[str],
        game_id: int | None = None,
        kind: str | None = None,
    ) -> dict[tuple[str, int], dict[str, int]]:
        """The rows of these stems and of the stems starting with one of `prefixes`, of one
        game and one kind when given: (kind, game id) -> stem -> entries holding it."""
        chosen = list(exact)
        for prefix in prefixes:
            low = bisect_left(self.stems, prefix)
            high = bisect_left(self.stems, _next_prefix(prefix), low)
            chosen += self.stems[low:high]
        held: dict[tuple[str, int], dict[str, int]] = {}
        for stem_ in chosen:
            for row_kind, row_game, docs in self.by_stem.get(stem_, ()):
                if (game_id is None or row_game == game_id) and (kind is None or row_kind == kind):
                    held.setdefault((row_kind, row_game), {})[stem_] = docs
        return held


def _frequencies_read() -> Frequencies:
    found: dict[str, list[tuple[str, int, int]]] = {}
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT stem, kind, game_id, docs FROM {FREQUENCIES_TABLE}")
        for stem_, kind, game_id, docs in cursor.fetchall():
            found.setdefault(stem_, []).append((kind, int(game_id), int(docs)))
    return Frequencies({s: tuple(rows) for s, rows in found.items()}, tuple(sorted(found)))


_frequencies: PerVersion[tuple[str, int], Frequencies] = PerVersion(
    "search-frequencies",
    keys="the database's vendor and the search index's generation (every write of the index "
    "bumps it): the frequencies table, whole",
    most=2,
    one_build=True,
)


def frequencies_held() -> Frequencies:
    """The frequencies table as it is under this version of the data and of the index."""
    generation = (connection.vendor, int(django_cache.get(_GENERATION_KEY, 0)))
    found = _frequencies.get(generation, _frequencies_read)
    assert found is not None  # a build always answers
    return found


def _entry_bounds(
    query: SearchQuery, relaxed: bool, held: dict[str, int], entries: int
) -> tuple[int, int]:
    """How many entries of one kind and game match at least and at most, from how many of
    them hold each stem (`held`) and how many there are (`entries`). A word's count is exact;
    a prefix matches at least as many entries as its commonest stem and at most all of its
    stems' entries; a phrase at most as many as its rarest word. Every word of a query: at
    least the entries left when each word's non-holders are taken away (Bonferroni's bound:
    two words each in 80% of the entries are together in at least 60% of them)."""

    def term(t: Term) -> tuple[int, int]:
        low, high = 0, 0
        for i, form in enumerate(t.alternatives):
            bounds = []
            for k, s in enumerate(form):
                if t.prefix and i == 0 and k == len(form) - 1:
                    found = [n for x, n in held.items() if x.startswith(s)]
                    bounds.append((max(found, default=0), min(entries, sum(found))))
                else:
                    bounds.append((held.get(s, 0), held.get(s, 0)))
            if len(bounds) == 1:
                form_low, form_high = bounds[0]
            else:  # a phrase: its words in that order, which the counts do not tell
                form_low, form_high = 0, min(b[1] for b in bounds)
            low, high = max(low, form_low), high + form_high
        return low, min(entries, high)

    wanted = [term(t) for t in query.positive]
    if relaxed:
        low, high = max(b[0] for b in wanted), min(entries, sum(b[1] for b in wanted))
    else:
        low = max(0, sum(b[0] for b in wanted) - (len(wanted) - 1) * entries)
        high = min(b[1] for b in wanted)
    low -= sum(term(t)[1] for t in query.negative)
    return max(0, low), high


def _entry_estimate(query: SearchQuery, relaxed: bool, held: dict[str, int], entries: int) -> float:
    """How many entries of one kind and game match, estimated from how many hold each word as
    if the words fell on entries independently (a term's forms together, a phrase as its
    rarest word), kept within `_entry_bounds`."""
    if not entries:
        return 0.0

    def share(t: Term) -> float:
        total = 0
        for i, form in enumerate(t.alternatives):
            counts = [
                sum(n for x, n in held.items() if x.startswith(s))
                if t.prefix and i == 0 and k == len(form) - 1
                else held.get(s, 0)
                for k, s in enumerate(form)
            ]
            total += min(counts)
        return min(1.0, total / entries)

    shares = [share(t) for t in query.positive]
    together = 1.0
    for s in shares:
        together *= (1 - s) if relaxed else s
    found = entries * ((1 - together) if relaxed else together)
    for t in query.negative:
        found *= 1 - share(t)
    low, high = _entry_bounds(query, relaxed, held, entries)
    return min(max(found, low), high)
