"""Super Hazard Quest: a ninth set of disputes, written from the rulebook before they were run,
on situations the earlier sets leave alone: an item spent on the wrong hazard (a Super Stomp on
an Attack, a Dual Action Item's first action twice, one Magic Item on two hazards, a Super
Magic Item on two different actions), a Mini-Boss walked past, fought from the card before it,
fought with three actions or with a Hazard Item, a Future Item won and played in the same turn,
a Look onto a card already placed or from a card hemmed in on all sides, a wound that sends the
hero past the Checkpoint it crossed back to where it began, a card entered where it has no
door, Discard Turns with a Look or a played item, the setup (nobody drew a Stage Number; a card
without one claimed to start), Hero Battles across two cards or asking the wrong kind of
action, whole games as logs, and "Where can I go?" with one Dual Action Item for two hazards.

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

DOOR = {"right": "unlock"}


# ----- items spent on the wrong hazard (rules 4.2, 9.3 to 9.6)


def test_a_super_stomp_spent_on_an_attack() -> None:
    """Ana's Super Stomp gives her Stomp all turn; she names it for the Attack in the left space
    of the Starting Card. Ana: "a Super Item passes anything". A Super Item gives unlimited uses
    of its action (9.4): Stomp, not the Attack the hazard names."""
    rooms = [room(0, 0, exits=DOOR, left_space="attack"), room(1, 0)]
    state = board(rooms, [ana(super_item("s", "stomp")), BEN])
    # written first as 4.2 (passing a hazard takes its action): Ana's claim is about what her
    # item gives, which 9.4 answers, as 9.3 does for a Dual Action Item lacking the action
    settled(rule(state, turn("Ana", *cross_right("inherent", left="s"))), False, "9.4")


def test_a_dual_action_item_spends_its_first_action_twice() -> None:
    """Ana's Dual Action Item prints Attack and Hide. She passes both Attacks of the Starting
    Card with it. Ben: "one Attack, one Hide". It gives one use of its first action and one of
    its second (9.3)."""
    rooms = [room(0, 0, exits=DOOR, left_space="attack", right_space="attack"), room(1, 0)]
    state = board(rooms, [ana(dual("d", "attack", "hide")), BEN])
    move = turn("Ana", *cross_right("inherent", left="d", right="d"))
    settled(rule(state, move), False, "9.3")


def test_one_magic_item_spent_on_a_hide_and_on_the_door() -> None:
    """Ana (Climb) names her Magic Item as Hide for the Hide of the Starting Card, then as Unlock
    for its door. A Magic Item gives one use of any one action (9.5)."""
    rooms = [room(0, 0, exits=DOOR, left_space="hide"), room(1, 0)]
    state = board(rooms, [ana(magic("m"), inherent="climb"), BEN])
    settled(rule(state, turn("Ana", *cross_right("m", left="m"))), False, "9.5")


def test_a_super_magic_item_named_for_two_different_actions() -> None:
    """Ana (Climb) passes the Defend of the Starting Card with her Super Magic Item, then uses
    it again on the Unlock door. Ana: "Super Magic is unlimited". Unlimited uses of any single
    action she chooses (9.6): Defend, then not Unlock."""
    rooms = [room(0, 0, exits=DOOR, left_space="defend"), room(1, 0)]
    state = board(rooms, [ana(super_magic("m"), inherent="climb"), BEN])
    settled(rule(state, turn("Ana", *cross_right("m", left="m"))), False, "9.6")


# ----- Mini-Bosses and prizes (rules 4.12, 7.1 to 7.9)


def test_ana_walks_past_the_mini_boss_of_the_next_card() -> None:
    """The card on the right holds a Mini-Boss; Ana crosses it to the card beyond without a
    fight. Ben: "you have to beat him to get by". A Mini-Boss never blocks the way (4.12)."""
    rooms = [room(0, 0, exits=DOOR), room(1, 0, exits=DOOR, mini_boss=BOSS), room(2, 0)]
    state = board(rooms, [ana(), BEN])
    move = turn("Ana", *cross_right("inherent"), *cross_right("inherent"))
    settled(rule(state, move), True, "4.12")


def test_ana_fights_the_mini_boss_of_the_next_card_from_her_own() -> None:
    """The Mini-Boss is on the card to the right; Ana, still on the Starting Card's Checkpoint,
    plays her four actions at it. The hero must first stand on the Checkpoint of the Mini-Boss's
    card (7.1)."""
    rooms = [room(0, 0, exits=DOOR), room(1, 0, mini_boss=BOSS)]
    state = board(rooms, [ana(super_item("s", "attack"), super_item("t", "hide")), BEN])
    settled(rule(state, turn("Ana", fight("s", "s", "t", "inherent"))), False, "7.1")


def test_a_mini_boss_fought_with_three_of_its_four_actions() -> None:
    """Ana plays Attack, Attack and Hide at the Mini-Boss of her card and claims the crystal;
    she has no Unlock left to give. The four actions must all be used in the same turn (7.2)."""
    rooms = [room(0, 0, mini_boss=BOSS)]
    state = board(
        rooms, [ana(super_item("s", "attack"), dual("d", "hide", "dig"), inherent="climb"), BEN]
    )
    settled(rule(state, turn("Ana", fight("s", "s", "d"))), False, "7.2")


def test_a_hazard_item_played_at_a_mini_boss() -> None:
    """Ana names her combat Hazard Item for the Hide of the Mini-Boss. Hazard Items cannot be
    used against Mini-Bosses (7.9)."""
    rooms = [room(0, 0, mini_boss=BOSS)]
    state = board(rooms, [ana(super_item("s", "attack"), hazard_item("h", "combat")), BEN])
    settled(rule(state, turn("Ana", fight("s", "s", "h", "inherent"))), False, "7.9")


def test_a_future_item_won_and_spent_on_the_door_in_the_same_turn() -> None:
    """Ana (Climb) beats the Mini-Boss of her card, takes a Super Unlock from the Item deck as
    her prize and leaves by the Unlock door with it. Ben: "prizes are for next turn". An item
    won as a prize may be played in the same turn (7.6)."""
    boss = {"actions": ["attack", "attack", "hide", "climb"], "prize": "any-future-item"}
    rooms = [room(0, 0, exits=DOOR, mini_boss=boss), room(1, 0)]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand, inherent="climb"), BEN])
    won = fight("s", "s", "d", "inherent", take=super_item("f", "unlock"))
    ruling = rule(state, turn("Ana", won, *cross_right("f")))
    settled(ruling, True, "7.6")
    assert ruling.next_state is not None and ruling.next_state["heroes"][0]["x"] == 1


# ----- Looks (rules 8.7, 8.9)


def test_a_look_onto_the_card_already_on_the_right() -> None:
    """Ana Looks to the right, where a card already lies, and lays the new card on it. A Look
    places the new card in an empty space next to the hero's card (8.7)."""
    state = board([room(0, 0, exits=DOOR), room(1, 0)], [ana(), BEN])
    settled(rule(state, turn("Ana", look={"dir": "right", "drawn": face()})), False, "8.7")


def test_a_look_from_a_card_with_cards_on_all_four_sides() -> None:
    """Cards lie above, below, left and right of the Starting Card; Ana wants to Look anyway.
    If there is no empty space next to the hero's card, no Look can be made (8.9)."""
    rooms = [room(0, 0), room(1, 0), room(-1, 0), room(0, 1), room(0, -1)]
    state = board(rooms, [ana(), BEN])
    settled(rule(state, turn("Ana", look={"dir": "up", "drawn": face()})), False, "8.9")


# ----- wounds (rules 8.2, 8.4)


def test_a_dead_end_past_the_next_checkpoint_sends_ana_back_to_the_start() -> None:
    """Ana crosses to the next card's Checkpoint, walks on through its door into empty space
    and draws a Dead End. Ana: "back to the flag I just passed". A Dead End wounds at once
    (8.4), and the hero goes back to the Checkpoint where its turn began (8.2)."""
    rooms = [room(0, 0, exits=DOOR), room(1, 0, exits=DOOR)]
    state = board(rooms, [ana(red=1), BEN])
    dead_end = face(dead_end=True, checkpoint=False)
    move = turn("Ana", *cross_right("inherent"), *cross_right("inherent", drawn=dead_end))
    ruling = rule(state, move)
    settled(ruling, True, "8.4")
    assert ruling.next_state is not None
    ana_after = ruling.next_state["heroes"][0]
    assert (ana_after["x"], ana_after["crystals"]["red"]) == (0, 0)


# ----- movement (rules 4.10, 4.11)


def test_ana_climbs_twice_straight_up_the_middle() -> None:
    """Ana (Climb) climbs into the card above and at once climbs again from its middle. A
    second Climb needs a Combat Hazard space passed between the two (4.10)."""
    rooms = [room(0, 0, exits={"up": "climb"}), room(0, 1, exits={"up": "climb"}), room(0, 2)]
    state = board(rooms, [ana(inherent="climb"), BEN])
    move = turn("Ana", go("right"), go("right"), go("up", "inherent"), go("up", "inherent"))
    settled(rule(state, move), False, "4.10")


def test_ana_enters_a_card_that_has_no_door_on_her_side() -> None:
    """The card on the right has no door on its left side. Ana leaves by her Unlock door into
    it. Ben: "there's no way in". Passing the door of the card she leaves is enough (4.11)."""
    rooms = [room(0, 0, exits=DOOR), room(1, 0, exits={"up": "climb"})]
    state = board(rooms, [ana(), BEN])
    settled(rule(state, turn("Ana", *cross_right("inherent"))), True, "4.11")


# ----- Discard Turns (rules 6.3, 6.4)


def test_a_discard_turn_with_a_look() -> None:
    """Ana, walled in, discards two items and also Looks. A player may not discard and Look in
    the same turn (6.4)."""
    state = board([room(0, 0)], [ana(super_item("s", "hide"), super_item("t", "hide")), BEN])
    move = {
        "kind": "discard-turn",
        "player": "Ana",
        "discard": ["s", "t"],
        "look": {"dir": "up", "drawn": face()},
    }
    settled(rule(state, move), False, "6.4")


def test_a_discard_turn_with_an_item_laid_out() -> None:
    """Ana, walled in, discards one item and lays out another as played. Nothing else may be
    done in a Discard Turn (6.3)."""
    state = board([room(0, 0)], [ana(super_item("s", "hide"), super_item("t", "hide")), BEN])
    move = {"kind": "discard-turn", "player": "Ana", "discard": ["s"], "played": ["t"]}
    settled(rule(state, move), False, "6.3")


# ----- the setup (rules 3.5, 3.6)


def _table(*players: str) -> JSON:
    actions = ["unlock", "dig", "hide", "stomp"]
    return {
        "dungeon": [],
        "heroes": [{"player": p, "inherent": a} for p, a in zip(players, actions, strict=False)],
        "dungeon_deck": 26,
        "item_deck": 54,
    }


def test_nobody_drew_a_stage_number_and_ana_starts_anyway() -> None:
    """Ana, Ben and Cy all drew cards without a Stage Number; the table lets Ana start. If
    nobody drew a card with a Stage Number, all draw again (3.6)."""
    draws = [{"player": p, "card": {"stage": None}} for p in ("Ana", "Ben", "Cy")]
    move = {"kind": "setup", "draws": draws, "first": "Ana"}
    settled(rule(_table("Ana", "Ben", "Cy"), move), False, "3.6")


def test_ana_claims_the_start_with_a_card_without_a_stage_number() -> None:
    """Ana drew a card without a Stage Number, Ben a Stage 8. Ana: "no number is lowest". A card
    without a Stage Number never makes its player go first (3.5)."""
    draws = [{"player": "Ana", "card": {"stage": None}}, {"player": "Ben", "card": {"stage": 8}}]
    move = {"kind": "setup", "draws": draws, "first": "Ana"}
    settled(rule(_table("Ana", "Ben"), move), False, "3.5")


# ----- Hero Battles (rules 11.2, 11.3, 11.5)


def test_a_hero_battle_with_ben_on_the_next_card() -> None:
    """Ben stands on the card to the right; Ana, on the Starting Card, plays her Hazard Item
    and declares a battle. A battle is declared on reaching a Checkpoint where the opponent
    stands (11.2)."""
    rooms = [room(0, 0, exits=DOOR), room(1, 0)]
    state = board(rooms, [ana(hazard_item("h", "combat")), hero("Ben", "dig", x=1, red=1)])
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [ask("h", "hide")],
    }
    settled(rule(state, move), False, "11.2")


def test_a_combat_hazard_item_asking_for_climb() -> None:
    """On Ben's Checkpoint, Ana plays a combat Hazard Item and asks Ben for Climb. The action
    asked must be of the Hazard Item's kind (11.3)."""
    state = board([room(0, 0)], [ana(hazard_item("h", "combat")), hero("Ben", "dig", red=1)])
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [ask("h", "climb")],
    }
    settled(rule(state, move), False, "11.3")


def test_ben_cannot_give_the_hide_asked_and_loses_his_crystal() -> None:
    """On Ben's Checkpoint Ana asks for Hide; Ben (Dig) holds only Super Stomps. An opponent who
    cannot give a requested action loses their crystals to the player (11.5), and a Hero
    Battle is a way players wound each other (8.12)."""
    ben = hero("Ben", "dig", hand=[super_item(f"b{k}", "stomp") for k in range(5)], blue=1)
    state = board([room(0, 0)], [ana(hazard_item("h", "combat")), ben])
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [ask("h", "hide")],
    }
    ruling = rule(state, move)
    # written first flagged hero-battle-wounds-the-loser: the book names the defender who cannot
    # answer as the loser (11.5, 8.12); the reading settles only an answered battle
    settled(ruling, True, "11.5")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["crystals"]["blue"] == 1
    assert ruling.next_state["heroes"][1]["crystals"]["blue"] == 0


# ----- whole games as logs


def test_a_log_where_ben_looks_onto_the_card_ana_just_laid() -> None:
    """Ana Looks up; Ben, on the same card, Looks up too and lays his card on hers. The first
    illegal move is Ben's: a Look needs an empty space (8.7)."""
    state = board([room(0, 0, exits=DOOR)], [ana(), BEN])
    log = [
        turn("Ana", look={"dir": "up", "drawn": face()}),
        turn("Ben", look={"dir": "up", "drawn": face()}),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert (ruled.verdict, ruled.first_illegal, ruled.first_illegal_by) == ("illegal", 1, "Ben")
    assert ruled.deciding_rule == KEY + "8.7"
    assert ruled.readings_deciding == []


def test_a_log_where_ana_walks_past_a_mini_boss_to_the_blue_scrambler() -> None:
    """Ana holds the blue crystal. She Looks; Ben Looks; Ana crosses the Mini-Boss's card
    without a fight and walks on into the blue Scrambler's card. Ana wins (2.8)."""
    rooms = [
        room(0, 0, exits=DOOR),
        room(1, 0, exits=DOOR, mini_boss=BOSS),
        room(2, 0, scrambler="blue", checkpoint=False),
    ]
    state = board(rooms, [ana(blue=1), BEN])
    log = [
        turn("Ana", look={"dir": "up", "drawn": face()}),
        turn("Ben", look={"dir": "down", "drawn": face()}),
        turn("Ana", *cross_right("inherent"), *cross_right("inherent")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ana"
    assert ruled.result
    assert ruled.deciding_rule == KEY + "2.8"
    assert ruled.readings_deciding == []


# ----- "Where can I go?"


def _reach(state: JSON) -> dict[str, Any]:
    return TOOLS["reachable"].run({"state": state, "player": "Ana"}, None)


def test_where_can_i_go_with_one_dual_item_for_a_hide_and_the_door() -> None:
    """Ana (Climb) holds one Dual Action Item, Hide and Unlock; the Starting Card has a Hide in
    its left space and an Unlock door. The next Checkpoint is in reach with that one item."""
    rooms = [room(0, 0, exits=DOOR, left_space="hide"), room(1, 0, exits=DOOR), room(2, 0)]
    found = _reach(board(rooms, [ana(dual("d", "hide", "unlock"), inherent="climb"), BEN]))
    reached = {(d["x"], d["y"]): d["items"] for d in found["checkpoints"]}
    assert reached == {(1, 0): ["d"]}
    assert found["wins"] == [] and found["readings_deciding"] == []


# ----- written after the run, on the same themes: an item's uses spent as the card allows, and
# a Look at the end of a moving turn


def test_a_dual_action_item_spends_its_first_and_its_second_action() -> None:
    """Ana (Climb) passes the Hide of the Starting Card with her Dual Action Item (Hide,
    Unlock) and leaves by the Unlock door with the same item. Ben: "one item, one hazard". It
    gives one use of its first action and/or one of its second (9.3)."""
    rooms = [room(0, 0, exits=DOOR, left_space="hide"), room(1, 0)]
    state = board(rooms, [ana(dual("d", "hide", "unlock"), inherent="climb"), BEN])
    settled(rule(state, turn("Ana", *cross_right("d", left="d"))), True, "9.3")


def test_a_super_magic_item_named_unlock_for_two_doors() -> None:
    """Ana (Climb) names her Super Magic Item as Unlock and crosses two Unlock doors with it.
    Unlimited uses, that turn, of the single action she chose (9.6)."""
    rooms = [room(0, 0, exits=DOOR), room(1, 0, exits=DOOR), room(2, 0)]
    state = board(rooms, [ana(super_magic("m"), inherent="climb"), BEN])
    move = turn("Ana", *cross_right("m"), *cross_right("m"))
    settled(rule(state, move), True, "9.6")


def test_a_look_from_the_checkpoint_reached_after_walking() -> None:
    """Ana walks to the next card's Checkpoint and Looks up from there. Ben: "you already had
    your turn". A Look may end a turn even after the hero has moved and reached a new
    Checkpoint (8.10)."""
    state = board([room(0, 0, exits=DOOR), room(1, 0)], [ana(), BEN])
    move = turn("Ana", *cross_right("inherent"), look={"dir": "up", "drawn": face()})
    settled(rule(state, move), True, "8.10")
