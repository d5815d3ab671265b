"""Disputes answered in the player's words: a card is the one you drew or the room to your
right, counted from where your hero began the turn; an item is what is printed on it; never the
grid coordinates or the labels the board's JSON gives them."""

from __future__ import annotations

import copy
import re
from typing import Any

from games.super_hazard_quest.rules import EXAMPLE_MOVE, EXAMPLE_STATE, RULES

# grid coordinates, or the hand's labels "a" and "b" standing for the items
LABELS = re.compile(r"\(-?\d+, -?\d+\)|\bitems? [ab]\b|\([ab]\)")


def seated(name: str = "You") -> tuple[dict[str, Any], dict[str, Any]]:
    """The rulebook's walk: your hero on the Starting Card, the room to your right beyond an
    Unlock door, an Attack / Hide item and a Super Item (Climb) in hand."""
    state, move = copy.deepcopy(EXAMPLE_STATE), copy.deepcopy(EXAMPLE_MOVE)
    state["heroes"][0]["player"] = state["turn"] = move["player"] = name
    return state, move


def test_walking_right_ends_on_the_checkpoint_of_the_room_to_your_right() -> None:
    ruling = RULES.rule_json(*seated())
    assert ruling.legal
    assert ruling.answer.endswith("Your turn ends on the Checkpoint of the room to your right.")
    passed = next(r.detail for r in ruling.reasons if r.code == "hazard-passed")
    assert passed == "step 1: Attack hazard passed with the Attack / Hide item"
    said = " | ".join([ruling.answer, ruling.summary, *(r.detail for r in ruling.reasons)])
    assert not LABELS.search(said), said


def test_another_player_is_named_in_the_third_person() -> None:
    ruling = RULES.rule_json(*seated("Ana"))
    assert ruling.answer.endswith("Ana's turn ends on the Checkpoint of the room to Ana's right.")


def test_a_super_item_used_for_the_wrong_action_is_named_as_printed() -> None:
    state, move = seated()
    move["path"][0]["using"] = "b"  # the Super Item gives Climb, the hazard asks for Attack
    ruling = RULES.rule_json(state, move)
    assert not ruling.legal
    assert ruling.answer == (
        "No, you cannot make that turn. Step 1: the Super Item (Climb) gives Climb, not Attack."
    )


def test_two_items_printed_alike_keep_the_label_you_gave_them() -> None:
    state, move = seated()
    state["heroes"][0]["hand"][1] = {
        "kind": "dual-action",
        "id": "c",
        "actions": ["attack", "hide"],
    }
    ruling = RULES.rule_json(state, move)
    passed = next(r.detail for r in ruling.reasons if r.code == "hazard-passed")
    assert passed == "step 1: Attack hazard passed with the Attack / Hide item “a”"
