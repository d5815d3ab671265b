"""Super Hazard Quest: a seventh set of disputes, written from the rulebook before they were run,
on situations the earlier sets leave alone: the way back through a door entered without an
entrance, a wound on a new card's combat hazard, a Look onto a side already built while others
are free, an item used for an action the Inherent Action already gives, a Mini-Boss fought
short of an action, a prize from an empty discard pile, Hero Battles answered with a Magic
Item or lost for want of an action, whole games as logs to their winner (a crystal stolen in a
Hero Battle, a crystal won from a Mini-Boss), the website's question forms, and boards that
cannot exist.

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
from games.super_hazard_quest.questions import BattleForm, PassHazardForm, WhoStartsForm, WoundForm
from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import (
    BEN,
    BOSS,
    JSON,
    KEY,
    ana,
    ask,
    board,
    cross_right,
    dual,
    face,
    fight,
    go,
    hazard_item,
    hero,
    magic,
    room,
    rule,
    settled,
    super_item,
    super_magic,
    turn,
)

# ----- doors and the way back (rules 4.4, 4.6, 4.11)


def test_no_way_back_through_a_card_entered_without_an_entrance() -> None:
    """Ana crossed into the card on the right, which has no door on its left side; from its
    Checkpoint she turns round and walks back left. Ben: "you came in that way, you can go
    out that way". The hero cannot come back the same way (4.11)."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(magic("m"), inherent="lift"), BEN])
    # the walk back starts at the flag, beside the left side: its first step is the exit
    move = turn("Ana", *cross_right("m"), go("left", "inherent"))
    settled(rule(state, move), False, "4.11")


def test_the_unlock_door_of_the_card_entered_is_ignored_on_the_way_in() -> None:
    """Walking left into a card whose right side has an Unlock door: Ana (Lift) has no Unlock.
    The first Direction Hazard met on entering is ignored (4.6)."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"left": "lift"})]
    state = board(rooms, [ana(x=1, inherent="lift"), hero("Ben", "dig", x=1)])
    move = turn("Ana", go("left", "inherent"), go("left"), go("left"), go("left"), go("left"))
    settled(rule(state, move), True, "4.6")


# ----- wounds on a new card (rules 8.1 to 8.3)


def test_a_combat_hazard_on_the_card_drawn_wounds_and_takes_the_crystal() -> None:
    """Ana (Lift) walks left into a card drawn now, its first combat space a Hide she cannot
    pass: she is wounded (8.1) and loses her crystal."""
    rooms = [room(1, 0, exits={"left": "lift"})]
    state = board(rooms, [ana(x=1, inherent="lift", red=1), hero("Ben", "dig", x=1)])
    drawn = face(right_space="hide")
    move = turn("Ana", go("left", "inherent", drawn), go("left"))
    ruling = rule(state, move)
    settled(ruling, True, "8.1")
    assert ruling.next_state is not None
    ana_after = ruling.next_state["heroes"][0]
    assert (ana_after["x"], ana_after["crystals"]["red"]) == (1, 0)


def test_a_hazard_on_a_card_already_on_the_table_bars_the_way_without_a_wound() -> None:
    """The Hide on the card to the left was on the table before this turn: not a new part of
    the dungeon, so no wound; Ana without Hide cannot pass it (4.2)."""
    rooms = [room(0, 0, right_space="hide"), room(1, 0, exits={"left": "lift"})]
    state = board(rooms, [ana(x=1, inherent="lift"), hero("Ben", "dig", x=1)])
    move = turn("Ana", go("left", "inherent"), go("left"), go("left"), go("left"), go("left"))
    settled(rule(state, move), False, "4.2")


# ----- items (rules 5.12, 9.3 to 9.6)


def test_an_item_used_for_the_inherent_action_the_hero_already_has() -> None:
    """Ana's Inherent Action is Attack; she spends her Dual Action Item's Attack on the Attack
    hazard anyway, to get rid of it. Ben: "you don't need it, it isn't properly used". The
    action may be used though the hero already has it without limit (5.12)."""
    rooms = [room(0, 0, exits={"right": "unlock"}, left_space="attack"), room(1, 0)]
    hand = [dual("d", "attack", "hide"), super_item("u", "unlock")]
    state = board(rooms, [ana(*hand, inherent="attack"), BEN])
    settled(rule(state, turn("Ana", *cross_right("u", left="d"))), True, "5.12")


def test_a_dual_action_item_gives_two_different_hazards_of_one_card() -> None:
    """One Dual Action Item, Attack and Hide, passes the Attack in the left space and the Hide
    in the right space of one card (9.3: its first and its second action)."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}, left_space="attack", right_space="hide"),
        room(1, 0),
    ]
    state = board(rooms, [ana(dual("d", "attack", "hide")), BEN])
    move = turn("Ana", *cross_right("inherent", left="d", right="d"))
    settled(rule(state, move), True, "9.3")


def test_a_super_magic_item_chosen_as_hide_then_used_on_a_door() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, left_space="hide"), room(1, 0)]
    state = board(rooms, [ana(super_magic("sm"), inherent="stomp"), BEN])
    settled(rule(state, turn("Ana", *cross_right("sm", left="sm"))), False, "9.6")


def test_a_magic_item_used_as_unlock_once_then_again() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0),
    ]
    state = board(rooms, [ana(magic("m"), inherent="stomp"), BEN])
    settled(rule(state, turn("Ana", *cross_right("m"), *cross_right("m"))), False, "9.5")


# ----- Mini-Bosses and prizes (section 7)


def test_a_mini_boss_fought_with_three_actions_only() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    state = board(rooms, [ana(super_item("s", "attack"), inherent="unlock"), BEN])
    settled(rule(state, turn("Ana", fight("s", "s", "inherent"))), False, "7.2")


def test_a_discarded_item_prize_with_the_discard_pile_empty() -> None:
    """The prize is Any Discarded Item and nothing has been discarded yet: there is no item to
    choose (7.5)."""
    boss = {**BOSS, "prize": "any-discarded-item"}
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=boss), room(1, 0)]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand), BEN], discard=0)
    move = turn("Ana", fight("s", "s", "d", "inherent", take=magic("old")))
    settled(rule(state, move), False, "7.5")


# ----- Looks (rules 8.7 to 8.9)


def test_a_look_onto_the_side_already_built_while_the_top_is_free() -> None:
    """Ana Looks to the right, where a card already lies; the space above is free. A Look
    places the card in an empty space the player picks (8.7); 8.9 is for a card with no empty
    space round it."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(), BEN])
    settled(rule(state, turn("Ana", look={"dir": "right", "drawn": face()})), False, "8.7")


def test_a_look_after_moving_draws_a_dead_end() -> None:
    """Ana moves to a new Checkpoint and Looks from there; the card drawn is a Dead End. Ben
    says she is wounded. A Look made after moving ends the turn from the Checkpoint reached
    (8.10) and is safe: the card is placed, nobody walks into it."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(red=1), BEN])
    look = {"dir": "up", "drawn": face(dead_end=True, checkpoint=False)}
    ruling = rule(state, turn("Ana", *cross_right("inherent"), look=look))
    settled(ruling, True, "8.10")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["crystals"]["red"] == 1


# ----- Hero Battles (section 11)

WOUND_READING = "hero-battle-wounds-the-loser"


def _battle_board(ben_hand: list[JSON], red: int = 1) -> JSON:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    ben = hero("Ben", "dig", x=1, hand=ben_hand, red=red)
    return board(rooms, [ana(hazard_item("h", "combat")), ben])


def test_ben_answers_a_stomp_request_with_a_magic_item() -> None:
    state = _battle_board([magic("bm")])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "stomp", "bm")]}
    ruling = rule(state, turn("Ana", *cross_right("inherent"), battle))
    # written first unflagged: read the other way, the attacker whose every request is answered
    # loses the battle and is wounded, so where Ana's turn ends turns on that reading
    settled(ruling, True, "11.4", WOUND_READING)
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][1]["crystals"]["red"] == 1


def test_a_battle_declared_on_the_checkpoint_reached_ben_cannot_answer() -> None:
    """Ana crosses to Ben's Checkpoint and battles there at once: Ben holds no Defend and loses
    his crystal to her (11.5)."""
    hand = [dual(f"b{k}", "hide", "lift") for k in range(5)]
    state = _battle_board(hand)
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "defend")]}
    ruling = rule(state, turn("Ana", *cross_right("inherent"), battle))
    settled(ruling, True, "11.5")
    assert ruling.next_state is not None
    assert [h["crystals"]["red"] for h in ruling.next_state["heroes"]] == [1, 0]


def test_a_battle_answered_with_an_item_of_the_wrong_action() -> None:
    state = _battle_board([dual("b", "hide", "lift")])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "attack", "b")]}
    settled(rule(state, turn("Ana", *cross_right("inherent"), battle)), False, "11.4")


# ----- Discard Turns and trades (section 6)


def test_a_trade_on_bens_turn_made_by_ana() -> None:
    rooms = [room(0, 0)]
    ben = hero("Ben", "dig", hand=[magic("bm")])
    state = board(rooms, [ana(magic("m")), ben], turn="Ben")
    move = {"kind": "trade", "player": "Ana", "partner": "Ben", "give": ["m"], "receive": ["bm"]}
    settled(rule(state, move), False, "3.4")


# ----- whole games as logs


def test_a_log_where_ana_steals_bens_crystal_and_wins() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0, scrambler="red", checkpoint=False),
    ]
    ben_hand = [dual(f"b{k}", "hide", "lift") for k in range(5)]
    ben = hero("Ben", "dig", x=1, hand=ben_hand, red=1)
    state = board(rooms, [ana(hazard_item("h", "combat")), ben])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "attack")]}
    log = [
        turn("Ana", *cross_right("inherent"), battle),
        {"kind": "discard-turn", "player": "Ben", "discard": ["b0"]},
        turn("Ana", *cross_right("inherent")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "2.8"
    assert ruled.readings_deciding == []


def test_a_log_where_ana_wins_the_crystal_looks_and_then_wins() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS),
        room(1, 0, scrambler="red", checkpoint=False),
    ]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand), BEN])
    log = [
        turn("Ana", fight("s", "s", "d", "inherent"), look={"dir": "up", "drawn": face()}),
        turn("Ben", look={"dir": "down", "drawn": face()}),
        turn("Ana", *cross_right("inherent")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "2.8"
    assert ruled.readings_deciding == []


def test_a_log_where_ben_uses_one_magic_item_for_two_doors() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0),
    ]
    ben = hero("Ben", "stomp", hand=[magic("bm")])
    state = board(rooms, [ana(), ben])
    log = [
        turn("Ana", look={"dir": "up", "drawn": face()}),
        turn("Ben", *cross_right("bm"), *cross_right("bm")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert (ruled.verdict, ruled.first_illegal, ruled.first_illegal_by) == ("illegal", 1, "Ben")
    assert ruled.deciding_rule == KEY + "9.5"


def test_a_log_where_ana_places_a_direction_hazard_in_a_combat_space() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(hazard_item("h", "direction")), BEN])
    place = {
        "kind": "place-hazard",
        "item": "h",
        "x": 1,
        "y": 0,
        "spot": "left-space",
        "hazard": "dig",
    }
    log = [
        turn("Ana", place),
        turn("Ben", look={"dir": "up", "drawn": face()}),
        turn("Ana", *cross_right("inherent")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert (ruled.verdict, ruled.first_illegal, ruled.first_illegal_by) == ("illegal", 0, "Ana")
    assert ruled.deciding_rule == KEY + "9.10"


def test_a_log_where_ana_reaches_the_blue_scrambler_with_a_red_crystal_and_ben_wins() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, scrambler="blue", checkpoint=False),
    ]
    ben = hero("Ben", "climb", hand=[super_item("bu", "unlock")], blue=1)
    state = board(rooms, [ana(red=1), ben])
    log = [turn("Ana", *cross_right("inherent")), turn("Ben", *cross_right("bu"))]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ben"
    assert ruled.deciding_rule == KEY + "2.8"


# ----- the website's question forms


def asked(slug: str, form: object) -> Any:
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


def test_can_i_pass_an_attack_hazard_with_my_super_item_when_attack_is_inherent() -> None:
    form = PassHazardForm(
        hazard="attack", item_kind="super", item_action="attack", inherent="attack"
    )
    settled(asked("pass-hazard", form), True, "5.12")


def test_can_i_pass_a_hide_hazard_with_the_second_action_of_a_dual_item() -> None:
    form = PassHazardForm(
        hazard="hide", item_kind="dual-action", item_action="attack", item_second_action="hide"
    )
    settled(asked("pass-hazard", form), True, "9.3")


def test_who_starts_when_seat_one_drew_no_stage_number() -> None:
    ruling = asked("who-starts", WhoStartsForm(stage_numbers=[0, 4], claimed_first=1))
    settled(ruling, False, "3.5")


def test_was_i_wounded_at_a_dead_end_holding_two_crystals() -> None:
    form = WoundForm(new_room="dead-end", red_crystals=1, blue_crystals=1)
    settled(asked("was-i-wounded", form), True, "8.4")


def test_a_hero_battle_form_answered_with_the_right_item() -> None:
    form = BattleForm(hazard_item="direction", requested="climb", defender_item_action="climb")
    # written first unflagged: whether you are wounded for losing the battle turns on it
    settled(asked("hero-battle", form), True, "11.4", WOUND_READING)


# ----- boards that cannot exist: refused, naming the field


def _refused(state: JSON) -> str:
    with pytest.raises((InvalidState, InvalidMove)) as caught:
        RULES.parse_state(state)
    return str(caught.value.field)


def test_two_heroes_with_one_inherent_action_are_refused() -> None:
    state = board([room(0, 0)], [ana(inherent="dig"), BEN])
    assert _refused(state).startswith("state.heroes")


def test_a_hand_of_six_items_is_refused() -> None:
    hand = [magic(f"m{k}") for k in range(6)]
    assert _refused(board([room(0, 0)], [ana(*hand), BEN])).startswith("state.heroes.0")


def test_a_turn_of_a_player_not_at_the_table_is_refused() -> None:
    state = board([room(0, 0)], [ana(), BEN], turn="Cleo")
    assert _refused(state).startswith("state.turn")
