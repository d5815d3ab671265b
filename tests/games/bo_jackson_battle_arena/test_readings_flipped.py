"""Battle Arena disputes on the open points ruled both ways: each is ruled under our reading and
the other; where the answer differs the ruling flags the reading and says, in the players'
words, what the other reading answers; where the point is merely used on the way, nothing is
flagged. The deck check (the desk's move and the deck-check tool) is ruled the same way."""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.deck import DeckList, check_every_format
from games.bo_jackson_battle_arena.rules import RULES
from games.core import Ruling
from games.core.readings import flipped
from games.core.tools import CatalogCard, InMemoryCardCatalog
from tests.games.bo_jackson_battle_arena.helpers import (
    JSON,
    check,
    deck,
    deck_hero,
    deck_play,
    game,
    hero,
    legal_heroes,
    rule,
)

RESOLVE = {"kind": "resolve-battle"}
FLIPPED_HERE = {
    R.TIES,
    R.SET_ASIDE,
    R.TO_BENCH,
    R.EMPTY_DECK,
    R.VARIATION,
    R.PLAYS_BY_NAME,
    R.HTD_COUNTS,
    R.DBS_FORMATS,
    R.SEALED,
    R.TEAM,
}


def both_ways(key: str, state: JSON, move: JSON) -> tuple[Ruling, Ruling]:
    """The dispute ruled on our reading of `key`, and on the other."""
    ruled = rule(state, move)
    with flipped(key):
        other = rule(state, move)
    return ruled, other


def assert_turns_on(key: str, ruled: Ruling, other: Ruling) -> None:
    """The answers differ, and our ruling flags `key` with the other answer, word for word."""
    assert (ruled.verdict, ruled.answer, ruled.next_state) != (
        other.verdict,
        other.answer,
        other.next_state,
    )
    assert [t.key for t in ruled.readings_deciding] == [key]
    turn = ruled.readings_deciding[0]
    assert turn.other_answer == other.answer and turn.other_verdict == other.verdict.value
    assert key in ruled.interpretations


def assert_merely_used(key: str, ruled: Ruling) -> None:
    assert key in ruled.interpretations
    assert ruled.readings_deciding == []


# ----- a tied game: over, or Sudden Death


def _last_battle(ana_trophies: int, ben_trophies: int, *, ties_allowed: bool = True) -> JSON:
    return game(
        "rookie",
        battle=7,
        ana={"current": hero("a", 150), "trophies": ana_trophies},
        ben={"current": hero("b", 100), "trophies": ben_trophies},
        draws=6 - ana_trophies - ben_trophies,
        ties_allowed=ties_allowed,
    )


def test_ana_wins_battle_seven_to_tie_the_game_which_ends_on_our_reading_of_a_tie() -> None:
    ruled, other = both_ways(R.TIES, _last_battle(2, 3), RESOLVE)
    assert ruled.answer == "Ana wins battle 7. The game ends in a tie, 3 battles each."
    assert other.next_state is not None and other.next_state["phase"] == "sudden-death"
    assert_turns_on(R.TIES, ruled, other)
    assert ruled.readings_deciding[0].other_answer == (
        "Ana wins battle 7. The game is tied: Sudden Death follows."
    )


def test_a_tie_where_ties_are_not_allowed_goes_to_sudden_death_either_way() -> None:
    ruled = rule(_last_battle(2, 3, ties_allowed=False), RESOLVE)
    assert ruled.next_state is not None and ruled.next_state["phase"] == "sudden-death"
    assert_merely_used(R.TIES, ruled)


# ----- a Hero substituted out: set aside, or back on the Bench


def _battle_three(set_aside: list[JSON]) -> JSON:
    state = game("substitution", battle=3, ana={"trophies": 1, "hot_dogs": 8})
    state["players"][0]["set_aside"] = set_aside
    return state


def test_ana_brings_back_the_hero_she_substituted_out_only_on_the_other_reading() -> None:
    state = _battle_three([hero("Old Slugger", 150)])
    move = {"kind": "substitute", "player": 0, "hero": "Old Slugger"}
    ruled, other = both_ways(R.SET_ASIDE, state, move)
    assert not ruled.legal and other.legal
    assert "set aside, not put back on Ana's Bench" in ruled.summary
    assert_turns_on(R.SET_ASIDE, ruled, other)
    assert ruled.readings_deciding[0].other_answer == (
        "Yes, Ana can substitute Old Slugger (150 Power) for Ana-zone-3 (100 Power), paying 2 "
        "Hot Dogs."
    )


def test_a_substitution_from_the_bench_is_not_flagged() -> None:
    state = _battle_three([hero("Old Slugger", 150)])
    ruled = rule(state, {"kind": "substitute", "player": 0, "hero": "Ana-bench-1"})
    assert ruled.legal
    assert_merely_used(R.SET_ASIDE, ruled)


# ----- a Hero kept: nothing drawn, or a Hero drawn all the same


def test_ben_keeps_his_hero_and_draws_nothing_on_our_reading_of_who_draws() -> None:
    state = game("substitution", honors=1)
    ruled, other = both_ways(R.TO_BENCH, state, {"kind": "keep-hero", "player": 1})
    assert len(ruled.next_state["players"][1]["bench"]) == 4  # type: ignore[index]
    assert len(other.next_state["players"][1]["bench"]) == 5  # type: ignore[index]
    assert_turns_on(R.TO_BENCH, ruled, other)
    assert ruled.readings_deciding[0].other_answer == (
        "Yes, Ben can keep the Hero in battle 1: substituting is a choice, and Ben draws a new "
        "Hero to the Bench all the same."
    )


def test_a_substitution_draws_a_hero_either_way() -> None:
    ruled = rule(game("substitution"), {"kind": "substitute", "player": 0, "hero": "Ana-bench-1"})
    assert ruled.legal
    assert_merely_used(R.TO_BENCH, ruled)


def test_a_whole_game_of_kept_heroes_has_the_same_winner_either_way() -> None:
    state = game("substitution")
    state["players"][0]["zones"] = [hero(f"a{i}", 150) for i in range(7)]
    moves: list[JSON] = []
    for _ in range(7):
        moves += [
            {"kind": "keep-hero", "player": 0},
            {"kind": "keep-hero", "player": 1},
            RESOLVE,
        ]
    ruled = RULES.rule_sequence_json(state, moves)
    assert ruled.verdict.value == "legal" and ruled.winner == "Ana", ruled.answer
    with flipped(R.TO_BENCH):
        other = RULES.rule_sequence_json(state, moves)
    assert other.winner == "Ana"
    # Ben kept his Hero 7 times and drew all 3 Heroes of his Hero Deck to the Bench.
    assert other.final_state is not None and len(other.final_state["players"][1]["bench"]) == 7
    assert R.TO_BENCH in ruled.rulings[0].interpretations
    # A Bench growing under the other reading changes no battle: nothing turns on it.
    assert ruled.readings_deciding == []


# ----- a draw from an empty deck: nothing drawn, or no substitution


def test_a_substitution_with_an_empty_hero_deck_turns_on_our_reading() -> None:
    state = game("substitution", ana={"deck": []})
    ruled, other = both_ways(
        R.EMPTY_DECK, state, {"kind": "substitute", "player": 0, "hero": "Ana-bench-1"}
    )
    assert ruled.legal and not other.legal
    assert_turns_on(R.EMPTY_DECK, ruled, other)
    assert ruled.readings_deciding[0].other_answer == (
        "No: Ana cannot substitute: Ana's Hero Deck is empty, so no new Hero can be drawn."
    )


def test_an_empty_playbook_at_the_end_of_a_battle_is_not_flagged() -> None:
    state = game("playmaker", phase="compare", ana={"current": hero("a", 150), "playbook": []})
    ruled = rule(state, RESOLVE)
    assert ruled.legal
    assert_merely_used(R.EMPTY_DECK, ruled)


# ----- deck checks


def test_one_hero_with_two_weapons_is_legal_only_on_our_reading_of_a_variation() -> None:
    heroes = [*legal_heroes(59), deck_hero("Hero 0", 50, "Ice")]
    ruled = check(deck(heroes), "rookie")
    with flipped(R.VARIATION):
        other = check(deck(heroes), "rookie")
    assert ruled.legal and not other.legal
    assert_turns_on(R.VARIATION, ruled, other)
    assert ruled.readings_deciding[0].other_answer == (
        "No, this deck is not legal for Rookie Mode: 2 copies of Hero 0, with different weapons."
    )


def test_a_deck_of_sixty_different_heroes_is_not_flagged() -> None:
    assert_merely_used(R.VARIATION, check(deck(), "rookie"))


def _plays(*extra: JSON, n: int = 28) -> list[JSON]:
    return [deck_play(f"Play {i}") for i in range(n)] + list(extra)


def test_a_play_and_its_reprint_break_uniqueness_only_on_our_reading() -> None:
    reprint = [deck_play("Reload") | {"number": "PL-8"}, deck_play("Reload") | {"number": "PL-108"}]
    state = deck(plays=_plays(*reprint))
    ruled = check(state, "playmaker")
    with flipped(R.PLAYS_BY_NAME):
        other = check(state, "playmaker")
    assert not ruled.legal and other.legal
    assert_turns_on(R.PLAYS_BY_NAME, ruled, other)
    assert ruled.readings_deciding[0].other_answer == "Yes, this deck is legal for Playmaker Mode."


def test_two_copies_of_one_printing_are_not_flagged() -> None:
    twice = [deck_play("Reload") | {"number": "PL-8"}] * 2
    ruled = check(deck(plays=_plays(*twice)), "playmaker")
    assert not ruled.legal
    assert_merely_used(R.PLAYS_BY_NAME, ruled)


def test_an_htd_play_making_the_thirtieth_turns_on_our_reading() -> None:
    state = deck(plays=_plays(deck_play("Burning Fever - HTD", "htd-play"), n=29))
    ruled = check(state, "playmaker")
    with flipped(R.HTD_COUNTS):
        other = check(state, "playmaker")
    assert ruled.legal and not other.legal
    assert_turns_on(R.HTD_COUNTS, ruled, other)
    assert ruled.readings_deciding[0].other_answer == (
        "No, this deck is not legal for Playmaker Mode: 29 Plays besides 0 Bonus Plays and 1 "
        "HTD and LA Plays; Playmaker Mode needs 30."
    )


def test_a_short_playbook_with_an_htd_play_is_short_either_way() -> None:
    state = deck(legal_heroes(59), _plays(deck_play("Burning Fever - HTD", "htd-play"), n=25))
    ruled = check(state, "playmaker")
    assert not ruled.legal
    assert_merely_used(R.HTD_COUNTS, ruled)


def _costly_plays() -> list[JSON]:
    return [deck_play(f"Play {i}", dbs=40) for i in range(30)]  # 1,200


def test_a_sealed_playbook_over_the_cap_turns_on_our_reading_of_the_cap() -> None:
    state = deck(plays=_costly_plays())
    ruled = check(state, "booster-box-sealed")
    with flipped(R.DBS_FORMATS):
        other = check(state, "booster-box-sealed")
    assert ruled.legal and not other.legal
    assert_turns_on(R.DBS_FORMATS, ruled, other)
    assert ruled.readings_deciding[0].other_answer == (
        "No, this deck is not legal for Booster Box Sealed: the Playbook's Deck Balancing Score "
        "is 1,200 (limit 1,000)."
    )


def test_a_constructed_playbook_over_the_cap_is_over_it_either_way() -> None:
    ruled = check(deck(plays=_costly_plays()), "playmaker-constructed")
    assert not ruled.legal
    assert_merely_used(R.DBS_FORMATS, ruled)


def test_apex_madness_without_hot_dogs_turns_on_our_reading_of_the_team_formats() -> None:
    state = deck(hot_dogs=0)
    ruled = check(state, "apex-madness")
    with flipped(R.TEAM):
        other = check(state, "apex-madness")
    assert not ruled.legal and other.legal
    assert_turns_on(R.TEAM, ruled, other)
    assert ruled.readings_deciding[0].other_answer == "Yes, this deck is legal for Apex Madness."


def test_apex_madness_with_four_hot_dogs_is_not_flagged() -> None:
    assert_merely_used(R.TEAM, check(deck(hot_dogs=4), "apex-madness"))


def _sealed(heroes: list[JSON]) -> JSON:
    plays = [deck_play(f"Play {i}") for i in range(20)]
    return deck(heroes, plays)


def test_a_double_mega_sealed_deck_with_seven_heroes_at_one_power_turns_on_the_sealed_reading() -> (
    None
):
    heroes = [deck_hero(f"Seven {i}", 100) for i in range(7)] + legal_heroes(33)
    state = _sealed(heroes)
    ruled = check(state, "double-mega-sealed")
    with flipped(R.SEALED):
        other = check(state, "double-mega-sealed")
    assert ruled.legal and not other.legal
    assert_turns_on(R.SEALED, ruled, other)
    assert other.reasons[0].rule == "bo-jackson-battle-arena:4.1.1.2"


def test_a_double_mega_sealed_deck_within_the_rulebook_s_limits_is_not_flagged() -> None:
    assert_merely_used(R.SEALED, check(_sealed(legal_heroes(40)), "double-mega-sealed"))


# ----- the deck-check tool carries the same readings


def test_the_deck_check_table_flags_the_reading_per_format() -> None:
    heroes = [*legal_heroes(59), deck_hero("Hero 0", 50, "Ice")]
    table = {fmt.slug: r for fmt, r in check_every_format(DeckList.model_validate(deck(heroes)))}
    assert [t.key for t in table["rookie"].readings_deciding] == [R.VARIATION]
    # Double Blaster Sealed does not check variations: nothing there turns on the reading.
    assert table["double-blaster-sealed"].readings_deciding == []


def _catalog_hero(n: int, name: str, weapon: str) -> CatalogCard:
    return CatalogCard(
        slug=f"hero-{n}",
        name=name,
        number=f"H-{n}",
        kind="hero",
        power=50 + 5 * (n // 5),
        attributes={"weapon": weapon},
    )


def test_the_deck_check_tool_answers_with_the_reading_its_verdict_turns_on() -> None:
    weapons = ["Fire", "Ice", "Steel", "Glow", "Hex"]
    heroes = [_catalog_hero(i, f"Hero {i}", weapons[i % 5]) for i in range(59)]
    heroes.append(_catalog_hero(59, "Hero 0", "Ice"))  # Hero 0 again, with another weapon
    catalog = InMemoryCardCatalog({"bo-jackson-battle-arena": heroes})
    tool = registry["bo-jackson-battle-arena"].tools["deck-check"]
    body: dict[str, Any] = tool.run(
        {"format": "rookie", "hero_deck": [h.slug for h in heroes]}, catalog
    )
    assert body["verdict"] == "legal"
    assert body["answer"] == "Yes, this deck is legal for Rookie Mode."
    assert [t["key"] for t in body["readings_deciding"]] == [R.VARIATION]
    assert body["readings_deciding"][0]["other_answer"].startswith("No, this deck is not legal")
    rookie = next(f for f in body["formats"] if f["slug"] == "rookie")
    assert rookie["readings_deciding"] == body["readings_deciding"]


# ----- every open point: ruled both ways here, or never turning


@pytest.mark.parametrize("key", sorted(R.INTERPRETATIONS))
def test_every_open_point_is_flipped_never_turns_or_left_open_on_purpose(key: str) -> None:
    elsewhere = {R.MAJORITY, R.PLAYMAKER_ONLY}  # test_readings_battle_arena_and_hazard_quest.py
    assert (key in FLIPPED_HERE) + (key in R.NEVER_TURNS) + (key in elsewhere) == 1
