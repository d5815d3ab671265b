"""No Level Card's name or number is printed (nothing of a card's face is public), so the
board's ids (L1..L15, E1, E2) are ours: a ruling names a card as the player points at it, by its
place in the level or by the buttons it shows in the hand."""

from __future__ import annotations

import re

from games.core import Ruling
from games.core.errors import BadInput
from games.hyperstar_run.naming import card_name, ordinal
from tests.games.hyperstar_run.helpers import (
    END_RUN,
    RULES,
    ability,
    discard,
    pass_card,
    press,
    rule,
    tutorial_run,
)

IDS = re.compile(r"\b(?:L(?:[1-9]|1[0-5])|E[12])\b")


def _said(r: Ruling) -> list[str]:
    return [r.answer, r.summary, *(x.detail for x in [*r.reasons, *r.voided]), *r.notes]


def test_no_ruling_on_a_run_names_a_card_by_our_id() -> None:
    state = tutorial_run()
    moves = [
        pass_card("enemy", discard("L10", "A"), discard("L11", "B")),
        pass_card("enemy", press("L1", "A"), press("L2", "B")),
        pass_card("enemy", discard("E1", "A", "B")),
        pass_card("combo-start", discard("L12", "C")),
        pass_card("enemy", discard("L13", "A")),
        {"kind": "press", "card": "L1", "button": "A"},
        {"kind": "press", "card": "L3", "button": "C"},
        ability("flip", "L10"),
        END_RUN,
    ]
    ruled = 0
    for move in moves:
        try:
            ruling = rule(state, move)
        except BadInput:  # a move naming what the board lacks is a 400, not a ruling
            continue
        ruled += 1
        for words in _said(ruling):
            assert not IDS.search(words), (move, words)
    assert ruled >= 7


def test_a_pressed_card_is_named_by_its_place_a_discarded_one_by_its_buttons() -> None:
    ruled = rule(tutorial_run(), pass_card("enemy", press("L1", "A"), discard("L11", "B")))
    assert ruled.legal
    assert ruled.answer.startswith(
        "Yes, you can pass your current card: pressing card 1 of the level for [A] and "
        "discarding your Level Card [B] pay its enemy cost [A *]."
    )


def test_two_cards_showing_the_same_buttons_are_told_apart_by_their_place() -> None:
    state = RULES.parse_state(tutorial_run(hand=[{"buttons": ["A"]}, {"buttons": ["A"]}]))
    assert card_name(state, "L10") == "the 1st card in your hand"
    assert card_name(state, "L11") == "the 2nd card in your hand"
    assert card_name(state, "E1") == "your Equipment Card [A B]"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
    ]
