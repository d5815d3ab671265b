"""Someone pastes anything into the search box, scripts the API with junk, or floods the desk:
every answer is quick, and a 200 or a refusal (400 naming the parameter, 413, 429 with
Retry-After), never a 500 or a hang.

The short hostile strings of each language are in test_search.py and test_card_query.py; here:
megabyte queries, nesting far past the parsers' limits, bytes that are not UTF-8, lone
surrogates and NUL characters, through all four query boxes; hostile values for every other
list parameter; request bodies too large, too deep or holding text no database can store; and
the rulings rate limit.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client

from cardsdb.api.desk_views import RulingThrottle
from games import registry

pytestmark = pytest.mark.django_db

HA = "star-realms-high-alert"
# Work, not time: the most database queries one hostile request may cost, whatever its size
# (the query boxes cap their input before any query is made; what they read is bounded by the
# rows they rank, see cardsdb/search.py). A search page took up to 11 on 2026-12-02.
MAX_QUERIES = 16

HOSTILE_QUERIES = [
    "a " * 500_000,  # a megabyte of words
    "x" * 1_000_000,  # a megabyte-long word
    "(" * 100_000 + "x" + ")" * 100_000,
    "-(" * 50_000 + "x",
    '"' * 100_001,
    "o:" + '"' * 5000,
    "cost<=" * 20_000,
    "a OR " * 20_000 + "b",
    "'; DROP TABLE cardsdb_card; --",
    '" OR 1=1 --',
    "%' OR '1'='1",
    "1; SELECT pg_sleep(10)",
    "$$; SELECT 1; $$",
    "name:%%%% t:_ o:\\",
    "UNION SELECT password FROM auth_user",
    "a\x00b",
    "\x00" * 1000,
    "\ud800",
    "x\udfffy",
    "\ufffe\uffff",
    "😀" * 400,
    "\u202eeno\u202c \u0301\u0301\u0301",
    "ё" * 600,
    "<script>alert(1)</script>",
    "faction:<script>alert(1)</script>",
]
QUERY_BOXES = [
    ("/api/v1/search", True),
    ("/api/v1/cards/", True),
    ("/search/", False),
    (f"/games/{HA}/cards/", False),
]


def _ids(values: list[str]) -> list[str]:
    return [
        f"{len(v)}:{v[:12].encode('unicode_escape', 'backslashreplace').decode()}" for v in values
    ]


def _with_query(path: str, **params: str) -> str:
    """The URL with its query percent-encoded as UTF-8; a lone surrogate becomes the bytes a
    broken client would send (ED A0 80), which are not UTF-8 at all."""
    query = "&".join(
        f"{k}={quote(v.encode('utf-8', 'surrogatepass'), safe='')}" for k, v in params.items()
    )
    return f"{path}?{query}"


def assert_error_shape(response: Any, status: int, field: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.content[:500]
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"}
    assert error["code"] and error["message"]
    if field is not None:
        assert any(d.get("field") == field for d in error["details"]), error
    return error


@pytest.mark.parametrize(("path", "is_api"), QUERY_BOXES)
@pytest.mark.parametrize("query", HOSTILE_QUERIES, ids=_ids(HOSTILE_QUERIES))
def test_a_hostile_query_is_answered_with_results_or_a_400_in_a_few_queries(
    api: Any, django_assert_max_num_queries: Any, path: str, is_api: bool, query: str
) -> None:
    client = api if is_api else Client()
    with django_assert_max_num_queries(MAX_QUERIES):
        response = client.get(_with_query(path, q=query))
    assert response.status_code in (200, 400), response.content[:500]
    if is_api and response.status_code == 400:
        assert_error_shape(response, 400, "q")
    if not is_api:
        assert b"<script>alert(1)</script>" not in response.content


@pytest.mark.parametrize(
    ("path", "params", "status", "field"),
    [
        ("/api/v1/cards/", {"ordering": "name; DROP TABLE cardsdb_card"}, 400, "ordering"),
        ("/api/v1/cards/", {"ordering": "-" * 10_000}, 400, "ordering"),
        ("/api/v1/cards/", {"ordering": "game__slug"}, 400, "ordering"),
        ("/api/v1/cards/", {"page_size": "10" * 5000}, 400, "page_size"),
        ("/api/v1/cards/", {"page_size": "-1"}, 400, "page_size"),
        ("/api/v1/cards/", {"page_size": "1e3"}, 400, "page_size"),
        ("/api/v1/cards/", {"page": "9" * 5000}, 404, None),
        ("/api/v1/cards/", {"page": "-1"}, 404, None),
        ("/api/v1/cards/", {"game": "' OR 1=1 --"}, 400, "game"),
        ("/api/v1/cards/", {"cost_min": "1 OR 1=1"}, 400, "cost_min"),
        ("/api/v1/cards/", {"power_max": "1e400"}, 400, "power_max"),
        ("/api/v1/cards/", {"power_min": "0.5"}, 400, "power_min"),
        ("/api/v1/cards/", {"provenance": "x" * 100_000}, 400, "provenance"),
        ("/api/v1/cards/", {"name": "\x00"}, 400, "name"),
        ("/api/v1/rules/", {"text": "a\x00b"}, 400, "text"),
        ("/api/v1/clarifications/", {"card": ":" * 10_000}, 200, None),
        ("/api/v1/cards/named/", {"fuzzy": "x" * 100_000}, 404, None),
        ("/api/v1/cards/named/", {"exact": " \t "}, 400, "exact"),
        ("/api/v1/cards/autocomplete/", {"q": "%_" * 1000}, 200, None),
        ("/api/v1/cards/autocomplete/", {"q": "\ud800"}, 200, None),
    ],
)
def test_hostile_list_parameters_are_refused_naming_the_parameter(
    api: Any,
    django_assert_max_num_queries: Any,
    path: str,
    params: dict[str, str],
    status: int,
    field: str | None,
) -> None:
    # The first card list of a process builds its card index (cardsdb/card_index.py): its
    # queries are the index's, not the hostile input's.
    api.get(path)
    with django_assert_max_num_queries(MAX_QUERIES):
        response = api.get(_with_query(path, **params))
    if status == 200:
        assert response.status_code == 200, response.content[:500]
    else:
        assert_error_shape(response, status, field)


def test_thousands_of_parameters_are_a_400_in_the_error_shape(api: Any) -> None:
    query = "&".join(f"p{i}=1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 10))
    assert_error_shape(api.get(f"/api/v1/cards/?{query}"), 400)
    assert Client().get(f"/search/?{query}").status_code == 400


# -- request bodies -------------------------------------------------------------------------------


def _example(slug: str) -> dict[str, Any]:
    return registry[slug].example()


def test_a_body_over_the_limit_is_a_413_before_any_view_reads_it(api: Any) -> None:
    slug = "higher-lower"
    body = _example(slug)
    body["padding"] = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = api.post(f"/api/v1/games/{slug}/rulings", body, format="json")
    error = assert_error_shape(response, 413)
    assert error["code"] == "too-large"


def test_a_website_form_over_the_limit_is_a_413_not_a_500() -> None:
    dispute = json.dumps({"state": {}, "move": {}, "pad": "x" * 300_000})
    response = Client().post("/games/higher-lower/disputes/json/", {"dispute": dispute})
    assert response.status_code == 413
    assert "Content-Security-Policy" in response.headers


def test_a_body_under_the_limit_is_read(api: Any) -> None:
    slug = "higher-lower"
    response = api.post(f"/api/v1/games/{slug}/rulings", _example(slug), format="json")
    assert response.status_code == 200, response.content[:500]


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/games/higher-lower/rulings",
        "/api/v1/games/higher-lower/legal-moves",
        "/api/v1/games/hyperstar-run/solve",
        "/api/v1/games/star-realms-high-alert/options",
        "/api/v1/games/super-hazard-quest/reachable",
    ],
)
@pytest.mark.parametrize(
    "body",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"state":' * 20_000 + "1" + "}" * 20_000,
        '{"state": {"a": NaN}}',
        '{"state": 1e999999}',
        '{"state": "\\u0000"}',
        "\xff\xfe{}",
        "",
        "null",
    ],
    ids=["deep-array", "deep-object", "nan", "huge-float", "nul", "not-utf8", "empty", "null"],
)
def test_a_body_that_is_not_a_readable_object_is_a_400(
    api: Any, django_assert_max_num_queries: Any, path: str, body: str
) -> None:
    # refused before any ruling is looked up or saved: at most the game's card lookup
    with django_assert_max_num_queries(2):
        response = api.generic(
            "POST", path, body.encode("utf-8", "surrogateescape"), content_type="application/json"
        )
    assert_error_shape(response, 400)


@pytest.mark.parametrize(
    "body",
    ["[" * 100_000 + "]" * 100_000, '{"hero_deck": ' + "[" * 50_000, "\xff{}", "null", "[]"],
    ids=["deep-array", "deep-unclosed", "not-utf8", "null", "array"],
)
def test_a_deck_check_that_is_not_a_readable_object_is_a_400(api: Any, body: str) -> None:
    response = api.generic(
        "POST",
        "/api/v1/games/bo-jackson-battle-arena/decks/check",
        body.encode("utf-8", "surrogateescape"),
        content_type="application/json",
    )
    assert_error_shape(response, 400)


@pytest.mark.parametrize(
    ("text", "where"),
    [("Ana\x00", "name"), ("\ud83d", "name"), ("x\udc00y", "key")],
)
def test_text_no_database_can_store_is_refused_naming_the_field(
    api: Any, text: str, where: str
) -> None:
    """A NUL, or half a surrogate pair (JSON's \\u escapes can spell both), in a player's name:
    PostgreSQL cannot store either, so the desk refuses it before ruling or saving."""
    slug = "higher-lower"
    body = _example(slug)
    if where == "name":
        body["state"]["players"][0]["name"] = text
        field = "state.players.0.name"
    else:
        body["state"][text] = 1
        field = "state"
    raw = json.dumps(body)  # ensure_ascii: the lone surrogate travels as a \u escape
    response = api.generic("POST", f"/api/v1/games/{slug}/rulings", raw, "application/json")
    assert_error_shape(response, 400, field)


def test_the_json_box_refuses_a_nul_in_a_name_instead_of_failing_to_save_it() -> None:
    body = _example("higher-lower")
    body["state"]["players"][1]["name"] += "\x00"
    response = Client().post("/games/higher-lower/disputes/json/", {"dispute": json.dumps(body)})
    assert response.status_code == 400
    assert "state.players.1.name" in response.content.decode()


def test_an_unknown_api_path_answers_a_post_with_a_404_not_a_csrf_page() -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post("/api/v1/games/%C2%84/rulings/", "{}", "application/json")
    assert_error_shape(response, 404)


def test_a_desk_endpoint_takes_only_json(api: Any) -> None:
    response = api.post("/api/v1/games/higher-lower/rulings", {"state": "x"}, format="multipart")
    assert_error_shape(response, 415)


# -- the rulings rate limit -----------------------------------------------------------------------


@pytest.fixture
def three_rulings_a_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RulingThrottle, "THROTTLE_RATES", {"rulings": "3/min"})
    cache.clear()


@pytest.mark.usefixtures("three_rulings_a_minute")
def test_a_client_that_asks_too_often_is_told_when_to_come_back(api: Any) -> None:
    slug = "higher-lower"
    for _ in range(3):
        ok = api.post(f"/api/v1/games/{slug}/rulings", _example(slug), format="json")
        assert ok.status_code == 200
    refused = api.post(f"/api/v1/games/{slug}/rulings", _example(slug), format="json")
    error = assert_error_shape(refused, 429)
    assert error["code"] == "throttled"
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    # The tools share the limit: they run an engine too.
    state = {"state": _example("hyperstar-run")["state"]}
    assert_error_shape(api.post("/api/v1/games/hyperstar-run/solve", state, format="json"), 429)
    # Reading is not limited.
    assert api.get("/api/v1/games/").status_code == 200
    # Another client has its own allowance.
    other = api.post(
        f"/api/v1/games/{slug}/rulings", _example(slug), format="json", REMOTE_ADDR="10.0.0.2"
    )
    assert other.status_code == 200


@pytest.mark.usefixtures("three_rulings_a_minute")
def test_a_made_up_forwarded_for_header_does_not_dodge_the_limit(api: Any) -> None:
    slug = "higher-lower"
    statuses = [
        api.post(
            f"/api/v1/games/{slug}/rulings",
            _example(slug),
            format="json",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{i}",
        ).status_code
        for i in range(5)
    ]
    assert statuses == [200, 200, 200, 429, 429]
