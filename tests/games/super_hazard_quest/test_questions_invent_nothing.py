"""Disputes over the question forms: the board a form builds holds only what the form showed
the player, and what it left out (another hero's Inherent Action, a room beyond the hazard, a
helper item) is neither invented nor able to change the ruling (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.super_hazard_quest.questions import (
    BattleForm,
    LookAndDiscardForm,
    PassHazardForm,
    WhoStartsForm,
    WoundForm,
)
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.state import ALL_ACTIONS, COMBAT_ACTIONS
from tests.games.super_hazard_quest.helpers import assert_illegal, assert_legal


def build(slug: str, form: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


def ask(slug: str, form: Any) -> Any:
    return RULES.rule_json(*build(slug, form))


def items_described(state: dict[str, Any]) -> int:
    return sum(len(h.get("hand", [])) for h in state["heroes"])


@pytest.mark.parametrize("hazard", ALL_ACTIONS)
def test_passing_a_hazard_needs_one_card_and_only_your_item(hazard: str) -> None:
    """Whatever the hazard, the board is your card and the one item you named: no second
    room, no Checkpoint beyond it, no helper Super Lift, even for a combat Inherent Action."""
    form = PassHazardForm(hazard=hazard, item_kind="super", item_action=hazard, inherent="attack")
    state, move = build("pass-hazard", form)
    assert len(state["dungeon"]) == 1
    assert items_described(state) == 1
    assert state["heroes"][0]["hand"] == [{"kind": "super", "id": "1", "action": hazard}]
    assert len(move["path"]) == 1
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "hazard-passed", "4.2")
    assert_legal(ruling, "turn-goes-on", "5.3")  # the turn goes on: where it ends is not asked
    assert ruling.answer.startswith("Yes, you can go that way: step 1: ")


@pytest.mark.parametrize("hazard", ["attack", "climb"])
def test_the_wrong_super_item_cannot_pass_whatever_your_inherent_action(hazard: str) -> None:
    for inherent in ("dig", "stomp"):
        form = PassHazardForm(
            hazard=hazard, item_kind="super", item_action="hide", inherent=inherent
        )
        assert_illegal(ask("pass-hazard", form), "super-item-other-action", "9.4")


def test_a_magic_item_passes_any_hazard_in_one_step() -> None:
    for hazard in ("defend", "unlock"):
        form = PassHazardForm(hazard=hazard, item_kind="magic")
        assert_legal(ask("pass-hazard", form), "hazard-passed", "4.2")


def test_a_hazard_item_cannot_pass_a_hazard() -> None:
    form = PassHazardForm(hazard="stomp", item_kind="hazard", item_action="stomp")
    assert_illegal(ask("pass-hazard", form), "item-gives-no-action", "9.2")


def test_the_opponents_inherent_action_is_not_described_and_not_needed() -> None:
    for slug, form in (
        ("pass-hazard", PassHazardForm()),
        ("look-and-discard", LookAndDiscardForm()),
    ):
        state, _ = build(slug, form)
        assert state["heroes"][1]["inherent"] is None
        assert "hand" not in state["heroes"][1]


def test_every_default_question_holds_only_the_items_it_asked_about() -> None:
    counts = {
        "pass-hazard": (PassHazardForm(), 1),  # the item you pass with
        "look-and-discard": (LookAndDiscardForm(), 0),  # your hand is held, not shown
        "hero-battle": (BattleForm(), 2),  # your Hazard Item and your opponent's Super Item
        "who-starts": (WhoStartsForm(), 0),
    }
    for slug, (form, described) in counts.items():
        state, _ = build(slug, form)
        assert items_described(state) == described, slug


def test_who_starts_invents_no_inherent_actions() -> None:
    form = WhoStartsForm(stage_numbers=[4, 9, 1], claimed_first=3)
    state, move = build("who-starts", form)
    assert [h["inherent"] for h in state["heroes"]] == [None, None, None]
    assert_legal(RULES.rule_json(state, move))


def test_in_a_hero_battle_your_own_inherent_action_is_not_invented() -> None:
    state, _ = build("hero-battle", BattleForm())
    assert state["heroes"][0]["inherent"] is None
    assert state["heroes"][1]["inherent"] == BattleForm().defender_inherent


def test_a_battle_answer_needs_the_opponents_inherent_action_when_not_described() -> None:
    """Sent through the engine directly: the defender's Inherent Action could answer the
    request, so the ruling will not guess it and asks for it instead."""
    state, move = build("hero-battle", BattleForm(defender_answers=False))
    state["heroes"][1]["inherent"] = None
    with pytest.raises(InvalidState, match="Inherent Action of Your opponent's hero was not"):
        RULES.rule_json(state, move)


def test_a_discard_turn_with_a_look_is_refused_for_any_inherent_action() -> None:
    for inherent in (*COMBAT_ACTIONS, "climb"):
        form = LookAndDiscardForm(discard=2, look=True, inherent=inherent)
        assert_illegal(ask("look-and-discard", form), "look-in-discard-turn", "6.4")


# ----------------------------------------------------------------- was I wounded?

NEW_ROOMS = ("checkpoint", "hazard", "dead-end", "red-scrambler", "blue-scrambler")


@pytest.mark.parametrize("new_room", NEW_ROOMS)
def test_was_i_wounded_holds_your_card_the_card_entered_and_one_step(new_room: str) -> None:
    """No Inherent Action, Super Item or walk across your card is made up: one step leaves
    your card by a side not described, with what passed it not described, into the card
    drawn; of that card only what the form asked is described."""
    state, move = build("was-i-wounded", WoundForm(new_room=new_room))
    assert state["dungeon"] == [{"x": 1, "y": 0, "walls": [], "blank": []}]
    assert items_described(state) == 0  # the default form names no item
    you, opponent = state["heroes"]
    assert you["inherent"] is (None if new_room != "hazard" else "climb")
    assert (opponent["x"], opponent["y"], opponent["inherent"]) == (None, None, None)
    (step,) = move["path"]
    assert (step["dir"], step["using"]) == ("left", "not-described")
    assert step["drawn"]["walls"] == []  # none of its four sides is described
    assert "exits" not in step["drawn"]
    # Only the spaces the form's words describe: blank when "nothing in the way", the one
    # hazard and a blank space when "behind one combat hazard", none for the others.
    described = {"checkpoint": ["left", "right"], "hazard": ["left"]}.get(new_room, [])
    assert step["drawn"]["blank"] == described
    assert ("right_space" in step["drawn"]) is (new_room == "hazard")
    assert move["goes_on"] is True


@pytest.mark.parametrize("new_room", ["checkpoint", "dead-end", "red-scrambler"])
def test_what_the_wound_does_not_rest_on_is_not_put_on_the_board(new_room: str) -> None:
    """Your Inherent Action and an item you hold cannot change a Dead End, a Scrambler or a
    clear Checkpoint: filling them in leaves the board, and the ruling, as they were."""
    plain = build("was-i-wounded", WoundForm(new_room=new_room))
    filled = WoundForm(new_room=new_room, inherent="attack", item_kind="magic", hazard="hide")
    assert build("was-i-wounded", filled) == plain
    assert ask("was-i-wounded", filled).reasons == RULES.rule_json(*plain).reasons


def test_yes_a_dead_end_wounds_you_and_you_lose_your_crystals() -> None:
    ruling = ask("was-i-wounded", WoundForm(new_room="dead-end", red_crystals=2))
    assert_legal(ruling, "wounded-dead-end", "8.4")
    assert ruling.reasons[0].code == "wounded-dead-end"  # the rule the answer quotes
    assert ruling.answer == (
        "Your hero is wounded: the card you drew is a Dead End. It goes back to the "
        "Checkpoint it began the turn on and loses all its crystals."
    )
    you = ruling.next_state["heroes"][0]
    assert (you["x"], you["y"], you["crystals"]) == (1, 0, {"red": 0, "blue": 0})


def test_the_blue_scrambler_wounds_a_hero_holding_only_a_red_crystal() -> None:
    form = WoundForm(new_room="blue-scrambler", red_crystals=1)
    ruling = ask("was-i-wounded", form)
    assert_legal(ruling, "wounded-scrambler", "8.5")
    assert ruling.answer.startswith("Your hero is wounded: the blue Scrambler is reached")


def test_the_red_scrambler_with_a_red_crystal_is_a_win_not_a_wound() -> None:
    ruling = ask("was-i-wounded", WoundForm(new_room="red-scrambler", red_crystals=1))
    assert_legal(ruling, "scrambler-defeated", "2.8")
    assert ruling.answer == ("You win the game: you reach the red Scrambler holding a red crystal.")


def test_an_attack_hazard_you_cannot_pass_wounds_you() -> None:
    form = WoundForm(new_room="hazard", hazard="attack", inherent="climb")
    ruling = ask("was-i-wounded", form)
    assert_legal(ruling, "wounded-stuck", "8.1")
    assert ruling.reasons[0].code == "wounded-stuck"
    assert ruling.answer.startswith("Your hero is wounded: at the right edge of the card you drew")


@pytest.mark.parametrize(
    ("inherent", "kind", "first", "second"),
    [
        ("attack", "none", "attack", "defend"),  # your Inherent Action passes it
        ("climb", "super", "attack", "defend"),  # a Super Item of Attack
        ("climb", "dual-action", "hide", "attack"),  # the second action of a Dual Action
        ("climb", "magic", "stomp", "stomp"),  # a Magic Item gives any action once
    ],
)
def test_an_attack_hazard_you_can_pass_is_no_wound(
    inherent: str, kind: str, first: str, second: str
) -> None:
    form = WoundForm(
        new_room="hazard",
        hazard="attack",
        inherent=inherent,
        item_kind=kind,
        item_action=first,
        item_second_action=second,
    )
    state, _ = build("was-i-wounded", form)
    assert items_described(state) == (0 if kind == "none" else 1)
    ruling = ask("was-i-wounded", form)
    assert_legal(ruling, "way-on-open", "8.1")
    assert ruling.reasons[0].code == "way-on-open"
    assert ruling.answer.startswith("Your hero is not wounded: from the card entered a way on")


def test_the_wrong_super_item_leaves_you_wounded() -> None:
    form = WoundForm(new_room="hazard", hazard="defend", item_kind="super", item_action="hide")
    assert_legal(ask("was-i-wounded", form), "wounded-stuck", "8.1")


def test_a_clear_checkpoint_is_no_wound_and_needs_no_inherent_action() -> None:
    state, move = build("was-i-wounded", WoundForm(new_room="checkpoint"))
    assert state["heroes"][0]["inherent"] is None
    assert_legal(RULES.rule_json(state, move), "way-on-open", "8.1")


def test_the_wound_picture_says_only_what_the_form_gave() -> None:
    from games.super_hazard_quest.picture import describe
    from games.super_hazard_quest.state import State

    state, move = build("was-i-wounded", WoundForm(new_room="hazard", hazard="attack"))
    said = describe(State.model_validate(state), {"move": move})
    assert "The room to the right of the Starting Card was not described." in said
    assert (
        "The card drawn on the way has a Checkpoint, a blank left combat space "
        "and an Attack hazard in its right combat space. Its four sides were not described." in said
    )
    assert "You have the Inherent Action Climb." in said
    assert "You hold 5 items not shown." in said
    assert "opponent" not in said  # nobody mentioned them: the picture does not either
    assert "wall" not in said
