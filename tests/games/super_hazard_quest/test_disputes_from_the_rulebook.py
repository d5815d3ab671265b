"""Super Hazard Quest: disputes as players bring them, each ruled with its verdict, the one rule
shown as deciding, and a flag only where the answer turns on our reading of an open point.

Ana and Ben start on the Starting Card at (0, 0); a hero crossing to the card on its right
takes five "right" steps (tests/games/super_hazard_quest/helpers.py)."""

from __future__ import annotations

from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import (
    BOSS,
    JSON,
    KEY,
    LAST_ITEMS,
    TWO_ATTACKS,
    ask,
    board,
    cross_right,
    dual,
    face,
    go,
    hazard_item,
    hero,
    room,
    rule,
    settled,
    special,
    super_item,
    turn,
)


def fight(*using: str) -> JSON:
    return {"kind": "fight", "using": list(using)}


# ----- items


def test_a_super_item_passes_both_attack_hazards_in_one_turn() -> None:
    state = board(
        TWO_ATTACKS, [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="s", right="s")))
    settled(ruling, True, "9.4")
    assert ruling.answer.startswith(
        "Yes, a Super Item gives its action as often as needed that turn."
    )


def test_a_dual_action_item_gives_attack_once_only() -> None:
    state = board(
        TWO_ATTACKS, [hero("Ana", "unlock", hand=[dual("d", "attack", "hide")]), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d", right="d")))
    settled(ruling, False, "9.3")


def test_a_direction_hazard_cannot_go_in_a_combat_hazard_space() -> None:
    state = board(
        TWO_ATTACKS,
        [hero("Ana", "unlock", hand=[hazard_item("h", "direction")]), hero("Ben", "dig")],
    )
    place = {
        "kind": "place-hazard",
        "item": "h",
        "x": 1,
        "y": 0,
        "spot": "left-space",
        "hazard": "climb",
    }
    ruling = rule(state, turn("Ana", place))
    settled(ruling, False, "9.10")
    assert ruling.answer == (
        "No, Ana cannot make that turn: a direction hazard cannot go on the left Combat Hazard "
        "space."
    )


def test_a_special_item_is_played_on_a_checkpoint_only() -> None:
    state = board(
        TWO_ATTACKS,
        [hero("Ana", "unlock", hand=[super_item("s", "attack"), special("x")]), hero("Ben", "dig")],
    )
    settled(rule(state, turn("Ana", go("right", "s"), special="x")), False, "9.13")


# ----- moving


def test_entering_a_card_with_no_entrance_on_that_side() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"up": "climb"})]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")])
    ruling = rule(state, turn("Ana", *cross_right("inherent")))
    settled(ruling, True, "4.11")
    assert ruling.answer.startswith("Yes, Ana can enter a card that has no entrance on that side.")


def test_climbing_twice_without_passing_a_combat_hazard_space() -> None:
    rooms = [room(0, 0, exits={"up": "climb"}), room(0, 1, exits={"up": "climb"}), room(0, 2)]
    state = board(rooms, [hero("Ana", "climb"), hero("Ben", "dig")])
    move = turn("Ana", go("right"), go("right"), go("up", "inherent"), go("up", "inherent"))
    settled(rule(state, move), False, "4.10")


def test_no_turning_back_halfway_across_a_card() -> None:
    state = board(
        TWO_ATTACKS, [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")]
    )
    settled(rule(state, turn("Ana", go("right", "s"), go("left"))), False, "5.11")


def test_a_turn_may_not_end_between_checkpoints() -> None:
    state = board(
        TWO_ATTACKS, [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")]
    )
    settled(rule(state, turn("Ana", go("right", "s"))), False, "5.3")


# ----- Mini-Bosses and the Item deck


def test_a_mini_boss_beaten_again_gives_another_crystal() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    ana = hero("Ana", "unlock", hand=[super_item("s", "attack"), dual("d", "hide", "dig")], red=1)
    ruling = rule(
        board(rooms, [ana, hero("Ben", "dig")]), turn("Ana", fight("s", "s", "d", "inherent"))
    )
    settled(ruling, True, "7.4")
    assert ruling.answer.startswith("Yes, Ana can defeat the Mini-Boss again")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["crystals"] == {"red": 2, "blue": 0}


def test_a_mini_boss_beaten_the_first_time_rests_on_its_four_actions() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    ana = hero("Ana", "unlock", hand=[super_item("s", "attack"), dual("d", "hide", "dig")])
    ruling = rule(
        board(rooms, [ana, hero("Ben", "dig")]), turn("Ana", fight("s", "s", "d", "inherent"))
    )
    settled(ruling, True, "7.2")
    assert ruling.answer.startswith("Yes, Ana can defeat the Mini-Boss:")


def test_a_hazard_item_is_no_use_against_a_mini_boss() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    hand = [hazard_item("h", "combat"), super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [hero("Ana", "unlock", hand=hand), hero("Ben", "dig")])
    settled(rule(state, turn("Ana", fight("s", "s", "h", "inherent"))), False, "7.9")


def test_a_hero_walks_past_a_mini_boss_without_fighting() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")])
    settled(rule(state, turn("Ana", *cross_right("inherent"))), True, "4.12")


def test_the_item_deck_runs_out_and_the_discard_pile_is_reshuffled() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, left_space="attack"),
        room(1, 0, exits={"left": "lift"}),
    ]
    ana = hero("Ana", "unlock", hand=[dual("d", "attack", "hide")])
    state = board(rooms, [ana, hero("Ben", "dig")], item_deck=0, discard=44)
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d")))
    settled(ruling, True, "7.7")
    assert "the discard pile is shuffled to make a new Item deck" in ruling.answer
    assert ruling.next_state is not None
    assert ruling.next_state["item_deck"] == 44 and ruling.next_state["discard"] == 0


# ----- Running Leaps, Looks, wounds


def test_a_running_leap_into_empty_space_draws_the_card_it_lands_on() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, left_space="attack"), room(1, 0)]
    ana = hero("Ana", "unlock", hand=[dual("d", "attack", "hide")], unseen=0)
    state = board(rooms, [ana, hero("Ben", "dig", unseen=0)], **LAST_ITEMS)
    leap = {"dir": "right", "drawn": face(exits={"left": "lift"})}
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d"), leap=leap))
    settled(ruling, True, "10.2")
    assert ruling.answer.startswith("Yes, Ana can make the Running Leap")


def test_a_running_leap_onto_a_card_on_the_table_rests_on_the_whole_hand_used() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, left_space="attack"),
        room(1, 0),
        room(2, 0, exits={"left": "lift"}),
    ]
    ana = hero("Ana", "unlock", hand=[dual("d", "attack", "hide")], unseen=0)
    state = board(rooms, [ana, hero("Ben", "dig", unseen=0)], **LAST_ITEMS)
    leap = {"dir": "right"}
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d"), leap=leap))
    settled(ruling, True, "10.1")
    assert ruling.answer.startswith("Yes, Ana can make the Running Leap, having used the whole")


def test_a_look_made_off_a_checkpoint_is_refused() -> None:
    state = board(
        TWO_ATTACKS, [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")]
    )
    move = turn("Ana", go("right", "s"), look={"dir": "up", "drawn": face()})
    settled(rule(state, move), False, "8.7")


def test_no_look_where_every_side_already_has_a_card() -> None:
    rooms = [room(0, 0), room(1, 0), room(-1, 0), room(0, 1), room(0, -1)]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")])
    settled(rule(state, turn("Ana", look={"dir": "up", "drawn": face()})), False, "8.9")


def test_a_discard_turn_with_a_look_is_refused() -> None:
    state = board(
        TWO_ATTACKS, [hero("Ana", "unlock", hand=[dual("d", "attack", "hide")]), hero("Ben", "dig")]
    )
    move = {
        "kind": "discard-turn",
        "player": "Ana",
        "discard": ["d"],
        "look": {"dir": "up", "drawn": face()},
    }
    settled(rule(state, move), False, "6.4")


def test_reaching_the_red_scrambler_with_a_red_crystal_wins() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, scrambler="red")]
    state = board(rooms, [hero("Ana", "unlock", red=1), hero("Ben", "dig")])
    ruling = rule(state, turn("Ana", *cross_right("inherent")))
    settled(ruling, True, "2.8")
    assert (
        ruling.answer == "Ana wins the game: Ana reaches the red Scrambler holding a red crystal."
    )


def test_reaching_the_red_scrambler_with_a_blue_crystal_wounds() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, scrambler="red")]
    state = board(rooms, [hero("Ana", "unlock", blue=1), hero("Ben", "dig")])
    settled(rule(state, turn("Ana", *cross_right("inherent"))), True, "8.5")


# ----- Hero Battles


def test_two_small_hero_battles_in_one_turn() -> None:
    ana = hero("Ana", "unlock", hand=[hazard_item("h1", "combat"), hazard_item("h2", "combat")])
    ben = hero("Ben", "dig", hand=[dual("d", "hide", "lift")], red=1)
    state = board(TWO_ATTACKS, [ana, ben])
    first = {"kind": "battle", "opponent": "Ben", "requests": [ask("h1", "hide", "d")]}
    second = {"kind": "battle", "opponent": "Ben", "requests": [ask("h2", "attack")]}
    ruling = rule(state, turn("Ana", first, second))
    settled(ruling, True, "11.5", "hero-battle-wounds-the-loser")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["crystals"] == {"red": 1, "blue": 0}


# ----- the tool and a whole log


def test_where_can_i_go_names_the_checkpoint_and_the_item_it_spends() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock", "up": "climb"}, left_space="attack"),
        room(1, 0, exits={"left": "lift"}, mini_boss=BOSS),
        room(0, 1, checkpoint=False),
    ]
    state = board(
        rooms, [hero("Ana", "unlock", hand=[dual("d", "attack", "hide")]), hero("Ben", "dig")]
    )
    found = RULES.tools["reachable"].run({"state": state, "player": "Ana"}, None)
    assert [(c["x"], c["y"], c["items"]) for c in found["checkpoints"]] == [(1, 0, ["d"])]
    assert found["checkpoints"][0]["leap_available"] is False  # four items unseen in hand
    assert found["readings_deciding"] == []


def test_a_whole_log_to_anas_win() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss={**BOSS, "actions": ["unlock"] * 4}),
        room(1, 0, exits={"left": "lift"}, scrambler="red"),
    ]
    ana = hero("Ana", "unlock", hand=[super_item("s", "unlock")])
    state = board(rooms, [ana, hero("Ben", "dig")])
    log = [
        turn("Ana", fight("s", "s", "s", "inherent")),
        {"kind": "discard-turn", "player": "Ben"},
        turn("Ana", *cross_right("inherent")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "2.8"
