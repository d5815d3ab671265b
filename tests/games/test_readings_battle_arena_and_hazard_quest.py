"""Battle Arena and Super Hazard Quest: readings that decide, and only those. Each open point
the engines consult is either ruled both ways (`ours`), so that a ruling is flagged only where
its answer turns on it, or is no open point at all (`NEVER_TURNS`: a model of what the book
shows, or what the reference lacks, taken at the player's word)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.bo_jackson_battle_arena import reasons as BA
from games.core.readings import flipped
from games.super_hazard_quest import reasons as SHQ
from games.super_hazard_quest import transitions as T
from tests.games.bo_jackson_battle_arena.helpers import game, hero, rule

RESOLVE = {"kind": "resolve-battle"}
GAMES = Path(__file__).resolve().parents[2] / "games"


def _last_battle(ana_trophies: int, ben_trophies: int, draws: int) -> dict:
    return game(
        "rookie",
        battle=7,
        ana={"current": hero("a", 150), "trophies": ana_trophies},
        ben={"current": hero("b", 100), "trophies": ben_trophies},
        draws=draws,
    )


def test_three_battles_to_one_with_draws_wins_on_our_reading_of_a_majority() -> None:
    # Ana wins battle 7: 3 battles to Ben's 1, three drawn; nobody has four.
    state = _last_battle(2, 1, 3)
    ruled = rule(state, RESOLVE)
    with flipped(BA.MAJORITY):
        other = rule(state, RESOLVE)
    assert ruled.legal and ruled.next_state is not None and ruled.next_state["winner"] == 0
    assert other.next_state is not None and other.next_state["winner"] is None  # a tie
    assert ruled.deciding_rule == "bo-jackson-battle-arena:4.4.1.1"
    assert [t.key for t in ruled.readings_deciding] == [BA.MAJORITY]
    assert ruled.readings_deciding[0].other_answer == other.answer


def test_four_battles_won_is_not_flagged() -> None:
    ruled = rule(_last_battle(3, 1, 2), RESOLVE)
    assert ruled.legal and ruled.readings_deciding == []


def test_a_super_weapon_breaking_a_tie_outside_playmaker_turns_on_our_reading() -> None:
    state = game(
        "substitution",
        phase="compare",
        ana={"current": hero("a", 120, "Super")},
        ben={"current": hero("b", 120, "Steel")},
    )
    ruled = rule(state, RESOLVE)
    assert ruled.answer.startswith("Battle 1 is a draw")
    assert [t.key for t in ruled.readings_deciding] == [BA.PLAYMAKER_ONLY]
    assert ruled.readings_deciding[0].other_answer.startswith("Ana wins battle 1")


def test_a_plain_higher_power_is_not_flagged() -> None:
    state = game("rookie", ana={"current": hero("a", 150, "Super")}, ben={"current": hero("b")})
    ruled = rule(state, RESOLVE)
    assert ruled.legal and ruled.readings_deciding == []


def test_a_discard_turn_with_a_way_open_turns_on_our_reading() -> None:
    from games.super_hazard_quest.rules import EXAMPLE_STATE, RULES

    move = {"kind": "discard-turn", "player": "Ana", "discard": ["a"]}
    ruled = RULES.rule_json(EXAMPLE_STATE, move)
    assert not ruled.legal
    assert ruled.deciding_rule == "super-hazard-quest:6.1"
    assert [t.key for t in ruled.readings_deciding] == [T.DISCARD_RULING]
    assert ruled.readings_deciding[0].other_verdict == "legal"


# ----- every open point these engines consult is accounted for

FLIPPED = {
    BA.MAJORITY,
    BA.PLAYMAKER_ONLY,
    T.DISCARD_RULING,
    T.WOUND_RULING,
    T.FIGHT_RULING,
    T.SCRAMBLER_RULING,
    T.LEAP_RULING,
    T.BATTLE_RULING,
    T.BATTLE_WOUND_RULING,
    T.TRAP_DOOR_RULING,
    T.HAZARD_ITEM_RULING,
    T.TRADE_RULING,
    T.TIE_RULING,
    BA.TIES,
    BA.SET_ASIDE,
    BA.TO_BENCH,
    BA.EMPTY_DECK,
    BA.VARIATION,
    BA.PLAYS_BY_NAME,
    BA.HTD_COUNTS,
    BA.SEALED,
    BA.DBS_FORMATS,
    BA.TEAM,
}


def _consulted(package: str) -> set[str]:
    """The names of the readings a game's code asks `ours(...)` about."""
    text = "\n".join(p.read_text() for p in (GAMES / package).glob("*.py"))
    return set(re.findall(r"ours\((?:R\.|rr\.)?([A-Z_]+)\)", text))


@pytest.mark.parametrize(
    ("package", "module", "interpretations"),
    [
        ("bo_jackson_battle_arena", BA, BA.INTERPRETATIONS),
        ("super_hazard_quest", T, SHQ.INTERPRETATIONS),
    ],
)
def test_every_reading_is_ruled_both_ways_never_turns_or_is_listed_as_open(
    package: str, module: object, interpretations: frozenset[str]
) -> None:
    consulted = {getattr(module, name) for name in _consulted(package)}
    never = package_never(package)
    assert consulted == {k for k in FLIPPED if k in interpretations}
    assert not consulted & never
    assert never <= interpretations


def package_never(package: str) -> frozenset[str]:
    return BA.NEVER_TURNS if package == "bo_jackson_battle_arena" else SHQ.NEVER_TURNS


def test_the_other_readings_answer_in_their_own_words() -> None:
    from games.super_hazard_quest.rules import EXAMPLE_STATE, RULES

    move = {"kind": "discard-turn", "player": "Ana", "discard": ["a"]}
    discard = RULES.rule_json(EXAMPLE_STATE, move).readings_deciding[0].other_answer
    assert discard == "Yes, Ana can take a Discard Turn: a Discard Turn may be taken at any time."
    majority = rule(_last_battle(2, 1, 3), RESOLVE).readings_deciding[0].other_answer
    assert majority == (
        "Ana wins battle 7. Nobody has won 4 of the 7 battles (3 to 1): the game ends in a tie."
    )
