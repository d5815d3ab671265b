"""Benchmark the dispute desk.

    make db && .venv/bin/python bench/desk_bench.py [--n 500]
    .venv/bin/python bench/desk_bench.py --cpu [--n 1000] [--profile higher-lower]
    .venv/bin/python bench/desk_bench.py --instructions [--n 100]      # needs valgrind

Default: a ruling through the engine alone and through the HTTP API (in-process Django client,
SQLite by default or DATABASE_URL), median and p95, for every engine's worked example.

`--cpu`: the CPU (`time.process_time`) one ruling POST costs, on a board the server has never
seen (the load test's distinct boards, bench/load/variations.py), as a ratio to the ceiling
(`GET /api/v1/health`), per game, through the lean view and through the DRF view it stands in
front of (`DESK_LEAN_RULINGS=False`), in rounds of a few requests of each kind in turn, so that
a busy machine weighs on every kind alike; on PostgreSQL also the CPU its backend spent (the
load test counts it too). Run as production does (DEBUG off, behind the TLS proxy:
`X-Forwarded-Proto: https`). `--profile SLUG` adds cProfile's top functions for one game's
lean and DRF POSTs, and for the ceiling.

`--instructions`: the same comparison in instructions (callgrind), which neighbours on the
machine do not change; the PostgreSQL backend's share is not in it.
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

import callgrind
from inprocess import backend_cpu, backend_pid
from timing import p95, timed

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench" / "load")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")

PROXY = {"HTTP_X_FORWARDED_PROTO": "https"}


def _measure(fn: Callable[[], object], n: int) -> tuple[float, float]:
    took = timed(fn, n, warm=20)
    return statistics.median(took.wall), p95(took.wall)


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


def _backend_seconds() -> float:
    """CPU seconds this connection's PostgreSQL backend has used (0 on SQLite, or when the
    server is not on this machine): the load test counts the database's CPU too."""
    return backend_cpu(backend_pid())


def _cpu_ms(fn: Callable[[int], object], n: int) -> tuple[float, float]:
    """CPU milliseconds one call of `fn(i)` costs, over `n` calls: this process's, and the
    PostgreSQL backend's."""
    backend = _backend_seconds()
    start = time.process_time()
    for i in range(n):
        fn(i)
    spent = (time.process_time() - start) * 1000 / n
    return spent, (_backend_seconds() - backend) * 1000 / n


def cpu(n: int, profile: str | None) -> None:
    import orjson
    from django.test import Client, override_settings
    from variations import variations

    from cardsdb.models import SavedRuling
    from cardsdb.ruling_ids import ruling_id
    from games import registry

    client = Client(**PROXY)
    slugs = sorted(registry)
    # Distinct boards: two lists a game (one per path), none of them saved before this run.
    boards: dict[str, list[bytes]] = {}
    for slug in slugs:
        found = variations(slug, 2 * n + 40, seed=int(time.time()))
        SavedRuling.objects.filter(pk__in=[ruling_id(slug, b) for b in found]).delete()
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

    # Rounds of a few requests of each kind in turn, so that whatever else loads the machine
    # weighs on every kind alike.
    chunk = 50
    rounds = max(1, n // chunk)
    spent: dict[tuple[str, str], list[float]] = {}

    def add(key: tuple[str, str], fn: Callable[[int], object]) -> None:
        cpu, backend = _cpu_ms(fn, chunk)
        totals = spent.setdefault(key, [0.0, 0.0])
        totals[0] += cpu / rounds
        totals[1] += backend / rounds

    for r in range(rounds):
        add(("ceiling", ""), health)
        for slug in slugs:
            for k, (name, lean) in enumerate(paths.items()):
                with override_settings(DESK_LEAN_RULINGS=lean):
                    start = k * (n + 20) + 20 + r * chunk
                    add((slug, name), poster(slug, start))
    ceiling = spent[("ceiling", "")][0]
    results = {slug: {name: tuple(spent[(slug, name)]) for name in paths} for slug in slugs}
    print(
        f"ceiling GET /api/v1/health: {ceiling:.3f} ms CPU; {rounds * chunk} requests of each "
        f"kind, in {rounds} rounds of {chunk} of each in turn"
    )
    print(
        "CPU a ruling POST costs, ms (and x the ceiling); +PG: the PostgreSQL backend's CPU "
        "for it, which the load test counts too"
    )
    print(f"{'game':28} {'DRF path':>17} {'+PG':>6} {'lean path':>17} {'+PG':>6}")
    for slug in slugs:
        (drf, drf_pg), (lean, lean_pg) = results[slug]["DRF"], results[slug]["lean"]
        print(
            f"{slug:28} {drf:8.3f} ({drf / ceiling:5.2f}x) {drf_pg:6.3f} "
            f"{lean:8.3f} ({lean / ceiling:5.2f}x) {lean_pg:6.3f}"
        )
    mean = {
        name: [statistics.mean(r[name][k] for r in results.values()) for k in (0, 1)]
        for name in paths
    }
    (drf, drf_pg), (lean, lean_pg) = mean["DRF"], mean["lean"]
    print(
        f"{'mean of the games':28} {drf:8.3f} ({drf / ceiling:5.2f}x) {drf_pg:6.3f} "
        f"{lean:8.3f} ({lean / ceiling:5.2f}x) {lean_pg:6.3f}"
    )

    if profile:
        fresh = variations(profile, 2 * n, seed=int(time.time()) + 1)
        SavedRuling.objects.filter(pk__in=[ruling_id(profile, b) for b in fresh]).delete()
        boards[profile] = [orjson.dumps(b) for b in fresh]
        for k, (name, lean) in enumerate(paths.items()):
            with override_settings(DESK_LEAN_RULINGS=lean):
                print(f"\n--- cProfile: {profile} ruling POST, {name} path ---")
                _profiled(poster(profile, k * n), n)
        print("\n--- cProfile: ceiling ---")
        _profiled(health, n)


def _instructions_in_valgrind(n: int) -> None:
    """Run under callgrind by `instructions`: every kind warmed, then each kind's `n`
    requests counted alone (`nothing` is what dumping itself costs)."""
    import orjson
    from django.test import Client, override_settings
    from variations import variations

    from cardsdb.models import SavedRuling
    from cardsdb.ruling_ids import ruling_id
    from games import registry

    client = Client(**PROXY)

    def health(_: bytes) -> None:
        assert client.get("/api/v1/health").status_code == 200

    kinds: list[tuple[str, Callable[[bytes], None], bool, list[bytes]]] = [
        ("nothing", lambda _: None, True, [b""] * (n + 20)),
        ("health", health, True, [b""] * (n + 20)),
    ]
    for slug in sorted(registry):
        for seed, (name, lean) in enumerate({"DRF": False, "lean": True}.items()):
            found = variations(slug, n + 20, seed=seed + 1)
            SavedRuling.objects.filter(pk__in=[ruling_id(slug, b) for b in found]).delete()

            def post(body: bytes, url: str = f"/api/v1/games/{slug}/rulings") -> None:
                response = client.post(url, body, content_type="application/json")
                assert response.status_code == 200, response.content

            kinds.append((f"{slug}:{name}", post, lean, [orjson.dumps(b) for b in found]))
    for _, fn, lean, bodies in kinds:  # warm every path
        with override_settings(DESK_LEAN_RULINGS=lean):
            for body in bodies[:20]:
                fn(body)
    for kind, fn, lean, bodies in kinds:
        with override_settings(DESK_LEAN_RULINGS=lean):
            callgrind.dump(f"before-{kind}")
            for body in bodies[20:]:
                fn(body)
            callgrind.dump(kind)
    callgrind.done(" ".join(kind for kind, *_ in kinds))


def instructions(n: int) -> None:
    """Instructions one request costs, from callgrind: the same count on a busy machine as
    on a quiet one (the PostgreSQL backend's share is not in it)."""
    found, _ = callgrind.counts([__file__, "--in-valgrind", "--n", str(n)])
    counts = {kind: total / n for kind, total in found.items()}
    counts = {
        k: v - counts["nothing"]
        for k, v in counts.items()
        if k != "nothing" and not k.startswith("before-")
    }
    ceiling = counts["health"]
    print(f"ceiling GET /api/v1/health: {ceiling / 1e6:.3f} M instructions; {n} requests a kind")
    print(f"{'game':28} {'DRF path':>18} {'lean path':>18}")
    slugs = sorted({k.split(":")[0] for k in counts if ":" in k})
    for slug in slugs:
        drf, lean = counts[f"{slug}:DRF"], counts[f"{slug}:lean"]
        print(
            f"{slug:28} {drf / 1e6:8.3f}M ({drf / ceiling:5.2f}x) "
            f"{lean / 1e6:8.3f}M ({lean / ceiling:5.2f}x)"
        )


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
    parser.add_argument(
        "--instructions", action="store_true", help="instructions per POST (callgrind)"
    )
    parser.add_argument("--in-valgrind", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.instructions:
        instructions(args.n)
        return
    if args.cpu or args.in_valgrind:  # as production runs: DEBUG off, behind the TLS proxy
        os.environ.setdefault("SECRET_KEY", "desk-bench-only")
        os.environ.setdefault("ALLOWED_HOSTS", "testserver")
        os.environ["RESPONSE_CACHE_SECONDS"] = "0"

    import django

    django.setup()
    from django.conf import settings

    settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["rulings"] = "1000000/s"
    if args.in_valgrind:
        _instructions_in_valgrind(args.n)
    elif args.cpu:
        cpu(args.n, args.profile)
    else:
        latency(args.n)


if __name__ == "__main__":
    main()
