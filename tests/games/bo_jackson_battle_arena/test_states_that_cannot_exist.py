"""Disputes over Battle Arena tables that cannot exist: refused with the field named (a 400 at
the desk), never ruled on. The counts are the rules': a Hot Dog Deck of 10, 2 Hot Dogs a
substitution, a Bench of 4, 4 Plays drawn at the setup and 1 after each battle."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState

from .helpers import assert_illegal, assert_legal, game, hero, play_card, rule

KEEP = {"kind": "keep-hero", "player": 0}
RESOLVE = {"kind": "resolve-battle"}
SETUP = {"kind": "check-setup"}


def refused(state: dict[str, Any], move: dict[str, Any], field: str) -> str:
    with pytest.raises(InvalidState) as caught:
        rule(state, move)
    assert caught.value.field == field, caught.value
    return caught.value.message


def test_heroes_set_aside_with_no_hot_dogs_paid_are_refused() -> None:
    """Battle 3: Ana has two Heroes set aside, so she substituted twice, yet paid nothing."""
    state = game("substitution", battle=3, ana={"hot_dogs": 10})
    state["players"][0]["set_aside"] = [hero("out-1"), hero("out-2")]
    message = refused(state, KEEP, "state.players.0.hot_dogs_discarded")
    assert "2 Heroes are set aside" in message and "rule 4.2.2.1" in message


def test_heroes_set_aside_with_their_hot_dogs_paid_are_a_table() -> None:
    state = game("substitution", battle=3, ana={"hot_dogs": 6})
    state["players"][0]["set_aside"] = [hero("out-1"), hero("out-2")]
    assert_legal(rule(state, KEEP), "substitution-is-optional", "4.2.2.1")


def test_hot_dogs_paid_before_anyone_acted_are_refused() -> None:
    """Battle 1, Ana has honors and has not decided yet: she cannot have paid 4 Hot Dogs."""
    state = game("playmaker")
    state["players"][0]["hot_dogs"], state["players"][0]["hot_dogs_discarded"] = 6, 4
    message = refused(state, KEEP, "state.players.0.hot_dogs_discarded")
    assert "battle 1" in message and "rule 4.3.2.1" in message


def test_the_player_without_honors_has_paid_nothing_while_honors_decides() -> None:
    state = game("substitution")
    state["players"][1]["hot_dogs"], state["players"][1]["hot_dogs_discarded"] = 8, 2
    refused(state, KEEP, "state.players.1.hot_dogs_discarded")


def test_honors_may_have_paid_for_one_substitution_when_the_other_player_decides() -> None:
    state = game("substitution", to_act=1, ana={"hot_dogs": 8, "substituted": True})
    state["players"][0]["hot_dogs_discarded"] = 2
    state["players"][0]["set_aside"] = [hero("out-1")]
    assert rule(state, {"kind": "keep-hero", "player": 1}).legal


def test_play_power_in_the_substitution_phase_is_refused() -> None:
    state = game("playmaker", ana={"power_change": 30})
    message = refused(state, KEEP, "state.players.0.power_change")
    assert "rule 4.3.2.6" in message


def test_twelve_plays_in_hand_at_battle_one_are_refused() -> None:
    hand = [play_card(f"Ana-play-{i + 1}") for i in range(12)]
    message = refused(game("playmaker", ana={"hand": hand}), KEEP, "state.players.0.hand")
    assert "12 Plays" in message and "only 4 have been drawn by battle 1" in message


def test_six_plays_at_battle_three_were_drawn() -> None:
    hand = [play_card(f"Ana-play-{i + 1}") for i in range(6)]
    assert rule(game("playmaker", battle=3, ana={"hand": hand, "hot_dogs": 10}), KEEP).legal


def test_the_setup_check_rules_on_five_plays_rather_than_refusing() -> None:
    state = game("playmaker")
    state["players"][0]["hand"].append(play_card("extra-play"))
    assert_illegal(rule(state, SETUP), "setup-plays-four", "4.3.1.9")


def test_a_bench_of_one_is_refused() -> None:
    state = game("substitution", ana={"bench": [hero("Ana-bench-1")]})
    message = refused(state, KEEP, "state.players.0.bench")
    assert "1 Hero on the Bench" in message and "replacement-hero-to-bench" in message


def test_a_bench_given_in_part_may_show_one_hero() -> None:
    state = game("substitution", ana={"bench": [hero("Ana-bench-1")]})
    state["players"][0]["partly_described"] = ["bench"]
    assert rule(state, KEEP).legal


def test_the_setup_check_rules_on_a_bench_one_short_rather_than_refusing() -> None:
    state = game("substitution", ana={"bench": [hero("a-b1"), hero("a-b2"), hero("a-b3")]})
    assert_illegal(rule(state, SETUP), "setup-bench-four", "4.2.1.5")


def test_a_setup_check_of_a_hero_deck_of_ten_says_so_and_not_forty_nine() -> None:
    deck = [hero(f"a-d{i}") for i in range(10)]
    ruling = rule(game("substitution", ana={"deck": deck}), SETUP)
    assert not ruling.legal
    assert "Ana has 10 Heroes left in the Hero Deck, not 49" in ruling.answer
    assert "leaving 49" not in ruling.answer
