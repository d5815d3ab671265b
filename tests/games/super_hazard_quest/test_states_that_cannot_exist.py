"""Disputes over Super Hazard Quest hands that cannot exist (more than five Item Cards where no
Boss Prize could have added one: refused, the field named), and the hands over five that the
rules do reach (a prize item kept, rule 7.6)."""

from __future__ import annotations

import pytest

from games.core import InvalidState

from .helpers import RULES, board, cross_right, hero, magic, room, rule, turn

ITEM_BOSS = {"actions": ["unlock"] * 4, "prize": "any-future-item"}


def six_in_hand(rooms: list[dict], dungeon_deck: int | None = None) -> dict:
    hand = [magic(f"m{i}") for i in range(6)]
    state = board(rooms, [hero("Ana", "unlock", hand=hand, unseen=0), hero("Ben", "dig")])
    if dungeon_deck is not None:
        state["dungeon_deck"] = dungeon_deck
    return state


def test_six_items_in_a_hand_are_refused_where_no_prize_gives_an_item() -> None:
    state = six_in_hand([room(0, 0, exits={"right": "unlock"}), room(1, 0)])
    with pytest.raises(InvalidState) as caught:
        RULES.parse_state(state)
    assert caught.value.field == "state.heroes.0.hand"
    assert "Ana's hand holds 6 Item Cards" in caught.value.message
    assert "rule 5.10" in caught.value.message


def test_five_unseen_and_one_shown_are_six_too() -> None:
    state = board(
        [room(0, 0)], [hero("Ana", "unlock", hand=[magic("m")], unseen=5), hero("Ben", "dig")]
    )
    with pytest.raises(InvalidState) as caught:
        RULES.parse_state(state)
    assert caught.value.field == "state.heroes.0.hand"


def test_six_items_are_a_table_where_a_mini_boss_gives_an_item() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=ITEM_BOSS), room(1, 0)]
    RULES.parse_state(six_in_hand(rooms))


def test_six_items_are_a_table_where_the_dungeon_is_not_described_whole() -> None:
    state = six_in_hand([room(0, 0, exits={"right": "unlock"}), room(1, 0)])
    state["dungeon_deck"] = None
    RULES.parse_state(state)


def test_a_hand_over_five_is_reached_by_keeping_prize_items() -> None:
    """Ana beats the Mini-Boss twice with her Inherent Action alone and keeps both prizes:
    she ends the turn with seven items, and that board is ruled on, not refused."""
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=ITEM_BOSS), room(1, 0)]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")])
    fight = {"kind": "fight", "using": ["inherent"] * 4}
    move = turn(
        "Ana",
        {**fight, "take": magic("p1")},
        {**fight, "take": magic("p2")},
        *cross_right("inherent"),
    )
    after = rule(state, move).next_state
    assert after is not None
    assert len(after["heroes"][0]["hand"]) + after["heroes"][0]["unseen"] == 7
    RULES.parse_state(after)
