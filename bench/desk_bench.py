"""Benchmark the dispute desk.

    make db && .venv/bin/python bench/desk_bench.py [--n 500]
    .venv/bin/python bench/desk_bench.py --cpu [--n 2000] [--profile higher-lower]

Default: a ruling through the engine alone and through the HTTP API (in-process Django client,
SQLite by default or DATABASE_URL), median and p95, for every engine's worked example.

`--cpu`: the CPU (`time.process_time`) one ruling POST costs, on a board the server has never
seen (the load test's distinct boards, bench/load/variations.py), as a ratio to the ceiling
(`GET /api/v1/health`, measured in the same run before and after), per game, through the lean
view and through the DRF view it stands in front of (`DESK_LEAN_RULINGS=False`): the same
process and data, so the two ratios compare even on a busy machine. Run as production does
(DEBUG off, behind the TLS proxy: `X-Forwarded-Proto: https`). `--profile SLUG` adds cProfile's
top functions for one game's lean and DRF POSTs, and for the ceiling.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench" / "load")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")

PROXY = {"HTTP_X_FORWARDED_PROTO": "https"}


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


def latency(n: int) -> None:
    from django.test import Client

    from games import registry

    client = Client()
    print(f"{'game':28} {'engine p50':>11} {'engine p95':>11} {'API p50':>9} {'API p95':>9}")
    for slug in sorted(registry):
        engine = registry[slug]
        example = engine.example()
        e50, e95 = _measure(
            lambda engine=engine, example=example: engine.rule_json(
                example["state"], example["move"]
            ),
            n,
        )

        def api_call(slug: str = slug, example: dict[str, Any] = example) -> None:
            response = client.post(
                f"/api/v1/games/{slug}/rulings", example, content_type="application/json"
            )
            assert response.status_code == 200, response.content

        a50, a95 = _measure(api_call, n)
        print(f"{slug:28} {e50:9.3f}ms {e95:9.3f}ms {a50:7.2f}ms {a95:7.2f}ms")


def _cpu_ms(fn: Callable[[int], object], n: int) -> float:
    """CPU milliseconds one call of `fn(i)` costs, over `n` calls."""
    start = time.process_time()
    for i in range(n):
        fn(i)
    return (time.process_time() - start) * 1000 / n


def cpu(n: int, profile: str | None) -> None:
    import orjson
    from django.test import Client, override_settings

    from cardsdb import desk
    from cardsdb.models import SavedRuling
    from games import registry
    from variations import variations

    client = Client(**PROXY)
    slugs = sorted(registry)
    # Distinct boards: two lists a game (one per path), none of them saved before this run.
    boards: dict[str, list[bytes]] = {}
    for slug in slugs:
        found = variations(slug, 2 * n + 40, seed=int(time.time()))
        SavedRuling.objects.filter(pk__in=[desk.ruling_id(slug, b) for b in found]).delete()
        boards[slug] = [orjson.dumps(b) for b in found]

    def health(_: int) -> None:
        assert client.get("/api/v1/health").status_code == 200

    def poster(slug: str, offset: int) -> Callable[[int], None]:
        url, bodies = f"/api/v1/games/{slug}/rulings", boards[slug]

        def post(i: int) -> None:
            response = client.post(url, bodies[offset + i], content_type="application/json")
            assert response.status_code == 200, response.content

        return post

    paths = {"lean": True, "DRF": False}
    for slug in slugs:  # warm both paths (imports, per-version caches, connections)
        for k, lean in enumerate(paths.values()):
            with override_settings(DESK_LEAN_RULINGS=lean):
                for i in range(20):
                    poster(slug, k * (n + 20))(i)
    for _ in range(200):
        health(0)

    ceiling_before = _cpu_ms(health, n)
    results: dict[str, dict[str, float]] = {}
    for slug in slugs:
        for k, (name, lean) in enumerate(paths.items()):
            with override_settings(DESK_LEAN_RULINGS=lean):
                results.setdefault(slug, {})[name] = _cpu_ms(poster(slug, k * (n + 20) + 20), n)
    ceiling_after = _cpu_ms(health, n)
    ceiling = (ceiling_before + ceiling_after) / 2
    print(
        f"ceiling GET /api/v1/health: {ceiling:.3f} ms CPU "
        f"(before {ceiling_before:.3f}, after {ceiling_after:.3f}); {n} requests each"
    )
    print(f"{'game':28} {'DRF ms':>8} {'x ceil':>7} {'lean ms':>8} {'x ceil':>7} {'share':>6}")
    for slug in slugs:
        drf, lean = results[slug]["DRF"], results[slug]["lean"]
        print(
            f"{slug:28} {drf:8.3f} {drf / ceiling:7.2f} {lean:8.3f} {lean / ceiling:7.2f} "
            f"{ceiling / lean:6.0%}"
        )
    mean = {name: statistics.mean(r[name] for r in results.values()) for name in paths}
    print(
        f"{'mean of the games':28} {mean['DRF']:8.3f} {mean['DRF'] / ceiling:7.2f} "
        f"{mean['lean']:8.3f} {mean['lean'] / ceiling:7.2f} {ceiling / mean['lean']:6.0%}"
    )

    if profile:
        fresh = variations(profile, 2 * n, seed=int(time.time()) + 1)
        SavedRuling.objects.filter(pk__in=[desk.ruling_id(profile, b) for b in fresh]).delete()
        boards[profile] = [orjson.dumps(b) for b in fresh]
        for k, (name, lean) in enumerate(paths.items()):
            with override_settings(DESK_LEAN_RULINGS=lean):
                print(f"\n--- cProfile: {profile} ruling POST, {name} path ---")
                _profiled(poster(profile, k * n), n)
        print("\n--- cProfile: ceiling ---")
        _profiled(health, n)


def _profiled(fn: Callable[[int], object], n: int) -> None:
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    for i in range(n):
        fn(i)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(30)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=500)
    parser.add_argument("--cpu", action="store_true", help="CPU per POST against the ceiling")
    parser.add_argument("--profile", help="with --cpu: cProfile one game's POSTs")
    args = parser.parse_args()
    if args.cpu:  # as production runs: DEBUG off, behind the TLS proxy
        os.environ.setdefault("SECRET_KEY", "desk-bench-only")
        os.environ.setdefault("ALLOWED_HOSTS", "testserver")
        os.environ["RESPONSE_CACHE_SECONDS"] = "0"

    import django

    django.setup()
    from django.conf import settings

    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["rulings"] = "1000000/s"
    if args.cpu:
        cpu(args.n, args.profile)
    else:
        latency(args.n)


if __name__ == "__main__":
    main()
