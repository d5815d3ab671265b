"""The desk over HTTP: every ruling answers in plain words, a void part of a move comes back
with its rule, a whole game log names its winner, and legal-moves says why it lists nothing."""

from __future__ import annotations

from typing import Any

import pytest

from games.hyperstar_run.shorthand import board, face
from tests.games.plain_answers import assert_answer_is_plain

pytestmark = pytest.mark.django_db

HL = "/api/v1/games/higher-lower"


def _hl_table(hand: list[int], last: int = 7) -> dict[str, Any]:
    return {
        "players": [
            {"name": "Ana", "hand": hand, "boosters": 0},
            {"name": "Ben", "hand": 5, "boosters": 0},
        ],
        "turn": "Ana",
        "last_card": last,
        "call": "higher",
        "call_by": "Ben",
        "deck": 20,
    }


def test_an_illegal_card_is_answered_no_in_plain_words(api: Any) -> None:
    body = {"state": _hl_table([5, 2]), "move": {"kind": "play", "value": 5, "call": "lower"}}
    ruling = api.post(f"{HL}/rulings", body, format="json").json()
    assert ruling["verdict"] == "illegal"
    assert ruling["answer"] == "No: a 5 is not higher than the 7."


def test_a_void_call_comes_back_with_its_rule_and_the_corrected_state(api: Any) -> None:
    body = {
        "state": _hl_table([1, 2], last=9) | {"call": "lower"},
        "move": {"kind": "play", "value": 1, "call": "lower"},
    }
    ruling = api.post(f"{HL}/rulings", body, format="json").json()
    assert ruling["verdict"] == "legal"
    assert [v["code"] for v in ruling["voided"]] == ["automatic-call-void"]
    assert ruling["voided"][0]["url"] == "/games/higher-lower/rules/#4.8"
    assert ruling["next_state"]["call"] == "higher"
    assert "higher-lower:4.8" in [r["key"] for r in ruling["cited_rules"]]


def test_a_game_log_to_the_end_names_the_winner(api: Any) -> None:
    state = _hl_table([9])
    body = {"state": state, "moves": [{"kind": "play", "value": 9, "call": "lower"}]}
    ruled = api.post(f"{HL}/rulings", body, format="json").json()
    assert ruled["verdict"] == "legal" and ruled["game_over"] and ruled["winner"] == "Ana"
    assert ruled["answer"] == "Ana has no playing cards left and wins. The move is legal."
    assert ruled["deciding_rule"] == "higher-lower:2.1"


def test_a_game_log_that_breaks_names_who_broke_it(api: Any) -> None:
    body = {
        "state": _hl_table([9, 3]),
        "moves": [{"kind": "play", "value": 9, "call": "lower"}, {"kind": "draw", "player": "Ana"}],
    }
    ruled = api.post(f"{HL}/rulings", body, format="json").json()
    assert ruled["verdict"] == "illegal" and ruled["first_illegal"] == 1
    assert ruled["first_illegal_by"] == "Ana"


@pytest.mark.parametrize("slug", ["higher-lower", "hyperstar-run", "star-realms-high-alert"])
def test_each_worked_example_is_answered_in_plain_words(api: Any, slug: str) -> None:
    example = api.get(f"/api/v1/games/{slug}/example/").json()
    ruling = api.post(f"/api/v1/games/{slug}/rulings", example, format="json").json()
    from games.core import Ruling

    assert_answer_is_plain(Ruling.model_validate(ruling))


def test_legal_moves_says_the_list_is_complete(api: Any) -> None:
    response = api.post(f"{HL}/legal-moves", {"state": _hl_table([9, 3])}, format="json")
    assert response.status_code == 200
    assert response.json()["listing"] == "complete"
    assert {"kind": "play", "value": 9, "call": "lower", "player": None} in response.json()["moves"]


def test_legal_moves_says_when_there_are_too_many_to_list(api: Any) -> None:
    """Eight star icons, paid from hand cards of four buttons each: finite, but too many ways."""
    stars = " ".join(["*"] * 8)
    state = board(
        "tutorial",
        level=[face("A", enemy=stars)],
        hand=[face("A B C D")] * 3,
        equipment=("A B", "C D"),
    )
    response = api.post("/api/v1/games/hyperstar-run/legal-moves", {"state": state}, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == {"moves": None, "listing": "too-many"}
