"""Disputes about how a turn ends: Looks, Running Leaps, Special Items, Hazard Items."""

from __future__ import annotations

from tests.games.super_hazard_quest.helpers import (
    LAST_ITEMS,
    assert_illegal,
    assert_legal,
    assert_voided,
    board,
    cross_right,
    dual,
    face,
    go,
    hazard_item,
    hero,
    room,
    rule,
    special,
    super_item,
    turn,
)


def corridor() -> list[dict]:
    return [
        room(0, 0, exits={"right": "unlock"}, left_space="attack"),
        room(1, 0, exits={"right": "unlock"}),
    ]


def test_a_look_from_a_checkpoint_places_a_card_and_ends_the_turn() -> None:
    state = board(corridor(), [hero("Ana", "unlock"), hero("Ben", "dig")])
    ruling = rule(state, turn("Ana", look={"dir": "up", "drawn": face(stage=4)}))
    assert_legal(ruling, "look-made", "8.7")
    assert {(r["x"], r["y"]) for r in ruling.next_state["dungeon"]} == {(0, 0), (1, 0), (0, 1)}
    assert ruling.next_state["turn"] == "Ben"


def test_a_look_may_end_a_turn_after_moving() -> None:
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")]
    )
    move = turn("Ana", *cross_right("inherent", left="s"), look={"dir": "right", "drawn": face()})
    assert_legal(rule(state, move), "look-after-moving", "8.10")


def test_no_look_onto_a_space_that_already_holds_a_card() -> None:
    state = board(corridor(), [hero("Ana", "unlock"), hero("Ben", "dig")])
    ruling = rule(state, turn("Ana", look={"dir": "right", "drawn": face()}))
    # the space above is empty: the Look breaks 8.7 (an empty space is picked), not 8.9
    assert_illegal(ruling, "look-onto-card", "8.7")


def test_a_running_leap_after_a_look_is_void_and_the_look_stands() -> None:
    state = board(corridor(), [hero("Ana", "unlock"), hero("Ben", "dig")])
    move = turn("Ana", look={"dir": "up", "drawn": face()}, leap={"dir": "down", "drawn": face()})
    ruling = rule(state, move)
    assert_voided(ruling, "look-ends-turn", "8.8")
    assert_legal(ruling, "look-made", "8.7")
    assert ruling.next_state["dungeon_deck"] == state["dungeon_deck"] - 1  # the Look's card only


def test_a_running_leap_after_using_the_whole_hand() -> None:
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
    ruling = rule(state, move)
    assert_legal(ruling, "leap-made", "10.1")
    assert (ruling.next_state["heroes"][0]["x"], ruling.next_state["dungeon_deck"]) == (2, 23)


def test_no_running_leap_with_items_left_in_hand() -> None:
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(corridor(), [hero("Ana", "unlock", hand=hand), hero("Ben", "dig")])
    move = turn("Ana", *cross_right("inherent", left="s"), leap={"dir": "right", "drawn": face()})
    assert_illegal(rule(state, move), "leap-hand-not-used", "10.1")


def test_a_special_item_cancels_the_running_leap() -> None:
    state = board(corridor(), [hero("Ana", "unlock", hand=[special("x")]), hero("Ben", "dig")])
    move = {
        "kind": "special-item",
        "player": "Ana",
        "item": "x",
        "leap": {"dir": "up", "drawn": face()},
    }
    ruling = rule(state, move)
    assert_voided(ruling, "leap-after-special", "10.3")
    assert_legal(ruling, "special-item-played", "9.13")
    assert ruling.next_state["heroes"][0]["x"] == 0  # no leap: the hero stays


def test_a_special_item_is_played_on_a_checkpoint_and_ends_the_turn() -> None:
    state = board(corridor(), [hero("Ana", "unlock", hand=[special("x")]), hero("Ben", "dig")])
    ruling = rule(state, {"kind": "special-item", "player": "Ana", "item": "x"})
    assert_legal(ruling, "special-item-played", "9.13")
    assert ruling.notes and ruling.next_state["turn"] == "Ben"


def test_a_special_item_cannot_be_played_off_a_checkpoint() -> None:
    state = board(
        corridor(),
        [hero("Ana", "unlock", hand=[special("x"), super_item("s", "attack")]), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("Ana", go("right", "s"), special="x"))
    assert_illegal(ruling, "special-off-checkpoint", "9.13")


def test_only_a_special_item_is_played_as_one() -> None:
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")]
    )
    assert_illegal(rule(state, turn("Ana", special="s")), "not-a-special-item", "9.12")


def place(item: str, x: int, y: int, spot: str, hazard: str) -> dict:
    return {"kind": "place-hazard", "item": item, "x": x, "y": y, "spot": spot, "hazard": hazard}


def test_a_hazard_item_is_never_used_against_a_mini_boss() -> None:
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", place("h", 0, 0, "mini-boss", "attack")))
    assert_illegal(ruling, "hazard-against-mini-boss", "7.9")


def test_a_direction_hazard_goes_only_over_a_direction_hazard() -> None:
    state = board(
        corridor(),
        [hero("Ana", "unlock", hand=[hazard_item("h", "direction")]), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("Ana", place("h", 1, 0, "left-space", "climb")))
    assert_illegal(ruling, "hazard-wrong-place", "9.10")
    ruling = rule(state, turn("Ana", place("h", 1, 0, "up", "climb")))
    assert_illegal(ruling, "no-direction-hazard-there", "9.10")


def test_the_hazard_placed_must_be_of_the_items_kind() -> None:
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", place("h", 1, 0, "left-space", "climb")))
    assert_illegal(ruling, "hazard-kind-mismatch", "9.9")


def test_a_placed_hazard_stays_and_counts_at_once() -> None:
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", place("h", 1, 0, "right-space", "hide")))
    assert_legal(ruling, "hazard-placed", "9.8")
    assert ruling.next_state["dungeon"][1]["right_space"] == "hide"
    # Covering the Attack hazard on the way with a Stomp one makes the Attack item useless.
    blocked = board(
        corridor(),
        [
            hero("Ana", "unlock", hand=[hazard_item("h", "combat"), super_item("s", "attack")]),
            hero("Ben", "dig"),
        ],
    )
    move = turn("Ana", place("h", 0, 0, "left-space", "stomp"), *cross_right("inherent", left="s"))
    assert_illegal(rule(blocked, move), "super-item-other-action", "9.4")


def test_no_look_from_halfway_across_a_card() -> None:
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[super_item("s", "attack")]), hero("Ben", "dig")]
    )
    move = turn("Ana", go("right", "s"), look={"dir": "up", "drawn": face()})
    # The question is the Look: the rule that a Look is made from a Checkpoint decides it.
    assert_illegal(rule(state, move), "look-off-checkpoint", "8.7")


def test_no_look_after_a_special_item() -> None:
    state = board(corridor(), [hero("Ana", "unlock", hand=[special("x")]), hero("Ben", "dig")])
    move = turn("Ana", special="x", look={"dir": "up", "drawn": face()})
    ruling = rule(state, move)
    assert_voided(ruling, "special-ends-turn", "9.13")
    assert ruling.next_state["dungeon_deck"] == state["dungeon_deck"]  # no card is placed


def test_no_running_leap_with_unseen_cards_still_in_hand() -> None:
    state = board(
        corridor(),
        [hero("Ana", "unlock", hand=[super_item("s", "attack")], unseen=4), hero("Ben", "dig")],
    )
    move = turn("Ana", *cross_right("inherent", left="s"), leap={"dir": "right", "drawn": face()})
    assert_illegal(rule(state, move), "leap-hand-not-used", "10.1")


def test_no_running_leap_onto_a_card_on_the_table_without_a_checkpoint() -> None:
    rooms = [*corridor(), room(2, 0, checkpoint=False)]
    state = board(
        rooms,
        [hero("Ana", "unlock", hand=[super_item("s", "attack")], unseen=0), hero("Ben", "dig")],
        **LAST_ITEMS,
    )
    move = turn("Ana", *cross_right("inherent", left="s"), leap={"dir": "right"})
    assert_illegal(rule(state, move), "leap-onto-no-checkpoint", "10.1")


def test_a_running_leap_onto_a_new_card_without_a_checkpoint_wounds() -> None:
    state = board(
        corridor(),
        [
            hero("Ana", "unlock", hand=[super_item("s", "attack")], red=1, unseen=0),
            hero("Ben", "dig"),
        ],
        **LAST_ITEMS,
    )
    leap = {"dir": "right", "drawn": face(checkpoint=False)}
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="s"), leap=leap))
    assert_legal(ruling, "wounded-stuck", "8.1")
    ana = ruling.next_state["heroes"][0]
    assert (ana["x"], ana["crystals"]["red"]) == (0, 0)


def test_a_hazard_item_is_used_only_once() -> None:
    state = board(
        corridor(), [hero("Ana", "unlock", hand=[hazard_item("h", "combat")]), hero("Ben", "dig")]
    )
    move = turn(
        "Ana",
        place("h", 1, 0, "right-space", "hide"),
        place("h", 1, 0, "left-space", "hide"),
    )
    assert_illegal(rule(state, move), "hazard-item-spent", "9.7")
