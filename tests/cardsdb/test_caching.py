"""Caching: rendered rule pages, conditional GET with ETags, Redis as the shared cache, and the
health view that is the load test's ceiling.

A player reloads the rules page mid-game: the second view must not cost the database the whole
rulebook again, yet a fixture reload that changes the rules must show at once.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cardsdb import data_version, prebuilt
from cardsdb.loaders import fixtures_load
from cardsdb.models import Card, Game, Prebuilt, Rule

pytestmark = pytest.mark.django_db

GAME = "higher-lower"
RULES_URL = f"/games/{GAME}/rules/"


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


@pytest.fixture
def cold(db: Any, settings: Any) -> Game:
    """The higher-lower rules page, not yet in the cache (the version of the data read every
    two seconds, as in production)."""
    settings.DATA_VERSION_SECONDS = 2
    data_version.fingerprint_forget()
    game = Game.objects.get(slug=GAME)
    Prebuilt.objects.filter(kind="rules-page", key=GAME).delete()
    prebuilt.forget()  # nor in this process's memory
    return game


def queries_for(client: Client, url: str, **headers: str) -> tuple[Any, int]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url, **headers)
    return response, len(ctx.captured_queries)


# --- rendered rule pages ------------------------------------------------------------------


def test_second_view_of_the_rules_page_comes_from_the_cache(
    web: Client, cold: Game, django_assert_num_queries: Any
) -> None:
    first, first_queries = queries_for(web, RULES_URL)
    assert first.status_code == 200
    assert first_queries > 1  # the game, its sections, their rules, the glossary terms

    with django_assert_num_queries(0):  # the page this process keeps for this data version
        second = web.get(RULES_URL)
    assert second.status_code == 200
    assert second.content == first.content
    assert 'id="1.1"' in second.content.decode()


def test_the_cache_is_per_game(web: Client, cold: Game) -> None:
    web.get(RULES_URL)
    other = web.get("/games/hyperstar-run/rules/").content.decode()
    assert "Hyperstar Run: rules" in other
    assert "Higher or Lower" not in other.split("<main")[1].split("</h1>")[0]


def test_an_edit_behind_the_loaders_back_waits_for_the_data_version(
    web: Client, cold: Game
) -> None:
    web.get(RULES_URL)
    Rule.objects.filter(game=cold, number="1.1").update(text="Edited behind the cache's back.")
    assert "Edited behind" not in web.get(RULES_URL).content.decode()  # served from the cache

    Game.objects.filter(pk=cold.pk).update(data_version="changed")
    data_version.fingerprint_forget()  # as every process does within DATA_VERSION_SECONDS
    assert "Edited behind the cache" in web.get(RULES_URL).content.decode()


def test_a_rule_edited_in_the_admin_shows_at_once(web: Client, cold: Game) -> None:
    web.get(RULES_URL)
    rule = Rule.objects.get(game=cold, number="1.1")
    rule.text = "Edited by an editor."
    rule.save()  # as the admin saves: one object, with its signals
    assert "Edited by an editor." in web.get(RULES_URL).content.decode()


def test_a_fixture_reload_that_changes_a_rule_shows_the_new_rule(
    web: Client, cold: Game, tmp_path: Path
) -> None:
    before = web.get(RULES_URL).content.decode()
    assert "The game has 60 " in before  # then a glossary link: "playing cards"

    folder = tmp_path / GAME
    shutil.copytree(django_settings.FIXTURES_DIR / GAME, folder)
    rules = folder / "rules.toml"
    text = rules.read_text()
    assert "The game has 60 playing cards" in text
    rules.write_text(text.replace("The game has 60 playing cards", "The box holds 60 cards"))
    fixtures_load([folder])

    game = Game.objects.get(slug=GAME)
    assert game.data_version != cold.data_version
    after, queries = queries_for(web, RULES_URL)
    assert queries > 1  # rendered again, not read from the old entry
    assert "The box holds 60 cards" in after.content.decode()
    assert "The game has 60 " not in after.content.decode()


def test_an_unknown_game_is_still_a_404(web: Client) -> None:
    assert web.get("/games/chess/rules/").status_code == 404


# --- conditional GET ----------------------------------------------------------------------


def test_an_api_card_not_changed_since_last_time_is_a_304(api: Any) -> None:
    card = Card.objects.filter(game__slug="star-realms-high-alert").order_by("id").first()
    assert card is not None
    url = f"/api/v1/cards/star-realms-high-alert/{card.slug}/"
    first = api.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert etag.startswith('"') and len(etag) > 2

    again = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag

    stale = api.get(url, HTTP_IF_NONE_MATCH='"not-this-one"')
    assert stale.status_code == 200
    assert stale.json()["slug"] == card.slug


def test_an_api_list_answers_if_none_match(api: Any) -> None:
    url = "/api/v1/cards/?game=star-realms-high-alert&cost_min=3&ordering=cost"
    etag = api.get(url)["ETag"]
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    other = api.get("/api/v1/cards/?game=star-realms-high-alert&cost_min=4&ordering=cost")
    assert other["ETag"] != etag


@pytest.mark.parametrize(
    "url",
    [RULES_URL, "/games/star-realms-high-alert/", "/games/star-realms-high-alert/cards/"],
)
def test_a_page_not_changed_since_last_time_is_a_304(web: Client, url: str) -> None:
    first = web.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    again = web.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert web.get(url, HTTP_IF_NONE_MATCH='"stale"').status_code == 200


def test_a_cached_rules_page_keeps_its_etag_until_the_data_changes(web: Client, cold: Game) -> None:
    etag = web.get(RULES_URL)["ETag"]
    assert web.get(RULES_URL)["ETag"] == etag  # rendered, then cached: the same bytes
    Rule.objects.filter(game=cold, number="1.1").update(text="A new reading of rule 1.1.")
    Game.objects.filter(pk=cold.pk).update(data_version="changed")
    data_version.fingerprint_forget()  # as every process does within DATA_VERSION_SECONDS
    fresh = web.get(RULES_URL, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200
    assert fresh["ETag"] != etag


# --- Redis --------------------------------------------------------------------------------

# A database number and key prefix of our own on the machine's Redis server, removed after.
REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/13")


@pytest.fixture
def redis_cache(settings: Any) -> Iterator[tuple[Any, str]]:
    import redis

    client = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=1, socket_timeout=2)
    try:
        client.ping()
    except redis.exceptions.RedisError as exc:
        pytest.skip(
            f"no Redis server reachable at {REDIS_TEST_URL} ({exc}): the Redis cache tests "
            "need one (start it, or point REDIS_TEST_URL at one)"
        )
    prefix = f"tablejudge-test-{uuid.uuid4().hex[:12]}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_TEST_URL,
            "OPTIONS": settings.REDIS_CACHE_OPTIONS,  # the production options
            "KEY_PREFIX": prefix,
        }
    }
    try:
        yield client, prefix
    finally:
        keys = list(client.scan_iter(match=f"{prefix}:*"))
        if keys:
            client.delete(*keys)
        client.close()


def test_the_rules_page_is_kept_in_the_database_for_every_worker(
    web: Client, cold: Game, django_assert_num_queries: Any
) -> None:
    first, first_queries = queries_for(web, RULES_URL)
    assert first.status_code == 200 and first_queries > 1
    kept = Prebuilt.objects.get(kind="rules-page", key=GAME)
    assert kept.version == data_version.data_fingerprint()
    assert bytes(kept.content) == first.content  # where every worker and app server reads it
    prebuilt.forget()  # another worker: not in its memory
    with django_assert_num_queries(1):
        second = web.get(RULES_URL)
    assert second.content == first.content


def test_with_redis_a_fixture_reload_invalidates_the_shared_page(
    web: Client, redis_cache: tuple[Any, str], tmp_path: Path
) -> None:
    web.get(RULES_URL)
    folder = tmp_path / GAME
    shutil.copytree(django_settings.FIXTURES_DIR / GAME, folder)
    rules = folder / "rules.toml"
    rules.write_text(rules.read_text().replace("The game has 60", "Sixty numbered cards: the 60"))
    fixtures_load([folder])
    assert "Sixty numbered cards" in web.get(RULES_URL).content.decode()


def test_with_redis_rulings_are_throttled_through_redis(
    api: Any, redis_cache: tuple[Any, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardsdb.api.desk_views import RulingThrottle

    client, prefix = redis_cache
    monkeypatch.setattr(RulingThrottle, "THROTTLE_RATES", {"rulings": "2/min"})
    example = api.get(f"/api/v1/games/{GAME}/example/").json()
    url = f"/api/v1/games/{GAME}/rulings"
    responses = [api.post(url, example, format="json") for _ in range(3)]
    assert [r.status_code for r in responses] == [200, 200, 429]
    assert int(responses[2]["Retry-After"]) > 0
    assert list(client.scan_iter(match=f"{prefix}:1:throttle_rulings_*"))  # the shared counter


def test_with_redis_down_pages_are_served_uncached(web: Client, settings: Any) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
            "OPTIONS": settings.REDIS_CACHE_OPTIONS,
        }
    }
    for _ in range(2):
        response, _ = queries_for(web, RULES_URL)
        assert response.status_code == 200  # the cache unread: the page kept for this version
    assert 'id="1.1"' in response.content.decode()


# --- the ceiling: a health view that touches nothing ---------------------------------------


def test_health_answers_ok_without_touching_the_database(
    api: Any, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(0):
        response = api.get("/api/v1/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert response["Cache-Control"] == "no-store"
    assert "ETag" not in response
    assert api.get("/api/v1/health/").status_code == 200
    assert api.post("/api/v1/health", {}).status_code == 405


def test_health_is_left_out_of_the_api_schema_which_still_generates(api: Any) -> None:
    response = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/api/v1/cards/" in paths
    assert not [p for p in paths if "health" in p]
