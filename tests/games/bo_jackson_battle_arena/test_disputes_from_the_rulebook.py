"""Bo Jackson Battle Arena: disputes as players bring them, each ruled with its verdict, the one
rule shown as deciding, and a flag only where the answer turns on our reading of an open point.

Ana is player 0 and Ben player 1; every Battle Zone holds a 100-Power Steel Hero unless a test
puts another there (tests/games/bo_jackson_battle_arena/helpers.py)."""

from __future__ import annotations

from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.rules import RULES
from tests.games.bo_jackson_battle_arena.helpers import (
    JSON,
    KEY,
    RESOLVE,
    check,
    deck,
    deck_hero,
    deck_play,
    game,
    hero,
    legal_heroes,
    play_card,
    rule,
    settled,
    sudden_death,
)

SUDDEN: JSON = {"kind": "sudden-death"}


# ----- battles


def test_a_120_power_hero_beats_a_100_in_rookie_mode() -> None:
    ruling = rule(game("rookie", ana={"current": hero("Slugger", 120)}), RESOLVE | {"claim": 0})
    settled(ruling, True, "4.1.2.2")
    assert ruling.answer == "Ana wins battle 1."


def test_equal_power_is_a_draw_not_a_win_for_ana() -> None:
    ruling = rule(game("rookie"), RESOLVE | {"claim": 0})
    settled(ruling, False, "4.1.2.3")


def test_a_super_weapon_breaks_a_tie_in_playmaker() -> None:
    state = game("playmaker", phase="compare", ana={"current": hero("Swinger", 100, "Super")})
    settled(rule(state, RESOLVE), True, "4.3.2.13")


def test_a_super_weapon_breaking_a_tie_in_substitution_turns_on_our_reading() -> None:
    state = game("substitution", phase="compare", ana={"current": hero("Swinger", 100, "Super")})
    ruling = rule(state, RESOLVE)
    settled(ruling, True, "4.2.2.6", R.PLAYMAKER_ONLY)
    assert ruling.answer == "Battle 1 is a draw: no Trophy is placed."


def test_a_plus_30_play_turns_the_battle_anas_way() -> None:
    state = game(
        "playmaker", phase="compare", ana={"power_change": 30}, ben={"current": hero("B", 120)}
    )
    settled(rule(state, RESOLVE | {"claim": 1}), False, "4.3.2.11")


# ----- Hot Dogs and substitutions


def test_one_hot_dog_does_not_pay_for_a_substitution() -> None:
    state = game("substitution", ana={"hot_dogs": 1})
    ruling = rule(state, {"kind": "substitute", "player": 0, "hero": "Ana-bench-1"})
    settled(ruling, False, "4.2.2.1")
    assert ruling.answer == "No: Ana cannot substitute: Ana has 1 Hot Dog; a substitution costs 2."


def test_ben_cannot_substitute_before_ana_who_has_honors() -> None:
    ruling = rule(game("substitution"), {"kind": "substitute", "player": 1, "hero": "Ben-bench-1"})
    settled(ruling, False, "4.2.2.1")
    assert ruling.answer == "No: it is not Ben's turn to substitute."


def test_a_second_substitution_in_one_battle_is_refused() -> None:
    log = [
        {"kind": "substitute", "player": 0, "hero": "Ana-bench-1"},
        {"kind": "substitute", "player": 0, "hero": "Ana-bench-2"},
    ]
    ruled = RULES.rule_sequence_json(game("substitution"), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "4.2.2.4"


def test_rookie_mode_has_no_substitutions() -> None:
    ruling = rule(game("rookie"), {"kind": "substitute", "player": 0, "hero": "Ana-bench-1"})
    settled(ruling, False, "4.1.2.6")


# ----- the Play Phase and the Playbook


def test_ben_runs_no_play_before_ana_who_has_honors_passes() -> None:
    move = {"kind": "run-play", "player": 1, "play": "Ben-play-1", "power_change": 20}
    settled(rule(game("playmaker", phase="plays"), move), False, "4.3.2.8")


def test_a_3_hot_dog_play_with_1_hot_dog_left_cannot_be_run() -> None:
    state = game("playmaker", phase="plays", ana={"hot_dogs": 1, "hand": [play_card("Big", 3)]})
    move = {"kind": "run-play", "player": 0, "play": "Big", "power_change": 20}
    settled(rule(state, move), False, "4.3.2.6")


def test_substitution_mode_has_no_plays() -> None:
    move = {"kind": "run-play", "player": 0, "play": "x", "power_change": 20}
    ruling = rule(game("substitution", phase="compare"), move)
    settled(ruling, False, "4.2.2.9")
    assert ruling.answer == "No: there are no Plays in Substitution Mode."


def test_a_playbook_of_30_plays_and_2_bonus_plays_is_legal_by_the_bonus_plays_rule() -> None:
    plays = [deck_play(f"Play {i}") for i in range(30)]
    bonus = [deck_play("Bonus 1", "bonus-play"), deck_play("Bonus 2", "bonus-play")]
    settled(check(deck(plays=plays + bonus), "playmaker"), True, "4.3.1.3")


def test_bonus_plays_do_not_make_up_a_short_playbook() -> None:
    plays = [deck_play(f"Play {i}") for i in range(28)]
    bonus = [deck_play("Bonus 1", "bonus-play"), deck_play("Bonus 2", "bonus-play")]
    ruling = check(deck(plays=plays + bonus), "playmaker")
    settled(ruling, False, "4.3.1.2")
    assert "28 Plays besides 2 Bonus Plays" in ruling.answer


def test_a_play_twice_in_the_playbook_is_illegal() -> None:
    plays = [deck_play(f"Play {i}") for i in range(29)] + [deck_play("Play 0")]
    settled(check(deck(plays=plays), "playmaker"), False, "4.3.1.4")


def test_nine_hot_dogs_is_one_short() -> None:
    settled(check(deck(hot_dogs=9), "substitution"), False, "4.2.1.2")


def test_seven_heroes_of_one_power_is_one_too_many() -> None:
    heroes = [deck_hero(f"Hundred {i}", 100) for i in range(7)] + legal_heroes(53, base=200)
    settled(check(deck(heroes), "rookie"), False, "4.1.1.2")


# ----- the end of the game and Sudden Death


def test_four_battles_to_two_wins_the_game() -> None:
    state = game(
        "rookie", battle=7, ana={"trophies": 3, "current": hero("a7", 130)}, ben={"trophies": 2}
    )
    ruling = rule(state, RESOLVE)
    settled(ruling, True, "4.4.1.1")
    assert ruling.answer == "Ana wins battle 7. Ana wins the game, 4 battles to 2."


def test_three_each_with_ties_not_allowed_goes_to_sudden_death() -> None:
    state = game("rookie", battle=7, ties_allowed=False, ana={"trophies": 3}, ben={"trophies": 3})
    settled(rule(state, RESOLVE), True, "4.4.2.2")


def test_sudden_death_goes_to_the_higher_top_card() -> None:
    ruling = rule(sudden_death(hero("A", 150), hero("B", 130)), SUDDEN)
    settled(ruling, True, "4.4.3.2")
    assert ruling.answer == "Ana wins the game in Sudden Death."


def test_a_super_weapon_wins_a_tied_sudden_death() -> None:
    ruling = rule(sudden_death(hero("A", 150), hero("B", 150, "Super")), SUDDEN)
    settled(ruling, True, "4.4.3.4")
    assert ruling.answer == "Ben wins the game in Sudden Death."


def test_a_tied_sudden_death_without_a_super_weapon_reveals_again() -> None:
    ruling = rule(sudden_death(hero("A", 150), hero("B", 150)), SUDDEN | {"claim": 0})
    settled(ruling, False, "4.4.3.3")


def test_a_whole_rookie_game_logged_to_anas_win() -> None:
    state = game("rookie")
    for i, power in enumerate([150, 90, 150, 150, 90, 150, 100]):
        state["players"][0]["zones"][i] = hero(f"A{i}", power)
    ruled = RULES.rule_sequence_json(state, [RESOLVE] * 7)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "4.4.1.1" and ruled.readings_deciding == []
    assert ruled.answer.startswith("Ana wins the game, having won more of the seven battles")
