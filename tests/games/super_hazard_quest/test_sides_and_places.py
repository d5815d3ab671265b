"""Disputes over what a board leaves undescribed: a side of a card that is neither an exit nor
a wall, and a hero whose place was not given. What was not described is never filled in: the
ruling goes on without it, or asks for it (a 400 naming the field) where it would decide."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.core import InvalidState
from games.core.errors import BadInput
from games.super_hazard_quest import builder
from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.picture import describe, layout
from games.super_hazard_quest.questions import (
    BattleForm,
    LookAndDiscardForm,
    PassHazardForm,
    WhoStartsForm,
    WoundForm,
)
from games.super_hazard_quest.rules import EXAMPLE_MOVE, EXAMPLE_STATE, RULES
from games.super_hazard_quest.state import State
from tests.games.super_hazard_quest.helpers import (
    assert_illegal,
    assert_legal,
    board,
    cross_right,
    go,
    hazard_item,
    hero,
    room,
    rule,
    turn,
)


def unplaced(h: dict[str, Any]) -> dict[str, Any]:
    return {**h, "x": None, "y": None}


def refused(state: dict[str, Any], move: dict[str, Any]) -> BadInput:
    with pytest.raises(BadInput) as caught:
        RULES.rule_json(state, move)
    return caught.value


# ----------------------------------------------------------------- a hero's place


def test_the_question_forms_do_not_place_your_opponent() -> None:
    forms = {
        "pass-hazard": PassHazardForm(),
        "look-and-discard": LookAndDiscardForm(),
        "was-i-wounded": WoundForm(),
    }
    for slug, form in forms.items():
        question = next(q for q in RULES.questions if q.slug == slug)
        state, _ = question.build(form)
        opponent = state["heroes"][1]
        assert (opponent["x"], opponent["y"]) == (None, None), slug


def test_a_hero_battle_still_puts_both_heroes_on_one_checkpoint() -> None:
    question = next(q for q in RULES.questions if q.slug == "hero-battle")
    state, move = question.build(BattleForm(requested="hide", defender_answers=False))
    assert [(h["x"], h["y"]) for h in state["heroes"]] == [(0, 0), (0, 0)]
    assert_legal(RULES.rule_json(state, move), "battle-won", "11.5")


def test_your_turn_is_ruled_the_same_whether_or_not_your_opponents_place_is_given() -> None:
    """Ana walks two cards; where Ben waits has nothing to do with it."""
    state = copy.deepcopy(EXAMPLE_STATE)
    given = RULES.rule_json(state, EXAMPLE_MOVE)
    state["heroes"][1] = unplaced(state["heroes"][1])
    left_out = RULES.rule_json(state, EXAMPLE_MOVE)
    assert left_out.verdict == given.verdict
    assert [(r.code, r.rule) for r in left_out.reasons] == [(r.code, r.rule) for r in given.reasons]
    ben = left_out.next_state["heroes"][1]
    assert (ben["x"], ben["y"]) == (None, None)  # still not described after the turn


def test_a_turn_needs_the_place_of_the_hero_who_moves() -> None:
    state = copy.deepcopy(EXAMPLE_STATE)
    state["heroes"][0] = unplaced(state["heroes"][0])
    error = refused(state, EXAMPLE_MOVE)
    assert isinstance(error, InvalidState)
    assert error.field == "state.heroes.0.x"
    assert "where Ana's hero stands was not described" in error.message


def test_a_battle_with_an_opponent_whose_place_is_not_given_asks_for_it() -> None:
    question = next(q for q in RULES.questions if q.slug == "hero-battle")
    state, move = question.build(BattleForm())
    state["heroes"][1] = unplaced(state["heroes"][1])
    error = refused(state, move)
    assert error.field == "state.heroes.1.x"
    assert "a Hero Battle is fought on one Checkpoint" in error.message


def test_a_trap_door_needs_the_place_of_the_hero_it_moves() -> None:
    rooms = [room(0, 0, trap_door=True), room(1, 0)]
    state = board(rooms, [hero("Ana", "dig"), unplaced(hero("Ben", "lift"))])
    move = {"kind": "trap-door", "player": "Ana", "target": "Ben", "x": 1, "y": 0}
    assert refused(state, move).field == "state.heroes.1.x"


def test_a_place_that_is_given_is_still_checked() -> None:
    rooms = [room(0, 0), room(1, 0, checkpoint=False)]
    off = board(rooms, [hero("Ana", "dig"), hero("Ben", "lift", x=1)])
    assert refused(off, turn("Ana", go("right"))).field == "state.heroes.1.x"
    half = board(rooms, [hero("Ana", "dig"), {**hero("Ben", "lift"), "y": None}])
    error = refused(half, turn("Ana", go("right")))
    assert (error.field, error.message) == ("state.heroes.1.y", "give both x and y")


def test_the_picture_does_not_draw_an_opponent_nobody_mentioned() -> None:
    """The form adds the second hero the game needs, and says nothing of them: neither the
    map, the legend nor the text alternative draws them."""
    question = next(q for q in RULES.questions if q.slug == "pass-hazard")
    state_data, move = question.build(PassHazardForm())
    state = State.model_validate(state_data)
    drawn = layout(state, "Can I pass?", {"move": move})
    assert [t.player for t in drawn["tokens"]] == ["You"]
    assert [r["player"] for r in drawn["legend"]] == ["You"]
    assert "opponent" not in " ".join(t.text for t in drawn["texts"])
    said = describe(state, {"move": move})
    assert "opponent" not in said


def test_the_picture_draws_an_opponent_whose_place_was_not_given_when_mentioned() -> None:
    question = next(q for q in RULES.questions if q.slug == "pass-hazard")
    state_data, move = question.build(PassHazardForm())
    state_data["heroes"][1]["inherent"] = "dig"
    state = State.model_validate(state_data)
    drawn = layout(state, "Can I pass?", {"move": move})
    legend = " ".join(t.text for t in drawn["texts"])
    # The hero's line is wrapped to a phone's width: read as one.
    assert "Your opponent · Inherent Action Dig · where: not described" in legend
    said = describe(state, {"move": move})
    assert "Where your opponent stands was not described." in said
    assert "You stand on the Starting Card." in said


def test_before_setup_a_hero_is_not_placed_yet() -> None:
    question = next(q for q in RULES.questions if q.slug == "who-starts")
    state_data, _ = question.build(WhoStartsForm())
    said = describe(State.model_validate(state_data))
    assert "You are not placed yet." in said


# ----------------------------------------------------------------- sides not described


def test_a_step_through_a_side_nobody_described_asks_whether_it_is_a_door() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, walls=[]), room(1, 0)]
    state = board(rooms, [hero("Ana", "lift"), hero("Ben", "dig")])
    error = refused(state, turn("Ana", go("left", "inherent", drawn={})))
    assert error.field == "state.dungeon.0.walls"
    assert "the left side of the Starting Card was not described" in error.message


def test_a_side_described_as_a_wall_is_a_wall() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, walls=["left"])]
    state = board(rooms, [hero("Ana", "lift"), hero("Ben", "dig")])
    assert_illegal(rule(state, turn("Ana", go("left", "inherent", drawn={}))), "wall", "4.4")


def test_a_room_as_written_before_keeps_a_wall_on_every_side_without_an_exit() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"})]
    state = board(rooms, [hero("Ana", "lift"), hero("Ben", "dig")])
    assert_illegal(rule(state, turn("Ana", go("left", "inherent", drawn={}))), "wall", "4.4")


def test_walls_undescribed_elsewhere_do_not_change_a_walk_through_described_doors() -> None:
    old = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"left": "lift"})],
        [hero("Ana", "unlock"), hero("Ben", "dig")],
    )
    new = copy.deepcopy(old)
    for card in new["dungeon"]:
        card["walls"] = []
    move = turn("Ana", *cross_right("inherent"))
    a, b = rule(old, move), rule(new, move)
    assert_legal(b, "inherent-action-used", "4.9")
    assert [(r.code, r.rule) for r in a.reasons] == [(r.code, r.rule) for r in b.reasons]


def test_an_exit_and_a_wall_on_one_side_is_refused() -> None:
    rooms = [room(0, 0, exits={"left": "lift"}, walls=["left"])]
    error = refused(board(rooms, [hero("Ana", "lift"), hero("Ben", "dig")]), turn("Ana"))
    assert error.field == "state.dungeon.0"
    assert "the left side is given as an exit and as a wall" in error.message


def _into_a_room_without_checkpoint(walls: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Ana lifts through her left door into a new card with no Checkpoint and stops there."""
    state = board([room(0, 0, exits={"left": "lift"})], [hero("Ana", "lift"), hero("Ben", "dig")])
    drawn = {"checkpoint": False, "walls": walls}
    return state, turn("Ana", go("left", "inherent", drawn=drawn))


def test_stuck_in_a_new_room_walled_on_every_other_side_is_a_wound() -> None:
    ruling = rule(*_into_a_room_without_checkpoint(["up", "down", "left"]))
    assert_legal(ruling, "wounded-stuck", "8.1")


def test_a_wound_that_rests_on_a_side_not_described_asks_for_that_side() -> None:
    """Whether Ana is stuck depends on the new card's up, down and left sides: with none of
    them described, the ruling asks rather than calling them walls."""
    error = refused(*_into_a_room_without_checkpoint([]))
    assert error.field == "move.path.0.drawn.walls"
    assert "whether Ana's hero is wounded rests on it" in error.message


def test_a_hazard_item_over_a_side_not_described_asks_for_that_side() -> None:
    rooms = [room(0, 0, walls=[])]
    heroes = [hero("Ana", "lift", hand=[hazard_item("h", "direction")]), hero("Ben", "dig")]
    place = {"kind": "place-hazard", "item": "h", "x": 0, "y": 0, "spot": "up", "hazard": "dig"}
    error = refused(board(rooms, heroes), turn("Ana", place))
    assert error.field == "state.dungeon.0.walls"


def test_not_described_passes_only_a_side_nobody_described() -> None:
    rooms = [room(0, 0, exits={"left": "lift"})]
    state = board(rooms, [hero("Ana", "dig"), hero("Ben", "unlock")])
    error = refused(state, turn("Ana", go("left", "not-described", drawn={}), goes_on=True))
    assert error.field == "move.path.0.using"
    assert "name what passes it" in error.message


def test_the_path_finder_does_not_search_through_a_side_not_described() -> None:
    rooms = [room(0, 0, walls=["left"]), room(1, 0, exits={"left": "lift"}, walls=[])]
    state = State.model_validate(board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")]))
    found = reachable(state, "Ana")
    assert found.checkpoints == []
    assert any("the right side of the Starting Card" in n for n in found.notes)


def test_the_picture_draws_a_side_not_described_apart_from_a_wall() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, walls=["left"])]
    state = State.model_validate(board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")]))
    (card,) = layout(state, "The board")["cards"]
    classes = [w.cls for w in card.walls]
    assert classes.count("hq-side-unknown") == 2  # up and down
    assert "hq-wall" in classes  # the left wall, solid; the right door's two jambs
    assert "hq-wall hq-unsaid" not in classes
    assert "up and down sides: not described" in card.tip
    assert "a wall left" in card.tip
    said = describe(state)
    assert "an exit right with an Unlock hazard and a wall left" in said
    assert "Its up and down sides" in said and "were not described" in said


# ----------------------------------------------------------------- the dungeon builder


def test_a_new_dungeon_in_the_builder_describes_nothing_the_player_did_not_set() -> None:
    state = builder.parse({}).state()
    assert state["dungeon"] == [{"x": 0, "y": 0, "checkpoint": True, "walls": [], "blank": []}]
    you, opponent = state["heroes"]
    assert (you["x"], you["y"], you["inherent"]) == (0, 0, None)
    assert "x" not in opponent and opponent["inherent"] is None


def test_the_builder_sets_each_side_to_an_exit_a_wall_or_not_described() -> None:
    board_ = builder.parse({})
    form = {"x": "0", "y": "0", "checkpoint": "on", "exit-right": "unlock", "exit-up": "wall"}
    board_ = builder.edit_room(board_, form)
    card = board_.state()["dungeon"][0]
    assert card["exits"] == {"right": "unlock"} and card["walls"] == ["up"]
    start = board_.rooms[(0, 0)]
    assert [start.side(s) for s in ("up", "down", "left", "right")] == ["wall", "", "", "unlock"]
    assert "↓ ← not described" in start.words()
    again = builder.parse(board_.codes())  # the address brings the same sides back
    assert again.state() == board_.state()


def test_a_builder_address_written_before_keeps_its_walls() -> None:
    old = builder.parse({"d": "0,0,right:unlock", "h": "0,0,unlock;0,0,dig"})
    assert "walls" not in old.state()["dungeon"][0]
    assert old.rooms[(0, 0)].side("left") == "wall"
    assert RULES.parse_state(old.state()).dungeon[0].unknown_sides() == []


def test_a_discard_turn_on_a_card_nobody_described_rests_on_the_players_word() -> None:
    """Look and discard, without the Look: your card's sides were not described, so the
    ruling that you could not move takes you at your word and says so (rule 6.1)."""
    question = next(q for q in RULES.questions if q.slug == "look-and-discard")
    ruling = RULES.rule_json(*question.build(LookAndDiscardForm(look=False)))
    assert_legal(ruling, "discard-turn-allowed", "6.1")
    detail = next(r.detail for r in ruling.reasons if r.code == "discard-turn-allowed")
    assert (
        # From the flag: the left side, and the left combat space beyond which nothing is
        # searched (it is not taken as blank).
        "the left side of the room you started the turn in and the left combat space of the "
        "room you started the turn in were not described" in detail
    )
