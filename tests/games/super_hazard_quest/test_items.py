"""Disputes about what an item gives: Dual Action, Super, Magic, Super Magic, Inherent Action."""

from __future__ import annotations

from tests.games.super_hazard_quest.helpers import (
    assert_illegal,
    assert_legal,
    board,
    cross_right,
    dual,
    go,
    hazard_item,
    hero,
    magic,
    room,
    rule,
    super_item,
    super_magic,
    turn,
)


def two_hazards(left: str, right: str) -> list[dict]:
    """Card A holds two combat hazards on the way to card B."""
    return [room(0, 0, exits={"right": "unlock"}, left_space=left, right_space=right), room(1, 0)]


def heroes(*hand: dict, inherent: str = "unlock") -> list[dict]:
    return [hero("Ana", inherent, hand=list(hand)), hero("Ben", "dig")]


def test_a_dual_action_item_gives_one_use_of_each_of_its_actions() -> None:
    state = board(two_hazards("attack", "hide"), heroes(dual("d", "attack", "hide")))
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d", right="d")))
    assert_legal(ruling, "active-hand-discarded", "5.10")


def test_a_dual_action_item_cannot_give_the_same_action_twice() -> None:
    state = board(two_hazards("attack", "attack"), heroes(dual("d", "attack", "hide")))
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d", right="d")))
    assert_illegal(ruling, "dual-action-use-spent", "9.3")


def test_a_dual_action_item_cannot_give_an_action_it_does_not_list() -> None:
    state = board(two_hazards("stomp", None), heroes(dual("d", "attack", "hide")))
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d")))
    assert_illegal(ruling, "dual-action-lacks-action", "9.3")


def test_a_super_item_gives_its_action_without_limit_this_turn() -> None:
    state = board(two_hazards("attack", "attack"), heroes(super_item("s", "attack")))
    assert_legal(rule(state, turn("Ana", *cross_right("inherent", left="s", right="s"))))


def test_a_super_item_gives_only_its_own_action() -> None:
    state = board(two_hazards("attack", "hide"), heroes(super_item("s", "attack")))
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="s", right="s")))
    assert_illegal(ruling, "super-item-other-action", "9.4")


def test_a_magic_item_gives_any_action_but_only_once() -> None:
    state = board(two_hazards("stomp", "hide"), heroes(magic("m")))
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="m", right="m")))
    assert_illegal(ruling, "magic-item-used-up", "9.5")
    one = board(two_hazards("stomp", None), heroes(magic("m")))
    assert_legal(rule(one, turn("Ana", *cross_right("inherent", left="m"))))


def test_a_super_magic_item_repeats_the_one_action_chosen() -> None:
    state = board(two_hazards("hide", "hide"), heroes(super_magic("sm")))
    assert_legal(rule(state, turn("Ana", *cross_right("inherent", left="sm", right="sm"))))


def test_a_super_magic_item_cannot_switch_action_in_the_same_turn() -> None:
    state = board(two_hazards("hide", "stomp"), heroes(super_magic("sm")))
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="sm", right="sm")))
    assert_illegal(ruling, "super-magic-other-action", "9.6")


def test_the_inherent_action_has_no_limit() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}),
        room(2, 0, exits={"right": "unlock"}),
        room(3, 0),
    ]
    path = cross_right("inherent") * 3
    ruling = rule(board(rooms, heroes()), turn("Ana", *path))
    assert_legal(ruling, "hazard-passed", "4.2")
    passed = [r.detail for r in ruling.reasons if r.code == "hazard-passed"]
    assert passed == [
        f"step {n}: Unlock hazard passed with the Inherent Action" for n in (5, 10, 15)
    ]


def test_the_inherent_action_is_only_the_heros_own_action() -> None:
    state = board(two_hazards("attack", None), heroes())
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="inherent")))
    assert_illegal(ruling, "inherent-action-differs", "4.8")


def test_a_hazard_item_passes_no_hazard() -> None:
    state = board(two_hazards("attack", None), heroes(hazard_item("h", "combat")))
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="h")))
    assert_illegal(ruling, "item-gives-no-action", "9.2")


def test_every_item_laid_out_must_be_used() -> None:
    state = board(two_hazards(None, None), heroes(dual("d", "attack", "hide")))
    ruling = rule(state, turn("Ana", *cross_right("inherent"), played=["d"]))
    assert_illegal(ruling, "item-not-used", "5.9")


def test_an_item_may_be_used_where_a_super_item_already_covers_the_hazard() -> None:
    # FAQ: using an item's action although the hero has unlimited use of it is fine.
    state = board(
        two_hazards("attack", "attack"),
        heroes(super_item("s", "attack"), dual("d", "attack", "hide")),
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="s", right="d"), played=["d"]))
    assert_legal(ruling)
    assert ruling.next_state["discard"] == 5 + 2


def test_an_item_cannot_be_spent_where_there_is_no_hazard() -> None:
    state = board(two_hazards(None, None), heroes(dual("d", "attack", "hide")))
    ruling = rule(state, turn("Ana", go("right", "d")))
    assert_illegal(ruling, "no-hazard-to-pass", "5.9")


def test_used_items_are_discarded_and_the_hand_refilled_to_five() -> None:
    hand = [dual("d", "attack", "hide"), super_item("s", "lift")]
    state = board(
        two_hazards("attack", None),
        [hero("Ana", "unlock", hand=hand, unseen=3), hero("Ben", "dig")],
    )
    ruling = rule(state, turn("Ana", *cross_right("inherent", left="d"), draws=[magic("new")]))
    ana = ruling.next_state["heroes"][0]
    assert [i["id"] for i in ana["hand"]] == ["s", "new"]
    assert ana["unseen"] == 3
    assert ruling.next_state["discard"] == 6
    assert ruling.next_state["item_deck"] == state["item_deck"] - 1
