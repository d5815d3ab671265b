"""The quick reference, the Sources page and the game page's setup numbers are rendered from the
database: no file is read at request time, a change in the data shows at once, and a page
costs the same number of queries for every game."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cardsdb import models as m

pytestmark = pytest.mark.django_db

GAMES = ["bo-jackson-battle-arena", "higher-lower", "hyperstar-run", "star-realms-high-alert"]
GAMES += ["super-hazard-quest"]


@pytest.fixture
def web() -> Client:
    return Client()


@pytest.fixture
def no_fixtures(tmp_path: Path) -> Any:
    """The fixtures folder is empty while the pages are served: they must not need it."""
    before = settings.FIXTURES_DIR
    settings.FIXTURES_DIR = tmp_path
    yield
    settings.FIXTURES_DIR = before


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def _page(web: Client, url: str) -> str:
    response = web.get(url)
    assert response.status_code == 200, url
    return _text(response.content.decode())


def test_the_quick_reference_shows_the_setup_the_turn_and_the_numbers(
    web: Client, no_fixtures: None
) -> None:
    text = _page(web, "/games/bo-jackson-battle-arena/quick/")
    rookie = m.Variant.objects.get(game__slug="bo-jackson-battle-arena", slug="rookie")
    assert f"{rookie.name} Hero Deck: 60 cards At most 6 Heroes of one Power Battle Zones: 7" in (
        text
    )
    for number in ["4.1.1", "4.2.1", "4.3.1", "4.1.2", "4.2.2", "4.3.2"]:
        section = m.RuleSection.objects.get(game__slug="bo-jackson-battle-arena", number=number)
        assert section.title in text
        first = section.rules.order_by("position").first()
        assert first is not None and f"{first.number} {first.text}" in text


def test_a_game_whose_rulebook_gives_no_turn_order_says_so_in_words(
    web: Client, no_fixtures: None
) -> None:
    text = _page(web, "/games/star-realms-high-alert/quick/")
    note = m.Game.objects.get(slug="star-realms-high-alert").quick_turn_note
    assert note and note in text


def test_the_quick_reference_follows_the_data_not_a_file(web: Client, no_fixtures: None) -> None:
    game = m.Game.objects.get(slug="higher-lower")
    five = m.RuleSection.objects.get(game=game, number="5")
    assert five.title not in _page(web, "/games/higher-lower/quick/").split("The order of play")[1]
    m.Game.objects.filter(pk=game.pk).update(quick_turn=["4", "5"])
    after = _page(web, "/games/higher-lower/quick/").split("The order of play")[1]
    assert five.title in after


def test_the_sources_page_groups_the_documents_by_how_far_to_trust_them(
    web: Client, no_fixtures: None
) -> None:
    text = _page(web, "/games/bo-jackson-battle-arena/sources/")
    headings = ["The rulebook", "From the publisher", "Press and reviews"]
    headings += ["Community sources, not verified"]
    at = [text.index(h) for h in headings]
    assert at == sorted(at)
    community = text[at[3] :]
    assert "A public community card catalog (early 2026)" in community
    assert "it may hold errors" in community
    assert "What no source gives" not in text  # this game lists no such entry


def test_a_source_edited_in_the_data_shows_at_once(web: Client, no_fixtures: None) -> None:
    m.Source.objects.filter(game__slug="hyperstar-run", kind="community").update(
        title="BoardGameGeek's entry"
    )
    text = _page(web, "/games/hyperstar-run/sources/")
    assert "BoardGameGeek's entry" in text
    assert "BoardGameGeek and a Button Shy club checklist" not in text


def test_a_game_with_no_sources_says_so(web: Client, no_fixtures: None) -> None:
    m.Source.objects.filter(game__slug="higher-lower").delete()
    assert "No documents are listed for this game yet." in _page(
        web, "/games/higher-lower/sources/"
    )


def test_the_game_page_reads_setup_numbers_in_the_datas_words(
    web: Client, no_fixtures: None
) -> None:
    text = _page(web, "/games/hyperstar-run/")
    assert "Runs: " in text
    game = m.Game.objects.get(slug="hyperstar-run")
    phrases = [
        p if p["key"] != "runs" else {"key": "runs", "phrase": "Runs to play: {}"}
        for p in game.setup_phrases
    ]
    m.Game.objects.filter(pk=game.pk).update(setup_phrases=phrases)
    text = _page(web, "/games/hyperstar-run/")
    assert "Runs to play: " in text and "Runs: " not in text


def test_a_setup_number_without_words_reads_as_its_name_never_as_a_key(
    web: Client, no_fixtures: None
) -> None:
    m.Game.objects.filter(slug="hyperstar-run").update(setup_phrases=[])
    text = _page(web, "/games/hyperstar-run/quick/")
    assert "Level cards: " in text
    assert "level_cards" not in text


def _queries(web: Client, url: str) -> int:
    web.get(url)  # once, so that what is built on first use is kept
    with CaptureQueriesContext(connection) as queries:
        assert web.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize(("kind", "expected"), [("quick/", 5), ("sources/", 4)])
def test_a_page_costs_the_same_queries_for_every_game(
    web: Client, kind: str, expected: int
) -> None:
    counts = {slug: _queries(web, f"/games/{slug}/{kind}") for slug in GAMES}
    # the games differ in sources, sections, rules and variants: a query per row would show
    assert set(counts.values()) == {expected}, counts


def test_the_game_pages_setup_words_cost_no_query(web: Client) -> None:
    with_setups = m.Variant.objects.filter(game__slug="bo-jackson-battle-arena").exclude(setup={})
    assert with_setups.count() >= 10
    assert not m.Variant.objects.filter(game__slug="star-realms-high-alert").exclude(setup={})
    assert _queries(web, "/games/bo-jackson-battle-arena/") == _queries(
        web, "/games/star-realms-high-alert/"
    )


def test_setup_words_follow_the_phrases_order_whatever_order_the_database_gives() -> None:
    game = m.Game(
        setup_phrases=[
            {"key": "hero_deck", "phrase": "Hero Deck: {} cards"},
            {"key": "battle_zones", "phrase": "Battle Zones: {}"},
        ]
    )
    # PostgreSQL's jsonb gives an object's keys shortest first: the words must not follow it
    setup = {"bench": 4, "battle_zones": 7, "hero_deck": 60}
    assert game.setup_words(setup) == ["Hero Deck: 60 cards", "Battle Zones: 7", "Bench: 4"]
