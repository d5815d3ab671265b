"""Disputes over counts the question did not give: how many cards the Dungeon deck, the Item
deck and the discard pile hold, and how many items another player holds. None is made up:
the question forms leave them not described (null), the picture says so, no ruling rests on
one (a card the player says was drawn was drawn), and where one would decide, the ruling asks
for it with a 400 naming the field. Counts that are given are checked as before."""

from __future__ import annotations

import copy
from typing import Any

from games.super_hazard_quest import builder
from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.picture import describe
from games.super_hazard_quest.questions import BattleForm, PassHazardForm, WoundForm
from games.super_hazard_quest.rules import EXAMPLE_MOVE, EXAMPLE_STATE, RULES
from games.super_hazard_quest.state import State
from tests.games.super_hazard_quest.helpers import (
    assert_legal,
    board,
    cross_right,
    hero,
    room,
    turn,
)
from tests.games.super_hazard_quest.test_sides_and_places import refused


def _question(slug: str, form: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


def test_the_question_forms_give_no_count_they_did_not_ask() -> None:
    for slug, form in (
        ("pass-hazard", PassHazardForm()),
        ("was-i-wounded", WoundForm()),
        ("hero-battle", BattleForm()),
    ):
        state, _ = _question(slug, form)
        counts = (state["dungeon_deck"], state["item_deck"], state["discard"])
        assert counts == (None, None, None), slug
        assert state["heroes"][1]["unseen"] is None, slug


def test_the_picture_says_the_counts_and_the_opponents_hand_were_not_described() -> None:
    state, move = _question("pass-hazard", PassHazardForm())
    said = describe(State.model_validate(state), {"move": move})
    assert (
        "How many cards the Dungeon deck, the Item deck and the discard pile hold was not "
        "described." in said
    )
    # The second hero the game needs, of whom the question said nothing, is not drawn.
    assert "your opponent" not in said.casefold()
    assert "25 cards" not in said and "Item deck 44" not in said


def test_a_hazard_passed_is_ruled_the_same_with_the_counts_given_or_not() -> None:
    """The counts cannot change whether an item passes a hazard (rule 4.2)."""
    state, move = _question("pass-hazard", PassHazardForm())
    given = copy.deepcopy(state)
    given |= {"dungeon_deck": 25, "item_deck": 44, "discard": 0}
    given["heroes"][1]["unseen"] = 5
    a, b = RULES.rule_json(state, move), RULES.rule_json(given, move)
    assert_legal(a, "hazard-passed", "4.2")
    assert [(r.code, r.rule) for r in a.reasons] == [(r.code, r.rule) for r in b.reasons]


def test_the_card_you_drew_is_drawn_though_the_dungeon_deck_was_not_counted() -> None:
    ruling = RULES.rule_json(*_question("was-i-wounded", WoundForm(new_room="dead-end")))
    assert_legal(ruling, "wounded-dead-end", "8.4")
    assert ruling.next_state["dungeon_deck"] is None  # still not described after the draw


def test_your_opponent_draws_after_the_battle_and_the_count_stays_not_described() -> None:
    ruling = RULES.rule_json(*_question("hero-battle", BattleForm(requested="attack")))
    assert ruling.verdict == "legal"
    assert ruling.next_state["heroes"][1]["unseen"] is None


def test_a_turn_needs_how_many_items_the_mover_holds() -> None:
    """Ana's turn ends drawing back up to five (rule 5.10): how many she holds is asked."""
    state = copy.deepcopy(EXAMPLE_STATE)
    state["heroes"][0]["unseen"] = None
    error = refused(state, EXAMPLE_MOVE)
    assert error.field == "state.heroes.0.unseen"
    assert "how many items Ana's hand holds was not described" in error.message


def test_counts_that_are_given_must_still_add_up_to_the_box() -> None:
    state = copy.deepcopy(EXAMPLE_STATE)
    state["item_deck"] = state["item_deck"] - 1
    assert refused(state, EXAMPLE_MOVE).field == "state.item_deck"
    state = copy.deepcopy(EXAMPLE_STATE)
    state["dungeon_deck"] = state["dungeon_deck"] - 1
    assert refused(state, EXAMPLE_MOVE).field == "state.dungeon_deck"


def test_the_example_turn_is_ruled_the_same_with_the_counts_not_described() -> None:
    state = copy.deepcopy(EXAMPLE_STATE)
    given = RULES.rule_json(state, EXAMPLE_MOVE)
    state |= {"dungeon_deck": None, "item_deck": None, "discard": None}
    state["heroes"][1]["unseen"] = None
    unsaid = RULES.rule_json(state, EXAMPLE_MOVE)
    assert unsaid.verdict == given.verdict
    assert [(r.code, r.rule) for r in unsaid.reasons] == [(r.code, r.rule) for r in given.reasons]
    assert unsaid.next_state["item_deck"] is None


def test_a_discard_turn_that_rests_on_the_dungeon_deck_asks_for_it() -> None:
    """Ana could walk through her door into an empty space, but only if a card is left to
    draw there (rule 6.1): with the Dungeon deck not described, the ruling asks for it."""
    start = room(0, 0, exits={"right": "unlock"}, walls=["up", "down", "left"])
    state = board([start], [hero("Ana", "unlock"), hero("Ben", "dig")])
    state["dungeon_deck"] = None
    move = {"kind": "discard-turn", "player": "Ana", "discard_unseen": 1}
    error = refused(state, move)
    assert error.field == "state.dungeon_deck"
    assert "the empty space to the right of the Starting Card" in error.message


def test_the_builder_asks_no_count_and_gives_none() -> None:
    built = builder.parse({"d": "0,0,right:unlock", "h": "0,0,unlock;-,-,-"}).state()
    assert (built["dungeon_deck"], built["item_deck"], built["discard"]) == (None, None, None)
    assert built["heroes"][0]["unseen"] == 5  # yours: five at the start of your turn
    assert built["heroes"][1]["unseen"] is None


# ----------------------------------------------------------------- crystals not described


def _to_the_red_scrambler() -> dict[str, Any]:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"left": "lift"}, scrambler="red"),
    ]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")])
    state["heroes"][0]["crystals"] = None
    return state


def test_reaching_a_scrambler_asks_how_many_crystals_you_hold() -> None:
    """Ana walks onto the red Scrambler: she wins holding a red crystal, or is wounded
    (rules 2.8, 8.5). Her crystals were not described, so the ruling asks for them."""
    error = refused(_to_the_red_scrambler(), turn("Ana", *cross_right("inherent")))
    assert error.field == "state.heroes.0.crystals"
    assert "how many crystals Ana holds was not described" in error.message


def test_the_path_finder_counts_no_scrambler_won_on_crystals_not_described() -> None:
    found = reachable(State.model_validate(_to_the_red_scrambler()), "Ana")
    assert found.wins == []
    assert any("crystals the hero holds was not described" in n for n in found.notes)


def test_you_steal_the_crystal_though_your_own_were_not_counted() -> None:
    state, move = _question("hero-battle", BattleForm(requested="hide", defender_answers=False))
    assert state["heroes"][0]["crystals"] is None
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "battle-won", "11.5")
    you, opponent = ruling.next_state["heroes"]
    assert you["crystals"] is None  # one more than a count not described
    assert opponent["crystals"] == {"red": 0, "blue": 0}


def test_the_picture_says_your_crystals_were_not_described_when_not_asked() -> None:
    state, move = _question("pass-hazard", PassHazardForm())
    said = describe(State.model_validate(state), {"move": move})
    assert "How many crystals you hold was not described." in said
    assert "0 red" not in said
