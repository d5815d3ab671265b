"""The website's dispute forms build states the engine accepts, and answer as a player expects."""

from __future__ import annotations

from games.bo_jackson_battle_arena.questions import (
    CanIRunAPlay,
    CanISubstitute,
    IsMyDeckLegal,
    WhoWinsSuddenDeath,
    WhoWinsThisBattle,
)
from games.core import Ruling

from .helpers import RULES, assert_illegal, assert_legal, rule

QUESTIONS = {q.slug: q for q in RULES.questions}


def ask(slug: str, form: object) -> Ruling:
    state, move = QUESTIONS[slug].build(form)
    return rule(state, move)


def test_every_question_builds_a_state_the_engine_rules_on() -> None:
    for question in RULES.questions:
        state, move = question.build(question.form())
        assert RULES.rule_json(state, move).summary


def test_can_i_substitute_again_this_battle() -> None:
    form = CanISubstitute(i_have_honors=True, i_already_substituted_this_battle=True)
    assert_illegal(ask("can-i-substitute", form), "one-substitution-per-battle", "4.2.2.4")


def test_can_i_substitute_after_substituting_without_honors() -> None:
    form = CanISubstitute(
        mode="playmaker", i_have_honors=False, i_already_substituted_this_battle=True
    )
    assert_illegal(
        ask("can-i-substitute", form), "one-substitution-per-battle-in-playmaker", "4.3.2.4"
    )


def test_can_i_substitute_before_my_opponent_with_honors() -> None:
    form = CanISubstitute(i_have_honors=False, opponent_has_decided=False)
    assert_illegal(ask("can-i-substitute", form), "substitution-in-honors-order", "4.2.2.1")


def test_can_i_substitute_with_one_hot_dog() -> None:
    form = CanISubstitute(my_hot_dogs=1)
    assert_illegal(ask("can-i-substitute", form), "substitution-costs-two-hot-dogs", "4.2.2.1")


def test_who_wins_a_playmaker_tie_with_a_super_weapon() -> None:
    form = WhoWinsThisBattle(
        my_hero_power=120,
        opponent_hero_power=110,
        opponent_power_change_from_plays=10,
        opponent_hero_weapon="Super",
        claim="I win",
    )
    assert_illegal(ask("who-wins-this-battle", form), "super-tie-breaker", "4.3.2.13")


def test_can_i_run_a_play_after_passing() -> None:
    form = CanIRunAPlay(i_have_honors=True, i_already_passed=True)
    assert_illegal(ask("can-i-run-a-play", form), "play-opportunity-used", "4.3.2.9")


def test_can_i_run_a_play_before_my_opponent_with_honors_passed() -> None:
    form = CanIRunAPlay(i_have_honors=False, opponent_has_passed=False)
    assert_illegal(ask("can-i-run-a-play", form), "honors-plays-first", "4.3.2.8")


def test_who_wins_sudden_death_with_a_super_weapon() -> None:
    form = WhoWinsSuddenDeath(
        my_revealed_power=150, my_revealed_weapon="Super", opponent_revealed_power=150
    )
    assert_legal(ask("who-wins-sudden-death", form), "sudden-death-super-weapon", "4.4.3.4")


def test_is_my_deck_legal_from_typed_lines() -> None:
    heroes = [f"Hero {i}; {50 + 5 * (i // 5)}; fire" for i in range(60)]
    plays = [f"Play {i}; play; 20" for i in range(30)] + ["Copycat; bonus-play; 25"]
    form = IsMyDeckLegal(format="spec-playmaker", heroes=heroes, plays=plays, hot_dogs=10)
    ruling = ask("is-my-deck-legal", form)
    assert ruling.legal, ruling.summary
    form = IsMyDeckLegal(format="spec-playmaker", heroes=heroes, plays=plays, hot_dogs=9)
    assert_illegal(ask("is-my-deck-legal", form), "hot-dog-deck-ten-in-playmaker", "4.3.1.5")
