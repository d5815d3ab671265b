"""A developer's HTTP client does what HTTP allows: HEAD where GET is answered, OPTIONS on any
page, a body sent in chunks with no Content-Length. Each gets a proper answer, never a 405
where GET works, a 500, or a body read as empty.
"""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from games import registry

pytestmark = pytest.mark.django_db

GET_PATHS = [
    "/api/v1/games/higher-lower/example/",
    "/api/v1/bulk/higher-lower.json",
    "/api/v1/search?q=draw",
    "/api/v1/games/hyperstar-run/sources/",
    "/api/v1/games/hyperstar-run/quick/",
    "/api/v1/cards/?game=higher-lower",
    "/api/v1/rules/",
    "/api/v1/health",
    "/api/v1/schema/",
    "/api/v1/docs/",
    "/",
    "/games/higher-lower/rules/",
    "/search/?q=draw",
]


@pytest.mark.parametrize("path", GET_PATHS)
def test_head_is_answered_wherever_get_is(api: Any, path: str) -> None:
    get = api.get(path)
    head = api.head(path)
    assert get.status_code == 200, get.content[:300]
    assert head.status_code == 200
    assert head["Content-Type"] == get["Content-Type"]
    assert (b"".join(head.streaming_content) if head.streaming else head.content) == b""


def test_head_of_a_saved_ruling_is_answered(api: Any) -> None:
    slug = "higher-lower"
    saved = api.post(f"/api/v1/games/{slug}/rulings", registry[slug].example(), format="json")
    assert saved.status_code == 200, saved.content[:300]
    path = f"/api/v1/games/{slug}/rulings/{saved.json()['id']}"
    assert api.get(path).status_code == 200
    assert api.head(path).status_code == 200


@pytest.mark.parametrize("path", ["/api/v1/docs/", "/api/v1/schema/", "/api/v1/cards/"])
def test_options_is_answered_not_a_500(path: str) -> None:
    response = Client(raise_request_exception=False).options(path)
    assert response.status_code == 200, response.content[:300]
    assert "GET" in response["Allow"]


def chunked_post(path: str, body: bytes) -> Any:
    """A POST whose body comes without Content-Length, as the server hands on a body sent
    with `Transfer-Encoding: chunked` (the chunks already decoded)."""
    return Client().generic(
        "POST",
        path,
        b"",
        CONTENT_TYPE="application/json",
        CONTENT_LENGTH="",
        HTTP_TRANSFER_ENCODING="chunked",
        **{"wsgi.input": io.BytesIO(body)},
    )


def test_a_chunked_body_without_a_length_is_read() -> None:
    slug = "higher-lower"
    body = json.dumps(registry[slug].example()).encode()
    response = chunked_post(f"/api/v1/games/{slug}/rulings", body)
    assert response.status_code == 200, response.content[:500]
    assert response.json()["verdict"]


def test_a_chunked_body_over_the_limit_is_a_413_in_the_error_shape() -> None:
    body = b" " * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = chunked_post("/api/v1/games/higher-lower/rulings", body)
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too-large"


def test_sources_without_an_address_answer_null_not_an_empty_uri(api: Any) -> None:
    sources = api.get("/api/v1/games/hyperstar-run/sources/").json()["sources"]
    assert sources
    assert all(s["url"] is None or s["url"].startswith("http") for s in sources)


def test_the_schema_enumerates_the_ordering_fields_and_the_games(api: Any) -> None:
    document = api.get("/api/v1/schema/", {"format": "json"}).json()
    parameters = {p["name"]: p for p in document["paths"]["/api/v1/cards/"]["get"]["parameters"]}
    ordering = parameters["ordering"]
    assert ordering["schema"]["type"] == "array" and ordering["explode"] is False
    assert {"name", "-cost"} <= set(ordering["schema"]["items"]["enum"])
    assert "hyperstar-run" in parameters["game"]["schema"]["enum"]


@pytest.mark.parametrize("ordering", ["name,-cost", "-power", "name"])
def test_an_ordering_the_schema_allows_is_accepted(api: Any, ordering: str) -> None:
    assert api.get("/api/v1/cards/", {"ordering": ordering}).status_code == 200


@pytest.mark.parametrize("ordering", [" name", "name,", "name,,cost", "--name", "nam"])
def test_an_ordering_the_schema_does_not_allow_is_a_400(api: Any, ordering: str) -> None:
    response = api.get("/api/v1/cards/", {"ordering": ordering})
    assert response.status_code == 400
    assert response.json()["error"]["details"][0]["field"] == "ordering"


@pytest.mark.parametrize("game", ["no-such-game", "", "\u0084 "])
def test_autocomplete_refuses_a_game_the_schema_does_not_list(api: Any, game: str) -> None:
    response = api.get("/api/v1/cards/autocomplete/", {"q": "a", "game": game})
    assert response.status_code == 400
    assert response.json()["error"]["details"][0]["field"] == "game"
