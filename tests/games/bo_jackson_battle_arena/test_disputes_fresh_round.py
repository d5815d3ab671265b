"""Bo Jackson Battle Arena: a further round of disputes as players bring them from the rulebook
(battles, substitutions, the Play Phase, the end of the game, whole games as logs, deck and
setup checks, the deck-check tool), each ruled with its verdict, the one rule shown as
deciding, and a flag only where the answer turns on our reading of an open point.

Ana is player 0 and Ben player 1; every Battle Zone holds a 100-Power Steel Hero unless a test
puts another there (tests/games/bo_jackson_battle_arena/helpers.py)."""

from __future__ import annotations

from typing import Any

from games import registry
from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.rules import RULES
from games.core.tools import CatalogCard, InMemoryCardCatalog
from tests.games.bo_jackson_battle_arena.helpers import (
    JSON,
    KEY,
    RESOLVE,
    SETUP,
    check,
    dealt,
    deck,
    deck_hero,
    deck_play,
    game,
    hero,
    keep,
    legal_heroes,
    passes,
    play_card,
    rule,
    run,
    settled,
    sub,
    sudden_death,
    zones,
)

# ----- battles (4.1.2, 4.2.2.6, 4.3.2.11-13)


def test_ana_claims_a_battle_her_90_power_hero_lost_to_ben_s_100() -> None:
    state = game("rookie", ana={"current": hero("Low", 90)})
    settled(rule(state, RESOLVE | {"claim": 0}), False, "4.1.2.2")


def test_a_130_beats_a_100_in_substitution_mode() -> None:
    state = game("substitution", phase="compare", ana={"current": hero("High", 130)})
    settled(rule(state, RESOLVE | {"claim": 0}), True, "4.2.2.6")


def test_equal_power_in_substitution_mode_is_a_draw() -> None:
    state = game("substitution", phase="compare")
    settled(rule(state, RESOLVE | {"claim": "draw"}), True, "4.2.2.6")


def test_a_tie_in_playmaker_with_no_super_weapon_is_a_draw() -> None:
    state = game("playmaker", phase="compare")
    settled(rule(state, RESOLVE | {"claim": "draw"}), True, "4.3.2.13")


def test_a_tie_in_playmaker_with_two_super_weapons_is_a_draw() -> None:
    state = game(
        "playmaker",
        phase="compare",
        ana={"current": hero("A", 100, "Super")},
        ben={"current": hero("B", 100, "Super")},
    )
    settled(rule(state, RESOLVE), True, "4.3.2.13")


def test_a_super_weapon_tie_in_rookie_mode_turns_on_our_reading() -> None:
    state = game("rookie", ana={"current": hero("A", 100, "Super")})
    settled(rule(state, RESOLVE), True, "4.1.2.3", R.PLAYMAKER_ONLY)


def test_a_minus_20_play_on_ana_s_hero_gives_ben_the_battle() -> None:
    state = game("playmaker", phase="compare", ana={"power_change": -20})
    settled(rule(state, RESOLVE | {"claim": 1}), True, "4.3.2.11")


# ----- substitutions (4.2.2.1-4, 4.3.2.1-4)


def test_ana_with_honors_substitutes_for_2_of_her_10_hot_dogs() -> None:
    settled(rule(game("substitution"), sub(0)), True, "4.2.2.1")


def test_ana_substitutes_a_hero_that_is_not_on_her_bench() -> None:
    move = {"kind": "substitute", "player": 0, "hero": "Ana-deck-1"}
    settled(rule(game("substitution"), move), False, "4.2.2.1")


def test_ben_substitutes_once_ana_has_kept_her_hero() -> None:
    ruled = RULES.rule_sequence_json(game("substitution"), [keep(0), sub(1)])
    assert ruled.verdict == "legal"
    settled(ruled.rulings[1], True, "4.2.2.1")


def test_a_substitution_after_the_heroes_are_revealed() -> None:
    settled(rule(game("substitution", phase="compare"), sub(0)), False, "4.2.2.1")


def test_a_playmaker_substitution_with_exactly_2_hot_dogs() -> None:
    settled(rule(game("playmaker", ana={"hot_dogs": 2}), sub(0)), True, "4.3.2.1")


def test_a_second_substitution_in_one_playmaker_battle() -> None:
    ruled = RULES.rule_sequence_json(game("playmaker"), [sub(0, 1), sub(0, 2)])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "4.3.2.4"


def test_the_battle_resolved_before_ben_has_decided_to_substitute() -> None:
    ruled = RULES.rule_sequence_json(game("substitution"), [keep(0), RESOLVE])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "4.2.2.1"


def test_ana_acts_first_in_battle_two_though_ben_won_battle_one() -> None:
    state = game("substitution", ben={"current": hero("B1", 150)})
    ruled = RULES.rule_sequence_json(state, [keep(0), keep(1), RESOLVE, keep(0)])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 3
    assert ruled.deciding_rule == KEY + "4.2.2.8"


# ----- the Play Phase (4.3.2.6-10)


def test_ana_with_honors_runs_a_1_hot_dog_play() -> None:
    settled(rule(game("playmaker", phase="plays"), run(0, "Ana-play-1")), True, "4.3.2.6")


def test_ben_runs_a_play_after_ana_passed() -> None:
    ruled = RULES.rule_sequence_json(
        game("playmaker", phase="plays"), [passes(0), run(1, "Ben-play-1")]
    )
    assert ruled.verdict == "legal"
    settled(ruled.rulings[1], True, "4.3.2.8")


def test_ana_runs_a_play_after_she_passed() -> None:
    log = [passes(0), passes(1), run(0, "Ana-play-1")]
    ruled = RULES.rule_sequence_json(game("playmaker", phase="plays"), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2


def test_ana_runs_a_play_before_the_heroes_are_revealed() -> None:
    settled(rule(game("playmaker"), run(0, "Ana-play-1")), False, "4.3.2.6")


def test_ana_runs_two_plays_in_her_one_opportunity() -> None:
    log = [run(0, "Ana-play-1"), run(0, "Ana-play-2")]
    ruled = RULES.rule_sequence_json(game("playmaker", phase="plays"), log)
    assert ruled.verdict == "legal"
    settled(ruled.rulings[1], True, "4.3.2.6")


def test_ana_runs_a_play_still_in_her_playbook() -> None:
    state = game("playmaker", phase="plays", ana={"hand": [play_card("Reload")]})
    settled(rule(state, run(0, "Ana-playbook-1")), False, "4.3.2.6")


def test_the_battle_resolved_before_ben_has_passed() -> None:
    ruled = RULES.rule_sequence_json(game("playmaker", phase="plays"), [passes(0), RESOLVE])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == KEY + "4.3.2.10"


def test_a_play_in_rookie_mode() -> None:
    settled(rule(game("rookie"), run(0, "x")), False, "4.1.2.6")


# ----- the end of the game (4.4)


def _battle_seven(ana: int, ben: int, ana_power: int, *, ties_allowed: bool = True) -> JSON:
    return game(
        "rookie",
        battle=7,
        ties_allowed=ties_allowed,
        ana={"trophies": ana, "current": hero("a7", ana_power)},
        ben={"trophies": ben},
    )


def test_ana_wins_battle_seven_for_4_to_2() -> None:
    settled(rule(_battle_seven(3, 2, 130), RESOLVE), True, "4.4.1.1")


def test_battle_seven_drawn_at_3_to_3_ends_the_game_in_a_tie() -> None:
    settled(rule(_battle_seven(3, 3, 100), RESOLVE), True, "4.4.2.1", R.TIES)


def test_battle_seven_drawn_leaves_ana_3_to_2_with_two_draws() -> None:
    settled(rule(_battle_seven(3, 2, 100), RESOLVE), True, "4.4.1.1", R.MAJORITY)


def test_battle_seven_drawn_at_3_to_3_with_no_ties_goes_to_sudden_death() -> None:
    ruling = rule(_battle_seven(3, 3, 100, ties_allowed=False), RESOLVE)
    settled(ruling, True, "4.4.2.2")
    assert "Sudden Death" in ruling.answer


def test_a_battle_after_the_game_ended_in_a_tie() -> None:
    state = game("rookie", battle=7, phase="game-over", ana={"trophies": 3}, ben={"trophies": 3})
    settled(rule(state, RESOLVE), False, "4.4.2.1")


def test_a_battle_after_ana_won_the_game() -> None:
    state = game(
        "rookie", battle=7, phase="game-over", winner=0, ana={"trophies": 4}, ben={"trophies": 3}
    )
    settled(rule(state, RESOLVE), False, "4.4.1.1")


def test_ben_loses_sudden_death_with_120_against_150() -> None:
    ruling = rule(
        sudden_death(hero("A", 150), hero("B", 120)), {"kind": "sudden-death", "claim": 1}
    )
    settled(ruling, False, "4.4.3.2")


def test_a_tied_sudden_death_reveals_the_next_card() -> None:
    ruling = rule(sudden_death(hero("A", 140), hero("B", 140)), {"kind": "sudden-death"})
    settled(ruling, True, "4.4.3.3")


# ----- whole games as logs


def test_a_whole_substitution_game_to_ben_s_win() -> None:
    ana, ben = [100, 90, 90, 150, 90, 100, 100], [100, 120, 120, 100, 120, 120, 100]
    state = game("substitution")
    state["players"][0]["zones"] = zones(ana, "a")
    state["players"][1]["zones"] = zones(ben, "b")
    log: list[JSON] = []
    honors = 0  # the winner of a battle goes first in the next; a draw keeps the order
    for a, b in zip(ana, ben, strict=True):
        log += [keep(honors), keep(1 - honors), RESOLVE]
        honors = honors if a == b else (0 if a > b else 1)
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal", ruled.answer
    assert ruled.game_over and ruled.winner == "Ben"
    assert ruled.deciding_rule == KEY + "4.4.1.1" and ruled.readings_deciding == []


def test_a_whole_rookie_game_tied_3_to_3() -> None:
    state = game("rookie")
    state["players"][0]["zones"] = zones([150, 100, 150, 90, 150, 90, 90], "a")
    ruled = RULES.rule_sequence_json(state, [RESOLVE] * 7)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner is None
    assert ruled.deciding_rule == KEY + "4.4.2.1"
    assert [t.key for t in ruled.readings_deciding] == [R.TIES]
    assert "Sudden Death" not in ruled.answer


def test_a_whole_rookie_game_tied_3_to_3_where_ties_are_not_allowed() -> None:
    state = game("rookie", ties_allowed=False)
    state["players"][0]["zones"] = zones([150, 100, 150, 90, 150, 90, 90], "a")
    ruled = RULES.rule_sequence_json(state, [RESOLVE] * 7)
    assert ruled.verdict == "legal"
    assert ruled.deciding_rule == KEY + "4.4.2.2" and ruled.readings_deciding == []
    assert "Sudden Death" in ruled.answer


def test_a_rookie_log_with_a_substitution_in_battle_three() -> None:
    log = [RESOLVE, RESOLVE, {"kind": "substitute", "player": 0, "hero": "x"}]
    ruled = RULES.rule_sequence_json(game("rookie"), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.deciding_rule == KEY + "4.1.2.6"


# ----- decks (4.1.1, 4.2.1, 4.3.1, 9)


def test_a_playmaker_deck_with_nine_hot_dogs() -> None:
    settled(check(deck(hot_dogs=9), "playmaker"), False, "4.3.1.5")


def test_a_substitution_deck_with_twelve_hot_dogs() -> None:
    settled(check(deck(hot_dogs=12), "substitution"), False, "4.2.1.2")


def test_a_rookie_deck_of_59_heroes() -> None:
    settled(check(deck(legal_heroes(59)), "rookie"), False, "4.1.1.1")


def test_a_rookie_deck_with_two_copies_of_one_hero_and_weapon() -> None:
    heroes = [*legal_heroes(59), deck_hero("Hero 0", 50, "Fire")]
    settled(check(deck(heroes), "rookie"), False, "4.1.1.3")


def test_a_rookie_deck_with_six_heroes_at_100_power() -> None:
    heroes = [deck_hero(f"Hundred {i}", 100) for i in range(6)] + legal_heroes(54, base=200)
    settled(check(deck(heroes), "rookie"), True, "4.1.1.2")


def test_a_playbook_of_31_plays() -> None:
    plays = [deck_play(f"Play {i}") for i in range(31)]
    settled(check(deck(plays=plays), "playmaker"), False, "4.3.1.2")


def test_a_spec_playmaker_deck_with_a_170_power_hero() -> None:
    heroes = [*legal_heroes(59), deck_hero("Big", 170)]
    settled(check(deck(heroes), "spec-playmaker"), False, "9.4")


def test_a_spec_playmaker_deck_topping_out_at_105() -> None:
    settled(check(deck(), "spec-playmaker"), True, "9.4")


def test_a_spec_plus_deck_of_65_heroes() -> None:
    settled(check(deck(legal_heroes(65)), "spec-plus-playmaker"), True, "9.5")


def test_a_spec_plus_deck_of_71_heroes() -> None:
    settled(check(deck(legal_heroes(71)), "spec-plus-playmaker"), False, "9.5")


def test_an_elite_deck_of_8_700_power() -> None:
    heroes = legal_heroes(60, base=120)
    settled(check(deck(heroes), "elite-playmaker"), False, "9.6")


def test_an_elite_deck_well_under_the_cap() -> None:
    settled(check(deck(), "elite-playmaker"), True, "9.6")


def test_a_constructed_playbook_scoring_1_100() -> None:
    plays = [deck_play(f"Play {i}", dbs=40 if i < 10 else 35) for i in range(30)]
    settled(check(deck(plays=plays), "playmaker-constructed"), False, "9.9")


def test_a_constructed_playbook_scoring_300() -> None:
    settled(check(deck(), "playmaker-constructed"), True, "9.9")


def test_apex_madness_with_65_heroes_and_4_hot_dogs() -> None:
    settled(check(deck(legal_heroes(65), hot_dogs=4), "apex-madness"), True, "9.7")


def test_double_blaster_sealed_with_a_play_twice() -> None:
    plays = [deck_play(f"Play {i}") for i in range(19)] + [deck_play("Play 0")]
    settled(check(deck(legal_heroes(40), plays=plays), "double-blaster-sealed"), True, "9.3")


# ----- setups (4.1.1.6, 4.2.1.4-5, 4.3.1.7-9)


def test_a_rookie_setup_of_seven_face_down_heroes_each() -> None:
    state = game("rookie", ana={"deck": [hero(f"a{i}") for i in range(53)]})
    state["players"][1]["hero_deck"] = [hero(f"b{i}") for i in range(53)]
    settled(rule(state, SETUP), True, "4.1.1.6")


def test_a_playmaker_setup_with_three_plays_in_hand() -> None:
    state = game("playmaker", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")})
    state["players"][0]["hand"] = state["players"][0]["hand"][:3]
    settled(rule(state, SETUP), False, "4.3.1.9")


# ----- the deck-check tool


def _catalog_hero(n: int, power: int) -> CatalogCard:
    return CatalogCard(
        slug=f"hero-{n}",
        name=f"Hero {n}",
        number=f"H-{n}",
        kind="hero",
        power=power,
        attributes={"weapon": "Fire"},
    )


def test_the_deck_check_tool_on_seven_heroes_of_one_power() -> None:
    heroes = [_catalog_hero(i, 100 if i < 7 else 200 + 5 * (i // 5)) for i in range(60)]
    catalog = InMemoryCardCatalog({"bo-jackson-battle-arena": heroes})
    tool = registry["bo-jackson-battle-arena"].tools["deck-check"]
    body: dict[str, Any] = tool.run(
        {"format": "rookie", "hero_deck": [h.slug for h in heroes]}, catalog
    )
    assert body["verdict"] == "illegal"
    assert body["deciding_rule"] == KEY + "4.1.1.2"
    assert body["readings_deciding"] == []


def test_ana_substitutes_first_in_battle_three_though_ben_won_battle_two() -> None:
    state = game("playmaker", battle=3, honors=1, ana={"trophies": 1}, ben={"trophies": 1})
    ruling = rule(state, sub(0))
    settled(ruling, False, "4.3.2.15")
