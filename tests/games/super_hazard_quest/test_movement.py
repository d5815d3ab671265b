"""Disputes about walking through the dungeon: exits, walls, turning back, climbing twice."""

from __future__ import annotations

from tests.games.super_hazard_quest.helpers import (
    assert_illegal,
    assert_legal,
    board,
    cross_right,
    go,
    hero,
    room,
    rule,
    turn,
    two_heroes,
)

PROPER = "super-hazard-quest:proper-movement-model"


def corridor(**b_face: object) -> list[dict]:
    return [room(0, 0, exits={"right": "unlock"}), room(1, 0, **b_face)]


def test_leaving_through_an_exit_needs_its_direction_hazard_passed() -> None:
    state = board(corridor(), two_heroes(inherent="climb"))
    ruling = rule(state, turn("Ana", *cross_right(exit_using=None)))
    assert_illegal(ruling, "exit-hazard-not-passed", "4.4")


def test_the_direction_hazard_on_the_entry_side_is_ignored() -> None:
    # Card B has a Lift hazard on its left exit: entering B from the left never meets it.
    state = board(corridor(exits={"left": "lift"}), two_heroes())
    ruling = rule(state, turn("Ana", *cross_right(exit_using="inherent")))
    assert_legal(ruling, "turn-ends-on-checkpoint", "5.3")
    assert [r.detail for r in ruling.reasons if r.code == "hazard-passed"] == [
        "step 5: Unlock hazard passed with the Inherent Action"
    ]
    assert PROPER in ruling.interpretations


def test_entering_a_card_without_an_entrance_on_that_side_is_allowed() -> None:
    state = board(corridor(exits={}), two_heroes())
    assert_legal(rule(state, turn("Ana", *cross_right(exit_using="inherent"))))


def test_a_side_without_an_exit_is_a_wall() -> None:
    state = board(corridor(), two_heroes(inherent="lift"))
    ruling = rule(state, turn("Ana", go("left", "inherent")))
    assert_illegal(ruling, "wall", "4.4")


def test_a_turn_cannot_end_off_a_checkpoint() -> None:
    state = board(corridor(), two_heroes())
    ruling = rule(state, turn("Ana", go("right"), go("right")))
    assert_illegal(ruling, "turn-not-on-checkpoint", "5.3")


def test_a_card_without_a_checkpoint_cannot_end_the_turn() -> None:
    state = board(corridor(checkpoint=False), two_heroes())
    ruling = rule(state, turn("Ana", *cross_right(exit_using="inherent")))
    assert_illegal(ruling, "turn-not-on-checkpoint", "5.3")


def test_turning_back_before_a_checkpoint_is_illegal() -> None:
    state = board(corridor(), two_heroes())
    ruling = rule(state, turn("Ana", go("right"), go("right"), go("left")))
    assert_illegal(ruling, "turned-back", "5.11")


def test_turning_back_on_a_checkpoint_is_allowed() -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"left": "lift"})]
    state = board(
        rooms,
        [
            hero("Ana", "unlock", hand=[{"kind": "super", "id": "s", "action": "lift"}]),
            hero("Ben", "stomp"),
        ],
    )
    path = [
        *cross_right("inherent"),
        go("left", "s"),
        go("left"),
        go("left"),
        go("left"),
        go("left"),
    ]
    ruling = rule(state, turn("Ana", *path))
    assert_legal(ruling, "turn-ends-on-checkpoint")
    assert ruling.next_state is not None
    assert (ruling.next_state["heroes"][0]["x"], ruling.next_state["heroes"][0]["y"]) == (0, 0)


def test_up_and_down_exits_are_only_left_from_the_middle_of_a_card() -> None:
    rooms = [room(0, 0, exits={"up": "climb"}), room(0, 1)]
    state = board(rooms, two_heroes(inherent="climb"))
    ruling = rule(state, turn("Ana", go("up", "inherent")))
    assert_illegal(ruling, "not-at-vertical-exit", "5.6")
    assert PROPER in ruling.interpretations


def tower() -> list[dict]:
    return [
        room(0, 0, exits={"up": "climb"}),
        room(0, 1, checkpoint=True, exits={"up": "climb"}),
        room(0, 2),
    ]


def test_climbing_twice_without_a_combat_space_between_is_illegal() -> None:
    state = board(tower(), two_heroes(inherent="climb"))
    path = [go("right"), go("right"), go("up", "inherent"), go("up", "inherent")]
    assert_illegal(rule(state, turn("Ana", *path)), "climb-twice", "4.10")


def test_climbing_twice_with_a_combat_space_passed_between_is_allowed() -> None:
    # Climb into the middle card, walk left through its left space to its Checkpoint, turn
    # there, walk back to the middle and climb again: the space was passed in between.
    state = board(tower(), two_heroes(inherent="climb"))
    path = [
        go("right"),
        go("right"),
        go("up", "inherent"),
        go("left"),
        go("left"),
        go("right"),
        go("right"),
        go("up", "inherent"),
        go("left"),
        go("left"),
    ]
    ruling = rule(state, turn("Ana", *path))
    assert_legal(ruling, "turn-ends-on-checkpoint")
    assert ruling.next_state["heroes"][0]["y"] == 2


def test_a_mini_boss_never_blocks_the_way() -> None:
    boss = {"actions": ["attack", "attack", "hide", "stomp"], "prize": "red-crystal"}
    state = board(corridor(mini_boss=boss), two_heroes())
    assert_legal(rule(state, turn("Ana", *cross_right("inherent"))), "turn-ends-on-checkpoint")


def test_it_must_be_your_turn() -> None:
    state = board(corridor(), two_heroes(), turn="Ben")
    assert_illegal(rule(state, turn("Ana", *cross_right("inherent"))), "not-your-turn", "3.4")


def test_a_turn_with_nothing_done_is_not_a_standard_turn() -> None:
    state = board(corridor(), two_heroes())
    assert_illegal(rule(state, turn("Ana")), "empty-turn", "5.5")


def test_digging_twice_without_a_combat_space_between_is_illegal() -> None:
    rooms = [
        room(0, 0, exits={"down": "dig"}),
        room(0, -1, exits={"down": "dig"}),
        room(0, -2),
    ]
    state = board(rooms, two_heroes(inherent="dig"))
    path = [go("right"), go("right"), go("down", "inherent"), go("down", "inherent")]
    assert_illegal(rule(state, turn("Ana", *path)), "climb-twice", "4.10")


def test_a_card_entered_without_an_entrance_cannot_be_left_the_way_the_hero_came() -> None:
    # FAQ: the hero may enter a card with no exit on that side, but cannot come back that way.
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={})]
    state = board(rooms, two_heroes(inherent="unlock"))
    path = [*cross_right("inherent"), go("left", "inherent")]
    assert_illegal(rule(state, turn("Ana", *path)), "no-way-back", "4.11")
