"""Readings that decide, and only those: for every open point the engine rules both ways, a
dispute that turns on it (ruled under both readings, the answers differ, and the ruling names
the reading with what the other one answers) and a dispute that merely uses it (not flagged)."""

from __future__ import annotations

from typing import Any

from games.core import Ruling
from games.core.readings import flipped
from games.super_hazard_quest import transitions as T
from games.super_hazard_quest.tools import TOOLS
from tests.games.super_hazard_quest.helpers import (
    LAST_ITEMS,
    assert_illegal,
    assert_legal,
    board,
    cross_right,
    dual,
    face,
    go,
    hazard_item,
    hero,
    magic,
    room,
    rule,
    super_item,
    turn,
)


def both(state: dict[str, Any], move: dict[str, Any], key: str) -> tuple[Ruling, Ruling]:
    """The ruling on our reading, and the ruling with the reading `key` read the other way."""
    ruled = rule(state, move)
    with flipped(key):
        other = rule(state, move)
    return ruled, other


def assert_turns_on(ruled: Ruling, other: Ruling, key: str) -> None:
    """The answer turns on `key`: the two readings answer differently, and our ruling names
    the reading, with the other one's verdict and answer in its own words."""
    assert (ruled.verdict, ruled.answer) != (other.verdict, other.answer)
    assert key in [t.key for t in ruled.readings_deciding]
    turn_ = next(t for t in ruled.readings_deciding if t.key == key)
    assert turn_.other_verdict == other.verdict.value
    assert turn_.other_answer == other.answer


def assert_merely_used(ruled: Ruling, key: str) -> None:
    assert key in ruled.interpretations
    assert key not in [t.key for t in ruled.readings_deciding]


def reach(state: dict[str, Any], player: str = "Ana") -> dict[str, Any]:
    """ "Where can I go?", as the tool answers it."""
    return TOOLS["reachable"].run({"state": state, "player": player}, None)


# ----- when a hero is wounded (rule 8.1)


def test_stopping_short_in_a_new_room_with_a_way_on_turns_on_when_a_wound_happens() -> None:
    # Ana draws a room with an Attack hazard and stops at its edge; her Attack item could
    # carry her on. Our reading: the turn must go on. The other: the new room stopped her.
    state = board(
        [room(0, 0, exits={"right": "unlock"})],
        [hero("Ana", "unlock", hand=[super_item("s", "attack")], red=1), hero("Ben", "dig")],
    )
    new = face(checkpoint=False, left_space="attack", exits={"right": "unlock"})
    ruled, other = both(state, turn("Ana", *cross_right("inherent", drawn=new)), T.WOUND_RULING)
    assert_illegal(ruled, "turn-not-on-checkpoint", "5.3")
    assert_legal(other, "wounded-stuck", "8.1")
    assert_turns_on(ruled, other, T.WOUND_RULING)
    assert other.answer.startswith(
        "Ana's hero is wounded: the path stops at the left edge of the card Ana drew"
    )


def test_a_hero_stuck_in_a_new_room_is_wounded_either_way() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})],
        [hero("Ana", "unlock", red=1), hero("Ben", "dig")],
    )
    new = face(checkpoint=False, left_space="attack", exits={"right": "unlock"})
    ruled = rule(state, turn("Ana", *cross_right("inherent", drawn=new)))
    assert_legal(ruled, "wounded-stuck", "8.1")
    assert_merely_used(ruled, T.WOUND_RULING)


# ----- when a Mini-Boss may be fought (rule 7.1)

BOSS = {"actions": ["attack", "attack", "hide", "unlock"], "prize": "red-crystal"}
HAND = [super_item("s", "attack"), dual("d", "hide", "dig")]


def test_a_mini_boss_fought_after_walking_to_it_turns_on_when_it_may_be_fought() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, mini_boss=BOSS)]
    state = board(rooms, [hero("Ana", "unlock", hand=HAND), hero("Ben", "dig")])
    fight = {"kind": "fight", "using": ["s", "s", "d", "inherent"]}
    move = turn("Ana", *cross_right("inherent"), fight)
    ruled, other = both(state, move, T.FIGHT_RULING)
    assert_legal(ruled, "mini-boss-defeated", "7.2")
    assert_illegal(other, "fight-off-checkpoint", "7.1")
    assert_turns_on(ruled, other, T.FIGHT_RULING)
    assert other.answer == (
        "No, Ana cannot make that turn: the hero walked to the Checkpoint of the room to Ana's "
        "right this turn, and a Mini-Boss is fought from the Checkpoint where the turn begins."
    )


def test_a_mini_boss_fought_from_the_turns_own_checkpoint_is_not_flagged() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS), room(1, 0)]
    state = board(rooms, [hero("Ana", "unlock", hand=HAND), hero("Ben", "dig")])
    fight = {"kind": "fight", "using": ["s", "s", "d", "inherent"]}
    ruled = rule(state, turn("Ana", fight))
    assert_legal(ruled, "mini-boss-defeated", "7.2")
    assert_merely_used(ruled, T.FIGHT_RULING)


WIN_BOSS = {"actions": ["stomp", "stomp", "defend", "unlock"], "prize": "red-crystal"}
WIN_HAND = [super_item("s", "stomp"), dual("d", "defend", "attack")]


def test_where_can_i_go_names_the_fight_reading_a_win_beyond_a_mini_boss_rests_on() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock", "left": "unlock"}, mini_boss=WIN_BOSS),
        room(2, 0, scrambler="red", checkpoint=False),
    ]
    state = board(rooms, [hero("Ana", "unlock", hand=WIN_HAND), hero("Ben", "dig")])
    found = reach(state)
    assert [(w["x"], w["y"]) for w in found["wins"]] == [(2, 0)]
    with flipped(T.FIGHT_RULING):
        assert reach(state)["wins"] == []
    [turned] = found["readings_deciding"]
    assert turned["key"] == T.FIGHT_RULING
    assert turned["other_answer"] == (
        "Ana can end the turn on the Checkpoint of the room to Ana's right."
    )


def test_where_can_i_go_with_the_mini_boss_underfoot_is_not_flagged() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=WIN_BOSS),
        room(1, 0, scrambler="red", checkpoint=False),
    ]
    state = board(rooms, [hero("Ana", "unlock", hand=WIN_HAND), hero("Ben", "dig")])
    found = reach(state)
    assert [(w["x"], w["y"]) for w in found["wins"]] == [(1, 0)]
    assert found["readings_deciding"] == []


# ----- what counts as reaching a Scrambler (rule 2.8)


def corridor() -> list[dict[str, Any]]:
    return [
        room(0, 0, exits={"right": "unlock"}, left_space="attack"),
        room(1, 0, exits={"right": "unlock"}),
    ]


def test_a_running_leap_onto_the_scrambler_turns_on_what_reaching_it_means() -> None:
    rooms = [*corridor(), room(2, 0, scrambler="red", checkpoint=False)]
    state = board(
        rooms,
        [
            hero("Ana", "unlock", hand=[super_item("s", "attack")], red=1, unseen=0),
            hero("Ben", "dig"),
        ],
        **LAST_ITEMS,
    )
    move = turn("Ana", *cross_right("inherent", left="s"), leap={"dir": "right"})
    ruled, other = both(state, move, T.SCRAMBLER_RULING)
    assert_legal(ruled, "scrambler-defeated", "2.8")
    assert_illegal(other, "leap-onto-no-checkpoint", "10.1")
    assert_turns_on(ruled, other, T.SCRAMBLER_RULING)
    assert other.answer.endswith("and a Running Leap does not reach its Scrambler.")


def test_walking_into_the_scrambler_with_its_crystal_is_not_flagged() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock", blue=1), hero("Ben", "dig")]
    )
    ruled = rule(state, turn("Ana", *cross_right("inherent", drawn=face(scrambler="blue"))))
    assert_legal(ruled, "scrambler-defeated", "2.8")
    assert_merely_used(ruled, T.SCRAMBLER_RULING)


# ----- what the whole hand of a Running Leap is (rule 10.1)


def test_a_leap_keeping_a_prize_item_turns_on_what_the_whole_hand_is() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss={**BOSS, "prize": "any-future-item"}),
        room(1, 0),
    ]
    state = board(
        rooms, [hero("Ana", "unlock", hand=HAND, unseen=0), hero("Ben", "dig")], **LAST_ITEMS
    )
    fight = {"kind": "fight", "using": ["s", "s", "d", "inherent"], "take": magic("prize")}
    move = turn("Ana", fight, *cross_right("inherent"), leap={"dir": "right", "drawn": face()})
    ruled, other = both(state, move, T.LEAP_RULING)
    assert_illegal(ruled, "leap-hand-not-used", "10.1")
    assert_legal(other, "leap-made", "10.1")
    assert_turns_on(ruled, other, T.LEAP_RULING)
    assert "the Magic Item" in ruled.answer


def test_a_leap_after_the_whole_hand_is_played_is_not_flagged() -> None:
    state = board(
        corridor(),
        [hero("Ana", "unlock", hand=[super_item("s", "attack")], unseen=0), hero("Ben", "dig")],
        **LAST_ITEMS,
    )
    move = turn(
        "Ana",
        *cross_right("inherent", left="s"),
        leap={"dir": "right", "drawn": face(exits={"left": "lift"})},
    )
    ruled = rule(state, move)
    assert_legal(ruled, "leap-made", "10.1")
    assert_merely_used(ruled, T.LEAP_RULING)


# ----- what answers a Hero Battle request (rule 11.4), and whom a battle wounds (rule 8.12)

BATTLE_ROOMS = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]


def battle(action: str, answer: str | None = None) -> dict[str, Any]:
    request = {"item": "h", "action": action, "answer": answer}
    return {"kind": "hero-battle", "player": "Ana", "opponent": "Ben", "requests": [request]}


def test_a_request_only_the_defenders_inherent_action_gives_turns_on_what_answers_it() -> None:
    state = board(
        BATTLE_ROOMS,
        [hero("Ana", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "hide", blue=1)],
    )
    ruled, other = both(state, battle("hide"), T.BATTLE_RULING)
    # Ben plays nothing: his nature answers, and he keeps the crystal (no longer refused as a
    # request Ben "must answer": nothing is played for it)
    assert_legal(ruled, "battle-kept-by-inherent", "11.5")
    assert ruled.next_state is not None and ruled.next_state["heroes"][1]["crystals"]["blue"] == 1
    assert_legal(other, "battle-won", "11.5")
    assert_turns_on(ruled, other, T.BATTLE_RULING)
    assert other.answer.startswith("Yes, and Ben cannot answer every request")


def test_a_defender_without_the_action_loses_either_way() -> None:
    state = board(
        BATTLE_ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")], blue=1),
        ],
    )
    ruled = rule(state, battle("attack"))
    assert_legal(ruled, "battle-won", "11.5")
    assert_merely_used(ruled, T.BATTLE_RULING)
    assert_merely_used(ruled, T.BATTLE_WOUND_RULING)


def test_a_battle_answered_in_full_turns_on_whom_a_hero_battle_wounds() -> None:
    state = board(
        BATTLE_ROOMS,
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat")], red=1),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")], blue=1),
        ],
    )
    ruled, other = both(state, battle("hide", "d"), T.BATTLE_WOUND_RULING)
    assert_legal(ruled, "battle-answered", "11.4")
    assert ruled.next_state["heroes"][0]["crystals"]["red"] == 1
    assert other.legal and other.next_state["heroes"][0]["crystals"]["red"] == 0
    assert_turns_on(ruled, other, T.BATTLE_WOUND_RULING)
    assert other.answer.startswith(
        "Ana's hero is wounded: Ana loses the Hero Battle, as Ben answers every request."
    )


# ----- what a Trap Door does to its user's turn (rule 8.11)

TRAP_ROOMS = [
    room(0, 0, exits={"right": "unlock"}),
    room(1, 0, trap_door=True),
    room(2, 0),
]


def test_a_trap_door_turns_on_whether_it_ends_the_users_turn() -> None:
    state = board(TRAP_ROOMS, [hero("Ana", "unlock"), hero("Ben", "dig", x=1)])
    move = {"kind": "trap-door", "player": "Ana", "target": "Ben", "x": 2, "y": 0}
    ruled, other = both(state, move, T.TRAP_DOOR_RULING)
    assert_legal(ruled, "trap-door-moved", "8.11")
    assert ruled.next_state["turn"] == "Ana"
    assert other.next_state is not None and other.next_state["turn"] == "Ben"
    assert_turns_on(ruled, other, T.TRAP_DOOR_RULING)
    assert other.answer == (
        "Yes, Ana can use the Trap Door: Ben's hero is moved. Using it ends Ana's turn."
    )


def test_a_trap_door_not_under_the_target_is_not_flagged() -> None:
    state = board(TRAP_ROOMS, [hero("Ana", "unlock"), hero("Ben", "dig", x=2)])
    move = {"kind": "trap-door", "player": "Ana", "target": "Ben", "x": 1, "y": 0}
    ruled = rule(state, move)
    assert_illegal(ruled, "trap-door-missing", "8.11")
    assert_merely_used(ruled, T.TRAP_DOOR_RULING)


# ----- when a Hazard Item's hazard counts (rules 9.7, 9.8)


def place(x: int, y: int, spot: str, hazard: str) -> dict[str, Any]:
    return {"kind": "place-hazard", "item": "h", "x": x, "y": y, "spot": spot, "hazard": hazard}


def test_a_hazard_placed_to_open_the_way_turns_on_when_it_counts() -> None:
    # The right exit asks Climb, which Ana (Unlock) cannot give; she puts Unlock over it.
    state = board(
        [room(0, 0, exits={"right": "climb"}), room(1, 0)],
        [hero("Ana", "unlock", hand=[hazard_item("h", "direction")]), hero("Ben", "dig")],
    )
    move = turn("Ana", place(0, 0, "right", "unlock"), *cross_right("inherent"))
    ruled, other = both(state, move, T.HAZARD_ITEM_RULING)
    assert_legal(ruled, "hazard-placed", "9.8")
    assert_illegal(other, "inherent-action-differs", "4.8")
    assert_turns_on(ruled, other, T.HAZARD_ITEM_RULING)
    # The path finder's answer turns on it too: the route needs the hazard placed.
    found = reach(state)
    assert [(d["x"], d["y"]) for d in found["checkpoints"]] == [(1, 0)]
    [turned] = found["readings_deciding"]
    assert turned["key"] == T.HAZARD_ITEM_RULING
    assert turned["other_answer"] == "Ana can reach no other Checkpoint."


def test_a_hazard_placed_away_from_the_heros_way_is_not_flagged() -> None:
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "dig")]
    )
    ruled = rule(state, turn("Ana", place(1, 0, "right-space", "hide")))
    assert_legal(ruled, "hazard-placed", "9.8")
    assert_merely_used(ruled, T.HAZARD_ITEM_RULING)
    assert ruled.next_state["dungeon"][1]["right_space"] == "hide"


# ----- who may trade (rule 6.5)


def trade() -> dict[str, Any]:
    return {"kind": "trade", "player": "Ana", "partner": "Ben", "give": ["s"], "receive": ["d"]}


def test_a_trade_by_a_hero_with_a_way_open_turns_on_what_taking_the_discards_place_means() -> None:
    state = board(
        BATTLE_ROOMS,
        [
            hero("Ana", "unlock", hand=[super_item("s", "hide")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")]),
        ],
    )
    ruled, other = both(state, trade(), T.TRADE_RULING)
    assert_legal(ruled, "trade-made", "6.5")
    assert_illegal(other, "discard-turn-not-allowed", "6.1")
    assert_turns_on(ruled, other, T.TRADE_RULING)
    assert other.answer == (
        "No, Ana cannot make that trade. A trade takes the place of a Discard Turn, and Ana "
        "does not lack the actions for a Standard Turn: it can walk to the Checkpoint of the "
        "room to Ana's right."
    )


def test_a_trade_by_a_stuck_hero_is_not_flagged() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}, right_space="attack"), room(1, 0)]
    state = board(
        rooms,
        [
            hero("Ana", "dig", hand=[super_item("s", "hide")]),
            hero("Ben", "stomp", hand=[dual("d", "hide", "lift")]),
        ],
    )
    ruled = rule(state, trade())
    assert_legal(ruled, "trade-made", "6.5")
    assert_merely_used(ruled, T.TRADE_RULING)


# ----- a tie for the lowest Stage Number (rule 3.3)


def fresh_table() -> dict[str, Any]:
    names = (("Ana", "unlock"), ("Ben", "dig"), ("Cy", "hide"))
    return {
        "dungeon": [],
        "heroes": [{"player": p, "inherent": a} for p, a in names],
        "dungeon_deck": 26,
        "item_deck": 54,
    }


def setup(*stages: int | None) -> dict[str, Any]:
    players = ("Ana", "Ben", "Cy")
    return {
        "kind": "setup",
        "draws": [
            {"player": p, "card": {"stage": s}} for p, s in zip(players, stages, strict=True)
        ],
    }


def test_a_tie_among_some_players_turns_on_who_draws_again() -> None:
    ruled, other = both(fresh_table(), setup(2, 2, 5), T.TIE_RULING)
    assert_illegal(ruled, "setup-tie", "3.3")
    assert_illegal(other, "setup-tie", "3.3")
    assert_turns_on(ruled, other, T.TIE_RULING)
    assert ruled.answer.endswith("Ana and Ben tie on Stage Number 2: everyone draws again.")
    assert other.answer.endswith("Ana and Ben tie on Stage Number 2: only they draw again.")


def test_a_tie_among_every_player_is_not_flagged() -> None:
    ruled = rule(fresh_table(), setup(4, 4, 4))
    assert_illegal(ruled, "setup-tie", "3.3")
    assert_merely_used(ruled, T.TIE_RULING)


# ----- a log: the reading that decides a move decides the log


def test_a_log_names_the_reading_its_first_illegal_move_turns_on() -> None:
    from games.super_hazard_quest.rules import RULES

    state = board(TRAP_ROOMS, [hero("Ana", "unlock"), hero("Ben", "dig", x=1)])
    door = {"kind": "trap-door", "player": "Ana", "target": "Ben", "x": 2, "y": 0}
    # On our reading Ana's turn goes on after the Trap Door: she may still walk right.
    ruled = RULES.rule_sequence_json(state, [door, turn("Ana", *cross_right("inherent"))])
    assert ruled.verdict.value == "legal"
    assert [t.key for t in ruled.readings_deciding] == [T.TRAP_DOOR_RULING]
    assert ruled.readings_deciding[0].other_verdict == "illegal"


def test_a_plain_walk_is_not_flagged() -> None:
    # A walk onto a placed card rests on the movement model alone, which never turns.
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")]
    )
    ruled = rule(state, turn("Ana", go("right", "s"), *cross_right("inherent")[1:]))
    assert_legal(ruled, "turn-ends-on-checkpoint", "5.3")
    assert ruled.readings_deciding == []
