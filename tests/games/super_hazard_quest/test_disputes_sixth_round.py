"""Super Hazard Quest: a sixth set of disputes, written from the rulebook before they were run,
on situations the earlier sets leave alone: the use of one action of a Dual Action Item, a
Magic or Super Magic Item on a door, a change of direction at a Checkpoint passed, climbing
twice, a Dead End already on the table, a Future Item taken with the Item deck empty, Hazard
Items on a far card, two Hazard Items in one battle, whole games as logs, the website's question
forms, "Where can I go?" with a Mini-Boss's crystal, and boards that cannot exist.

Each dispute names its verdict, the one rule a judge reads aloud to settle it (the rule
permitting the doubted part of a legal move, not the general turn rule) and a flag only where
the answer turns on our reading of an open point.

Ana and Ben start on the Starting Card at (0, 0); a hero crossing to the card on its right
takes five "right" steps (tests/games/super_hazard_quest/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.core.errors import InvalidMove
from games.super_hazard_quest.questions import (
    BattleForm,
    PassHazardForm,
    WhoStartsForm,
    WoundForm,
)
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.tools import TOOLS
from tests.games.super_hazard_quest.helpers import (
    BEN,
    JSON,
    KEY,
    ana,
    ask,
    board,
    cross_right,
    dual,
    fight,
    go,
    hazard_item,
    hero,
    magic,
    room,
    rule,
    settled,
    special,
    super_item,
    super_magic,
    turn,
)

FIGHT = "mini-boss-fight-mid-turn"


# ----- items: the use each gives (rules 9.3 to 9.6)


def test_a_dual_action_item_used_for_its_second_action_only() -> None:
    """Ben: "your card says Attack first; you cannot use only its Hide". It gives one use of
    its first and/or its second action (9.3)."""
    rooms = [room(0, 0, exits={"right": "unlock"}, left_space="hide"), room(1, 0)]
    state = board(rooms, [ana(dual("d", "attack", "hide")), BEN])
    settled(rule(state, turn("Ana", *cross_right("inherent", left="d"))), True, "9.3")


def test_a_magic_item_chosen_as_lift_to_leave_by_the_left_door() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"left": "lift"})]
    state = board(rooms, [ana(magic("m"), x=1), BEN])
    move = turn("Ana", go("left", "m"), go("left"), go("left"), go("left"), go("left"))
    settled(rule(state, move), True, "9.5")


def test_a_super_magic_item_chosen_as_unlock_opens_two_doors() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0),
    ]
    state = board(rooms, [ana(super_magic("sm"), inherent="stomp"), BEN])
    move = turn("Ana", *cross_right("sm"), *cross_right("sm"))
    settled(rule(state, move), True, "9.6")


def test_a_super_item_of_attack_does_not_pass_a_hide_hazard() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, left_space="hide"), room(1, 0)]
    state = board(rooms, [ana(super_item("s", "attack")), BEN])
    settled(rule(state, turn("Ana", *cross_right("inherent", left="s"))), False, "9.4")


# ----- movement (rules 4.10, 5.11)


def test_turning_round_at_a_checkpoint_passed_mid_turn() -> None:
    """Ana walks right to the next Checkpoint, then turns round and walks back past her own to
    the card on the far left: a hero may change direction only at a Checkpoint (5.11)."""
    rooms = [
        room(-1, 0),
        room(0, 0, exits={"right": "unlock", "left": "lift"}),
        room(1, 0, exits={"left": "lift"}),
    ]
    state = board(rooms, [ana(dual("u", "unlock", "hide"), inherent="lift"), BEN])
    back = [go("left", "inherent"), go("left"), go("left"), go("left"), go("left")]
    move = turn("Ana", *cross_right("u"), *back, *back)
    settled(rule(state, move), True, "5.11")


def test_climbing_twice_with_a_combat_space_passed_between() -> None:
    """Ana climbs, walks to the upper card's flag over its left space, turns round there and
    climbs again: rule 4.10 asks for a combat hazard space between the two Climbs."""
    rooms = [
        room(0, 0, exits={"up": "climb"}),
        room(0, 1, exits={"up": "climb"}),
        room(0, 2),
    ]
    state = board(rooms, [ana(inherent="climb"), BEN])
    move = turn(
        "Ana",
        go("right"),
        go("right"),
        go("up", "inherent"),
        go("left"),
        go("left"),
        go("right"),
        go("right"),
        go("up", "inherent"),
        go("left"),
        go("left"),
    )
    settled(rule(state, move), True, "4.10")


def test_a_magic_item_does_not_open_a_wall() -> None:
    rooms = [room(0, 0), room(1, 0)]  # no exit on the right: a wall
    state = board(rooms, [ana(magic("m")), BEN])
    settled(rule(state, turn("Ana", *cross_right("m"))), False, "4.4")


# ----- found after the run: the answer led by another rule than the one that decides


def test_a_special_item_played_on_the_checkpoint_reached() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(special("sp")), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent"), special="sp"))
    settled(ruling, True, "9.13")
    assert ruling.answer.startswith("Yes, Ana can play the Special Item on the Checkpoint")


def test_the_answer_on_a_prize_item_played_at_once_says_so() -> None:
    boss = {"actions": ["attack", "attack", "hide", "unlock"], "prize": "any-future-item"}
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=boss), room(1, 0)]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand, inherent="unlock"), BEN])
    move = turn("Ana", fight("s", "s", "d", "inherent", take=magic("new")), *cross_right("new"))
    ruling = rule(state, move)
    settled(ruling, True, "7.6")
    assert ruling.answer.startswith("Yes, Ana can use the item won as the Boss Prize")


# ----- wounds and prizes


def test_walking_into_a_dead_end_already_on_the_table() -> None:
    """The Dead End was drawn in an earlier turn: hitting it still wounds at once (8.4)."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, dead_end=True, checkpoint=False)]
    state = board(rooms, [ana(red=1), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent")))
    settled(ruling, True, "8.4")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["crystals"] == {"red": 0, "blue": 0}


def test_a_future_item_taken_with_the_item_deck_empty() -> None:
    """The Item deck is empty and the discard pile is not: the pile becomes the Item deck
    (7.7), so Any Future Item can still be chosen."""
    boss = {"actions": ["attack", "attack", "hide", "unlock"], "prize": "any-future-item"}
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=boss), room(1, 0)]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand), BEN], item_deck=0, discard=44)
    move = turn("Ana", fight("s", "s", "d", "inherent", take=magic("new")))
    settled(rule(state, move), True, "7.7")


# ----- Hazard Items (rules 9.7, 9.8)


def test_a_hazard_item_on_a_card_far_from_the_hero() -> None:
    """Ben: "you can only put hazards on your own card". A Hazard Item adds or changes a
    hazard on any Dungeon Card (9.7); the hazard goes in an empty space or over one (9.8)."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0),
    ]
    state = board(rooms, [ana(hazard_item("h", "combat")), BEN])
    place = {"kind": "place-hazard", "item": "h", "x": 2, "y": 0, "spot": "left-space"}
    # written first as 9.7: the move is the one an earlier dispute settles on 9.8 (a hazard in
    # an empty combat space of another card), and a move does not say which part is doubted
    settled(rule(state, turn("Ana", {**place, "hazard": "stomp"})), True, "9.8")


# ----- Hero Battles (section 11)


def test_two_hazard_items_in_one_battle_ben_answers_only_the_first() -> None:
    ben = hero("Ben", "dig", hand=[dual("b", "attack", "hide")], red=1)
    two = [hazard_item("h1", "combat"), hazard_item("h2", "direction")]
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(*two), ben])
    battle = {
        "kind": "battle",
        "opponent": "Ben",
        "requests": [ask("h1", "attack", "b"), ask("h2", "climb")],
    }
    ruling = rule(state, turn("Ana", battle))
    settled(ruling, True, "11.5")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["crystals"]["red"] == 1


# ----- Discard Turns (section 6)


def _stuck() -> JSON:
    """Ana (Lift) on a card whose only door asks Unlock, holding nothing that gives it."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    hand = [dual(f"d{k}", "hide", "stomp") for k in range(5)]
    # written first with Ana's Inherent Action Dig, Ben's own: refused, each hero has its own
    return board(rooms, [ana(*hand, inherent="lift"), BEN])


def test_a_stuck_hero_discards_all_five_items() -> None:
    move = {"kind": "discard-turn", "player": "Ana", "discard": [f"d{k}" for k in range(5)]}
    settled(rule(_stuck(), move), True, "6.2")


def test_a_discard_turn_that_also_plays_an_item() -> None:
    move = {"kind": "discard-turn", "player": "Ana", "discard": ["d0"], "played": ["d1"]}
    settled(rule(_stuck(), move), False, "6.3")


# ----- whole games as logs


def test_a_log_where_ana_uses_an_item_she_discarded_last_turn() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, left_space="attack"),
        room(1, 0, exits={"right": "unlock"}, left_space="attack"),
        room(2, 0),
    ]
    state = board(rooms, [ana(super_item("s", "attack")), BEN])
    log = [
        turn("Ana", *cross_right("inherent", left="s")),
        {"kind": "discard-turn", "player": "Ben"},
        turn("Ana", *cross_right("inherent", left="s")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert (ruled.verdict, ruled.first_illegal, ruled.first_illegal_by) == ("illegal", 2, "Ana")
    assert ruled.deciding_rule == KEY + "5.10"


def test_a_log_where_ana_is_wounded_and_ben_wins() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock", "up": "climb"}),
        room(1, 0, dead_end=True, checkpoint=False),
        room(0, 1, scrambler="blue", checkpoint=False),
    ]
    state = board(rooms, [ana(red=1), hero("Ben", "climb", blue=1)])
    log = [
        turn("Ana", *cross_right("inherent")),
        turn("Ben", go("right"), go("right"), go("up", "inherent")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ben"
    assert ruled.deciding_rule == KEY + "2.8"
    assert ruled.readings_deciding == []


def test_a_log_where_ben_turns_back_halfway() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(), BEN])
    log = [
        turn("Ana", *cross_right("inherent")),
        turn("Ben", go("right"), go("right"), go("left")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert (ruled.verdict, ruled.first_illegal, ruled.first_illegal_by) == ("illegal", 1, "Ben")
    assert ruled.deciding_rule == KEY + "5.11"


def test_a_log_where_ben_moves_after_ana_has_won() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, scrambler="red", checkpoint=False)]
    state = board(rooms, [ana(red=1), hero("Ben", "dig", hand=[super_item("u", "unlock")])])
    log = [turn("Ana", *cross_right("inherent")), turn("Ben", *cross_right("u"))]
    ruled = RULES.rule_sequence_json(state, log)
    assert (ruled.verdict, ruled.first_illegal, ruled.first_illegal_by) == ("illegal", 1, "Ben")
    assert ruled.deciding_rule == KEY + "2.8"


# ----- the website's question forms


def asked(slug: str, form: object) -> Any:
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


def test_who_starts_when_nobody_drew_a_stage_number() -> None:
    ruling = asked("who-starts", WhoStartsForm(stage_numbers=[0, 0], claimed_first=1))
    settled(ruling, False, "3.6")


def test_can_i_pass_a_climb_hazard_with_a_magic_item() -> None:
    form = PassHazardForm(hazard="climb", item_kind="magic", inherent="stomp")
    settled(asked("pass-hazard", form), True, "9.5")


def test_can_i_pass_an_unlock_hazard_with_a_super_magic_item() -> None:
    form = PassHazardForm(hazard="unlock", item_kind="super-magic", inherent="stomp")
    settled(asked("pass-hazard", form), True, "9.6")


def test_can_i_pass_an_attack_hazard_with_a_hazard_item() -> None:
    form = PassHazardForm(hazard="attack", item_kind="hazard", item_action="attack")
    settled(asked("pass-hazard", form), False, "9.2")


def test_was_i_wounded_at_the_blue_scrambler_with_a_red_crystal() -> None:
    form = WoundForm(new_room="blue-scrambler", red_crystals=1)
    settled(asked("was-i-wounded", form), True, "8.5")


def test_a_hero_battle_form_asking_attack_with_a_direction_item() -> None:
    form = BattleForm(hazard_item="direction", requested="attack")
    settled(asked("hero-battle", form), False, "11.3")


def test_a_hero_battle_form_answered_with_an_item_of_another_action() -> None:
    form = BattleForm(requested="attack", defender_item_action="hide", defender_answers=True)
    settled(asked("hero-battle", form), False, "11.4")


# ----- "Where can I go?": wins through a Mini-Boss's crystal


def reach(state: JSON) -> dict[str, Any]:
    return TOOLS["reachable"].run({"state": state, "player": "Ana"}, None)


def _won(found: dict[str, Any]) -> list[tuple[int, int]]:
    return [(w["x"], w["y"]) for w in found["wins"]]


def _flags(found: dict[str, Any]) -> list[str]:
    return [t["key"].removeprefix(KEY) for t in found["readings_deciding"]]


BLUE_BOSS = {"actions": ["stomp", "stomp", "defend", "unlock"], "prize": "blue-crystal"}
WIN_HAND = [super_item("s", "stomp"), dual("d", "defend", "attack")]


def test_where_can_i_go_wins_with_the_blue_crystal_underfoot() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=BLUE_BOSS),
        room(1, 0, scrambler="blue", checkpoint=False),
    ]
    found = reach(board(rooms, [ana(*WIN_HAND), BEN]))
    assert _won(found) == [(1, 0)]
    assert _flags(found) == []


def test_where_can_i_go_with_the_crystal_already_held_walks_past_the_mini_boss() -> None:
    """Ana holds the red crystal: the win beyond the Mini-Boss does not rest on fighting it,
    so no reading of when it may be fought is flagged."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}, mini_boss={**BLUE_BOSS, "prize": "red-crystal"}),
        room(2, 0, scrambler="red", checkpoint=False),
    ]
    found = reach(board(rooms, [ana(*WIN_HAND, red=1), BEN]))
    assert _won(found) == [(2, 0)]
    assert _flags(found) == []


def test_where_can_i_go_when_the_fight_spends_the_unlock_the_door_needs() -> None:
    """Ana (Climb) has one Unlock, on her Dual Action Item: the Mini-Boss takes it, and the door
    to the Scrambler asks for it again. No win; walking through without the fight, she would
    meet the Scrambler without its crystal."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=BLUE_BOSS),
        room(1, 0, scrambler="blue", checkpoint=False),
    ]
    hand = [super_item("s", "stomp"), dual("d", "defend", "unlock")]
    found = reach(board(rooms, [ana(*hand, inherent="climb"), BEN]))
    assert _won(found) == []
    assert _flags(found) == []


def test_where_can_i_go_past_a_mini_boss_of_the_other_colour() -> None:
    """The Mini-Boss on the next card gives the blue crystal, the Scrambler beyond is red:
    fought or not, there is no win, so the reading of when it may be fought is not flagged."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}, mini_boss=BLUE_BOSS),
        room(2, 0, scrambler="red", checkpoint=False),
    ]
    found = reach(board(rooms, [ana(*WIN_HAND), BEN]))
    assert _won(found) == []
    assert (1, 0) in [(c["x"], c["y"]) for c in found["checkpoints"]]
    assert _flags(found) == []


def test_where_can_i_go_through_a_second_mini_boss_card_flags_the_fight() -> None:
    """The red crystal is two cards along, the red Scrambler beyond it: the win rests on
    fighting a Mini-Boss mid-turn, our reading, and is flagged with what the other answers."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0, exits={"right": "unlock"}, mini_boss={**BLUE_BOSS, "prize": "red-crystal"}),
        room(3, 0, scrambler="red", checkpoint=False),
    ]
    found = reach(board(rooms, [ana(*WIN_HAND), BEN]))
    assert _won(found) == [(3, 0)]
    assert _flags(found) == [FIGHT]


# ----- boards that cannot exist: refused, naming the field


def _refused(state: JSON) -> str:
    with pytest.raises((InvalidState, InvalidMove)) as caught:
        RULES.parse_state(state)
    return str(caught.value.field)


def test_two_cards_on_the_same_spot_are_refused() -> None:
    state = board([room(0, 0), room(0, 0)], [ana(), BEN])
    assert _refused(state).startswith("state.dungeon")


def test_two_red_scramblers_are_refused() -> None:
    rooms = [room(0, 0), room(1, 0, scrambler="red"), room(2, 0, scrambler="red")]
    assert _refused(board(rooms, [ana(), BEN])).startswith("state.dungeon")


def test_a_hero_standing_where_no_card_lies_is_refused() -> None:
    state = board([room(0, 0)], [ana(x=5, y=5), BEN])
    assert _refused(state).startswith("state.heroes.0")


def test_one_item_twice_in_a_hand_is_refused() -> None:
    state = board([room(0, 0)], [ana(magic("m"), magic("m")), BEN])
    assert _refused(state).startswith("state.heroes.0")
