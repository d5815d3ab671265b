"""Search quality: the top-3 hit rate of the player queries in tests/cardsdb/search_queries.toml.

    .venv/bin/python bench/search_quality.py                      # SQLite
    DATABASE_URL=postgres://... .venv/bin/python bench/search_quality.py   # PostgreSQL

Like search_bench.py it works in a database of its own (`var/search-quality.sqlite3`, or
`<database>_search_quality` on the PostgreSQL server): it migrates it, loads the real
fixtures, runs every query and prints each miss, the hit rate by kind of query and in all.
"""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from pathlib import Path

from own_database import name_own_database

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsdb.settings")


def main() -> None:
    import django

    django.setup()
    from django.db import connection

    from cardsdb.loaders import fixtures_load
    from tests.cardsdb.search_quality import TOP, first_rate, hit_rate, run_queries

    original_name = name_own_database("search-quality")
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        fixtures_load()
        outcomes = run_queries()
        by_kind: dict[str, list[bool]] = defaultdict(list)
        for o in outcomes:
            by_kind[o.query.kind].append(o.hit)
            if not o.hit:
                print(f"miss  {o.query.q!r}: top {TOP} {list(o.top)}; wanted {o.query.expect}")
            elif not o.first:
                print(f"not first  {o.query.q!r}: {o.top[0]}; wanted {o.query.expect}")
        for kind, hits in sorted(by_kind.items()):
            print(f"{connection.vendor}: {kind:10} {sum(hits)}/{len(hits)}")
        hits = sum(o.hit for o in outcomes)
        print(
            f"{connection.vendor}: top-{TOP} hit rate {hits}/{len(outcomes)} = "
            f"{100 * hit_rate(outcomes):.1f}%"
        )
        firsts = sum(o.first for o in outcomes)
        print(
            f"{connection.vendor}: top-1 hit rate {firsts}/{len(outcomes)} = "
            f"{100 * first_rate(outcomes):.1f}%"
        )
    finally:
        connection.creation.destroy_test_db(original_name, verbosity=0)


if __name__ == "__main__":
    main()
