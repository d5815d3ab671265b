"""Disputes about matching the last card and whose call then stands."""

from __future__ import annotations

from .helpers import assert_illegal, assert_legal, match, play, rule, table


def test_matching_the_seven_is_legal_whatever_the_call() -> None:
    for call in ("higher", "lower"):
        ruling = rule(table(ana=[7, 2], call=call), match())
        after = assert_legal(ruling, "matches-last-card", "higher-lower:4.4")
        assert "higher-lower:match-means-same-number" in ruling.interpretations
        assert after["last_card"] == 7 and after["match_chain"] == ["Ana"]


def test_after_a_match_the_call_of_the_player_before_stands() -> None:
    ruling = rule(table(ana=[7, 2]), match())
    after = assert_legal(ruling, "call-passes-through", "higher-lower:4.5")
    assert after["call"] == "higher" and after["call_by"] == "Cy"
    assert after["turn"] == "Ben"


def test_after_two_matches_in_a_row_the_original_call_still_stands() -> None:
    state = table(ben=[7, 2], turn="Ben", chain=["Ana"], discard=[7])
    ruling = rule(state, match())
    after = assert_legal(ruling, "call-passes-through", "higher-lower:4.5")
    assert after["call"] == "higher" and after["call_by"] == "Cy"
    assert after["match_chain"] == ["Ana", "Ben"]
    assert "higher-lower:call-after-a-match" in ruling.interpretations


def test_matching_with_a_different_number_is_illegal() -> None:
    ruling = rule(table(ana=[8, 2]), match(8))
    assert_illegal(ruling, "not-a-match", "higher-lower:4.4")


def test_nothing_can_be_matched_before_the_first_card() -> None:
    ruling = rule(table(ana=[7, 2], last=None), match(7))
    assert_illegal(ruling, "nothing-to-match", "higher-lower:3.6")


def test_matching_out_of_turn_is_illegal() -> None:
    ruling = rule(table(ben=[7, 2]), match(player="Ben"))
    assert_illegal(ruling, "not-your-turn", "higher-lower:4.1")


def test_matching_with_the_last_card_wins() -> None:
    ruling = rule(table(ana=[7]), match())
    assert_legal(ruling, "player-wins", "higher-lower:2.1")


def test_a_player_after_a_match_must_obey_the_earlier_call() -> None:
    # Cy laid 7 and called 'higher'; Ana matched. Ben's 5 is not higher than 7.
    state = table(ben=[5, 2], turn="Ben", chain=["Ana"], discard=[7])
    ruling = rule(state, play(5, "higher"))
    assert_illegal(ruling, "not-higher", "higher-lower:4.2")
