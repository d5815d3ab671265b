"""Disputes over Hyperstar Run boards that cannot exist (refused, the field named), and one
that looks impossible but is a board the rules reach."""

from __future__ import annotations

import pytest

from games.core import InvalidState

from .helpers import ability, board, discard, face, pass_card, rule, swap


def _over_l2(l2_ability: str | None, **kw: object) -> dict:
    """Run 1, Tutorial: the hero over L2 after passing L1; hand L10 [A], L11 [B], L12 [C]."""
    return board(
        "tutorial",
        hero=1,
        level=[
            face("A", enemy="A", start="A A", line="R red"),
            face("B", enemy="B", start="B B", line="L red", ability=l2_ability, swap=True)
            if l2_ability is not None
            else face("B", enemy="B", start="B B", line="L red"),
        ],
        hand=[face("A"), face("B"), face("C")],
        **kw,
    )


def test_an_ability_used_on_a_card_printed_without_one_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        rule(_over_l2(None, ability_used=True), pass_card("enemy", discard("L11", "B")))
    assert caught.value.field == "state.ability_used"
    assert "your current card (card 2 of the level) has no ability" in caught.value.message
    assert "rule 6.1" in caught.value.message


def test_an_ability_used_on_a_card_whose_ability_was_not_described_is_ruled() -> None:
    state = _over_l2(None, ability_used=True)
    state["faces"]["L2"]["not_described"] = ["ability"]
    assert rule(state, pass_card("enemy", discard("L11", "B"))).legal


def test_a_face_down_card_swapped_in_behind_the_hero_in_run_one_is_a_real_board() -> None:
    """Not refused: paying an ability flips L10 face down in hand, and the swap the ability
    makes may put it behind the hero, where it keeps its face (rules 6.2, 10.1)."""
    paid = rule(_over_l2("Swap a passed card"), ability("flip", "L10")).next_state
    assert paid is not None
    swapped = rule(paid, swap("L1", "L10")).next_state
    assert swapped is not None and swapped["run"] == 1
    assert swapped["level"][0] == {"card": "L10", "face_up": False, "pressed": False}
    assert rule(swapped, pass_card("enemy", discard("L11", "B"))).legal
