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
from tests.games.super_hazard_quest.helpers import board, dual, hazard_item, hero, room
from tests.games.super_hazard_quest.strategies import items, rooms, states

ALLOWED_PREFIX = {"turn-not-on-checkpoint", "empty-turn"}


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


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
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
            {"player": "Ben", "inherent": second, "x": 0, "y": 0, "unseen": 54 - len(hand)},
        ],
        "turn": "Ana",
        "dungeon_deck": 26 - len(dungeon),
        "item_deck": 0,
        "discard": 0,
    }


def placements(state: dict[str, Any]) -> list[dict[str, Any]]:
    item = state["heroes"][0]["hand"][0]
    out = []
    for r in state["dungeon"]:
        if item["hazard"] == "combat":
            spots = [(s, COMBAT_ACTIONS) for s in ("left-space", "right-space")]
        else:
            spots = [(d, DIRECTION_ACTIONS) for d in r["exits"]]
        for spot, actions in spots:
            for action in actions:
                out.append(
                    {
                        "kind": "place-hazard",
                        "item": "h",
                        "x": r["x"],
                        "y": r["y"],
                        "spot": spot,
                        "hazard": action,
                    }
                )
    return out


def brute_force(state_json: dict[str, Any], depth: int) -> set[tuple[int, int]]:
    """Every card whose Checkpoint ends a legal turn of at most `depth` walking steps, with or
    without one hazard placed first, by asking the engine about every prefix."""
    state = RULES.parse_state(state_json)
    ana = state.hero("Ana")
    assert ana is not None
    sources = [None, "inherent", *[i.id for i in ana.hand if i.kind != "hazard"]]
    found: set[tuple[int, int]] = set()

    def extend(path: list[dict[str, Any]], walked: int) -> None:
        if walked == depth:
            return
        for direction in ("up", "down", "left", "right"):
            for source in sources:
                step: dict[str, Any] = {"kind": "go", "dir": direction}
                if source is not None:
                    step["using"] = source
                trial = [*path, step]
                move = {"kind": "standard-turn", "player": "Ana", "path": trial}
                try:
                    ruling = RULES.adjudicate(state, RULES.parse_move(move, state))
                except Exception:
                    continue
                if ruling.legal:
                    if not any(r.code.startswith("wounded") for r in ruling.reasons):
                        after = ruling.next_state["heroes"][0]
                        found.add((after["x"], after["y"]))
                elif ruling.reasons[0].code not in ALLOWED_PREFIX:
                    continue
                extend(trial, walked + 1)

    extend([], 0)
    for placement in placements(state_json):
        extend([placement], 0)
    found.discard((0, 0))
    return found


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hazard_positions())
def test_brute_force_with_hazards_placed_finds_nothing_the_path_finder_missed(state: dict) -> None:
    brute = brute_force(state, 6)
    finder = {(d.x, d.y) for d in reachable(RULES.parse_state(state), "Ana").checkpoints}
    assert brute <= finder, brute - finder
