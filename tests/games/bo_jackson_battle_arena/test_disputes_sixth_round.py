"""Bo Jackson Battle Arena: a sixth round of disputes as players bring them from the rulebook,
written before they were run: single moves whose doubted part a rule permits or breaks, whole
games as logs to their winner (Sudden Death included), setup checks that state no number they
were not given, the deck-check tool under each format's limits, Playbook and Hot Dog questions,
the Substitution Phase, the website's question forms, and tables that cannot exist (refused,
naming the field).

Ana is player 0 and Ben player 1; every Battle Zone holds a 100-Power Steel Hero unless a test
puts another there (tests/games/bo_jackson_battle_arena/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from games import registry
from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.questions import (
    CanIRunAPlay,
    CanISubstitute,
    IsMyDeckLegal,
    WhoWinsSuddenDeath,
    WhoWinsThisBattle,
)
from games.bo_jackson_battle_arena.rules import RULES
from games.core import InvalidState, Ruling
from games.core.tools import CatalogCard, InMemoryCardCatalog
from tests.games.bo_jackson_battle_arena.helpers import (
    JSON,
    KEY,
    RESOLVE,
    SETUP,
    dealt,
    game,
    hero,
    keep,
    passes,
    play_card,
    rule,
    run,
    settled,
    sub,
    zones,
)

SUDDEN_DEATH: JSON = {"kind": "sudden-death"}

# ----- the Substitution Phase (4.2.2.1-4, 4.3.2.1-4)


def test_ana_without_honors_substitutes_once_ben_has_kept_his_hero_in_playmaker() -> None:
    ruled = RULES.rule_sequence_json(game("playmaker", honors=1), [keep(1), sub(0)])
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[1], True, "4.3.2.1")


def test_ana_substitutes_in_the_play_phase_after_the_heroes_are_revealed() -> None:
    settled(rule(game("playmaker", phase="plays"), sub(0)), False, "4.3.2.1")


def test_ben_with_honors_keeps_his_hero_and_ana_keeps_hers_out_of_turn_first() -> None:
    settled(rule(game("substitution", honors=1), keep(0)), False, "4.2.2.1")


def test_ben_keeps_his_hero_after_ana_substituted() -> None:
    ruled = RULES.rule_sequence_json(game("substitution"), [sub(0), keep(1)])
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[1], True, "4.2.2.1")


def test_the_substituted_120_hero_is_the_one_that_battles() -> None:
    # Ana's Bench Hero 1 has 120 Power (helpers); it replaces her 100 face down.
    ruled = RULES.rule_sequence_json(game("substitution"), [sub(0), keep(1), RESOLVE])
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[2], True, "4.2.2.6")
    assert ruled.rulings[2].answer.startswith("Ana wins battle 1")


# ----- the Play Phase and the Playbook (4.3.2.6-14)


def test_ben_passes_after_ana_with_honors_passed() -> None:
    ruled = RULES.rule_sequence_json(game("playmaker", phase="plays"), [passes(0), passes(1)])
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[1], True, "4.3.2.8")


def test_ben_passes_before_ana_with_honors_has_acted() -> None:
    settled(rule(game("playmaker", phase="plays"), passes(1)), False, "4.3.2.8")


def test_ana_runs_a_3_hot_dog_play_with_exactly_3_left() -> None:
    state = game(
        "playmaker", battle=2, phase="plays", ana={"hot_dogs": 3, "hand": [play_card("Blitz", 3)]}
    )
    state["players"][0]["trophies"], state["draws"] = 1, 0
    settled(rule(state, run(0, "Blitz")), True, "4.3.2.6")


def test_ana_runs_a_play_she_already_ran_this_game() -> None:
    state = game("playmaker", battle=2, phase="plays", ana={"trophies": 1, "hot_dogs": 9})
    state["players"][0]["plays_used"] = [play_card("Reload")]
    state["players"][0]["hand"] = state["players"][0]["hand"][:3]
    settled(rule(state, run(0, "Reload")), False, "4.3.2.6")


def test_ana_runs_a_play_after_both_players_passed() -> None:
    log = [passes(0), run(1, "Ben-play-1"), passes(1), run(0, "Ana-play-1")]
    ruled = RULES.rule_sequence_json(game("playmaker", phase="plays"), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 3, ruled.answer
    assert ruled.first_illegal_by == "Ana"
    assert ruled.deciding_rule == KEY + "4.3.2.9"


def test_the_battle_resolved_before_anyone_acted_in_the_play_phase() -> None:
    settled(rule(game("playmaker", phase="plays"), RESOLVE), False, "4.3.2.10")


def test_ana_runs_a_play_first_in_battle_two_though_ben_won_battle_one() -> None:
    state = game("playmaker", phase="plays", ben={"current": hero("B1", 150)})
    log = [passes(0), passes(1), RESOLVE, keep(1), keep(0), run(0, "Ana-play-1")]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 5, ruled.answer
    assert ruled.first_illegal_by == "Ana"
    assert ruled.deciding_rule == KEY + "4.3.2.15"


# ----- battles (4.1.2, 4.3.2.11-13)


def test_ana_calls_a_rookie_battle_of_120_against_100_a_draw() -> None:
    state = game("rookie", ana={"current": hero("A", 120)})
    settled(rule(state, RESOLVE | {"claim": "draw"}), False, "4.1.2.2")


def test_ana_s_super_weapon_does_not_beat_a_higher_power_in_playmaker() -> None:
    state = game(
        "playmaker",
        phase="compare",
        ana={"current": hero("A", 100, "Super")},
        ben={"current": hero("B", 110)},
    )
    settled(rule(state, RESOLVE | {"claim": 0}), False, "4.3.2.11")


def test_ben_s_plus_20_play_ties_the_battle_and_his_super_weapon_wins_it() -> None:
    state = game(
        "playmaker",
        phase="compare",
        ana={"current": hero("A", 120)},
        ben={"current": hero("B", 100, "Super"), "power_change": 20},
    )
    settled(rule(state, RESOLVE | {"claim": 1}), True, "4.3.2.13")


# ----- the end of the game (4.4)


def test_ben_wins_battle_seven_at_3_all_and_the_game() -> None:
    state = game(
        "rookie",
        battle=7,
        ana={"trophies": 3},
        ben={"trophies": 3, "current": hero("b7", 120)},
    )
    settled(rule(state, RESOLVE), True, "4.4.1.1")


def test_ana_claims_sudden_death_with_a_lower_super_weapon_hero() -> None:
    state = game(
        "rookie",
        battle=7,
        phase="sudden-death",
        ties_allowed=False,
        ana={"trophies": 3, "deck": [hero("A", 120, "Super")]},
        ben={"trophies": 3, "deck": [hero("B", 140)]},
    )
    settled(rule(state, SUDDEN_DEATH | {"claim": 0}), False, "4.4.3.2")


# ----- whole games as logs, to their winner


def _rookie(ana: list[int], ben: list[int], **kw: Any) -> JSON:
    state = game("rookie", **kw)
    state["players"][0]["zones"] = zones(ana, "a")
    state["players"][1]["zones"] = zones(ben, "b")
    return state


def test_ben_wins_the_first_four_battles_and_the_game_goes_on_to_battle_seven() -> None:
    state = _rookie([90, 90, 90, 90, 150, 150, 150], [100] * 7)
    ruled = RULES.rule_sequence_json(state, [RESOLVE] * 7)
    assert ruled.verdict == "legal", ruled.answer
    assert ruled.game_over and ruled.winner == "Ben" and ruled.first_illegal_by is None
    assert ruled.result is not None and "4 to 3" in ruled.result
    assert ruled.deciding_rule == KEY + "4.4.1.1" and ruled.readings_deciding == []


def test_a_tied_game_goes_to_sudden_death_twice_and_a_super_weapon_wins_it() -> None:
    state = _rookie([150, 100, 120, 90, 130, 110, 100], [140, 100, 125, 95, 120, 100, 110])
    state["ties_allowed"] = False
    state["players"][0]["hero_deck"] = [hero("a-top", 140), hero("a-next", 110, "Super")]
    state["players"][1]["hero_deck"] = [hero("b-top", 140), hero("b-next", 110)]
    ruled = RULES.rule_sequence_json(state, [*[RESOLVE] * 7, SUDDEN_DEATH, SUDDEN_DEATH])
    assert ruled.verdict == "legal", ruled.answer
    assert ruled.game_over and ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "4.4.3.4" and ruled.readings_deciding == []


def test_a_game_won_in_sudden_death_at_the_second_reveal_by_higher_power() -> None:
    state = _rookie([150, 100, 120, 90, 130, 110, 100], [140, 100, 125, 95, 120, 100, 110])
    state["ties_allowed"] = False
    state["players"][0]["hero_deck"] = [hero("a-top", 140), hero("a-next", 110)]
    state["players"][1]["hero_deck"] = [hero("b-top", 140), hero("b-next", 130)]
    ruled = RULES.rule_sequence_json(state, [*[RESOLVE] * 7, SUDDEN_DEATH, SUDDEN_DEATH])
    assert ruled.verdict == "legal", ruled.answer
    assert ruled.game_over and ruled.winner == "Ben"
    assert ruled.deciding_rule == KEY + "4.4.3.2" and ruled.readings_deciding == []


def test_sudden_death_after_a_game_won_four_to_three() -> None:
    state = _rookie([90, 90, 90, 90, 150, 150, 150], [100] * 7, ties_allowed=False)
    ruled = RULES.rule_sequence_json(state, [*[RESOLVE] * 7, SUDDEN_DEATH])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 7, ruled.answer
    assert ruled.deciding_rule == KEY + "4.4.1.1"


def test_a_whole_playmaker_game_with_plays_passed_to_ana_s_win() -> None:
    ana, ben = [120, 90, 120, 90, 120, 90, 120], [100] * 7
    state = game("playmaker", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")})
    state["players"][0]["zones"] = zones(ana, "a")
    state["players"][1]["zones"] = zones(ben, "b")
    for i, p in enumerate(state["players"]):
        p["playbook"] = [play_card(f"{'ab'[i]}-pb-{n}") for n in range(26)]
    log: list[JSON] = []
    honors = 0
    for a, b in zip(ana, ben, strict=True):
        log += [keep(honors), keep(1 - honors), passes(honors), passes(1 - honors), RESOLVE]
        honors = honors if a == b else (0 if a > b else 1)
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal", ruled.answer
    assert ruled.game_over and ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "4.4.1.1" and ruled.readings_deciding == []


# ----- setups: each states no number it was not given (4.x.1)


def _playbooks(state: JSON, n: int = 26) -> JSON:
    for i, p in enumerate(state["players"]):
        p["playbook"] = [play_card(f"{'ab'[i]}-pb-{k}") for k in range(n)]
    return state


def test_a_playmaker_setup_with_hero_decks_given_in_part_states_no_count_for_them() -> None:
    state = _playbooks(game("playmaker"))
    for p in state["players"]:
        p["partly_described"] = ["hero_deck"]
    ruling = rule(state, SETUP)
    settled(ruling, True, "4.3.1.7")
    assert "49" not in ruling.answer and "in the Hero Deck" not in ruling.answer


def test_a_playmaker_setup_with_no_playbooks_described_states_no_count_for_them() -> None:
    state = game("playmaker", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")})
    for p in state["players"]:
        p["playbook"] = None
    ruling = rule(state, SETUP)
    settled(ruling, True, "4.3.1.7")
    assert "26" not in ruling.answer


def test_a_playmaker_setup_with_playbooks_given_in_part_states_no_count_for_them() -> None:
    # Written first as "a Playbook of 20 left is not a right setup" (4.3.1.2): the setup counts
    # the Plays drawn (4.3.1.9) and leaves the Playbook's size to the deck check, so a Playbook
    # listed at the setup is not counted; what is left in it is stated only when given whole.
    state = _playbooks(game("playmaker", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")}))
    state["players"][0]["playbook"] = state["players"][0]["playbook"][:20]
    state["players"][0]["partly_described"] = ["playbook"]
    ruling = rule(state, SETUP)
    settled(ruling, True, "4.3.1.7")
    assert "26" not in ruling.answer and "leaving 49" in ruling.answer


def test_a_playmaker_setup_with_50_heroes_left_in_ana_s_hero_deck() -> None:
    state = _playbooks(game("playmaker", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")}))
    state["players"][0]["hero_deck"].append(hero("Ana-deck-extra"))
    settled(rule(state, SETUP), False, "4.3.1.1")


def test_a_substitution_setup_whose_bench_is_not_described_is_refused() -> None:
    state = game("substitution", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")})
    state["players"][0]["bench"] = None
    with pytest.raises(InvalidState) as caught:
        rule(state, SETUP)
    assert caught.value.field == "state.players.0.bench"


def test_a_substitution_setup_whose_hot_dogs_are_not_described_is_refused() -> None:
    state = game("substitution", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")})
    state["players"][1]["hot_dogs"] = None
    state["players"][1]["hot_dogs_discarded"] = None
    with pytest.raises(InvalidState) as caught:
        rule(state, SETUP)
    assert caught.value.field == "state.players.1.hot_dogs"


# ----- the deck-check tool: each format's limits


def _hero(n: int, power: int, name: str = "", weapon: str = "Fire") -> CatalogCard:
    return CatalogCard(
        slug=f"hero-{n}",
        name=name or f"Hero {n}",
        number=f"H-{n}",
        kind="hero",
        power=power,
        attributes={"weapon": weapon},
    )


def _play(n: int, kind: str = "play", dbs: int = 10, name: str = "") -> CatalogCard:
    return CatalogCard(
        slug=f"{kind}-{n}",
        name=name or f"{kind} {n}",
        number=f"{kind.upper()}-{n}",
        kind=kind,
        attributes={"dbs": dbs},
    )


HOT_DOG = CatalogCard(slug="frank", name="Frank", number="HD-1", kind="hot-dog")


def _heroes(n: int = 60, base: int = 50) -> list[CatalogCard]:
    """`n` Heroes, 5 of each Power from `base` up in steps of 5."""
    return [_hero(i, base + 5 * (i // 5)) for i in range(n)]


def _tool(
    fmt: str,
    heroes: list[CatalogCard],
    plays: list[CatalogCard] | None = None,
    hot_dogs: int = 10,
) -> dict[str, Any]:
    plays = plays if plays is not None else [_play(i) for i in range(30)]
    catalog = InMemoryCardCatalog({"bo-jackson-battle-arena": [*heroes, *plays, HOT_DOG]})
    body: JSON = {"format": fmt, "hero_deck": [h.slug for h in heroes]}
    if plays:
        body["playbook"] = [p.slug for p in plays]
    if hot_dogs:
        body["hot_dog_deck"] = [{"card": "frank", "count": hot_dogs}]
    tool = registry["bo-jackson-battle-arena"].tools["deck-check"]
    answer: dict[str, Any] = tool.run(body, catalog)
    return answer


def _tool_says(answer: dict[str, Any], legal: bool, number: str, *flagged: str) -> None:
    assert answer["verdict"] == ("legal" if legal else "illegal"), answer["answer"]
    assert answer["deciding_rule"] == KEY + number, (answer["deciding_rule"], answer["answer"])
    assert [t["key"] for t in answer["readings_deciding"]] == list(flagged)


def test_tool_a_playbook_of_30_plays_and_3_bonus_plays() -> None:
    plays = [_play(i) for i in range(30)] + [_play(i, "bonus-play") for i in range(3)]
    _tool_says(_tool("playmaker", _heroes(), plays), True, "4.3.1.3")


def test_tool_an_elite_deck_of_exactly_8_250_power() -> None:
    _tool_says(_tool("elite-playmaker", _heroes(base=110)), True, "9.6")


def test_tool_a_spec_deck_whose_strongest_hero_has_exactly_160() -> None:
    _tool_says(_tool("spec-playmaker", _heroes(base=105)), True, "9.4")


def test_tool_a_constructed_playbook_scoring_exactly_1_000() -> None:
    plays = [_play(i, dbs=40 if i < 10 else 30) for i in range(30)]
    _tool_says(_tool("playmaker-constructed", _heroes(), plays), True, "9.9")


def test_tool_a_hilo_madness_deck_of_61_heroes() -> None:
    _tool_says(_tool("hilo-madness", _heroes(61), [], hot_dogs=4), False, "9.8")


def test_tool_an_apex_madness_deck_with_ten_hot_dogs() -> None:
    _tool_says(_tool("apex-madness", _heroes(), [], hot_dogs=10), False, "9.7", R.TEAM)


def test_tool_a_double_mega_sealed_playbook_of_21() -> None:
    plays = [_play(i) for i in range(21)]
    _tool_says(_tool("double-mega-sealed", _heroes(40), plays), False, "9.3")


def test_tool_one_hero_with_two_weapons_is_two_variations() -> None:
    heroes = [*_heroes(59), _hero(99, 300, name="Hero 0", weapon="Ice")]
    _tool_says(_tool("rookie", heroes, []), True, "4.1.1.3", R.VARIATION)


def test_tool_a_play_and_its_htd_version_in_one_playbook() -> None:
    # Read the other way, an HTD Play does not count toward the 30 either: the Playbook would
    # also be one Play short, another answer, so both readings are shown.
    plays = [_play(i) for i in range(29)] + [_play(0, "htd-play", name="play 0")]
    answer = _tool("playmaker", _heroes(), plays)
    _tool_says(answer, False, "4.3.1.4", R.HTD_COUNTS, R.PLAYS_BY_NAME)


# ----- the website's question forms


def ask(slug: str, form: object) -> Ruling:
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return rule(state, move)


def test_form_can_i_substitute_in_playmaker_after_my_opponent_with_honors_decided() -> None:
    form = CanISubstitute(
        mode="playmaker", i_have_honors=False, opponent_has_decided=True, my_hot_dogs=2
    )
    settled(ask("can-i-substitute", form), True, "4.3.2.1")


def test_form_can_i_substitute_in_battle_three_with_no_hot_dogs() -> None:
    form = CanISubstitute(battle=3, my_hot_dogs=0)
    settled(ask("can-i-substitute", form), False, "4.2.2.1")


def test_form_who_wins_a_rookie_tie_i_claim_for_my_super_weapon() -> None:
    form = WhoWinsThisBattle(
        mode="rookie", my_hero_power=100, my_hero_weapon="Super", claim="I win"
    )
    settled(ask("who-wins-this-battle", form), False, "4.1.2.3", R.PLAYMAKER_ONLY)


def test_form_who_wins_battle_seven_tied_at_3_all_where_ties_are_not_allowed() -> None:
    form = WhoWinsThisBattle(
        mode="substitution",
        battle=7,
        battles_i_have_won=3,
        battles_my_opponent_has_won=3,
        ties_allowed=False,
    )
    ruling = ask("who-wins-this-battle", form)
    settled(ruling, True, "4.4.2.2")
    assert "Sudden Death" in ruling.answer


def test_form_who_wins_battle_seven_with_more_battles_won_than_played_is_refused() -> None:
    with pytest.raises(ValidationError) as caught:
        WhoWinsThisBattle(battle=7, battles_i_have_won=4, battles_my_opponent_has_won=3)
    assert caught.value.errors()[0]["loc"] == ("battles_my_opponent_has_won",)


def test_form_can_i_run_a_3_hot_dog_play_with_2_left_after_my_opponent_passed() -> None:
    form = CanIRunAPlay(i_have_honors=False, opponent_has_passed=True, my_hot_dogs=2, play_cost=3)
    settled(ask("can-i-run-a-play", form), False, "4.3.2.6")


def test_form_who_wins_sudden_death_130_against_a_150_super_weapon() -> None:
    form = WhoWinsSuddenDeath(
        my_revealed_power=130, opponent_revealed_power=150, opponent_revealed_weapon="Super"
    )
    ruling = ask("who-wins-sudden-death", form)
    settled(ruling, True, "4.4.3.2")
    assert ruling.answer.startswith("Your opponent wins")


def test_form_is_my_spec_plus_deck_of_70_heroes_legal() -> None:
    heroes = [f"Hero {i}; {50 + 5 * (i // 5)}; fire" for i in range(70)]
    plays = [f"Play {i}; play; 20" for i in range(30)]
    form = IsMyDeckLegal(format="spec-plus-playmaker", heroes=heroes, plays=plays)
    settled(ask("is-my-deck-legal", form), True, "9.5")


# ----- tables that cannot exist: refused, naming the field


def test_sudden_death_where_ties_are_allowed_is_refused() -> None:
    state = game("rookie", battle=7, phase="sudden-death", ana={"trophies": 3}, ben={"trophies": 3})
    with pytest.raises(InvalidState) as caught:
        rule(state, SUDDEN_DEATH)
    assert caught.value.field == "state.phase"


def test_a_winner_named_in_the_middle_of_battle_four_is_refused() -> None:
    state = game("rookie", battle=4, winner=0, ana={"trophies": 3})
    with pytest.raises(InvalidState) as caught:
        rule(state, RESOLVE)
    assert caught.value.field == "state.winner"


# ----- found by probing after the round was run: the Playmaker formats' Hero Deck size, and
# whole battles as logs


def test_tool_a_booster_box_sealed_deck_of_59_heroes() -> None:
    _tool_says(_tool("booster-box-sealed", _heroes(59)), False, "4.3.1.1")


def test_tool_a_spec_playmaker_deck_of_59_heroes() -> None:
    _tool_says(_tool("spec-playmaker", _heroes(59)), False, "4.3.1.1")


def test_tool_an_elite_playmaker_deck_of_61_heroes_under_the_power_cap() -> None:
    _tool_says(_tool("elite-playmaker", _heroes(61)), False, "4.3.1.1")


def test_tool_a_hilo_madness_deck_with_ten_hot_dogs_turns_on_our_reading() -> None:
    _tool_says(_tool("hilo-madness", _heroes(), [], hot_dogs=10), False, "9.8", R.TEAM)


def test_a_whole_playmaker_battle_won_by_ben_s_plus_30_play() -> None:
    log = [keep(0), keep(1), passes(0), run(1, "Ben-play-1", 30), passes(1), RESOLVE]
    ruled = RULES.rule_sequence_json(game("playmaker"), log)
    assert ruled.verdict == "legal" and not ruled.game_over, ruled.answer
    assert ruled.deciding_rule == KEY + "4.3.2.11" and ruled.readings_deciding == []


def test_a_whole_playmaker_battle_tied_and_broken_by_ben_s_super_weapon() -> None:
    state = game("playmaker", ben={"current": hero("B", 100, "Super")})
    log = [keep(0), keep(1), passes(0), passes(1), RESOLVE]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal", ruled.answer
    assert ruled.deciding_rule == KEY + "4.3.2.13"


def test_tool_a_hot_dog_listed_in_the_playbook_is_named_as_a_hot_dog() -> None:
    plays = [_play(i) for i in range(30)]
    catalog = InMemoryCardCatalog({"bo-jackson-battle-arena": [*_heroes(), *plays, HOT_DOG]})
    body: JSON = {
        "format": "playmaker",
        "hero_deck": [h.slug for h in _heroes()],
        "playbook": [*(p.slug for p in plays), "frank"],
        "hot_dog_deck": [{"card": "frank", "count": 10}],
    }
    answer = registry["bo-jackson-battle-arena"].tools["deck-check"].run(body, catalog)
    _tool_says(answer, False, "4.3.1.2")
    assert "Frank is a Hot Dog, not a Play" in answer["answer"]


def test_form_can_i_run_a_play_in_battle_four_before_my_opponent_with_honors() -> None:
    ruling = ask("can-i-run-a-play", CanIRunAPlay(battle=4, i_have_honors=False))
    settled(ruling, False, "4.3.2.15")
    assert ruling.answer == "No: your opponent has honors and runs Plays or passes first."
