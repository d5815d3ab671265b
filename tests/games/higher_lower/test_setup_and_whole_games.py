"""Disputes about the setup (the deal, the decks, who opens) and whole games from the deal to
the winner."""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from games.core import InvalidState
from games.higher_lower.setup import setup_plan

from .helpers import RULES, assert_answer_is_plain, assert_illegal, assert_legal, play, rule

SETUP = {"kind": "setup"}


def dealt(
    hands: tuple[Any, ...] = (10, 10, 10),
    *,
    boosters: tuple[int, ...] = (3, 3, 3),
    deck: int = 30,
    booster_deck: int | None = 21,
    dealer: str | None = "Cy",
    turn: str = "Ana",
) -> dict[str, Any]:
    names = ["Ana", "Ben", "Cy", "Di", "Ed", "Flo"]
    return {
        "players": [
            {"name": names[i], "hand": hand, "boosters": boosters[i]}
            for i, hand in enumerate(hands)
        ],
        "turn": turn,
        "deck": deck,
        "booster_deck": booster_deck,
        "dealer": dealer,
    }


def test_a_fresh_three_player_deal_is_a_correct_setup() -> None:
    ruling = rule(dealt(), SETUP)
    assert_legal(ruling, "setup-hand-size", "higher-lower:3.1")
    assert_legal(ruling, "setup-opener", "higher-lower:3.6")
    assert ruling.answer == "Yes, this is a correct setup, and Ana opens with any card."


def test_a_hand_of_eleven_is_not_a_correct_setup() -> None:
    ruling = rule(dealt((11, 10, 10), deck=29), SETUP)
    assert_illegal(ruling, "setup-hand-size", "higher-lower:3.1")
    assert "Ana holds 11 playing cards, not 10" in ruling.answer
    assert_answer_is_plain(ruling)


def test_a_deck_one_short_after_the_deal_is_not_a_correct_setup() -> None:
    ruling = rule(dealt(deck=29), SETUP)
    assert_illegal(ruling, "setup-deck", "higher-lower:3.2")


def test_two_boosters_dealt_instead_of_three_is_not_a_correct_setup() -> None:
    ruling = rule(dealt(boosters=(3, 2, 3), booster_deck=22), SETUP)
    assert_illegal(ruling, "setup-boosters", "higher-lower:3.3")


def test_a_booster_deck_of_the_wrong_size_is_not_a_correct_setup() -> None:
    ruling = rule(dealt(booster_deck=20), SETUP)
    assert_illegal(ruling, "setup-booster-deck", "higher-lower:3.4")


def test_the_dealer_opening_is_the_wrong_opener() -> None:
    ruling = rule(dealt(turn="Cy"), SETUP)
    assert_illegal(ruling, "setup-opener", "higher-lower:3.6")
    assert "Ana, on the dealer's left, opens, not Cy" in ruling.summary


def test_without_a_dealer_the_deal_is_checked_and_the_opener_is_not() -> None:
    ruling = rule(dealt(dealer=None), SETUP)
    assert_legal(ruling, "setup-dealer-unknown", "higher-lower:3.6")
    assert ruling.notes


def test_a_table_where_play_has_begun_is_not_a_setup() -> None:
    state = {**dealt((9, 10, 10)), "last_card": 7, "call": "higher", "call_by": "Ana"}
    state["turn"] = "Ben"
    ruling = rule(state, SETUP)
    assert_illegal(ruling, "setup-nothing-laid", "higher-lower:3.6")


def test_a_dealer_who_is_not_at_the_table_is_refused_naming_the_field() -> None:
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(dealt(dealer="Zed"))
    assert err.value.field == "state.dealer"


@pytest.mark.parametrize(("players", "deck", "boosters"), [(2, 40, 24), (4, 20, 18), (6, 0, 12)])
def test_how_do_we_set_up_works_out_the_decks_for_the_players(
    players: int, deck: int, boosters: int
) -> None:
    plan = setup_plan(players)
    assert plan.deck_after_deal == deck and plan.booster_deck_after_deal == boosters
    assert plan.playing_cards_each == 10 and plan.boosters_each == 3
    assert "higher-lower:3.1" in plan.rules and "higher-lower:3.6" in plan.rules
    # The plan, dealt out, is ruled a correct setup.
    state = dealt(
        (10,) * players, boosters=(3,) * players, deck=deck, booster_deck=boosters, dealer="Ben"
    )
    state["turn"] = state["players"][2 % players]["name"]
    assert RULES.rule_json(state, SETUP).legal


def test_how_do_we_set_up_for_seven_players_cannot_be_dealt() -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        setup_plan(7)


# ----- whole games -----


def _two_player_deal() -> dict[str, Any]:
    return {
        "players": [
            {"name": "Ana", "hand": [9, 3], "boosters": 0},
            {"name": "Ben", "hand": [5, 12], "boosters": 0},
        ],
        "turn": "Ana",
        "deck": 56,  # no card laid yet: the rest of the 60 (rules 1.1, 3.2)
        "dealer": "Ben",
    }


def test_a_game_from_the_deal_to_the_winner_is_ruled_whole() -> None:
    """Ana, dealt 1 to 10, climbs from 1; Ben (hand hidden) cannot follow and draws each time."""
    deal = dealt((list(range(1, 11)), 10), boosters=(3, 3), deck=40, booster_deck=24)
    deal["dealer"] = "Ben"
    log: list[dict[str, Any]] = [SETUP, play(1)]
    for value in range(2, 11):
        log += [{"kind": "draw"}, play(value, "higher")]
    result = RULES.rule_sequence_json(deal, log)
    assert result.verdict == "legal", result.summary
    assert len(result.rulings) == 20
    assert result.game_over and result.winner == "Ana"
    assert result.final_state is not None and result.final_state["deck"] == 31
    assert result.result == "Ana has no playing cards left and wins."
    assert result.answer == "Ana has no playing cards left and wins. Every move is legal."
    assert result.first_illegal is None and result.first_illegal_by is None
    # The rule that says who won comes first among the game's result reasons (rule 2.1).
    won = RULES.game_result(RULES.parse_state(result.final_state)).reasons
    assert won[0].code == "player-wins" and won[0].rule == "higher-lower:2.1"
    assert result.deciding_rule == "higher-lower:2.1"  # the rule that says who won


def test_a_log_that_breaks_names_the_first_illegal_move_and_who_made_it() -> None:
    log = [play(9, "higher"), play(5, "lower"), play(3, "higher")]
    result = RULES.rule_sequence_json(_two_player_deal(), log)
    assert result.verdict == "illegal" and result.first_illegal == 1
    assert result.first_illegal_by == "Ben"
    last = result.rulings[-1]
    assert_illegal(last, "not-higher", "higher-lower:4.2")
    assert result.answer == "No, move 2, by Ben, breaks the rules: a 5 is not higher than the 9."
    assert result.deciding_rule == "higher-lower:4.2"
    assert not result.game_over


def test_a_log_that_stops_before_the_end_has_no_winner() -> None:
    result = RULES.rule_sequence_json(_two_player_deal(), [play(9, "higher")])
    assert result.verdict == "legal" and not result.game_over and result.winner is None


# ----- names as players type them -----


def test_a_name_typed_in_another_case_is_the_same_player() -> None:
    state = _two_player_deal()
    state["turn"] = "ana"
    ruling = rule(state, {**play(9, "higher"), "player": "ANA"})
    after = assert_legal(ruling, "opening-card", "higher-lower:3.6")
    assert after["call_by"] == "Ana"
    assert after["turn"] == "Ben"


def test_a_name_in_decomposed_unicode_is_the_same_player() -> None:
    state = _two_player_deal()
    state["players"][0]["name"] = "Zo\u00eb"  # ë as one code point
    state["turn"] = "Zoe\u0308"  # e + combining diaeresis
    ruling = rule(state, play(9, "higher"))
    assert ruling.legal, ruling.summary
    assert ruling.next_state is not None and ruling.next_state["call_by"] == "Zo\u00eb"


def test_two_players_whose_names_differ_only_in_case_are_refused() -> None:
    state = _two_player_deal()
    state["players"][1]["name"] = "ANA"
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.players.1.name"


def test_the_how_do_we_set_up_tool_answers_for_the_players_and_refuses_seven() -> None:
    tool = registry["higher-lower"].tools["setup"]
    assert tool.run({"players": 4}, None)["deck_after_deal"] == 20
    with pytest.raises(InvalidState) as err:
        tool.run({"players": 7}, None)
    assert err.value.field == "players"
