"""Disputes about the Substitution Phase (Substitution and Playmaker Modes)."""

from __future__ import annotations

import pytest

from .helpers import assert_illegal, assert_legal, game, hero, next_state, rule


def substitute(player: int = 0, card: str = "Ana-bench-1") -> dict:
    return {"kind": "substitute", "player": player, "hero": card}


def test_substitution_costs_two_hot_dogs_and_draws_a_replacement_to_the_bench() -> None:
    ruling = rule(game("substitution"), substitute())
    assert_legal(ruling, "substitution-replaces-hero", "4.2.2.2")
    assert_legal(ruling, "substitution-draws-replacement", "4.2.2.3")
    ana = next_state(ruling)["players"][0]
    assert ana["zones"][0]["id"] == "Ana-bench-1"
    assert ana["set_aside"][0]["id"] == "Ana-zone-1"
    assert ana["hot_dogs"] == 8 and ana["hot_dogs_discarded"] == 2
    assert [h["id"] for h in ana["bench"]][-1] == "Ana-deck-1"
    assert len(ana["bench"]) == 4
    assert "bo-jackson-battle-arena:substituted-hero-set-aside" in ruling.interpretations


def test_second_substitution_in_one_battle_is_illegal() -> None:
    state = game("substitution", to_act=1, ana={"substituted": True})
    assert_illegal(rule(state, substitute()), "one-substitution-per-battle", "4.2.2.4")


def test_second_substitution_in_playmaker_cites_the_playmaker_rule() -> None:
    state = game("playmaker", phase="plays", to_act=0, ana={"substituted": True})
    assert_illegal(rule(state, substitute()), "one-substitution-per-battle-in-playmaker", "4.3.2.4")


def test_substitution_with_one_hot_dog_is_illegal() -> None:
    state = game("substitution", ana={"hot_dogs": 1})
    assert_illegal(rule(state, substitute()), "substitution-costs-two-hot-dogs", "4.2.2.1")


def test_player_without_honors_cannot_substitute_first() -> None:
    state = game("substitution", honors=1)
    assert_illegal(rule(state, substitute()), "substitution-in-honors-order", "4.2.2.1")


def test_honors_player_who_kept_their_hero_cannot_substitute_later() -> None:
    state = game("substitution", honors=0, to_act=1)
    assert_illegal(rule(state, substitute()), "substitution-in-honors-order", "4.2.2.1")


def test_other_player_substitutes_after_honors_decided() -> None:
    state = game("substitution", honors=0, to_act=1)
    ruling = rule(state, substitute(1, "Ben-bench-2"))
    assert_legal(ruling, "substitution-replaces-hero", "4.2.2.2")
    assert next_state(ruling)["phase"] == "compare"


def test_in_playmaker_the_play_phase_follows_both_substitution_decisions() -> None:
    state = game("playmaker", honors=1, to_act=0)
    ruling = rule(state, {"kind": "keep-hero", "player": 0})
    assert_legal(ruling, "substitution-is-optional-in-playmaker", "4.3.2.1")
    after = next_state(ruling)
    assert (after["phase"], after["to_act"]) == ("plays", 1)


def test_substituting_a_hero_from_the_hero_deck_is_illegal() -> None:
    state = game("substitution")
    assert_illegal(rule(state, substitute(0, "Ana-deck-1")), "substitute-from-bench", "4.2.2.1")


def test_substituting_after_the_reveal_is_illegal() -> None:
    state = game("substitution", phase="compare")
    assert_illegal(rule(state, substitute()), "substitution-before-reveal", "4.2.2.1")


def test_there_is_no_substitution_in_rookie_mode() -> None:
    state = game("rookie")
    assert_illegal(rule(state, substitute()), "no-substitution-in-rookie", "4.1.2.6")


def test_empty_hero_deck_means_no_replacement_is_drawn() -> None:
    state = game("substitution", ana={"deck": []})
    ruling = rule(state, substitute())
    assert ruling.legal
    assert len(next_state(ruling)["players"][0]["bench"]) == 3
    assert "bo-jackson-battle-arena:empty-deck-no-draw" in ruling.interpretations


def test_a_new_battle_allows_a_new_substitution() -> None:
    state = game(
        "substitution", phase="compare", ana={"substituted": True, "current": hero("big", 200)}
    )
    after = next_state(rule(state, {"kind": "resolve-battle"}))
    assert after["players"][0]["substituted"] is False
    assert rule(after, substitute()).legal


@pytest.mark.parametrize(
    ("mode", "suffix", "section"),
    [("substitution", "", "4.2.2"), ("playmaker", "-in-playmaker", "4.3.2")],
)
def test_each_mode_cites_its_own_substitution_rules(mode: str, suffix: str, section: str) -> None:
    legal = rule(game(mode), substitute())
    assert_legal(legal, "substitution-replaces-hero" + suffix, f"{section}.2")
    assert_legal(legal, "substitution-draws-replacement" + suffix, f"{section}.3")
    assert_legal(legal, "substitution-costs-two-hot-dogs" + suffix, f"{section}.1")
    kept = rule(game(mode), {"kind": "keep-hero", "player": 0})
    assert_legal(kept, "substitution-is-optional" + suffix, f"{section}.1")
    broke = rule(game(mode, ana={"hot_dogs": 0}), substitute())
    assert_illegal(broke, "substitution-costs-two-hot-dogs" + suffix, f"{section}.1")
    early = rule(game(mode, honors=1), substitute())
    assert_illegal(early, "substitution-in-honors-order" + suffix, f"{section}.1")
    from_deck = rule(game(mode), substitute(0, "Ana-deck-2"))
    assert_illegal(from_deck, "substitute-from-bench" + suffix, f"{section}.1")
    late = rule(game(mode, phase="compare"), substitute())
    assert_illegal(late, "substitution-before-reveal" + suffix, f"{section}.1")
    unfinished = rule(game(mode), {"kind": "resolve-battle"})
    assert_illegal(unfinished, "substitution-phase-not-over" + suffix, f"{section}.1")
