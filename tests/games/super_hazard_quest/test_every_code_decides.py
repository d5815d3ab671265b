"""For every reason code that can decide, a dispute a player would bring where that code is the
one that decides it: the board and move, the verdict, the deciding rule and the answer's words.
(The codes that only narrate a step or mark something not described are declared in reasons.py
as never deciding.)"""

from __future__ import annotations

from typing import Any

from games.core import Ruling
from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import (
    LAST_ITEMS,
    board,
    cross_right,
    dual,
    face,
    go,
    hazard_item,
    hero,
    key,
    magic,
    room,
    rule,
    special,
    super_item,
    turn,
)

BOSS = {"actions": ["attack", "attack", "hide", "unlock"], "prize": "any-discarded-item"}


def decided(ruling: Ruling, verdict: str, number: str, *words: str) -> None:
    """The verdict, the rule a player shows the other player, and the answer's key words."""
    assert ruling.verdict == verdict, ruling.answer
    assert ruling.deciding_rule == key(number), (ruling.deciding_rule, ruling.reasons)
    for word in words:
        assert word in ruling.answer, ruling.answer


def fresh() -> dict[str, Any]:
    return {
        "dungeon": [],
        "heroes": [{"player": "Ana", "inherent": "unlock"}, {"player": "Ben", "inherent": "dig"}],
        "dungeon_deck": 26,
        "item_deck": 54,
    }


# ----- setup (section 3)


def test_the_game_is_set_up_only_once() -> None:
    """'Let's draw again for who starts': the Starting Card is already on the table (3.3)."""
    state = board([room(0, 0)], [hero("Ana", "unlock"), hero("Ben", "dig")])
    move = {
        "kind": "setup",
        "draws": [{"player": "Ana", "card": {"stage": 3}}, {"player": "Ben", "card": {"stage": 5}}],
    }
    decided(rule(state, move), "illegal", "3.3", "No", "Starting Card is already on the table")


def test_a_card_without_a_stage_number_cannot_make_its_drawer_go_first() -> None:
    """'My card has no number, so it is lowest and I start': never (3.5)."""
    move = {
        "kind": "setup",
        "draws": [{"player": "Ana", "card": {"stage": 7}}, {"player": "Ben", "card": {}}],
        "first": "Ben",
    }
    decided(
        rule(fresh(), move),
        "illegal",
        "3.5",
        "No",
        "Ben drew a card without a Stage Number",
        "Ana drew the lowest Stage Number (7) and goes first",
    )


# ----- the dungeon grows (2.4)


def test_no_new_room_once_the_dungeon_deck_is_empty() -> None:
    """All 26 Dungeon Cards are on the table: stepping into empty space draws nothing."""
    rooms = [room(x, 0, exits={"right": "unlock"}) for x in range(26)]
    state = board(rooms, [hero("Ana", "unlock", x=25), hero("Ben", "dig")], dungeon_deck=0)
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=face())))
    decided(ruling, "illegal", "2.4", "No", "the Dungeon deck has no card left to draw")


# ----- moving (section 4)


def test_the_direction_hazard_facing_the_hero_on_the_way_in_is_ignored() -> None:
    """'You need Lift to get into that room': no, the entrance's hazard is not met (4.6)."""
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"left": "lift"})],
        [hero("Ana", "unlock"), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent")))
    decided(ruling, "legal", "4.6", "Yes", "Direction Hazard of the card entered is ignored")


def test_the_inherent_action_is_used_again_after_its_first_use() -> None:
    """'You already used your Inherent Action': it is used as often as the player likes (4.9)."""
    state = board(
        [room(0, 0, left_space="attack", right_space="attack")],
        [hero("Ana", "attack"), hero("Ben", "dig")],
    )
    path = [go("right", "inherent"), go("right"), go("right", "inherent")]
    ruling = rule(state, turn("Ana", *path, goes_on=True))
    decided(ruling, "legal", "4.9", "Yes", "Attack hazard passed with the Inherent Action")
    used = next(r.detail for r in ruling.reasons if r.code == "inherent-action-used")
    assert "twice" in used


# ----- Mini-Boss prizes (section 7)


def test_no_discarded_item_to_take_from_an_empty_discard_pile() -> None:
    """'I take a discarded item as my prize': the discard pile is empty (7.5)."""
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [hero("Ana", "unlock", hand=hand), hero("Ben", "dig")], discard=0)
    fight = {"kind": "fight", "using": ["s", "s", "d", "inherent"], "take": magic("m")}
    decided(rule(state, turn("Ana", fight)), "illegal", "7.5", "No", "the discard pile is empty")


# ----- Trap Doors (8.11)


def test_a_trap_door_cannot_drop_a_hero_onto_a_card_without_a_checkpoint() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, trap_door=True),
        room(2, 0, checkpoint=False),
    ]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig", x=1)])
    move = {"kind": "trap-door", "player": "Ana", "target": "Ben", "x": 2, "y": 0}
    decided(rule(state, move), "illegal", "8.11", "No", "has no Checkpoint")


def test_a_trap_door_moves_an_opponent_not_the_player_using_it() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, trap_door=True)]
    state = board(rooms, [hero("Ana", "unlock", x=1), hero("Ben", "dig")])
    move = {"kind": "trap-door", "player": "Ana", "target": "Ana", "x": 0, "y": 0}
    decided(rule(state, move), "illegal", "8.11", "No", "moves an opponent")


# ----- Running Leap (10.3)


def test_no_running_leap_after_a_special_item() -> None:
    """'I used my whole hand, so I leap': the Special Item ended the turn and cancels it."""
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0)],
        [hero("Ana", "unlock", hand=[special("sp")]), hero("Ben", "dig")],
        **LAST_ITEMS,
    )
    move = {"kind": "special-item", "player": "Ana", "item": "sp", "leap": {"dir": "right"}}
    ruling = rule(state, move)
    decided(ruling, "legal", "10.3", "the Special Item ends the turn and cancels the Running Leap")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][0]["x"] == 0  # no leap: the hero stays


# ----- Hero Battles (11.4)


def test_a_battle_request_is_answered_only_by_an_item_giving_that_action() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0)],
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")]),
            hero("Ben", "dig", hand=[super_item("s", "hide")], red=1),
        ],
    )
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [{"item": "h", "action": "attack", "answer": "s"}],
    }
    decided(rule(state, move), "illegal", "11.4", "No", "gives Hide, not Attack")


# ----- a log: an item discarded in a Discard Turn (6.2)


def test_an_item_discarded_in_a_discard_turn_cannot_be_used_later() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}, left_space="hide"), room(1, 0)],
        # Climb passes nothing on the way to the Unlock exit: a Discard Turn is allowed
        [hero("Ana", "climb", hand=[super_item("s", "hide")], unseen=4), hero("Ben", "dig")],
    )
    log = [
        {"kind": "discard-turn", "player": "Ana", "discard": ["s"]},
        {"kind": "discard-turn", "player": "Ben", "discard_unseen": 1},
        turn("Ana", go("right", "s"), goes_on=True),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.first_illegal == 2
    decided(ruled.rulings[-1], "illegal", "6.2", "No", "was discarded in a Discard Turn")
