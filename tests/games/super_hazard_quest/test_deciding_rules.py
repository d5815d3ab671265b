"""Disputes settled by the rule that allows the move, the specific rule over the general one,
setups as rulings, what always holds in a state, and a whole game ruled from setup to the end.
Each dispute names the rule that decides it; the test fails when the ruling does not cite it."""

from __future__ import annotations

import pytest

from games.core import InvalidState
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.short_moves import setup_numbers
from tests.games.super_hazard_quest.helpers import (
    assert_illegal,
    assert_legal,
    board,
    cross_right,
    dual,
    face,
    go,
    hazard_item,
    hero,
    key,
    room,
    rule,
    super_item,
    turn,
)

BOSS = {"actions": ["stomp", "attack", "defend", "hide"], "prize": "red-crystal"}


def cites(ruling, number: str) -> bool:  # type: ignore[no-untyped-def]
    return key(number) in ruling.cited_rules()


# ----- enabling rules: a legal move cites the rule that allows it


def test_yes_you_can_walk_past_a_mini_boss() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock", "left": "lift"}, mini_boss=BOSS),
        room(2, 0),
    ]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")])
    ruling = rule(state, turn("Ana", *cross_right("inherent"), *cross_right("inherent")))
    assert_legal(ruling, "walked-past-mini-boss", "4.12")
    assert ruling.answer.startswith("Yes, Ana can walk past the Mini-Boss")


def test_a_card_with_no_entrance_on_that_side_can_be_entered() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock"), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=face(exits={"up": "climb"}))))
    assert_legal(ruling, "entered-without-entrance", "4.11")


def test_the_direction_hazard_of_the_card_entered_is_ignored() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"left": "lift"})],
        [hero("Ana", "unlock"), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent")))  # no Lift is asked on arrival
    assert_legal(ruling, "entrance-hazard-ignored", "4.6")


def test_a_super_item_is_used_as_often_as_needed() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}, left_space="hide", right_space="hide"), room(1, 0)],
        [hero("Ana", "unlock", hand=[super_item("s", "hide")]), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="s", right="s")))
    assert_legal(ruling, "super-item-unlimited", "9.4")
    assert cites(ruling, "4.9")  # and the Inherent Action, as often as liked


def test_the_inherent_action_is_used_as_often_as_liked() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0),
    ]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")])
    ruling = rule(state, turn("Ana", *cross_right("inherent"), *cross_right("inherent")))
    assert_legal(ruling, "inherent-action-used", "4.9")
    assert "twice" in next(r.detail for r in ruling.reasons if r.code == "inherent-action-used")


def test_a_dual_action_item_printing_one_action_twice_gives_two_uses() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}, left_space="hide", right_space="hide"), room(1, 0)],
        [hero("Ana", "unlock", hand=[dual("d", "hide", "hide")]), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d", right="d")))
    assert_legal(ruling, "hazard-passed", "4.2")
    three = board(
        [
            room(0, 0, exits={"right": "unlock"}, left_space="hide", right_space="hide"),
            room(1, 0, exits={"right": "unlock"}, left_space="hide"),
            room(2, 0),
        ],
        [hero("Ana", "unlock", hand=[dual("d", "hide", "hide")]), hero("Ben", "dig")],
    )
    third = turn(
        "Ana", *cross_right("inherent", left="d", right="d"), *cross_right("inherent", left="d")
    )
    assert_illegal(rule(three, third), "dual-action-use-spent", "9.3")


# ----- the specific rule over the general one


def test_a_hazard_item_cannot_pay_a_mini_boss_action() -> None:
    state = board(
        [room(0, 0, mini_boss=BOSS)],
        [hero("Ana", "stomp", hand=[hazard_item("h", "combat")]), hero("Ben", "dig")],
    )
    fight = {"kind": "fight", "using": ["inherent", "h", "h", "h"]}
    assert_illegal(rule(state, turn("Ana", fight)), "hazard-against-mini-boss", "7.9")


# ----- names are compared as players read them


def test_a_players_name_and_an_items_id_match_whatever_their_case() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}, left_space="hide"), room(1, 0)],
        [hero("Zoë", "unlock", hand=[super_item("Cloak", "hide")]), hero("Ben", "dig")],
    )
    decomposed = "Zoe\u0308".upper()  # "ZOË" typed with a combining diaeresis
    ruling = rule(state, turn(decomposed, *cross_right("inherent", left="cloak")))
    assert_legal(ruling, "hazard-passed", "4.2")
    assert ruling.next_state["turn"] == "Ben"


# ----- the Discard Turn only when the actions are lacking


def test_no_discard_turn_when_the_hero_can_walk_on() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0)],
        [hero("Ana", "unlock"), hero("Ben", "dig")],
    )
    move = {"kind": "discard-turn", "player": "Ana", "discard_unseen": 1}
    ruling = rule(state, move)
    assert_illegal(ruling, "discard-turn-not-allowed", "6.1")
    assert ruling.answer.startswith("No, Ana cannot take a Discard Turn")
    assert "super-hazard-quest:discard-turn-only-without-actions" in ruling.interpretations


def test_a_discard_turn_when_the_hero_lacks_the_actions() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0)],
        [hero("Ana", "climb", hand=[dual("d", "stomp", "hide")], unseen=4), hero("Ben", "dig")],
    )
    ruling = rule(state, {"kind": "discard-turn", "player": "Ana", "discard": ["d"]})
    assert_legal(ruling, "discard-turn-allowed", "6.1")


# ----- setups are rulings


def fresh(*names: str) -> dict:
    inherents = ["unlock", "dig", "climb", "lift"]
    heroes = [
        {"player": n, "inherent": inherents[k], "hand": [], "unseen": 0}
        for k, n in enumerate(names)
    ]
    return {"dungeon": [], "heroes": heroes, "dungeon_deck": 26, "item_deck": 54, "discard": 0}


def draws(**stages: int | None) -> list[dict]:
    return [{"player": p, "card": {"stage": s}} for p, s in stages.items()]


def test_a_setup_is_right_and_the_numbers_are_worked_out() -> None:
    ruling = rule(
        fresh("Ana", "Ben", "Cy"), {"kind": "setup", "draws": draws(Ana=4, Ben=2, Cy=None)}
    )
    assert_legal(ruling, "setup-first", "3.4")
    assert cites(ruling, "3.5") and cites(ruling, "3.9")
    assert "holds 25 cards" in ruling.answer and "leaving 39 in the Item deck" in ruling.answer
    assert (ruling.next_state["item_deck"], ruling.next_state["dungeon_deck"]) == (39, 25)
    assert setup_numbers(3)["item_deck_after"] == 39


def test_a_hand_of_six_at_the_deal_is_not_right() -> None:
    move = {"kind": "setup", "draws": draws(Ana=4, Ben=2), "dealt": {"Ana": 6, "Ben": 5}}
    ruling = rule(fresh("Ana", "Ben"), move)
    assert_illegal(ruling, "setup-deal-wrong", "3.9")
    assert ruling.answer.startswith("No, that setup is not right: Ana was dealt 6")


def test_a_player_who_drew_no_dungeon_card_is_ruled_on() -> None:
    ruling = rule(fresh("Ana", "Ben"), {"kind": "setup", "draws": draws(Ana=4)})
    assert_illegal(ruling, "setup-draw-count", "3.2")


def test_the_wrong_opener_is_ruled_on() -> None:
    move = {"kind": "setup", "draws": draws(Ana=4, Ben=2), "first": "Ana"}
    assert_illegal(rule(fresh("Ana", "Ben"), move), "setup-wrong-first", "3.3")


def test_a_starting_card_without_a_checkpoint_is_ruled_on() -> None:
    move = {
        "kind": "setup",
        "draws": [
            {"player": "Ana", "card": {"stage": 1, "checkpoint": False}},
            {"player": "Ben", "card": {"stage": 3}},
        ],
    }
    assert_illegal(rule(fresh("Ana", "Ben"), move), "setup-start-no-checkpoint", "3.8")


# ----- what always holds, enforced when a state is read


def test_a_hero_holds_five_items_while_there_are_cards_to_draw() -> None:
    state = board([room(0, 0)], [hero("Ana", "unlock", unseen=4), hero("Ben", "dig")])
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.heroes.0.hand"


def test_two_players_whose_names_differ_only_in_case_are_one_player() -> None:
    state = board([room(0, 0)], [hero("Ana", "unlock"), hero("ANA", "dig")])
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.heroes.0.player"


# ----- a whole game: setup, several turns, the winner


def test_a_whole_game_from_the_setup_to_the_winner() -> None:
    state = fresh("Ana", "Ben")
    moves = [
        {
            "kind": "setup",
            "draws": [
                {"player": "Ana", "card": {"stage": 1, "exits": {"right": "unlock"}}},
                {"player": "Ben", "card": {"stage": 5}},
            ],
        },
        turn(
            "Ana",
            *cross_right(
                "inherent",
                drawn=face(exits={"right": "unlock"}, mini_boss={**BOSS, "prize": "blue-crystal"}),
            ),
        ),
        {"kind": "discard-turn", "player": "Ben", "discard_unseen": 2},
        turn("Ana", *cross_right("inherent", drawn=face(scrambler="blue"))),
    ]
    ruled = RULES.rule_sequence_json(state, moves)
    # Ben (Dig) cannot walk anywhere: his Discard Turn stands. Ana never fought the Mini-Boss,
    # so she reaches the blue Scrambler without its crystal and is wounded.
    assert ruled.verdict.value == "legal", ruled.summary
    assert ruled.final_state is not None and ruled.final_state["winner"] is None
    assert "nobody has won yet" in ruled.summary
    won = [
        *moves[:3],
        turn(
            "Ana",
            {"kind": "fight", "using": ["inherent", "inherent", "inherent", "inherent"]},
        ),
    ]
    ruled = RULES.rule_sequence_json(state, won)
    assert ruled.verdict.value == "illegal"
    assert ruled.first_illegal == 3 and "by Ana" in ruled.summary


def test_a_game_won_at_the_scrambler_names_the_winner() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"right": "unlock"})]
    state = board(rooms, [hero("Ana", "unlock", blue=1), hero("You", "dig")])
    moves = [
        turn("Ana", *cross_right("inherent")),
        {"kind": "discard-turn", "player": "You", "discard_unseen": 1},
        turn("Ana", *cross_right("inherent", drawn=face(scrambler="blue"))),
    ]
    ruled = RULES.rule_sequence_json(state, moves)
    assert ruled.verdict.value == "legal", ruled.summary
    assert ruled.summary.endswith("Ana wins: the Scrambler is defeated.")
    assert ruled.rulings[1].answer.startswith("Yes, you can take a Discard Turn: you lack")


def test_you_get_grammatical_answers() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0)],
        [hero("You", "unlock"), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("You", go("up")))
    assert ruling.answer.startswith("No, you cannot make that turn")
    assert "You's" not in ruling.answer and "You holds" not in ruling.answer


def test_the_item_cards_add_up_to_the_54_of_the_box() -> None:
    state = board([room(0, 0)], [hero("Ana", "unlock"), hero("Ben", "dig")])
    state["item_deck"] -= 1  # one card is nowhere
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.item_deck"


def test_the_dungeon_cards_add_up_to_the_26_of_the_box() -> None:
    state = board([room(0, 0), room(1, 0)], [hero("Ana", "unlock"), hero("Ben", "dig")])
    state["dungeon_deck"] = 25  # two on the table and 25 in the deck
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.dungeon_deck"
