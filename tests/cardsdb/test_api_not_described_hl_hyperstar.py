"""Over HTTP: a Higher or Lower booster dispute and a Hyperstar Run press dispute as the
website's forms build them, with the pile and the faces not described, are ruled; a question
whose ruling rests on what was not described is a 400 naming the field, never a guess or a
500; the ruling page's picture says "not described" (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.higher_lower.questions import CanIPlayABooster, build_booster
from games.hyperstar_run.questions import ComboForm, PressForm, build_combo, build_press
from games.hyperstar_run.shorthand import board, face, said

pytestmark = pytest.mark.django_db

JSON = dict[str, Any]


def post(api: Any, slug: str, path: str, body: JSON) -> Any:
    return api.post(f"/api/v1/games/{slug}/{path}", body, format="json")


def field_of(response: Any) -> str:
    assert response.status_code == 400, response.content.decode()[:500]
    field: str = response.json()["error"]["details"][0]["field"]
    return field


def test_a_booster_on_a_pile_not_described_is_ruled_and_drawn_as_not_described(api: Any) -> None:
    state, move = build_booster(CanIPlayABooster())
    response = post(api, "higher-lower", "rulings", {"state": state, "move": move})
    assert response.status_code == 200, response.content.decode()[:500]
    ruling = response.json()
    assert ruling["verdict"] == "legal"
    assert "higher-lower:5.1" in [r["rule"] for r in ruling["reasons"]]
    page = Client().get(ruling["url"]).content.decode()
    assert "A card has been laid, but the last card laid was not described" in page
    assert "the call was not described" in page


def test_laying_a_card_on_a_pile_not_described_is_a_400_naming_the_last_card(api: Any) -> None:
    state, _ = build_booster(CanIPlayABooster())
    move = {"kind": "play", "value": 9, "call": "lower"}
    assert field_of(post(api, "higher-lower", "rulings", {"state": state, "move": move})) == (
        "state.last_card"
    )
    listed = post(api, "higher-lower", "legal-moves", {"state": state})
    assert field_of(listed) == "state.last_card"


def test_a_press_is_ruled_without_the_current_card(api: Any) -> None:
    state, move = build_press(PressForm(current_card=3, press_card=1))
    response = post(api, "hyperstar-run", "rulings", {"state": state, "move": move})
    assert response.status_code == 200, response.content.decode()[:500]
    ruling = response.json()
    assert ruling["verdict"] == "legal"
    assert [r["rule"] for r in ruling["reasons"]] == ["hyperstar-run:5.5"]
    page = Client().get(ruling["url"]).content.decode()
    assert "not described" in page


def test_a_combo_without_the_line_before_is_a_400_naming_it(api: Any) -> None:
    state, move = build_combo(ComboForm())
    state["faces"]["L1"]["combo_line"]["right"] = None
    response = post(api, "hyperstar-run", "rulings", {"state": state, "move": move})
    assert field_of(response) == "state.faces.L1.combo_line.right"


def test_the_best_line_refuses_a_cost_not_described_naming_it(api: Any) -> None:
    state = board(
        "tutorial",
        level=[face("A", enemy="A"), said("B", start=None, cont=None, line=None, ability=None)],
        hand=[face("A"), face("A")],
    )
    response = post(api, "hyperstar-run", "tools/best-line", {"state": state})
    assert field_of(response) == "state.faces.L2.enemy"


def test_the_best_line_of_a_combo_ruling_says_what_the_search_would_need(api: Any) -> None:
    """The combo question described two cards in part: the ruling's best-line page answers in
    words what is missing (200), where the API tool refuses naming the field (400)."""
    state, move = build_combo(ComboForm())
    ruling = post(api, "hyperstar-run", "rulings", {"state": state, "move": move}).json()
    response = Client().get(ruling["url"] + "best-line/")
    assert response.status_code == 200
    page = response.content.decode()
    said = "Your best line cannot be searched on this board: the enemy cost of card 2 of the level"
    assert f"{said} was not described" in page
    assert "rests on it" not in page
    tool = post(api, "hyperstar-run", "tools/best-line", {"state": state})
    assert field_of(tool) == "state.faces.L2.enemy"
