"""The brute-force oracle the path finder is checked against: every legal turn up to a number
of steps, found by trying every step and every way of passing it and asking the engine about
each prefix. It knows nothing of the path finder's search."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.state import COMBAT_ACTIONS, DIRECTION_ACTIONS

# A prefix the engine rejects only because the turn is not over yet: walking goes on.
ALLOWED_PREFIX = {"turn-not-on-checkpoint", "empty-turn"}


def legal_turns(
    state_json: dict[str, Any],
    depth: int,
    before: Iterable[list[dict[str, Any]]] = ([],),
) -> dict[tuple[int, int], list[set[str]]]:
    """Every legal turn of Ana's that ends on another card's Checkpoint without a wound, of at
    most `depth` walking steps after one of the prefixes `before` (hazards placed first): for
    each card, the sets of items the turns onto it spend, Hazard Items placed included."""
    state = RULES.parse_state(state_json)
    ana = state.hero("Ana")
    assert ana is not None
    sources = [None, "inherent", *[i.id for i in ana.hand if i.kind != "hazard"]]
    found: dict[tuple[int, int], list[set[str]]] = {}

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
                        spent = {s.get("using") or s.get("item") for s in trial} - {None}
                        found.setdefault((after["x"], after["y"]), []).append(spent - {"inherent"})
                elif ruling.reasons[0].code not in ALLOWED_PREFIX:
                    continue
                extend(trial, walked + 1)

    for prefix in before:
        extend(prefix, 0)
    found.pop((ana.x, ana.y), None)
    return found


def placements(state_json: dict[str, Any], item: dict[str, Any]) -> list[dict[str, Any]]:
    """Every hazard the Hazard Item `item` could be placed as, on every spot of its kind."""
    out = []
    for r in state_json["dungeon"]:
        if item["hazard"] == "combat":
            spots = [(s, COMBAT_ACTIONS) for s in ("left-space", "right-space")]
        else:
            spots = [(d, DIRECTION_ACTIONS) for d in r.get("exits", {})]
        for spot, actions in spots:
            for action in actions:
                out.append(
                    {
                        "kind": "place-hazard",
                        "item": item["id"],
                        "x": r["x"],
                        "y": r["y"],
                        "spot": spot,
                        "hazard": action,
                    }
                )
    return out
