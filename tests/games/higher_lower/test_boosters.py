"""Disputes about booster cards: when, how many, at whom. Their texts are not known."""

from __future__ import annotations

from .helpers import assert_illegal, assert_legal, booster, rule, table


def test_a_booster_on_your_own_turn_at_an_opponent_is_legal() -> None:
    ruling = rule(table(boosters=["Rare", "Epic"]), booster("Rare", "Ben"))
    after = assert_legal(ruling, "booster-on-own-turn", "higher-lower:5.1")
    assert "higher-lower:5.4" in ruling.cited_rules()
    assert after["players"][0]["boosters"] == ["Epic"]
    assert after["turn"] == "Ana"


def test_a_booster_ruling_says_its_text_is_not_in_the_reference() -> None:
    ruling = rule(table(boosters=["Rare"]), booster("Rare", "Ben"))
    assert_legal(ruling, "booster-card-text", "higher-lower:5.6")
    assert any("not in the reference" in note for note in ruling.notes)
    assert "higher-lower:booster-text-not-in-reference" in ruling.interpretations


def test_a_booster_on_another_players_turn_is_illegal() -> None:
    ruling = rule(table(turn="Ben", call_by="Ana"), booster("Rare", "Cy", player="Ana"))
    assert_illegal(ruling, "booster-not-your-turn", "higher-lower:5.1")
    assert "higher-lower:boosters-before-your-card" in ruling.interpretations


def test_a_booster_may_be_aimed_at_an_opponent_who_is_not_on_your_left() -> None:
    ruling = rule(table(), booster("Epic", "Cy"))
    assert_legal(ruling, "booster-at-opponent", "higher-lower:5.4")


def test_a_booster_may_not_be_aimed_at_yourself() -> None:
    ruling = rule(table(), booster("Epic", "Ana"))
    assert_illegal(ruling, "booster-at-self", "higher-lower:5.4")
    assert any("not in the reference" in note for note in ruling.notes)


def test_a_booster_with_no_target_is_legal() -> None:
    ruling = rule(table(), booster("Common", None))
    assert_legal(ruling, "booster-on-own-turn", "higher-lower:5.1")


def test_several_boosters_may_be_played_in_one_turn() -> None:
    first = rule(table(boosters=["Rare", "Ultimate", "Common"]), booster("Rare", "Ben"))
    after = assert_legal(first, "boosters-any-number", "higher-lower:5.3")
    second = rule(after, booster("Ultimate", "Cy"))
    after = assert_legal(second, "boosters-any-number", "higher-lower:5.3")
    third = rule(after, booster("Common", None))
    after = assert_legal(third, "booster-on-own-turn", "higher-lower:5.1")
    assert after["players"][0]["boosters"] == []


def test_no_booster_once_the_game_is_over() -> None:
    ruling = rule(table(cy=[]), booster("Rare", "Ben"))
    assert_illegal(ruling, "game-over", "higher-lower:2.1")
