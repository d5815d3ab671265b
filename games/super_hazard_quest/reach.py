"""“Where can I go?” with the readings its answer turns on: the path finder searched again
under the other reading of each open point it consulted (a Mini-Boss fought on the way, a
hazard placed to open a route), and where the hero could then go, in a player's words."""

from __future__ import annotations

from games.core.readings import ReadingTurn, consulted_while, turning_readings
from games.core.words import cap, listed, subject
from games.super_hazard_quest.pathfinder import Reachability, reachable
from games.super_hazard_quest.spoken import card_words
from games.super_hazard_quest.state import State


def reach_with_readings(state: State, player: str) -> tuple[Reachability, list[ReadingTurn]]:
    """The path finder's answer for `player`'s hero, and the readings it turns on. Raises
    ValueError where the hero stands nowhere on the table."""
    found, keys = consulted_while(lambda: reachable(state, player))
    if not keys:
        return found, []
    ours = said(found)

    def differs(other: Reachability) -> tuple[str, str] | None:
        words = said(other)
        return None if words == ours else ("", words)

    return found, turning_readings(lambda: reachable(state, player), keys, differs)


def said(found: Reachability) -> str:
    """Where the hero can go, in a player's words: the Scramblers it can defeat, the
    Checkpoints it can end the turn on, the empty spaces it can open."""
    who = found.player
    you = subject(who)

    def rooms(cells: list[tuple[int, int]]) -> str:
        return listed([card_words(x, y, found.start, who) for x, y in cells])

    parts = []
    if found.wins:
        parts.append(f"{you} can defeat the Scrambler in {rooms([(d.x, d.y) for d in found.wins])}")
    if found.checkpoints:
        cells = [(d.x, d.y) for d in found.checkpoints]
        parts.append(f"{you} can end the turn on the Checkpoint of {rooms(cells)}")
    else:
        parts.append(f"{you} can reach no other Checkpoint")
    if found.openings:
        cells = list(dict.fromkeys((o["x"], o["y"]) for o in found.openings))
        parts.append(f"{you} can walk into the empty space where {rooms(cells)} would lie")
    return cap("; ".join(parts)) + "."
