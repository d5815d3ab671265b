""" "Show your opponent": the answer handed across the table speaks to the one now holding the
phone, so "you" and "your opponent" change places (a Battle Arena ruling read by the opponent)."""

from __future__ import annotations

from cardsdb.templatetags.public_words import to_opponent


def test_the_opponent_reads_that_they_won_the_battle() -> None:
    said = "Battle 1 is won by your opponent: 120 Power beats 110; you lose it."
    assert (
        to_opponent(said) == "Battle 1 is won by you: 120 Power beats 110; your opponent loses it."
    )


def test_the_opponent_reads_whose_hero_may_be_substituted() -> None:
    said = "Yes, you can substitute your Bench Hero for your Hero, paying 2 Hot Dogs."
    assert to_opponent(said) == (
        "Yes, your opponent can substitute your opponent's Bench Hero for your opponent's Hero,"
        " paying 2 Hot Dogs."
    )


def test_each_side_is_swapped_once_and_the_verb_agrees() -> None:
    said = "You have 3 Trophies and your opponent has 2; your opponent's Hero is higher."
    assert to_opponent(said) == (
        "Your opponent has 3 Trophies and you have 2; your Hero is higher."
    )
    assert to_opponent(to_opponent(said)) == said
