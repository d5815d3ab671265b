"""Search for a seventh fresh set of player queries (2026-12-03), the same on SQLite and
PostgreSQL: the 40 queries marked `round = 7` in `search_queries.toml` (everyday words, Russian
for High Alert, the game named, counts asked with another verb, broad questions, questions a
question form settles, a printed card name misspelt), each with the entries that answer it.
Each finds an answer among its first 3 results, and most find it first."""

from __future__ import annotations

import tomllib

import pytest
from django.db import connection

from cardsdb import search
from tests.cardsdb.search_quality import QUERIES_FILE, TOP

pytestmark = pytest.mark.django_db

SEVENTH = [
    (q["q"], tuple(q["expect"]))
    for q in tomllib.loads(QUERIES_FILE.read_text(encoding="utf-8"))["queries"]
    if q.get("round") == 7
]

# The least number of the 40 answered by their first result on either database (docs/search.md,
# "A seventh fresh set": 35 on both at the change that measured it).
FIRST_FLOOR = 35

# Queries whose answer is not yet among the first 3 (docs/search.md, "A seventh fresh set"):
# "one" is a word of many entries, so four of the five words are held by clarifications on
# drawing and matching, where the form and the clarification that answer hold three; "в ход
# противника" (in the opponent's turn) is answered by the main phase, which the query does not
# name.
NOT_YET = {
    "can i pick up a card even if i could play one",
    "можно ли использовать технику в ход противника",
}
# ... on PostgreSQL only: a High Alert clarification holding "same" and "twice" above Battle
# Arena's entries, the clarification on unique Plays not among the best 10 of its kind there
NOT_YET_ON_POSTGRESQL = {"can i put the same play in my playbook twice"}


def top(text: str) -> list[str]:
    return [h.key for h in search.search(text).fetch(0, TOP)]


def test_the_seventh_set_holds_40_queries() -> None:
    assert len(SEVENTH) == 40
    assert len({q for q, _ in SEVENTH}) == 40


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        pytest.param(q, a, marks=pytest.mark.xfail(strict=True, reason="docs/search.md"))
        if q in NOT_YET
        else (q, a)
        for q, a in SEVENTH
    ],
    ids=[q for q, _ in SEVENTH],
)
def test_a_query_finds_an_answer_among_the_first_three(text: str, answers: tuple[str, ...]) -> None:
    found = top(text)
    if connection.vendor == "postgresql" and text in NOT_YET_ON_POSTGRESQL:
        assert not set(answers) & set(found), f"{text!r} now finds its answer: move it"
        return
    assert set(answers) & set(found), found


def test_most_queries_are_answered_by_the_first_result() -> None:
    seconds = []
    for text, answers in SEVENTH:
        found = top(text)
        if not found or found[0] not in answers:
            seconds.append(f"{text!r} -> {found[:1]}, wanted {answers[0]}")
    assert len(SEVENTH) - len(seconds) >= FIRST_FLOOR, "\n".join(seconds)
