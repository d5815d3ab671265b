"""Disputes brought by the website's seats ("You" and "Your opponent"): the answers read right
with either, and a Hero's Power is said with its unit."""

from __future__ import annotations

from .helpers import game, hero, rule

RESOLVE = {"kind": "resolve-battle"}


def seated(state: dict) -> dict:
    state["players"][0]["name"] = "You"
    state["players"][1]["name"] = "Your opponent"
    return state


def test_claiming_a_battle_your_opponent_won_reads_won_by_your_opponent_not_by_you() -> None:
    state = seated(game("rookie", ana={"current": hero("a", 100)}, ben={"current": hero("b", 140)}))
    ruling = rule(state, {"kind": "resolve-battle", "claim": 0})
    assert not ruling.legal
    assert ruling.summary == "Battle 1 is won by your opponent, not won by you."
    assert ruling.deciding_rule == "bo-jackson-battle-arena:4.1.2.2"


def test_the_powers_compared_read_with_their_unit() -> None:
    both = {"ana": {"current": hero("Bo", 100)}, "ben": {"current": hero("b", 140)}}
    state = seated(game("rookie", **both))
    ruling = rule(state, RESOLVE)
    assert ruling.answer == "Your opponent wins battle 1."
    assert ruling.reasons[0].detail == "Your Bo has 100 Power; your opponent's b has 140 Power"


def test_a_substitution_names_each_hero_with_its_power() -> None:
    state = seated(
        game("substitution", ana={"current": hero("Bo", 100)}, ben={"current": hero("b", 140)})
    )
    ruling = rule(state, {"kind": "substitute", "player": 0, "hero": "Ana-bench-1"})
    assert ruling.legal
    assert ruling.answer == (
        "Yes, you can substitute Ana-bench-1 (120 Power) for Bo (100 Power), paying 2 Hot Dogs."
    )
    details = [r.detail for r in ruling.reasons]
    assert "you pay 2 of your 10 Hot Dogs" in details
    assert not any("You pays" in d or "You's" in d for d in details)


def test_keeping_your_hero_when_your_opponent_has_honors_reads_your_turn() -> None:
    state = seated(game("substitution"))
    state["honors"] = state["to_act"] = 1
    ruling = rule(state, {"kind": "keep-hero", "player": 0})
    assert not ruling.legal
    assert ruling.summary == "It is not your turn to substitute."
    assert ruling.reasons[0].detail == "your opponent has honors and decides first"
