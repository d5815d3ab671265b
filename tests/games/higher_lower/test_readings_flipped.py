"""Higher or Lower: every open point the engine rules both ways. A dispute that turns on the
point is ruled under both readings, the answers differ, and our reading is flagged with what the
other reading answers, in players' words; a dispute that merely uses the point is not flagged."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import Ruling
from games.core.readings import flipped
from games.higher_lower import reasons as R
from tests.games.higher_lower.helpers import (
    RULES,
    booster,
    draw,
    match,
    play,
    rule,
    table,
)
from tests.games.readings_disputes import not_flagged_for, ruled_both_ways


def turns_on(key: str, state: dict[str, Any], move: dict[str, Any]) -> tuple[Ruling, Ruling]:
    return ruled_both_ways(rule, key, state, move)


# ----- may I draw when I could play? (draw-only-when-unable)


def test_drawing_while_holding_a_card_that_goes_turns_on_drawing_only_when_unable() -> None:
    ruled, other = turns_on(R.DRAW_ONLY_WHEN_UNABLE, table(ana=[9, 3]), draw())
    assert not ruled.legal and ruled.deciding_rule == "higher-lower:4.6"
    assert other.legal
    assert other.answer.startswith("Yes, Ana may draw instead of laying the 9")


def test_drawing_with_nothing_that_goes_is_not_flagged_for_drawing_only_when_unable() -> None:
    not_flagged_for(R.DRAW_ONLY_WHEN_UNABLE, rule(table(ana=[3, 5]), draw()))


# ----- the same number with a call (equal-number-is-a-match)


def test_the_same_number_laid_with_a_call_turns_on_equal_number_is_a_match() -> None:
    ruled, other = turns_on(R.EQUAL_NUMBER_IS_A_MATCH, table(ana=[7, 3]), play(7, "lower"))
    assert ruled.legal and "does not count" in ruled.answer  # a match: the call is void
    assert ruled.next_state is not None and ruled.next_state["call"] == "higher"
    assert other.legal and other.next_state is not None
    assert other.next_state["call"] == "lower" and other.next_state["call_by"] == "Ana"


def test_the_same_number_laid_without_a_call_is_not_flagged() -> None:
    ruled = rule(table(ana=[7, 3]), play(7))
    assert ruled.legal
    not_flagged_for(R.EQUAL_NUMBER_IS_A_MATCH, ruled)


# ----- a 1 or a 15 against the call (automatic-calls-1-and-15)


def test_a_15_on_a_lower_call_turns_on_a_15_not_being_wild() -> None:
    ruled, other = turns_on(R.AUTOMATIC_CALLS, table(ana=[15, 9], call="lower"), play(15))
    assert not ruled.legal and ruled.deciding_rule == "higher-lower:4.2"
    assert other.legal and "a 15 may go on any card" in other.answer


def test_a_15_on_a_higher_call_is_not_flagged() -> None:
    ruled = rule(table(ana=[15, 9]), play(15))
    assert ruled.legal
    not_flagged_for(R.AUTOMATIC_CALLS, ruled)


# ----- your own call comes back after everyone drew (call-after-a-draw)


def test_obeying_your_own_call_after_the_others_drew_turns_on_call_after_a_draw() -> None:
    # Ana laid the 7 and called 'higher'; Ben and Cy drew; Ana holds a 3 and a 5.
    state = {**table(ana=[3, 5], call_by="Ana"), "drew": "Cy"}
    ruled, other = turns_on(R.CALL_AFTER_A_DRAW, state, play(3, "lower"))
    assert not ruled.legal
    assert other.legal and "own call does not bind Ana" in other.answer


def test_a_draw_passing_the_call_on_is_not_flagged_for_call_after_a_draw() -> None:
    not_flagged_for(R.CALL_AFTER_A_DRAW, rule(table(ana=[3, 5]), draw()))


# ----- two matches in a row (call-after-a-match)


def test_going_against_the_call_after_two_matches_turns_on_call_after_a_match() -> None:
    # Ana laid a 7 and called 'higher'; Ben and Cy each matched it: the call is still Ana's.
    state = table(ana=[3, 5], call_by="Ana", chain=["Ben", "Cy"], discard=[7, 7])
    ruled, other = turns_on(R.CALL_AFTER_A_MATCH, state, play(3, "lower"))
    assert not ruled.legal
    assert other.legal and "no call stands" in other.answer


def test_a_second_match_is_not_flagged_for_call_after_a_match() -> None:
    state = table(ana=[7, 5], call_by="Ben", chain=["Cy"], discard=[7])
    ruled = rule(state, match())
    assert ruled.legal
    not_flagged_for(R.CALL_AFTER_A_MATCH, ruled)


# ----- boosters after your draw (boosters-before-your-card)


def test_a_booster_straight_after_your_draw_turns_on_boosters_coming_first() -> None:
    state = {**table(ana=[3, 5, 4], turn="Ben"), "drew": "Ana"}
    ruled, other = turns_on(R.BOOSTERS_BEFORE_YOUR_CARD, state, booster(player="Ana"))
    assert not ruled.legal and ruled.deciding_rule == "higher-lower:5.1"
    assert other.legal and "boosters may follow your draw" in other.answer
    assert other.next_state is not None and other.next_state["turn"] == "Ben"


def test_a_booster_on_your_own_turn_is_not_flagged_for_boosters_coming_first() -> None:
    ruled = rule(table(), booster())
    assert ruled.legal
    not_flagged_for(R.BOOSTERS_BEFORE_YOUR_CARD, ruled)


# ----- aiming a booster at yourself (booster-target)


def test_a_booster_aimed_at_yourself_turns_on_the_booster_target() -> None:
    ruled, other = turns_on(R.BOOSTER_TARGET, table(), booster(target="Ana"))
    assert not ruled.legal and ruled.deciding_rule == "higher-lower:5.4"
    assert other.legal and "at themself" in other.answer


def test_a_booster_aimed_at_an_opponent_is_not_flagged_for_the_booster_target() -> None:
    not_flagged_for(R.BOOSTER_TARGET, rule(table(), booster(target="Cy")))


# ----- out of playing cards with boosters left (winning-with-boosters-left)


def test_laying_your_last_card_with_boosters_left_turns_on_winning_with_boosters_left() -> None:
    ruled, other = turns_on(R.WINNING_WITH_BOOSTERS_LEFT, table(ana=[9]), play(9, "lower"))
    assert ruled.legal and ruled.deciding_rule == "higher-lower:2.1"
    assert "wins" in ruled.answer
    assert other.legal and "not won yet" in other.answer


def test_laying_your_last_card_with_no_boosters_left_is_not_flagged() -> None:
    ruled = rule(table(ana=[9], boosters=0), play(9, "lower"))
    assert ruled.legal and "wins" in ruled.answer
    not_flagged_for(R.WINNING_WITH_BOOSTERS_LEFT, ruled)


# ----- play once someone is out (game-ends-when-someone-is-out)


def _ben_is_out(seats: int) -> dict[str, Any]:
    state = table(ana=[9, 3], turn="Ana")
    state["players"][1] = {"name": "Ben", "hand": [], "boosters": 0}
    state["players"] = state["players"][:seats]
    state["call_by"] = "Ben"
    return state


def test_playing_on_after_someone_is_out_turns_on_the_game_ending_there() -> None:
    ruled, other = turns_on(R.GAME_ENDS_WHEN_SOMEONE_IS_OUT, _ben_is_out(3), play(9, "lower"))
    assert not ruled.legal and ruled.deciding_rule == "higher-lower:2.1"
    assert other.legal and other.next_state is not None
    assert other.next_state["turn"] == "Cy"


def test_with_two_players_one_out_the_game_is_over_either_way_and_not_flagged() -> None:
    ruled = rule(_ben_is_out(2), play(9, "lower"))
    assert not ruled.legal
    not_flagged_for(R.GAME_ENDS_WHEN_SOMEONE_IS_OUT, ruled)


# ----- drawing from an empty deck (empty-deck-pass)


def test_drawing_from_an_empty_deck_with_cards_laid_turns_on_the_empty_deck_pass() -> None:
    # 57 cards in hands and the 7 laid: the 2 and the 11 are all that lie under it
    state = table(ana=[3, 5], ben=28, cy=27, deck=0, discard=[2, 11])
    ruled, other = turns_on(R.EMPTY_DECK_PASS, state, draw())
    assert ruled.legal and ruled.next_state is not None
    assert ruled.next_state["deck"] == 0 and ruled.next_state["players"][0]["hand"] == [3, 5]
    assert other.legal and other.next_state is not None and other.next_state["deck"] == 1
    assert "shuffled to make a new deck" in other.answer


def test_drawing_from_an_empty_deck_with_nothing_laid_under_is_not_flagged() -> None:
    # every other card of the 60 is in a hand: nothing lies under the 7
    state = table(ana=[3, 5], ben=28, cy=29, deck=0)
    not_flagged_for(R.EMPTY_DECK_PASS, rule(state, draw()))


# ----- a game log: the deciding ruling carries the reading


def test_a_log_broken_by_a_15_against_the_call_flags_its_deciding_ruling() -> None:
    state = table(ana=[15, 9], ben=[4, 6], call="lower")
    log = [play(15, player="Ana")]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal"
    assert [t.key for t in ruled.rulings[-1].readings_deciding] == [R.AUTOMATIC_CALLS]


@pytest.mark.parametrize("key", sorted(R.INTERPRETATIONS - R.NEVER_TURNS))
def test_the_other_reading_of_a_plain_play_answers_the_same(key: str) -> None:
    """A play that obeys the call, with cards left, is ruled alike on every reading."""
    ruled = rule(table(ana=[9, 5]), play(9, "lower"))
    with flipped(key):
        other = rule(table(ana=[9, 5]), play(9, "lower"))
    assert (other.verdict, other.answer, other.next_state) == (
        ruled.verdict,
        ruled.answer,
        ruled.next_state,
    )
    assert ruled.readings_deciding == []
