"""Over HTTP: a board that leaves a hero's place or a card's side undescribed is ruled without
it, and where the ruling would rest on it the answer is a 400 naming the field."""

from __future__ import annotations

from typing import Any

HQ = "super-hazard-quest"
URL = f"/api/v1/games/{HQ}/rulings"


def _board(**ben: Any) -> dict[str, Any]:
    return {
        "dungeon": [
            {"x": 0, "y": 0, "exits": {"right": "unlock"}, "walls": ["up"]},
            {"x": 1, "y": 0, "exits": {"left": "lift"}, "walls": []},
        ],
        "heroes": [
            {"player": "Ana", "inherent": "unlock", "x": 0, "y": 0, "unseen": 5},
            {"player": "Ben", "inherent": None, "unseen": 5, **ben},
        ],
        "turn": "Ana",
        "dungeon_deck": 24,
        "item_deck": 44,
    }


CROSS = [{"kind": "go", "dir": "right"}] * 4 + [{"kind": "go", "dir": "right", "using": "inherent"}]


def test_a_walk_is_ruled_though_the_opponents_place_and_some_sides_were_not_given(
    api: Any,
) -> None:
    move = {"kind": "standard-turn", "player": "Ana", "path": CROSS}
    response = api.post(URL, {"state": _board(), "move": move}, format="json")
    assert response.status_code == 200, response.content.decode()[:400]
    ruling = response.json()
    assert ruling["verdict"] == "legal"
    assert {r["code"]: r["rule"] for r in ruling["reasons"]}["inherent-action-used"].endswith(
        ":4.9"
    )
    ben = ruling["next_state"]["heroes"][1]
    assert ben.get("x") is None and ben.get("y") is None


def test_a_step_through_a_side_not_described_is_a_400_naming_it(api: Any) -> None:
    move = {
        "kind": "standard-turn",
        "player": "Ana",
        "path": [{"kind": "go", "dir": "left", "using": "inherent", "drawn": {}}],
    }
    response = api.post(URL, {"state": _board(), "move": move}, format="json")
    assert response.status_code == 400
    body = response.content.decode()
    assert "state.dungeon.0.walls" in body
    assert "the left side of the Starting Card was not described" in body


def test_a_step_into_a_described_wall_is_illegal_not_a_400(api: Any) -> None:
    move = {
        "kind": "standard-turn",
        "player": "Ana",
        "path": [{"kind": "go", "dir": "left", "using": "inherent", "drawn": {}}],
    }
    state = _board()
    state["dungeon"][0] = {"x": 0, "y": 0, "exits": {"right": "unlock"}, "walls": ["left"]}
    response = api.post(URL, {"state": state, "move": move}, format="json")
    assert response.status_code == 200
    ruling = response.json()
    assert ruling["verdict"] == "illegal"
    assert (ruling["reasons"][0]["code"], ruling["reasons"][0]["rule"][-4:]) == ("wall", ":4.4")


def test_a_hero_battle_needs_the_opponents_place(api: Any) -> None:
    state = _board()
    state["heroes"][0]["unseen"] = 4
    state["heroes"][0]["hand"] = [{"kind": "hazard", "id": "t", "hazard": "combat"}]
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [{"item": "t", "action": "hide"}],
    }
    response = api.post(URL, {"state": state, "move": move}, format="json")
    assert response.status_code == 400
    assert "state.heroes.1.x" in response.content.decode()


def test_the_api_schema_says_what_a_missing_wall_and_a_missing_place_mean(api: Any) -> None:
    import json

    document = json.dumps(api.get("/api/v1/schema/", {"format": "json"}).json())
    assert "Absent or null (as before): every side without an exit is a wall" in document
    assert "a side in neither `exits` nor `walls` was not described" in document
