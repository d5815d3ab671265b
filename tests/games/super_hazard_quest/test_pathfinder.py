"""The path finder: its routes are legal turns, and it agrees with brute force."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from games.super_hazard_quest import pathfinder
from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.state import State
from tests.fuzz_size import examples
from tests.games.super_hazard_quest.helpers import board, dual, hero, room, super_item
from tests.games.super_hazard_quest.oracle import legal_turns
from tests.games.super_hazard_quest.strategies import action_hand_states, states


def brute_force_turns(state_json: dict[str, Any], depth: int) -> dict[tuple[int, int], list[set]]:
    """Every legal walk of at most `depth` steps onto another card's Checkpoint: for each
    card, the sets of items the turns onto it spend."""
    return legal_turns(state_json, depth)


def brute_force(state_json: dict[str, Any], depth: int) -> set[tuple[int, int]]:
    """Every card whose Checkpoint ends a legal turn of at most `depth` steps."""
    return set(brute_force_turns(state_json, depth))


def finder(state_json: dict[str, Any]) -> set[tuple[int, int]]:
    state = RULES.parse_state(state_json)
    return {(d.x, d.y) for d in reachable(state, "Ana").checkpoints}


def square() -> dict[str, Any]:
    rooms = [
        room(0, 0, exits={"right": "unlock", "up": "climb"}, left_space="attack"),
        room(1, 0, exits={"up": "climb"}, right_space="hide"),
        room(0, 1, exits={"right": "unlock"}, checkpoint=False),
        room(1, 1, left_space="stomp"),
    ]
    hand = [dual("d", "attack", "climb"), super_item("s", "hide")]
    return board(rooms, [hero("Ana", "unlock", hand=hand, unseen=3), hero("Ben", "dig")])


def test_the_path_finder_agrees_with_brute_force_on_a_square() -> None:
    state = square()
    assert finder(state) == brute_force(state, depth=12) == {(1, 0), (1, 1)}


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_the_path_finder_agrees_with_brute_force_on_small_dungeons(state: dict) -> None:
    # Keep brute force cheap: at most three cards and paths of at most eight steps.
    depth = 8
    state["dungeon"] = state["dungeon"][:3]
    state["dungeon_deck"] = 26 - len(state["dungeon"])
    brute = brute_force(state, depth)
    answer = reachable(RULES.parse_state(state), "Ana")
    # Brute force here only walks: a route that places a hazard first is checked against the
    # brute force with placements (test_hazard_routes.py).
    walking = [d for d in answer.checkpoints if d.route[0].get("kind") != "place-hazard"]
    short = {(d.x, d.y) for d in walking if len(d.route) <= depth}
    assert brute <= {(d.x, d.y) for d in answer.checkpoints}
    assert short <= brute


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action_hand_states())
def test_the_fewest_items_and_the_running_leaps_agree_with_brute_force(state: dict) -> None:
    # A hand of Action Items only and no unseen card, so a Running Leap can be open: the
    # path finder spends no more items than any turn brute force finds, exactly as few when
    # its route is short enough for brute force, and offers a leap exactly where brute force
    # finds a turn that uses the whole hand.
    depth = 8
    state["dungeon"] = state["dungeon"][:3]
    state["dungeon_deck"] = 26 - len(state["dungeon"])
    turns = brute_force_turns(state, depth)
    answer = reachable(RULES.parse_state(state), "Ana")
    whole = {item["id"] for item in state["heroes"][0]["hand"]}
    assert set(turns) <= {(d.x, d.y) for d in answer.checkpoints}
    for dest in answer.checkpoints:
        spent = turns.get((dest.x, dest.y), [])
        if spent:
            assert len(dest.items) <= min(len(s) for s in spent)
        if len(dest.route) <= depth:
            assert spent and len(dest.items) == min(len(s) for s in spent)
        if whole in spent:
            assert dest.leap_available
        if dest.leap_available and dest.leap_route is not None and len(dest.leap_route) <= depth:
            assert whole in spent


def test_every_route_found_is_a_legal_turn_ending_there_with_the_items_listed() -> None:
    state_json = square()
    state = RULES.parse_state(state_json)
    answer = reachable(state, "Ana")
    assert [len(d.items) for d in answer.checkpoints] == sorted(
        len(d.items) for d in answer.checkpoints
    )
    for dest in answer.checkpoints:
        move = {"kind": "standard-turn", "player": "Ana", "path": dest.route}
        ruling = RULES.rule_json(state_json, move)
        assert ruling.legal, ruling.summary
        assert (ruling.next_state["heroes"][0]["x"], ruling.next_state["heroes"][0]["y"]) == (
            dest.x,
            dest.y,
        )


def test_a_running_leap_is_offered_where_the_whole_hand_can_be_spent() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, left_space="attack", right_space="hide"),
        room(1, 0),
    ]
    state_json = board(
        rooms,
        [hero("Ana", "unlock", hand=[dual("d", "attack", "hide")], unseen=4), hero("Ben", "dig")],
    )
    dest = reachable(RULES.parse_state(state_json), "Ana").checkpoints[0]
    assert not dest.leap_available  # four unseen cards are still in hand
    state_json["heroes"][0]["unseen"] = 0
    # A hand of one: where the other Item Cards are is not described (hands hold five at
    # most, rule 5.10, so the Item deck and the discard pile are not both empty).
    state_json["item_deck"] = state_json["discard"] = None
    dest = reachable(RULES.parse_state(state_json), "Ana").checkpoints[0]
    assert dest.leap_available and dest.leap_route is not None
    move = {
        "kind": "standard-turn",
        "player": "Ana",
        "path": dest.leap_route,
        "leap": {"dir": "right", "drawn": {}},
    }
    assert RULES.rule_json(state_json, move).legal


def big_dungeon() -> State:
    rooms = []
    actions = ["attack", "hide", "stomp", "defend"]
    for n in range(26):
        x, y = n % 6, n // 6
        exits = {"right": "unlock", "up": "climb", "left": "lift", "down": "dig"}
        rooms.append(
            room(
                x,
                y,
                exits=exits,
                left_space=actions[n % 4],
                right_space=actions[(n + 1) % 4],
                checkpoint=n % 3 != 1,
            )
        )
    hand = [
        dual("d", "attack", "hide"),
        super_item("s", "stomp"),
        dual("e", "defend", "climb"),
        {"kind": "magic", "id": "m"},
        {"kind": "super-magic", "id": "sm"},
    ]
    return RULES.parse_state(
        board(rooms, [hero("Ana", "unlock", hand=hand), hero("Ben", "dig")], dungeon_deck=0)
    )


def test_the_path_finder_searches_a_full_dungeon_in_a_few_thousand_states(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Work, not time: with the search cut at 5,000 states (the limit a question gets is
    # NODE_LIMIT, 60,000), the full dungeon is still searched to the end (1,079 states on
    # 2026-12-02). How long it takes is measured in bench/hazard_pathfinder_bench.py.
    monkeypatch.setattr(pathfinder, "NODE_LIMIT", 5_000)
    answer = reachable(big_dungeon(), "Ana")
    assert not answer.truncated
    assert answer.checkpoints


def test_a_hand_of_five_super_magic_items_is_searched_in_full() -> None:
    # Interchangeable items (five Super Magic Items) are searched once per way of using them,
    # not once per order: the search ends, and every Checkpoint is open with a leap.
    rooms = [
        room(
            n % 6,
            n // 6,
            exits={"right": "unlock", "up": "climb", "left": "lift", "down": "dig"},
            left_space="attack",
            right_space="hide",
        )
        for n in range(26)
    ]
    hand = [{"kind": "super-magic", "id": f"sm{k}"} for k in range(5)]
    state = RULES.parse_state(
        board(rooms, [hero("Ana", "stomp", hand=hand), hero("Ben", "dig")], dungeon_deck=0)
    )
    answer = reachable(state, "Ana")
    assert not answer.truncated
    assert len(answer.checkpoints) == 25
    assert all(d.leap_available for d in answer.checkpoints)
    # Nearest: up one card, set to Attack (the left space) and Climb, back left to the flag.
    nearest = answer.checkpoints[0]
    assert (nearest.x, nearest.y, nearest.items) == (0, 1, ["sm0", "sm1"])
