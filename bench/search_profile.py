"""What one cold search costs in CPU, in-process, beside the ceiling (the health view).

Each request goes through Django's WSGI handler with the production middleware and settings
(DEBUG off, response cache off), `GET /api/v1/search?q=` with a query no earlier request asked:
glossary terms, card names, rule words and pairs of rule words, drawn from the whole data set as
the load test draws them (`bench/load_test.py`, `search_terms`). Reported: the CPU of this
process and of its PostgreSQL backend per request, and the ceiling's cost divided by it (the
share of the ceiling a cold search would reach on a quiet machine). `--profile` prints
cProfile's top functions for the searches.

    DATABASE_URL=postgres://... .venv/bin/python bench/search_profile.py --requests 400
"""

from __future__ import annotations

import argparse
import cProfile
import random
import time
import urllib.parse

from inprocess import Harness, production_settings

production_settings("search-profile")


def queries(rng: random.Random, count: int) -> list[str]:
    """Distinct queries as the load test draws them, read from the database's rows."""
    from cardsdb.models import Card, GlossaryTerm, Rule

    terms: set[str] = set(GlossaryTerm.objects.values_list("term", flat=True))
    terms |= set(Card.objects.order_by("name").values_list("name", flat=True)[:500])
    texts = Rule.objects.values_list("text", flat=True)
    words = sorted({w.strip(".,;:()«»\"'").lower() for t in texts for w in t.split()})
    words = [w for w in words if len(w) > 4 and w.isalpha()]
    terms |= set(rng.sample(words, k=min(len(words), count)))
    terms |= {f"{a} {b}" for a, b in zip(rng.sample(words, 40), rng.sample(words, 40), strict=True)}
    chosen = sorted(terms)
    rng.shuffle(chosen)
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400, help="distinct searches a round")
    parser.add_argument("--rounds", type=int, default=2, help="the least CPU is kept")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--profile", action="store_true", help="cProfile the searches")
    parser.add_argument("--sort", default="cumulative", help="cProfile's sort key")
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection

    harness = Harness()
    rng = random.Random(args.seed)
    every = queries(rng, args.requests * (args.rounds + 1))
    paths = [f"/api/v1/search?q={urllib.parse.quote(q)}" for q in every]
    print(f"{len(paths)} distinct queries; {connection.vendor}")
    for path in paths[:30]:  # warm: imports, the vocabulary, the English word list
        harness.call(path)
    at = 30

    def run(path_list: list[str], profile: bool = False) -> tuple[float, float]:
        profiler = cProfile.Profile(time.process_time) if profile else None
        return harness.measure(path_list, profiler, args.sort, args.top)

    best: list[tuple[float, float, float]] = []
    for round_ in range(args.rounds):
        before = sum(run(["/api/v1/health"] * 400))
        harness.statuses.clear()
        chosen = paths[at : at + args.requests]
        at += args.requests
        own, pg = run(chosen, profile=args.profile and round_ == 0)
        after = sum(run(["/api/v1/health"] * 400))
        ceiling = (before + after) / 2
        spent = own + pg
        print(
            f"round {round_ + 1}: search {spent * 1000:.3f} ms CPU a request (this process "
            f"{own * 1000:.3f}, PostgreSQL {pg * 1000:.3f}); ceiling {ceiling * 1000:.3f} ms: "
            f"{ceiling / spent:.0%} of the ceiling; statuses {dict(harness.statuses)}",
            flush=True,
        )
        best.append((spent, pg, ceiling))
    spent, pg, _ = min(best)
    ceiling = min(c for *_, c in best)
    print(
        f"least: search {spent * 1000:.3f} ms (PostgreSQL {pg * 1000:.3f}), ceiling "
        f"{ceiling * 1000:.3f} ms: {ceiling / spent:.0%} of the ceiling"
    )


if __name__ == "__main__":
    main()
