"""Benchmark: word search and card-query latency, p50 and p95, as the corpus grows.

    .venv/bin/python bench/search_bench.py                      # SQLite
    DATABASE_URL=postgres://... .venv/bin/python bench/search_bench.py   # PostgreSQL
    options: --levels 0,1000,10000,100000  --n 200  --keep  --reuse  --reads  --words

`--keep` leaves the benchmark database in place; `--reuse` measures in it as it is (the level
it was left at: no migrating, loading or generating), `--reads` adds, for each word search,
what it read: the statements it sent (a query with its planner switches, sent as one
message, is one) and, on PostgreSQL, the shared buffers (8 kB pages, hit +
read) their `EXPLAIN (ANALYZE, BUFFERS)` reports (and the execution time it reports, which
does depend on the machine), on SQLite the virtual machine's steps (in thousands; work inside
FTS5's C code, such as bm25 reading a phrase's whole doclist, is not in them). Statements and
buffers do not depend on how busy the machine is, as times do. `--words` measures the word
searches and only the first card query (`power>=245`, unchanged by search work: the gauge of
how busy the machine is).

It works in a database of its own (`var/search-bench.sqlite3`, or `<database>_search_bench`
on the PostgreSQL server), never the one you develop in: it migrates it, loads the real fixtures
(level 0: the real data, about 17,700 cards), then adds a generated corpus
(`manage.py generate_corpus`) of 1,000, 10,000 and 100,000 cards with a tenth as many rules,
measuring at each level. A word search is what the search API does: parse, prepare
(synonyms, question and stop words, spelling corrections), count by kind, fetch, re-rank and
highlight the first 20 hits (and suggest words when none match). A card query is
what `/api/v1/cards/?q=` does: parse, count, fetch the first page of 50 with their joins.
Times are in milliseconds, in-process (no HTTP), after a warm-up.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from own_database import name_own_database
from timing import p95, timed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")

WORD_QUERIES = [
    "scrambler",  # a rare game word
    "тревога",  # Cyrillic
    '"face down"',  # a phrase
    "press*",  # a prefix
    "draw card",  # two common words
    "card",  # the commonest corpus word (broad: listed unranked)
    "zqxjv",  # no match: says so and suggests words
    "allies",  # a plural, found by its stem
    "персонажи",  # a Russian plural, found by its stem
    "subsitution",  # a typo, corrected to a word the index holds
    "miniboss",  # a player's word, expanded from the game's synonyms
    "can I substitute twice",  # a question: question words dropped, its form offered
    "scrambler substitution",  # no entry holds both: relaxed, ranked by words matched
]
CARD_QUERIES = [
    "power>=245",  # a range on an indexed column
    "number:BC-777",  # an exact, indexed column
    'o:"draw a card"',  # words of the text, through the full-text index
    "game:star-realms-high-alert faction:blob cost<=4 type:base",  # a small game's cards
    "weapon:fire power>=200",  # a game attribute (JSON) and a column
    "name:kamita",  # part of a name: a scan of every card
]


def measure(fn: Callable[[], object], n: int) -> tuple[float, float, float]:
    """Wall-clock p50 and p95, and the p95 of this process's CPU time (on SQLite all of the
    work; on PostgreSQL the server's share is not in it). On a shared machine the CPU time is
    the steadier figure: waiting for a core counts in wall time only."""
    took = timed(fn, n, warm=10)
    return statistics.median(took.wall), p95(took.wall), p95(took.cpu)


class Reads:
    """What one run of a function read: statements, and PostgreSQL's shared buffers (from each
    SELECT's `EXPLAIN (ANALYZE, BUFFERS)`, run before it) or SQLite's virtual machine steps."""

    STEP = 1000  # SQLite: the progress handler is called every STEP instructions

    def __init__(self, connection: Any) -> None:
        self.connection = connection
        self.statements = 0
        self.buffers = 0
        self.server_ms = 0.0  # the server's execution time, as EXPLAIN ANALYZE reports it
        self.steps = 0

    def _explain(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.statements += 1
        # a query sent with its planner switches (`_planned_rows`): SET ...; SELECT ...; RESET
        parts = sql.split("; ") if sql.startswith("SET ") else [sql]
        query = [p for p in parts if p.lstrip("( ").upper().startswith("SELECT")]
        if self.connection.vendor == "postgresql" and query:
            raw = context["cursor"].cursor
            explain = "EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) " + query[0]
            raw.execute("; ".join(explain if p == query[0] else p for p in parts), params)
            while raw.description is None and raw.nextset():
                pass
            explained = raw.fetchone()[0][0]
            plan = explained["Plan"]
            self.buffers += plan.get("Shared Hit Blocks", 0) + plan.get("Shared Read Blocks", 0)
            self.server_ms += explained["Execution Time"]
        return execute(sql, params, many, context)

    def _step(self) -> int:
        self.steps += self.STEP
        return 0

    def of(self, fn: Callable[[], object]) -> str:
        self.connection.ensure_connection()
        raw = self.connection.connection
        if self.connection.vendor == "sqlite":
            raw.set_progress_handler(self._step, self.STEP)
        try:
            with self.connection.execute_wrapper(self._explain):
                fn()
        finally:
            if self.connection.vendor == "sqlite":
                raw.set_progress_handler(None, self.STEP)
        if self.connection.vendor == "postgresql":
            return (
                f"{self.statements} statements, {self.buffers} buffers, "
                f"{self.server_ms:.1f} ms executing"
            )
        return f"{self.statements} statements, {self.steps // 1000}k steps"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--levels", default="0,1000,10000,100000")
    parser.add_argument("--n", type=int, default=200)
    parser.add_argument("--keep", action="store_true", help="keep the benchmark database")
    parser.add_argument("--reuse", action="store_true", help="measure the kept database as is")
    parser.add_argument("--reads", action="store_true", help="report what each search reads")
    parser.add_argument("--words", action="store_true", help="word searches and the gauge only")
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    from cardsdb import card_query, search, selectors
    from cardsdb.loaders import fixtures_load
    from cardsdb.models import Card

    original_name = name_own_database("search-bench")
    db = settings.DATABASES["default"]
    if args.reuse:  # point the connection at the kept database, as create_test_db does
        connection.close()
        db["NAME"] = connection.settings_dict["NAME"] = db["TEST"]["NAME"]
    else:
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        if not args.reuse:
            fixtures_load()

        def word_search(q: str) -> Callable[[], object]:
            def run() -> object:
                results = search.search(q)
                hits = results.fetch(0, 20)
                return hits or search.suggest(results.query)

            return run

        def card_search(q: str) -> Callable[[], object]:
            def run() -> object:
                cards = card_query.cards_filter(selectors.card_list(), q).order_by(
                    "game__position", "position", "id"
                )
                page = selectors.IdsFirst(cards)
                return page.count(), page[:50]

            return run

        print(
            f"{connection.vendor}: {'corpus':>7} {'cards':>7} {'entries':>7}  "
            f"{'kind':5} {'query':60} {'matches':>7} {'p50 ms':>7} {'p95 ms':>7} {'cpu p95':>7}",
            flush=True,
        )
        for level in [int(x) for x in args.levels.split(",")]:
            with open(os.devnull, "w") as quiet:
                if args.reuse:
                    pass
                elif level:
                    call_command("generate_corpus", cards=level, rules=level // 10, stdout=quiet)
                else:
                    call_command("generate_corpus", delete=True, stdout=quiet)
            cards, entries = Card.objects.count(), search.index_count()
            head = f"{connection.vendor}: {level:>7} {cards:>7} {entries:>7}  "
            for q in WORD_QUERIES:
                results = search.search(q)
                found = f"{results.count()}{'+' if results.capped() else ''}"
                p50, p95, cpu = measure(word_search(q), args.n)
                print(
                    f"{head}{'word':5} {q:60} {found:>7} {p50:7.1f} {p95:7.1f} {cpu:7.1f}"
                    + (f"  {Reads(connection).of(word_search(q))}" if args.reads else ""),
                    flush=True,
                )
            for q in CARD_QUERIES[:1] if args.words else CARD_QUERIES:
                found = str(card_query.cards_filter(Card.objects.all(), q).count())
                p50, p95, cpu = measure(card_search(q), args.n)
                print(
                    f"{head}{'card':5} {q:60} {found:>7} {p50:7.1f} {p95:7.1f} {cpu:7.1f}",
                    flush=True,
                )
    finally:
        if not (args.keep or args.reuse):
            connection.creation.destroy_test_db(original_name, verbosity=0)


if __name__ == "__main__":
    main()
