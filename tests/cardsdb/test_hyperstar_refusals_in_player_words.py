"""Over HTTP: a Hyperstar Run board or move that cannot be ruled on is a 400 whose detail names
the field by its path (`state.faces.L3.enemy`, for developers), while the message a player
reads names each card as the player does: by its place ("card 3 of the level", "the 1st card
in your hand"), never by the ids (`L3`, `E1`) that no printed card carries."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.hyperstar_run.questions import ComboForm, build_combo
from games.hyperstar_run.shorthand import face, said
from tests.games.hyperstar_run.helpers import discard, pass_card, tutorial_run

pytestmark = pytest.mark.django_db

JSON = dict[str, Any]
CARD_ID = re.compile(r"\b[LE]\d{1,2}\b")
END_RUN = {"kind": "end-run"}


def refusal(api: Any, state: JSON, move: JSON, path: str = "rulings") -> tuple[str, str]:
    """(field, message) of the 400, the message checked for card ids."""
    body: JSON = {"state": state} if path != "rulings" else {"state": state, "move": move}
    response = api.post(f"/api/v1/games/hyperstar-run/{path}", body, format="json")
    assert response.status_code == 400, response.content.decode()[:500]
    error = response.json()["error"]
    detail = error["details"][0]
    field, message = detail["field"], detail["message"]
    assert error["message"] == f"{field}: {message}"
    assert not CARD_ID.search(message), message
    return field, message


def _twice() -> JSON:
    state = tutorial_run()
    state["hand"][0]["card"] = "L5"  # L10 in the hand is noted as L5, which lies in the level
    return state


def _nowhere() -> JSON:
    state = tutorial_run()
    state["hand"] = state["hand"][1:]
    return state


def _current_face_down() -> JSON:
    state = tutorial_run()
    state["level"][2]["face_up"] = False
    return state


def _combo_start_unmatched() -> JSON:
    state = tutorial_run()
    state["faces"]["L3"]["combo_start"] = ["C", "D"]
    return state


def _part_given_and_not_described() -> JSON:
    state = tutorial_run()
    state["faces"]["L3"]["not_described"] = ["combo_start"]
    return state


BOARDS = [
    pytest.param(
        _twice(),
        "state.hand.0.card",
        "the 1st card in your hand is the same card as card 5 of the level",
        id="one-card-in-two-places",
    ),
    pytest.param(
        _nowhere(),
        "state",
        "1 Level Card is nowhere on the board",
        id="a-card-nowhere",
    ),
    pytest.param(
        _current_face_down(),
        "state.level.2.face_up",
        "card 3 of the level is your current card, so it is face up",
        id="current-card-face-down",
    ),
    pytest.param(
        tutorial_run(ability_used=True),
        "state.ability_used",
        "your current card (card 3 of the level) has no ability",
        id="ability-used-on-a-card-without-one",
    ),
    pytest.param(
        tutorial_run(swapped_in=["L1", "L1"]),
        "state.swapped_in.1",
        "card 1 of the level is listed twice among the cards swapped in",
        id="swapped-in-twice",
    ),
    pytest.param(
        tutorial_run(swapped_in=["L5"]),
        "state.swapped_in.0",
        "card 5 of the level is listed as swapped in, but only a card in the level behind",
        id="swapped-in-ahead-of-the-hero",
    ),
    pytest.param(
        _combo_start_unmatched(),
        "state.faces.L3.combo_start",
        "the combo start cost given for card 3 of the level, C D, is not two matching icons",
        id="combo-start-of-two-icons",
    ),
    pytest.param(
        _part_given_and_not_described(),
        "state.faces.L3",
        "the combo start cost is given, so it cannot also be not described",
        id="a-part-given-and-not-described",
    ),
]


@pytest.mark.parametrize(("state", "field", "words"), BOARDS)
def test_a_board_that_cannot_exist_is_refused_naming_cards_by_place(
    api: Any, state: JSON, field: str, words: str
) -> None:
    got, message = refusal(api, state, END_RUN)
    assert got == field
    assert words in message


def _no_current_face() -> tuple[JSON, JSON]:
    state = tutorial_run()
    del state["faces"]["L3"]
    return state, pass_card("enemy", discard("L10", "A"), discard("L11", "B"))


def _enemy_not_described() -> tuple[JSON, JSON]:
    state = tutorial_run()
    state["faces"]["L3"] = said("C", start="C C", cont="B", line="L red", ability=None)
    return state, pass_card("enemy", discard("L10", "A"), discard("L11", "B"))


def _edge_not_described() -> tuple[JSON, JSON]:
    state, move = build_combo(ComboForm())
    state["faces"]["L1"]["combo_line"]["right"] = None
    return state, move


def _paid_from_a_hand_not_described() -> tuple[JSON, JSON]:
    state = tutorial_run(hand=[face("A")], equipment=None, not_described=("hand", "discard"))
    state["equipment"] = {}
    state["set_aside"] = state["set_aside"][:2]  # L13 is placed nowhere
    return state, pass_card("enemy", discard("L13", "A"), discard("L10", "A"))


def _equipment_from_a_hand_not_described() -> tuple[JSON, JSON]:
    state = tutorial_run(
        hand=[face("A")], equipment_placed=(False, True), not_described=("hand", "discard")
    )
    return state, pass_card("enemy", discard("E1", "A"), discard("L10", "A"))


def _paid_with_buttons_not_described() -> tuple[JSON, JSON]:
    state = tutorial_run(hand=[face("A"), face("B"), None])
    return state, pass_card("enemy", discard("L10", "A"), discard("L12", "C"))


MOVES = [
    pytest.param(
        _no_current_face,
        "state.faces.L3",
        "the face of card 3 of the level is needed: it is the current card",
        id="current-face-not-given",
    ),
    pytest.param(
        _enemy_not_described,
        "state.faces.L3.enemy",
        "the enemy cost of card 3 of the level was not described",
        id="enemy-cost-not-described",
    ),
    pytest.param(
        _edge_not_described,
        "state.faces.L1.combo_line.right",
        "whether the combo line of card 1 of the level reaches its right edge was not described",
        id="combo-line-edge-not-described",
    ),
    pytest.param(
        _paid_from_a_hand_not_described,
        "move.sources.0.card",
        "whether the Level Card you pay with is in your hand was not described",
        id="paid-with-a-card-placed-nowhere",
    ),
    pytest.param(
        _equipment_from_a_hand_not_described,
        "move.sources.0.card",
        "whether your first Equipment Card is in your hand was not described",
        id="paid-with-equipment-placed-nowhere",
    ),
    pytest.param(
        _paid_with_buttons_not_described,
        "move.sources.1.card",
        "the buttons of the 3rd card in your hand were not described: they pay the cost",
        id="paid-with-buttons-not-described",
    ),
]


@pytest.mark.parametrize(("dispute", "field", "words"), MOVES)
def test_a_move_resting_on_what_was_not_described_names_cards_by_place(
    api: Any, dispute: Any, field: str, words: str
) -> None:
    state, move = dispute()
    got, message = refusal(api, state, move)
    assert got == field
    assert words in message


def test_the_best_line_tool_names_the_card_whose_edge_it_needs_by_place(api: Any) -> None:
    """The search reads the lines of the cards ahead of the hero: a line whose left edge was
    not described is named by its place, through the best-line tool."""
    state = tutorial_run()
    state["faces"]["L4"] = face("D", enemy="D", start="D D", cont="C")
    state["faces"]["L4"]["combo_line"] = {"left": None, "right": True, "colour": "red"}
    field, message = refusal(api, state, END_RUN, path="tools/best-line")
    assert field == "state.faces.L4.combo_line.left"
    assert "whether the combo line of card 4 of the level reaches its left edge" in message


BUILDER = "/games/hyperstar-run/tools/best-line/"


def _typed(**cards: str) -> JSON:
    return {"difficulty": "tutorial", "run": "1", "hero": "1", "solve": "1", **cards}


def test_the_level_builder_names_a_card_as_its_legend_does() -> None:
    response = Client().get(BUILDER, _typed(**{"L3-buttons": "A", "L3-start": "A"}))
    assert response.status_code == 400
    error = re.search(r'id="level-error"><p>([^<]*)<', response.content.decode())
    assert error is not None
    assert error[1] == "Level Card 3 in the row: a combo start cost has two icons."
    bad_number = Client().get(BUILDER, _typed(run="9"))
    assert bad_number.status_code == 400
    assert "The run (the number on the Hero Card): give a number from 1 to 4." in (
        bad_number.content.decode()
    )


def test_a_built_level_the_rules_refuse_names_the_card_by_place() -> None:
    typed = {"L2-buttons": "A", "L2-start": "A B", "E1": "A B", "E2": "C D"}
    response = Client().get(BUILDER, _typed(**typed))
    page = response.content.decode()
    error = re.search(r'id="best-line-error"><p>([^<]*)<', page)
    assert error is not None, page[:2000]
    assert error[1].startswith("This board cannot be solved: the combo start cost given for ")
    assert "card 2 of the level, A B, is not two matching icons" in error[1]
    assert not CARD_ID.search(error[1])
