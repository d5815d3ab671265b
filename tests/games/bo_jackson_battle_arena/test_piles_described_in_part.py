"""Disputes over piles the question described only in part: the Bench of "can I substitute?"
holds the Hero you bring in and maybe others, your Hand the Play you ask about, a Hero Deck in
Sudden Death the revealed Hero. Their size and what is missing from them are not known: the
picture shows no count as fact, and a ruling that would rest on them is refused naming the
pile. "No weapon" on a form says the Hero has none; a weapon not given is not described."""

from __future__ import annotations

from typing import Any

import pytest

from games.bo_jackson_battle_arena.picture import battle_layout, describe
from games.bo_jackson_battle_arena.questions import (
    CanIRunAPlay,
    CanISubstitute,
    WhoWinsSuddenDeath,
    WhoWinsThisBattle,
)
from games.bo_jackson_battle_arena.state import BattleState, State
from games.core import InvalidState

from .helpers import RULES, assert_legal


def build(slug: str, form: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


def drawn(state: dict[str, Any]) -> str:
    layout = battle_layout(BattleState.model_validate(state), "A question")
    texts = [t["text"] for t in layout["texts"]]
    for panel in layout["panels"]:
        # A line wrapped to the phone's width is read on with the one before it.
        for before, t in zip([None, *panel.texts], panel.texts, strict=False):
            wrapped = before is not None and before["cls"] == t["cls"]
            texts.append(texts.pop() + " " + t["text"] if wrapped else t["text"])
    for fighter in layout["fighters"]:
        texts += [t["text"] for t in fighter.texts]
    texts += [z.weapon for z in layout["zones"]]
    return " | ".join(texts)


def test_the_bench_of_can_i_substitute_is_the_hero_you_bring_in_and_the_rest_not_described() -> (
    None
):
    state, move = build("can-i-substitute", CanISubstitute(bench_hero_power=120))
    assert state["players"][0]["partly_described"] == ["bench"]
    picture = drawn(state)
    assert "Bench (1)" not in picture
    assert "Bench: 1 Hero given, the rest not described" in picture
    said = describe(State.model_validate(state))
    assert "Your Bench: the Hero you bring in, with 120 Power (the rest not described)" in said
    assert_legal(RULES.rule_json(state, move), "substitution-costs-two-hot-dogs", "4.2.2.1")


def test_a_hero_not_among_those_given_on_a_bench_in_part_is_refused_not_called_absent() -> None:
    state, move = build("can-i-substitute", CanISubstitute())
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, {**move, "hero": "a-hero-not-given"})
    assert caught.value.field == "state.players.0.bench"


def test_the_setup_is_not_counted_from_a_bench_given_in_part() -> None:
    state, _ = build("can-i-substitute", CanISubstitute())
    me = state["players"][0]
    me |= {"hero_deck": [], "set_aside": [], "hot_dogs_discarded": 0, "hot_dogs": 10}
    them = state["players"][1]
    them |= {"bench": [], "hot_dogs": 10, "hot_dogs_discarded": 0, "substituted": False}
    them |= {"hand": [], "playbook": [], "plays_used": [], "power_change": 0}
    me |= {"hand": [], "playbook": [], "plays_used": []}
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, {"kind": "check-setup"})
    assert caught.value.field == "state.players.0.bench"


def test_can_i_run_a_play_says_your_hand_holds_the_play_and_others_not_described() -> None:
    state, move = build("can-i-run-a-play", CanIRunAPlay(play_name="Blitz", play_cost=2))
    picture = drawn(state)
    assert "Plays in Hand (1)" not in picture
    assert "Plays in Hand: 1 Play given, the rest not described" in picture
    said = describe(State.model_validate(state))
    assert "Your Hand: the Play Blitz costing 2 Hot Dogs (the rest not described)" in said
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "play-run", "4.3.2.6")
    # After it is run, the Hand left is not "empty": its other Plays were not described.
    after = ruling.next_state
    assert after is not None and after["players"][0]["partly_described"] == ["hand"]
    assert "Plays in Hand: none given, the rest not described" in drawn(after)


def test_a_play_not_among_those_given_in_a_hand_in_part_is_refused_naming_the_hand() -> None:
    state, move = build("can-i-run-a-play", CanIRunAPlay())
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, {**move, "play": "another-play"})
    assert caught.value.field == "state.players.0.hand"


def test_sudden_death_shows_the_revealed_hero_not_a_one_card_deck() -> None:
    state, move = build("who-wins-sudden-death", WhoWinsSuddenDeath(my_revealed_power=130))
    picture = drawn(state)
    assert "Hero Deck: 1 card |" not in picture and "Hero Deck: 1 card ·" not in picture
    assert "Hero Deck: 1 card given, the rest not described" in picture
    ruling = RULES.rule_json(state, move)
    assert ruling.answer == "You win the game in Sudden Death."
    assert ruling.reasons[0].code == "sudden-death-higher-power"


def test_a_tied_sudden_death_goes_on_from_decks_not_empty_but_not_described() -> None:
    state, move = build("who-wins-sudden-death", WhoWinsSuddenDeath())
    ruling = RULES.rule_json(state, move)
    assert ruling.answer == "Sudden Death is tied again: reveal the next top cards."
    after = ruling.next_state
    assert after is not None
    # The next reveal is from the cards not described: refused naming the deck, not "empty".
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(after, {"kind": "sudden-death"})
    assert caught.value.field == "state.players.0.hero_deck"
    assert "Hero Deck empty" not in drawn(after)
    # The revealed Heroes are set aside: the one card known of a pile not described.
    assert after["players"][0]["set_aside"][0]["id"] == "your-top-hero"
    assert "Set aside: 1 Hero given, the rest not described" in drawn(after)


def test_no_weapon_on_the_form_says_no_super_weapon_and_rules_the_tie() -> None:
    form = WhoWinsThisBattle(my_hero_weapon="none", opponent_hero_weapon="Super")
    state, move = build("who-wins-this-battle", form)
    assert state["players"][0]["zones"][0]["weapon"] == "none"
    assert "no weapon" in drawn(state)
    assert "no weapon given" not in drawn(state)
    ruling = RULES.rule_json(state, move)
    assert ruling.answer == "Your opponent wins battle 1."
    assert ruling.reasons[0].code == "super-tie-breaker"


def test_a_playmaker_tie_with_a_weapon_not_described_is_refused_naming_it() -> None:
    state, move = build("who-wins-this-battle", WhoWinsThisBattle(opponent_hero_weapon="Super"))
    state["players"][0]["zones"][0]["weapon"] = None
    assert "weapon not described" in drawn(state)
    assert "weapon not described" in describe(State.model_validate(state))
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, move)
    assert caught.value.field == "state.players.0.zones.0.weapon"


def test_a_weapon_not_described_does_not_matter_when_the_power_decides() -> None:
    form = WhoWinsThisBattle(my_hero_power=120)
    state, move = build("who-wins-this-battle", form)
    state["players"][0]["zones"][0]["weapon"] = None
    ruling = RULES.rule_json(state, move)
    assert_legal(ruling, "higher-power-wins-in-playmaker", "4.3.2.11")


def test_a_state_of_before_with_no_pile_in_part_means_what_it_did() -> None:
    state, move = build("can-i-substitute", CanISubstitute())
    del state["players"][0]["partly_described"]
    assert "Bench (1)" in drawn(state)
    with pytest.raises(Exception) as caught:
        RULES.rule_json(state, {**move, "hero": "not-a-hero"})
    # Whole, the Bench of one is short of the 4 it always holds: refused, naming it.
    assert "state.players.0.bench: 1 Hero on the Bench" in str(caught.value)
