"""Bo Jackson Battle Arena: a fifth round of disputes as players bring them from the rulebook
(battles, substitutions, the Play Phase, the end of the game, whole games as logs, deck and
setup checks, the deck-check tool), each ruled with its verdict, the one rule shown as
deciding, and a flag only where the answer turns on our reading of an open point.

Ana is player 0 and Ben player 1; every Battle Zone holds a 100-Power Steel Hero unless a test
puts another there (tests/games/bo_jackson_battle_arena/helpers.py)."""

from __future__ import annotations

from games.bo_jackson_battle_arena.rules import RULES
from tests.games.bo_jackson_battle_arena.helpers import (
    KEY,
    RESOLVE,
    SETUP,
    check,
    dealt,
    deck,
    deck_play,
    game,
    hero,
    keep,
    legal_heroes,
    passes,
    rule,
    run,
    settled,
    sub,
    sudden_death,
)

# ----- battles and the end of a battle (4.1.2, 4.2.2.5-8, 4.3.2.11-15)


def test_a_keep_hero_decision_in_rookie_mode() -> None:
    settled(rule(game("rookie"), keep(0)), False, "4.1.2.6")


def test_ana_claims_the_trophy_for_a_rookie_tie() -> None:
    settled(rule(game("rookie"), RESOLVE | {"claim": 0}), False, "4.1.2.3")


def test_a_super_weapon_breaks_a_playmaker_tie_for_ana() -> None:
    state = game("playmaker", phase="compare", ana={"current": hero("A", 100, "Super")})
    settled(rule(state, RESOLVE | {"claim": 0}), True, "4.3.2.13")


def test_ana_s_plus_20_play_breaks_a_playmaker_tie() -> None:
    state = game("playmaker", phase="compare", ana={"power_change": 20})
    settled(rule(state, RESOLVE | {"claim": 0}), True, "4.3.2.11")


def test_ana_keeps_honors_after_a_drawn_substitution_battle() -> None:
    # The move ruled is a substitution: its own rule decides it; who acts first is 4.2.2.8,
    # which the log (acting out of turn) cites when broken.
    ruled = RULES.rule_sequence_json(game("substitution"), [keep(0), keep(1), RESOLVE, sub(0)])
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[3], True, "4.2.2.1")


def test_ana_wins_4_to_3_though_ben_takes_battle_seven() -> None:
    state = game(
        "rookie",
        battle=7,
        ana={"trophies": 4},
        ben={"trophies": 2, "current": hero("b7", 150)},
    )
    settled(rule(state, RESOLVE), True, "4.4.1.1")


def test_a_super_weapon_wins_a_tied_sudden_death() -> None:
    ruling = rule(
        sudden_death(hero("A", 140, "Super"), hero("B", 140)), {"kind": "sudden-death", "claim": 0}
    )
    settled(ruling, True, "4.4.3.4")


# ----- substitutions (4.2.2.1-4, 4.3.2.1-4)


def test_ana_substitutes_with_one_hot_dog_left() -> None:
    settled(rule(game("substitution", ana={"hot_dogs": 1}), sub(0)), False, "4.2.2.1")


def test_ben_substitutes_before_ana_who_has_honors() -> None:
    settled(rule(game("substitution"), sub(1)), False, "4.2.2.1")


def test_a_second_substitution_in_one_substitution_mode_battle() -> None:
    ruled = RULES.rule_sequence_json(game("substitution"), [sub(0, 1), sub(0, 2)])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "4.2.2.4"


def test_a_play_in_substitution_mode() -> None:
    settled(rule(game("substitution"), run(0, "x")), False, "4.2.2.9")


# ----- the Play Phase (4.3.2.6-10)


def test_ben_runs_a_play_before_ana_with_honors_has_passed() -> None:
    settled(rule(game("playmaker", phase="plays"), run(1, "Ben-play-1")), False, "4.3.2.8")


def test_ana_runs_a_play_with_no_hot_dogs_left() -> None:
    state = game("playmaker", phase="plays", ana={"hot_dogs": 0})
    settled(rule(state, run(0, "Ana-play-1")), False, "4.3.2.6")


def test_ana_with_honors_passes_in_the_play_phase() -> None:
    settled(rule(game("playmaker", phase="plays"), passes(0)), True, "4.3.2.7")


# ----- decks and setups (4.1.1, 4.2.1, 4.3.1)


def test_a_rookie_deck_of_61_heroes() -> None:
    settled(check(deck(legal_heroes(61)), "rookie"), False, "4.1.1.1")


def test_a_substitution_deck_of_59_heroes() -> None:
    settled(check(deck(legal_heroes(59)), "substitution"), False, "4.2.1.1")


def test_a_playmaker_deck_of_59_heroes() -> None:
    settled(check(deck(legal_heroes(59)), "playmaker"), False, "4.3.1.1")


def test_a_substitution_deck_with_no_hot_dogs() -> None:
    settled(check(deck(hot_dogs=0), "substitution"), False, "4.2.1.2")


def test_a_playbook_with_one_play_twice() -> None:
    plays = [deck_play(f"Play {i}") for i in range(29)] + [deck_play("Play 0")]
    settled(check(deck(plays=plays), "playmaker"), False, "4.3.1.4")


def test_a_playbook_of_30_plays_and_two_bonus_plays() -> None:
    plays = [deck_play(f"Play {i}") for i in range(30)]
    plays += [deck_play(f"Bonus {i}", kind="bonus-play") for i in range(2)]
    settled(check(deck(plays=plays), "playmaker"), True, "4.3.1.3")


def test_a_substitution_setup_with_three_heroes_on_ana_s_bench() -> None:
    state = game("substitution", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")})
    state["players"][0]["bench"] = state["players"][0]["bench"][:3]
    settled(rule(state, SETUP), False, "4.2.1.5")
