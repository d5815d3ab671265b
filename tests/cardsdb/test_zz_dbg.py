import pytest
from cardsdb import search

pytestmark = pytest.mark.django_db


def test_dbg():
    for q in ["what happens on a tie", "how many runs do I get"]:
        r = search.search(q)
        print(q, r.query.terms, r.query.dropped, r.relaxed, r.counts())
        for h in r.fetch(0, 8):
            print(
                "  ",
                h.key,
                h.kind,
                round(h.rank, 3),
                h.matched,
                h.in_title,
                round(h.title_share, 2),
                round(h.score, 2),
            )
