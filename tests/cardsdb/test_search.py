"""Search over the real data, the same tests on SQLite (FTS5) and PostgreSQL (tsvector + GIN).

Both backends must find exactly what a plain-Python reading of the same documents finds
(`reference_keys`), so they agree with each other; the ranking tests pin the best hit for
queries whose answer a reader would expect.
"""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsdb import data_version, search
from cardsdb import models as m
from cardsdb.loaders import fixtures_load
from tests.fuzz_size import examples

pytestmark = pytest.mark.django_db


# -- a reference reading of the index, in Python --------------------------------------------------


def _documents() -> list[search.Document]:
    return list(search._DocumentBuilder(m.Game.objects.all()).documents())


@functools.cache
def _stemmed(version: str) -> list[tuple[int, str, str, list[list[str]]]]:
    """Each document of the data of `version` (its game, kind and key) with the stems of its
    title, body and meta: read once for every query of the reference reading."""
    return [
        (
            doc.game_id,
            doc.kind,
            doc.key,
            [search.stems(doc.title), search.stems(doc.body), search.stems(doc.meta)],
        )
        for doc in _documents()
    ]


def _field_matches(words: list[str], term: search.Term) -> bool:
    """Whether a field's stems hold any of the term's forms (the last stem a prefix when the
    term is one)."""
    for k, form in enumerate(term.alternatives):
        prefix = term.prefix and k == 0
        n = len(form)
        for i in range(len(words) - n + 1):
            head, last = words[i : i + n - 1], words[i + n - 1]
            tail_ok = last.startswith(form[-1]) if prefix else last == form[-1]
            if head == list(form[:-1]) and tail_ok:
                return True
    return False


def reference_keys(text: str) -> set[tuple[str, str]]:
    """What a plain-Python reading of every document finds for the prepared query (all its
    words; the databases' relaxed reading is tested on its own), in the game the query named."""
    typed = search.parse_search(text)
    named = search.named_game(typed)
    game_id = named[0] if named else None
    query = search.prepare(named[1] if named else typed, game_id)
    found = set()
    for game, kind, key, fields in _stemmed(data_version.data_fingerprint()):
        if game_id is not None and game != game_id:
            continue

        def has(term: search.Term, fields: list[list[str]] = fields) -> bool:
            return any(_field_matches(words, term) for words in fields)

        if all(has(t) for t in query.positive) and not any(has(t) for t in query.negative):
            found.add((kind, key))
    return found


def found_keys(text: str, **filters: Any) -> set[tuple[str, str]]:
    results = search.search(text, **filters)
    return {(h.kind, h.key) for h in results.fetch(0, results.count() + 1)}


def top(text: str, kind: str | None = None) -> str:
    hits = search.search(text, kind=kind)[0:1]
    assert hits, f"nothing found for {text!r}"
    return hits[0].key


# -- folding: one definition of a word for the index, the query and the marks ---------------------


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Звёздные", "звездные"),
        ("ЗВЁЗДНЫЕ", "звездные"),
        ("Боевая тревога", "боевая тревога"),
        ("Crème Brûlée", "creme brulee"),
        ("Йога и йод", "йога и йод"),  # й is a letter, not an accent
        ("PRESS", "press"),
    ],
)
def test_folding_drops_case_and_accents_and_reads_yo_as_ye(text: str, folded: str) -> None:
    assert search.fold(text) == folded


def test_tokens_split_on_hyphens_and_punctuation() -> None:
    assert search.tokens("face-down, 5.3 (Scrambler's)") == [
        "face",
        "down",
        "5",
        "3",
        "scrambler",
        "s",
    ]


# -- both backends find exactly what the reference finds ------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Scrambler",  # one word
        "scrambler",  # any case
        "SCRAMBLER",
        "face down",  # several words, any order
        '"face down"',  # a phrase
        '"down face"',  # the phrase the other way round is another phrase
        "face-down",  # a hyphenated word is the phrase of its parts
        "press*",  # a prefix
        "press",
        "swap* card",
        "face -down",  # an excluded word
        "тревога",  # Cyrillic
        "Звездные",  # е for ё
        "ЗВЁЗДНЫЕ",
        "звёздн*",  # a Cyrillic prefix
        "персонаж",
        "Звёздная империя",
        "merged faction",
        "draw a card",
        "ally",
        "stage number",
    ],
)
def test_search_finds_exactly_what_the_reference_reading_finds(text: str) -> None:
    expected = reference_keys(text)
    assert expected, f"the real data should hold {text!r}"
    assert found_keys(text) == expected


def test_a_phrase_finds_fewer_entries_than_its_words() -> None:
    phrase, words = found_keys('"face down"'), found_keys("face down")
    assert phrase < words
    assert found_keys('"down face"') != phrase


def test_a_word_finds_its_other_forms_and_a_prefix_finds_longer_words() -> None:
    exact, prefix = found_keys("press"), found_keys("press*")
    assert ("clarification", "hyperstar-run:swapped-card-takes-the-pressed-state") in exact
    assert exact < prefix  # press* also finds "pressure"
    assert ("card", "bo-jackson-battle-arena:cold-pressure-u-bpl-9") in prefix - exact


def test_case_accents_and_yo_do_not_change_the_results() -> None:
    assert found_keys("звездные") == found_keys("ЗВЁЗДНЫЕ") == found_keys("Звёздные")
    assert found_keys("préss") == found_keys("PRESS") == found_keys("press")


def test_an_excluded_word_removes_the_entries_that_hold_it() -> None:
    with_down = found_keys("face down")
    without = found_keys("face -down")
    assert without and not (without & with_down)
    assert found_keys("face") == without | with_down


def test_kind_and_game_narrow_the_results() -> None:
    rules = found_keys("face", kind="rule")
    assert rules and all(kind == "rule" for kind, _ in rules)
    hyperstar = found_keys("face", game="hyperstar-run")
    assert hyperstar and all(key.startswith("hyperstar-run") for _, key in hyperstar)
    assert search.search("face", kind="rule").count() == search.search("face").counts()["rule"]


# A word in most cards: counted without a read of the index and listed from a sample, in
# tests/cardsdb/test_search_frequencies.py.


# -- ranking: the same best hit on both databases -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "best"),
    [
        ("warrior pod", None, "star-realms-high-alert:warrior-pod"),
        ("тревога", None, "star-realms-high-alert"),
        ("Звездные", None, "star-realms-high-alert"),
        ("персонаж", None, "star-realms-high-alert:hero"),  # the term; its alias is персонаж
        ('"face down"', None, "hyperstar-run:face-down"),
        ("swap*", None, "hyperstar-run:swap"),
        ("outpost", None, "star-realms-high-alert:outpost"),
        ("Scrambler", "term", "super-hazard-quest:scrambler"),
        ("stage number", "term", "super-hazard-quest:stage-number"),
        ("checkpoint", "term", "super-hazard-quest:checkpoint"),
        ("merged", "rule", "star-realms-high-alert:6.1"),
    ],
)
def test_the_best_hit_is_the_one_a_reader_expects(text: str, kind: str | None, best: str) -> None:
    assert top(text, kind) == best


def test_title_matches_rank_above_text_matches() -> None:
    hits = search.search("warrior pod")[0:5]
    assert hits[0].kind == "card" and hits[0].title == "Warrior Pod"
    assert all(h.title != "Warrior Pod" for h in hits[1:])


# -- snippets, marks and permalinks ---------------------------------------------------------------


def test_matched_words_are_marked_in_the_title_and_snippet() -> None:
    hit = search.search('"face down"', kind="term")[0:1][0]
    assert "<mark>face</mark>-<mark>down</mark>" in hit.title_html
    assert "<mark>" in hit.snippet
    assert len(re.sub("<[^>]+>", "", hit.snippet)) < 400


def test_a_prefix_marks_every_word_it_starts() -> None:
    hit = search.search("press*", kind="term")[0:1][0]
    assert "<mark>pressed</mark>" in hit.title_html
    assert "<mark>press</mark>" in hit.title_html


def test_marks_follow_folding_cyrillic_and_yo() -> None:
    hit = search.search("Звездные")[0:1][0]
    assert "<mark>Звёздные</mark>" in hit.title_html


def test_user_text_is_escaped_and_only_marks_are_html() -> None:
    section = m.RuleSection.objects.filter(game__slug="hyperstar-run").first()
    rule = m.Rule.objects.create(
        game=section.game,
        section=section,
        number="99.1",
        key="hyperstar-run:99.1",
        text="<script>alert('x')</script> Beware the zqxjk & <b>bold</b> claims.",
        source="test",
    )
    hit = search.search("zqxjk")[0:1][0]
    assert hit.key == rule.key
    assert "<script>" not in hit.snippet and "<b>" not in hit.snippet
    assert "&lt;script&gt;" in hit.snippet and "&amp;" in hit.snippet
    assert "<mark>zqxjk</mark>" in hit.snippet
    page = Client().get("/search/", {"q": "zqxjk <script>"}).content.decode()
    assert "<script>alert" not in page
    assert "&lt;script&gt;" in page


@pytest.mark.parametrize(
    ("text", "kind", "url"),
    [
        ("Scrambler", "rule", r"^/games/super-hazard-quest/rules/#\d+(\.\d+)+$"),
        ("warrior pod", "card", r"^/games/star-realms-high-alert/cards/warrior-pod/$"),
        ("Scrambler", "clarification", r"^/games/super-hazard-quest/clarifications/#[a-z0-9-]+$"),
        ("Scrambler", "term", r"^/games/super-hazard-quest/glossary/#term-scrambler$"),
        ("тревога", "game", r"^/games/star-realms-high-alert/$"),
    ],
)
def test_each_hit_links_to_its_permalink(text: str, kind: str, url: str) -> None:
    hit = search.search(text, kind=kind)[0:1][0]
    assert re.match(url, hit.url), hit.url
    page = Client().get(hit.url.split("#")[0])
    assert page.status_code == 200
    anchor = hit.url.partition("#")[2]
    if anchor:
        assert f'id="{anchor}"' in page.content.decode()


# -- spelling: a misspelt word is corrected to a word the index holds -----------------------------


@pytest.mark.parametrize(
    ("typo", "fixed"),
    [
        ("presss", "press"),
        ("scrambelr", "scrambler"),  # two letters swapped: one edit
        ("тревгоа", "тревога"),
        ("hihger", "higher"),
        ("subsitution", "substitution"),
    ],
)
def test_a_misspelt_word_is_corrected_and_the_original_can_still_be_asked(
    typo: str, fixed: str
) -> None:
    results = search.search(typo)
    assert results.query.corrections == ((typo, fixed),)
    assert results.query.corrected_text == fixed
    assert results.count() > 0
    as_typed = search.search(typo, correct=False)
    assert as_typed.count() == 0 and not as_typed.query.corrections
    assert fixed in search.suggest(as_typed.query)


def test_a_correction_prefers_the_current_games_words() -> None:
    # "trun" is one edit from "turn" (every game's word) and from "run" (Hyperstar Run's)
    assert search.nearest_words("trun", None, 1) == ["turn"]
    hyperstar = m.Game.objects.get(slug="hyperstar-run").pk
    assert search.nearest_words("trun", hyperstar, 1) == ["run"]
    assert search.search("trun", game="hyperstar-run").query.corrections == (("trun", "run"),)
    assert search.search("trun").query.corrections == (("trun", "turn"),)


def test_a_word_the_index_holds_is_never_corrected() -> None:
    for word in ("press", "allies", "comboes", "Scrambler", "тревога"):
        assert search.search(word).query.corrections == ()


def test_the_page_shows_the_correction_and_offers_the_words_as_typed() -> None:
    page = Client().get("/search/", {"q": "presss"}).content.decode()
    assert "Showing results for <strong>press</strong>" in page
    assert "Search instead for" in page and "exact=1" in page
    as_typed = Client().get("/search/", {"q": "presss", "exact": "1"}).content.decode()
    assert "No results for" in as_typed
    assert "Did you mean" in as_typed and "?q=press&amp;game=all" in as_typed


# -- the website ----------------------------------------------------------------------------------


def test_the_page_groups_results_by_kind_with_links_to_more() -> None:
    response = Client().get("/search/", {"q": "face"})
    assert response.status_code == 200
    page = response.content.decode()
    for kind in ("rule", "term", "clarification", "card"):
        assert f'id="kind-{kind}"' in page
    assert "kind=rule" in page  # more rules than fit in the group
    assert page.count('class="hit hit-rule"') == 5


def test_one_kind_is_paged() -> None:
    client = Client()
    first = client.get("/search/", {"q": "face", "kind": "rule"}).content.decode()
    second = client.get("/search/", {"q": "face", "kind": "rule", "page": 2}).content.decode()
    assert "page 1 of" in first and "page 2 of" in second
    assert first.count('class="hit hit-rule"') == 20


def test_the_search_box_keeps_the_query() -> None:
    page = Client().get("/search/", {"q": "тревога"}).content.decode()
    assert 'value="тревога"' in page


def test_a_card_query_in_the_search_box_lists_cards() -> None:
    page = Client().get("/search/", {"q": "faction:blob cost<=4"}).content.decode()
    assert "Card query:" in page
    assert "/games/star-realms-high-alert/cards/warrior-pod/" in page


def test_an_unreadable_card_query_in_the_search_box_is_a_400_pointing_at_the_token() -> None:
    response = Client().get("/search/", {"q": "faction:blob cost<="})
    assert response.status_code == 400
    page = response.content.decode()
    assert "needs a value" in page
    assert "faction:blob <mark>cost&lt;=</mark>" in page


def test_the_syntax_page_documents_every_field_and_runs_every_example() -> None:
    from cardsdb.card_query import EXAMPLES, FIELDS

    page = Client().get("/search/syntax/").content.decode()
    for field in FIELDS:
        assert f'id="field-{field.name}"' in page
    client = Client()
    for example, _ in EXAMPLES:
        response = client.get("/search/", {"q": example})
        assert response.status_code == 200, example
        assert "Card query:" in response.content.decode(), example


# -- the API --------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/api/v1/search", "/api/v1/search/"])
def test_api_search_is_paginated_with_snippets_and_counts(api: Any, path: str) -> None:
    body = api.get(path, {"q": "face", "page_size": 3}).json()
    assert body["count"] == sum(body["counts"].values()) > 3
    assert len(body["results"]) == 3
    assert body["next"] and body["previous"] is None
    hit = body["results"][0]
    assert set(hit) == {"kind", "key", "title", "title_html", "snippet", "url", "game", "game_name"}
    assert "<mark>" in hit["title_html"] + hit["snippet"]
    assert body["suggestions"] == [] and body["corrections"] == [] and body["relaxed"] is False


def test_api_search_pages_do_not_overlap(api: Any) -> None:
    first = api.get("/api/v1/search", {"q": "face", "page_size": 10}).json()["results"]
    second = api.get("/api/v1/search", {"q": "face", "page_size": 10, "page": 2}).json()
    keys = {h["key"] for h in first}
    assert not keys & {h["key"] for h in second["results"]}


def test_api_search_corrects_a_misspelt_word_and_exact_turns_that_off(api: Any) -> None:
    body = api.get("/api/v1/search", {"q": "presss"}).json()
    assert body["corrections"] == [{"typed": "presss", "corrected": "press"}]
    assert body["searched_for"] == "press" and body["count"] > 0
    body = api.get("/api/v1/search", {"q": "presss", "exact": "1"}).json()
    assert body["count"] == 0 and "press" in body["suggestions"] and body["corrections"] == []


def _error(response: Any, field: str) -> dict[str, Any]:
    assert response.status_code == 400, response.content
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"}
    assert error["details"][0]["field"] == field
    return error


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"q": ""}, "q"),
        ({"q": "   "}, "q"),
        ({"q": "x" * 501}, "q"),
        ({"q": " ".join(["word"] * 30)}, "q"),
        ({"q": "face", "kind": "planet"}, "kind"),
        ({"q": "face", "game": "no such\x00game"}, "game"),
        ({"q": "face", "exact": "yes"}, "exact"),
    ],
)
def test_api_search_refuses_what_it_cannot_run_with_a_400(
    api: Any, params: dict[str, str], field: str
) -> None:
    _error(api.get("/api/v1/search", params), field)


def test_a_too_long_query_names_the_position_where_reading_stops(api: Any) -> None:
    error = _error(api.get("/api/v1/search", {"q": "x" * 501}), "q")
    assert error["details"][0]["position"] == search.MAX_QUERY_LENGTH


def test_both_endpoints_are_in_the_openapi_schema(api: Any) -> None:
    schema = api.get("/api/v1/schema/", {"format": "json"}).json()
    assert "/api/v1/search" in schema["paths"]
    names = {p["name"] for p in schema["paths"]["/api/v1/search"]["get"]["parameters"]}
    assert {"q", "kind", "game", "exact", "page", "page_size"} <= names
    card_params = {p["name"] for p in schema["paths"]["/api/v1/cards/"]["get"]["parameters"]}
    assert "q" in card_params


# -- hostile input: a quick 400 or an answer, never a 500 -----------------------------------------

HOSTILE = [
    '"',
    '"""',
    'a "b',
    "*",
    "-",
    "--",
    "- -a",
    "-*",
    "***a",
    "a*b*",
    "NOT",
    "AND OR NEAR",
    "a OR b",
    "title:x",
    "{title body}: x",
    "^x",
    "x'); DROP TABLE cardsdb_card; --",
    "' OR 1=1 --",
    "%",
    "_",
    "\\",
    "\x00",
    "a\x00b",
    "😀 ☃",
    "(((((((((",
    ")",
    "'x':*A",
    "!x & y | z <-> w",
    "x" * 500,
    "ab " * 166,
    ("(" * 200) + "x",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_search_strings_get_an_answer_or_a_400_in_a_few_queries(
    api: Any, django_assert_max_num_queries: Any, text: str
) -> None:
    # Work, not time: the API answer and the page together, in a bounded number of queries
    with django_assert_max_num_queries(24):
        response = api.get("/api/v1/search", {"q": text})
        assert response.status_code in (200, 400), response.content
        page = Client().get("/search/", {"q": text})
        assert page.status_code in (200, 400)


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.text(alphabet=st.sampled_from(list("ab zé\"*-()'&|!:<>^{}\\%_ЁёЖ0.\x00")), max_size=60))
def test_any_text_is_a_query_or_a_search_query_error(text: str) -> None:
    try:
        results = search.search(text)
    except search.SearchQueryError:
        return
    results.counts()
    results.fetch(0, 3)


# -- the index stays in step with the data --------------------------------------------------------


def test_the_index_holds_every_rule_card_clarification_term_and_game() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT kind, count(*) FROM {search.TABLE} GROUP BY kind")
        indexed = dict(cursor.fetchall())
    from games import registry

    for kind in search.KINDS:
        if kind.model is None:  # the games' dispute questions
            expected = sum(len(registry[g.slug].questions) for g in m.Game.objects.all())
        else:
            expected = kind.model.objects.count()
        assert indexed.get(kind.slug, 0) == expected, kind.slug


def test_saving_and_deleting_in_the_admin_updates_the_index() -> None:
    card = m.Card.objects.get(game__slug="star-realms-high-alert", slug="warrior-pod")
    card.name = "Warrior Pod Qwzx"
    card.save()
    assert found_keys("qwzx") == {("card", "star-realms-high-alert:warrior-pod")}
    card.delete()
    assert found_keys("qwzx") == set()
    assert ("card", "star-realms-high-alert:warrior-pod") not in found_keys("warrior")


def test_adding_a_rule_indexes_it_and_renaming_its_section_reindexes_it() -> None:
    section = m.RuleSection.objects.filter(game__slug="higher-lower").first()
    m.Rule.objects.create(
        game=section.game, section=section, number="98.1", key="higher-lower:98.1", text="Plink."
    )
    assert found_keys("plink") == {("rule", "higher-lower:98.1")}
    section.title = "Vrrpt"
    section.save()
    assert ("rule", "higher-lower:98.1") in found_keys("vrrpt")


def test_changing_a_cards_factions_or_renaming_a_faction_updates_its_card() -> None:
    card = m.Card.objects.get(game__slug="star-realms-high-alert", slug="warrior-pod")
    faction = m.Faction.objects.get(game=card.game, slug="blob")
    faction.name = "Gloop"
    faction.save()
    assert ("card", "star-realms-high-alert:warrior-pod") in found_keys("gloop")
    card.factions.remove(faction)
    assert ("card", "star-realms-high-alert:warrior-pod") not in found_keys("gloop")


def test_deleting_a_game_empties_its_part_of_the_index() -> None:
    m.Game.objects.get(slug="higher-lower").delete()
    assert search.index_count("higher-lower") == 0
    assert search.index_count() > 0


def test_loading_the_fixtures_rebuilds_the_index_of_what_it_changed() -> None:
    rule = m.Rule.objects.get(key="hyperstar-run:1.1")
    m.Rule.objects.filter(pk=rule.pk).update(text="Blorft.")  # no signal, like a bulk edit
    search.index_object(m.Rule.objects.get(pk=rule.pk))
    assert found_keys("blorft")
    report = fixtures_load([django_settings.FIXTURES_DIR / "hyperstar-run"])
    assert report.changed
    assert not found_keys("blorft")
    assert found_keys("scrambler")  # the other games' entries are kept


def test_the_loader_hook_rebuilds_a_game_missing_from_the_index_only() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {search.TABLE} WHERE game_slug = %s", ["higher-lower"])
    search.index_after_load(["higher-lower"], changed=False)
    assert search.index_count("higher-lower") > 0
    rule = m.Rule.objects.get(key="hyperstar-run:1.1")
    search.index_remove("rule", [rule.pk])
    search.index_after_load(["hyperstar-run"], changed=False)  # present and unchanged: kept
    assert ("rule", rule.key) not in found_keys(rule.text.split()[0])
