"""Super Hazard Quest: more disputes as players bring them from the rulebook, single turns,
logs and "Where can I go?", each ruled with its verdict, the one rule shown as deciding, and a
flag only where the answer turns on our reading of an open point.

Ana and Ben start on the Starting Card at (0, 0); a hero crossing to the card on its right
takes five "right" steps (tests/games/super_hazard_quest/helpers.py)."""

from __future__ import annotations

from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import (
    BEN,
    BOSS,
    KEY,
    LAST_ITEMS,
    TWO_ATTACKS,
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
    special,
    super_item,
    super_magic,
    turn,
)

ATTACK_HIDE = [
    room(0, 0, exits={"right": "unlock"}, left_space="attack", right_space="hide"),
    room(1, 0),
]
# ----- the items


def test_a_magic_item_gives_attack_and_a_dual_item_the_other_attack() -> None:
    state = board(TWO_ATTACKS, [ana(magic("m"), dual("d", "attack", "hide")), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="m", right="d")))
    settled(ruling, True, "9.5")


def test_a_magic_item_used_for_both_attacks_is_used_up() -> None:
    state = board(TWO_ATTACKS, [ana(magic("m")), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="m", right="m")))
    settled(ruling, False, "9.5")


def test_a_dual_action_item_gives_attack_and_then_hide() -> None:
    state = board(ATTACK_HIDE, [ana(dual("d", "attack", "hide")), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d", right="d")))
    settled(ruling, True, "9.3")


def test_a_dual_action_item_without_attack() -> None:
    state = board(ATTACK_HIDE, [ana(dual("d", "stomp", "hide")), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d", right="d")))
    settled(ruling, False, "9.3")


def test_a_super_magic_item_gives_attack_twice() -> None:
    state = board(TWO_ATTACKS, [ana(super_magic("sm")), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="sm", right="sm")))
    settled(ruling, True, "9.6")


def test_a_super_magic_item_gives_one_action_not_two() -> None:
    state = board(ATTACK_HIDE, [ana(super_magic("sm")), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="sm", right="sm")))
    settled(ruling, False, "9.6")


def test_a_dual_item_used_for_attack_beside_a_super_attack_item() -> None:
    state = board(TWO_ATTACKS, [ana(super_item("s", "attack"), dual("d", "attack", "hide")), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="s", right="d")))
    settled(ruling, True, "5.12")


def test_an_item_laid_out_but_never_used() -> None:
    state = board(TWO_ATTACKS, [ana(super_item("s", "attack"), dual("d", "stomp", "dig")), BEN])
    move = turn("Ana", *cross_right("inherent", left="s", right="s"), played=["d"])
    settled(rule(state, move), False, "5.9")


# ----- inherent actions and moving


def test_the_inherent_attack_passes_both_attacks() -> None:
    state = board(TWO_ATTACKS, [ana(dual("d", "unlock", "hide"), inherent="attack"), BEN])
    ruling = rule(state, turn("Ana", *cross_right("d", left="inherent", right="inherent")))
    settled(ruling, True, "4.9")


def test_the_inherent_action_is_the_one_on_the_token() -> None:
    state = board(TWO_ATTACKS, [ana(super_item("s", "attack"), inherent="unlock"), BEN])
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="inherent", right="s")))
    settled(ruling, False, "4.8")


def test_leaving_by_the_unlock_exit_needs_unlock() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(inherent="stomp"), BEN])
    settled(rule(state, turn("Ana", *cross_right())), False, "4.4")


def test_the_lift_hazard_at_the_entrance_is_ignored() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"left": "lift"})]
    state = board(rooms, [ana(), BEN])
    settled(rule(state, turn("Ana", *cross_right("inherent"))), True, "4.6")


def test_passing_a_checkpoint_and_going_on_to_the_next() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0),
    ]
    state = board(rooms, [ana(), BEN])
    move = turn("Ana", *cross_right("inherent"), *cross_right("inherent"))
    settled(rule(state, move), True, "5.2")


# ----- Looks, Discard Turns, trades


def test_a_look_from_the_starting_checkpoint() -> None:
    state = board(TWO_ATTACKS, [ana(), BEN])
    settled(rule(state, turn("Ana", look={"dir": "up", "drawn": face()})), True, "8.7")


def test_a_look_after_moving_to_a_new_checkpoint() -> None:
    state = board(TWO_ATTACKS, [ana(super_item("s", "attack")), BEN])
    move = turn(
        "Ana",
        *cross_right("inherent", left="s", right="s"),
        look={"dir": "right", "drawn": face()},
    )
    settled(rule(state, move), True, "8.10")


def test_a_discard_turn_while_holding_the_actions_to_move() -> None:
    state = board(TWO_ATTACKS, [ana(super_item("s", "attack")), BEN])
    move = {"kind": "discard-turn", "player": "Ana", "discard": ["s"]}
    settled(rule(state, move), False, "6.1", "discard-turn-only-without-actions")


def test_after_a_trade_ana_cannot_also_move() -> None:
    state = board(
        TWO_ATTACKS,
        [ana(super_item("s", "attack")), hero("Ben", "dig", hand=[dual("b", "hide", "dig")])],
    )
    log = [
        {"kind": "trade", "player": "Ana", "partner": "Ben", "give": ["s"], "receive": ["b"]},
        turn("Ana", look={"dir": "up", "drawn": face()}),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "6.5"


# ----- Mini-Bosses


def test_no_fight_from_the_middle_of_the_card() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand), BEN])
    move = turn("Ana", go("right"), fight("s", "s", "d", "inherent"))
    settled(rule(state, move), False, "7.1")


def test_a_mini_boss_beaten_for_any_future_item() -> None:
    boss = {**BOSS, "prize": "any-future-item"}
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=boss), room(1, 0)]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand), BEN])
    move = turn("Ana", fight("s", "s", "d", "inherent", take=magic("new")))
    settled(rule(state, move), True, "7.2")


def test_the_crystal_won_and_the_scrambler_beaten_in_the_same_turn() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS),
        room(1, 0, exits={"left": "lift"}, scrambler="red"),
    ]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand), BEN])
    move = turn("Ana", fight("s", "s", "d", "inherent"), *cross_right("inherent"))
    settled(rule(state, move), True, "2.8")


# ----- wounds and Scramblers


def test_a_dead_end_drawn_wounds_and_takes_the_crystal() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"})]
    state = board(rooms, [ana(red=1), BEN])
    dead_end = face(dead_end=True, checkpoint=False)
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=dead_end)))
    settled(ruling, True, "8.4")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["crystals"] == {"red": 0, "blue": 0}


def test_the_blue_scrambler_with_both_crystals_wins() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, scrambler="blue")]
    state = board(rooms, [ana(red=1, blue=1), BEN])
    settled(rule(state, turn("Ana", *cross_right("inherent"))), True, "2.8")


# ----- Running Leaps, Special Items, hazards placed, Hero Battles


def test_a_special_item_cancels_the_running_leap() -> None:
    # written first as "illegal"; the book says the Special Item cancels the leap, which the
    # engine rules as the leap void and the rest of the turn standing
    rooms = [room(0, 0, exits={"right": "unlock"}, left_space="attack"), room(1, 0), room(2, 0)]
    hand = [dual("d", "attack", "hide"), special("x")]
    state = board(rooms, [ana(*hand, unseen=0), hero("Ben", "dig", unseen=0)], **LAST_ITEMS)
    move = turn("Ana", *cross_right("inherent", left="d"), special="x", leap={"dir": "right"})
    ruling = rule(state, move)
    settled(ruling, True, "10.3")
    assert [v.code for v in ruling.voided] == ["leap-after-special"]


def test_a_combat_hazard_placed_in_an_empty_combat_space() -> None:
    state = board(TWO_ATTACKS, [ana(hazard_item("h", "combat")), BEN])
    place = {
        "kind": "place-hazard",
        "item": "h",
        "x": 1,
        "y": 0,
        "spot": "left-space",
        "hazard": "stomp",
    }
    settled(rule(state, turn("Ana", place)), True, "9.8")


def test_a_combat_hazard_item_cannot_ask_for_unlock() -> None:
    ben = hero("Ben", "dig", hand=[dual("b", "hide", "lift")], red=1)
    state = board(TWO_ATTACKS, [ana(hazard_item("h", "combat")), ben])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "unlock")]}
    settled(rule(state, turn("Ana", battle)), False, "11.3")


def test_ben_without_attack_loses_his_crystal_in_a_hero_battle() -> None:
    ben = hero("Ben", "dig", hand=[dual("b", "hide", "lift")], red=1)
    state = board(TWO_ATTACKS, [ana(hazard_item("h", "combat")), ben])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "attack")]}
    ruling = rule(state, turn("Ana", battle))
    # written first flagged with hero-battle-wounds-the-loser: with one crystal and Ben on his
    # own Checkpoint, the other reading answers the same
    settled(ruling, True, "11.5")


# ----- "Where can I go?"


def test_where_can_i_go_with_a_magic_item() -> None:
    state = board(TWO_ATTACKS, [ana(magic("m"), dual("d", "attack", "hide")), BEN])
    found = RULES.tools["reachable"].run({"state": state, "player": "Ana"}, None)
    assert (1, 0) in [(c["x"], c["y"]) for c in found["checkpoints"]]
    assert found["readings_deciding"] == []
