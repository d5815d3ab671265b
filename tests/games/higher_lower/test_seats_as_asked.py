"""Disputes over how many sit at the table: every question asks the number of players (2 to
6, rule 3.1 and the clarification on how many can play) and seats exactly those, named as the
player says them; "another opponent" is a target only where there is one (issue 18, point 3:
no seat the player never described is drawn or named)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from games.core import InvalidState
from games.higher_lower.picture import describe, layout
from games.higher_lower.questions import (
    CanIDrawInstead,
    CanIPlayABooster,
    CanIPlayThisCard,
    build_booster,
    build_draw,
    build_play,
)

from .helpers import RULES, assert_illegal, assert_legal, codes

FORMS: list[tuple[Any, Any]] = [
    (CanIPlayThisCard, build_play),
    (CanIDrawInstead, build_draw),
    (CanIPlayABooster, build_booster),
]


@pytest.mark.parametrize(("form", "build"), FORMS, ids=lambda f: getattr(f, "__name__", ""))
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_table_seats_exactly_the_players_you_said(form: Any, build: Any, players: int) -> None:
    # With two players the only opponent is the one on your left (aimed at in the booster form).
    state, _ = build(
        form(
            players=players,
            **({"aimed_at": "the player on my left"} if form is CanIPlayABooster else {}),
        )
    )
    names = [p["name"] for p in state["players"]]
    assert len(names) == players and len(set(names)) == players
    assert names[0] == "You" and state["turn"] in names[:2]
    picture = layout(RULES.parse_state(state), "At the table")
    assert len(picture["seats"]) == players  # no seat drawn that the player did not describe
    said = describe(RULES.parse_state(state))
    assert said.startswith(f"{players} players, in playing order: you and your opponent.") == (
        players == 2
    )


@pytest.mark.parametrize("players", [1, 7])
def test_a_table_the_rulebook_cannot_deal_is_refused_at_the_number_of_players(
    players: int,
) -> None:
    with pytest.raises(ValidationError) as caught:
        CanIPlayThisCard(players=players)
    assert [e["loc"] for e in caught.value.errors()] == [("players",)]


def test_the_call_you_follow_was_made_by_the_player_on_your_right() -> None:
    state, _ = build_play(CanIPlayThisCard(players=4))
    assert state["call_by"] == "the player on your right"
    assert state["players"][-1]["name"] == "the player on your right"
    state, _ = build_play(CanIPlayThisCard(players=2))
    assert state["call_by"] == "your opponent"  # two players: your opponent sits on both sides


def test_with_two_players_nine_on_seven_under_higher_passes_the_turn_to_your_opponent() -> None:
    ruling = RULES.rule_json(*build_play(CanIPlayThisCard(players=2, my_card=9)))
    assert_legal(ruling, "obeys-call", "higher-lower:4.2")
    assert "the turn passes to your opponent" in [r.detail for r in ruling.reasons]


def test_laying_a_card_is_ruled_the_same_however_many_play() -> None:
    rulings = [
        RULES.rule_json(*build_play(CanIPlayThisCard(players=n, my_card=5))) for n in range(2, 7)
    ]
    for ruling in rulings:
        assert_illegal(ruling, "not-higher", "higher-lower:4.2")
    assert len({tuple(codes(r)) for r in rulings}) == 1


def test_with_two_players_there_is_no_other_opponent_to_aim_a_booster_at() -> None:
    with pytest.raises(InvalidState) as caught:
        build_booster(CanIPlayABooster(players=2, aimed_at="another opponent"))
    assert caught.value.field == "aimed_at"


def test_with_two_players_a_booster_at_the_player_on_your_left_hits_your_opponent() -> None:
    state, move = build_booster(CanIPlayABooster(players=2, aimed_at="the player on my left"))
    assert move["target"] == "your opponent"
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "booster-on-own-turn", "higher-lower:5.1")
    assert "higher-lower:5.4" in ruling.cited_rules()
    assert "booster-at-opponent" in codes(ruling)


def test_with_three_players_another_opponent_is_the_player_on_your_right() -> None:
    state, move = build_booster(CanIPlayABooster(players=3, aimed_at="another opponent"))
    assert move["target"] == "the player on your right"
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "booster-on-own-turn", "higher-lower:5.1")
    assert "booster-at-opponent" in codes(ruling)


def test_not_my_turn_with_two_players_is_my_opponents_turn() -> None:
    state, move = build_booster(
        CanIPlayABooster(players=2, my_turn=False, aimed_at="the player on my left")
    )
    assert state["turn"] == "your opponent"
    assert_illegal(RULES.rule_json(state, move), "booster-not-your-turn", "higher-lower:5.1")


def test_with_four_players_another_opponent_is_named_as_you_said_not_given_a_seat_name() -> None:
    """Which opponent further round was not said: the answer speaks of "another opponent",
    never of the player on your right."""
    state, move = build_booster(CanIPlayABooster(players=4, aimed_at="another opponent"))
    assert move["target"] == "another opponent"
    assert [p["name"] for p in state["players"]].count("another opponent") == 1
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "booster-on-own-turn", "higher-lower:5.1")
    assert "higher-lower:5.4" in ruling.cited_rules()
    assert "at another opponent" in (ruling.answer or "")
    assert "on your right" not in (ruling.answer or "")
