"""Disputes over the question forms: the battle a form builds holds only what the form showed
the player. The other Battle Zones, the Hero Decks, your opponent's Bench, Hot Dogs and Plays,
and the score of earlier battles are not described (null), never filler Heroes of 100 Power,
and never change the ruling; where a ruling needs one, it is refused naming it (issue 18)."""

from __future__ import annotations

from typing import Any

import pytest

from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.picture import battle_layout, describe
from games.bo_jackson_battle_arena.questions import (
    CanIRunAPlay,
    CanISubstitute,
    IsMyDeckLegal,
    WhoWinsSuddenDeath,
    WhoWinsThisBattle,
)
from games.bo_jackson_battle_arena.state import BattleState, State
from games.core import InvalidState

from .helpers import RULES, assert_legal

BATTLES = [q for q in RULES.questions if q.slug != "is-my-deck-legal"]


def build(slug: str, form: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


def said(state: dict[str, Any]) -> str:
    return describe(State.model_validate(state))


@pytest.mark.parametrize("question", BATTLES, ids=lambda q: q.slug)
def test_no_question_makes_up_a_hero_in_a_battle_zone_it_did_not_ask(question: Any) -> None:
    state, _ = build(question.slug, question.form())
    current = state["battle"] - 1 if state["phase"] != "sudden-death" else None
    for p in state["players"]:
        others = [h for i, h in enumerate(p["zones"]) if i != current]
        assert all(h["power"] is None for h in others), others


@pytest.mark.parametrize("question", BATTLES, ids=lambda q: q.slug)
def test_no_question_makes_up_your_opponents_side(question: Any) -> None:
    state, _ = build(question.slug, question.form())
    them = state["players"][1]
    piles = ("bench", "hot_dogs", "hot_dogs_discarded", "hand", "playbook", "plays_used")
    for pile in (*piles, "set_aside"):
        assert them.get(pile) is None, (pile, them.get(pile))
    if state["phase"] != "sudden-death":
        assert them["hero_deck"] is None and state["players"][0]["hero_deck"] is None


def test_a_battle_not_the_first_makes_up_no_score() -> None:
    state, _ = build("can-i-substitute", CanISubstitute(battle=4))
    assert state["draws"] is None
    assert [p["trophies"] for p in state["players"]] == [None, None]
    assert "3 battles drawn" not in said(state)
    assert "score of the battles before" in said(state)


def test_who_wins_battle_four_is_answered_for_battle_four_without_a_made_up_playbook() -> None:
    form = WhoWinsThisBattle(battle=4, my_hero_power=120, opponent_hero_power=110)
    ruling = RULES.rule_json(*build("who-wins-this-battle", form))
    assert_legal(ruling, "higher-power-wins-in-playmaker", "4.3.2.11")
    assert ruling.answer == "You win battle 4."
    # No Playbook was described: it is not an empty one, whose reference ruling does not apply.
    assert R.EMPTY_DECK not in ruling.interpretations
    assert "Playbook is empty" not in " ".join(r.detail for r in ruling.reasons)


def test_a_tie_without_super_weapons_does_not_cite_the_ruling_on_two_super_weapons() -> None:
    ruling = RULES.rule_json(*build("who-wins-this-battle", WhoWinsThisBattle()))
    assert ruling.answer == "Battle 1 is a draw: no Trophy is placed."
    assert R.BOTH_SUPER not in ruling.interpretations


def test_the_last_battle_needs_the_score_and_the_form_asks_for_it_at_its_field() -> None:
    with pytest.raises(ValueError, match="Battle 7 ends the game") as caught:
        WhoWinsThisBattle(battle=7, my_hero_power=150)
    assert "battles_i_have_won" in str(caught.value)


def test_the_last_battle_with_the_score_not_described_is_refused_naming_it() -> None:
    form = WhoWinsThisBattle(battle=7, battles_i_have_won=3, battles_my_opponent_has_won=3)
    state, move = build("who-wins-this-battle", form)
    state["players"][0]["trophies"] = None
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, move)
    assert caught.value.field == "state.players.0.trophies"


def test_the_last_battle_with_the_score_given_decides_the_game() -> None:
    form = WhoWinsThisBattle(
        battle=7, my_hero_power=150, battles_i_have_won=3, battles_my_opponent_has_won=3
    )
    ruling = RULES.rule_json(*build("who-wins-this-battle", form))
    assert ruling.answer == "You win battle 7. You win the game, 4 battles to 3."


def test_more_battles_won_than_played_is_refused_at_the_field() -> None:
    with pytest.raises(ValueError, match="too many") as caught:
        WhoWinsThisBattle(battle=3, battles_i_have_won=2, battles_my_opponent_has_won=1)
    assert "battles_my_opponent_has_won" in str(caught.value)


@pytest.mark.parametrize("their_hot_dogs", [0, 10])
def test_your_substitution_is_ruled_the_same_whatever_your_opponent_holds(
    their_hot_dogs: int,
) -> None:
    state, move = build("can-i-substitute", CanISubstitute())
    unsaid = RULES.rule_json(state, move)
    assert_legal(unsaid, "substitution-costs-two-hot-dogs", "4.2.2.1")
    them = state["players"][1]
    # What they paid is not described: at battle 1, before their first decision, nothing.
    given = {**them, "hot_dogs": their_hot_dogs}
    described = RULES.rule_json({**state, "players": [state["players"][0], given]}, move)
    assert described.answer == unsaid.answer
    assert [r.code for r in described.reasons] == [r.code for r in unsaid.reasons]


def test_a_substitution_draws_an_unknown_hero_from_a_deck_not_described() -> None:
    ruling = RULES.rule_json(*build("can-i-substitute", CanISubstitute()))
    after = ruling.next_state
    assert after is not None
    bench = after["players"][0]["bench"]
    assert len(bench) == 1 and bench[0]["power"] is None  # drawn face down: not described
    assert after["players"][0]["hero_deck"] is None


def test_the_powers_a_substitution_does_not_rest_on_are_not_made_up() -> None:
    state, _ = build("can-i-substitute", CanISubstitute())
    me = state["players"][0]
    assert me["zones"][0]["power"] is None and me["bench"][0]["power"] is None
    assert "100" not in said(state)


def test_the_picture_draws_heroes_not_described_as_unknown() -> None:
    state, _ = build("can-i-run-a-play", CanIRunAPlay())
    drawn = battle_layout(BattleState.model_validate(state), "Can I run a Play now?")
    assert {z.power for z in drawn["zones"]} == {"?"}
    texts = " ".join(t["text"] for t in drawn["texts"])
    for p in drawn["panels"]:
        texts += " " + " ".join(t["text"] for t in p.texts)
    assert "Hero Deck: not described" in texts and "Bench: not described" in texts
    assert "Hot Dogs not described" in texts  # your opponent's
    assert "100" not in texts


def test_sudden_death_makes_up_no_score() -> None:
    state, _ = build("who-wins-sudden-death", WhoWinsSuddenDeath(my_revealed_power=130))
    assert [p["trophies"] for p in state["players"]] == [None, None]
    assert state["draws"] is None
    ruling = RULES.rule_json(state, {"kind": "sudden-death"})
    assert ruling.answer == "You win the game in Sudden Death."
    assert "3 battles" not in said(state)


def test_a_deck_line_without_a_name_is_asked_for_not_named_question_mark() -> None:
    with pytest.raises(ValueError, match="Line 2: give the Hero's name first"):
        IsMyDeckLegal(heroes=["Bandelero; 110; Fire", "; 100; Ice"])


def test_the_deck_form_takes_the_kinds_of_play_as_printed() -> None:
    form = IsMyDeckLegal(plays=["Blitz; Bonus Play; 12", "Reload; HTD Play", "Rally"])
    state, _ = build("is-my-deck-legal", form)
    assert [c["kind"] for c in state["playbook"]] == ["bonus-play", "htd-play", "play"]
    with pytest.raises(ValueError, match="not a kind of Play: Play, Bonus Play or HTD Play"):
        IsMyDeckLegal(plays=["Blitz; Hero"])
