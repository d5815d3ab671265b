"""A player reloads a page with a form (the question forms, a ruling, a table): the page has not
changed, so the browser's copy is still good and the answer is a 304, though every render masks
the form's CSRF token afresh. When the page does change (the data, the table's board), or
another visitor asks (another CSRF secret), the answer is the page again."""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client

from cardsdb import data_version
from cardsdb.models import Game
from games import registry

pytestmark = pytest.mark.django_db

GAMES = [
    "higher-lower",
    "hyperstar-run",
    "star-realms-high-alert",
    "super-hazard-quest",
    "bo-jackson-battle-arena",
]
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _kept(client: Client, url: str, form: bool = True) -> str:
    """The page's ETag, after checking that it carries a CSRF form (where it should) whose
    token differs from one render to the next: the bytes alone could not give a 304."""
    first = client.get(url)
    assert first.status_code == 200, url
    tokens = TOKEN.findall(first.content.decode())
    assert bool(tokens) == form, url
    if form:
        again = client.get(url)
        assert TOKEN.findall(again.content.decode()) != tokens  # masked afresh
        assert again["ETag"] == first["ETag"]
    etag: str = first["ETag"]
    return etag


def _unchanged(client: Client, url: str, etag: str) -> None:
    response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304, url
    assert response.content == b""


def _started_table(client: Client) -> str:
    response = client.post("/games/higher-lower/tables/", {"players": 2})
    assert response.status_code == 302
    url: str = response["Location"]
    return url


def _ruling(client: Client) -> str:
    body = json.dumps(registry["higher-lower"].example())
    response = client.post("/games/higher-lower/disputes/json/", {"dispute": body})
    assert response.status_code == 302, response.content.decode()[:1000]
    url: str = response["Location"]
    return url


@pytest.mark.parametrize("slug", GAMES)
def test_each_games_question_forms_reloaded_unchanged_are_a_304(slug: str) -> None:
    client = Client()
    url = f"/games/{slug}/disputes/"
    _unchanged(client, url, _kept(client, url))


@pytest.mark.parametrize(
    "url",
    [
        "/games/hyperstar-run/",  # the game page: start a table
        "/games/bo-jackson-battle-arena/decks/",  # the deck check's paste box
        "/games/super-hazard-quest/tools/reachable/",
    ],
)
def test_other_pages_with_a_form_reloaded_unchanged_are_a_304(url: str) -> None:
    client = Client()
    _unchanged(client, url, _kept(client, url))


def test_the_search_page_has_no_csrf_form_and_is_a_304_as_before() -> None:
    client = Client()
    url = "/search/?q=higher"
    _unchanged(client, url, _kept(client, url, form=False))


def test_a_ruling_page_reloaded_is_a_304() -> None:
    client = Client()
    url = _ruling(client)
    _unchanged(client, url, _kept(client, url))


def test_a_table_page_is_a_304_until_the_table_moves() -> None:
    client = Client()
    url = _started_table(client)
    etag = _kept(client, url)
    _unchanged(client, url, etag)
    move = json.dumps({"kind": "play", "value": 7, "call": "higher"})
    assert client.post(f"{url}move/", {"move": move, "version": "1"}).status_code == 302
    moved = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert moved.status_code == 200
    assert moved["ETag"] != etag
    _unchanged(client, url, moved["ETag"])


def test_the_question_forms_are_sent_again_when_the_data_changes() -> None:
    client = Client()
    url = "/games/higher-lower/disputes/"
    etag = _kept(client, url)
    game = Game.objects.get(slug="higher-lower")
    Game.objects.filter(pk=game.pk).update(name="Higher or Lower, revised")
    Game.objects.filter(pk=game.pk).update(data_version="changed")
    data_version.fingerprint_forget()
    fresh = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200
    assert "Higher or Lower, revised" in fresh.content.decode()
    assert fresh["ETag"] != etag


def test_another_visitors_copy_is_not_theirs_to_keep() -> None:
    """The ETag holds the visitor's CSRF secret: a copy kept by one visitor (whose tokens
    another's secret would refuse) is no 304 for another."""
    ana, ben = Client(), Client()
    url = "/games/hyperstar-run/disputes/"
    etag = _kept(ana, url)
    _kept(ben, url)
    response = ben.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_pages_whose_bytes_differ_beyond_the_token_have_other_etags() -> None:
    """The token's value is all that is left out: pages with the same forms and the same
    secret but other words are other ETags."""
    client = Client()
    etags = {
        _kept(client, "/games/higher-lower/disputes/"),
        _kept(client, "/games/hyperstar-run/disputes/"),
        _kept(client, "/games/higher-lower/"),
        _kept(client, "/games/hyperstar-run/"),
    }
    assert len(etags) == 4
