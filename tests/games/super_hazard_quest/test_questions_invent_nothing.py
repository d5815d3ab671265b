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
