"""Disputes about the end of the game: majority, ties and Sudden Death."""

from __future__ import annotations

from .helpers import assert_illegal, assert_legal, game, hero, next_state, rule, sudden_death

RESOLVE = {"kind": "resolve-battle"}
SUDDEN = {"kind": "sudden-death"}


def last_battle(ana_wins: int, ben_wins: int, ana_power: int = 100, **kw: object) -> dict:
    return game(
        "rookie",
        battle=7,
        ana={"trophies": ana_wins, "current": hero("a7", ana_power)},
        ben={"trophies": ben_wins},
        **kw,  # type: ignore[arg-type]
    )


def test_more_battles_won_after_seven_wins_the_game() -> None:
    ruling = rule(last_battle(3, 3, ana_power=150), RESOLVE)
    assert_legal(ruling, "majority-of-battles-wins", "4.4.1.1")
    after = next_state(ruling)
    assert (after["phase"], after["winner"]) == ("game-over", 0)


def test_three_wins_to_two_with_two_draws_still_wins() -> None:
    ruling = rule(last_battle(2, 2, ana_power=150), RESOLVE)
    assert next_state(ruling)["winner"] == 0
    assert "bo-jackson-battle-arena:majority-means-more-battles" in ruling.interpretations


def test_equal_battles_is_a_tie_when_ties_are_allowed() -> None:
    ruling = rule(last_battle(3, 3), RESOLVE)
    assert_legal(ruling, "equal-battles-tie", "4.4.2.1")
    after = next_state(ruling)
    assert (after["phase"], after["winner"]) == ("game-over", None)


def test_tie_goes_to_sudden_death_when_a_tie_is_not_possible() -> None:
    ruling = rule(last_battle(3, 3, ties_allowed=False), RESOLVE)
    assert_legal(ruling, "tie-goes-to-sudden-death", "4.4.2.2")
    assert next_state(ruling)["phase"] == "sudden-death"
    assert (
        "bo-jackson-battle-arena:tie-not-possible-means-tiebreakers-active"
        in ruling.interpretations
    )


def test_sudden_death_goes_to_the_higher_power() -> None:
    ruling = rule(
        sudden_death(hero("a", 150), hero("b", 160)), {"kind": "sudden-death", "claim": 1}
    )
    assert_legal(ruling, "sudden-death-higher-power", "4.4.3.2")
    assert next_state(ruling)["winner"] == 1


def test_claiming_sudden_death_with_the_lower_power_is_illegal() -> None:
    ruling = rule(
        sudden_death(hero("a", 150), hero("b", 160)), {"kind": "sudden-death", "claim": 0}
    )
    assert_illegal(ruling, "sudden-death-higher-power", "4.4.3.2")


def test_super_weapon_wins_a_tied_sudden_death() -> None:
    ruling = rule(sudden_death(hero("a", 150, "Super"), hero("b", 150)), SUDDEN)
    assert_legal(ruling, "sudden-death-super-weapon", "4.4.3.4")
    assert next_state(ruling)["winner"] == 0


def test_tied_sudden_death_reveals_again() -> None:
    ruling = rule(sudden_death(hero("a", 150, "Super"), hero("b", 150, "Super")), SUDDEN)
    assert_legal(ruling, "sudden-death-repeat", "4.4.3.3")
    after = next_state(ruling)
    assert after["phase"] == "sudden-death"
    assert after["players"][0]["hero_deck"][0]["id"] == "a-next"
    assert "bo-jackson-battle-arena:sudden-death-tied-supers-repeat" in ruling.interpretations


def test_sudden_death_before_the_game_is_tied_is_illegal() -> None:
    assert_illegal(rule(game("rookie", battle=5), SUDDEN), "no-sudden-death", "4.4.2.2")


def test_no_battle_after_the_tie_went_to_sudden_death() -> None:
    state = sudden_death(hero("a", 1), hero("b", 2))
    assert_illegal(rule(state, RESOLVE), "sudden-death-pending", "4.4.2.2")


def test_no_move_once_the_game_is_over() -> None:
    state = game(
        "substitution",
        battle=7,
        phase="game-over",
        winner=0,
        ana={"trophies": 4},
        ben={"trophies": 3},
    )
    assert_illegal(rule(state, {"kind": "keep-hero", "player": 0}), "game-over", "4.4.1.1")
