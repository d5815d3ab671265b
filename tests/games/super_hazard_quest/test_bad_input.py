"""States that cannot exist and moves that name what is not there are bad input (400s)."""

from __future__ import annotations

import pytest

from games.core import InvalidMove, InvalidState
from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import board, cross_right, hero, room, turn


def base() -> dict:
    return board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock"), hero("Ben", "dig")]
    )


def test_the_worked_example_is_legal() -> None:
    example = RULES.example()
    assert RULES.rule_json(example["state"], example["move"]).legal


def test_two_cards_in_one_space_is_refused() -> None:
    state = base()
    state["dungeon"].append(room(0, 0))
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.dungeon.1"


def test_more_items_than_the_box_holds_is_refused() -> None:
    state = base()
    state["item_deck"] = 54
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.item_deck"


def test_two_heroes_with_the_same_inherent_action_is_refused() -> None:
    state = base()
    state["heroes"][1]["inherent"] = "unlock"
    with pytest.raises(InvalidState, match="Inherent"):
        RULES.parse_state(state)


def test_a_combat_hazard_on_an_exit_is_refused() -> None:
    state = base()
    state["dungeon"][0]["exits"]["right"] = "attack"
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.dungeon.0.exits.right"


def test_a_hero_between_turns_off_a_checkpoint_is_refused() -> None:
    state = base()
    state["dungeon"][0]["checkpoint"] = False
    with pytest.raises(InvalidState):
        RULES.parse_state(state)


def test_an_item_not_in_hand_is_refused() -> None:
    state = base()
    with pytest.raises(InvalidMove) as err:
        RULES.rule_json(state, turn("Ana", *cross_right("sword", drawn={})))
    assert err.value.field == "move.path.4.using"


def test_entering_empty_space_without_the_card_drawn_is_refused() -> None:
    with pytest.raises(InvalidMove, match="give the Dungeon Card drawn"):
        RULES.rule_json(base(), turn("Ana", *cross_right("inherent")))


def test_an_unknown_player_is_refused() -> None:
    with pytest.raises(InvalidMove) as err:
        RULES.rule_json(base(), turn("Zed", *cross_right("inherent", drawn={})))
    assert err.value.field == "move.player"
