"""The two backends, chosen by `connection.vendor`: SQLite FTS5 and PostgreSQL full-text
search, and a document as they store it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models.expressions import RawSQL

from cardsdb.search.documents import (
    Document,
)
from cardsdb.search.kinds import (
    _DISPLAY_COLUMNS,
    KIND_SLOTS,
    TABLE,
    TEXT_TABLE,
    _samples,
    _scope,
)
from cardsdb.search.query import SearchQuery, Term
from cardsdb.search.text import (
    stem,
    stems,
    tokens,
)


@dataclass(frozen=True)
class _Indexed:
    """A document as the backends store it: its fields' stems, and its words for spelling."""

    doc: Document
    title: str
    body: str
    meta: str
    words: Counter[str]

    @property
    def scope(self) -> str:
        return " ".join(_scope(self.doc.kind, self.doc.game_id) + _samples(self.doc.object_id))

    @property
    def stems(self) -> frozenset[str]:
        return frozenset(f"{self.title} {self.body} {self.meta}".split())


def _indexed(doc: Document) -> _Indexed:
    words: Counter[str] = Counter()
    fields = []
    for text in (doc.title, doc.body, doc.meta):
        found = tokens(text)
        words.update(found)
        fields.append(" ".join(stem(t) for t in found))
    return _Indexed(doc, fields[0], fields[1], fields[2], words)


def _stems_of(*texts: str) -> frozenset[str]:
    """The stems an entry with these texts is indexed under (what `_indexed` writes)."""
    return frozenset(s for text in texts for s in stems(text))


class _SQLite:
    """FTS5. BM25 weights: title 10, body 4, meta 1, scope 0 (lower is better)."""

    rank_order = "score, rowid"
    score = f"bm25({TABLE}, 10.0, 4.0, 1.0, 0.0)"
    key = "rowid"

    @staticmethod
    def term(term: Term, column: str | None = None) -> str:
        star = "*" if term.prefix else ""
        parts = []
        for i, form in enumerate(term.alternatives):
            expr = '"' + " ".join(form) + '"' + (star if i == 0 else "")
            parts.append(f"{column} : {expr}" if column else expr)
        return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"

    def match(self, query: SearchQuery, column: str | None = None, relaxed: bool = False) -> str:
        joiner = " OR " if relaxed else " AND "
        expr = joiner.join(self.term(t, column) for t in query.positive)
        for t in query.negative:
            expr = f"({expr}) NOT {self.term(t, column)}"
        return expr

    def where(
        self,
        query: SearchQuery,
        scope: list[str],
        column: str | None = None,
        relaxed: bool = False,
    ) -> tuple[str, list[Any]]:
        expr = self.match(query, column, relaxed)
        if scope:
            expr = f"({expr}) AND " + " AND ".join(f'scope : "{s}"' for s in scope)
        return f"{TABLE} MATCH %s", [expr]

    def card_ids(self, query: SearchQuery) -> RawSQL:
        where, params = self.where(query, _scope("card"), "body")
        return RawSQL(f"SELECT rowid / {KIND_SLOTS} FROM {TABLE} WHERE {where}", params)

    def rank_params(self, query: SearchQuery, relaxed: bool = False) -> list[Any]:
        return []

    def insert(self, cursor: Any, docs: Sequence[_Indexed]) -> None:
        cursor.executemany(
            f"INSERT INTO {TABLE} (rowid, title, body, meta, scope, {_DISPLAY_COLUMNS}, game_id) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            [
                (
                    x.doc.rowid,
                    x.title,
                    x.body,
                    x.meta,
                    x.scope,
                    x.doc.kind,
                    x.doc.object_id,
                    x.doc.key,
                    x.doc.url,
                    x.doc.game_slug,
                    x.doc.game_name,
                    x.doc.title,
                    x.doc.body,
                    x.doc.meta,
                    x.doc.game_id,
                )
                for x in docs
            ],
        )
        cursor.executemany(  # OR REPLACE: a row left behind by a bulk delete of the main table
            f"INSERT OR REPLACE INTO {TEXT_TABLE} (rowid, title, body, meta, scope) "
            "VALUES (%s, %s, %s, %s, %s)",
            [(x.doc.rowid, x.title, x.body, x.meta, x.scope) for x in docs if x.doc.kind != "card"],
        )


class _Postgres:
    """A weighted tsvector (A title, B body, C meta, the scope unweighted) with a GIN index;
    `ts_rank` with the weights {D 0, C 0.1, B 0.4, A 1}, length-normalised (higher is better)."""

    rank_order = "score DESC, id"
    score = "ts_rank('{0, 0.1, 0.4, 1}', vector, to_tsquery('simple', %s), 1)"
    key = "id"

    @staticmethod
    def term(term: Term, weight: str = "") -> str:
        alternatives = []
        for i, form in enumerate(term.alternatives):
            parts = [f"'{tok}'" + (f":{weight}" if weight else "") for tok in form]
            if term.prefix and i == 0:
                parts[-1] = f"'{form[-1]}':*{weight}"
            expr = " <-> ".join(parts)
            alternatives.append(f"({expr})" if len(parts) > 1 else expr)
        if len(alternatives) == 1:
            return alternatives[0]
        return "(" + " | ".join(alternatives) + ")"

    def match(self, query: SearchQuery, weight: str = "", relaxed: bool = False) -> str:
        if relaxed:
            expr = "(" + " | ".join(self.term(t, weight) for t in query.positive) + ")"
        else:
            expr = " & ".join(self.term(t, weight) for t in query.positive)
        expr += "".join(f" & !{self.term(t, weight)}" for t in query.negative)
        return expr

    def where(
        self,
        query: SearchQuery,
        scope: list[str],
        weight: str = "",
        relaxed: bool = False,
    ) -> tuple[str, list[Any]]:
        # The kind is matched on its column, so the planner can read that kind's own partial
        # GIN index (migrations 0005, 0007) instead of every kind's postings for the words.
        kinds = [s.removeprefix("k_") for s in scope if s.startswith("k_")]
        clauses, params = (["kind = %s"], kinds[:1]) if kinds else ([], [])
        rest = [s for s in scope if not s.startswith("k_")]
        if rest:
            clauses.append("vector @@ (to_tsquery('simple', %s) && %s::tsquery)")
            params += [self.match(query, weight, relaxed), " & ".join(f"'{s}'" for s in rest)]
        else:
            clauses.append("vector @@ to_tsquery('simple', %s)")
            params.append(self.match(query, weight, relaxed))
        return " AND ".join(clauses), params

    def card_ids(self, query: SearchQuery) -> RawSQL:
        where, params = self.where(query, _scope("card"), "B")
        return RawSQL(f"SELECT object_id FROM {TABLE} WHERE {where}", params)

    def rank_params(self, query: SearchQuery, relaxed: bool = False) -> list[Any]:
        """Rank by the wanted words alone: `ts_rank` of a query with `!` is 0."""
        return [self.match(SearchQuery(query.text, query.positive), relaxed=relaxed)]

    def insert(self, cursor: Any, docs: Sequence[_Indexed]) -> None:
        cursor.executemany(
            f"INSERT INTO {TABLE} (id, {_DISPLAY_COLUMNS}, game_id, vector) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, "
            "setweight(to_tsvector('simple', %s), 'A') || "
            "setweight(to_tsvector('simple', %s), 'B') || "
            "setweight(to_tsvector('simple', %s), 'C') || %s::tsvector)",
            [
                (
                    x.doc.rowid,
                    x.doc.kind,
                    x.doc.object_id,
                    x.doc.key,
                    x.doc.url,
                    x.doc.game_slug,
                    x.doc.game_name,
                    x.doc.title,
                    x.doc.body,
                    x.doc.meta,
                    x.doc.game_id,
                    x.title,
                    x.body,
                    x.meta,
                    x.scope,
                )
                for x in docs
            ],
        )


def _backend() -> _SQLite | _Postgres:
    if connection.vendor == "sqlite":
        return _SQLite()
    if connection.vendor == "postgresql":
        return _Postgres()
    raise NotImplementedError(f"search has no backend for {connection.vendor}")


@contextmanager
def _bitmaps_only(cursor: Any) -> Iterator[None]:
    """PostgreSQL: read through the GIN indexes only, not by walking the table or its id
    index (which a LIMIT tempts the planner into, and which reads all of it when a kind's
    matches are stored last)."""
    cursor.execute("SET enable_seqscan = off; SET enable_indexscan = off")
    try:
        yield
    finally:
        cursor.execute("RESET enable_seqscan; RESET enable_indexscan")


# The planner switches a read through the GIN indexes only is planned with (`_bitmaps_only`).
BITMAPS_ONLY = ("enable_seqscan", "enable_indexscan")


def _planned_rows(
    cursor: Any, sql: str, params: Sequence[Any], off: Sequence[str] = BITMAPS_ONLY
) -> list[Any]:
    """PostgreSQL: the rows of `sql` planned with the switches `off` turned off (as
    `_bitmaps_only`), in one round trip: setting them, the query and resetting them are one
    message. One message is one implicit transaction, so a query that fails takes the
    switches' setting back with it. Several statements with parameters in one message need
    client-side binding, Django's default with psycopg 3 (not `server_side_binding`)."""
    sets = "; ".join(f"SET {name} = off" for name in off)
    resets = "; ".join(f"RESET {name}" for name in off)
    cursor.execute(f"{sets}; {sql}; {resets}", params)
    while cursor.description is None and cursor.nextset():
        pass  # past the SETs' results to the query's
    return list(cursor.fetchall())
