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
import random
from collections.abc import Callable
from typing import Any

from inprocess import Harness, production_settings

production_settings("reads-profile")


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
    from django.db import connection
    from django.test.utils import override_settings
    from load_test import card_filters

    from cardsdb.models import Card, Game, Rule

    if args.no_health_checks:
        connection.settings_dict["CONN_HEALTH_CHECKS"] = False
    if not args.no_build:  # what a load builds
        from cardsdb.api import prebuild

        prebuild.build_all(progress=lambda _: None)
    harness = Harness()  # one connection throughout (its backend's CPU read by its pid)
    call = harness.call
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

    offset = rng.randrange(10_000)

    def run(name: str, path_of: Callable[[int], str], count: int) -> tuple[float, float]:
        """CPU seconds a request: this process's and its PostgreSQL backend's."""
        profiler = cProfile.Profile() if name == args.profile else None
        paths = (path_of(offset + 50 + i) for i in range(count))
        return harness.measure(paths, profiler, top=args.top)

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
            before = sum(run("ceiling", ceiling, args.requests // 2))
            harness.statuses.clear()
            with override_settings(PREBUILT=not name.endswith(" serialized")):
                own, pg = run(name, path_of, args.requests)
            spent = own + pg
            seen = dict(harness.statuses)
            after = sum(run("ceiling", ceiling, args.requests // 2))
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
