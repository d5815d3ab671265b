"""Properties: routes the path finder offers are legal, `apply` loses nothing the rules do not
remove, and no input makes the engine fail with anything but a ruling or a 400."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import InvalidMove, InvalidState, Ruling
from games.super_hazard_quest.model import ALL_ACTIONS, State
from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.strategies import states

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def items_total(state: State) -> int:
    return sum(h.held() for h in state.heroes) + state.item_deck + state.discard


def crystals_total(state: State) -> int:
    return sum(h.crystals.total() for h in state.heroes)


@FAST
@given(states())
def test_every_route_found_is_ruled_legal_and_apply_loses_nothing(data: dict) -> None:
    state = RULES.parse_state(data)
    for dest in reachable(state, "Ana").checkpoints:
        move = RULES.parse_move(
            {"kind": "standard-turn", "player": "Ana", "path": dest.route}, state
        )
        ruling = RULES.adjudicate(state, move)
        assert ruling.legal, ruling.summary
        after = RULES.apply(state, move)
        RULES.check_state(after)
        assert items_total(after) == items_total(state)
        assert crystals_total(after) == crystals_total(state)
        assert len(after.dungeon) + after.dungeon_deck == len(state.dungeon) + state.dungeon_deck


step = st.fixed_dictionaries(
    {"kind": st.just("go"), "dir": st.sampled_from(["up", "down", "left", "right"])},
    optional={
        "using": st.sampled_from(["inherent", "a0", "a1", "a2", "b0", "zz"]),
        "drawn": st.fixed_dictionaries(
            {},
            optional={
                "dead_end": st.booleans(),
                "checkpoint": st.booleans(),
                "left_space": st.sampled_from(ALL_ACTIONS),
            },
        ),
    },
)
other_step = st.one_of(
    st.fixed_dictionaries(
        {
            "kind": st.just("fight"),
            "using": st.lists(st.sampled_from(["inherent", "a0", "a1"]), min_size=4, max_size=4),
        }
    ),
    st.fixed_dictionaries(
        {
            "kind": st.just("place-hazard"),
            "item": st.sampled_from(["a0", "a1"]),
            "x": st.integers(-1, 2),
            "y": st.integers(-1, 2),
            "spot": st.sampled_from(["up", "left-space", "mini-boss", "right"]),
            "hazard": st.sampled_from(ALL_ACTIONS),
        }
    ),
    st.fixed_dictionaries(
        {
            "kind": st.just("battle"),
            "opponent": st.sampled_from(["Ben", "Ana"]),
            "requests": st.lists(
                st.fixed_dictionaries(
                    {"item": st.sampled_from(["a0", "a1"]), "action": st.sampled_from(ALL_ACTIONS)},
                    optional={"answer": st.sampled_from(["inherent", "b0", "b1"])},
                ),
                min_size=1,
                max_size=2,
            ),
        }
    ),
)


@FAST
@given(
    states(),
    st.lists(st.one_of(step, other_step), max_size=12),
    st.sampled_from([None, "up", "down", "left", "right"]),
    st.booleans(),
)
def test_random_turns_get_a_ruling_or_a_clear_error(
    data: dict, path: list, look: str | None, leap: bool
) -> None:
    move: dict[str, Any] = {"kind": "standard-turn", "player": "Ana", "path": path}
    if look:
        move["look" if not leap else "leap"] = {"dir": look, "drawn": {}}
    try:
        ruling = RULES.rule_json(data, move)
    except (InvalidState, InvalidMove):
        return
    assert isinstance(ruling, Ruling)
    if ruling.legal:
        state = RULES.parse_state(data)
        after = RULES.parse_state(ruling.next_state)
        assert items_total(after) == items_total(state)
        assert crystals_total(after) <= crystals_total(state) + 1  # at most one prize crystal


json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-50, 60) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)


@FAST
@given(json_value, json_value)
def test_arbitrary_json_yields_a_ruling_or_a_clear_error(state: Any, move: Any) -> None:
    with contextlib.suppress(InvalidState, InvalidMove):
        RULES.rule_json(state, move)


@FAST
@given(states(), json_value)
def test_arbitrary_moves_on_a_real_board_yield_a_ruling_or_a_clear_error(
    data: dict, move: Any
) -> None:
    with contextlib.suppress(InvalidState, InvalidMove):
        RULES.rule_json(data, move)
