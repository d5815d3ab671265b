"""Properties: routes the path finder offers are legal, `apply` loses nothing the rules do not
remove, and no input makes the engine fail with anything but a ruling or a 400."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from games.core import InvalidMove, InvalidState, Ruling
from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.state import ALL_ACTIONS, COMBAT_ACTIONS, DIRECTION_ACTIONS, State
from tests.fuzz_size import examples
from tests.games.super_hazard_quest.strategies import states

FAST = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


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


# ----------------------------------------------------------------- every kind of move

PRIZES = st.sampled_from(["red-crystal", "blue-crystal", "any-future-item", "any-discarded-item"])
FACES = st.fixed_dictionaries(
    {},
    optional={
        "checkpoint": st.booleans(),
        "dead_end": st.booleans(),
        "scrambler": st.sampled_from(["red", "blue"]),
        "left_space": st.sampled_from(["attack", "hide"]),
        "exits": st.dictionaries(st.sampled_from(["up", "right"]), st.just("climb"), max_size=2),
    },
)
WOUNDS = {"crystals-lost", "trap-door-dead-end"}


def known_ids(state: State) -> set[str]:
    return {i.id for h in state.heroes for i in h.hand}


@st.composite
def any_move(draw: Any, data: dict[str, Any]) -> dict[str, Any]:
    """A move of any kind for Ana, built from what the board holds, so that many are legal."""
    ana, ben = data["heroes"]
    ana["crystals"]["blue"] = draw(st.integers(0, 2))
    ben["crystals"]["red"] = draw(st.integers(0, 2))
    mine = [i["id"] for i in ana["hand"]]
    theirs = [i["id"] for i in ben["hand"]]
    hazards = [i["id"] for i in ana["hand"] if i["kind"] == "hazard"]
    sources = ["inherent", *mine]
    kinds = ["route", "route", "fight", "discard", "trade", "trap-door", "special"]
    kind = draw(st.sampled_from(kinds + ["battle"] * 3 if hazards else kinds))
    if kind == "discard":
        return {
            "kind": "discard-turn",
            "player": "Ana",
            "discard": draw(st.lists(st.sampled_from(mine), unique=True)) if mine else [],
            "discard_unseen": draw(st.integers(0, ana["unseen"])),
        }
    if kind == "trade":
        give = draw(st.lists(st.sampled_from(mine), unique=True, min_size=1)) if mine else []
        take = draw(st.lists(st.sampled_from(theirs), unique=True, min_size=1)) if theirs else []
        return {"kind": "trade", "player": "Ana", "partner": "Ben", "give": give, "receive": take}
    if kind == "trap-door":
        data["dungeon"][0]["trap_door"] = True
        target = draw(st.sampled_from(data["dungeon"]))
        if draw(st.booleans()):
            target["dead_end"] = True
        return {
            "kind": "trap-door",
            "player": "Ana",
            "target": "Ben",
            "x": target["x"],
            "y": target["y"],
        }
    if kind == "special":
        ana["hand"].append({"kind": "special", "id": "sp"})  # drawn from the Item deck
        data["item_deck"] -= 1
        return {"kind": "special-item", "player": "Ana", "item": "sp"}
    if kind == "battle" and hazards:
        requests = []
        for item in draw(st.lists(st.sampled_from(hazards), unique=True, min_size=1)):
            combat = next(i for i in ana["hand"] if i["id"] == item)["hazard"] == "combat"
            wanted = COMBAT_ACTIONS if combat else DIRECTION_ACTIONS
            action = draw(st.sampled_from(wanted))
            if ben["inherent"] in wanted and draw(st.booleans()):
                action = ben["inherent"]
            answer = (
                "inherent" if action == ben["inherent"] else draw(st.sampled_from([None, *theirs]))
            )
            requests.append({"item": item, "action": action, "answer": answer})
        return {"kind": "hero-battle", "player": "Ana", "opponent": "Ben", "requests": requests}
    path: list[dict[str, Any]] = []
    if kind == "fight":
        # Actions the Inherent Action pays, and others paid with whatever the hand holds.
        mixed = draw(st.booleans())
        actions = [
            draw(st.sampled_from(ALL_ACTIONS)) if mixed and draw(st.booleans()) else ana["inherent"]
            for _ in range(4)
        ]
        data["dungeon"][0]["mini_boss"] = {"actions": actions, "prize": draw(PRIZES)}
        using = [
            "inherent" if action == ana["inherent"] else draw(st.sampled_from(sources))
            for action in actions
        ]
        fight: dict[str, Any] = {"kind": "fight", "using": using}
        if data["dungeon"][0]["mini_boss"]["prize"].startswith("any"):
            fight["take"] = {"kind": "magic", "id": "prize"}
        path.append(fight)
    state = RULES.parse_state(data)
    places = reachable(state, "Ana")
    ends = [d.route for d in places.checkpoints] + [o["route"] for o in places.openings]
    route = list(draw(st.sampled_from(ends))) if ends else []
    if route and any(route == o["route"] for o in places.openings):
        route = [*route[:-1], {**route[-1], "drawn": draw(FACES)}]
    move: dict[str, Any] = {"kind": "standard-turn", "player": "Ana", "path": path + route}
    ending = draw(st.sampled_from([None, None, "look", "leap"]))
    if not move["path"]:
        ending = "look"  # nowhere to go: Look around instead
    if ending is not None:
        move[ending] = {"dir": draw(st.sampled_from(["up", "down", "left", "right"]))}
        move[ending]["drawn"] = draw(FACES)
    return move


@settings(max_examples=examples(200), deadline=None, suppress_health_check=list(HealthCheck))
@given(states(), st.data())
def test_apply_loses_no_item_and_no_crystal_the_rules_do_not_remove(
    data: dict[str, Any], draw: st.DataObject
) -> None:
    move = draw.draw(any_move(data))
    try:
        state = RULES.parse_state(data)
        parsed = RULES.parse_move(move, state)
        ruling = RULES.adjudicate(state, parsed)
    except (InvalidState, InvalidMove) as exc:
        event(f"{move['kind']}: bad input {exc.field}")
        return
    event(f"{move['kind']}: {ruling.verdict}")
    if not ruling.legal:
        return
    after = RULES.apply(state, parsed)
    RULES.check_state(after)
    assert after.model_dump(mode="json") == ruling.next_state
    # Every Item Card is somewhere: in a hand, the Item deck or the discard pile; every
    # Dungeon Card on the table or in the Dungeon deck.
    assert items_total(after) == items_total(state)
    assert len(after.dungeon) + after.dungeon_deck == len(state.dungeon) + state.dungeon_deck
    # A known item leaves the hands only by being discarded; a new one only by being drawn.
    taken = {i.id for i in getattr(parsed, "draws", [])} | {"prize"}
    assert known_ids(after) - known_ids(state) <= taken
    # Crystals: a Mini-Boss prize adds one; only a wound or a Trap Door onto a Dead End
    # removes any, and then only the wounded hero's; a Hero Battle only moves them.
    codes = [r.code for r in ruling.reasons]
    for code in {"crystals-lost", "trap-door-dead-end", "prize-crystal", "battle-won"} & set(codes):
        event(code)
    before_total, after_total = crystals_total(state), crystals_total(after)
    prizes = codes.count("prize-crystal")
    if not WOUNDS & set(codes):
        assert after_total == before_total + prizes
        return
    wounded = parsed.target if parsed.kind == "trap-door" else parsed.player
    assert after.hero(wounded).crystals.total() == 0
    for hero in after.heroes:
        if hero.player != wounded:
            assert hero.crystals.total() <= state.hero(hero.player).crystals.total()
    assert after_total >= before_total - state.hero(wounded).crystals.total() - sum(
        h.crystals.total() for h in state.heroes if h.player != wounded
    )
