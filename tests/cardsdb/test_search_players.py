"""Search finds what players type, the same on SQLite (FTS5) and PostgreSQL (tsvector + GIN):
word forms, Russian, players' words, question words, partial matches, dispute questions,
ranking of rules above cards, and the scope of a game."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from cardsdb import models as m
from cardsdb import search
from cardsdb.fixtures_format import FixtureError, read_game_folder

pytestmark = pytest.mark.django_db


def keys(text: str, n: int = 3, **filters: Any) -> list[str]:
    return [h.key for h in search.search(text, **filters).fetch(0, n)]


# -- word forms -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "form"),
    [
        ("allies", "ally"),
        ("substituting", "substitute"),
        ("pressed", "press"),
        ("wounded", "wound"),
        ("comboes", "combo"),
        ("Персонажи", "персонаж"),
        ("тревоги", "тревога"),
    ],
)
def test_a_word_and_its_other_form_have_one_stem(word: str, form: str) -> None:
    assert search.stems(word) == search.stems(form)


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("allies", "star-realms-high-alert:ally-ability"),
        ("substituting", "bo-jackson-battle-arena:substitution"),
        ("pressed", "hyperstar-run:press"),
        ("wounded", "super-hazard-quest:wound"),
        ("Персонажи", "star-realms-high-alert:3.1"),
    ],
)
def test_another_form_of_the_word_finds_the_entry(typed: str, answer: str) -> None:
    assert answer in keys(typed, 10)


def test_a_russian_word_in_another_case_finds_the_game() -> None:
    assert keys("Боевой тревоги", 1) == ["star-realms-high-alert"]


def test_the_mini_expansion_marks_are_searchable() -> None:
    top = keys("Т", 5, game="star-realms-high-alert")
    assert "star-realms-high-alert:4.1" in top or "star-realms-high-alert" in top
    assert "star-realms-high-alert:2.2" in keys("В П Р Т", 3)


# -- players' words -------------------------------------------------------------------------------


def test_the_synonym_lists_are_loaded_from_the_fixtures() -> None:
    hazard = m.Synonym.objects.filter(game__slug="super-hazard-quest")
    assert hazard.get(words="turn back").means == ["backtrack"]
    assert hazard.get(words="miniboss").means == ["mini-boss"]
    assert m.Synonym.objects.get(game__slug="bo-jackson-battle-arena", words="honours")


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("miniboss", "super-hazard-quest:mini-boss"),
        ("turn back", "super-hazard-quest:no-backtracking"),
        ("honours", "bo-jackson-battle-arena:honors"),
        ("discount", "star-realms-high-alert:requisition-discount"),
        ("color of the scrambler", "super-hazard-quest:2.7"),
        ("техника", "star-realms-high-alert:tech"),
    ],
)
def test_a_players_word_finds_what_the_rulebook_calls_it(typed: str, answer: str) -> None:
    assert answer in keys(typed, 3)


def test_a_synonym_applies_in_its_own_game_only_when_the_search_is_scoped() -> None:
    assert search.search("honours", game="hyperstar-run").count() == 0
    assert search.search("honours", game="bo-jackson-battle-arena").count() > 0


def test_a_synonyms_file_is_validated_like_the_other_fixtures(tmp_path: Path) -> None:
    folder = tmp_path / "super-hazard-quest"
    shutil.copytree(Path(settings.FIXTURES_DIR) / "super-hazard-quest", folder)
    assert read_game_folder(folder).synonyms.synonyms
    (folder / "synonyms.toml").write_text('[[synonyms]]\nwords = "x"\nmeans = []\n')
    with pytest.raises(FixtureError, match=r"synonyms\.toml"):
        read_game_folder(folder)
    (folder / "synonyms.toml").write_text(
        '[[synonyms]]\nwords = "a"\nmeans = ["b"]\n[[synonyms]]\nwords = "A"\nmeans = ["c"]\n'
    )
    with pytest.raises(FixtureError, match="appears twice"):
        read_game_folder(folder)


def test_editing_a_synonym_in_the_admin_changes_the_search_at_once() -> None:
    game = m.Game.objects.get(slug="super-hazard-quest")
    assert search.search("zorbax", correct=False).count() == 0
    m.Synonym.objects.create(game=game, words="zorbax", means=["scrambler"])
    assert "super-hazard-quest:scrambler" in keys("zorbax", 3)


# -- questions ------------------------------------------------------------------------------------


def test_question_words_and_stop_words_are_left_out() -> None:
    query = search.search("can I substitute twice").query
    assert {"can", "i"} <= set(query.dropped)
    assert [t.text for t in query.positive] == ["substitute", "twice"]
    assert query.question


def test_the_pronouns_players_type_short_are_left_out() -> None:
    query = search.search("how do u win hyperstar").query
    assert "u" in query.dropped
    assert [t.text for t in query.positive] == ["win"]


def test_a_deck_that_ran_out_is_an_empty_deck() -> None:
    hits = search.search("deck ran out what now").fetch(0, 3)
    assert "higher-lower:empty-deck-pass" in [h.key for h in hits]


def test_a_players_phrase_is_read_with_any_determiner() -> None:
    # "use a play" is Battle Arena's "run a Play"; "use my plays" is the same phrase
    hits = search.search("when do i use my plays").fetch(0, 3)
    assert {h.game for h in hits} == {"bo-jackson-battle-arena"}
    assert "bo-jackson-battle-arena:run-a-play" in [h.key for h in hits]


def test_a_word_of_a_glossary_term_is_kept_even_when_it_is_a_stop_word() -> None:
    query = search.search("face down").query
    assert [t.text for t in query.positive] == ["face", "down"]


def test_when_no_entry_holds_every_word_the_ones_holding_most_come_first() -> None:
    results = search.search("scrambler substitution")  # no entry holds both
    assert results.relaxed and results.count() > 0
    hits = results.fetch(0, 10)
    assert {h.game for h in hits} >= {"super-hazard-quest", "bo-jackson-battle-arena"}
    matched = [h.matched for h in hits]
    assert matched == sorted(matched, reverse=True)


def test_entries_holding_every_word_rank_above_those_holding_some() -> None:
    results = search.search("how many runs do I get")
    hits = results.fetch(0, 20)
    matched = [h.matched for h in hits]
    assert matched == sorted(matched, reverse=True)


@pytest.mark.parametrize(
    ("typed", "question"),
    [
        ("can I substitute twice", "bo-jackson-battle-arena:can-i-substitute"),
        # a tied battle goes to Sudden Death: that is the form that settles it
        ("who wins a tie", "bo-jackson-battle-arena:who-wins-sudden-death"),
        ("can I press this card", "hyperstar-run:can-i-press"),
        ("is my ally ability live", "star-realms-high-alert:ally-live"),
    ],
)
def test_a_search_that_reads_like_a_question_offers_the_form_that_settles_it(
    typed: str, question: str
) -> None:
    offered = [h.key for h in search.search(typed).questions()]
    assert question in offered
    hit = next(h for h in search.search(typed).questions() if h.key == question)
    assert hit.url.startswith(f"/games/{question.split(':')[0]}/disputes/#q-")
    page = Client().get(hit.url.split("#")[0]).content.decode()
    assert f'id="{hit.url.partition("#")[2]}"' in page


def test_the_search_page_shows_the_form_above_the_rules() -> None:
    page = Client().get("/search/", {"q": "can I substitute twice"}).content.decode()
    settle = page.index("Settle it with a question")
    assert settle < page.index('id="kind-rule"')
    assert 'href="/games/bo-jackson-battle-arena/disputes/#q-can-i-substitute"' in page
    assert "Common words left out: can, i" in page


# -- ranking --------------------------------------------------------------------------------------


def test_the_rule_that_answers_ranks_above_cards_that_merely_hold_the_word() -> None:
    hits = search.search("substitute").fetch(0, 5)
    assert hits[0].kind != "card"
    assert hits[0].game == "bo-jackson-battle-arena"
    first_card = next((i for i, h in enumerate(hits) if h.kind == "card"), len(hits))
    assert all(h.kind in {"rule", "term", "clarification", "question"} for h in hits[:first_card])


def test_a_cards_name_ranks_it_first() -> None:
    assert keys("warrior pod", 1) == ["star-realms-high-alert:warrior-pod"]
    assert keys("Tanker Mech", 1) == ["star-realms-high-alert:tanker-mech"]


# -- scope ----------------------------------------------------------------------------------------


def test_a_search_from_a_games_page_looks_in_that_game() -> None:
    client = Client()
    page = client.get(
        "/search/",
        {"q": "hero"},
        headers={"referer": "http://testserver/games/hyperstar-run/rules/"},
    ).content.decode()
    assert "Searching <strong>Hyperstar Run</strong> only" in page
    assert "/games/super-hazard-quest/" not in page
    assert "game=all" in page
    everywhere = client.get(
        "/search/",
        {"q": "hero", "game": "all"},
        headers={"referer": "http://testserver/games/hyperstar-run/rules/"},
    ).content.decode()
    assert "Searching <strong>" not in everywhere
    assert "/games/super-hazard-quest/" in everywhere


def test_a_search_scoped_by_the_page_it_came_from_is_never_a_shared_cached_answer(
    settings: Any,
) -> None:
    settings.RESPONSE_CACHE_SECONDS = 60
    client = Client()
    from_hyperstar = client.get(
        "/search/", {"q": "hero"}, headers={"referer": "http://testserver/games/hyperstar-run/"}
    )
    assert from_hyperstar["Cache-Control"] == "private"
    plain = client.get("/search/", {"q": "hero"})  # the same address, from nowhere
    assert "Searching <strong>" not in plain.content.decode()
    assert "/games/super-hazard-quest/" in plain.content.decode()


def test_the_game_filter_lists_every_game_and_keeps_the_choice() -> None:
    page = Client().get("/search/", {"q": "hero", "game": "super-hazard-quest"}).content.decode()
    assert '<option value="super-hazard-quest" selected>' in page
    for game in m.Game.objects.all():
        assert f'<option value="{game.slug}"' in page
    assert "/games/hyperstar-run/" not in page.split("</form>", 2)[-1]


def test_api_game_scope_and_relaxed_flag(api: Any) -> None:
    body = api.get("/api/v1/search", {"q": "hero", "game": "hyperstar-run"}).json()
    assert body["count"] > 0 and {h["game"] for h in body["results"]} == {"hyperstar-run"}
    body = api.get("/api/v1/search", {"q": "scrambler substitution"}).json()
    assert body["relaxed"] is True and body["count"] > 0
    body = api.get("/api/v1/search", {"q": "can I substitute twice"}).json()
    assert body["dropped"] == ["can", "i"]
    assert any(h["kind"] == "question" for h in body["results"][:3])
