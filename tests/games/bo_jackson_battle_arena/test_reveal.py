"""Disputes about the reveal: the players say what the face-down Heroes of the battle turned
out to be. Rules 4.1.2.1, 4.2.2.5 and 4.3.2.5: both players turn face up the Heroes of the
current Battle Zone, after any substitution (4.2.2.1, 4.3.2.1)."""

from __future__ import annotations

import pytest

from games.bo_jackson_battle_arena.opening import TableSetup, deal
from games.core.errors import BadInput

from .helpers import JSON, assert_illegal, assert_legal, game, hero, rule


def reveal(ana: tuple[int, str], ben: tuple[int, str], names: tuple[str, str] = ("", "")) -> JSON:
    heroes = [
        {"name": name, "power": power, "weapon": weapon}
        for (power, weapon), name in zip((ana, ben), names, strict=True)
    ]
    return {"kind": "reveal-heroes", "heroes": heroes}


def face_down(mode: str) -> JSON:
    setup = TableSetup(mode=mode, first_player="Ana", second_player="Ben")  # type: ignore[arg-type]
    return deal(setup).model_dump(mode="json")


def test_rookie_heroes_dealt_face_down_are_revealed_and_then_compared() -> None:
    ruling = rule(face_down("rookie"), reveal((150, "Fire"), (140, "none"), ("Bo", "")))
    assert_legal(ruling, "heroes-revealed", "4.1.2.1")
    assert ruling.answer == (
        "Yes: the Heroes of battle 1 are revealed. Ana's Hero is Bo (150 Power, Fire weapon); "
        "Ben's Hero has 140 Power, no weapon."
    )
    ana, ben = (p["zones"][0] for p in ruling.next_state["players"])
    assert (ana["name"], ana["power"], ana["weapon"]) == ("Bo", 150, "Fire")
    assert (ben["id"], ben["power"], ben["weapon"]) == ("b-zone-1", 140, "none")
    compared = rule(ruling.next_state, {"kind": "resolve-battle"})
    assert compared.legal and compared.answer.startswith("Ana wins battle 1.")


def test_no_reveal_before_both_players_have_decided_whether_to_substitute() -> None:
    ruling = rule(face_down("substitution"), reveal((150, "Fire"), (140, "Ice")))
    assert_illegal(ruling, "substitution-before-reveal", "4.2.2.1")
    assert ruling.answer == (
        "No: the Heroes of battle 1 are not revealed yet: the Substitution Phase comes first."
    )


def test_in_playmaker_the_heroes_are_revealed_before_the_plays() -> None:
    state = face_down("playmaker")
    state |= {"phase": "plays", "to_act": 0}
    ruling = rule(state, reveal((120, "Super"), (120, "Steel")))
    assert_legal(ruling, "heroes-revealed-in-playmaker", "4.3.2.5")
    assert ruling.next_state["phase"] == "plays"


def test_a_hero_already_face_up_cannot_be_said_to_be_another() -> None:
    state = game("substitution", phase="compare", ana={"current": hero("Bo", 150, "Fire")})
    ruling = rule(state, reveal((150, "Ice"), (100, "Steel")))
    assert_illegal(ruling, "heroes-revealed-in-substitution", "4.2.2.5")
    assert ruling.answer == (
        "No: Ana's Hero in Battle Zone 1 is already revealed as Bo (150 Power, Fire weapon)."
    )


def test_a_reveal_that_agrees_with_the_board_changes_nothing() -> None:
    state = game("rookie", battle=3, ana={"current": hero("Bo", 150, "Fire")})
    ruling = rule(state, reveal((150, "fire"), (100, "Steel"), ("bo", "")))
    assert_legal(ruling, "heroes-revealed", "4.1.2.1")
    after = [p["zones"] for p in ruling.next_state["players"]]
    assert after == [p["zones"] for p in state["players"]]


def test_sudden_death_reveals_the_hero_decks_not_a_battle_zone() -> None:
    state = game("rookie", phase="sudden-death", battle=7, ties_allowed=False)
    state["players"][0]["trophies"] = state["players"][1]["trophies"] = 3
    state["draws"] = 1
    ruling = rule(state, reveal((150, "Fire"), (140, "Ice")))
    assert_illegal(ruling, "sudden-death-reveals-top", "4.4.3.1")


def test_a_hero_without_its_power_is_a_bad_move_naming_the_field() -> None:
    move = {"kind": "reveal-heroes", "heroes": [{"weapon": "Fire"}, {"power": 1, "weapon": "Ice"}]}
    with pytest.raises(BadInput) as refused:
        rule(face_down("rookie"), move)
    assert "heroes.0.power" in str(refused.value)


def tied_without_ties(mode: str = "rookie") -> JSON:
    """A table from the setup after seven battles, 3 each and a draw: nothing of the Hero Decks
    was ever described."""
    state = face_down(mode) | {"phase": "sudden-death", "battle": 7, "ties_allowed": False}
    state |= {"draws": 1, "to_act": None}
    for p in state["players"]:
        p["trophies"] = 3
    return state


def test_in_sudden_death_the_top_heroes_of_decks_not_described_are_said() -> None:
    ruling = rule(tied_without_ties(), reveal((150, "Fire"), (140, "Ice"), ("", "Bo")))
    assert_legal(ruling, "sudden-death-reveals-top", "4.4.3.1")
    assert ruling.answer == (
        "Yes: the top Heroes of the Hero Decks are revealed. Ana's top Hero has 150 Power, "
        "Fire weapon; Ben's top Hero is Bo (140 Power, Ice weapon)."
    )
    ana, ben = ruling.next_state["players"]
    assert [(h["power"], h["weapon"]) for h in ana["hero_deck"]] == [(150, "Fire")]
    assert [h["name"] for h in ben["hero_deck"]] == ["Bo"]
    assert ana["partly_described"] == ["hero_deck"]  # the cards under it: not described
    compared = rule(ruling.next_state, {"kind": "sudden-death"})
    assert_legal(compared, "sudden-death-higher-power", "4.4.3.2")
    assert compared.answer == "Ana wins the game in Sudden Death."


def test_in_sudden_death_a_top_hero_already_said_cannot_be_another() -> None:
    said = rule(tied_without_ties(), reveal((150, "Fire"), (140, "Ice"))).next_state
    ruling = rule(said, reveal((150, "Fire"), (160, "Ice")))
    assert_illegal(ruling, "sudden-death-reveals-top", "4.4.3.1")
    assert ruling.answer == "No: Ben's top Hero is already revealed as 140 Power, Ice weapon."
    again = rule(said, reveal((150, "fire"), (140, "Ice")))
    assert again.legal and again.next_state == said


def test_in_sudden_death_an_empty_hero_deck_has_no_top_hero_to_say() -> None:
    state = tied_without_ties()
    state["players"][1]["hero_deck"] = []
    ruling = rule(state, reveal((150, "Fire"), (140, "Ice")))
    assert_illegal(ruling, "sudden-death-reveals-top", "4.4.3.1")
    assert ruling.answer == "No: Ben's Hero Deck is empty."
