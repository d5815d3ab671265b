"""Over HTTP: a card's combat spaces described as blank are walked; a space not described
(`blank` given, the space in neither it nor holding a hazard) is a 400 naming it when a step
enters it, and the path finder says it did not search through it. A state written as before
(no `blank`) is ruled as before."""

from __future__ import annotations

import json
from typing import Any

HQ = "super-hazard-quest"
URL = f"/api/v1/games/{HQ}/rulings"
PATHS = f"/api/v1/games/{HQ}/tools/reachable"


def _board(**start: Any) -> dict[str, Any]:
    return {
        "dungeon": [
            {"x": 0, "y": 0, "exits": {"right": "unlock"}, "walls": ["up", "down", "left"]} | start,
            {"x": 1, "y": 0, "exits": {"left": "lift"}},
        ],
        "heroes": [
            {"player": "Ana", "inherent": "unlock", "x": 0, "y": 0, "unseen": 5},
            {"player": "Ben", "inherent": None, "unseen": 5},
        ],
        "turn": "Ana",
        "dungeon_deck": 24,
        "item_deck": 44,
    }


CROSS = [{"kind": "go", "dir": "right"}] * 4 + [{"kind": "go", "dir": "right", "using": "inherent"}]
MOVE = {"kind": "standard-turn", "player": "Ana", "path": CROSS}


def _rule(api: Any, state: dict[str, Any]) -> Any:
    return api.post(URL, {"state": state, "move": MOVE}, format="json")


def test_a_walk_across_spaces_described_blank_is_legal(api: Any) -> None:
    response = _rule(api, _board(blank=["left", "right"]))
    assert response.status_code == 200, response.content.decode()[:400]
    ruling = response.json()
    assert ruling["verdict"] == "legal"
    assert {r["code"]: r["rule"] for r in ruling["reasons"]}["inherent-action-used"].endswith(
        ":4.9"
    )


def test_the_same_walk_written_as_before_is_ruled_the_same(api: Any) -> None:
    before, said = _rule(api, _board()).json(), _rule(api, _board(blank=["left", "right"])).json()
    assert [(r["code"], r["rule"]) for r in before["reasons"]] == [
        (r["code"], r["rule"]) for r in said["reasons"]
    ]


def test_a_step_into_a_space_not_described_is_a_400_naming_it(api: Any) -> None:
    response = _rule(api, _board(blank=["left"]))
    assert response.status_code == 400
    body = response.content.decode()
    assert "state.dungeon.0.right_space" in body
    assert "the right combat space of the Starting Card was not described" in body
    assert "step 3 enters it" in body


def test_a_space_both_blank_and_holding_a_hazard_is_a_400_naming_the_card(api: Any) -> None:
    response = _rule(api, _board(left_space="attack", blank=["left"]))
    assert response.status_code == 400
    body = response.content.decode()
    assert "state.dungeon.0" in body
    assert "given as blank and as holding a hazard" in body


def test_a_space_named_that_is_not_left_or_right_is_a_400(api: Any) -> None:
    response = _rule(api, _board(blank=["middle"]))
    assert response.status_code == 400
    assert "blank" in response.content.decode()


def test_where_can_i_go_does_not_walk_through_a_space_not_described(api: Any) -> None:
    before = api.post(PATHS, {"state": _board(), "player": "Ana"}, format="json")
    assert before.status_code == 200, before.content.decode()[:400]
    assert [(c["x"], c["y"]) for c in before.json()["checkpoints"]] == [(1, 0)]
    unsaid = api.post(PATHS, {"state": _board(blank=[]), "player": "Ana"}, format="json")
    assert unsaid.status_code == 200
    answer = unsaid.json()
    assert answer["checkpoints"] == []
    note = next(n for n in answer["notes"] if "combat space" in n)
    assert "the left combat space of the Starting Card" in note and "not taken as blank" in note


def test_the_api_schema_says_what_a_missing_blank_means(api: Any) -> None:
    document = json.dumps(api.get("/api/v1/schema/", {"format": "json"}).json())
    assert "Absent or null (as before): every space without a hazard is blank" in document
    assert "a space neither holding a hazard nor in `blank` was not described" in document


# ----------------------------------------------------------------- counts not described


def test_a_board_without_the_deck_counts_or_the_opponents_hand_is_ruled(api: Any) -> None:
    state = _board(blank=["left", "right"])
    del state["dungeon_deck"], state["item_deck"]
    state["discard"] = None
    state["heroes"][1]["unseen"] = None
    response = _rule(api, state)
    assert response.status_code == 200, response.content.decode()[:400]
    ruling = response.json()
    assert ruling["verdict"] == "legal"
    assert ruling["next_state"]["item_deck"] is None


def test_a_turn_with_the_movers_hand_not_counted_is_a_400_naming_it(api: Any) -> None:
    state = _board(blank=["left", "right"])
    state["heroes"][0]["unseen"] = None
    response = _rule(api, state)
    assert response.status_code == 400
    assert "state.heroes.0.unseen" in response.content.decode()


def test_the_api_schema_says_what_a_null_count_means(api: Any) -> None:
    document = json.dumps(api.get("/api/v1/schema/", {"format": "json"}).json())
    assert "cards left in the Dungeon deck; absent or null: not described" in document
    assert "held cards not given; null: how many was not described" in document
