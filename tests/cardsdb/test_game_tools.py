"""Game-specific desk tools over HTTP: Battle Arena deck checks against the catalog, High
Alert's "what can I do now?", Super Hazard Quest's path finder."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.models import Card
from games import registry

pytestmark = pytest.mark.django_db

DECK_CHECK = "/api/v1/games/bo-jackson-battle-arena/decks/check"


def legal_hero_deck() -> list[str]:
    """60 Hero slugs: one per name+weapon variation, at most 6 per Power value."""
    chosen: list[str] = []
    seen: set[tuple[str, str]] = set()
    per_power: dict[int, int] = {}
    heroes = Card.objects.filter(
        game__slug="bo-jackson-battle-arena", card_type__slug="hero"
    ).order_by("position")
    for card in heroes.only("slug", "name", "power", "attributes").iterator():
        variation = (card.name, card.attributes.get("weapon", ""))
        if variation in seen or per_power.get(card.power, 0) >= 6:
            continue
        seen.add(variation)
        per_power[card.power] = per_power.get(card.power, 0) + 1
        chosen.append(card.slug)
        if len(chosen) == 60:
            break
    return chosen


def thirty_plays() -> list[str]:
    """Alpha Edition's PL-1 to PL-30, each by release and number (a bare `PL-1` is in three
    releases: asked about, never guessed)."""
    return [f"(A) PL-{n}" for n in range(1, 31)]


def test_a_playbook_by_bare_numbers_is_asked_about_line_by_line(api: Any) -> None:
    body = {
        "format": "playmaker",
        "hero_deck": legal_hero_deck(),
        "playbook": [f"PL-{n}" for n in range(1, 31)],
        "hot_dog_deck": [{"card": "HD-20", "count": 10}],
    }
    response = api.post(DECK_CHECK, body, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "unresolved-cards"
    assert [d["field"] for d in error["details"]] == [f"playbook.{i}" for i in range(30)]
    first = error["details"][0]
    assert first["message"] == "PL-1 is in Alpha Edition, Alpha Update and Griffey Edition: which?"
    assert {c["reference"] for c in first["candidates"]} >= {"Front Run (Alpha Edition) PL-1"}


def test_a_legal_playmaker_deck_by_numbers_and_names(api: Any) -> None:
    body = {
        "format": "playmaker",
        "hero_deck": legal_hero_deck(),
        "playbook": thirty_plays(),
        "hot_dog_deck": [{"card": "HD-20", "count": 10}],
    }
    response = api.post(DECK_CHECK, body, format="json")
    assert response.status_code == 200, response.content
    ruling = response.json()
    assert ruling["verdict"] == "legal", ruling["summary"]
    assert all(
        r["url"].startswith("/games/bo-jackson-battle-arena/rules/#") for r in ruling["reasons"]
    )


def test_hero_deck_of_fifty_nine_is_illegal(api: Any) -> None:
    body = {
        "format": "playmaker",
        "hero_deck": legal_hero_deck()[:59],
        "playbook": thirty_plays(),
        "hot_dog_deck": [{"card": "HD-20", "count": 10}],
    }
    ruling = api.post(DECK_CHECK, body, format="json").json()
    assert ruling["verdict"] == "illegal"
    assert any(r["rule"].startswith("bo-jackson-battle-arena:4.") for r in ruling["reasons"])


def test_same_play_twice_in_the_playbook_is_illegal(api: Any) -> None:
    plays = thirty_plays()
    plays[-1] = "Front Run"  # PL-1 again, by name
    body = {
        "format": "playmaker",
        "hero_deck": legal_hero_deck(),
        "playbook": plays,
        "hot_dog_deck": [{"card": "HD-20", "count": 10}],
    }
    ruling = api.post(DECK_CHECK, body, format="json").json()
    assert ruling["verdict"] == "illegal"


def test_an_unknown_card_is_a_400_naming_the_entry(api: Any) -> None:
    body = {"format": "rookie", "hero_deck": ["no such hero anywhere"]}
    response = api.post(DECK_CHECK, body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["details"][0]["field"] == "hero_deck.0"


def test_an_unknown_format_is_a_400(api: Any) -> None:
    response = api.post(DECK_CHECK, {"format": "chess"}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["details"][0]["field"] == "format"


def test_high_alert_what_can_i_do_now(api: Any) -> None:
    example = registry["star-realms-high-alert"].example()
    response = api.post(
        "/api/v1/games/star-realms-high-alert/options", {"state": example["state"]}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()
    bad = api.post("/api/v1/games/star-realms-high-alert/options", {"state": 3}, format="json")
    assert bad.status_code == 400


def test_hazard_quest_reachable(api: Any) -> None:
    example = registry["super-hazard-quest"].example()
    state = example["state"]
    player = state.get("turn") or state["heroes"][0]["name"]
    response = api.post(
        "/api/v1/games/super-hazard-quest/reachable",
        {"state": state, "player": player},
        format="json",
    )
    assert response.status_code == 200, response.content
    bad = api.post(
        "/api/v1/games/super-hazard-quest/reachable",
        {"state": state, "player": "Nobody"},
        format="json",
    )
    assert bad.status_code == 400


def test_hyperstar_run_solver_over_the_api(api: Any) -> None:
    example = registry["hyperstar-run"].example()
    response = api.post(
        "/api/v1/games/hyperstar-run/solve", {"state": example["state"]}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()
    bad = api.post("/api/v1/games/hyperstar-run/solve", {"state": {"run": 9}}, format="json")
    assert bad.status_code == 400
