"""Disputes over a card's combat hazard spaces: a space described as blank, a space holding a
hazard, and a space the question did not describe (the card's `blank` given, the space in
neither). A space not described is never taken as blank: a step into it asks for it (a 400
naming the field), the path finder does not search through it and says so, and the picture
draws it as not described. A card written as before (no `blank`) keeps its meaning: a space
without a hazard is blank."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.super_hazard_quest import builder
from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.picture import describe, layout
from games.super_hazard_quest.questions import LookAndDiscardForm, PassHazardForm, WoundForm
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.state import State
from tests.games.super_hazard_quest.helpers import (
    assert_illegal,
    assert_legal,
    board,
    cross_right,
    go,
    hero,
    room,
    rule,
    turn,
)
from tests.games.super_hazard_quest.test_sides_and_places import refused

SIDES = {"exits": {"right": "unlock"}, "walls": ["up", "down", "left"]}
NEXT = room(1, 0, exits={"left": "lift"})


def _ana_on(start: dict[str, Any], *more: dict[str, Any]) -> dict[str, Any]:
    return board([start, *more], [hero("Ana", "unlock"), hero("Ben", "dig")])


# ----------------------------------------------------------------- the rulings


def test_crossing_a_card_whose_two_spaces_are_described_blank_is_a_walk() -> None:
    """Ana says her card's two combat spaces are blank: she walks across them naming
    nothing, and unlocks the door on the far side (rule 4.9)."""
    state = _ana_on(room(0, 0, **SIDES, blank=["left", "right"]), NEXT)
    ruling = rule(state, turn("Ana", *cross_right("inherent")))
    assert_legal(ruling, "inherent-action-used", "4.9")


def test_naming_an_item_for_a_blank_space_is_not_a_proper_use() -> None:
    """A space described as blank holds no hazard: passing it 'with' the Inherent Action is
    not a proper use (rule 5.9)."""
    state = _ana_on(room(0, 0, **SIDES, blank=["left", "right"]), NEXT)
    ruling = rule(state, turn("Ana", go("right", "inherent"), goes_on=True))
    assert_illegal(ruling, "no-hazard-to-pass", "5.9")


def test_a_step_into_a_space_not_described_asks_whether_it_is_blank() -> None:
    """Ana's card says only that its right space is blank: whether her first step right
    needs an action rests on the left space, so the ruling asks for it."""
    state = _ana_on(room(0, 0, **SIDES, blank=["right"]), NEXT)
    error = refused(state, turn("Ana", *cross_right("inherent")))
    assert isinstance(error, InvalidState)
    assert error.field == "state.dungeon.0.left_space"
    assert "the left combat space of the Starting Card was not described" in error.message
    assert "step 1 enters it" in error.message


def test_a_space_not_described_is_not_passed_by_naming_nothing_either() -> None:
    """Naming nothing would rule the space blank; naming an action would rule it a hazard:
    both rest on the space, so both are asked."""
    state = _ana_on(room(0, 0, **SIDES, blank=[]), NEXT)
    for step in (go("right"), go("right", "inherent")):
        error = refused(state, turn("Ana", step, goes_on=True))
        assert error.field == "state.dungeon.0.left_space"


def test_a_space_not_described_that_the_walk_never_enters_changes_nothing() -> None:
    """Ben's card at (1, 0) says nothing of its spaces; Ana's walk ends on its flag before
    either: the ruling is the same as with both described blank."""
    start = room(0, 0, **SIDES, blank=["left", "right"])
    unsaid = _ana_on(start, room(1, 0, exits={"left": "lift"}, blank=[]))
    said = _ana_on(start, room(1, 0, exits={"left": "lift"}, blank=["left", "right"]))
    move = turn("Ana", *cross_right("inherent"))
    a, b = rule(unsaid, move), rule(said, move)
    assert_legal(a, "turn-ends-on-checkpoint", "5.3")
    assert [(r.code, r.rule) for r in a.reasons] == [(r.code, r.rule) for r in b.reasons]


def test_a_card_written_as_before_keeps_a_space_without_a_hazard_blank() -> None:
    state = _ana_on(room(0, 0, **SIDES), NEXT)
    assert_legal(rule(state, turn("Ana", *cross_right("inherent"))), "inherent-action-used", "4.9")


def test_a_hazard_in_a_space_is_still_passed_with_its_action() -> None:
    """The space holds an Attack hazard, the other is not described: Ana cannot attack, so
    the step is illegal whatever the other space holds (rule 4.8)."""
    state = _ana_on(room(0, 0, **SIDES, left_space="attack", blank=[]), NEXT)
    ruling = rule(state, turn("Ana", go("right", "inherent"), goes_on=True))
    assert_illegal(ruling, "inherent-action-differs", "4.8")


def test_a_space_given_both_as_blank_and_as_a_hazard_is_refused() -> None:
    state = _ana_on(room(0, 0, **SIDES, left_space="attack", blank=["left"]), NEXT)
    error = refused(state, turn("Ana"))
    assert error.field == "state.dungeon.0"
    assert "the left space is given as blank and as holding a hazard" in error.message


def test_a_wound_that_rests_on_a_space_not_described_asks_for_that_space() -> None:
    """Ana unlocks into a new card with no Checkpoint, walled on its other sides. Whether she
    is stuck (wounded, rule 8.1) rests on what she could still reach: with its spaces not
    described, the ruling asks rather than calling them blank."""
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock"), hero("Ben", "dig")]
    )
    drawn = {"checkpoint": False, "walls": ["up", "down", "right"], "blank": []}
    error = refused(state, turn("Ana", *cross_right("inherent", drawn=drawn)[:5]))
    assert error.field == "move.path.4.drawn.left_space"
    assert "whether Ana's hero is wounded rests on it" in error.message


# ----------------------------------------------------------------- the path finder


def test_the_path_finder_does_not_take_a_space_not_described_as_blank() -> None:
    """As drawn before (no `blank`), Ana reaches the card on her right; with her card's left
    space not described, the path finder does not walk through it, and says so."""
    before = State.model_validate(_ana_on(room(0, 0, **SIDES), NEXT))
    assert [(d.x, d.y) for d in reachable(before, "Ana").checkpoints] == [(1, 0)]
    unsaid = State.model_validate(_ana_on(room(0, 0, **SIDES, blank=["right"]), NEXT))
    found = reachable(unsaid, "Ana")
    assert found.checkpoints == []
    assert found.unknown_spaces == [(0, 0, "left")]
    note = next(n for n in found.notes if "combat space" in n)
    assert "the left combat space of the Starting Card" in note
    assert "not taken as blank" in note


# ----------------------------------------------------------------- the picture and its words


def _spaces(start: dict[str, Any]) -> list[tuple[str, str, str]]:
    state = State.model_validate(_ana_on(start))
    (card,) = layout(state, "The board")["cards"]
    return [(b.cls, b.label, b.tip) for b in card.boxes]


def test_the_picture_draws_a_question_mark_only_on_a_space_not_described() -> None:
    left, right = _spaces(room(0, 0, **SIDES, right_space="hide", blank=[]))
    assert left == (
        "hq-space hq-blank hq-space-unknown",
        "?",
        "left combat hazard space: not described",
    )
    assert right[1] == "Hide"


def test_the_picture_draws_a_space_described_blank_as_an_empty_space() -> None:
    """Empty, with no word on it: "blank" written in the space read as a hazard of that name."""
    left, right = _spaces(room(0, 0, **SIDES, blank=["left", "right"]))
    assert left == ("hq-space hq-blank", "", "left combat hazard space: blank")
    assert right[1] == "" and "?" not in right[2]


def test_the_picture_draws_a_space_of_a_card_written_as_before_blank_not_as_unknown() -> None:
    """Ruled blank, so drawn blank (faint, the tooltip saying it was taken so), never "?"."""
    left, _ = _spaces(room(0, 0, **SIDES))
    assert left[1] == ""
    assert left[0] == "hq-space hq-blank hq-unsaid"
    assert left[2] == "left combat hazard space: blank (not described)"


def test_describe_says_which_spaces_were_not_described() -> None:
    state = State.model_validate(_ana_on(room(0, 0, **SIDES, left_space="attack", blank=[])))
    said = describe(state)
    assert "an Attack hazard in its left combat space" in said
    assert "Its Checkpoint and right combat space were not described." in said
    blank = State.model_validate(_ana_on(room(0, 0, **SIDES, blank=["left"])))
    said = describe(blank)
    assert "a blank left combat space" in said
    assert "Its Checkpoint and right combat space were not described." in said


# ----------------------------------------------------------------- the question forms


def test_can_i_pass_this_hazard_describes_only_the_space_with_the_hazard() -> None:
    question = next(q for q in RULES.questions if q.slug == "pass-hazard")
    state, move = question.build(PassHazardForm(hazard="attack", item_action="attack"))
    (card,) = state["dungeon"]
    assert (card["left_space"], card["blank"]) == ("attack", [])
    assert "right_space" not in card
    assert_legal(RULES.rule_json(state, move), "hazard-passed", "4.2")
    said = describe(State.model_validate(state), {"move": move})
    assert "Its four sides, Checkpoint and right combat space were not described" in said


@pytest.mark.parametrize(
    ("new_room", "blank"),
    [("checkpoint", ["left", "right"]), ("hazard", ["left"]), ("dead-end", [])],
)
def test_was_i_wounded_describes_the_spaces_the_form_names(new_room: str, blank: list[str]) -> None:
    """ "Nothing in the way" says both spaces are blank; "behind one combat hazard" says the
    other is blank; a Dead End says nothing of them."""
    question = next(q for q in RULES.questions if q.slug == "was-i-wounded")
    state, move = question.build(WoundForm(new_room=new_room))
    assert move["path"][0]["drawn"]["blank"] == blank
    ruling = RULES.rule_json(state, move)
    assert ruling.verdict == "legal"


def test_look_and_discard_rests_on_your_word_for_the_space_not_described() -> None:
    question = next(q for q in RULES.questions if q.slug == "look-and-discard")
    ruling = RULES.rule_json(*question.build(LookAndDiscardForm(look=False)))
    assert_legal(ruling, "discard-turn-allowed", "6.1")
    detail = next(r.detail for r in ruling.reasons if r.code == "discard-turn-allowed")
    assert "the left combat space of the room you started the turn in" in detail
    assert "rests on the player's word" in detail


# ----------------------------------------------------------------- the dungeon builder


def test_the_builder_leaves_a_new_rooms_spaces_not_described() -> None:
    board_ = builder.parse({})
    start = board_.rooms[(0, 0)]
    assert start.state()["blank"] == []
    assert "left: not described" in start.words()


def test_the_builder_sets_each_space_to_blank_a_hazard_or_not_described() -> None:
    edited = builder.edit_room(
        builder.parse({}),
        {
            "x": "0",
            "y": "0",
            "checkpoint": "on",
            "left": "blank",
            "right": "",
            "exit-right": "unlock",
        },
    )
    start = edited.rooms[(0, 0)]
    assert start.state()["blank"] == ["left"]
    assert "right_space" not in start.state()
    again = builder.parse(edited.codes())
    assert again.rooms[(0, 0)].state() == start.state()
    hazard = builder.edit_room(builder.parse({}), {"x": "0", "y": "0", "right": "hide"})
    assert hazard.rooms[(0, 0)].state()["right_space"] == "hide"
    assert hazard.rooms[(0, 0)].space("left") == ""
    assert hazard.rooms[(0, 0)].space("right") == "hide"


def test_a_builder_address_written_before_keeps_its_spaces_blank() -> None:
    old = builder.parse({"d": "0,0,right:unlock,ls:attack", "h": "0,0,unlock;-,-,-"})
    card = old.rooms[(0, 0)]
    assert "blank" not in card.state()
    assert card.space("right") == "blank"


def test_the_builder_refuses_a_space_blank_and_holding_a_hazard() -> None:
    with pytest.raises(InvalidState) as caught:
        builder.parse({"d": "0,0,ls:attack,b:left", "h": "0,0,unlock;-,-,-"})
    assert caught.value.field == "d"
