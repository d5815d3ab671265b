"""Super Hazard Quest over HTTP: a ruling and "Where can I go?" name the reading their answer
turns on, with what the other reading would answer, and say nothing of one merely used."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from tests.cardsdb import disputes
from tests.games.super_hazard_quest.helpers import (
    board,
    cross_right,
    hazard_item,
    hero,
    room,
    super_item,
    turn,
)

pytestmark = pytest.mark.django_db

SLUG = "super-hazard-quest"
HAZARD_READING = "super-hazard-quest:hazard-item-in-a-turn"


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def climb_in_the_way() -> dict[str, Any]:
    """The right exit asks Climb, which Ana (Unlock) cannot give: only a Direction Hazard Item
    put over it, asking Unlock, opens the way."""
    return board(
        [room(0, 0, exits={"right": "climb"}), room(1, 0)],
        [hero("Ana", "unlock", hand=[hazard_item("h", "direction")]), hero("Ben", "dig")],
    )


def test_the_path_finder_tool_names_the_reading_its_route_turns_on(api: Any) -> None:
    body = {"state": climb_in_the_way(), "player": "Ana"}
    response = api.post(f"/api/v1/games/{SLUG}/tools/reachable", body, format="json")
    assert response.status_code == 200, response.content
    found = response.json()
    assert [(d["x"], d["y"]) for d in found["checkpoints"]] == [(1, 0)]
    assert found["readings_deciding"] == [
        {
            "key": HAZARD_READING,
            "other_verdict": "",
            "other_answer": "Ana can reach no other Checkpoint.",
        }
    ]


def test_the_path_finder_tool_flags_nothing_on_a_plain_walk(api: Any) -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0)],
        [hero("Ana", "unlock", hand=[super_item("s", "hide")]), hero("Ben", "dig")],
    )
    response = api.post(
        f"/api/v1/games/{SLUG}/tools/reachable", {"state": state, "player": "Ana"}, format="json"
    )
    assert response.status_code == 200, response.content
    assert response.json()["readings_deciding"] == []


def test_a_ruling_and_its_where_can_i_go_page_raise_the_banner(web: Client) -> None:
    place = {"kind": "place-hazard", "item": "h", "x": 0, "y": 0, "spot": "right"}
    move = turn("Ana", {**place, "hazard": "unlock"}, *cross_right("inherent"))
    ruling = disputes.settle(web, climb_in_the_way(), move, slug=SLUG)
    page = text_of(web.get(ruling).content.decode())
    assert "This answer turns on our reading of a point the rulebook leaves open" in page
    assert "Read the other way: No, Ana cannot make that turn." in page
    reach = text_of(web.get(ruling + "reachable/").content.decode())
    assert "Read the other way: Ana can reach no other Checkpoint." in reach


def test_a_plain_walk_raises_no_banner(web: Client) -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0)],
        [hero("Ana", "unlock"), hero("Ben", "dig")],
    )
    ruling = disputes.settle(web, state, turn("Ana", *cross_right("inherent")), slug=SLUG)
    assert "Read the other way" not in text_of(web.get(ruling).content.decode())
    assert "Read the other way" not in text_of(web.get(ruling + "reachable/").content.decode())
