"""Super Hazard Quest: an eighth set of disputes, written from the rulebook before they were run,
on situations the earlier sets leave alone: a Dual Action Item printed with one action twice,
Hazard Items put where their kind may not go (a combat hazard over a door, a direction hazard
on a wall) or in the placer's own way, Running Leaps short of the whole hand or onto a
Scrambler, a Mini-Boss beaten twice in one turn, stepping back to the middle after a Climb, a
Special Item followed by a Look, a Trap Door onto a plain card, a Hero Battle answered by the
defender's nature, Discard Turns where the only way on is a fight or a Look, the setup (the
wrong player claiming the first turn, six items dealt), whole games as logs, and "Where can I
go?" beside a Scrambler without its crystal.

Each dispute names its verdict, the one rule a judge reads aloud to settle it (the rule
permitting the doubted part of a legal move, not the general turn rule) and a flag only where
the answer turns on our reading of an open point.

Ana and Ben start on the Starting Card at (0, 0); a hero crossing to the card on its right
takes five "right" steps (tests/games/super_hazard_quest/helpers.py)."""

from __future__ import annotations

from typing import Any

from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.tools import TOOLS
from tests.games.super_hazard_quest.helpers import (
    BEN,
    BOSS,
    JSON,
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
    room,
    rule,
    settled,
    special,
    super_item,
    turn,
)

HAZARD_READING = "hazard-item-in-a-turn"
DISCARD_READING = "discard-turn-only-without-actions"
ANSWERS_READING = "hero-battle-answers"
WOUND_READING = "hero-battle-wounds-the-loser"


def place(item: str, x: int, y: int, spot: str, hazard: str) -> JSON:
    return {"kind": "place-hazard", "item": item, "x": x, "y": y, "spot": spot, "hazard": hazard}


# ----- items (rules 9.3, 4.2)


def test_a_dual_action_item_printed_with_attack_twice_passes_both_attacks() -> None:
    """Ana's Dual Action Item prints Attack as its first and as its second action. She passes
    the two Attacks of the Starting Card with it. Ben: "one item, one Attack". The item gives
    one use of its first action and one of its second (9.3)."""
    state = board(TWO_ATTACKS, [ana(dual("d", "attack", "attack")), BEN])
    move = turn("Ana", *cross_right("inherent", left="d", right="d"))
    settled(rule(state, move), True, "9.3")


# ----- Hazard Items: where a hazard may go (rules 9.8 to 9.10)


def test_a_combat_hazard_item_put_over_a_door() -> None:
    """Ana plays her combat Hazard Item to put an Attack over the Unlock door of the Starting
    Card. Ben: "a combat hazard goes on the floor, not on a door" (9.10)."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(hazard_item("h", "combat")), BEN])
    settled(rule(state, turn("Ana", place("h", 0, 0, "right", "attack"))), False, "9.10")


def test_a_direction_hazard_item_put_on_a_wall() -> None:
    """The card on the right has no door on its right side. Ana puts an Unlock door there with
    her direction Hazard Item. A direction hazard only goes over an existing one (9.10)."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(hazard_item("h", "direction")), BEN])
    settled(rule(state, turn("Ana", place("h", 1, 0, "right", "unlock"))), False, "9.10")


def test_a_hide_put_in_anas_own_way_counts_against_her() -> None:
    """Ana puts a Hide in the blank right space of her own card, then walks across it with no
    Hide at hand. Ana: "I placed it, it's for the others". The hazard stands from the moment it
    is placed; when in a turn it is placed, and whether it then counts for the placer, is our
    reading."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(hazard_item("h", "combat")), BEN])
    move = turn("Ana", place("h", 0, 0, "right-space", "hide"), *cross_right("inherent"))
    settled(rule(state, move), False, "4.2", HAZARD_READING)


# ----- Running Leaps (section 10)


def test_a_running_leap_with_an_item_still_in_hand() -> None:
    """Ana holds two items and uses one to reach the next Checkpoint, then Leaps. Ben: "your
    Super Item is still in your hand". The leap needs the entire hand used (10.1)."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}, left_space="attack"),
        room(1, 0),
        room(2, 0),
    ]
    hand = [dual("d", "attack", "hide"), super_item("s", "hide")]
    state = board(rooms, [ana(*hand, unseen=0), hero("Ben", "dig", unseen=0)], **LAST_ITEMS)
    move = turn("Ana", *cross_right("inherent", left="d"), leap={"dir": "right"})
    settled(rule(state, move), False, "10.1")


def test_a_running_leap_onto_the_red_scrambler_holding_the_red_crystal() -> None:
    """Ana spends her whole hand, ends on the next Checkpoint and leaps onto the red Scrambler's
    card with the red crystal. Ben: "a leap isn't reaching him". Whether a leap reaches a
    Scrambler is our reading; with it Ana wins (2.8)."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}, left_space="attack"),
        room(1, 0),
        room(2, 0, scrambler="red", checkpoint=False),
    ]
    hand = [dual("d", "attack", "hide")]
    state = board(rooms, [ana(*hand, unseen=0, red=1), hero("Ben", "dig", unseen=0)], **LAST_ITEMS)
    move = turn("Ana", *cross_right("inherent", left="d"), leap={"dir": "right"})
    ruling = rule(state, move)
    settled(ruling, True, "2.8", "reaching-a-scrambler")
    assert ruling.next_state is not None and ruling.next_state["winner"] == "Ana"


# ----- Mini-Bosses (section 7)


def test_a_mini_boss_beaten_twice_in_one_turn_gives_two_crystals() -> None:
    """Ana, with a Super Attack and a Super Hide, beats the Mini-Boss of her card, then beats it
    again before her turn ends. Ben: "once a turn". There is no limit to the number of times a
    Mini-Boss can be defeated (7.4)."""
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    state = board(rooms, [ana(super_item("s", "attack"), super_item("t", "hide")), BEN])
    beat = fight("s", "s", "t", "inherent")
    ruling = rule(state, turn("Ana", beat, beat))
    settled(ruling, True, "7.4")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["crystals"]["red"] == 2


# ----- movement (rules 4.10, 5.11)


def test_stepping_back_to_the_middle_after_a_climb_to_climb_again() -> None:
    """Ana Climbs into the card above, steps into its left combat space (a Stomp she passes) and
    steps back to the middle to Climb again. Ben: "you turned back". Only on a Checkpoint may a
    hero change direction (5.11)."""
    rooms = [
        room(0, 0, exits={"up": "climb"}),
        room(0, 1, exits={"up": "climb"}, left_space="stomp"),
        room(0, 2),
    ]
    state = board(rooms, [ana(super_item("s", "stomp"), inherent="climb"), BEN])
    move = turn(
        "Ana",
        go("right"),
        go("right"),
        go("up", "inherent"),
        go("left", "s"),
        go("right"),
        go("up", "inherent"),
    )
    settled(rule(state, move), False, "5.11")


# ----- Special Items (rule 9.13)


def test_a_look_after_a_special_item() -> None:
    """Ana plays a Special Item on her Checkpoint and then wants to Look as well. Playing a
    Special Item forces the turn to end (9.13)."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(special("x")), BEN])
    move = turn("Ana", special="x", look={"dir": "up", "drawn": face()})
    # written first as illegal: the Special Item stands and the Look is void, as a Running
    # Leap after one is (10.3: "cancel the Running Leap"); 9.13 decides either way
    ruling = rule(state, move)
    settled(ruling, True, "9.13")
    assert [v.code for v in ruling.voided] == ["special-ends-turn"]


# ----- Trap Doors (rule 8.11)


def test_a_trap_door_moves_ben_onto_a_card_with_a_checkpoint() -> None:
    """Ben stands on a card with a Trap Door; Ana uses it to move him onto the card beyond,
    which has a Checkpoint. The book speaks of Trap Doors only onto a Dead End: moving a hero
    elsewhere with one is our reading."""
    rooms = [room(0, 0), room(1, 0, trap_door=True), room(2, 0)]
    state = board(rooms, [ana(), hero("Ben", "dig", x=1)])
    move = {"kind": "trap-door", "player": "Ana", "target": "Ben", "x": 2, "y": 0}
    ruling = rule(state, move)
    settled(ruling, True, "8.11", "trap-door-model")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][1]["x"] == 2


# ----- Hero Battles (section 11)


def test_ben_answers_a_dig_request_with_his_inherent_dig() -> None:
    """Ana crosses to Ben's Checkpoint and asks for Dig with her direction Hazard Item. Ben holds
    no Dig item, but Dig is his Inherent Action. He does not lack the use of the action asked
    (11.5); that the Inherent Action answers is our reading, and so is what an answered battle
    does to the attacker."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    ben_hand = [dual(f"b{k}", "hide", "lift") for k in range(5)]
    ben = hero("Ben", "dig", x=1, hand=ben_hand, red=1)
    state = board(rooms, [ana(hazard_item("h", "direction")), ben])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "dig")]}
    ruling = rule(state, turn("Ana", *cross_right("inherent"), battle))
    settled(ruling, True, "11.5", ANSWERS_READING, WOUND_READING)
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][1]["crystals"]["red"] == 1


# ----- Discard Turns (section 6)


def test_a_discard_turn_when_the_mini_boss_of_the_card_can_be_beaten() -> None:
    """Ana's card has no door she can pass, but she holds what beats its Mini-Boss. She takes a
    Discard Turn. Ben: "you could fight". A Discard Turn is for a player lacking the actions for
    a Standard Turn (6.1); what counts as lacking them is our reading."""
    rooms = [room(0, 0, mini_boss=BOSS)]
    state = board(rooms, [ana(super_item("s", "attack"), super_item("t", "hide")), BEN])
    move = {"kind": "discard-turn", "player": "Ana", "discard": ["s"]}
    settled(rule(state, move), False, "6.1", DISCARD_READING)


def test_a_discard_turn_when_only_a_look_is_possible() -> None:
    """Ana's card has walls all round and no Mini-Boss; she could only Look. She discards
    instead. Ben: "you could Look, that's a Standard Turn". A Look needs no action, and the
    Discard Turn is for lacking actions (6.1)."""
    state = board([room(0, 0)], [ana(super_item("s", "hide")), BEN])
    move = {"kind": "discard-turn", "player": "Ana", "discard": ["s"]}
    # written first flagged: the reading's other way is the former one (a Discard Turn may be
    # taken whatever the hand allows), under which Ana may discard all the same
    settled(rule(state, move), True, "6.1")


# ----- the setup (section 3)


def _table(*players: str) -> JSON:
    actions = ["unlock", "dig", "hide", "stomp"]
    return {
        "dungeon": [],
        "heroes": [{"player": p, "inherent": a} for p, a in zip(players, actions, strict=False)],
        "dungeon_deck": 26,
        "item_deck": 54,
    }


def _draws(**stages: int | None) -> list[JSON]:
    return [{"player": p, "card": {"stage": s}} for p, s in stages.items()]


def test_the_table_says_ana_starts_with_five_though_ben_drew_two() -> None:
    """Ana drew Stage 5, Ben 2, Cy 9 and Dee a card without a Stage Number; the table lets Ana
    start. The lowest Stage Number starts (3.3)."""
    draws = _draws(Ana=5, Ben=2, Cy=9, Dee=None)
    move = {"kind": "setup", "draws": draws, "first": "Ana"}
    settled(rule(_table("Ana", "Ben", "Cy", "Dee"), move), False, "3.3")


def test_ana_is_dealt_six_items_at_setup() -> None:
    """Ana drew the lowest Stage Number and is dealt six Item Cards. Each player is dealt five
    (3.9)."""
    move = {
        "kind": "setup",
        "draws": _draws(Ana=3, Ben=7),
        "first": "Ana",
        "dealt": {"Ana": 6, "Ben": 5},
    }
    settled(rule(_table("Ana", "Ben"), move), False, "3.9")


# ----- whole games as logs


def test_a_log_where_ben_discards_while_he_could_dig_down() -> None:
    """Ana Looks; Ben, whose card has a Dig door and who Digs by nature, takes a Discard Turn.
    The first illegal move is Ben's (6.1), on our reading of lacking the actions."""
    rooms = [room(0, 0, exits={"down": "dig"})]
    state = board(rooms, [ana(), hero("Ben", "dig", hand=[super_item("bs", "hide")])])
    log = [
        turn("Ana", look={"dir": "up", "drawn": face()}),
        {"kind": "discard-turn", "player": "Ben", "discard": ["bs"]},
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert (ruled.verdict, ruled.first_illegal, ruled.first_illegal_by) == ("illegal", 1, "Ben")
    assert ruled.deciding_rule == KEY + "6.1"
    assert [t.key for t in ruled.readings_deciding] == [KEY + DISCARD_READING]


BLUE_BOSS: JSON = {"actions": ["stomp", "stomp", "defend", "unlock"], "prize": "blue-crystal"}


def test_a_log_where_ben_steals_the_blue_crystal_ana_won_and_wins_with_it() -> None:
    """Ana beats the blue Mini-Boss of the Starting Card; Ben walks back onto her Checkpoint and
    battles her for Hide, which she cannot give; Ana Looks; Ben crosses two doors with his Super
    Unlock to the blue Scrambler. Ben wins (2.8)."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=BLUE_BOSS),
        room(1, 0, exits={"left": "lift", "right": "unlock"}),
        room(2, 0, scrambler="blue", checkpoint=False),
    ]
    ana_hand = [super_item("s", "stomp"), dual("d", "defend", "attack")]
    ana_hand += [dual(f"e{k}", "climb", "dig") for k in range(3)]
    ben = hero("Ben", "lift", x=1, hand=[hazard_item("h", "combat"), super_item("bu", "unlock")])
    state = board(rooms, [ana(*ana_hand), ben])
    drawn = [dual(f"f{k}", "climb", "dig") for k in range(2)]
    ben_back = [go("left", "inherent"), go("left"), go("left"), go("left"), go("left")]
    battle = {"kind": "battle", "opponent": "Ana", "requests": [ask("h", "hide")]}
    log = [
        turn("Ana", fight("s", "s", "d", "inherent"), draws=drawn),
        turn("Ben", *ben_back, battle),
        turn("Ana", look={"dir": "up", "drawn": face()}),
        turn("Ben", *cross_right("bu"), *cross_right("bu")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ben"
    assert ruled.deciding_rule == KEY + "2.8"
    assert ruled.readings_deciding == []


def test_a_log_where_ben_walks_into_the_hide_ana_placed_on_his_card() -> None:
    """Ana's whole turn is a Hide put in the blank left space of Ben's card. On his turn Ben
    walks right into it with no Hide at hand: the hazard stays on the map (9.8), and passing it
    takes a Hide (4.2)."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"right": "unlock"})]
    ben = hero("Ben", "dig", x=1, hand=[super_item("bu", "unlock")])
    state = board(rooms, [ana(hazard_item("h", "combat")), ben])
    log = [
        turn("Ana", place("h", 1, 0, "left-space", "hide")),
        turn("Ben", *cross_right("bu")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert (ruled.verdict, ruled.first_illegal, ruled.first_illegal_by) == ("illegal", 1, "Ben")
    assert ruled.deciding_rule == KEY + "4.2"
    assert ruled.readings_deciding == []


# ----- "Where can I go?"


def _reach(state: JSON) -> dict[str, Any]:
    return TOOLS["reachable"].run({"state": state, "player": "Ana"}, None)


def test_where_can_i_go_beside_the_red_scrambler_without_its_crystal() -> None:
    """Ana holds the blue crystal only; the card beyond her door is the red Scrambler. Walking
    in would wound her (8.5): no win, no Checkpoint."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, scrambler="red", checkpoint=False)]
    found = _reach(board(rooms, [ana(blue=1), BEN]))
    assert found["wins"] == [] and found["checkpoints"] == []
    assert found["readings_deciding"] == []


def test_where_can_i_go_with_a_super_unlock_through_two_doors() -> None:
    """Ana (Climb) holds a Super Unlock: both Checkpoints to the right are in reach, the far one
    with the same one item."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0),
    ]
    found = _reach(board(rooms, [ana(super_item("s", "unlock"), inherent="climb"), BEN]))
    reached = {(d["x"], d["y"]): d["items"] for d in found["checkpoints"]}
    assert reached == {(1, 0): ["s"], (2, 0): ["s"]}
    assert found["readings_deciding"] == []


# ----- written after the fixes, on the same themes: a defender's nature answers a request; a
# Special Item passes nothing on the way


def test_ben_answers_one_request_with_an_item_and_the_other_by_nature() -> None:
    """Ana, on Ben's Checkpoint, plays two Hazard Items in one battle: Hide, which Ben answers
    with his Super Hide, and Dig, which he answers with nothing but his nature. He keeps his
    crystal (11.5)."""
    rooms = [room(0, 0, exits={"right": "unlock"})]
    ben = hero("Ben", "dig", hand=[super_item("bh", "hide")], red=1)
    hand = [hazard_item("h", "combat"), hazard_item("k", "direction")]
    state = board(rooms, [ana(*hand), ben])
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [ask("h", "hide", "bh"), ask("k", "dig")],
    }
    ruling = rule(state, move)
    settled(ruling, True, "11.5", ANSWERS_READING, WOUND_READING)
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][1]["crystals"]["red"] == 1


def test_ben_digs_by_nature_and_keeps_his_dig_item() -> None:
    """Ben holds a Super Dig, but Dig is also his Inherent Action; he plays nothing for the Dig
    asked. Ana: "you had the item, you must play it". Not lacking the action's use, he keeps his
    crystal (11.5) and his item."""
    rooms = [room(0, 0, exits={"right": "unlock"})]
    ben = hero("Ben", "dig", hand=[super_item("bd", "dig")], red=1)
    state = board(rooms, [ana(hazard_item("k", "direction")), ben])
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [ask("k", "dig")],
    }
    ruling = rule(state, move)
    settled(ruling, True, "11.5", ANSWERS_READING, WOUND_READING)
    assert ruling.next_state is not None
    assert [i["id"] for i in ruling.next_state["heroes"][1]["hand"]] == ["bd"]


def test_a_special_item_named_for_the_lift_door() -> None:
    """Ana (Unlock) leaves by the Lift door beside her flag, naming her Special Item for it. A
    Special Item is played on a Checkpoint and ends the turn (9.13)."""
    rooms = [room(0, 0, exits={"left": "lift"}), room(-1, 0)]
    state = board(rooms, [ana(special("x")), BEN])
    settled(rule(state, turn("Ana", go("left", "x"))), False, "9.13")


def test_ben_answers_a_request_with_a_special_item() -> None:
    """Ana asks Ben for Attack; Ben names his Special Item as the answer. An answer is an item
    giving the action asked (11.4); what a Special Item does is on its card, but it is played
    on its owner's own turn."""
    rooms = [room(0, 0, exits={"right": "unlock"})]
    ben = hero("Ben", "dig", hand=[special("bx")], red=1)
    state = board(rooms, [ana(hazard_item("h", "combat")), ben])
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [ask("h", "attack", "bx")],
    }
    settled(rule(state, move), False, "11.4")
