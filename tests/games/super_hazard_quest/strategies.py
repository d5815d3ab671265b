"""Hypothesis strategies: small dungeons and hands that can exist."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from games.super_hazard_quest.state import (
    ALL_ACTIONS,
    COMBAT_ACTIONS,
    DIRECTION_ACTIONS,
    DIRECTIONS,
)

combat = st.sampled_from(COMBAT_ACTIONS)
direction_action = st.sampled_from(DIRECTION_ACTIONS)
action = st.sampled_from(ALL_ACTIONS)

CELLS = [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (-1, 0)]


@st.composite
def rooms(draw: Any) -> list[dict[str, Any]]:
    count = draw(st.integers(1, len(CELLS)))
    out = []
    for index, (x, y) in enumerate(CELLS[:count]):
        exits = {d: draw(direction_action) for d in DIRECTIONS if draw(st.booleans())}
        out.append(
            {
                "x": x,
                "y": y,
                "checkpoint": True if index == 0 else draw(st.booleans()),
                "exits": exits,
                "left_space": draw(st.none() | combat),
                "right_space": draw(st.none() | combat),
            }
        )
    return out


@st.composite
def items(
    draw: Any,
    prefix: str,
    kinds_from: tuple[str, ...] = ("dual", "super", "magic", "smagic", "hazard"),
    max_size: int = 5,
) -> list[dict[str, Any]]:
    kinds = draw(st.lists(st.sampled_from(kinds_from), max_size=max_size))
    out: list[dict[str, Any]] = []
    for k, kind in enumerate(kinds):
        item_id = f"{prefix}{k}"
        if kind == "dual":
            out.append(
                {"kind": "dual-action", "id": item_id, "actions": [draw(action), draw(action)]}
            )
        elif kind == "super":
            out.append({"kind": "super", "id": item_id, "action": draw(action)})
        elif kind == "magic":
            out.append({"kind": "magic", "id": item_id})
        elif kind == "smagic":
            out.append({"kind": "super-magic", "id": item_id})
        else:
            out.append(
                {
                    "kind": "hazard",
                    "id": item_id,
                    "hazard": draw(st.sampled_from(["combat", "direction"])),
                }
            )
    return out


@st.composite
def states(draw: Any) -> dict[str, Any]:
    dungeon = draw(rooms())
    first, second = draw(st.lists(action, min_size=2, max_size=2, unique=True))
    hand_a, hand_b = draw(items("a")), draw(items("b"))
    return {
        "dungeon": dungeon,
        "heroes": [
            {
                "player": "Ana",
                "inherent": first,
                "x": 0,
                "y": 0,
                "hand": hand_a,
                "unseen": 5 - len(hand_a),
                "crystals": {"red": draw(st.integers(0, 2)), "blue": 0},
            },
            {
                "player": "Ben",
                "inherent": second,
                "x": 0,
                "y": 0,
                "hand": hand_b,
                "unseen": 5 - len(hand_b),
                "crystals": {"red": 0, "blue": draw(st.integers(0, 2))},
            },
        ],
        "turn": "Ana",
        "dungeon_deck": 26 - len(dungeon),
        "item_deck": 30,
        "discard": 14,
    }


@st.composite
def action_hand_states(draw: Any) -> dict[str, Any]:
    """Small dungeons where Ana holds one to three Action Items and nothing unseen; the
    Starting Card has a way right, to a card with a Checkpoint."""
    state = draw(states())
    if len(state["dungeon"]) == 1:
        state["dungeon"].append(draw(rooms())[0] | {"x": 1, "y": 0})
        state["dungeon_deck"] -= 1
    state["dungeon"][0]["exits"].setdefault("right", draw(direction_action))
    state["dungeon"][1]["checkpoint"] = True
    hand = draw(items("a", ("dual", "super", "magic", "smagic"), max_size=3).filter(bool))
    state["heroes"][0]["hand"] = hand
    state["heroes"][0]["unseen"] = 0
    # Fewer than five in hand, so where the other Item Cards are is not described (with hands
    # of five at most, rule 5.10, the Item deck and the discard pile cannot both be empty).
    state["item_deck"] = state["discard"] = None
    state["heroes"][1]["hand"] = []
    state["heroes"][1]["unseen"] = 5
    return state
