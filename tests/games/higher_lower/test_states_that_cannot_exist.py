"""Disputes over tables that cannot exist: refused with the field named (a 400 at the desk),
never ruled on. The counts come from the box (the card data), not from the test."""

from __future__ import annotations

import pytest

from games.core import InvalidState
from games.higher_lower.box import BOOSTER_CARDS, COPIES_PER_VALUE, PLAYING_CARDS

from .helpers import RULES, play, rule, table

SETUP = {"kind": "setup"}


def test_the_box_counts_are_the_card_datas() -> None:
    assert (PLAYING_CARDS, BOOSTER_CARDS, COPIES_PER_VALUE) == (60, 30, 4)


def test_before_the_first_card_a_table_short_of_the_box_is_refused_at_the_deck() -> None:
    """Ana, Ben and Cy hold 10 each and say the deck holds 20: ten cards are nowhere."""
    state = table(ana=10, ben=10, cy=10, last=None, deck=20)
    with pytest.raises(InvalidState) as caught:
        rule(state, play(9, "higher"))
    assert caught.value.field == "state.deck"
    assert "hold all 60 playing cards; they hold 50" in caught.value.message


def test_before_the_first_card_a_table_holding_the_whole_box_is_ruled() -> None:
    state = table(ana=10, ben=10, cy=10, last=None, deck=PLAYING_CARDS - 30)
    assert rule(state, play(9, "higher")).legal


def test_the_setup_check_still_rules_on_a_deal_one_short() -> None:
    """The setup check is the one move that rules on a wrong deal (rule 3.2)."""
    state = table(ana=10, ben=10, cy=10, last=None, deck=29)
    state["dealer"] = "Cy"
    ruling = rule(state, SETUP)
    assert not ruling.legal and "higher-lower:3.2" in ruling.cited_rules()


def test_a_hand_not_described_leaves_the_count_unchecked() -> None:
    state = table(ana=[9, 3], ben=10, cy=10, last=None, deck=20)
    state["players"][1]["hand"] = None
    assert rule(state, play(9, "higher")).legal


def test_once_a_card_is_laid_the_deck_may_be_anything_up_to_the_box() -> None:
    assert rule(table(ana=[9, 3], deck=12), play(9, "lower")).legal


def test_what_can_i_do_refuses_a_table_short_of_the_box_too() -> None:
    state = RULES.parse_state(table(ana=10, ben=10, cy=10, last=None, deck=1))
    with pytest.raises(InvalidState) as caught:
        RULES.legal_moves(state)
    assert caught.value.field == "state.deck"
