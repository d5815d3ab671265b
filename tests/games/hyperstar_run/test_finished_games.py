"""Disputes about a finished game: the win, each achievement, and challenge mode."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import assert_illegal, assert_legal, board, claim, face, rule


def _won(difficulty: str, run: int = 1, **kw: Any) -> dict:
    size = {"tutorial": 9, "standard": 10, "hard": 11, "expert": 12}[difficulty] - run + 1
    return board(difficulty, run=run, hero=size, outcome="won", **kw)


def test_passing_the_final_card_wins() -> None:
    assert_legal(rule(_won("hard"), claim()), "game-won", "9.1")


def test_a_lost_game_earns_nothing() -> None:
    state = board("hard", run=4, outcome="lost")
    assert_illegal(rule(state, claim("speed-runner")), "game-not-won", "9.1")


def test_button_masher_needs_three_neighbouring_three_star_cards() -> None:
    stars = face("A", enemy="* * *")
    state = _won("tutorial", level=[face("B", enemy="B"), stars, stars, stars], pressed=(1,))
    ruling = rule(state, claim("button-masher"))
    assert_legal(ruling, "button-masher-earned", "11.2")
    assert "hyperstar-run:three-star-cost" in ruling.interpretations


def test_button_masher_is_not_earned_when_the_three_star_cards_are_apart() -> None:
    stars = face("A", enemy="* * *")
    state = _won("tutorial", level=[stars, stars, face("B", enemy="B"), stars])
    assert_illegal(rule(state, claim("button-masher")), "button-masher-not-earned", "11.2")


def test_button_masher_needs_a_tutorial_game() -> None:
    stars = face("A", enemy="* * *")
    state = _won("standard", level=[stars, stars, stars])
    assert_illegal(rule(state, claim("button-masher")), "button-masher-not-earned", "11.2")


def test_well_equipped_needs_an_equipment_card_left_in_hand() -> None:
    kept = _won("standard", equipment_discarded=(True, False))
    assert_legal(rule(kept, claim("well-equipped")), "well-equipped-earned", "11.3")
    spent = _won("standard", equipment_discarded=(True, True))
    assert_illegal(rule(spent, claim("well-equipped")), "well-equipped-not-earned", "11.3")


@pytest.mark.parametrize(("run", "earned"), [(1, True), (3, True), (4, False)])
def test_speed_runner_allows_no_more_than_three_runs(run: int, earned: bool) -> None:
    ruling = rule(_won("hard", run=run), claim("speed-runner"))
    if earned:
        assert_legal(ruling, "speed-runner-earned", "11.4")
    else:
        assert_illegal(ruling, "speed-runner-not-earned", "11.4")


def test_combo_pro_counts_the_final_card_among_the_unpressed() -> None:
    three_left = _won("expert", pressed=tuple(range(9)))
    assert_legal(rule(three_left, claim("combo-pro")), "combo-pro-earned", "11.5")
    two_left = _won("expert", pressed=tuple(range(10)))
    assert_illegal(rule(two_left, claim("combo-pro")), "combo-pro-not-earned", "11.5")


def test_a_challenge_is_won_only_with_the_achievement_met() -> None:
    met = _won("hard", run=2, challenge="speed-runner")
    assert_legal(rule(met, claim()), "challenge-met", "12.2")
    missed = _won("hard", run=4, challenge="speed-runner")
    assert_illegal(rule(missed, claim()), "challenge-not-met", "12.2")
