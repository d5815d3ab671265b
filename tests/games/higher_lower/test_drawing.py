"""Disputes about drawing from the deck."""

from __future__ import annotations

from .helpers import assert_illegal, assert_legal, draw, play, rule, table


def test_a_player_who_can_go_higher_may_not_draw_instead() -> None:
    ruling = rule(table(ana=[3, 9]), draw())
    assert_illegal(ruling, "can-play-instead", "higher-lower:4.6")
    assert "higher-lower:draw-only-when-unable" in ruling.interpretations


def test_a_player_who_can_match_may_not_draw_instead() -> None:
    ruling = rule(table(ana=[3, 7]), draw())
    assert_illegal(ruling, "can-play-instead", "higher-lower:4.6")


def test_a_player_who_cannot_play_must_draw_and_may() -> None:
    ruling = rule(table(ana=[3, 5]), draw(12))
    after = assert_legal(ruling, "unable-to-play", "higher-lower:4.6")
    assert after["players"][0]["hand"] == [3, 5, 12]
    assert after["deck"] == 19 and after["turn"] == "Ben"


def test_after_a_draw_the_call_in_force_passes_to_the_next_player() -> None:
    ruling = rule(table(ana=[3, 5]), draw())
    after = assert_legal(ruling, "call-still-in-force", "higher-lower:4.7")
    assert after["call"] == "higher" and after["call_by"] == "Cy" and after["last_card"] == 7
    assert "higher-lower:call-after-a-draw" in ruling.interpretations


def test_the_card_just_drawn_cannot_be_laid_at_once() -> None:
    # Ana draws a 12; drawing ended her turn, so the 12 waits in her hand (rule 4.7): the
    # ruling says so, not merely that it is Ben's turn.
    after = rule(table(ana=[3, 5]), draw(12)).next_state
    assert after is not None
    ruling = rule(after, play(12, "lower", player="Ana"))
    assert_illegal(ruling, "drew-turn-over", "higher-lower:4.7")
    assert "not-your-turn" not in [r.code for r in ruling.reasons]


def test_an_unnamed_draw_turns_a_shown_hand_into_a_count() -> None:
    after = rule(table(ana=[3, 5]), draw()).next_state
    assert after is not None and after["players"][0]["hand"] == 3


def test_drawing_from_an_empty_deck_passes_the_turn() -> None:
    ruling = rule(table(ana=[3, 5], deck=0), draw())
    after = assert_legal(ruling, "unable-to-play", "higher-lower:4.6")
    assert "higher-lower:empty-deck-pass" in ruling.interpretations
    assert after["players"][0]["hand"] == [3, 5] and after["turn"] == "Ben"


def test_the_opener_may_not_draw() -> None:
    ruling = rule(table(ana=[3, 5], last=None), draw())
    assert_illegal(ruling, "must-lay-opening-card", "higher-lower:3.6")


def test_drawing_out_of_turn_is_illegal() -> None:
    ruling = rule(table(ben=[3, 5]), draw(player="Ben"))
    assert_illegal(ruling, "not-your-turn", "higher-lower:4.1")


def test_a_hidden_hand_draw_is_taken_on_trust_and_says_so() -> None:
    ruling = rule(table(ana=4), draw())
    after = assert_legal(ruling, "unable-to-play", "higher-lower:4.6")
    assert "higher-lower:hidden-hands-on-trust" in ruling.interpretations
    assert ruling.notes and after["players"][0]["hand"] == 5


def test_a_hidden_hand_draw_needs_no_trust_when_no_playable_card_is_left() -> None:
    # Every 7 to 15 is laid or shown elsewhere, so Ana's hidden hand cannot go higher or match.
    elsewhere = [v for v in range(8, 16) for _ in range(4)]
    state = table(ana=3, ben=elsewhere[:16], cy=elsewhere[16:], discard=[7, 7, 7], deck=5)
    ruling = rule(state, draw())
    assert_legal(ruling, "unable-to-play", "higher-lower:4.6")
    assert "higher-lower:hidden-hands-on-trust" not in ruling.interpretations
