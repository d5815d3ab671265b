"""A table's opening board from the setup (rules 4.1.1, 4.2.1, 4.3.1): each player's seven
Heroes face down in the Battle Zones and, by mode, four more on the Bench, ten Hot Dogs and
four Plays in Hand.

Every Hero and Play is dealt face down from a shuffled deck, so none is described until a
player says it (null Power and weapon, no name); the Hero Decks and Playbooks, whose size the
format sets, are not described either. The player chosen to go first has honors."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.bo_jackson_battle_arena.battle import setup_numbers
from games.bo_jackson_battle_arena.reasons import Mode
from games.bo_jackson_battle_arena.state import BattleState, State
from games.core.openings import Opening
from games.core.rules import labelled

MODES = {"rookie": "Rookie", "substitution": "Substitution", "playmaker": "Playmaker"}
FIRST_PHASE = {"rookie": "compare", "substitution": "substitution", "playmaker": "substitution"}
SEATS = ("a", "b")


class TableSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    mode: Mode = Field(title="Mode", json_schema_extra=labelled(MODES))
    first_player: str = Field(
        default="",
        max_length=60,
        title="Who goes first (optional)",
        description="Their name; left empty: Player A.",
    )
    second_player: str = Field(
        default="", max_length=60, title="The other player (optional)", description="Player B."
    )
    ties_allowed: bool = Field(
        default=True,
        title="A tied game is a tie",
        description="Untick where ties are not allowed: a tied game goes to Sudden Death.",
    )


def _face_down(seat: str, pile: str, count: int) -> list[dict[str, Any]]:
    return [{"id": f"{seat}-{pile}-{n}", "power": None} for n in range(1, count + 1)]


def _player(setup: TableSetup, seat: int) -> dict[str, Any]:
    name = (setup.first_player, setup.second_player)[seat]
    tag, numbers = SEATS[seat], setup_numbers(setup.mode)
    player: dict[str, Any] = {
        "name": name,
        "zones": _face_down(tag, "zone", numbers["battle_zones"]),
        "hero_deck": None,  # its size is the format's: not described
        "set_aside": [],
        "trophies": 0,
    }
    if setup.mode != "rookie":
        player |= {
            "bench": _face_down(tag, "bench", numbers["bench"]),
            "hot_dogs": numbers["hot_dogs"],
            "hot_dogs_discarded": 0,
            "substituted": False,
        }
    if setup.mode == "playmaker":
        plays = [{"id": f"{tag}-play-{n}"} for n in range(1, numbers["plays_in_hand"] + 1)]
        player |= {"hand": plays, "playbook": None, "plays_used": [], "power_change": 0}
    return player


def deal(setup: TableSetup) -> State:
    """Battle 1, its first phase, the player going first with honors (and the first word)."""
    phase = FIRST_PHASE[setup.mode]
    board = BattleState.model_validate(
        {
            "mode": setup.mode,
            "battle": 1,
            "phase": phase,
            "honors": 0,
            "to_act": 0 if phase != "compare" else None,
            "ties_allowed": setup.ties_allowed,
            "draws": 0,
            "players": [_player(setup, 0), _player(setup, 1)],
        }
    )
    return State(root=board)


OPENING = Opening(input=TableSetup, deal=deal, example={"mode": "substitution"})
