"""Higher or Lower: a seventh set of disputes, written from the rulebook before they were run,
on situations the earlier sets leave alone: a match with a call said, two players and a match,
a card of the wrong number named as a match, logs through a match and a 15, the question forms
on a match, an empty deck and a booster aimed at yourself, the "How do we set up?" tool for two
and for one, and a hand no box can hold. Each is ruled with its verdict, the one rule shown as
deciding, and a flag only where the answer turns on our reading of an open point.

Ana, Ben and Cy sit in that order; by default Cy has laid a 7 and called 'higher', and it is
Ana's turn (tests/games/higher_lower/helpers.py)."""

from __future__ import annotations

import pytest

from games.core import InvalidState
from games.higher_lower import reasons as R
from games.higher_lower.questions import CanIDrawInstead, CanIPlayABooster, CanIPlayThisCard
from games.higher_lower.tools import TOOLS
from tests.games.higher_lower.helpers import (
    JSON,
    KEY,
    RULES,
    draw,
    match,
    play,
    rule,
    settled,
    table,
)


def ask(slug: str, form: object):  # type: ignore[no-untyped-def]
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


def two(ana: list[int], ben: list[int], **over: object) -> JSON:
    """Ana and Ben alone: Ben has laid a 7 and called 'higher', and it is Ana's turn."""
    state = table(ana=ana, ben=ben, call_by="Ben")
    state["players"] = state["players"][:2]
    state.update(over)
    return state


# ----- matching


def test_ana_matches_the_7_and_calls_lower() -> None:
    """A player who matches makes no call (4.5): her 'lower' counts for nothing."""
    ruling = rule(table(ana=[7, 3]), match(7) | {"call": "lower"})
    assert ruling.legal, ruling.answer
    assert ruling.deciding_rule == KEY + "4.5"
    assert ruling.next_state is not None and ruling.next_state["call"] == "higher"


def test_ana_names_an_8_as_a_match_for_the_7() -> None:
    settled(rule(table(ana=[8, 3]), match(8)), False, "4.4")


def test_at_two_ben_must_obey_his_own_higher_after_ana_matched() -> None:
    """The call to obey is that of the player before the matching player: Ben's own (4.5)."""
    state = two([7, 3], [5, 2], turn="Ben", last_card=7, match_chain=["Ana"])
    settled(rule(state, play(5, "higher", player="Ben")), False, "4.5")


# ----- whole games


def test_a_log_through_a_match_to_anas_win() -> None:
    state = table(ana=[9, 8], ben=[9, 3], cy=[4, 12])
    log = [
        play(9, "lower"),
        match(9, player="Ben"),
        play(4, "higher", player="Cy"),
        play(8),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over
    assert ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "2.1"


def test_a_log_where_cy_goes_lower_after_bens_3_called_higher() -> None:
    state = table(ana=[15, 6], ben=[3, 10], cy=[2, 11])
    log = [play(15), play(3, "higher", player="Ben"), play(2, "lower", player="Cy")]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.first_illegal_by == "Cy"
    assert ruled.deciding_rule == KEY + "4.2"


# ----- the website's question forms


def test_form_laying_a_7_on_a_7_with_no_call_is_a_match() -> None:
    form = CanIPlayThisCard(last_card=7, my_card=7, my_call="none")
    settled(ask("can-i-play-this-card", form), True, "4.4")


def test_form_drawing_from_an_empty_deck_holding_nothing_that_goes() -> None:
    form = CanIDrawInstead(last_card=12, call_in_force="higher", my_hand=[3, 5], deck_size=0)
    settled(ask("can-i-draw-instead", form), True, "4.6", R.EMPTY_DECK_PASS)


def test_form_a_booster_aimed_at_myself() -> None:
    form = CanIPlayABooster(players=3, aimed_at="myself")
    settled(ask("can-i-play-a-booster", form), False, "5.4", R.BOOSTER_TARGET)


# ----- "How do we set up?"


def test_how_do_we_set_up_for_two() -> None:
    answer = TOOLS["setup"].run({"players": 2}, None)
    assert answer["deck_after_deal"] == 40 and answer["booster_deck_after_deal"] == 24
    assert answer["deciding_rule"] == KEY + "3.1"
    assert answer["readings_deciding"] == []


def test_how_do_we_set_up_for_one_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        TOOLS["setup"].run({"players": 1}, None)
    assert caught.value.field == "players"


# ----- tables that cannot exist


def test_a_hand_of_five_7s_is_refused() -> None:
    """Four copies of every number (1.1): a fifth 7 cannot be held."""
    with pytest.raises(InvalidState) as caught:
        rule(table(ana=[7, 7, 7, 7, 7]), play(9, "lower"))
    assert "hand" in caught.value.field or "players" in caught.value.field


def test_an_empty_deck_with_twelve_cards_in_hands_leaves_47_under_the_7() -> None:
    """The pile given lists nothing, but 47 of the 60 lie under the 7: whether they make a new
    deck is our reading (`empty-deck-pass`), and the answer turns on it."""
    settled(rule(table(ana=[3, 5], deck=0), draw()), True, "4.6", R.EMPTY_DECK_PASS)
