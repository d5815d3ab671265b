"""Benchmark: recording a move at a table (`POST /api/v1/tables/<id>/moves`) for each game, and
a table's page (`GET /tables/<id>/`), through Django's in-process client on SQLite by default
or DATABASE_URL: the queries each takes, and the median and p95 of this process's CPU time
(what the request costs on a core of its own; this machine's cores are shared, so wall time
waits). The target: a move recorded in at most 20 ms of server CPU at the median, the page in
one query or two.

    make db && .venv/bin/python bench/table_bench.py [--n 50]

Each run records the game's worked example move on a table of its own, made before timing
at the example board (a legal move: the board is ruled, the move applied, the table written
on its version), then the first move of a table started from each game's setup (`FIRST`).
Higher or Lower is also timed on a table of three after the deal, 28 moves in. The table's
page is timed for each game's table from its setup, after its first move.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from timing import p95

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")


# Each game's setup (as "Start a table" sends it) and a legal first move on its board.
FIRST: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "higher-lower": ({"players": 3}, {"kind": "setup"}),
    "hyperstar-run": ({"difficulty": "standard"}, {"kind": "setup"}),
    "star-realms-high-alert": (
        {"expansions": ["heroes", "invasion"]},
        {"kind": "draw", "cards": [{"id": "n1", "card": "cargo-raptor"}]},
    ),
    "bo-jackson-battle-arena": ({"mode": "playmaker"}, {"kind": "keep-hero", "player": 0}),
    "super-hazard-quest": (
        {"players": 2, "names": ["Ana", "Ben"], "inherent_actions": ["unlock", "dig"]},
        {
            "kind": "setup",
            "draws": [
                {"player": "Ana", "card": {"stage": 2, "exits": {"right": "unlock"}}},
                {"player": "Ben", "card": {"stage": 7}},
            ],
        },
    ),
}


def _measure(fn: Callable[[int], object], n: int) -> tuple[float, float]:
    """The median and p95 of this process's CPU time for `fn(i)`, i = 0..n-1, in ms."""
    cpu = []
    for i in range(n):
        start = time.process_time()
        fn(i)
        cpu.append((time.process_time() - start) * 1000)
    cpu.sort()
    return statistics.median(cpu), p95(cpu)


class Counted:
    """Every statement the connection runs, counted (`execute_wrapper`: not reset by a request
    as the debug log of queries is)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.count += 1
        return execute(sql, params, many, context)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=50)
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    from cardsdb import play_tables
    from games import registry

    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["rulings"] = "1000000/min"
    settings.ALLOWED_HOSTS = ["*"]
    client = Client()
    print(f"{connection.vendor}, {args.n} runs each")
    print(f"{'a move recorded':34} {'queries':>8} {'CPU p50':>8} {'CPU p95':>8}  (ms)")

    def timed(label: str, tables: list[Any], move: Any) -> None:
        def record(i: int) -> None:
            table = tables[i]
            response = client.post(
                f"/api/v1/tables/{table.id}/moves",
                {"move": move, "version": table.version},
                content_type="application/json",
            )
            assert response.status_code == 200, response.content
            assert response.json()["ruling"]["verdict"] == "legal"

        spare = tables.pop()
        queries = Counted()
        with connection.execute_wrapper(queries):
            client.post(
                f"/api/v1/tables/{spare.id}/moves",
                {"move": move, "version": spare.version},
                content_type="application/json",
            )
        p50, p95 = _measure(record, len(tables))
        print(f"{label:34} {queries.count:>8} {p50:>8.1f} {p95:>8.1f}")

    made: list[str] = []
    for slug in sorted(registry):
        example = registry[slug].example()
        tables = [
            play_tables.table_create(slug, {"state": example["state"]}) for _ in range(args.n + 1)
        ]
        made += [t.id for t in tables]
        timed(slug, tables, example["move"])

    setups: dict[str, Any] = {}
    for slug, (setup, first) in FIRST.items():
        tables = [play_tables.table_create(slug, setup) for _ in range(args.n + 1)]
        made += [t.id for t in tables]
        setups[slug] = tables[0]
        timed(f"{slug}, from the setup", tables[1:], first)
        _, setups[slug] = play_tables.move_record(tables[0].id, first, tables[0].version)

    # Higher or Lower after the deal, 28 moves in: the log the table keeps grows
    def forty_in() -> Any:
        """Player 1 lays a 1; then everyone, hands hidden, draws round after round: 28 moves."""
        table = play_tables.table_create("higher-lower", {"players": 3})
        moves: list[dict[str, Any]] = [{"kind": "play", "value": 1, "call": None}]
        moves += [{"kind": "draw"}] * 27
        for move in moves:
            _, table = play_tables.move_record(table.id, move, table.version)
        return table

    deep = [forty_in() for _ in range(min(args.n, 20) + 1)]
    made += [t.id for t in deep]
    timed("higher-lower, 28 moves in (draw)", deep, {"kind": "draw"})

    page_table = deep[0]
    url = f"/tables/{page_table.id}/"
    client.get(url)
    queries = Counted()
    with connection.execute_wrapper(queries):
        client.get(url)
    p50, p95 = _measure(lambda i: client.get(url), args.n)
    print(f"{'the table page (legal moves kept)':34} {queries.count:>8} {p50:>8.1f} {p95:>8.1f}")
    for slug, table in setups.items():
        url = f"/tables/{table.id}/"
        assert client.get(url).status_code == 200
        queries = Counted()
        with connection.execute_wrapper(queries):
            client.get(url)
        p50, p95 = _measure(lambda i, u=url: client.get(u), args.n)  # type: ignore[misc]
        print(f"{'page: ' + slug:34} {queries.count:>8} {p50:>8.1f} {p95:>8.1f}")

    from cardsdb.models import PlayTable

    PlayTable.objects.filter(pk__in=made).delete()


if __name__ == "__main__":
    main()
