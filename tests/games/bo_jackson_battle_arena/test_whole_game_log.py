"""Whole games of Bo Jackson Battle Arena ruled as one log, battle 1 to the end: the log says
who won and by which rule (a majority of the seven battles, 4.4.1.1; a tie, 4.4.2.1; Sudden
Death, 4.4.3.x), and a log that breaks names who broke it."""

from __future__ import annotations

from typing import Any

from games.bo_jackson_battle_arena.rules import RULES

from .helpers import assert_illegal, game, hero

RESOLVE = {"kind": "resolve-battle"}


def zones(powers: list[int], prefix: str) -> list[dict[str, Any]]:
    return [hero(f"{prefix}-{i + 1}", p) for i, p in enumerate(powers)]


def rookie(ana: list[int], ben: list[int], **kw: Any) -> dict[str, Any]:
    state = game("rookie", **kw)
    state["players"][0]["zones"] = zones(ana, "a")
    state["players"][1]["zones"] = zones(ben, "b")
    return state


def _won(ruled: Any) -> Any:
    assert ruled.final_state is not None
    return RULES.game_result(RULES.parse_state(ruled.final_state)).reasons[0]


def test_a_game_won_four_battles_to_two_names_the_winner_and_the_majority_rule() -> None:
    # Ana wins battles 1, 3, 5 and 6; Ben wins 2 and 7; battle 4 is drawn.
    state = rookie([150, 90, 120, 100, 130, 110, 90], [140, 100, 110, 100, 120, 100, 95])
    ruled = RULES.rule_sequence_json(state, [RESOLVE] * 7)
    assert ruled.verdict == "legal", ruled.summary
    assert ruled.game_over and ruled.winner == "Ana"
    assert ruled.first_illegal is None and ruled.first_illegal_by is None
    assert ruled.result == "Ana wins the game, having won more of the seven battles: 4 to 2."
    assert ruled.answer == (
        "Ana wins the game, having won more of the seven battles: 4 to 2. Every move is legal."
    )
    won = _won(ruled)
    assert (won.code, won.rule) == ("majority-of-battles-wins", "bo-jackson-battle-arena:4.4.1.1")


def test_a_tied_game_with_ties_allowed_has_no_winner_and_says_so() -> None:
    state = rookie([150, 100, 120, 90, 130, 110, 100], [140, 100, 125, 95, 120, 100, 110])
    ruled = RULES.rule_sequence_json(state, [RESOLVE] * 7)
    assert ruled.game_over and ruled.winner is None
    assert ruled.result == "The game is a tie, 3 battles each."
    assert (_won(ruled).code, _won(ruled).rule) == (
        "equal-battles-tie",
        "bo-jackson-battle-arena:4.4.2.1",
    )


def test_a_game_won_in_sudden_death_names_the_sudden_death_rule() -> None:
    state = rookie(
        [150, 100, 120, 90, 130, 110, 100], [140, 100, 125, 95, 120, 100, 110], ties_allowed=False
    )
    state["players"][0]["hero_deck"] = [hero("a-top", 120)]
    state["players"][1]["hero_deck"] = [hero("b-top", 100)]
    ruled = RULES.rule_sequence_json(state, [*[RESOLVE] * 7, {"kind": "sudden-death"}])
    assert ruled.verdict == "legal", ruled.summary
    assert ruled.game_over and ruled.winner == "Ana"
    assert ruled.answer.startswith("Ana wins the game in Sudden Death")
    assert (_won(ruled).code, _won(ruled).rule) == (
        "sudden-death-higher-power",
        "bo-jackson-battle-arena:4.4.3.2",
    )


def test_a_tie_broken_by_a_super_weapon_in_sudden_death_names_that_rule() -> None:
    state = rookie(
        [150, 100, 120, 90, 130, 110, 100], [140, 100, 125, 95, 120, 100, 110], ties_allowed=False
    )
    state["players"][0]["hero_deck"] = [hero("a-top", 100, "Super")]
    state["players"][1]["hero_deck"] = [hero("b-top", 100, "Steel")]
    ruled = RULES.rule_sequence_json(state, [*[RESOLVE] * 7, {"kind": "sudden-death"}])
    assert ruled.winner == "Ana"
    assert _won(ruled).rule == "bo-jackson-battle-arena:4.4.3.4"


def test_a_move_after_the_game_is_over_is_the_first_illegal_one_and_names_its_maker() -> None:
    state = rookie([150, 90, 120, 100, 130, 110, 90], [140, 100, 110, 100, 120, 100, 95])
    ruled = RULES.rule_sequence_json(state, [*[RESOLVE] * 7, {"kind": "pass", "player": 1}])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 7
    assert ruled.first_illegal_by == "Ben"
    assert not ruled.game_over and ruled.winner is None
    assert_illegal(ruled.rulings[-1], "game-over", "4.4.1.1")
