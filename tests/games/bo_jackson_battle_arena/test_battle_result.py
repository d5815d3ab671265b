"""Disputes about who wins a battle, the Trophy, honors and the Plays drawn after it."""

from __future__ import annotations

from .helpers import assert_illegal, assert_legal, game, hero, next_state, rule

RESOLVE = {"kind": "resolve-battle"}


def claim(who: int | str) -> dict:
    return {"kind": "resolve-battle", "claim": who}


def test_higher_power_wins_a_rookie_battle_and_takes_the_trophy() -> None:
    state = game(
        "rookie", battle=3, ana={"current": hero("a", 150)}, ben={"current": hero("b", 145)}
    )
    ruling = rule(state, claim(0))
    assert_legal(ruling, "higher-power-wins", "4.1.2.2")
    assert_legal(ruling, "trophy-to-winner", "4.1.2.4")
    after = next_state(ruling)
    assert after["players"][0]["trophies"] == 1 and after["battle"] == 4


def test_claiming_a_battle_your_hero_lost_is_illegal() -> None:
    state = game("rookie", ana={"current": hero("a", 140)}, ben={"current": hero("b", 145)})
    assert_illegal(rule(state, claim(0)), "higher-power-wins", "4.1.2.2")


def test_equal_power_is_a_draw_with_no_trophy() -> None:
    state = game("substitution", phase="compare")
    ruling = rule(state, claim("draw"))
    assert_legal(ruling, "equal-power-draw-in-substitution", "4.2.2.6")
    after = next_state(ruling)
    assert after["draws"] == 1 and [p["trophies"] for p in after["players"]] == [0, 0]


def test_super_weapon_does_not_break_a_tie_in_rookie_mode() -> None:
    state = game(
        "rookie", ana={"current": hero("a", 120, "Super")}, ben={"current": hero("b", 120)}
    )
    ruling = rule(state, claim(0))
    assert_illegal(ruling, "equal-power-draw", "4.1.2.3")
    assert "bo-jackson-battle-arena:super-tie-breaker-playmaker-only" in ruling.interpretations


def test_plays_change_who_wins_in_playmaker() -> None:
    state = game(
        phase="compare",
        ana={"current": hero("a", 130), "power_change": 20},
        ben={"current": hero("b", 140)},
    )
    assert_legal(rule(state, claim(0)), "higher-power-wins-in-playmaker", "4.3.2.11")


def test_super_tie_breaker_gives_the_tied_battle_to_the_super_weapon() -> None:
    state = game(
        phase="compare",
        ana={"current": hero("a", 130), "power_change": 10},
        ben={"current": hero("b", 140, "Super")},
    )
    ruling = rule(state, claim(0))
    assert_illegal(ruling, "super-tie-breaker", "4.3.2.13")
    assert next_state(rule(state, claim(1)))["players"][1]["trophies"] == 1


def test_two_super_weapons_tied_is_a_draw() -> None:
    state = game(
        phase="compare",
        ana={"current": hero("a", 140, "Super")},
        ben={"current": hero("b", 140, "Super")},
    )
    ruling = rule(state, claim(1))
    assert_illegal(ruling, "equal-power-draw-in-playmaker", "4.3.2.11")
    assert "bo-jackson-battle-arena:super-tie-breaker-both-super" in ruling.interpretations


def test_battle_winner_gets_honors_in_the_next_battle() -> None:
    state = game("substitution", phase="compare", honors=0, ben={"current": hero("b", 200)})
    ruling = rule(state, RESOLVE)
    assert_legal(ruling, "winner-gets-honors", "4.2.2.8")
    after = next_state(ruling)
    assert (after["honors"], after["to_act"], after["phase"]) == (1, 1, "substitution")


def test_after_a_draw_honors_stay_put() -> None:
    state = game("playmaker", phase="compare", honors=1)
    ruling = rule(state, RESOLVE)
    assert_legal(ruling, "draw-keeps-honors-in-playmaker", "4.3.2.15")
    assert next_state(ruling)["honors"] == 1


def test_each_player_draws_a_play_after_a_playmaker_battle() -> None:
    state = game("playmaker", phase="compare")
    ruling = rule(state, RESOLVE)
    assert_legal(ruling, "draw-a-play", "4.3.2.14")
    ana = next_state(ruling)["players"][0]
    assert len(ana["hand"]) == 5 and ana["hand"][-1]["id"] == "Ana-playbook-1"
    assert ana["power_change"] == 0


def test_resolving_during_the_substitution_phase_is_illegal() -> None:
    state = game("substitution")
    assert_illegal(rule(state, RESOLVE), "substitution-phase-not-over", "4.2.2.1")


def test_four_wins_are_noted_as_deciding_the_game() -> None:
    state = game("rookie", battle=4, ana={"trophies": 3, "current": hero("a", 200)}, ben={})
    ruling = rule(state, RESOLVE)
    assert any("won 4 of 7" in note for note in ruling.notes)
    assert next_state(ruling)["battle"] == 5
