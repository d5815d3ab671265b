"""A whole game of Super Hazard Quest ruled as one log, from the setup to the winner, and the
disputes a log brings: a move straight after a trade (rule 6.5) and a Look made off a
Checkpoint (rule 8.7) are ruled on those rules, not on a side effect."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import (
    assert_illegal,
    board,
    cross_right,
    dual,
    face,
    go,
    hero,
    room,
    rule,
    super_item,
    turn,
)

BOSS = {"actions": ["unlock", "unlock", "unlock", "unlock"], "prize": "blue-crystal"}


def fresh() -> dict[str, Any]:
    heroes = [
        {"player": "Ana", "inherent": "unlock", "hand": [], "unseen": 0},
        {"player": "Ben", "inherent": "dig", "hand": [], "unseen": 0},
    ]
    return {"dungeon": [], "heroes": heroes, "dungeon_deck": 26, "item_deck": 54, "discard": 0}


SETUP = {
    "kind": "setup",
    "draws": [
        {"player": "Ana", "card": {"stage": 1, "exits": {"right": "unlock"}}},
        {"player": "Ben", "card": {"stage": 5}},
    ],
}
FIGHT = {"kind": "fight", "using": ["inherent"] * 4}


def game() -> list[dict[str, Any]]:
    return [
        SETUP,
        # Ana walks onto the Mini-Boss's card and defeats it: the blue crystal is hers.
        turn(
            "Ana",
            *cross_right("inherent", drawn=face(exits={"right": "unlock"}, mini_boss=BOSS)),
            FIGHT,
        ),
        {"kind": "discard-turn", "player": "Ben", "discard_unseen": 2},
        # Ana walks on into the blue Scrambler holding the blue crystal.
        turn("Ana", *cross_right("inherent", drawn=face(scrambler="blue"))),
    ]


def test_a_whole_game_from_the_setup_to_the_winner_says_who_won_and_by_which_rule() -> None:
    ruled = RULES.rule_sequence_json(fresh(), game())
    assert ruled.verdict == "legal", ruled.summary
    assert ruled.game_over and ruled.winner == "Ana"
    assert ruled.first_illegal is None and ruled.first_illegal_by is None
    assert ruled.result == (
        "Ana wins the game, reaching a Scrambler with a crystal of its colour first."
    )
    assert ruled.answer.startswith(ruled.result)
    assert ruled.answer.endswith("Every move is legal.")
    assert ruled.final_state is not None
    won = RULES.game_result(RULES.parse_state(ruled.final_state)).reasons
    assert won[0].code == "scrambler-defeated" and won[0].rule == "super-hazard-quest:2.8"


def test_a_move_after_the_game_is_won_names_its_maker() -> None:
    late = {"kind": "discard-turn", "player": "Ben", "discard_unseen": 1}
    ruled = RULES.rule_sequence_json(fresh(), [*game(), late])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 4
    assert ruled.first_illegal_by == "Ben" and not ruled.game_over
    assert_illegal(ruled.rulings[-1], "game-over", "2.8")


def _traders() -> dict[str, Any]:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    return board(
        rooms,
        [
            hero("Ana", "unlock", hand=[super_item("s", "hide")]),
            hero("Ben", "dig", hand=[dual("d", "hide", "lift")]),
        ],
    )


def test_a_trade_then_a_move_is_ruled_on_the_trade_being_the_whole_turn() -> None:
    swap = {"kind": "trade", "player": "Ana", "partner": "Ben", "give": ["s"], "receive": ["d"]}
    ruled = RULES.rule_sequence_json(_traders(), [swap, turn("Ana", *cross_right("inherent"))])
    assert ruled.first_illegal == 1 and ruled.first_illegal_by == "Ana"
    ruling = ruled.rulings[-1]
    assert_illegal(ruling, "traded-turn-over", "6.5")
    assert "not-your-turn" not in [r.code for r in ruling.reasons]
    assert "super-hazard-quest:trading-is-the-whole-turn" in ruling.interpretations
    assert "a trade takes the place of a Discard Turn" in ruling.answer


def test_a_trade_is_remembered_for_the_next_turn_only() -> None:
    swap = {"kind": "trade", "player": "Ana", "partner": "Ben", "give": ["s"], "receive": ["d"]}
    ben = {"kind": "discard-turn", "player": "Ben", "discard_unseen": 1}
    ruled = RULES.rule_sequence_json(_traders(), [swap, ben, turn("Ana", *cross_right("inherent"))])
    assert ruled.verdict == "legal", ruled.summary
    assert ruled.rulings[0].next_state is not None
    assert ruled.rulings[0].next_state["traded"] == "Ana"
    assert ruled.final_state is not None and "traded" not in ruled.final_state


def test_a_look_off_a_checkpoint_is_ruled_on_the_look_rule() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock"), hero("Ben", "dig")]
    )
    ruling = rule(state, turn("Ana", go("right"), look={"dir": "up", "drawn": face()}))
    assert_illegal(ruling, "look-off-checkpoint", "8.7")
    assert "a Look is made from a Checkpoint" in ruling.answer
    assert "turn-not-on-checkpoint" not in [r.code for r in ruling.reasons]


def test_a_state_where_the_player_who_traded_moves_again_cannot_exist() -> None:
    state = {**_traders(), "traded": "Ana"}  # Ana to move, and Ana traded on the turn just ended
    with pytest.raises(InvalidState) as refused:
        RULES.parse_state(state)
    assert refused.value.field == "state.traded"


def test_a_state_where_the_player_who_looked_moves_again_cannot_exist() -> None:
    state = {**_traders(), "looked": "Ana"}  # Ana to move, and Ana's Look ended the last turn
    with pytest.raises(InvalidState) as refused:
        RULES.parse_state(state)
    assert refused.value.field == "state.looked"


def _walkers() -> dict[str, Any]:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, left_space="hide"),
        room(1, 0, exits={"right": "unlock"}, left_space="hide"),
        room(2, 0),
    ]
    return board(
        rooms, [hero("Ana", "unlock", hand=[dual("s", "hide", "dig")]), hero("Ben", "dig")]
    )


def test_an_item_discarded_with_the_active_hand_cannot_be_used_in_a_later_turn() -> None:
    ben = {"kind": "discard-turn", "player": "Ben", "discard_unseen": 1}
    log = [
        turn("Ana", *cross_right("inherent", left="s")),
        ben,
        turn("Ana", *cross_right("inherent", left="s")),
    ]
    ruled = RULES.rule_sequence_json(_walkers(), log)
    assert ruled.first_illegal == 2 and ruled.first_illegal_by == "Ana"
    assert_illegal(ruled.rulings[-1], "item-left-with-active-hand", "5.10")
    # the item named as printed on it, not by the label the log gave it ("s")
    assert "The Hide / Dig item was discarded with the Active Hand" in ruled.answer


def test_an_item_traded_away_cannot_be_used_afterwards() -> None:
    state = _walkers()
    state["heroes"] = _traders()["heroes"]  # Ana holds s (Hide), Ben d (Hide or Lift)
    swap = {"kind": "trade", "player": "Ana", "partner": "Ben", "give": ["s"], "receive": ["d"]}
    ben = {"kind": "discard-turn", "player": "Ben", "discard_unseen": 1}
    ruled = RULES.rule_sequence_json(
        state, [swap, ben, turn("Ana", *cross_right("inherent", left="s"))]
    )
    assert ruled.first_illegal == 2
    assert_illegal(ruled.rulings[-1], "item-traded-away", "6.5")
