"""What one cold read costs in CPU, in-process, beside the load test's ceiling (the health view).

Each request goes through Django's WSGI handler with the production middleware and settings
(DEBUG off, response cache off), for a random object each time: a card's JSON, a card-list
filter, a rule's JSON, a rules page, a card page. Reported per kind: the CPU of this process
and of its PostgreSQL backend (read from /proc, as the load test counts them) per request, and
the ceiling's cost divided by it: the share of the ceiling that kind would reach on a quiet
machine. `--profile KIND` prints cProfile's top functions for that kind.

    DATABASE_URL=postgres://... .venv/bin/python bench/reads_profile.py --requests 2000
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import sys
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
os.environ.setdefault("SECRET_KEY", "reads-profile-only")
os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("RESPONSE_CACHE_SECONDS", "0")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def backend_cpu(pid: int | None) -> float:
    """The CPU seconds a PostgreSQL backend has used (0 on SQLite)."""
    if pid is None:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


# What an app's HTTP library sends (axios's default): JSON by DRF's negotiation, but not the
# lean views' exact Accept, so a card detail asked with it is answered by the DRF view.
APP_ACCEPT = "application/json, text/plain, */*"


def environ(path: str) -> dict[str, Any]:
    route, _, query = path.partition("?")
    accept = {"HTTP_ACCEPT": APP_ACCEPT} if query == "app" else {}
    query = "" if query == "app" else query
    return {
        **accept,
        "REQUEST_METHOD": "GET",
        "PATH_INFO": urllib.parse.unquote(route),
        "QUERY_STRING": query,
        "SERVER_NAME": "testserver",
        "SERVER_PORT": "443",
        "HTTP_HOST": "testserver",
        "HTTP_X_FORWARDED_PROTO": "https",
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": "https",
        "wsgi.input": io.BytesIO(b""),
        "wsgi.errors": sys.stderr,
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000, help="per kind")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--profile", default="", help="a kind to run under cProfile")
    parser.add_argument("--only", default="", help="comma-separated kinds")
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3, help="each kind's least CPU is kept")
    parser.add_argument(
        "--no-build",
        action="store_true",
        help="do not build the prebuilt answers first (a code change names a new version)",
    )
    parser.add_argument(
        "--no-health-checks", action="store_true", help="CONN_HEALTH_CHECKS off, to measure it"
    )
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler
    from django.db import connection
    from django.test.utils import override_settings
    from load_test import card_filters

    from cardsdb.models import Card, Game, Rule

    # one connection throughout (its backend's CPU is read from /proc by its pid)
    connection.settings_dict["CONN_MAX_AGE"] = None
    if args.no_health_checks:
        connection.settings_dict["CONN_HEALTH_CHECKS"] = False
    if not args.no_build:  # what a load builds
        from cardsdb.api import prebuild

        prebuild.build_all(progress=lambda _: None)
    app = WSGIHandler()
    rng = random.Random(args.seed)
    cards = list(Card.objects.values_list("game__slug", "slug"))
    rules = list(Rule.objects.values_list("key", flat=True))
    games = list(Game.objects.values_list("slug", flat=True))
    rng.shuffle(cards)
    rng.shuffle(rules)

    def cycle(paths: list[str]) -> Callable[[int], str]:
        return lambda i: paths[i % len(paths)]

    kinds: dict[str, Callable[[int], str]] = {
        "ceiling": lambda _: "/api/v1/health",
        "card detail": cycle([f"/api/v1/cards/{g}/{c}/" for g, c in cards]),
        "card list": cycle(list_filters(card_filters, games, rng)),
        # the same card asked with an app's Accept (`?app` below: no query is sent), which the
        # lean view leaves to the DRF viewset: the prebuilt row read by the DRF view, and then
        # with prebuilt answers off, the serializer
        "card detail via DRF": cycle([f"/api/v1/cards/{g}/{c}/?app" for g, c in cards]),
        "card detail serialized": cycle([f"/api/v1/cards/{g}/{c}/?app" for g, c in cards]),
        "rule detail": cycle([f"/api/v1/rules/{k}/" for k in rules]),
        "rule page": cycle([f"/games/{g}/rules/" for g in games]),
        "card page": cycle([f"/games/{g}/cards/{c}/" for g, c in cards]),
        # the same pages again: kept by their first visit (the same offsets as above)
        "card page kept": cycle([f"/games/{g}/cards/{c}/" for g, c in cards]),
    }
    if args.only:
        wanted = {"ceiling", *args.only.split(",")}
        kinds = {k: v for k, v in kinds.items() if k in wanted}

    statuses: dict[int, int] = {}

    def call(path: str) -> None:
        def start(status: str, headers: Any) -> None:
            code = int(status.split()[0])
            statuses[code] = statuses.get(code, 0) + 1

        body = app(environ(path), start)
        for _ in body:
            pass
        close = getattr(body, "close", None)
        if close:
            close()

    call("/api/v1/health")
    connection.ensure_connection()
    backend = None
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            backend = cursor.fetchone()[0]
    offset = rng.randrange(10_000)

    def run(name: str, path_of: Callable[[int], str], count: int) -> float:
        """CPU seconds (this process and its PostgreSQL backend) per request."""
        profiler = cProfile.Profile() if name == args.profile else None
        cpu, pg = time.process_time(), backend_cpu(backend)
        if profiler:
            profiler.enable()
        for i in range(count):
            call(path_of(offset + 50 + i))
        if profiler:
            profiler.disable()
            out = io.StringIO()
            pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(args.top)
            print(out.getvalue())
        return ((time.process_time() - cpu) + (backend_cpu(backend) - pg)) / count

    ceiling = kinds.pop("ceiling")
    for _ in range(200):
        call(ceiling(0))
    runs: dict[str, list[tuple[float, float, float]]] = {}  # (its cost, PostgreSQL's, ceiling)
    for round_ in range(args.rounds):
        for name, path_of in kinds.items():
            for i in range(50):  # warm: imports, the card index, templates
                call(path_of(offset + i))
            if name == "card page kept":  # kept by "card page" above, or built now
                for i in range(args.requests):
                    call(path_of(offset + 50 + i))
            # the ceiling just before and just after, as the load test measures it
            before = run("ceiling", ceiling, args.requests // 2)
            statuses.clear()
            pg = backend_cpu(backend)
            with override_settings(PREBUILT=not name.endswith(" serialized")):
                spent = run(name, path_of, args.requests)
            pg = (backend_cpu(backend) - pg) / args.requests
            seen = dict(statuses)
            after = run("ceiling", ceiling, args.requests // 2)
            top = (before + after) / 2
            print(
                f"round {round_ + 1}: {name:14} {spent * 1000:6.3f} ms CPU a request "
                f"(PostgreSQL {pg * 1000:.3f}), ceiling {top * 1000:.3f} ms: "
                f"{top / spent:4.0%} of the ceiling; statuses {seen}",
                flush=True,
            )
            runs.setdefault(name, []).append((spent, pg, top))
        offset += args.requests + 50  # other objects in the next round
    print("\nleast CPU over the rounds (the least disturbed by the machine's other users):")
    top = min(t for kind in runs.values() for _, _, t in kind)
    print(f"  {'ceiling':14} {top * 1000:6.3f} ms")
    for name, kind in runs.items():
        spent, pg, _ = min(kind)
        print(
            f"  {name:14} {spent * 1000:6.3f} ms (PostgreSQL {pg * 1000:.3f}), ceiling "
            f"{top * 1000:.3f} ms: {top / spent:4.0%} of the ceiling"
        )


def list_filters(make: Any, games: list[str], rng: random.Random) -> list[str]:
    """The load test's random card-list filters, from the data in this database."""
    from cardsdb.models import CardType, Faction

    types = [{"game": g, "slug": s} for g, s in CardType.objects.values_list("game__slug", "slug")]
    factions = [
        {"game": g, "slug": s} for g, s in Faction.objects.values_list("game__slug", "slug")
    ]
    import load_test

    real = load_test.get_json  # card_filters reads these two lists over HTTP; here: the rows
    load_test.get_json = lambda base, path: {"results": types if "card-types" in path else factions}
    try:
        return list(make("", games, rng, 2000))
    finally:
        load_test.get_json = real


if __name__ == "__main__":
    main()
