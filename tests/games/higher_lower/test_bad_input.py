"""States that cannot exist and moves naming what the state lacks are refused, naming the
field, never ruled on."""

from __future__ import annotations

import pytest

from games.core import InvalidMove, InvalidState

from .helpers import booster, draw, match, play, rule, table


def _refused_state(state: dict, move: dict, field: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidState) as err:
        rule(state, move)
    assert err.value.field == field, err.value


def _refused_move(state: dict, move: dict, field: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(InvalidMove) as err:
        rule(state, move)
    assert err.value.field == field, err.value


def test_a_fifth_seven_is_refused_naming_the_card() -> None:
    _refused_state(table(ana=[7, 7], ben=[7, 7]), draw(), "state.players.1.hand.1")


def test_a_fifth_seven_counting_the_matches_on_the_pile_is_refused() -> None:
    _refused_state(table(ana=[7], ben=[7], chain=["Ana", "Ben", "Cy"]), draw(), "state.match_chain")


def test_a_card_numbered_16_is_refused() -> None:
    _refused_state(table(ana=[16]), draw(), "state.players.0.hand.0")


def test_a_card_numbered_0_on_the_pile_is_refused() -> None:
    _refused_state(table(last=0), draw(), "state.last_card")


def test_more_than_60_playing_cards_is_refused() -> None:
    _refused_state(table(ana=20, ben=20, cy=10, deck=20), draw(), "state.deck")


def test_more_than_30_boosters_is_refused() -> None:
    state = table(boosters=27)
    _refused_state(state, draw(), "state.players")


def test_whose_turn_must_be_a_player() -> None:
    _refused_state(table(turn="Dee"), draw(), "state.turn")


def test_the_caller_must_be_a_player() -> None:
    _refused_state(table(call_by="Dee"), draw(), "state.call_by")


def test_a_matcher_must_be_a_player() -> None:
    _refused_state(table(chain=["Dee"]), draw(), "state.match_chain.0")


def test_two_players_with_one_name_are_refused() -> None:
    state = table()
    state["players"][1]["name"] = "Ana"
    _refused_state(state, draw(), "state.players.1.name")


def test_one_player_alone_is_refused() -> None:
    state = table()
    state["players"] = state["players"][:1]
    _refused_state(state, draw(), "state.players")


def test_seven_players_cannot_be_dealt_in() -> None:
    state = table()
    state["players"] = [{"name": f"P{i}", "hand": 1} for i in range(7)]
    state["turn"], state["call_by"] = "P0", "P6"
    _refused_state(state, draw(), "state.players")


def test_a_call_after_a_one_can_only_be_higher() -> None:
    _refused_state(table(last=1, call="lower"), draw(), "state.call")


def test_a_call_after_a_fifteen_can_only_be_lower() -> None:
    _refused_state(table(last=15, call="higher"), draw(), "state.call")


def test_a_laid_card_without_a_call_is_refused() -> None:
    state = table()
    state["call"] = None
    _refused_state(state, draw(), "state.call")


def test_a_call_before_any_card_is_refused() -> None:
    state = table(last=None)
    state["call"] = "higher"
    _refused_state(state, draw(), "state.call")


def test_two_players_out_at_once_is_refused() -> None:
    _refused_state(table(ana=[], ben=0), draw(), "state.players.1.hand")


def test_a_bool_is_not_a_card_number() -> None:
    _refused_state(table(ana=[True]), draw(), "state.players.0.hand")


def test_an_unknown_field_is_refused() -> None:
    state = table()
    state["colour"] = "red"
    _refused_state(state, draw(), "state.colour")


def test_laying_a_card_not_in_the_shown_hand_is_refused() -> None:
    _refused_move(table(ana=[3, 5]), play(9, "lower"), "move.value")


def test_laying_a_number_all_four_of_which_are_seen_elsewhere_is_refused() -> None:
    _refused_move(table(ana=3, ben=[9, 9, 9, 9]), play(9, "lower"), "move.value")


def test_matching_without_the_number_in_hand_is_refused() -> None:
    _refused_move(table(ana=[3, 5]), match(), "move.value")


def test_drawing_a_named_card_from_an_empty_deck_is_refused() -> None:
    _refused_move(table(ana=[3, 5], deck=0), draw(12), "move.drawn")


def test_playing_a_booster_one_does_not_hold_is_refused() -> None:
    _refused_move(table(boosters=["Common"]), booster("Ultimate", "Ben"), "move.category")


def test_aiming_a_booster_at_a_stranger_is_refused() -> None:
    _refused_move(table(), booster("Rare", "Dee"), "move.target")


def test_a_move_by_a_stranger_is_refused() -> None:
    _refused_move(table(ana=[9]), play(9, "lower", player="Dee"), "move.player")


def test_an_unknown_kind_of_move_is_refused() -> None:
    with pytest.raises(InvalidMove):
        rule(table(), {"kind": "pass"})


def test_laying_a_card_numbered_16_is_refused() -> None:
    with pytest.raises(InvalidMove) as err:
        rule(table(), play(16, "lower"))
    assert err.value.field.startswith("move.") and err.value.field.endswith(".value")


def test_an_unknown_booster_category_is_refused() -> None:
    with pytest.raises(InvalidMove) as err:
        rule(table(), booster("Mega", "Ben"))
    assert err.value.field.endswith(".category")
