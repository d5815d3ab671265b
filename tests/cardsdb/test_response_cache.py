"""The public response cache: a card or a page is built once per version of the data, and an
edit or a reload is never hidden by it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from cardsdb import data_version, response_cache
from cardsdb.models import Card, Game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cache_on(settings: Any) -> Iterator[None]:
    settings.RESPONSE_CACHE_SECONDS = 600
    settings.DATA_VERSION_SECONDS = 2  # as in production
    cache.clear()
    data_version.fingerprint_forget()
    yield
    cache.clear()
    data_version.fingerprint_forget()


def _card() -> Card:
    return Card.objects.select_related("game").filter(game__slug="star-realms-high-alert").first()


def test_a_card_asked_for_twice_is_built_once(django_assert_num_queries: Any) -> None:
    card = _card()
    url = f"/api/v1/cards/{card.game.slug}/{card.slug}/"
    client = Client()
    first = client.get(url)
    assert first.status_code == 200 and first["X-Cache"] == "miss"
    with django_assert_num_queries(0):
        second = client.get(url)
    assert second["X-Cache"] == "hit"
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]
    assert "Content-Security-Policy" in second, "a cached answer keeps its security headers"


def test_a_cached_answer_still_answers_a_conditional_get_with_304() -> None:
    card = _card()
    url = f"/api/v1/cards/{card.game.slug}/{card.slug}/"
    etag = Client().get(url)["ETag"]
    again = Client().get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304


def test_an_edit_in_the_admin_is_seen_at_once() -> None:
    card = _card()
    url = f"/games/{card.game.slug}/cards/{card.slug}/"
    assert card.name in Client().get(url).content.decode()
    card.name = "Renamed By An Editor"
    card.save()  # what the admin does: one object, with signals
    page = Client().get(url)
    assert page["X-Cache"] == "miss"
    assert "Renamed By An Editor" in page.content.decode()


def test_a_fixture_reload_is_seen_through_the_data_version() -> None:
    url = "/games/higher-lower/rules/"
    Client().get(url)
    assert Client().get(url)["X-Cache"] == "hit"
    Game.objects.filter(slug="higher-lower").update(data_version="a-new-load")
    data_version.fingerprint_forget()  # as the loader does in its process
    assert Client().get(url)["X-Cache"] == "miss"


def test_json_and_the_browsable_api_are_cached_apart() -> None:
    url = "/api/v1/games/"
    as_json = Client().get(url, HTTP_ACCEPT="application/json")
    as_html = Client().get(url, HTTP_ACCEPT="text/html")
    assert as_json["Content-Type"].startswith("application/json")
    assert as_html["Content-Type"].startswith("text/html")
    assert Client().get(url, HTTP_ACCEPT="text/html")["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "url",
    [
        "/games/higher-lower/disputes/",  # a form with a CSRF token: varies on the cookie
        "/api/v1/cards/no-such-game/no-such-card/",  # not a 200
        "/api/v1/health",  # the ceiling of the load test must stay uncached
        "/admin/login/",
    ],
)
def test_what_is_never_cached(url: str) -> None:
    Client().get(url)
    assert Client().get(url).get("X-Cache") != "hit"


def test_a_signed_in_request_is_never_served_from_the_cache() -> None:
    url = "/api/v1/games/"
    Client().get(url)
    client = Client()
    client.cookies["sessionid"] = "someone"
    assert client.get(url).get("X-Cache") is None


def test_a_post_is_never_cached(api: Any) -> None:
    example = api.get("/api/v1/games/higher-lower/example/").json()
    for _ in range(2):
        response = api.post("/api/v1/games/higher-lower/rulings", example, format="json")
        assert response.status_code == 200
        assert response.get("X-Cache") is None


def test_when_the_database_is_away_the_cache_steps_aside(monkeypatch: Any) -> None:
    """The fingerprint needs the database; without it the request goes on to the view, whose
    own handling answers (a 503 while the database is down), never a 500 from the cache."""
    from django.db import OperationalError

    def away() -> str:
        raise OperationalError("connection refused")

    monkeypatch.setattr(response_cache, "data_fingerprint", away)
    response = Client().get("/api/v1/games/")
    assert response.status_code == 200
    assert response.get("X-Cache") is None
