"""The read API over HTTP: lists, filters, details, 404s and 400s in one error shape."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = pytest.mark.django_db


def assert_error(response: Any, status: int, field: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"}
    assert error["message"]
    if field is not None:
        assert any(d["field"] == field for d in error["details"]), error
    return error


def test_games_list_names_every_game_by_slug(api: Any) -> None:
    body = api.get("/api/v1/games/").json()
    assert body["count"] == 5
    slugs = {g["slug"] for g in body["results"]}
    assert "star-realms-high-alert" in slugs


def test_game_detail_holds_the_box(api: Any) -> None:
    game = api.get("/api/v1/games/star-realms-high-alert/").json()
    assert game["names"]["ru"].startswith("Звёздные империи")
    assert {e["symbol"]["glyph"] for e in game["expansions"]} == {"В", "П", "Р", "Т"}
    assert len([s for s in game["symbols"] if s["kind"] == "merged-faction"]) == 6


def test_missing_game_is_a_404_in_the_error_shape(api: Any) -> None:
    assert_error(api.get("/api/v1/games/chess/"), 404)


def test_unknown_api_path_is_a_404_in_the_error_shape(api: Any) -> None:
    assert_error(api.get("/api/v1/no-such-thing/"), 404)


def test_cards_filter_by_game_and_each_has_copies(api: Any) -> None:
    body = api.get("/api/v1/cards/", {"game": "higher-lower", "page_size": 100}).json()
    assert body["count"] == 15
    assert {c["copies"] for c in body["results"]} == {4}


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"game": "star-realms-high-alert", "faction": "blob"}, lambda c: "blob" in c["factions"]),
        ({"game": "star-realms-high-alert", "cost_max": 2}, lambda c: c["cost"] <= 2),
        ({"game": "star-realms-high-alert", "expansion": "tech"}, lambda c: c["type"] == "tech"),
        ({"game": "star-realms-high-alert", "type": "hero"}, lambda c: c["factions"] == []),
        (
            {"game": "bo-jackson-battle-arena", "weapon": "fire", "power_min": 150},
            lambda c: c["attributes"]["weapon"] == "Fire" and c["power"] >= 150,
        ),
        ({"name": "warrior"}, lambda c: "warrior" in c["name"].lower()),
    ],
)
def test_card_filters(api: Any, params: dict[str, Any], expected: Any) -> None:
    body = api.get("/api/v1/cards/", params).json()
    assert body["count"] > 0
    assert all(expected(c) for c in body["results"])


def test_card_ordering_by_power(api: Any) -> None:
    body = api.get(
        "/api/v1/cards/", {"game": "bo-jackson-battle-arena", "ordering": "-power"}
    ).json()
    powers = [c["power"] for c in body["results"]]
    assert powers == sorted(powers, reverse=True)
    assert powers[0] == 250


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"cost_min": "cheap"}, "cost_min"),
        ({"game": "chess"}, "game"),
        ({"ordering": "colour"}, "ordering"),
        ({"provenance": "rumour"}, "provenance"),
    ],
)
def test_bad_card_parameter_is_a_400_naming_it(
    api: Any, params: dict[str, str], field: str
) -> None:
    assert_error(api.get("/api/v1/cards/", params), 400, field)


def test_card_detail_shows_symbol_and_clarifications(api: Any) -> None:
    card = api.get("/api/v1/cards/star-realms-high-alert/swarm-colony/").json()
    assert card["expansion_symbol"] == "Р"
    assert card["copies"] == 1
    assert card["clarifications"], "Swarm Colony's conflicting sources must be a clarification"


def test_missing_card_is_a_404(api: Any) -> None:
    assert_error(api.get("/api/v1/cards/star-realms-high-alert/no-such-card/"), 404)


def test_named_lookup_exact_and_fuzzy(api: Any) -> None:
    exact = api.get("/api/v1/cards/named/", {"exact": "warrior pod"}).json()
    assert exact["name"] == "Warrior Pod"
    fuzzy = api.get("/api/v1/cards/named/", {"fuzzy": "warior pd"}).json()
    assert fuzzy["name"] == "Warrior Pod"
    assert_error(api.get("/api/v1/cards/named/", {"exact": "zzzz"}), 404)
    assert_error(api.get("/api/v1/cards/named/"), 400, "exact")


def test_autocomplete(api: Any) -> None:
    names = api.get("/api/v1/cards/autocomplete/", {"q": "warr"}).json()["data"]
    assert "Warrior Pod" in names


def test_rules_by_game_and_key(api: Any) -> None:
    body = api.get("/api/v1/rules/", {"game": "hyperstar-run"}).json()
    assert body["count"] > 20
    first = body["results"][0]
    assert first["key"] == f"hyperstar-run:{first['number']}"
    detail = api.get(f"/api/v1/rules/{first['key']}/").json()
    assert detail["url"] == f"/games/hyperstar-run/rules/#{first['number']}"
    assert_error(api.get("/api/v1/rules/hyperstar-run:999.9/"), 404)


def test_rules_by_section(api: Any) -> None:
    body = api.get("/api/v1/rules/", {"game": "hyperstar-run", "section": "1"}).json()
    assert body["count"] > 0
    assert all(r["section"] == "1" for r in body["results"])


def test_clarifications_by_kind_and_card(api: Any) -> None:
    rulings = api.get("/api/v1/clarifications/", {"kind": "reference-ruling"}).json()
    assert rulings["count"] >= 2
    on_card = api.get(
        "/api/v1/clarifications/", {"card": "star-realms-high-alert:swarm-colony"}
    ).json()
    assert on_card["count"] >= 1
    key = on_card["results"][0]["key"]
    assert api.get(f"/api/v1/clarifications/{key}/").status_code == 200


def test_glossary_and_other_lists(api: Any) -> None:
    for path in (
        "glossary",
        "symbols",
        "factions",
        "expansions",
        "components",
        "variants",
        "card-types",
    ):
        body = api.get(f"/api/v1/{path}/").json()
        assert body["count"] > 0, path


def test_battle_arena_formats_are_variants(api: Any) -> None:
    body = api.get(
        "/api/v1/variants/", {"game": "bo-jackson-battle-arena", "page_size": 100}
    ).json()
    slugs = {v["slug"] for v in body["results"]}
    assert {"rookie", "substitution", "playmaker", "elite-playmaker"} <= slugs


def _file_json(response: Any) -> Any:
    """A bulk download is a file (a streamed response): its bytes, read as JSON."""
    assert response.status_code == 200
    return json.loads(b"".join(response.streaming_content))


def test_bulk_download_per_game_and_all(api: Any) -> None:
    one = _file_json(api.get("/api/v1/bulk/star-realms-high-alert.json"))
    game = one["games"][0]
    assert len(game["cards"]) == 36
    assert game["rule_sections"] and game["clarifications"]
    every = _file_json(api.get("/api/v1/bulk/all.json"))
    assert len(every["games"]) == 5
    assert_error(api.get("/api/v1/bulk/chess.json"), 404)


def test_schema_and_docs(api: Any) -> None:
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    assert "/api/v1/cards/" in schema.json()["paths"]
    assert api.get("/api/v1/docs/").status_code == 200


@pytest.mark.parametrize("page_size", [5, 200])
def test_card_list_query_count_does_not_grow_with_page_size(api: Any, page_size: int) -> None:
    # What a worker does once per data version whatever it is asked first (its card index, the
    # old versions' answers cleared), done here so that the count below does not depend on the
    # tests this worker ran before.
    api.get("/api/v1/cards/", {"game": "higher-lower", "page_size": 1})
    params = {"game": "star-realms-high-alert", "page_size": page_size}
    with CaptureQueriesContext(connection) as first:
        api.get("/api/v1/cards/", params)
    assert len(first) <= 10  # the rows with their joins, and each card's entry kept
    with CaptureQueriesContext(connection) as queries:
        api.get("/api/v1/cards/", params)
    assert len(queries) <= 5  # the game, the count, the page's ids, data version, the entries


def test_public_cannot_write(api: Any) -> None:
    assert_error(api.post("/api/v1/cards/", {"name": "x"}, format="json"), 405)
    assert_error(api.delete("/api/v1/rules/hyperstar-run:1.1/"), 405)


def test_etag_gives_304_when_unchanged(api: Any) -> None:
    first = api.get("/api/v1/games/")
    etag = first.headers["ETag"]
    again = api.get("/api/v1/games/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
