"""Website pages render from the database, with bounded queries."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db

GAMES = [
    "hyperstar-run",
    "higher-lower",
    "star-realms-high-alert",
    "bo-jackson-battle-arena",
    "super-hazard-quest",
]


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


def test_home_lists_every_game(web: Client) -> None:
    page = web.get("/").content.decode()
    for slug in GAMES:
        assert f"/games/{slug}/" in page


@pytest.mark.parametrize("slug", GAMES)
@pytest.mark.parametrize("page", ["", "rules/", "glossary/", "clarifications/", "cards/"])
def test_every_game_page_renders(web: Client, slug: str, page: str) -> None:
    response = web.get(f"/games/{slug}/{page}")
    assert response.status_code == 200


def test_rules_page_has_permalinks_sources_and_glossary_links(web: Client) -> None:
    page = web.get("/games/hyperstar-run/rules/").content.decode()
    assert 'id="1.1"' in page and 'href="#1.1"' in page
    assert 'class="term"' in page
    assert "from the rulebook, “" in page


def test_game_page_shows_titles_in_each_language_and_marks(web: Client) -> None:
    page = web.get("/games/star-realms-high-alert/").content.decode()
    assert "Боевая тревога" in page and "High Alert" in page
    for glyph in "ВПРТ":
        assert f'<td class="glyph">{glyph}</td>' in page


def test_game_page_shows_unknown_as_unknown(web: Client) -> None:
    page = web.get("/games/super-hazard-quest/").content.decode()
    assert "unknown" in page
    assert "faces not public" in page


def test_card_page_shows_symbol_provenance_and_clarifications(web: Client) -> None:
    page = web.get("/games/star-realms-high-alert/cards/swarm-colony/").content.decode()
    assert "Р" in page
    assert "community catalog, unverified" in page
    assert "Clarifications that mention this card" in page


def test_a_play_page_names_its_facts_as_players_do_not_as_the_data_does(web: Client) -> None:
    from cardsdb.models import Card

    play = Card.objects.filter(
        game__slug="bo-jackson-battle-arena", card_type__slug="play", attributes__dbs__gt=0
    ).first()
    assert play is not None
    page = web.get(play.get_absolute_url()).content.decode()
    assert f"<dt>Deck Balancing Score</dt><dd>{play.attributes['dbs']}</dd>" in page
    for code_word in ("Dbs", "Play kind", "Release", "Deck builder id", "Catalog id"):
        assert f"<dt>{code_word}</dt>" not in page


def test_a_high_alert_card_page_keeps_the_editors_bookkeeping_out(web: Client) -> None:
    page = web.get("/games/star-realms-high-alert/cards/swarm-colony/").content.decode()
    for bookkeeping in ("<dt>Confidence</dt>", "<dt>Sources</dt>", "<dt>Ally symbol</dt>"):
        assert bookkeeping not in page


def test_card_filter_on_the_website(web: Client) -> None:
    page = web.get(
        "/games/bo-jackson-battle-arena/cards/", {"weapon": "Fire", "power_min": "240"}
    ).content.decode()
    assert "card" in page
    bad = web.get("/games/bo-jackson-battle-arena/cards/", {"power_min": "lots"})
    assert bad.status_code == 200
    assert 'role="alert"' in bad.content.decode()


def test_unknown_page_is_a_404(web: Client) -> None:
    assert web.get("/games/chess/").status_code == 404
    assert web.get("/games/hyperstar-run/cards/nope/").status_code == 404


@pytest.mark.parametrize(
    "path",
    [
        "/games/bo-jackson-battle-arena/cards/",
        "/games/star-realms-high-alert/rules/",
        "/games/super-hazard-quest/clarifications/",
    ],
)
def test_pages_make_a_bounded_number_of_queries(web: Client, path: str) -> None:
    with CaptureQueriesContext(connection) as queries:
        web.get(path)
    assert len(queries) <= 20
