"""Pressing a Level Card that a swap brought in behind the hero, rather than one the hero
passed: the rulebook lets you press a card "that you have passed during this run" and does not
say whether a card swapped into a place behind the hero counts. Our reading (reference ruling
`passed-this-run-means-behind-the-hero`) says it does; read the other way, it was never passed.
A dispute that turns on it is flagged on the ruling that decides it; one that merely uses it
is not."""

from __future__ import annotations

import pytest

from games.core import InvalidState
from games.core.readings import flipped
from games.hyperstar_run.reasons import PASSED_THIS_RUN
from games.hyperstar_run.solver import said, solve
from tests.games.hyperstar_run.helpers import (
    END_RUN,
    RULES,
    ability,
    assert_illegal,
    assert_legal,
    board,
    face,
    pass_card,
    press,
    rule,
    swap,
)


def _swapped_in_board(**kw: object) -> dict:
    """The hero over L3 (enemy [B]); L1 [B] was swapped in behind the hero by an ability,
    L2 [C] was passed; the hand shows no B (L10 [A], L11 [C], L12 [D], Equipment [A C] and
    [C D])."""
    args: dict = {
        "hero": 2,
        "level": [face("B", enemy="A"), face("C", enemy="A"), face("D", enemy="B")],
        "hand": [face("A"), face("C"), face("D")],
        "equipment": ("A C", "C D"),
        "swapped_in": ["L1"],
    }
    args.update(kw)
    return board("tutorial", **args)


def test_may_i_press_the_card_my_ability_swapped_in_behind_the_hero_turns_on_our_reading() -> None:
    state, move = _swapped_in_board(), {"kind": "press", "card": "L1", "button": "B"}
    ours = rule(state, move)
    with flipped(PASSED_THIS_RUN):
        other = rule(state, move)
    assert_legal(ours, "press-allowed", "5.5")
    assert_illegal(other, "press-not-passed-this-run", "5.5")
    assert ours.deciding_rule == "hyperstar-run:5.5"
    assert [t.key for t in ours.readings_deciding] == [PASSED_THIS_RUN]
    assert ours.readings_deciding[0].other_verdict == "illegal"
    assert ours.readings_deciding[0].other_answer == other.answer
    assert "swapped in behind the hero" in ours.answer


def test_paying_with_the_swapped_in_card_turns_on_our_reading() -> None:
    state = _swapped_in_board()
    move = pass_card("enemy", press("L1", "B"))
    ours = rule(state, move)
    with flipped(PASSED_THIS_RUN):
        other = rule(state, move)
    assert_legal(ours, "paid-by-press", "5.5")
    assert_illegal(other, "press-not-passed-this-run", "5.5")
    assert ours.deciding_rule == "hyperstar-run:5.5"  # the press, not paying a cost (4.3)
    assert [t.key for t in ours.readings_deciding] == [PASSED_THIS_RUN]


def test_pressing_a_card_the_hero_passed_merely_uses_the_reading() -> None:
    ruled = rule(_swapped_in_board(), {"kind": "press", "card": "L2", "button": "C"})
    assert_legal(ruled, "press-allowed", "5.5")
    assert PASSED_THIS_RUN in ruled.interpretations  # which cards were passed: our reading...
    assert ruled.readings_deciding == []  # ...but the answer is the same either way


def test_a_log_that_swaps_a_card_in_behind_the_hero_and_presses_it_turns_on_our_reading() -> None:
    """The hero over L2, whose ability swaps; L1 [A] passed. The ability is paid by flipping
    L10, L11 [B] is swapped in for L1, then pressed to pay L2's enemy cost [B]."""
    state = board(
        "tutorial",
        hero=1,
        level=[face("A", enemy="A"), face("C", enemy="B", ability="swap", swap=True)],
        hand=[face("A"), face("B"), face("C")],
        equipment=("A C", "C D"),
    )
    log = [ability("flip", "L10"), swap("L1", "L11"), pass_card("enemy", press("L11", "B"))]
    ours = RULES.rule_sequence_json(state, log)
    with flipped(PASSED_THIS_RUN):
        other = RULES.rule_sequence_json(state, log)
    assert ours.verdict == "legal"
    assert ours.rulings[1].next_state is not None
    assert ours.rulings[1].next_state["swapped_in"] == ["L11"]
    assert other.verdict == "illegal" and other.first_illegal == 2
    assert [t.key for t in ours.readings_deciding] == [PASSED_THIS_RUN]
    assert ours.readings_deciding[0].other_answer == other.answer


def test_a_new_run_has_no_card_swapped_in_behind_the_hero() -> None:
    # L3's enemy [B] cannot be paid on the other reading; on ours L1 pays it, so end the run
    # from a board where nothing pays: L1 already pressed.
    ruled = rule(_swapped_in_board(pressed=(0,)), END_RUN)
    after = assert_legal(ruled, "run-ends", "8.1")
    assert "swapped_in" not in after  # written only when it holds a card


def test_a_card_swapped_in_ahead_of_the_hero_cannot_be_listed_as_behind_it() -> None:
    with pytest.raises(InvalidState) as refused:
        RULES.parse_state(_swapped_in_board(swapped_in=["L3"]))
    assert refused.value.field == "state.swapped_in.0"


def test_the_best_line_turns_on_the_swapped_in_card_as_the_ruling_does() -> None:
    """Only L1 [B] shows a B, and it was swapped in: on our reading pressing it passes L3; read
    the other way, nothing pays L3 and this run stops there."""
    state = RULES.parse_state(_swapped_in_board())
    ours = solve(state)
    with flipped(PASSED_THIS_RUN):
        other = solve(state)
    assert ours.this_run is not None and other.this_run is not None
    assert ours.this_run.cards_passed > other.this_run.cards_passed == 0
    assert [t.key for t in ours.readings_deciding] == [PASSED_THIS_RUN]
    assert ours.readings_deciding[0].other_answer == said(other)
    # the line's first step, ruled, turns on the same reading
    step = RULES.rule_json(state.model_dump(mode="json"), ours.this_run.line[0])
    assert [t.key for t in step.readings_deciding] == [PASSED_THIS_RUN]


def test_the_best_line_that_does_not_need_the_swapped_in_card_is_not_flagged() -> None:
    """L12 [B] in the hand pays L3 as well: the swapped-in L1 is not needed."""
    state = RULES.parse_state(
        _swapped_in_board(hand=[face("A"), face("C"), face("B")], equipment=("A C", "C D"))
    )
    assert solve(state).readings_deciding == []
