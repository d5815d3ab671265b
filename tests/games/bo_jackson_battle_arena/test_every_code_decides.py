"""Disputes where a reason code that can decide is the rule a player shows: each names the
deciding rule and the answer's words (tests/games/test_deciding_rules.py)."""

from __future__ import annotations

from .helpers import check, deck, game, hero, key, legal_heroes, rule

SETUP = {"kind": "check-setup"}


def dealt(who: str) -> list[dict]:
    """What a Hero Deck of 60 holds after 7 Heroes to the Battle Zones and 4 to the Bench."""
    return [hero(f"{who}-deck-{i + 1}") for i in range(49)]


def test_hilo_madness_with_ten_hot_dogs_is_not_legal() -> None:
    """HiLo Madness brings 4 Hot Dogs (9.8), not the 10 of Substitution or Playmaker."""
    ruling = check(deck(legal_heroes(60), plays=[], hot_dogs=10), "hilo-madness")
    assert not ruling.legal
    assert ruling.reasons[0].code == "hilo-hot-dog-deck-four"
    assert ruling.deciding_rule == key("9.8")
    assert "10 Hot Dogs" in ruling.answer and "exactly 4" in ruling.answer
    assert ruling.answer.startswith("No, this deck is not legal for HiLo Madness")


def test_hilo_madness_with_four_hot_dogs_is_legal() -> None:
    ruling = check(deck(legal_heroes(60), plays=[], hot_dogs=4), "hilo-madness")
    assert ruling.legal
    assert ruling.deciding_rule == key("9.8")
    assert ruling.answer.startswith("Yes, this deck is legal for HiLo Madness")


def test_a_rookie_setup_of_seven_heroes_in_the_zones_is_right() -> None:
    state = game("rookie", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")})
    for p in state["players"]:
        p["hero_deck"] = [hero(f"{p['name']}-deck-{i + 1}") for i in range(53)]
    ruling = rule(state, SETUP)
    assert ruling.legal, ruling.summary
    assert [r.code for r in ruling.reasons] == ["setup-is-right"]
    assert ruling.deciding_rule == key("4.1.1.6")
    assert ruling.answer.startswith("Yes, that setup is right")
    assert "53" in ruling.answer


def test_a_substitution_setup_with_a_bench_of_four_and_ten_hot_dogs_is_right() -> None:
    ruling = rule(
        game("substitution", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")}), SETUP
    )
    assert ruling.legal, ruling.summary
    assert [r.code for r in ruling.reasons] == ["setup-is-right-in-substitution"]
    assert ruling.deciding_rule == key("4.2.1.4")
    assert ruling.answer.startswith("Yes, that setup is right")
    assert "49" in ruling.answer


def test_a_table_at_battle_three_is_not_a_setup() -> None:
    ruling = rule(game("rookie", battle=3, ana={"trophies": 1}, ben={"trophies": 1}), SETUP)
    assert not ruling.legal
    assert ruling.reasons[0].code == "setup-not-battle-one"
    assert ruling.deciding_rule == key("4.1.2.5")
    assert "not a setup" in ruling.answer and "battles have been played" in ruling.answer
