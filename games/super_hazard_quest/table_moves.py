"""The moves a table can offer as one tap ("What can I do now?"): every turn of the player to
move that needs nothing the board does not say. A Standard Turn to each Checkpoint the path
finder reaches in the dungeon laid so far (no card drawn on the way), and a Discard Turn of one
card of the hand (its answer reads alike for any number: how many is the player's to say in
a move or the "Look and discard" question). A turn that opens empty space, the setup and a
Look draw cards only a player can name: those are asked, never listed.

The engine rules each move offered; the table keeps the legal ones."""

from __future__ import annotations

from typing import Any

from games.super_hazard_quest.moves import DiscardTurn, StandardTurn
from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.state import State

Offered = StandardTurn | DiscardTurn


def _routes(state: State, player: str) -> list[list[dict[str, Any]]]:
    try:
        found = reachable(state, player)
    except ValueError:  # the hero stands nowhere described: nothing to walk
        return []
    return [d.route for d in [*found.wins, *found.checkpoints] if d.route]


def turn_moves(state: State) -> list[Offered] | None:
    """The one-tap turns of the player to move; None before the setup or after the game."""
    if state.turn is None or state.winner is not None or not state.dungeon:
        return None
    hero = state.hero(state.turn)
    if hero is None or hero.inherent is None or hero.unseen is None:
        return None  # the turn rests on what was not described: it is asked, not listed
    player = hero.player
    moves: list[Offered] = [
        StandardTurn(kind="standard-turn", player=player, path=route)  # type: ignore[arg-type]
        for route in _routes(state, player)
    ]
    if hero.unseen:
        moves.append(DiscardTurn(kind="discard-turn", player=player, discard_unseen=1))
    elif hero.hand:
        moves.append(DiscardTurn(kind="discard-turn", player=player, discard=[hero.hand[0].id]))
    return moves
