"""Super Hazard Quest: a fifth set of disputes, on rules and situations the earlier sets leave
alone (trades, Discard Turns, a Hero Battle answered or out of reach, Boss Prizes from the
discard pile and played at once, where a wounded hero goes back to, Hazard Items of the wrong
kind, a Look and what follows it), each ruled with its verdict, the one rule shown as
deciding, and a flag only where the answer turns on our reading of an open point.

Ana and Ben start on the Starting Card at (0, 0); a hero crossing to the card on its right
takes five "right" steps (tests/games/super_hazard_quest/helpers.py)."""

from __future__ import annotations

from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import (
    BEN,
    JSON,
    KEY,
    TWO_ATTACKS,
    ana,
    ask,
    board,
    cross_right,
    dual,
    face,
    fight,
    hazard_item,
    hero,
    magic,
    room,
    rule,
    settled,
    super_item,
    turn,
)

BOSS: JSON = {"actions": ["attack", "attack", "hide", "unlock"], "prize": "any-discarded-item"}


def place(item: str, spot: str, hazard: str, x: int = 1, y: int = 0) -> JSON:
    return {"kind": "place-hazard", "item": item, "x": x, "y": y, "spot": spot, "hazard": hazard}


# ----- trades and Discard Turns


def test_a_trade_on_its_own_is_a_turn() -> None:
    state = board(
        TWO_ATTACKS,
        [ana(super_item("s", "attack")), hero("Ben", "dig", hand=[dual("b", "hide", "dig")])],
    )
    move = {"kind": "trade", "player": "Ana", "partner": "Ben", "give": ["s"], "receive": ["b"]}
    settled(rule(state, move), True, "6.5", "trading-is-the-whole-turn")


def test_ben_cannot_take_a_discard_turn_on_anas_turn() -> None:
    state = board(TWO_ATTACKS, [ana(super_item("s", "attack")), BEN])
    move = {"kind": "discard-turn", "player": "Ben", "discard": []}
    settled(rule(state, move), False, "3.4")


# ----- Hero Battles


def test_ben_answers_the_request_and_keeps_his_crystal() -> None:
    ben = hero("Ben", "dig", hand=[dual("b", "attack", "lift")], red=1)
    state = board(TWO_ATTACKS, [ana(hazard_item("h", "combat")), ben])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "attack", "b")]}
    ruling = rule(state, turn("Ana", battle))
    settled(ruling, True, "11.4", "hero-battle-wounds-the-loser")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"][1]["crystals"] == {"red": 1, "blue": 0}


def test_no_battle_with_ben_on_another_card() -> None:
    ben = hero("Ben", "dig", x=1, hand=[dual("b", "hide", "lift")], red=1)
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(hazard_item("h", "combat")), ben])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "attack")]}
    settled(rule(state, turn("Ana", battle)), False, "11.2")


def test_a_direction_item_asks_for_a_direction_action() -> None:
    ben = hero("Ben", "dig", hand=[dual("b", "hide", "lift")], red=1)
    state = board(TWO_ATTACKS, [ana(hazard_item("h", "direction")), ben])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [ask("h", "hide")]}
    settled(rule(state, turn("Ana", battle)), False, "11.3")


# ----- Hazard Items


def test_a_direction_item_cannot_place_a_combat_hazard() -> None:
    state = board(TWO_ATTACKS, [ana(hazard_item("h", "direction")), BEN])
    settled(rule(state, turn("Ana", place("h", "left-space", "stomp"))), False, "9.9")


def test_a_combat_hazard_over_an_existing_attack() -> None:
    state = board(TWO_ATTACKS, [ana(hazard_item("h", "combat")), BEN])
    move = turn("Ana", place("h", "left-space", "hide", x=0))
    settled(rule(state, move), True, "9.8")


# ----- Mini-Bosses and prizes


def _boss_board(prize: str) -> JSON:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss={**BOSS, "prize": prize}), room(1, 0)]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    return board(rooms, [ana(*hand, inherent="stomp"), BEN])


def test_a_prize_from_the_discard_pile() -> None:
    move = turn("Ana", fight("s", "s", "d", "inherent", take=magic("old")))
    state = _boss_board("any-discarded-item")
    state["heroes"][0]["inherent"] = "unlock"
    settled(rule(state, move), True, "7.2")


def test_the_prize_item_played_at_once_to_leave_the_card() -> None:
    state = _boss_board("any-future-item")
    state["heroes"][0]["inherent"] = "unlock"
    move = turn("Ana", fight("s", "s", "d", "inherent", take=magic("new")), *cross_right("new"))
    settled(rule(state, move), True, "7.6")


# ----- wounds, Looks and Scramblers


def test_a_wounded_hero_goes_back_to_where_the_turn_began() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
    ]
    state = board(rooms, [ana(), BEN])
    dead_end = face(dead_end=True, checkpoint=False)
    move = turn("Ana", *cross_right("inherent"), *cross_right("inherent", drawn=dead_end))
    ruling = rule(state, move)
    settled(ruling, True, "8.4")
    assert ruling.next_state is not None
    assert (ruling.next_state["heroes"][0]["x"], ruling.next_state["heroes"][0]["y"]) == (0, 0)


def test_a_look_after_a_wound_does_not_count() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"})]
    state = board(rooms, [ana(), BEN])
    dead_end = face(dead_end=True, checkpoint=False)
    move = turn(
        "Ana", *cross_right("inherent", drawn=dead_end), look={"dir": "up", "drawn": face()}
    )
    # written first as illegal under 8.2; the wound decides and the Look is void (8.2)
    ruling = rule(state, move)
    settled(ruling, True, "8.4")
    assert ruling.next_state is not None and "looked" not in ruling.next_state


def test_a_log_where_ana_moves_after_her_own_look() -> None:
    state = board(TWO_ATTACKS, [ana(super_item("s", "attack")), BEN])
    log = [
        turn("Ana", look={"dir": "up", "drawn": face()}),
        turn("Ana", *cross_right("inherent", left="s", right="s")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "8.8"


def _traders() -> JSON:
    ben = hero("Ben", "dig", hand=[dual("b", "hide", "dig"), magic("bm")])
    return board(TWO_ATTACKS, [ana(super_item("s", "attack")), ben])


def test_a_trade_of_nothing_for_nothing() -> None:
    move = {"kind": "trade", "player": "Ana", "partner": "Ben", "give": [], "receive": []}
    settled(rule(_traders(), move), False, "6.5")


def test_a_trade_of_one_item_for_two() -> None:
    move = {
        "kind": "trade",
        "player": "Ana",
        "partner": "Ben",
        "give": ["s"],
        "receive": ["b", "bm"],
    }
    # written first as legal: both hands must stay at five (5.10), which decides
    settled(rule(_traders(), move), False, "5.10")


def test_ana_moves_on_bens_turn_after_her_look() -> None:
    state = board(TWO_ATTACKS, [ana(super_item("s", "attack")), BEN], turn="Ben") | {
        "looked": "Ana"
    }
    move = turn("Ana", *cross_right("inherent", left="s", right="s"))
    settled(rule(state, move), False, "8.8")
