"""Disputes over names and icons as players type them: a name holding an invisible or
text-turning character, or nothing but spaces, is refused naming its field; two names that a
player reads as one (case, full-width letters, accents typed two ways) are one player."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.core.names import fold, hidden_character, plain, typed_icon, typed_name
from tests.games.bo_jackson_battle_arena import helpers as arena
from tests.games.higher_lower import helpers as hol
from tests.games.hyperstar_run.helpers import board as hyperstar_board
from tests.games.hyperstar_run.helpers import face
from tests.games.hyperstar_run.helpers import rule as hyperstar_rule
from tests.games.super_hazard_quest import helpers as shq

ZERO_WIDTH_SPACE = "\u200b"
RIGHT_TO_LEFT_OVERRIDE = "\u202e"
BAD_NAMES = [
    pytest.param("Ana" + ZERO_WIDTH_SPACE, id="zero-width-space"),
    pytest.param("Ana" + RIGHT_TO_LEFT_OVERRIDE + "neB", id="right-to-left-override"),
    pytest.param("\u2066Ana\u2069", id="bidi-isolates"),
    pytest.param("Ana\u00ad", id="soft-hyphen"),
    pytest.param("Ana\nBen", id="newline"),
    pytest.param("     ", id="spaces"),
    pytest.param("\u3000", id="ideographic-space"),
]


# ----- the shared rules (games.core.names)


def test_full_width_and_case_fold_to_one_name() -> None:
    assert fold("Ａｎａ") == fold("ana") == fold("ANA")
    assert fold("Ａｎａ") != fold("Ana" + ZERO_WIDTH_SPACE)


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_name_with_an_invisible_character_or_only_spaces_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="a name"):
        typed_name(name)


def test_a_name_is_kept_as_typed_without_the_spaces_around_it() -> None:
    assert typed_name("  Zoë  ") == "Zoë"
    assert typed_name("Zoe\u0308") == "Zoë"  # NFC


def test_an_emoji_joined_by_a_zero_width_joiner_is_one_visible_icon() -> None:
    family = "\U0001f469\u200d\U0001f467"
    assert typed_icon(family) == family
    with pytest.raises(ValueError, match="an icon"):
        typed_icon("\u200d")
    with pytest.raises(ValueError, match="an icon"):
        typed_icon(ZERO_WIDTH_SPACE * 3)


def test_plain_takes_every_control_and_format_character_out() -> None:
    assert plain("Ana\u202e yes\u200b") == "Ana yes"
    assert hidden_character("Ana") is None
    assert hidden_character("Ana\u202e") == (3, "\u202e")


# ----- Higher or Lower: a seat per player


@pytest.mark.parametrize("name", BAD_NAMES)
def test_higher_or_lower_refuses_such_a_name_at_its_seat(name: str) -> None:
    state = hol.table()
    state["players"][1]["name"] = name
    with pytest.raises(InvalidState) as caught:
        hol.rule(state, hol.play(9, "higher"))
    assert caught.value.field == "state.players.1.name"


@pytest.mark.parametrize("twin", ["ＡＮＡ", "ana", "Ａｎａ"])
def test_higher_or_lower_seats_ana_once_however_her_name_is_typed(twin: str) -> None:
    state = hol.table()
    state["players"][1]["name"] = twin
    with pytest.raises(InvalidState) as caught:
        hol.rule(state, hol.play(9, "higher"))
    assert caught.value.field == "state.players.1.name"
    assert "two players are named" in caught.value.message


def test_a_full_width_name_for_the_turn_is_the_seated_player() -> None:
    state = hol.table(ana=[9, 3], turn="Ａｎａ")
    after = hol.assert_legal(
        hol.rule(state, hol.play(9, "lower")), "obeys-call", "higher-lower:4.2"
    )
    assert after["turn"] == "Ben"


# ----- Super Hazard Quest


def _two_heroes(ben: str) -> dict[str, Any]:
    return shq.board([shq.room(0, 0)], [shq.hero("Ana", "unlock"), shq.hero(ben, "dig")])


@pytest.mark.parametrize("name", BAD_NAMES)
def test_super_hazard_quest_refuses_such_a_player_name(name: str) -> None:
    with pytest.raises(InvalidState) as caught:
        shq.RULES.parse_state(_two_heroes(name))
    assert caught.value.field == "state.heroes.1.player"


def test_super_hazard_quest_seats_ana_once_in_full_width_letters() -> None:
    with pytest.raises(InvalidState) as caught:
        shq.RULES.parse_state(_two_heroes("ＡＮＡ"))
    assert caught.value.field in ("state.heroes.0.player", "state.heroes.1.player")
    assert "appears twice" in caught.value.message


# ----- Battle Arena: two players, unnamed allowed ("Player A")


@pytest.mark.parametrize("name", BAD_NAMES)
def test_battle_arena_refuses_such_a_name(name: str) -> None:
    state = arena.game("rookie")
    state["players"][1]["name"] = name
    with pytest.raises(InvalidState) as caught:
        arena.rule(state, {"kind": "resolve-battle"})
    assert caught.value.field == "state.players.1.name"


def test_battle_arena_refuses_two_players_of_one_name() -> None:
    state = arena.game("rookie")
    state["players"][1]["name"] = "ａｎａ"
    with pytest.raises(InvalidState) as caught:
        arena.rule(state, {"kind": "resolve-battle"})
    assert caught.value.field == "state.players.1.name"


def test_battle_arena_players_left_unnamed_are_player_a_and_player_b() -> None:
    state = arena.game("rookie", ana={"current": arena.hero("ace", 200)})
    for p in state["players"]:
        p["name"] = ""
    assert "Player A" in arena.rule(state, {"kind": "resolve-battle"}).answer


# ----- Hyperstar Run: button icons


def test_hyperstar_run_refuses_a_button_icon_of_invisible_characters() -> None:
    state = hyperstar_board("tutorial", level=[face("A", enemy="A")], hand=[face("A")])
    state["faces"]["L1"]["buttons"] = [ZERO_WIDTH_SPACE * 2]
    with pytest.raises(InvalidState) as caught:
        hyperstar_rule(state, {"kind": "pass", "cost": "enemy", "sources": []})
    assert caught.value.field == "state.faces.L1.buttons.0"
