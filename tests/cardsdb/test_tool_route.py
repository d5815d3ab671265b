"""Every declared tool served one way: `POST /api/v1/games/<slug>/tools/<tool>`; the older
per-tool addresses answer exactly the same; the game's detail and page list its tools; the
schema documents each tool from its declared models and marks the old addresses deprecated."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cardsdb.models import Card
from cardsdb.reference import DatabaseCardCatalog
from games import registry
from games.core.tools import Tool
from tests.cardsdb.test_game_tools import legal_hero_deck, thirty_plays

pytestmark = pytest.mark.django_db


def deck() -> dict[str, Any]:
    return {
        "format": "playmaker",
        "hero_deck": legal_hero_deck(),
        "playbook": thirty_plays(),
        "hot_dog_deck": [{"card": "HD-20", "count": 10}],
    }


def bodies() -> dict[str, dict[str, Any] | None]:
    """A request for each tool: its worked example where the game has one."""
    return {
        "deck-check": deck(),
        "best-line": {"state": registry["hyperstar-run"].example()["state"]},
        "options": {"state": registry["star-realms-high-alert"].example()["state"]},
        "setup": None,  # each game's own example
        "reachable": {
            "state": registry["super-hazard-quest"].example()["state"],
            "player": registry["super-hazard-quest"].example()["move"]["player"],
        },
    }


def timeless(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer without how long it took (the solver says how many seconds it ran)."""
    return {k: v for k, v in answer.items() if k != "seconds"}


def tools() -> list[tuple[str, Tool]]:
    return [(slug, tool) for slug in sorted(registry) for tool in registry[slug].tools.values()]


@pytest.mark.parametrize(("slug", "tool"), tools(), ids=lambda x: getattr(x, "slug", x))
def test_the_new_route_and_the_old_address_answer_the_same(api: Any, slug: str, tool: Tool) -> None:
    body = bodies().get(tool.slug) or tool.example
    new = api.post(f"/api/v1/games/{slug}/tools/{tool.slug}", body, format="json")
    assert new.status_code == 200, new.content
    for alias in tool.aliases:
        for path in (f"/api/v1/games/{slug}/{alias}", f"/api/v1/games/{slug}/{alias}/"):
            old = api.post(path, body, format="json")
            assert old.status_code == 200
            assert timeless(old.json()) == timeless(new.json())
    answer = new.json()
    if tool.answers_ruling:
        assert answer["reference_version"] and "cited_rules" in answer
    if not isinstance(tool.result, dict):
        tool.result.model_validate(answer)  # the declared result model is what it answers


@pytest.mark.parametrize(("slug", "tool"), tools(), ids=lambda x: getattr(x, "slug", x))
def test_bad_input_to_a_tool_is_a_400_naming_the_field(api: Any, slug: str, tool: Tool) -> None:
    body = {"state": 3, "format": "chess", "hero_deck": 3}
    response = api.post(f"/api/v1/games/{slug}/tools/{tool.slug}", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["details"][0]["field"]


def test_an_unknown_tool_or_game_is_a_404_in_the_error_shape(api: Any) -> None:
    for path in ("hyperstar-run/tools/nothing", "no-such-game/tools/best-line"):
        response = api.post(f"/api/v1/games/{path}", {}, format="json")
        assert response.status_code == 404
        assert "error" in response.json()


def test_the_game_detail_lists_its_tools(api: Any) -> None:
    found = api.get("/api/v1/games/super-hazard-quest/").json()["tools"]
    assert found == [
        {
            "slug": "reachable",
            "title": "Where can I go?",
            "description": registry["super-hazard-quest"].tools["reachable"].description,
            "url": "/api/v1/games/super-hazard-quest/tools/reachable",
            "page": "/games/super-hazard-quest/tools/reachable/",
            "on_ruling_page": True,
            "needs_cards": False,
            "deprecated_urls": ["/api/v1/games/super-hazard-quest/reachable"],
        }
    ]
    listed = api.get("/api/v1/games/higher-lower/").json()["tools"]
    assert [(t["slug"], t["title"]) for t in listed] == [("setup", "How do we set up?")]


def test_the_game_page_lists_its_tools() -> None:
    page = Client().get("/games/bo-jackson-battle-arena/").content.decode()
    assert 'id="tool-deck-check"' in page and "Is this deck legal?" in page
    page = Client().get("/games/star-realms-high-alert/").content.decode()
    assert 'href="/games/star-realms-high-alert/tools/options/"' in page


def test_the_schema_documents_each_tool_and_deprecates_the_old_addresses(api: Any) -> None:
    schema = api.get("/api/v1/schema/?format=json").json()
    paths, components = schema["paths"], schema["components"]["schemas"]
    assert "/api/v1/games/{slug}/tools/{tool}/" not in paths
    for slug, tool in tools():
        operation = paths[f"/api/v1/games/{slug}/tools/{tool.slug}/"]["post"]
        assert not operation.get("deprecated")
        assert operation["summary"] == tool.title
        request_ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        request = components[request_ref.rsplit("/", 1)[1]]
        assert set(request["properties"]) == set(tool.input.model_fields)
        assert {"200", "400", "429"} <= set(operation["responses"])
        for alias in tool.aliases:
            old = paths[f"/api/v1/games/{slug}/{alias}/"]["post"]
            assert old["deprecated"] is True
            assert old["requestBody"] == operation["requestBody"]
            assert old["responses"]["200"] == operation["responses"]["200"]
    json.dumps(schema)  # plain JSON all through


def test_the_database_catalog_resolves_a_deck_in_three_queries() -> None:
    numbers = [f"PL-{n}" for n in range(1, 31)]  # cards() takes the first match of each
    refs = legal_hero_deck() + numbers + ["front run", "FRONT RUN", "hd-20", "no such card"]
    with CaptureQueriesContext(connection) as queries:
        found = DatabaseCardCatalog().cards("bo-jackson-battle-arena", refs)
    assert len(queries) == 3  # the exact references; the others' ids in any case; those cards
    assert len(found) == len(refs) - 1 and "no such card" not in found
    assert found["front run"] == found["FRONT RUN"] == found["PL-1"]
    assert found["front run"].number == "PL-1" and found["hd-20"].number == "HD-20"


def test_the_database_catalog_answers_every_card_a_shared_number_could_be() -> None:
    with CaptureQueriesContext(connection) as queries:
        found = DatabaseCardCatalog().matching(
            "bo-jackson-battle-arena", numbers=["PL-85"], names=["curacao kid"]
        )
    assert len(queries) == 1
    pl_85 = {c.expansion_name for c in found if c.number == "PL-85"}
    assert pl_85 == {"Alpha Edition", "Alpha Update", "Griffey Edition"}
    assert sum(c.name == "Curaçao Kid" for c in found) == 39


def test_six_hundred_names_in_any_case_are_three_queries_not_six_hundred() -> None:
    """A deck typed by hand: every card by its name in lower case. (Matched one by one these
    were 601 queries; as one OR of case-insensitive matches, a query too deep for SQLite.)"""
    game = "bo-jackson-battle-arena"
    names = Card.objects.filter(game__slug=game).values_list("name", flat=True)
    refs = sorted({name.lower() for name in names})[:600]
    assert len(refs) == 600
    with CaptureQueriesContext(connection) as queries:
        found = DatabaseCardCatalog().cards(game, refs)
    assert len(queries) == 3
    assert set(found) == set(refs)
    assert all(found[ref].name.lower() == ref for ref in refs)
