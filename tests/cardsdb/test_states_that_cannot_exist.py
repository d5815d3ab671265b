"""Through HTTP, one board a game cannot hold per game, and a name no player can have: each is
a 400 whose error names the field, never a ruling."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.django_db

ARENA_ZONES = [{"id": f"z{i}", "power": 100, "weapon": "Steel"} for i in range(7)]


def _arena_player(name: str, prefix: str) -> dict[str, Any]:
    return {
        "name": name,
        "zones": [{**z, "id": f"{prefix}-{z['id']}"} for z in ARENA_ZONES],
        "bench": [{"id": f"{prefix}-b{i}", "power": 120, "weapon": "Fire"} for i in range(4)],
        "hot_dogs": 6,
        "hot_dogs_discarded": 4,
        "substituted": False,
    }


CASES = [
    pytest.param(
        "higher-lower",
        {
            "state": {
                "players": [{"name": "Ana", "hand": 10}, {"name": "Ben", "hand": 10}],
                "turn": "Ana",
                "deck": 20,
            },
            "move": {"kind": "play", "value": 9, "call": "higher"},
        },
        "state.deck",
        id="higher-lower-short-of-the-box",
    ),
    pytest.param(
        "super-hazard-quest",
        {
            "state": {
                "dungeon": [{"x": 0, "y": 0}],
                "heroes": [
                    {"player": "Ana", "inherent": "unlock", "x": 0, "y": 0, "unseen": 6},
                    {"player": "Ben", "inherent": "dig", "x": 0, "y": 0, "unseen": 5},
                ],
                "turn": "Ana",
                "dungeon_deck": 25,
                "item_deck": 38,
                "discard": 5,
            },
            "move": {"kind": "discard-turn", "player": "Ana", "discard_unseen": 1},
        },
        "state.heroes.0.hand",
        id="super-hazard-quest-six-items",
    ),
    pytest.param(
        "bo-jackson-battle-arena",
        {
            "state": {
                "mode": "substitution",
                "battle": 1,
                "phase": "substitution",
                "honors": 0,
                "to_act": 0,
                "players": [_arena_player("Ana", "a"), _arena_player("Ben", "b")],
            },
            "move": {"kind": "keep-hero", "player": 0},
        },
        "state.players.0.hot_dogs_discarded",
        id="battle-arena-hot-dogs-paid-before-acting",
    ),
    pytest.param(
        "hyperstar-run",
        None,  # built from the game's worked example below
        "state.ability_used",
        id="hyperstar-run-ability-on-a-card-without-one",
    ),
    pytest.param(
        "star-realms-high-alert",
        {
            "state": {"trade": 5, "trade_row": [{"id": "r1", "card": "corsair"}]},
            "move": {"kind": "acquire", "card": "r1", "pay": 99},
        },
        "move.pay",
        id="high-alert-99-trade-with-5",
    ),
]


def _hyperstar_body(api: Any) -> dict[str, Any]:
    example = api.get("/api/v1/games/hyperstar-run/example/").json()
    state = example["state"]
    current = state["level"][state["hero"]]["card"]
    face = state["faces"][current]
    face.pop("ability", None)
    face["not_described"] = [p for p in face.get("not_described", []) if p != "ability"]
    state["ability_used"] = True
    return {"state": state, "move": example["move"]}


@pytest.mark.parametrize(("slug", "body", "field"), CASES)
def test_a_board_that_cannot_exist_is_a_400_naming_the_field(
    api: Any, slug: str, body: dict[str, Any] | None, field: str
) -> None:
    body = body or _hyperstar_body(api)
    response = api.post(f"/api/v1/games/{slug}/rulings/", body, format="json")
    assert response.status_code == 400, response.content[:600]
    details = response.json()["error"]["details"]
    assert any(d.get("field") == field for d in details), details


@pytest.mark.parametrize("name", ["Ana\u200b", "   ", "Ana\u202eneB"])
def test_a_name_no_player_can_have_is_a_400_naming_the_seat(api: Any, name: str) -> None:
    body = {
        "state": {
            "players": [{"name": "Ana", "hand": [9, 3]}, {"name": name, "hand": 5}],
            "turn": "Ana",
            "last_card": 7,
            "call": "higher",
            "call_by": "Ana",
            "deck": 20,
        },
        "move": {"kind": "play", "value": 9, "call": "lower"},
    }
    response = api.post("/api/v1/games/higher-lower/rulings/", body, format="json")
    assert response.status_code == 400, response.content[:600]
    details = response.json()["error"]["details"]
    assert any(d.get("field") == "state.players.1.name" for d in details), details
    assert "\u202e" not in response.content.decode()


def test_full_width_ana_is_ana_and_is_refused_a_second_seat(api: Any) -> None:
    body = {
        "state": {
            "players": [{"name": "Ana", "hand": [9, 3]}, {"name": "ＡＮＡ", "hand": 5}],
            "turn": "Ana",
            "last_card": 7,
            "call": "higher",
            "call_by": "Ana",
            "deck": 20,
        },
        "move": {"kind": "play", "value": 9, "call": "lower"},
    }
    response = api.post("/api/v1/games/higher-lower/rulings/", body, format="json")
    assert response.status_code == 400
    details = response.json()["error"]["details"]
    assert any(d.get("field") == "state.players.1.name" for d in details), details
