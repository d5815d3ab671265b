"""Disputes about Hero Battles, Trap Doors, trades, Discard Turns and setup."""

from __future__ import annotations

from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import (
    assert_illegal,
    assert_legal,
    board,
    dual,
    face,
    go,
    hazard_item,
    hero,
    room,
    rule,
    super_item,
    turn,
)

ROOMS = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]


def battle(*requests: dict, opponent: str = "Ben") -> dict:
    return {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": opponent,
        "requests": list(requests),
    }


def ask(item: str, action: str, answer: str | None = None) -> dict:
    return {"item": item, "action": action, "answer": answer}


def test_a_defender_without_the_action_loses_its_crystals_to_the_attacker() -> None:
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")], red=1),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")], red=1, blue=1),
        ],
    )
    ruling = rule(state, battle(ask("h", "attack")))
    assert_legal(ruling, "battle-won", "11.5")
    ana, ben = ruling.next_state["heroes"]
    assert ana["crystals"] == {"red": 2, "blue": 1}
    assert ben["crystals"] == {"red": 0, "blue": 0}


WOUND_READING = "super-hazard-quest:hero-battle-wounds-the-loser"


def test_a_defender_who_cannot_answer_is_wounded_by_the_hero_battle() -> None:
    # Ana asks Ben for Attack; Ben holds no item giving it and Digs by nature. "Players may
    # also WOUND each other through something we call HERO BATTLE": the book does not say when,
    # and our reading wounds the hero that loses the battle.
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")], blue=1),
        ],
    )
    ruling = rule(state, battle(ask("h", "attack")))
    assert_legal(ruling, "battle-wound", "8.12")
    assert WOUND_READING in ruling.interpretations
    wound = next(r for r in ruling.reasons if r.code == "battle-wound")
    assert wound.detail.startswith("Ben is wounded by the Hero Battle")
    # The wound sends Ben nowhere: it is not his turn, and he stands where his next one begins.
    ben = ruling.next_state["heroes"][1]
    assert (ben["x"], ben["y"]) == (0, 0)
    assert ben["crystals"] == {"red": 0, "blue": 0}


def test_a_defender_who_answers_every_request_is_not_wounded() -> None:
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")], blue=1),
        ],
    )
    ruling = rule(state, battle(ask("h", "hide", "d")))
    assert_legal(ruling, "battle-answered", "11.4")
    assert "battle-wound" not in [r.code for r in ruling.reasons]
    assert WOUND_READING not in ruling.interpretations


def test_a_log_with_a_lost_hero_battle_rules_the_wound() -> None:
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")], red=1),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")], red=1),
        ],
    )
    moves = [battle(ask("h", "attack")), {"kind": "discard-turn", "player": "Ben"}]
    ruled = RULES.rule_sequence_json(state, moves)
    first = ruled.rulings[0]
    assert_legal(first, "battle-wound", "8.12")
    assert WOUND_READING in first.interpretations
    assert ruled.final_state is not None
    assert ruled.final_state["heroes"][1]["crystals"] == {"red": 0, "blue": 0}


def test_a_defender_who_answers_keeps_its_crystals_and_replaces_the_item() -> None:
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")], blue=1),
        ],
    )
    ruling = rule(state, battle(ask("h", "hide", "d")))
    assert_legal(ruling, "battle-answered", "11.4")
    ben = ruling.next_state["heroes"][1]
    assert (ben["crystals"]["blue"], ben["hand"], ben["unseen"]) == (1, [], 5)


def test_a_defender_who_can_answer_must() -> None:
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")]),
            hero("Ben", "dig", hand=[super_item("s", "hide")], blue=1),
        ],
    )
    assert_illegal(rule(state, battle(ask("h", "hide"))), "battle-answer-available", "11.4")


def test_the_action_asked_matches_the_hazard_items_kind() -> None:
    state = board(
        ROOMS, [hero("Ana", "unlock", hand=[hazard_item("h", "direction")]), hero("Ben", "dig")]
    )
    assert_illegal(rule(state, battle(ask("h", "attack"))), "battle-request-wrong-kind", "11.3")


def test_a_battle_needs_a_hazard_item() -> None:
    state = board(
        ROOMS, [hero("Ana", "unlock", hand=[super_item("s", "hide")]), hero("Ben", "dig")]
    )
    assert_illegal(rule(state, battle(ask("s", "attack"))), "battle-needs-hazard-item", "11.1")


def test_a_battle_is_fought_on_a_checkpoint_both_heroes_occupy() -> None:
    state = board(
        ROOMS, [hero("Ana", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "dig", x=1)]
    )
    assert_illegal(rule(state, battle(ask("h", "attack"))), "battle-opponent-elsewhere", "11.2")


def test_a_trap_door_onto_a_dead_end_removes_crystals_without_giving_them_away() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, trap_door=True),
        room(2, 0, dead_end=True, checkpoint=False),
    ]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig", x=1, red=1)])
    move = {"kind": "trap-door", "player": "Ana", "target": "Ben", "x": 2, "y": 0}
    ruling = rule(state, move)
    assert_legal(ruling, "trap-door-dead-end", "8.11")
    ana, ben = ruling.next_state["heroes"]
    assert (ana["crystals"]["red"], ben["crystals"]["red"], ben["x"]) == (0, 0, 1)


def test_a_trap_door_needs_one_under_the_target() -> None:
    rooms = [room(0, 0), room(1, 0, dead_end=True, checkpoint=False)]
    state = board(rooms, [hero("Ana", "unlock"), hero("Ben", "dig")])
    move = {"kind": "trap-door", "player": "Ana", "target": "Ben", "x": 1, "y": 0}
    assert_illegal(rule(state, move), "trap-door-missing", "8.11")


def test_a_trade_swaps_cards_and_is_the_whole_turn() -> None:
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[super_item("s", "hide")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")]),
        ],
    )
    move = {"kind": "trade", "player": "Ana", "partner": "Ben", "give": ["s"], "receive": ["d"]}
    ruling = rule(state, move)
    assert_legal(ruling, "trade-made", "6.5")
    assert ruling.next_state["heroes"][0]["hand"][0]["id"] == "d"
    assert ruling.next_state["turn"] == "Ben"
    uneven = {**move, "receive": []}
    assert_illegal(rule(state, uneven), "trade-empty", "6.5")


def test_a_discard_turn_discards_and_draws_and_nothing_else() -> None:
    state = board(
        ROOMS, [hero("Ana", "climb", hand=[super_item("s", "hide")], unseen=4), hero("Ben", "dig")]
    )  # no up exit, and Hide passes nothing on the way to the Unlock exit: no Standard Turn
    move = {"kind": "discard-turn", "player": "Ana", "discard": ["s"], "discard_unseen": 2}
    ruling = rule(state, move)
    assert_legal(ruling, "discard-turn", "6.2")
    ana = ruling.next_state["heroes"][0]
    assert (ana["hand"], ana["unseen"], ruling.next_state["discard"]) == ([], 5, 8)
    played = {**move, "played": ["s"]}
    assert_illegal(rule(state, played), "discard-turn-only", "6.3")


def test_a_player_cannot_discard_and_look_in_one_turn() -> None:
    state = board(
        ROOMS, [hero("Ana", "unlock", hand=[super_item("s", "hide")]), hero("Ben", "dig")]
    )
    move = {
        "kind": "discard-turn",
        "player": "Ana",
        "discard": ["s"],
        "look": {"dir": "up", "drawn": face()},
    }
    assert_illegal(rule(state, move), "look-in-discard-turn", "6.4")


def fresh_table() -> dict:
    return {
        "dungeon": [],
        "heroes": [
            {"player": "Ana", "inherent": "unlock"},
            {"player": "Ben", "inherent": "dig"},
            {"player": "Cy", "inherent": "hide"},
        ],
        "dungeon_deck": 26,
        "item_deck": 54,
    }


def draws(a: int | None, b: int | None, c: int | None) -> list[dict]:
    return [{"player": p, "card": {"stage": s}} for p, s in (("Ana", a), ("Ben", b), ("Cy", c))]


def test_the_lowest_stage_number_starts_and_everyone_gets_five_items() -> None:
    ruling = rule(fresh_table(), {"kind": "setup", "draws": draws(7, 3, None), "first": "Ben"})
    assert_legal(ruling, "setup-first", "3.4")
    nxt = ruling.next_state
    assert (nxt["turn"], nxt["dungeon_deck"], nxt["item_deck"]) == ("Ben", 25, 54 - 15)
    assert all((h["x"], h["y"], h["unseen"]) == (0, 0, 5) for h in nxt["heroes"])


def test_a_card_without_a_stage_number_never_starts() -> None:
    ruling = rule(fresh_table(), {"kind": "setup", "draws": draws(7, 3, None), "first": "Cy"})
    assert_illegal(ruling, "setup-no-stage-number", "3.5")


def test_nobody_with_a_stage_number_means_everyone_draws_again() -> None:
    ruling = rule(fresh_table(), {"kind": "setup", "draws": draws(None, None, None)})
    assert_illegal(ruling, "setup-redraw", "3.6")


def test_a_tie_for_the_lowest_stage_number_means_drawing_again() -> None:
    ruling = rule(fresh_table(), {"kind": "setup", "draws": draws(2, 2, 5)})
    assert_illegal(ruling, "setup-tie", "3.3")
    assert "super-hazard-quest:stage-number-tie" in ruling.interpretations


def test_a_battle_is_declared_only_from_a_checkpoint() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, left_space="attack"), room(1, 0)]
    state = board(
        rooms,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat"), super_item("s", "attack")]),
            hero("Ben", "dig"),
        ],
    )
    move = turn(
        "Ana",
        go("right", "s"),
        {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "attack")]},
    )
    assert_illegal(rule(state, move), "battle-off-checkpoint", "11.2")


def test_two_hazard_items_make_one_battle_with_two_requests() -> None:
    # FAQ: the attacker may ask two actions in one battle; one unanswered request is enough.
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat"), hazard_item("k", "direction")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")], blue=1),
        ],
    )
    ruling = rule(state, battle(ask("h", "hide", "d"), ask("k", "climb")))
    assert_legal(ruling, "battle-won", "11.5")
    ana, ben = ruling.next_state["heroes"]
    assert (ana["crystals"]["blue"], ben["crystals"]["blue"]) == (1, 0)
    assert (ben["hand"], ben["unseen"]) == ([], 5)  # the answering item is replaced at once


def test_two_small_battles_in_one_turn_but_each_hazard_item_once() -> None:
    # FAQ: two Hazard Items may also make two small battles, one request each.
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat"), hazard_item("k", "combat")]),
            hero("Ben", "dig", hand=[super_item("s", "hide")], red=1),
        ],
    )

    def small(item: str, action: str, answer: str | None = None) -> dict:
        return {"kind": "battle", "opponent": "Ben", "requests": [ask(item, action, answer)]}

    ruling = rule(state, turn("Ana", small("h", "hide", "s"), small("k", "attack")))
    assert_legal(ruling, "battle-won", "11.5")
    assert ruling.next_state["heroes"][0]["crystals"]["red"] == 1
    again = rule(state, turn("Ana", small("h", "hide", "s"), small("h", "attack")))
    assert_illegal(again, "hazard-item-spent", "9.7")


def test_a_trade_swaps_as_many_cards_as_it_takes() -> None:
    state = board(
        ROOMS,
        [
            hero("Ana", "unlock", hand=[super_item("s", "hide"), super_item("t", "dig")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")]),
        ],
    )
    move = {
        "kind": "trade",
        "player": "Ana",
        "partner": "Ben",
        "give": ["s", "t"],
        "receive": ["d"],
    }
    assert_illegal(rule(state, move), "trade-uneven", "5.10")


def test_a_stuck_hero_can_always_take_a_discard_turn() -> None:
    # FAQ: "There is always a way out": a hero with no way on may still discard and draw.
    rooms = [room(0, 0, exits={"right": "unlock"}, right_space="attack"), room(1, 0)]
    state = board(
        rooms, [hero("Ana", "dig", hand=[super_item("s", "hide")], unseen=4), hero("Ben", "stomp")]
    )
    stuck = rule(state, turn("Ana", go("right"), go("right"), go("right", "s")))
    assert_illegal(stuck, "super-item-other-action", "9.4")
    ruling = rule(state, {"kind": "discard-turn", "player": "Ana", "discard": ["s"]})
    assert_legal(ruling, "discard-turn", "6.2")
    assert "super-hazard-quest:discard-turn-only-without-actions" in ruling.interpretations


def test_a_defender_whose_inherent_action_is_asked_for_keeps_its_crystals() -> None:
    # "lacks the use of the ACTIONS requested": a hero never lacks its own Inherent Action.
    state = board(
        ROOMS,
        [hero("Ana", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "hide", blue=1)],
    )
    ruling = rule(state, battle(ask("h", "hide", "inherent")))
    assert_legal(ruling, "battle-kept-by-inherent", "11.5")
    assert ruling.deciding_rule == "super-hazard-quest:11.5"
    assert "super-hazard-quest:hero-battle-answers" in ruling.interpretations
    assert ruling.answer.startswith(
        "Yes, but Ben keeps the crystals: Ben's Inherent Action gives Hide, so Ben does not lack"
    )
    # the same with no answer named: nothing is played for a request the nature answers
    assert rule(state, battle(ask("h", "hide"))).answer == ruling.answer
    assert ruling.next_state["heroes"][1]["crystals"]["blue"] == 1


def test_the_answer_says_whose_crystals_go_where() -> None:
    state = board(
        ROOMS,
        [hero("You", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "dig", red=1)],
    )
    move = {**battle(ask("h", "attack")), "player": "You"}
    answer = rule(state, move).answer
    assert answer.startswith(
        "Yes, and Ben cannot answer every request: Ben's hero is wounded, and Ben's crystals go "
        "to you."
    )
    assert answer.endswith("Your turn ends on the Checkpoint it began the turn on.")
