"""Disputes where the move stands but part of it is void: a call the rules take no notice of."""

from __future__ import annotations

from .helpers import (
    assert_answer_is_plain,
    assert_illegal,
    assert_voided,
    draw,
    play,
    rule,
    table,
)


def test_calling_lower_on_a_one_the_card_stands_and_the_call_is_higher() -> None:
    ruling = rule(table(ana=[1, 2], call="lower"), play(1, "lower"))
    after = assert_voided(ruling, "automatic-call-void", "higher-lower:4.8")
    assert after["last_card"] == 1 and after["call"] == "higher"
    assert after["players"][0]["hand"] == [2]
    assert "higher-lower:automatic-calls-1-and-15" in ruling.interpretations
    assert "does not count" in ruling.answer
    assert_answer_is_plain(ruling)


def test_calling_higher_on_a_fifteen_the_card_stands_and_the_call_is_lower() -> None:
    ruling = rule(table(ana=[15, 2]), play(15, "higher"))
    after = assert_voided(ruling, "automatic-call-void", "higher-lower:4.8")
    assert after["call"] == "lower"


def test_a_one_with_a_wrong_call_on_a_higher_call_is_still_illegal_for_the_card() -> None:
    """The void saves the call, never a card that does not obey the call in force."""
    ruling = rule(table(ana=[1, 2]), play(1, "lower"))
    assert_illegal(ruling, "not-higher", "higher-lower:4.2")
    assert ruling.voided == []


def test_the_same_number_laid_with_a_call_is_a_match_and_the_call_is_void() -> None:
    ruling = rule(table(ana=[7, 2]), play(7, "lower"))
    after = assert_voided(ruling, "match-call-void", "higher-lower:4.5")
    assert "matches-last-card" in [r.code for r in ruling.reasons]
    assert after["call"] == "higher" and after["call_by"] == "Cy"
    assert after["match_chain"] == ["Ana"]
    assert "higher-lower:equal-number-is-a-match" in ruling.interpretations
    assert_answer_is_plain(ruling)


def test_a_match_said_with_a_call_stands_and_the_call_is_void() -> None:
    ruling = rule(table(ana=[7, 2]), {"kind": "match", "call": "lower"})
    after = assert_voided(ruling, "match-call-void", "higher-lower:4.5")
    assert after["call"] == "higher"


def test_a_draw_said_with_a_call_stands_and_the_call_in_force_passes_on() -> None:
    ruling = rule(table(ana=[3, 2]), {**draw(9), "call": "lower"})
    after = assert_voided(ruling, "draw-call-void", "higher-lower:4.7")
    assert after["call"] == "higher" and after["call_by"] == "Cy"
    assert after["players"][0]["hand"] == [3, 2, 9]
    assert_answer_is_plain(ruling)


def test_a_move_with_nothing_void_has_an_empty_voided_list() -> None:
    ruling = rule(table(ana=[9, 2]), play(9, "lower"))
    assert ruling.legal and ruling.voided == []
