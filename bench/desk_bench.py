"""Benchmark: a ruling through the engine alone and through the HTTP API (in-process Django
client, SQLite by default or DATABASE_URL), median and p95, for every engine's worked example.

    make db && .venv/bin/python bench/desk_bench.py [--n 500]
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


def _measure(fn: Callable[[], object], n: int) -> tuple[float, float]:
    for _ in range(min(20, n)):
        fn()
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=500)
    args = parser.parse_args()

    import django

    django.setup()
    from django.conf import settings
    from django.test import Client

    from games import registry

    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["rulings"] = "1000000/min"
    client = Client()
    print(f"{'game':28} {'engine p50':>11} {'engine p95':>11} {'API p50':>9} {'API p95':>9}")
    for slug in sorted(registry):
        engine = registry[slug]
        example = engine.example()
        e50, e95 = _measure(
            lambda engine=engine, example=example: engine.rule_json(
                example["state"], example["move"]
            ),
            args.n,
        )

        def api_call(slug: str = slug, example: dict = example) -> None:
            response = client.post(
                f"/api/v1/games/{slug}/rulings", example, content_type="application/json"
            )
            assert response.status_code == 200, response.content

        a50, a95 = _measure(api_call, args.n)
        print(f"{slug:28} {e50:9.3f}ms {e95:9.3f}ms {a50:7.2f}ms {a95:7.2f}ms")


if __name__ == "__main__":
    main()
