"""Over HTTP: a Battle Arena or High Alert board or move that names a card twice, or one that is
not there, is a 400 naming the field (the path, for developers); the message a player reads
names players and places in words, never the state's ids, slugs or paths."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games import registry

pytestmark = pytest.mark.django_db

JSON = dict[str, Any]


def refusal(api: Any, slug: str, body: JSON, *ids: str) -> tuple[str, str]:
    """(field, message) of the 400, the message checked for the ids given and for paths."""
    response = api.post(f"/api/v1/games/{slug}/rulings", body, format="json")
    assert response.status_code == 400, response.content.decode()[:500]
    detail = response.json()["error"]["details"][0]
    message: str = detail["message"]
    for said in ("state.", "move.", *ids):
        assert said not in message, (said, message)
    return detail["field"], message


def _arena() -> JSON:
    return copy.deepcopy(registry["bo-jackson-battle-arena"].example())


def _alert() -> JSON:
    return copy.deepcopy(registry["star-realms-high-alert"].example())


def test_a_battle_arena_hero_on_the_field_and_on_the_bench_is_one_card_in_two_places(
    api: Any,
) -> None:
    body = _arena()
    me = body["state"]["players"][0]
    twin = me["zones"][2]
    me["bench"] = [*me["bench"], twin]
    field, message = refusal(api, "bo-jackson-battle-arena", body, f"'{twin['id']}'")
    assert field == f"state.players.0.bench.{len(me['bench']) - 1}"
    assert message == (
        f"card {len(me['bench'])} of Player A's Bench is the same card ({twin['name']}) as "
        "Player A's Hero for battle 3: a card is in one place"
    )


def test_a_battle_arena_substitution_of_a_hero_not_given_names_the_player(api: Any) -> None:
    body = _arena()
    body["move"] = {"kind": "substitute", "player": 1, "hero": "no-such-hero"}
    field, message = refusal(api, "bo-jackson-battle-arena", body, "no-such-hero", "player 1")
    assert field == "move.hero"
    assert message.startswith("Player B has no such Hero")


def test_a_high_alert_card_acquired_from_outside_the_trade_row_is_said_in_words(
    api: Any,
) -> None:
    body = _alert()
    body["move"]["card"] = "r9"
    field, message = refusal(api, "star-realms-high-alert", body, "r9")
    assert field == "move.card"
    assert message == "the card you acquire is not in the trade row"


def test_a_high_alert_id_used_twice_names_both_places(api: Any) -> None:
    body = _alert()
    body["state"]["trade_row"][1]["id"] = "c1"  # the id of the Hellfire in play
    field, message = refusal(api, "star-realms-high-alert", body, "c1")
    assert field == "state.trade_row.1.id"
    assert message.startswith("card 2 of the trade row has the same id as card 1 of your play area")


def test_a_high_alert_slug_no_card_has_is_not_echoed_as_a_card(api: Any) -> None:
    body = _alert()
    body["state"]["trade_row"][0]["card"] = "mothership-x"
    field, message = refusal(api, "star-realms-high-alert", body, "mothership-x")
    assert field == "state.trade_row.0.card"
    assert "not a High Alert card" in message


def test_a_high_alert_hero_in_the_play_area_says_where_in_words(api: Any) -> None:
    body = _alert()
    body["state"]["play_area"].append({"id": "c3", "card": "doctor-clark"})
    field, message = refusal(api, "star-realms-high-alert", body, "play_area")
    assert field == "state.play_area.2.card"
    assert "cannot be in your play area" in message
