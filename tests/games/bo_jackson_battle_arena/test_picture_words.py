"""The words a screen reader reads for the Battle Arena picture agree with whoever is seated:
"Ana decides", "you decide"; "Ben's Hero", "your opponent's Hero"; and a game that is over
says who won. Plain Python: the picture's `describe` needs no website."""

from __future__ import annotations

from typing import Any

from games.bo_jackson_battle_arena.picture import battle_layout, describe
from games.bo_jackson_battle_arena.rules import RULES
from games.bo_jackson_battle_arena.state import BattleState
from tests.games.bo_jackson_battle_arena.helpers import game

BANDELERO = {"id": "bo-1", "name": "Bandelero", "power": 120, "weapon": "Fire"}


def said(state: dict[str, Any]) -> str:
    return describe(RULES.parse_state(state))


def seated(state: dict[str, Any], first: str, second: str) -> dict[str, Any]:
    state["players"][0]["name"], state["players"][1]["name"] = first, second
    return state


def test_ana_decides_but_you_decide_whether_to_substitute() -> None:
    table = game("substitution", ana={"current": BANDELERO})
    assert "Ana decides whether to substitute" in said(table)
    assert "Ana's Hero is Bandelero, with 120 Power and a Fire weapon." in said(table)
    mine = seated(table, "You", "Your opponent")
    words = said(mine)
    assert "you decide whether to substitute" in words and "You have honors." in words
    assert "Your Hero is Bandelero, with 120 Power and a Fire weapon." in words
    assert "Your opponent's Hero has 100 Power and a Steel weapon." in words
    assert "You's" not in words and "You decides" not in words and "You has" not in words


def test_a_finished_game_says_who_won_it() -> None:
    over = seated(
        game(
            "rookie",
            battle=7,
            phase="game-over",
            ana={"trophies": 4},
            ben={"trophies": 3},
            winner=0,
        ),
        "You",
        "Your opponent",
    )
    assert "You win the game." in said(over)
    assert "Trophies: you 4, your opponent 3" in said(over)


def test_a_play_in_hand_is_said_with_its_cost() -> None:
    table = game(
        "playmaker", phase="plays", ana={"hand": [{"id": "p1", "name": "Blitz", "cost": 2}]}
    )
    assert "Ana holds the Play Blitz costing 2 Hot Dogs." in said(table)


def test_a_game_won_in_sudden_death_shows_the_last_heroes_revealed() -> None:
    # "The arena still shows battle 7's Heroes, but Ana won in Sudden Death with Bandelero."
    over = game(
        "rookie",
        battle=7,
        phase="game-over",
        ana={"trophies": 3, "current": {"id": "a7", "name": "Bo", "power": 90, "weapon": "Ice"}},
        ben={"trophies": 3},
        draws=1,
        ties_allowed=False,
        winner=0,
    )
    over["players"][0]["set_aside"] = [BANDELERO]
    over["players"][1]["set_aside"] = [{"id": "bo-2", "name": "Rico", "power": 80}]
    words = said(over)
    assert "Ana wins the game." in words
    revealed = "last Hero revealed in Sudden Death was"
    assert f"Ana's {revealed} Bandelero (120 Power, a Fire weapon)" in words
    assert f"Ben's {revealed} Rico (80 Power" in words
    layout = battle_layout(BattleState.model_validate(over), "A question")
    arena = " ".join(t["text"] for t in layout["texts"])  # the heading wraps at the phone's width
    assert "Sudden Death: the last Heroes revealed" in arena
    fighters = [" ".join(t["text"] for t in f.texts) for f in layout["fighters"]]
    assert "Bandelero" in fighters[0] and "Rico" in fighters[1]
    assert all("Bo " not in f for f in fighters)  # battle 7's Hero is not in the arena


def test_a_game_won_on_battles_shows_the_last_battle_in_the_arena() -> None:
    over = game("rookie", battle=7, phase="game-over", ana={"trophies": 4}, winner=0)
    layout = battle_layout(BattleState.model_validate(over), "A question")
    assert "The arena: battle 7, the last" in " ".join(t["text"] for t in layout["texts"])
    assert "last Hero revealed" not in said(over)
