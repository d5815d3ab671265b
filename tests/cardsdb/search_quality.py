"""The search quality measure: the player queries of `search_queries.toml`, each with the
entries that answer it, and the share of them answered in the first 3 results.

Used by `test_search_quality.py` (both databases) and by `bench/search_quality.py`, which
prints the hit rate and the misses.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

QUERIES_FILE = Path(__file__).with_name("search_queries.toml")
TOP = 3


@dataclass(frozen=True)
class PlayerQuery:
    q: str
    kind: str
    expect: tuple[str, ...]
    game: str | None = None


@dataclass(frozen=True)
class Outcome:
    query: PlayerQuery
    top: tuple[str, ...]  # the keys of the first TOP results

    @property
    def hit(self) -> bool:
        return any(key in self.top for key in self.query.expect)

    @property
    def first(self) -> bool:
        """The first result answers it."""
        return bool(self.top) and self.top[0] in self.query.expect


def player_queries() -> list[PlayerQuery]:
    data = tomllib.loads(QUERIES_FILE.read_text(encoding="utf-8"))
    return [
        PlayerQuery(q["q"], q["kind"], tuple(q["expect"]), q.get("game")) for q in data["queries"]
    ]


def run_queries() -> list[Outcome]:
    from cardsdb import search

    outcomes = []
    for query in player_queries():
        hits = search.search(query.q, game=query.game).fetch(0, TOP)
        outcomes.append(Outcome(query, tuple(h.key for h in hits)))
    return outcomes


def hit_rate(outcomes: list[Outcome]) -> float:
    return sum(o.hit for o in outcomes) / len(outcomes)


def first_rate(outcomes: list[Outcome]) -> float:
    return sum(o.first for o in outcomes) / len(outcomes)
