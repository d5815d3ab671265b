"""States that cannot exist and moves that name what the state lacks are bad input (400s)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidMove, InvalidState

from .helpers import RULES, other, played, use_ally


def refused_state(state: dict[str, Any], move: dict[str, Any] | None = None) -> InvalidState:
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, move or use_ally())
    return caught.value


def test_a_hero_cannot_be_in_the_play_area() -> None:
    err = refused_state({"play_area": [played("doctor-clark")]})
    assert err.field == "state.play_area.0.card"


def test_a_tech_cannot_be_in_the_discard_pile() -> None:
    err = refused_state({"discard_pile": [{"id": "d1", "card": "laser"}]})
    assert err.field == "state.discard_pile.0.card"


def test_more_copies_than_the_set_holds() -> None:
    state = {
        "play_area": [played("corsair", "c1"), played("corsair", "c2")],
        "trade_row": [{"id": "r1", "card": "corsair"}],
    }
    assert refused_state(state).field == "state.trade_row.0.card"


def test_one_id_in_two_places() -> None:
    state = {"play_area": [played("corsair", "x")], "trade_row": [{"id": "x", "card": "hellfire"}]}
    assert refused_state(state).field == "state.trade_row.0.id"


def test_an_unknown_card_slug() -> None:
    assert refused_state({"play_area": [played("mothership")]}).field == "state.play_area.0.card"


def test_a_high_alert_card_with_the_wrong_faction() -> None:
    err = refused_state({"play_area": [played("corsair", factions=["blob"])]})
    assert err.field == "state.play_area.0.factions"


def test_a_high_alert_card_with_the_wrong_cost() -> None:
    err = refused_state({"trade_row": [{"id": "r1", "card": "corsair", "cost": 1}]})
    assert err.field == "state.trade_row.0.cost"


def test_an_ally_used_on_a_card_without_one() -> None:
    err = refused_state({"play_area": [played("arsenal", ally_used=True)]})
    assert err.field == "state.play_area.0.ally_used"


def test_an_outside_trade_row_card_without_a_cost() -> None:
    err = refused_state({"trade_row": [{"id": "r1", "name": "Cutter"}]})
    assert err.field == "state.trade_row.0.cost"


def test_negative_trade_is_refused_with_its_field() -> None:
    assert refused_state({"trade": -1}).field == "state.trade"


def test_an_unknown_faction_symbol_is_refused() -> None:
    err = refused_state({"play_area": [{"id": "o1", "factions": ["zerg"]}]})
    assert err.field.startswith("state.play_area.0.factions")


def test_a_move_naming_a_card_not_in_play() -> None:
    with pytest.raises(InvalidMove) as caught:
        RULES.rule_json({"play_area": [other("blob")]}, use_ally("c9"))
    assert caught.value.field == "move.card"


def test_stealth_without_a_chosen_faction() -> None:
    state = {"trade": 2, "techs": [{"id": "t1", "card": "stealth"}]}
    with pytest.raises(InvalidMove) as caught:
        RULES.rule_json(state, {"kind": "use-tech", "tech": "t1"})
    assert caught.value.field == "move.faction"


def test_a_faction_given_to_a_tech_that_takes_none() -> None:
    state = {"trade": 2, "techs": [{"id": "t1", "card": "laser"}]}
    with pytest.raises(InvalidMove):
        RULES.rule_json(state, {"kind": "use-tech", "tech": "t1", "faction": "blob"})


def test_an_unknown_move_kind() -> None:
    with pytest.raises(InvalidMove):
        RULES.rule_json({}, {"kind": "attack"})
