"""The search API's bodies and the search page's HTML for many queries, written to a file, so
that two versions of the code can be compared byte for byte on the same database.

Each query (drawn as `search_profile.py` draws them) is asked as it stands, with `kind=rule`,
with `page=2`, with `page_size=10` and on the search page (`/search/?q=`); the file holds one
line a request: the path, the status and the body (JSON-escaped). Run it from each version's
checkout against the same database and compare the files:

    DATABASE_URL=postgres://... .venv/bin/python bench/search_bodies.py --out /tmp/new.jsonl
    cmp /tmp/old.jsonl /tmp/new.jsonl
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
import urllib.parse
from typing import Any

from inprocess import environ, production_settings

production_settings("search-bodies")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=300, help="distinct queries")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.handlers.wsgi import WSGIHandler
    from search_profile import queries

    app = WSGIHandler()
    chosen = queries(random.Random(args.seed), args.queries)[: args.queries]
    paths: list[str] = []
    for q in chosen:
        quoted = urllib.parse.quote(q)
        paths += [
            f"/api/v1/search?q={quoted}",
            f"/api/v1/search?q={quoted}&kind=rule",
            f"/api/v1/search?q={quoted}&page=2",
            f"/api/v1/search?q={quoted}&page_size=10",
            f"/search/?q={quoted}",
        ]
    with open(args.out, "w", encoding="utf-8") as out:
        for path in paths:
            status: list[str] = []

            def start(code: str, headers: Any, status: list[str] = status) -> None:
                status.append(code)

            env = environ(path)
            env["wsgi.errors"] = io.StringIO()
            body = b"".join(app(env, start))
            line = {"path": path, "status": status[0], "body": body.decode("utf-8")}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
    print(f"{len(paths)} requests written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
