"""The path finder places hazards with Hazard Items to open a route, as the rulings allow:
every route it returns replays as a legal turn, and brute force over legal moves (placements
included) on small random positions finds no Checkpoint it missed."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.state import COMBAT_ACTIONS, DIRECTION_ACTIONS
from tests.fuzz_size import examples
from tests.games.super_hazard_quest.helpers import (
    board,
    dual,
    hazard_item,
    hero,
    room,
    super_item,
)
from tests.games.super_hazard_quest.oracle import legal_turns, placements
from tests.games.super_hazard_quest.strategies import items, rooms, states


def replay(state_json: dict[str, Any], route: list[dict[str, Any]]) -> Any:
    return RULES.rule_json(state_json, {"kind": "standard-turn", "player": "Ana", "path": route})


def test_a_hazard_item_changes_a_direction_hazard_to_open_the_way() -> None:
    # The right exit asks for Climb, which Ana (Unlock) cannot give: a Direction Hazard Item
    # put over it, asking Unlock, opens the way (rules 9.7, 9.8, 9.10).
    state = board(
        [room(0, 0, exits={"right": "climb"}), room(1, 0)],
        [hero("Ana", "unlock", hand=[hazard_item("h", "direction")]), hero("Ben", "dig")],
    )
    found = reachable(RULES.parse_state(state), "Ana")
    [dest] = found.checkpoints
    assert (dest.x, dest.y, dest.items) == (1, 0, ["h"])
    assert dest.route[0] == {
        "kind": "place-hazard",
        "item": "h",
        "x": 0,
        "y": 0,
        "spot": "right",
        "hazard": "unlock",
    }
    ruling = replay(state, dest.route)
    assert ruling.legal, ruling.summary
    assert any(r.code == "hazard-placed" and r.rule.endswith(":9.8") for r in ruling.reasons)
    assert (ruling.next_state["heroes"][0]["x"], ruling.next_state["heroes"][0]["y"]) == (1, 0)


def test_a_combat_hazard_item_opens_a_space_and_the_discard_turn_is_then_barred() -> None:
    # Stomp stands in the way and Ana has no Stomp; her Dual Action Item gives Hide, so a
    # Combat Hazard Item putting Hide over the Stomp opens the way.
    hand = [hazard_item("h", "combat"), dual("d", "hide", "dig")]
    state = board(
        [room(0, 0, exits={"right": "unlock"}, left_space="stomp"), room(1, 0)],
        [hero("Ana", "unlock", hand=hand), hero("Ben", "climb")],
    )
    [dest] = reachable(RULES.parse_state(state), "Ana").checkpoints
    assert dest.route[0]["spot"] == "left-space" and dest.route[0]["hazard"] == "hide"
    assert sorted(dest.items) == ["d", "h"]
    assert replay(state, dest.route).legal
    ruling = RULES.rule_json(state, {"kind": "discard-turn", "player": "Ana", "discard": ["h"]})
    assert not ruling.legal and ruling.reasons[0].code == "discard-turn-not-allowed"
    assert ruling.reasons[0].rule == "super-hazard-quest:6.1"


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_every_route_with_hazards_placed_replays_as_a_legal_turn(state: dict) -> None:
    found = reachable(RULES.parse_state(state), "Ana")
    for dest in [*found.checkpoints, *found.wins]:
        ruling = replay(state, dest.route)
        assert ruling.legal, (dest.route, ruling.summary)
        assert ruling.interpretations == dest.interpretations()  # the same readings
        ana = ruling.next_state["heroes"][0]
        assert (ana["x"], ana["y"]) == (dest.x, dest.y)
        assert not any(r.code.startswith("wounded") for r in ruling.reasons)
    for dest in found.checkpoints:
        if dest.leap_available and dest.leap_route is not None:
            assert replay(state, dest.leap_route).legal


@st.composite
def hazard_positions(draw: Any) -> dict[str, Any]:
    """Two or three cards; Ana holds one Hazard Item and up to two Action Items, nothing
    unseen (the Item deck and the discard pile are empty and Ben holds every other Item Card,
    so she may hold fewer than five)."""
    dungeon = draw(rooms())[:3]
    if len(dungeon) == 1:
        dungeon.append({**draw(rooms())[0], "x": 1, "y": 0})
    kind = draw(st.sampled_from(["combat", "direction"]))
    hand = [{"kind": "hazard", "id": "h", "hazard": kind}]
    hand += draw(items("a", ("dual", "super", "magic"), max_size=2))
    first, second = draw(
        st.lists(
            st.sampled_from(COMBAT_ACTIONS + DIRECTION_ACTIONS), min_size=2, max_size=2, unique=True
        )
    )
    return {
        "dungeon": dungeon,
        "heroes": [
            {"player": "Ana", "inherent": first, "x": 0, "y": 0, "hand": hand},
            # Ben holds five (rule 5.10); where the other Item Cards are is not described.
            {"player": "Ben", "inherent": second, "x": 0, "y": 0, "unseen": 5},
        ],
        "turn": "Ana",
        "dungeon_deck": 26 - len(dungeon),
        "item_deck": None,
        "discard": None,
    }


def brute_force(state_json: dict[str, Any], depth: int) -> set[tuple[int, int]]:
    """Every card whose Checkpoint ends a legal turn of at most `depth` walking steps, with or
    without Ana's one Hazard Item placed first."""
    item = state_json["heroes"][0]["hand"][0]
    prefixes = [[], *([p] for p in placements(state_json, item))]
    return set(legal_turns(state_json, depth, prefixes))


@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hazard_positions())
def test_brute_force_with_hazards_placed_finds_nothing_the_path_finder_missed(state: dict) -> None:
    brute = brute_force(state, 6)
    finder = {(d.x, d.y) for d in reachable(RULES.parse_state(state), "Ana").checkpoints}
    assert brute <= finder, brute - finder


@st.composite
def two_card_hazard_positions(draw: Any) -> dict[str, Any]:
    """The Starting Card and a card to its right, the way right across two combat hazards and
    an exit asking Ana's Inherent Action; Ana holds one or two Combat Hazard Items and a
    Super or Dual Action Item of combat actions, nothing unseen: whether she gets across
    turns on the hazards she places. Every walk onto the second card's Checkpoint is five
    steps (no turning back off a Checkpoint flag), so brute force over five steps finds every
    turn there is."""
    exit_action = draw(st.sampled_from(DIRECTION_ACTIONS))
    dungeon = [draw(rooms())[0], {**draw(rooms())[0], "x": 1, "y": 0, "checkpoint": True}]
    dungeon[0]["exits"]["right"] = exit_action
    dungeon[0]["left_space"] = draw(st.sampled_from(COMBAT_ACTIONS))
    dungeon[0]["right_space"] = draw(st.sampled_from(COMBAT_ACTIONS))
    hazards = [hazard_item(f"h{k}", "combat") for k in range(draw(st.integers(1, 2)))]
    combat = st.sampled_from(COMBAT_ACTIONS)
    item = draw(
        st.one_of(
            st.builds(lambda a: super_item("a", a), combat),
            st.builds(lambda a, b: dual("a", a, b), combat, combat),
        )
    )
    hand = [*hazards, item]
    other = draw(
        st.sampled_from([a for a in COMBAT_ACTIONS + DIRECTION_ACTIONS if a != exit_action])
    )
    return {
        "dungeon": dungeon,
        "heroes": [
            {"player": "Ana", "inherent": exit_action, "x": 0, "y": 0, "hand": hand},
            # Ben holds five (rule 5.10); where the other Item Cards are is not described.
            {"player": "Ben", "inherent": other, "x": 0, "y": 0, "unseen": 5},
        ],
        "turn": "Ana",
        "dungeon_deck": 24,
        "item_deck": None,
        "discard": None,
    }


def placement_prefixes(state_json: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """No hazard placed, each Hazard Item placed alone, and both placed on two different
    spots (the two items are alike, so one order of each pair)."""
    hazards = [i for i in state_json["heroes"][0]["hand"] if i["kind"] == "hazard"]
    alone = [[p] for item in hazards for p in placements(state_json, item)]
    if len(hazards) < 2:
        return [[], *alone]
    first, second = (placements(state_json, item) for item in hazards)
    both = [
        [p, q]
        for k, p in enumerate(first)
        for q in second[k + 1 :]
        if (p["x"], p["y"], p["spot"]) != (q["x"], q["y"], q["spot"])
    ]
    return [[], *alone, *both]


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(two_card_hazard_positions())
def test_with_two_hazard_items_the_path_finder_answers_as_brute_force_does(state: dict) -> None:
    # The same Checkpoints, and for each the fewest items any turn there spends (a Hazard
    # Item placed counts), as brute force over every placement of one or both items finds.
    turns = legal_turns(state, 5, placement_prefixes(state))
    answer = reachable(RULES.parse_state(state), "Ana")
    found = {(d.x, d.y): d for d in answer.checkpoints}
    assert set(found) == set(turns)
    for cell, dest in found.items():
        assert len(dest.items) == min(len(spent) for spent in turns[cell]), (cell, dest.route)
        assert replay(state, dest.route).legal
