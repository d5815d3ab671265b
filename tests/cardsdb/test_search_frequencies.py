"""A search's counts come from how many entries hold each word (the frequencies table), and a
word too common to rank is listed from a sample: the same on SQLite and PostgreSQL.

The counts must be the very counts a read of the index gives (each kind up to the cap), after
a load and after admin edits alike; a word on most cards of a game is "1,000+" without a read
of the index ("about" its count from the table), and its cards are ranked among the first of
a sample in row order, which a plain-Python reading of the documents predicts on both
databases.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cardsdb import models as m
from cardsdb import search
from cardsdb.loaders import fixtures_load

pytestmark = pytest.mark.django_db


def _index_reads(sql: list[str]) -> list[str]:
    return [q for q in sql if "MATCH" in q or "@@" in q]


def _index_counts(results: search.SearchResults) -> dict[str, int]:
    """Each kind's matches read in the index, up to the cap (the counts as they were made
    before the frequencies table)."""
    fresh = search.SearchResults(
        results.query, kind=results.kind, game_id=results.game_id, relaxed=results.relaxed
    )
    backend = search._backend()
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with search._bitmaps_only(cursor):
                return fresh._capped_counts(backend, cursor)
        return fresh._capped_counts(backend, cursor)


def _reference_frequencies() -> Counter[tuple[str, str, int]]:
    """How many documents of each kind and game hold each stem, read from the documents."""
    counts: Counter[tuple[str, str, int]] = Counter()
    for doc in search._DocumentBuilder(m.Game.objects.all()).documents():
        counts[("", doc.kind, doc.game_id)] += 1
        for found in search._stems_of(doc.title, doc.body, doc.meta):
            counts[(found, doc.kind, doc.game_id)] += 1
    return counts


def _stored_frequencies() -> Counter[tuple[str, str, int]]:
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT stem, kind, game_id, docs FROM {search.FREQUENCIES_TABLE} WHERE docs <> 0"
        )
        return Counter({(s, k, int(g)): int(n) for s, k, g, n in cursor.fetchall()})


QUERIES = [
    "hero",  # on nearly every card of one game: over the cap
    "heroes",  # its plural: the same stem
    "card",
    "press*",  # a prefix: several stems
    "swap* card",
    "draw card",  # two words: the bound of both, or a read
    "hero card",
    "hero -card",  # an excluded word
    "face -down",
    '"face down"',  # a phrase: a read
    "тревога",
    "звёздн*",
    "can I substitute twice",  # relaxed: any of the words
    "scrambler substitution",
    "zqxjv",  # nothing
]


@pytest.mark.parametrize("text", QUERIES)
@pytest.mark.parametrize(
    "filters", [{}, {"game": "bo-jackson-battle-arena"}, {"kind": "card"}, {"kind": "rule"}]
)
def test_the_counts_are_those_a_read_of_the_index_gives(text: str, filters: dict[str, Any]) -> None:
    results = search.search(text, **filters)
    read = _index_counts(results)
    assert results.counts() == read
    bounds = results.bounds()
    for kind, n in read.items():  # the least and most bracket the count
        low, high = bounds[kind]
        assert high >= n and (low <= n or n > search.COUNT_CAP), (kind, low, n, high)
    assert results.count() == sum(min(n, search.COUNT_CAP) for n in read.values())


def _text_table_in_step() -> bool:
    """SQLite: the kinds other than cards are in their ranking table as in the main one."""
    if connection.vendor != "sqlite":
        return True
    columns = "rowid, title, body, meta, scope"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {columns} FROM {search.TABLE} WHERE kind <> 'card'")
        main = set(cursor.fetchall())
        cursor.execute(f"SELECT {columns} FROM {search.TEXT_TABLE}")
        text = set(cursor.fetchall())
    return bool(main) and main == text


def test_the_frequencies_are_the_documents_after_a_load_and_after_admin_edits() -> None:
    assert _stored_frequencies() == _reference_frequencies()
    assert _text_table_in_step()
    card = m.Card.objects.get(game__slug="star-realms-high-alert", slug="warrior-pod")
    card.name = "Warrior Pod Qwzx"
    card.save()
    faction = m.Faction.objects.get(game=card.game, slug="blob")
    faction.name = "Gloop"
    faction.save()
    card.factions.remove(faction)
    m.Card.objects.filter(game__slug="bo-jackson-battle-arena").first().delete()
    section = m.RuleSection.objects.filter(game__slug="higher-lower").first()
    m.Rule.objects.create(
        game=section.game, section=section, number="98.1", key="higher-lower:98.1", text="Plink."
    )
    section.title = "Vrrpt"
    section.save()
    m.GlossaryTerm.objects.filter(game__slug="super-hazard-quest").first().delete()
    m.Game.objects.get(slug="higher-lower").delete()
    assert _stored_frequencies() == _reference_frequencies()
    assert _text_table_in_step()
    assert search.search("qwzx").counts() == {"card": 1}
    assert search.search("plink", correct=False).counts() == {}  # its game is gone


def test_the_frequencies_follow_a_bulk_edit_and_the_load_that_undoes_it() -> None:
    rule = m.Rule.objects.get(key="hyperstar-run:1.1")
    m.Rule.objects.filter(pk=rule.pk).update(text="Blorft.")  # no signal, like a bulk edit
    search.index_object(m.Rule.objects.get(pk=rule.pk))
    assert search.search("blorft").counts() == {"rule": 1}
    fixtures_load([django_settings.FIXTURES_DIR / "hyperstar-run"])
    assert search.search("blorft", correct=False).counts() == {}
    assert _stored_frequencies() == _reference_frequencies()
    assert _text_table_in_step()


def test_a_word_on_most_cards_is_over_the_cap_without_a_read_of_the_index() -> None:
    search.search("scrap").counts()  # the frequencies table is read once per version
    results = search.search("hero")
    with CaptureQueriesContext(connection) as reads:
        counts = results.counts()
    assert counts["card"] == search.COUNT_CAP + 1
    assert "card" in results.capped() and not results.ranked()
    assert not _index_reads([q["sql"] for q in reads.captured_queries])
    # the words' rows come from the frequencies held in memory: at most the data version is
    # read (every DATA_VERSION_SECONDS), not the table
    assert not [q for q in reads.captured_queries if search.FREQUENCIES_TABLE in q["sql"]]
    assert len(reads.captured_queries) <= 1


def test_the_api_and_the_page_say_a_capped_count_is_more_than_a_thousand() -> None:
    client = Client()
    body = client.get("/api/v1/search", {"q": "hero"}).json()
    assert body["counts"]["card"] == search.COUNT_CAP  # counted up to the cap
    assert "card" in body["capped"] and body["ranked"] is False
    page = client.get("/search/", {"q": "hero"}).content.decode()
    assert "1,000+" in page
    assert "About " in page and body["estimated"] > search.COUNT_CAP


def _candidates(holding: list[int], per: int) -> list[int]:
    """The candidates a plain-Python reading of the documents predicts: the first, in row
    order, of those holding the words among the sparsest sample expected to hold twice as many
    as are ranked (`CANDIDATES`)."""
    want = max(per, search.CANDIDATES)
    size = next(n for n in search.SAMPLES if len(holding) >= 2 * want * n)
    return [r for r in holding if (r // search.KIND_SLOTS) % size == 0][:want]


def test_a_word_on_most_cards_ranks_the_cards_of_a_bounded_sample() -> None:
    """The cards listed are the best, by the re-ranking's rule, of the first cards holding the
    word in a sample of them (predicted from the documents); both databases list those."""
    results = search.search("hero")
    holding = sorted(
        doc.rowid
        for doc in search._DocumentBuilder(m.Game.objects.all()).documents()
        if doc.kind == "card" and "hero" in search._stems_of(doc.title, doc.body, doc.meta)
    )
    candidates = _candidates(holding, search.WINDOW)
    with CaptureQueriesContext(connection) as reads:
        shown = [h for h in results.window() if h.kind == "card"]
    assert len(shown) == search.WINDOW and {h.rowid for h in shown} <= set(candidates)
    every = sorted(results._hits_for(dict.fromkeys(candidates, 0)), key=lambda h: h.rowid)
    best = search._rerank(search.with_text_scores(every, results.query), results.query)
    assert {h.rowid for h in shown} == {h.rowid for h in best[: search.WINDOW]}
    # the ranked read of the kinds with few matches, and the sample's read of the cards
    assert len(_index_reads([q["sql"] for q in reads.captured_queries])) == 2


def test_about_how_many_a_broad_word_matches_is_its_count_to_two_figures() -> None:
    n = sum(
        1
        for doc in search._DocumentBuilder(m.Game.objects.all()).documents()
        if "hero" in search._stems_of(doc.title, doc.body, doc.meta)
    )
    assert n > search.COUNT_CAP
    assert search.search("hero").estimate() == round(n, 2 - len(str(n)))


def test_a_rule_about_a_word_on_most_cards_ranks_above_the_cards_listed() -> None:
    kinds = [h.kind for h in search.search("hero").window()]
    assert "card" in kinds  # listed, after the rules, terms and clarifications that rank
    assert kinds[0] in {"rule", "term", "clarification"}
    assert "card" not in kinds[:3]


def test_one_kind_of_a_word_on_most_cards_is_paged_without_repeats() -> None:
    """The cards' own page: its first page from the sample (or from every match when the
    sample would hold too few), the next page the following cards, none twice."""
    results = search.search("hero", kind="card")
    holding = sorted(
        doc.rowid
        for doc in search._DocumentBuilder(m.Game.objects.all()).documents()
        if doc.kind == "card" and "hero" in search._stems_of(doc.title, doc.body, doc.meta)
    )
    per = search.WINDOW_ONE_KIND
    first = [h.rowid for h in results.fetch(0, per)]
    assert len(first) == per and set(first) <= set(_candidates(holding, per))
    second = [h.rowid for h in results.fetch(per, per)]
    assert len(second) == per and not set(first) & set(second)
    assert set(second) <= set(holding)
