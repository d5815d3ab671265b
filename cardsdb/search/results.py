"""Running a prepared query: counts by kind (from the frequencies table when they tell), the
best of each kind ranked, broad kinds listed from a sample, pages of results."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import connection

from cardsdb.search.backends import (
    _backend,
    _planned_rows,
    _Postgres,
    _SQLite,
)
from cardsdb.search.frequencies import (
    _entry_bounds,
    _entry_estimate,
    frequencies_held,
)
from cardsdb.search.kinds import (
    _DISPLAY_COLUMNS,
    _KIND_BY_CODE,
    KIND_BY_SLUG,
    KIND_SLOTS,
    KINDS,
    SAMPLES,
    TABLE,
    TEXT_TABLE,
    Kind,
    _scope,
)
from cardsdb.search.query import SearchQuery
from cardsdb.search.ranking import (
    COUNT_WINDOW,
    WINDOW,
    WINDOW_ONE_KIND,
    Hit,
    _hit,
    _rerank,
    with_text_scores,
)

# Counting and ranking every match of a word found in most documents would cost time in
# proportion to the corpus. Instead each kind's matches are counted up to COUNT_CAP (more is
# shown as "1,000+"; known from the frequencies table when they tell), and a query with more
# than RANK_LIMIT matches is listed in document order (rulebook order, catalog order) rather
# than ranked: its words are too common to rank by (its kinds with few matches are still
# ranked; one with more is listed from a sample). Both limits keep a search's work bounded
# whatever the size of the corpus.
COUNT_CAP = 1000
RANK_LIMIT = 1000
# A kind too broad to rank in the index is ranked among this many of its matches (the first of
# a sample of its entries): bounded work however many entries hold its words.
CANDIDATES = 30


@dataclass
class SearchResults:
    """Lazy, sliceable results (a Django Paginator can page them): `count()`, `[a:b]`,
    `counts()` by kind, `grouped(n)` the best n of each kind.

    `relaxed`: entries holding any of the words rather than all of them (a search where
    not every word is found together), ranked by how many they hold."""

    query: SearchQuery
    kind: str | None = None
    game_id: int | None = None
    relaxed: bool = False
    original: SearchQuery | None = None  # the query as typed, when `prepare` changed it
    named_game: int | None = None  # the game the query named, which scopes it (`named_game`)
    _counts: dict[str, int] | None = field(default=None, repr=False)
    _bounds: dict[str, tuple[int, int]] | None = field(default=None, repr=False)
    # the frequencies table's rows of the query's stems, by (kind, game): stem -> entries
    _held: dict[tuple[str, int], dict[str, int]] | None = field(default=None, repr=False)
    _windows: dict[str, list[Hit]] = field(default_factory=dict, repr=False)

    def _kinds(self) -> list[str]:
        return [self.kind] if self.kind else [k.slug for k in KINDS]

    def _where(self, backend: _SQLite | _Postgres, kind: str | None) -> tuple[str, list[Any]]:
        return backend.where(self.query, _scope(kind, self.game_id), relaxed=self.relaxed)

    def estimate(self) -> int:
        """About how many entries match in all: each kind's count, and for a kind over the
        count cap an estimate from the frequencies table (`_entry_estimate`), rounded to two
        figures."""
        counts = self.counts()
        over = {k for k in self._kinds() if counts.get(k, 0) > COUNT_CAP}
        total = sum(counts.get(k, 0) for k in self._kinds() if k not in over)
        for (kind, _), found in self._held_rows().items() if over else ():
            if kind in over:
                total += round(_entry_estimate(self.query, self.relaxed, found, found.get("", 0)))
        if total < 100:
            return total
        digits = len(str(total)) - 2
        return round(total, -digits)

    def bounds(self) -> dict[str, tuple[int, int]]:
        """Each kind's matches at least and at most, read from the frequencies table (one
        read of the query's stems' rows, whatever the size of the index): see
        `_entry_bounds`. A kind with none is left out."""
        if self._bounds is None:
            totals: dict[str, list[int]] = {}
            for (kind, _), found in self._held_rows().items() if self.query else ():
                low, high = _entry_bounds(self.query, self.relaxed, found, found.get("", 0))
                total = totals.setdefault(kind, [0, 0])
                total[0] += low
                total[1] += high
            self._bounds = {k: (low, high) for k, (low, high) in totals.items() if high}
        return self._bounds

    def _held_rows(self) -> dict[tuple[str, int], dict[str, int]]:
        """The frequencies table's rows of the query's stems (and the empty stem: how many
        entries there are), by (kind, game): read from the table held in memory once per
        version of the data and of the index (`frequencies_held`), not by a statement a
        search."""
        if self._held is None:
            terms = [*self.query.positive, *self.query.negative]
            exact = {s for t in terms for form in t.alternatives for s in form}
            prefixes = sorted({t.alternatives[0][-1] for t in terms if t.prefix})
            self._held = frequencies_held().rows(
                ["", *sorted(exact)], prefixes, game_id=self.game_id, kind=self.kind
            )
        return self._held

    def counts(self) -> dict[str, int]:
        """Matches of each kind with any, each counted up to COUNT_CAP + 1.

        First from the frequencies table (`bounds`): a kind whose least and most are the same
        (one word) is counted, one whose least is over the cap is over it, one whose most is 0
        has none. Only the other kinds are read in the index. SQLite: when every kind is to be
        read, one query reads up to RANK_LIMIT + 1 matches; fewer is the exact count, more
        means a broad query, whose kinds are then counted one by one, each up to the cap.
        PostgreSQL: each kind is counted on its own straight away (a GIN scan builds its whole
        bitmap before the first row, so a first broad read costs as much as the per-kind reads
        it would spare). Each kind's count read in the index is counted in the database, up to
        the cap (`_capped_counts`)."""
        if self._counts is None:
            self._counts = {}
            if self.query:
                known: dict[str, int] = {}
                unknown: list[str] = []
                for kind, (low, high) in self.bounds().items():
                    if low > COUNT_CAP:
                        known[kind] = COUNT_CAP + 1
                    elif low == high:
                        known[kind] = low
                    else:
                        unknown.append(kind)
                counted: dict[str, int] = {}
                backend = _backend()
                with connection.cursor() as cursor:
                    if not unknown:
                        pass
                    elif isinstance(backend, _Postgres):
                        # A LIMIT tempts the planner into a walk of the table (or of its id
                        # index) that stops at the cap, which reads all of it when the kind's
                        # matches are stored last; a GIN bitmap reads only the matches
                        # (`_capped_counts` reads through them only).
                        counted = self._capped_counts(backend, cursor, unknown)
                    elif known:
                        counted = self._capped_counts(backend, cursor, unknown)
                    else:
                        counted = self._sampled_counts(backend, cursor)
                order = {k: i for i, k in enumerate(self._kinds())}
                both = {**known, **counted}
                self._counts = dict(sorted(both.items(), key=lambda item: order[item[0]]))
        return self._counts

    def _sampled_counts(self, backend: _SQLite, cursor: Any) -> dict[str, int]:
        where, params = self._where(backend, self.kind)
        # the kind is in the row id: FTS5 need not read the stored row
        cursor.execute(
            f"SELECT rowid FROM {TABLE} WHERE {where} LIMIT %s", [*params, RANK_LIMIT + 1]
        )
        sample = Counter(_KIND_BY_CODE[row[0] % KIND_SLOTS] for row in cursor)
        if sum(sample.values()) <= RANK_LIMIT:
            return dict(sample)
        return self._capped_counts(backend, cursor)

    def _capped_counts(
        self, backend: _SQLite | _Postgres, cursor: Any, kinds: Sequence[str] | None = None
    ) -> dict[str, int]:
        """Each kind's matches up to the cap (of every kind, or of `kinds`), counted in the
        database: one row a kind comes back, not the keys of up to COUNT_CAP + 1 matches. On
        PostgreSQL the kinds' reads are one statement (one round trip), each its own LIMIT."""
        wheres = {kind: self._where(backend, kind) for kind in (kinds or self._kinds())}
        counts: dict[str, int] = {}
        if isinstance(backend, _SQLite):
            for kind, (where, params) in wheres.items():
                cursor.execute(
                    f"SELECT count(*) FROM (SELECT rowid FROM {TABLE} WHERE {where} LIMIT %s)",
                    [*params, COUNT_CAP + 1],
                )
                counts[kind] = cursor.fetchone()[0]
        else:
            parts = [
                f"(SELECT %s, count(*) FROM (SELECT id FROM {TABLE} WHERE {w} LIMIT %s) AS m)"
                for w, _ in wheres.values()
            ]
            counts = dict(
                _planned_rows(
                    cursor,
                    " UNION ALL ".join(parts),
                    [x for k, (_, params) in wheres.items() for x in (k, *params, COUNT_CAP + 1)],
                )
            )
        return {kind: int(n) for kind, n in counts.items() if n}

    def fewer_than(self, n: int) -> bool:
        """Whether fewer than n entries match. From the frequencies table when it tells;
        else SQLite: from the counts (their first read is of at most RANK_LIMIT + 1 row ids,
        and they are needed anyway when the search stands); PostgreSQL: one read of at most n
        rows (its counts are a GIN read per kind)."""
        bounds = self.bounds().values()
        if sum(low for low, _ in bounds) >= n:
            return False
        if sum(high for _, high in bounds) < n:
            return True
        if self._counts is not None or isinstance(_backend(), _SQLite):
            return self.count() < n
        where, params = self._where(_backend(), self.kind)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT 1 FROM {TABLE} WHERE {where} LIMIT %s", [*params, n])
            return len(cursor.fetchall()) < n

    def capped(self) -> list[str]:
        """The kinds with more than COUNT_CAP matches (their count is a lower bound)."""
        return [k for k, n in self.counts().items() if n > COUNT_CAP]

    def ranked(self, kind: str | None = None) -> bool:
        """False when the query matches too much to rank (document order instead)."""
        counts = self.counts()
        kinds = [kind] if kind else self._kinds()
        return sum(counts.get(k, 0) for k in kinds) <= RANK_LIMIT

    def count(self) -> int:
        counts = self.counts()
        return sum(min(counts.get(k, 0), COUNT_CAP) for k in self._kinds())

    def __len__(self) -> int:
        return self.count()

    def _fetch_rows(
        self,
        offset: int,
        limit: int,
        kind: str | None,
        exclude: Sequence[int] = (),
    ) -> list[Hit]:
        """Hits in the database's own order (ranked when not too broad), leaving out rows.
        A kind too broad to rank, wanted from its first entry, is listed without reading all
        its matches when it can be (`_listed`: from a sample of its entries)."""
        wanted_first = kind and not offset and not exclude and self.query and limit > 0
        if wanted_first and kind and not self.ranked(kind):
            listed = self._listed([kind], limit)
            if kind in listed:
                return listed[kind]
        if not self.query or limit <= 0:
            return []
        backend = _backend()
        where, params = self._where(backend, kind)
        if exclude:
            where += f" AND {TABLE}.{backend.key} NOT IN ({', '.join(['%s'] * len(exclude))})"
            params = [*params, *exclude]
        if self.ranked(kind):
            columns, order = f"{backend.score} AS score", backend.rank_order
            params = [*backend.rank_params(self.query, self.relaxed), *params]
        else:
            columns, order = "0 AS score", backend.key
        sql = (
            f"SELECT {_DISPLAY_COLUMNS}, {columns} FROM {TABLE} "
            f"WHERE {where} ORDER BY {order} LIMIT %s OFFSET %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, limit, offset])
            return [_hit(row, self.query, self.relaxed) for row in cursor.fetchall()]

    def _listed(self, kinds: Sequence[str], limit: int) -> dict[str, list[Hit]]:
        """The best `limit` entries of kinds too broad to rank in the index, each ranked among a
        bounded set of candidates (`CANDIDATES`) by the re-ranking's rule (`_rerank`: the
        words held, a title holding them, ...): the first matches of a sample (`SAMPLES`):
        the sparsest sample expected to hold twice as many matches as wanted (by the kind's
        least matches, `bounds`), then the denser ones. All the kinds' reads of a sample are
        one statement. The candidates are the first in row order, so both databases rank the
        same ones."""
        want = max(limit, CANDIDATES)
        sampled: dict[str, list[int]] = {}
        for kind in kinds:
            low = self.bounds().get(kind, (0, 0))[0]
            sampled[kind] = [n for n in SAMPLES if low >= 2 * want * n]
        rows: dict[str, list[Any]] = {}
        while any(sampled.values()):
            wanted = {kind: sizes.pop(0) for kind, sizes in sampled.items() if sizes}
            for kind, found in self._sample_rows(wanted, want).items():
                if len(found) >= limit:
                    rows[kind] = found
                    del sampled[kind]
        every = [_hit(row, self.query, self.relaxed) for found in rows.values() for row in found]
        every.sort(key=lambda h: h.rowid)  # ties in the ranking keep row order
        return {
            kind: _rerank(
                with_text_scores([h for h in every if h.kind == kind], self.query), self.query
            )[:limit]
            for kind in rows
        }

    def _sample_rows(self, sizes: dict[str, int], limit: int) -> dict[str, list[Any]]:
        """Each kind's first `limit` matches in row order among the entries of its sample, with
        their texts (the rows `_hit` takes, the score 0): one statement, the chosen keys
        joined to their rows as `_with_texts` does (no second read by key)."""
        backend = _backend()
        parts: list[str] = []
        params: list[Any] = []
        for kind, size in sizes.items():
            scope = [*_scope(kind, self.game_id), f"s_{size}"]
            where, found = backend.where(self.query, scope, relaxed=self.relaxed)
            parts.append(
                f"SELECT * FROM (SELECT %s AS part, {backend.key} AS row_key FROM {TABLE} "
                f"WHERE {where} ORDER BY {backend.key} LIMIT %s) AS part_{len(parts)}"
            )
            params += [kind, *found, limit]
        sql = self._with_texts(
            f"SELECT row_key, 0 AS score FROM ({' UNION ALL '.join(parts)}) AS sampled",
            limit * len(sizes),
        )
        out: dict[str, list[Any]] = {kind: [] for kind in sizes}
        with connection.cursor() as cursor:
            if isinstance(backend, _Postgres):
                rows = _planned_rows(cursor, sql, params)
            else:
                cursor.execute(sql, params)
                rows = cursor.fetchall()
        for row in rows:  # the kind is the row's first column
            out[row[0]].append(row)
        return out

    def _best_of_each_kind(self, per: int, kinds: Sequence[str] | None = None) -> list[Hit]:
        """The `per` best-ranked entries of each kind in one read, of every kind or of
        `kinds` (kinds with few enough matches to rank them all, RANK_LIMIT)."""
        backend = _backend()
        rank = backend.rank_params(self.query, self.relaxed)
        if isinstance(backend, _Postgres) and kinds is not None:
            # One ranked read per kind, joined: `kind = ...` lets each read use its kind's
            # partial GIN index (migrations 0005, 0007); `kind IN (...)` would read the whole
            # table's index, every card's postings for a common word included.
            parts, params = [], []
            for k in kinds:
                where, found = self._where(backend, k)
                parts.append(
                    f"(SELECT id AS row_key, {backend.score} AS score FROM {TABLE} "
                    f"WHERE {where} ORDER BY score DESC, id LIMIT %s)"
                )
                params += [*rank, *found, per]
            sql = self._with_texts(" UNION ALL ".join(parts), per * len(kinds))
            with connection.cursor() as cursor:
                rows = _planned_rows(cursor, sql, params, off=("enable_seqscan",))
            return [_hit(row, self.query, self.relaxed) for row in rows]
        where, params = self._where(backend, None)
        table, score, others = TABLE, backend.score, set(self.counts())
        if isinstance(backend, _SQLite) and kinds is not None and "card" not in kinds:
            # kinds other than cards are ranked in their own table (TEXT_TABLE): bm25 reads
            # the words' doclists there, not the cards' postings of a word most cards hold
            table, score, others = TEXT_TABLE, score.replace(TABLE, TEXT_TABLE), others - {"card"}
            where = where.replace(TABLE, TEXT_TABLE)
        # bm25 weighs every phrase of the query by how many entries hold it, read in full: a
        # kind's scope phrase costs as many reads as the kind has entries (all the cards). It
        # is left out when the kinds are every kind with a match in the table: the same rows,
        # the same scores (the scope column weighs 0).
        if kinds is not None and not others <= set(kinds):
            either = " OR ".join(f'scope : "{s}"' for k in kinds for s in _scope(k))
            params = [f"({params[0]}) AND ({either})"]
        order = backend.rank_order.replace("rowid", "row_key").replace("id", "row_key")
        # The kind of a row is its row id modulo KIND_SLOTS: ranking reads no stored text, and
        # only the chosen rows' texts are read, joined to them in the same statement.
        sql = self._with_texts(
            f"SELECT row_key, score FROM ("
            f"SELECT row_key, score, ROW_NUMBER() OVER "
            f"(PARTITION BY row_key %% {KIND_SLOTS} ORDER BY {order}) AS place FROM ("
            f"SELECT {backend.key} AS row_key, {score} AS score "
            f"FROM {table} WHERE {where}) AS matches) AS ranked WHERE place <= %s",
            per * KIND_SLOTS,
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*rank, *params, per])
            return [_hit(row, self.query, self.relaxed) for row in cursor.fetchall()]

    @staticmethod
    def _with_texts(ranked: str, most: int) -> str:
        """The chosen rows' texts beside their scores (`ranked`: row_key, score; at most
        `most` rows), in row key order as a read by key gives them: one statement, not a
        second read by key. The LIMIT tells the planner how few rows there are, so it reads
        them by key (without it PostgreSQL hashed them and scanned the whole table)."""
        key = _backend().key
        return (
            f"SELECT {_DISPLAY_COLUMNS}, chosen.score FROM {TABLE} "
            f"JOIN (SELECT * FROM ({ranked}) AS ranked_rows LIMIT {int(most)}) AS chosen "
            f"ON {TABLE}.{key} = chosen.row_key ORDER BY {TABLE}.{key}"
        )

    def _hits_for(self, scores: dict[int, float]) -> list[Hit]:
        """Hits for these rows (row key -> the database's score), their texts read now."""
        if not scores:
            return []
        backend = _backend()
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {_DISPLAY_COLUMNS}, {backend.key} FROM {TABLE} "
                f"WHERE {backend.key} IN ({', '.join(['%s'] * len(scores))})",
                list(scores),
            )
            rows = [(*row[:-1], scores[row[-1]]) for row in cursor.fetchall()]
        return [_hit(row, self.query, self.relaxed) for row in rows]

    def window(self, kind: str | None = None) -> list[Hit]:
        """The first results, re-ranked: the best of each kind by the database's score,
        ordered by `_rerank`."""
        kind = kind or self.kind
        slot = kind or ""
        if slot not in self._windows:
            counts = self.counts()
            kinds = [kind] if kind else [k for k in self._kinds() if counts.get(k)]
            per = WINDOW_ONE_KIND if kind else WINDOW
            if self.query.count:
                per = max(per, COUNT_WINDOW)
            if kind is None and self.ranked():
                hits = self._best_of_each_kind(per)
            elif kind is None:  # the kinds with few matches ranked together, the others listed
                few = [k for k in kinds if self.ranked(k)]
                hits = self._best_of_each_kind(per, few) if few else []
                broad = [k for k in kinds if k not in few]
                listed = self._listed(broad, per)
                hits += [h for k in broad for h in listed.get(k) or self._fetch_rows(0, per, k)]
            else:
                hits = self._fetch_rows(0, per, kind)
            self._windows[slot] = _rerank(hits, self.query)
        return self._windows[slot]

    def fetch(self, offset: int, limit: int, kind: str | None = None) -> list[Hit]:
        """Results offset..offset+limit: the re-ranked window first, then the rest in the
        database's order (never a row twice). When the window holds every match (the counts
        say how many there are), there is no rest to read."""
        if not self.query or limit <= 0:
            return []
        kind = kind or self.kind
        first = self.window(kind)
        out = first[offset : offset + limit]
        counts = self.counts()
        matches = sum(min(counts.get(k, 0), COUNT_CAP) for k in ([kind] if kind else self._kinds()))
        if len(out) < limit and len(first) < matches:
            rest = max(0, offset - len(first))
            out += self._fetch_rows(rest, limit - len(out), kind, [h.rowid for h in first])
        return out

    def __getitem__(self, item: slice) -> list[Hit]:
        if not isinstance(item, slice):
            raise TypeError("search results are read in slices")
        start = item.start or 0
        stop = item.stop if item.stop is not None else start + 50
        return self.fetch(start, stop - start)

    def grouped(self, per_kind: int = 5) -> list[tuple[Kind, int, list[Hit]]]:
        """(kind, how many, best hits) for every kind with a match, the group of the best
        hit first; a count above COUNT_CAP is COUNT_CAP + 1."""
        counts = self.counts()
        hits = self.window()
        groups = []
        for slug in dict.fromkeys(h.kind for h in hits):
            if self.kind is None or self.kind == slug:
                best = [h for h in hits if h.kind == slug][:per_kind]
                groups.append((KIND_BY_SLUG[slug], counts.get(slug, len(best)), best))
        return groups

    def questions(self, limit: int = 3) -> list[Hit]:
        """The dispute questions this search offers, when it reads like a question."""
        if not self.query.question or self.kind not in (None, "question"):
            return []
        # one offer a question, however many index rows hold it
        offered = {h.key: h for h in reversed(self.window()) if h.kind == "question"}
        return list(reversed(offered.values()))[:limit]
