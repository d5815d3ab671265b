"""Over HTTP: Battle Arena and High Alert disputes as the website's forms build them, with a pile
described only in part (your Bench holds the Hero you bring in, the trade row the card you ask
about). A move resting on the rest of the pile is a 400 naming the pile, never a ruling that
the card is absent; the ruling page says "the rest not described", with no count as fact; a
Hero with "No weapon" is drawn as having no Super Weapon (issue 18, point 3)."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client

from games.bo_jackson_battle_arena.questions import (
    CanISubstitute,
    WhoWinsThisBattle,
    build_can_i_substitute,
    build_who_wins,
)
from games.star_realms_high_alert.questions import QUESTIONS, RequisitionPriceForm

pytestmark = pytest.mark.django_db

JSON = dict[str, Any]
ARENA = "bo-jackson-battle-arena"
ALERT = "star-realms-high-alert"


def post(api: Any, slug: str, body: JSON) -> Any:
    return api.post(f"/api/v1/games/{slug}/rulings", body, format="json")


def field_of(response: Any) -> str:
    assert response.status_code == 400, response.content.decode()[:500]
    field: str = response.json()["error"]["details"][0]["field"]
    return field


def page_of(ruling: JSON) -> str:
    return html.unescape(Client().get(ruling["url"]).content.decode())


def test_a_substitution_from_a_bench_in_part_is_ruled_and_drawn_without_a_count(api: Any) -> None:
    state, move = build_can_i_substitute(CanISubstitute(bench_hero_power=120))
    response = post(api, ARENA, {"state": state, "move": move})
    assert response.status_code == 200, response.content.decode()[:500]
    ruling = response.json()
    assert ruling["verdict"] == "legal"
    assert f"{ARENA}:4.2.2.1" in [r["rule"] for r in ruling["reasons"]]
    page = page_of(ruling)
    assert "Bench (1)" not in page
    assert "the Hero you bring in, with 120 Power (the rest not described)" in page


def test_a_hero_not_given_on_a_bench_in_part_is_a_400_naming_the_bench(api: Any) -> None:
    state, move = build_can_i_substitute(CanISubstitute())
    response = post(api, ARENA, {"state": state, "move": {**move, "hero": "someone-else"}})
    assert field_of(response) == "state.players.0.bench"


def test_a_tie_with_a_weapon_not_described_is_a_400_naming_the_weapon(api: Any) -> None:
    state, move = build_who_wins(WhoWinsThisBattle())
    assert state["players"][0]["zones"][0]["weapon"] == "none"  # "No weapon" on the form
    ruled = post(api, ARENA, {"state": state, "move": move})
    page = page_of(ruled.json())
    assert ruled.status_code == 200 and "no weapon" in page and "weapon not described" not in page
    state["players"][1]["zones"][0]["weapon"] = None
    assert field_of(post(api, ARENA, {"state": state, "move": move})) == (
        "state.players.1.zones.0.weapon"
    )


def test_a_card_not_among_a_trade_row_in_part_is_a_400_naming_the_row(api: Any) -> None:
    question = next(q for q in QUESTIONS if q.slug == "requisition-price")
    state, move = question.build(RequisitionPriceForm())
    ruled = post(api, ALERT, {"state": state, "move": move})
    assert ruled.status_code == 200, ruled.content.decode()[:500]
    assert f"{ALERT}:8.2" in [r["rule"] for r in ruled.json()["reasons"]]
    assert "Trade row (1)" not in page_of(ruled.json())
    response = post(api, ALERT, {"state": state, "move": {**move, "card": "r9"}})
    assert field_of(response) == "state.trade_row"
