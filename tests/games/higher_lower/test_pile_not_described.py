"""Disputes where the game is under way but the question did not describe the pile: the last
card laid, or the call in force (`opened` true, `last_card` or `call` null). A booster is
ruled without them (rules 5.1, 5.4); laying, matching or drawing where the ruling rests on
them is refused with a 400 naming the field; the picture draws the pile as not described and
its text says so (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidMove, InvalidState
from games.higher_lower.picture import describe, layout
from games.higher_lower.questions import CanIPlayABooster, build_booster
from games.higher_lower.state import State

from .helpers import (
    RULES,
    assert_illegal,
    assert_legal,
    booster,
    codes,
    draw,
    match,
    play,
    rule,
    table,
)

JSON = dict[str, Any]


def under_way(**changes: Any) -> JSON:
    """Ana's turn; a card has been laid, but which one and the call were not described."""
    state = table(ana=[3, 9, 12], last=None, deck=20)
    state.update({"opened": True, **changes})
    return state


# ----- the booster question, from its form -----


def test_the_booster_form_describes_no_pile_no_call_and_no_deck() -> None:
    state, _ = build_booster(CanIPlayABooster())
    assert state["opened"] is True
    assert state["last_card"] is None and state["call"] is None and state["call_by"] is None
    assert state["deck"] is None
    assert state["players"][0]["hand"] is None
    assert state["players"][0]["boosters"] == ["Rare"]


def test_on_my_turn_i_may_play_my_rare_booster_at_an_opponent_without_saying_the_pile() -> None:
    ruling = RULES.rule_json(*build_booster(CanIPlayABooster()))
    assert_legal(ruling, "booster-on-own-turn", "higher-lower:5.1")
    assert "booster-at-opponent" in codes(ruling)
    assert "higher-lower:5.4" in ruling.cited_rules()
    after = ruling.next_state
    assert after is not None and after["last_card"] is None and after["opened"] is True


def test_not_on_my_turn_no_booster_whatever_the_pile() -> None:
    ruling = RULES.rule_json(*build_booster(CanIPlayABooster(my_turn=False)))
    assert_illegal(ruling, "booster-not-your-turn", "higher-lower:5.1")


def test_a_booster_aimed_at_myself_is_refused_without_the_pile() -> None:
    ruling = RULES.rule_json(*build_booster(CanIPlayABooster(aimed_at="myself")))
    assert_illegal(ruling, "booster-at-self", "higher-lower:5.4")


@pytest.mark.parametrize(
    "pile",
    [
        {"opened": True, "last_card": None, "call": None, "call_by": None},
        {"last_card": 7, "call": "higher", "call_by": "the player on your right"},
        {"last_card": 12, "call": "lower", "call_by": "the player on your right"},
    ],
    ids=["not described", "7 higher", "12 lower"],
)
def test_the_pile_never_changes_the_booster_ruling(pile: JSON) -> None:
    state, move = build_booster(CanIPlayABooster())
    unsaid = RULES.rule_json(state, move)
    said = RULES.rule_json({**state, **pile}, move)
    assert said.verdict == unsaid.verdict
    assert codes(said) == codes(unsaid)
    assert said.answer == unsaid.answer


# ----- what needs the pile is refused, naming it -----


def test_laying_a_9_on_a_pile_not_described_is_refused_naming_the_last_card() -> None:
    with pytest.raises(InvalidMove) as caught:
        rule(under_way(), play(9, "lower"))
    assert caught.value.field == "state.last_card"
    assert "not described" in caught.value.message


@pytest.mark.parametrize("move", [match(9), draw()], ids=["match", "draw"])
def test_matching_or_drawing_on_a_pile_not_described_is_refused(move: JSON) -> None:
    with pytest.raises(InvalidMove) as caught:
        rule(under_way(), move)
    assert caught.value.field == "state.last_card"


def test_a_booster_on_a_pile_not_described_is_ruled() -> None:
    assert_legal(rule(under_way(), booster()), "booster-on-own-turn", "higher-lower:5.1")


def test_a_9_on_a_7_whose_call_was_not_described_is_refused_naming_the_call() -> None:
    with pytest.raises(InvalidMove) as caught:
        rule(under_way(last_card=7), play(9, "lower"))
    assert caught.value.field == "state.call"


def test_drawing_when_the_call_was_not_described_is_refused_naming_the_call() -> None:
    with pytest.raises(InvalidMove) as caught:
        rule(under_way(last_card=7), draw())
    assert caught.value.field == "state.call"


def test_a_match_needs_no_call_it_passes_the_call_on_whatever_it_is() -> None:
    """Ana lays a 7 on the 7; nobody remembers the call. A match makes no call (rule 4.5)."""
    state = under_way(last_card=7, players=table(ana=[7, 9])["players"])
    ruling = rule(state, match())
    after = assert_legal(ruling, "call-passes-through", "higher-lower:4.5")
    assert "not described" in ruling.answer
    assert after["call"] is None and after["turn"] == "Ben"
    laid = rule(state, play(7, "higher"))  # the same number, laid as a play, is a match
    assert_legal(laid, "matches-last-card", "higher-lower:4.4")


def test_what_can_i_do_now_needs_the_pile() -> None:
    with pytest.raises(InvalidMove) as caught:
        RULES.legal_moves_json(under_way())
    assert caught.value.field == "state.last_card"


def test_a_table_with_a_card_laid_is_not_a_fresh_setup_even_if_not_described() -> None:
    ruling = rule(under_way(), {"kind": "setup"})
    assert_illegal(ruling, "setup-nothing-laid", "higher-lower:3.6")


# ----- old states keep their meaning; `opened` is checked when given -----


def test_without_opened_a_null_last_card_still_means_nobody_has_laid_yet() -> None:
    state = table(ana=[3, 9], last=None)
    assert_legal(rule(state, play(9, "lower")), "opening-card", "higher-lower:3.6")


def test_without_opened_a_laid_card_still_needs_its_call() -> None:
    state = table(ana=[3, 9])
    state["call"] = None
    with pytest.raises(InvalidState) as caught:
        rule(state, play(9, "lower"))
    assert caught.value.field == "state.call"


def test_opened_false_with_a_card_laid_is_refused() -> None:
    state = table(ana=[3, 9])
    state["opened"] = False
    with pytest.raises(InvalidState) as caught:
        rule(state, play(9, "lower"))
    assert caught.value.field == "state.opened"


def test_the_opening_card_makes_a_board_said_not_opened_under_way() -> None:
    """A board that said "no card laid yet" is under way once the first card is laid: the next
    player's move is ruled on it (before, it kept `opened` false and was refused)."""
    state = table(ana=[3, 9], last=None, call=None, call_by=None)
    state["opened"] = False
    ruling = rule(state, play(9, "lower"))
    assert_legal(ruling, "opening-card", "higher-lower:3.6")
    after = ruling.next_state
    assert after is not None and after["opened"] is True and after["last_card"] == 9
    assert_legal(rule(after, play(3, "lower", "Ben")), "obeys-call", "higher-lower:4.2")


def test_a_call_given_on_a_pile_not_described_is_still_checked() -> None:
    with pytest.raises(InvalidState) as caught:
        rule(under_way(call="sideways", call_by="Cy"), booster())
    assert caught.value.field == "state.call"


# ----- the picture and its words -----


def test_the_picture_draws_the_pile_as_not_described() -> None:
    drawn = layout(State.model_validate(under_way()), "Can I play a booster?")
    assert drawn["pile"]["unknown"] is True and drawn["pile"]["value"] is None
    assert drawn["call"]["badge"] == "call: ?"
    words = [t["text"] for t in drawn["texts"]]
    assert "the call was not described" in words
    assert "Last card: not described" in words
    assert "The last card laid was not described." in words
    assert not any("Any card may open" in w for w in words)


def test_describe_says_the_pile_was_not_described() -> None:
    said = describe(State.model_validate(under_way()))
    assert "the last card laid was not described, nor the call in force" in said
    assert "No card has been laid" not in said


def test_describe_says_a_call_not_described() -> None:
    said = describe(State.model_validate(under_way(last_card=7)))
    assert "The last card laid is a 7; the call in force was not described" in said
