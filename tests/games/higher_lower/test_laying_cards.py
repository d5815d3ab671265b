"""Disputes about laying a card: obeying the call, making a call, 1 and 15, the opening."""

from __future__ import annotations

from .helpers import assert_illegal, assert_legal, play, rule, table


def test_nine_on_a_seven_under_higher_is_legal_and_passes_the_new_call_left() -> None:
    ruling = rule(table(ana=[9, 2]), play(9, "lower"))
    after = assert_legal(ruling, "obeys-call", "higher-lower:4.2")
    assert "higher-lower:4.3" in ruling.cited_rules()
    assert after["last_card"] == 9 and after["call"] == "lower" and after["call_by"] == "Ana"
    assert after["turn"] == "Ben"
    assert after["discard"] == [7]
    assert after["players"][0]["hand"] == [2]


def test_five_on_a_seven_under_higher_is_illegal() -> None:
    ruling = rule(table(ana=[5, 2]), play(5, "higher"))
    assert_illegal(ruling, "not-higher", "higher-lower:4.2")


def test_nine_on_a_seven_under_lower_is_illegal() -> None:
    ruling = rule(table(ana=[9, 2], call="lower"), play(9, "lower"))
    assert_illegal(ruling, "not-lower", "higher-lower:4.2")


def test_laying_a_card_without_calling_higher_or_lower_is_illegal() -> None:
    ruling = rule(table(ana=[9, 2]), play(9, None))
    assert_illegal(ruling, "call-missing", "higher-lower:4.3")


def test_wrong_card_and_no_call_gives_both_reasons() -> None:
    ruling = rule(table(ana=[5, 2]), play(5, None))
    assert_illegal(ruling, "not-higher", "higher-lower:4.2")
    assert_illegal(ruling, "call-missing", "higher-lower:4.3")


def test_a_one_needs_no_call_and_always_calls_higher() -> None:
    ruling = rule(table(ana=[1, 2], call="lower"), play(1))
    after = assert_legal(ruling, "automatic-call", "higher-lower:4.8")
    assert after["call"] == "higher"
    assert "higher-lower:automatic-calls-1-and-15" in ruling.interpretations


def test_a_fifteen_needs_no_call_and_always_calls_lower() -> None:
    ruling = rule(table(ana=[15, 2]), play(15))
    after = assert_legal(ruling, "automatic-call", "higher-lower:4.8")
    assert after["call"] == "lower"


def test_a_one_is_not_wild_it_cannot_go_on_a_higher_call() -> None:
    ruling = rule(table(ana=[1, 2]), play(1))
    assert_illegal(ruling, "not-higher", "higher-lower:4.2")
    assert "higher-lower:automatic-calls-1-and-15" in ruling.interpretations


def test_a_fifteen_is_not_wild_it_cannot_go_on_a_lower_call() -> None:
    ruling = rule(table(ana=[15, 2], call="lower"), play(15))
    assert_illegal(ruling, "not-lower", "higher-lower:4.2")


def test_first_player_may_open_with_any_card() -> None:
    ruling = rule(table(ana=[14, 2], last=None), play(14, "lower"))
    after = assert_legal(ruling, "opening-card", "higher-lower:3.6")
    assert_legal(ruling, "opening-call", "higher-lower:3.7")
    assert after["discard"] == [] and after["last_card"] == 14


def test_opening_card_without_a_call_is_illegal() -> None:
    ruling = rule(table(ana=[14, 2], last=None), play(14))
    assert_illegal(ruling, "opening-call-missing", "higher-lower:3.7")


def test_laying_out_of_turn_is_illegal() -> None:
    ruling = rule(table(ben=[9, 2]), play(9, "lower", player="Ben"))
    assert_illegal(ruling, "not-your-turn", "higher-lower:4.1")


def test_laying_the_last_card_wins_the_game() -> None:
    ruling = rule(table(ana=[9]), play(9, "lower"))
    after = assert_legal(ruling, "player-wins", "higher-lower:2.1")
    assert after["players"][0]["hand"] == []
    assert "wins" in ruling.summary


def test_no_move_is_legal_once_a_player_is_out() -> None:
    ruling = rule(table(ana=[9, 3], ben=[]), play(9, "lower"))
    assert_illegal(ruling, "game-over", "higher-lower:2.1")
    assert "higher-lower:game-ends-when-someone-is-out" in ruling.interpretations


def test_a_hidden_hand_is_trusted_to_hold_the_card_it_lays() -> None:
    ruling = rule(table(ana=4), play(9, "lower"))
    after = assert_legal(ruling, "obeys-call", "higher-lower:4.2")
    assert after["players"][0]["hand"] == 3


def test_the_next_player_after_the_last_seat_is_the_first() -> None:
    ruling = rule(table(cy=[9, 2], turn="Cy", call_by="Ben"), play(9, "lower"))
    after = assert_legal(ruling, "call-made", "higher-lower:4.3")
    assert after["turn"] == "Ana"
