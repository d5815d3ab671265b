"""The sentence pieces every engine's words are built from (games/core/words.py): what a player
reads when one thing or several are named."""

from __future__ import annotations

from games.core.words import agree, and_more, count, listed


def test_one_card_is_and_two_cards_are() -> None:
    assert f"{listed(['Corsair'])} {agree(['Corsair'], 'is', 'are')}" == "Corsair is"
    two = ["Corsair", "Hellfire"]
    assert f"{listed(two)} {agree(two, 'is', 'are')}" == "Corsair and Hellfire are"
    assert agree(1, "comes", "come") == "comes" and agree(0, "comes", "come") == "come"


def test_counts_and_what_a_list_leaves_out() -> None:
    assert count(1, "Play") == "1 Play" and count(3, "Play") == "3 Plays"
    assert listed(["a", "b", "c"]) == "a, b and c"
    assert and_more(1) == " (and one more)" and and_more(0) == ""
