"""Benchmark: a 600-line Battle Arena deck list resolved (or refused) against the catalog, with
the queries it takes, through the service and through the HTTP API (in-process Django client,
SQLite by default or DATABASE_URL), median and p95.

    make db && .venv/bin/python bench/deck_bench.py [--n 50]

The service is the tool as the API runs it (resolve, rule under every format, keep the
permalink). Three lists of 600 card lines each: every line an exact reference (name,
release, number, parallel) that resolves; every line a bare number that several releases
share (each answered with its candidates: refused); every line a name no card has (refused).
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

from timing import p95, timed

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")

SLUG = "bo-jackson-battle-arena"
LINES = 600


def _measure(fn: Callable[[], object], n: int) -> tuple[float, float, float, float]:
    """Wall-clock median and p95, and the median and p95 CPU time of this process (what the
    work costs on a core of its own: this machine's two cores are shared, so wall time waits;
    on SQLite the database's work is in this process, on PostgreSQL it is not)."""
    took = timed(fn, n, warm=5)
    return statistics.median(took.wall), p95(took.wall), statistics.median(took.cpu), p95(took.cpu)


def lists() -> dict[str, str]:
    from cardsdb.models import Card
    from cardsdb.reference import DatabaseCardCatalog
    from games.bo_jackson_battle_arena.deck_list import printing_of

    slugs = list(
        Card.objects.filter(game__slug=SLUG).order_by("position").values_list("slug", flat=True)
    )
    step = max(1, len(slugs) // LINES)
    cards = DatabaseCardCatalog().matching(SLUG, slugs=slugs[::step][:LINES])
    exact = "\n".join(f"1 {printing_of(c).reference}" for c in cards[:LINES])
    shared = [f"PL-{n % 75 + 1}" for n in range(LINES)]
    unknown = [f"No Such Card {n}" for n in range(LINES)]
    return {
        "600 exact references": exact,
        "600 shared numbers": "\n".join(shared),
        "600 unknown names": "\n".join(unknown),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=50)
    args = parser.parse_args()

    import django

    django.setup()
    # the refused lists are 400s by design: not a warning each
    logging.getLogger("django.request").setLevel(logging.ERROR)
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from cardsdb.reference import DatabaseCardCatalog
    from cardsdb.tools import tool_run
    from games.bo_jackson_battle_arena.deck_list import (
        catalog_lookup,
        deck_list_parse,
        entries_resolve,
    )
    from games.core.errors import BadInput

    catalog = DatabaseCardCatalog()

    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["rulings"] = "1000000/min"
    client = Client()
    url = f"/api/v1/games/{SLUG}/tools/deck-check"
    print(f"{connection.vendor}, {args.n} runs each")
    head = f"{'answer':>8} {'queries':>8} {'p50':>7} {'p95':>7} {'CPU p50':>8} {'CPU p95':>8}"
    print(f"{'list':24} {head}  (ms)")
    for label, text in lists().items():

        def service(text: str = text) -> str:
            try:
                tool_run(SLUG, "deck-check", {"list": text, "format": "playmaker"})
            except BadInput:
                return "refused"
            return "ruled"

        def resolve(text: str = text) -> str:
            found = entries_resolve(deck_list_parse(text), catalog_lookup(catalog))
            return "refused" if found.problems else "resolved"

        with CaptureQueriesContext(connection) as queries:
            answer = resolve()
        p50, p95, cpu, cpu95 = _measure(resolve, args.n)
        row = f"{answer:>8} {len(queries):>8} {p50:>7.1f} {p95:>7.1f} {cpu:>8.1f} {cpu95:>8.1f}"
        print(f"{label:24} {row}")
        with CaptureQueriesContext(connection) as queries:
            answer = service()
        p50, p95, cpu, cpu95 = _measure(service, args.n)
        row = f"{answer:>8} {len(queries):>8} {p50:>7.1f} {p95:>7.1f} {cpu:>8.1f} {cpu95:>8.1f}"
        print(f"{'  the whole check':24} {row}")
        response = client.post(url, text, content_type="text/plain")
        a50, a95, acpu, acpu95 = _measure(
            lambda text=text: client.post(url, text, content_type="text/plain"), args.n
        )
        code = response.status_code
        row = f"{code:>8} {'':>8} {a50:>7.1f} {a95:>7.1f} {acpu:>8.1f} {acpu95:>8.1f}"
        print(f"{'  through HTTP':24} {row}")


if __name__ == "__main__":
    main()
