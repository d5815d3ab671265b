"""Benchmark: a 600-line Battle Arena deck list resolved (or refused) against the catalog, with
the queries it takes, through the service and through the HTTP API (in-process Django client,
SQLite by default or DATABASE_URL), median and p95.

    make db && .venv/bin/python bench/deck_bench.py [--n 50]

Three lists of 600 card lines each: every line an exact reference (name, release, number,
parallel) that resolves; every line a bare number that several releases share (each answered
with its candidates: refused); every line a name no card has (refused).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")

SLUG = "bo-jackson-battle-arena"
LINES = 600


def _measure(fn: Callable[[], object], n: int) -> tuple[float, float]:
    for _ in range(min(5, n)):
        fn()
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)]


def lists() -> dict[str, str]:
    from cardsdb.decks import catalog_lookup, deck_module
    from cardsdb.models import Card, Game

    module = deck_module(SLUG)
    assert module is not None
    game = Game.objects.get(slug=SLUG)
    slugs = list(Card.objects.filter(game=game).order_by("position").values_list("slug", flat=True))
    step = max(1, len(slugs) // LINES)
    keys = module.LookupKeys(frozenset(slugs[::step][:LINES]), frozenset(), frozenset())
    printings = list(catalog_lookup(game, module)(keys))
    exact = "\n".join(f"1 {p.reference}" for p in printings[:LINES])
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
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from cardsdb.decks import deck_check
    from games.core.errors import BadInput

    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["rulings"] = "1000000/min"
    client = Client()
    url = f"/api/v1/games/{SLUG}/decks/check"
    print(f"{'list':24} {'answer':>8} {'queries':>8} {'resolve p50':>12} {'p95':>7}  (ms)")
    for label, text in lists().items():

        def service(text: str = text) -> str:
            try:
                deck_check(SLUG, {"list": text, "format": "playmaker"}, save=False)
            except BadInput:
                return "refused"
            return "ruled"

        with CaptureQueriesContext(connection) as queries:
            answer = service()
        p50, p95 = _measure(service, args.n)
        print(f"{label:24} {answer:>8} {len(queries):>8} {p50:>12.1f} {p95:>7.1f}")
        response = client.post(url, text, content_type="text/plain")
        a50, a95 = _measure(
            lambda text=text: client.post(url, text, content_type="text/plain"), args.n
        )
        print(f"{'  through HTTP':24} {response.status_code:>8} {'':>8} {a50:>12.1f} {a95:>7.1f}")


if __name__ == "__main__":
    main()
