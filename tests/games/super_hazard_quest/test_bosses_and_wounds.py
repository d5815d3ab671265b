"""Disputes about Mini-Bosses, wounds, Dead Ends and Scramblers."""

from __future__ import annotations

from tests.games.super_hazard_quest.helpers import (
    assert_illegal,
    assert_legal,
    assert_voided,
    board,
    cross_right,
    dual,
    face,
    go,
    hero,
    magic,
    room,
    rule,
    super_item,
    turn,
)

BOSS = {"actions": ["attack", "attack", "hide", "unlock"], "prize": "red-crystal"}
WOUND = "super-hazard-quest:when-a-hero-is-wounded"


def fight(*using: str, take: dict | None = None) -> dict:
    step: dict = {"kind": "fight", "using": list(using)}
    if take is not None:
        step["take"] = take
    return step


def boss_room(prize: str = "red-crystal") -> list[dict]:
    return [room(0, 0, exits={"right": "unlock"}, mini_boss={**BOSS, "prize": prize}), room(1, 0)]


def test_a_mini_boss_falls_to_its_four_actions_from_its_checkpoint() -> None:
    state = board(
        boss_room(),
        [
            hero("Ana", "unlock", hand=[super_item("s", "attack"), dual("d", "hide", "dig")]),
            hero("Ben", "dig"),
        ],
    )
    ruling = rule(state, turn("Ana", fight("s", "s", "d", "inherent")))
    assert_legal(ruling, "mini-boss-defeated", "7.2")
    assert ruling.next_state["heroes"][0]["crystals"] == {"red": 1, "blue": 0}


def test_a_mini_boss_needs_all_four_actions_in_the_turn() -> None:
    state = board(
        boss_room(), [hero("Ana", "unlock", hand=[dual("d", "attack", "hide")]), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", fight("d", "d", "d", "inherent")))
    assert_illegal(ruling, "dual-action-use-spent", "9.3")


def test_a_mini_boss_is_fought_only_from_its_checkpoint() -> None:
    state = board(
        boss_room(),
        [
            hero("Ana", "unlock", hand=[super_item("s", "attack"), dual("d", "hide", "dig")]),
            hero("Ben", "dig"),
        ],
    )
    ruling = rule(state, turn("Ana", go("right"), fight("s", "s", "d", "inherent")))
    assert_illegal(ruling, "fight-off-checkpoint", "7.1")


def test_a_prize_item_can_be_used_in_the_same_turn() -> None:
    rooms = [
        room(
            0,
            0,
            exits={"right": "unlock"},
            left_space="stomp",
            mini_boss={**BOSS, "prize": "any-future-item"},
        ),
        room(1, 0),
    ]
    state = board(
        rooms,
        [
            hero(
                "Ana",
                "unlock",
                hand=[super_item("s", "attack"), dual("d", "hide", "dig")],
                unseen=3,
            ),
            hero("Ben", "dig"),
        ],
    )
    move = turn(
        "Ana",
        fight("s", "s", "d", "inherent", take=magic("prize")),
        *cross_right("inherent", left="prize"),
    )
    ruling = rule(state, move)
    assert_legal(ruling, "prize-item", "7.6")
    assert ruling.next_state["item_deck"] == state["item_deck"] - 1 - 2  # prize, two to refill


def test_a_hazard_the_hero_cannot_pass_in_a_new_room_wounds_it() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})],
        [hero("Ana", "unlock", red=1, blue=1), hero("Ben", "dig")],
    )
    new = face(checkpoint=False, left_space="attack", exits={"right": "unlock"})
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=new)))
    assert_legal(ruling, "wounded-stuck", "8.1")
    assert WOUND in ruling.interpretations
    ana = ruling.next_state["heroes"][0]
    assert (ana["x"], ana["y"], ana["crystals"]) == (0, 0, {"red": 0, "blue": 0})
    codes = [r.code for r in ruling.reasons]
    assert "returned-to-start" in codes and "crystals-lost" in codes
    assert len(ruling.next_state["dungeon"]) == 2  # the card drawn stays


def test_a_wounded_hero_returns_to_where_the_turn_began_not_the_last_checkpoint() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"right": "unlock"})]
    state = board(rooms, [hero("Ana", "unlock", blue=1), hero("Ben", "dig")])
    new = face(checkpoint=False, left_space="attack")
    ruling = rule(state, turn("Ana", *cross_right("inherent"), *cross_right("inherent", drawn=new)))
    assert_legal(ruling, "returned-to-start", "8.2")
    assert ruling.next_state["heroes"][0]["x"] == 0


def test_stopping_in_a_new_room_while_a_way_on_is_open_is_not_a_wound() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})],
        [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")],
    )
    new = face(checkpoint=False, left_space="attack", exits={"right": "unlock"})
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=new)))
    assert_illegal(ruling, "turn-not-on-checkpoint", "5.3")
    assert WOUND in ruling.interpretations


def test_hitting_a_dead_end_wounds_at_once() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock", red=2), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=face(dead_end=True))))
    assert_legal(ruling, "wounded-dead-end", "8.4")
    assert ruling.next_state["heroes"][0]["crystals"]["red"] == 0


def test_a_step_after_a_wound_is_void_and_the_wound_stands() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock"), hero("Ben", "dig")]
    )
    ruling = rule(
        state, turn("Ana", *cross_right("inherent", drawn=face(dead_end=True)), go("right"))
    )
    assert_voided(ruling, "turn-already-over", "8.2")
    assert_legal(ruling, "wounded-dead-end", "8.4")
    assert ruling.next_state["heroes"][0]["x"] == 0


def test_reaching_a_scrambler_without_its_crystal_wounds() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock", red=1), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=face(scrambler="blue"))))
    assert_legal(ruling, "wounded-scrambler", "8.5")
    assert ruling.next_state["winner"] is None


def test_reaching_a_scrambler_with_its_crystal_wins() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock", blue=1), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=face(scrambler="blue"))))
    assert_legal(ruling, "scrambler-defeated", "2.8")
    assert ruling.next_state["winner"] == "Ana"
    after = rule(ruling.next_state, turn("Ana", *cross_right("inherent")))
    assert_illegal(after, "game-over", "2.8")


def test_a_fight_needs_a_mini_boss_on_the_card() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"}), room(1, 0)],
        [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("Ana", fight("s", "s", "s", "inherent")))
    assert_illegal(ruling, "no-mini-boss", "7.1")


def test_a_hero_holding_a_crystal_earns_another_from_a_mini_boss() -> None:
    # FAQ: Mini-Bosses can be defeated again and again, and a hero may hold several crystals.
    state = board(
        boss_room(),
        [
            hero(
                "Ana", "unlock", hand=[super_item("s", "attack"), dual("d", "hide", "dig")], red=1
            ),
            hero("Ben", "dig"),
        ],
    )
    ruling = rule(state, turn("Ana", fight("s", "s", "d", "inherent")))
    assert_legal(ruling, "prize-crystal", "7.5")
    assert ruling.next_state["heroes"][0]["crystals"] == {"red": 2, "blue": 0}


def test_a_wound_takes_every_crystal_even_one_won_this_turn() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS),
        room(1, 0, exits={"right": "unlock"}),
    ]
    state = board(
        rooms,
        [
            hero(
                "Ana", "unlock", hand=[super_item("s", "attack"), dual("d", "hide", "dig")], blue=1
            ),
            hero("Ben", "dig"),
        ],
    )
    move = turn(
        "Ana",
        fight("s", "s", "d", "inherent"),  # a red crystal won
        *cross_right("inherent"),
        *cross_right("inherent", drawn=face(dead_end=True)),
    )
    ruling = rule(state, move)
    assert_legal(ruling, "crystals-lost", "8.3")
    assert [r.detail for r in ruling.reasons if r.code == "crystals-lost"] == ["2 crystals lost"]
    ana = ruling.next_state["heroes"][0]
    assert (ana["x"], ana["y"], ana["crystals"]) == (0, 0, {"red": 0, "blue": 0})


def test_after_the_win_the_winner_stands_on_the_scrambler_even_without_a_checkpoint() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock", red=1), hero("Ben", "dig")]
    )
    drawn = face(scrambler="red", checkpoint=False)
    ruling = rule(state, turn("Ana", *cross_right("inherent", drawn=drawn)))
    assert_legal(ruling, "scrambler-defeated", "2.8")
    ana = ruling.next_state["heroes"][0]
    assert (ana["x"], ana["y"]) == (1, 0)
    # The board after the win is a board the desk accepts: any further move is game over.
    after = rule(ruling.next_state, turn("Ben", *cross_right("inherent")))
    assert_illegal(after, "game-over", "2.8")
