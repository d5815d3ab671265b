"""States that cannot exist and moves that name what the state lacks: refused, naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidMove, InvalidState

from .helpers import deck, game, hero, rule

RESOLVE = {"kind": "resolve-battle"}


def refused_state(state: Any, move: Any = RESOLVE) -> str:
    with pytest.raises(InvalidState) as caught:
        rule(state, move)
    return caught.value.field


def refused_move(state: Any, move: Any) -> str:
    with pytest.raises(InvalidMove) as caught:
        rule(state, move)
    return caught.value.field


def test_a_substitution_needs_the_bench_it_draws_from_described() -> None:
    state = game("substitution", phase="substitution", to_act=0)
    del state["players"][0]["bench"]
    move = {"kind": "substitute", "player": 0, "hero": "Ana-bench-1"}
    assert refused_state(state, move) == "state.players.0.bench"


def test_a_bench_not_described_does_not_stop_the_battle_being_ruled() -> None:
    state = game("substitution", phase="compare")
    del state["players"][0]["bench"]
    assert rule(state, RESOLVE).legal


def test_there_is_no_battle_eight() -> None:
    assert refused_state(game("rookie") | {"battle": 8}) == "state.battle"


def test_more_than_seven_trophies_cannot_exist() -> None:
    state = game("rookie")
    state["players"][0]["trophies"] = 8
    assert refused_state(state) == "state.players.0.trophies"


def test_more_trophies_than_battles_played_cannot_exist() -> None:
    state = game("rookie", battle=3, ana={"trophies": 2}, ben={"trophies": 1}, draws=0)
    assert refused_state(state) == "state.players.1.trophies"


def test_trophies_and_draws_must_add_up_to_the_battles_played() -> None:
    assert refused_state(game("rookie", battle=4, draws=1)) == "state.draws"


def test_same_card_in_two_places_cannot_exist() -> None:
    state = game("substitution", ana={"bench": [hero("Ana-zone-2")]})
    assert refused_state(state) == "state.players.0.bench.0"


def test_same_card_for_both_players_cannot_exist() -> None:
    state = game("rookie", ben={"deck": [hero("Ana-deck-1")]})
    assert refused_state(state) == "state.players.1.hero_deck.0"


def test_play_phase_in_substitution_mode_cannot_exist() -> None:
    assert refused_state(game("substitution", phase="plays", to_act=0)) == "state.phase"


def test_a_player_cannot_have_substituted_before_their_turn() -> None:
    state = game("substitution", honors=0, to_act=0, ben={"substituted": True})
    assert refused_state(state) == "state.players.1.substituted"


def test_substitution_phase_must_say_who_is_to_act() -> None:
    assert refused_state(game("substitution", to_act=None)) == "state.to_act"


def test_a_winner_before_the_game_is_over_cannot_exist() -> None:
    assert refused_state(game("rookie", winner=0)) == "state.winner"


def test_sudden_death_without_a_tie_cannot_exist() -> None:
    state = game(
        "rookie",
        battle=7,
        phase="sudden-death",
        ties_allowed=False,
        ana={"trophies": 4},
        ben={"trophies": 3},
    )
    assert refused_state(state) == "state.phase"


def test_eight_battle_zones_cannot_exist() -> None:
    state = game("rookie")
    state["players"][0]["zones"].append(hero("extra"))
    assert refused_state(state) == "state.players.0.zones"


def test_an_unknown_state_kind_is_refused() -> None:
    assert refused_state({"kind": "tournament"}) == "state"


def test_a_weapon_that_does_not_exist_is_refused() -> None:
    state = game("rookie", ana={"current": hero("a", 100, "Laser")})
    assert refused_state(state) == "state.players.0.zones.0.weapon"


def test_weapon_names_are_read_in_any_case() -> None:
    state = game("rookie", ana={"current": hero("a", 100, "super")})
    assert rule(state, RESOLVE).legal


def test_substituting_a_hero_the_player_does_not_have_is_refused() -> None:
    move = {"kind": "substitute", "player": 0, "hero": "nobody"}
    assert refused_move(game("substitution"), move) == "move.hero"


def test_running_a_play_the_player_does_not_have_is_refused() -> None:
    move = {"kind": "run-play", "player": 0, "play": "nothing"}
    assert refused_move(game(phase="plays"), move) == "move.play"


def test_a_play_of_unknown_cost_must_say_what_was_paid() -> None:
    state = game(phase="plays", ana={"hand": [{"id": "copycat", "cost": None}]})
    move = {"kind": "run-play", "player": 0, "play": "copycat"}
    assert refused_move(state, move) == "move.hot_dogs"


def test_sudden_death_with_an_empty_hero_deck_cannot_be_ruled() -> None:
    state = game(
        "rookie",
        battle=7,
        phase="sudden-death",
        ties_allowed=False,
        ana={"trophies": 3, "deck": []},
        ben={"trophies": 3},
    )
    assert refused_move(state, {"kind": "sudden-death"}) == "state.players.0.hero_deck"


def test_a_deck_check_needs_a_deck() -> None:
    assert refused_move(game("rookie"), {"kind": "check-deck", "format": "rookie"}) == "move.kind"


def test_a_battle_move_needs_a_battle() -> None:
    assert refused_move(deck(), RESOLVE) == "move.kind"


def test_an_unknown_format_is_refused() -> None:
    assert refused_move(deck(), {"kind": "check-deck", "format": "vintage"}) == "move.format"


def test_a_deck_hero_without_power_is_refused() -> None:
    state = deck([{"name": "Nameless", "kind": "hero", "weapon": "Fire"}])
    assert (
        refused_state(state, {"kind": "check-deck", "format": "rookie"})
        == "state.hero_deck.0.power"
    )
