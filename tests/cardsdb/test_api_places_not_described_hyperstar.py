"""Over HTTP, Hyperstar Run boards whose hand and discard pile the question did not describe
in full: the pay question is ruled (200) and its page says what was not described; a tool or
a move that reads the whole hand, or a card the question never placed, is a 400 naming the
field, never a guess or a 500 (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.hyperstar_run.questions import PayForm, build_pay
from games.hyperstar_run.shorthand import board, face

pytestmark = pytest.mark.django_db

JSON = dict[str, Any]


def post(api: Any, path: str, body: JSON) -> Any:
    return api.post(f"/api/v1/games/hyperstar-run/{path}", body, format="json")


def field_of(response: Any) -> str:
    assert response.status_code == 400, response.content.decode()[:500]
    field: str = response.json()["error"]["details"][0]["field"]
    return field


def test_paying_with_the_cards_i_discard_is_ruled_with_the_rest_not_described(api: Any) -> None:
    state, move = build_pay(PayForm())
    response = post(api, "rulings", {"state": state, "move": move})
    assert response.status_code == 200, response.content.decode()[:500]
    ruling = response.json()
    assert ruling["verdict"] == "legal"
    assert "hyperstar-run:4.3" in [r["rule"] for r in ruling["reasons"]]
    page = Client().get(ruling["url"]).content.decode()
    assert "The rest of your hand was not described." in page
    assert "The discard pile was not described." in page


def test_what_can_i_do_now_on_a_hand_not_described_is_a_400_naming_the_hand(api: Any) -> None:
    state, _ = build_pay(PayForm())
    state["faces"]["L2"] = face("C", enemy="A A *", start="B B")  # every cost described
    assert field_of(post(api, "legal-moves", {"state": state})) == "state.hand"


def test_the_best_line_on_a_hand_not_described_is_a_400_naming_the_hand(api: Any) -> None:
    state = board(
        "tutorial", level=[face("A", enemy="A")], hand=[face("A")], not_described=("hand",)
    )
    assert field_of(post(api, "tools/best-line", {"state": state})) == "state.hand"


def test_paying_with_a_card_never_placed_is_a_400_naming_that_source(api: Any) -> None:
    state, move = build_pay(PayForm())
    move["sources"][0]["card"] = "L15"  # placed nowhere: in your hand or not, not described
    response = post(api, "rulings", {"state": state, "move": move})
    assert field_of(response) == "move.sources.0.card"


def test_an_old_board_with_a_card_nowhere_is_still_a_400(api: Any) -> None:
    state = board("tutorial", level=[face("A", enemy="A")], hand=[face("A")])
    state["hand"] = state["hand"][1:]
    response = post(api, "rulings", {"state": state, "move": {"kind": "end-run"}})
    assert field_of(response) == "state"
