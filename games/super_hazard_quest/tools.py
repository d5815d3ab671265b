"""Super Hazard Quest's tools: "Where can I go?", the path finder (`pathfinder.py`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.core.errors import InvalidMove
from games.core.readings import ReadingTurn, consulted_while, turning_readings
from games.core.tools import CardCatalog, Tool
from games.core.words import cap, listed, subject
from games.super_hazard_quest import pages
from games.super_hazard_quest.pathfinder import Reachability, reachable
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.spoken import card_words
from games.super_hazard_quest.state import State


class ReachableRequest(BaseModel):
    state: State
    player: str = Field(min_length=1, description="the hero's player")


class Cell(BaseModel):
    x: int
    y: int


class Destination(BaseModel):
    x: int
    y: int
    items: list[str] = Field(description="The items the route spends, by id")
    route: list[dict[str, Any]] = Field(description="The `path` of a Standard Turn")
    leap_available: bool
    leap_route: list[dict[str, Any]] | None


class Reachable(BaseModel):
    """Every Checkpoint the hero can end the turn on, fewest items first, with its route."""

    player: str
    start: Cell
    checkpoints: list[Destination]
    openings: list[dict[str, Any]] = Field(description="Empty spaces the hero could open")
    wins: list[Destination] = Field(description="Scramblers reachable with their crystal")
    truncated: bool
    notes: list[str]
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings of open points the answer turns on: searched the other way, the hero "
            "could go elsewhere; with what the other reading answers."
        ),
    )


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


def where_can_i_go(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    parsed = RULES.parse_state(body.get("state"))
    player = body.get("player")
    if not isinstance(player, str) or not player:
        raise InvalidMove("player", "name the hero whose turn it is")
    try:
        found, keys = consulted_while(lambda: reachable(parsed, player))
        turns: list[ReadingTurn] = []
        if keys:  # searched again under the other reading of each open point consulted
            ours = said(found)

            def differs(other: Reachability) -> tuple[str, str] | None:
                words = said(other)
                return None if words == ours else ("", words)

            turns = turning_readings(lambda: reachable(parsed, player), keys, differs)
    except ValueError as exc:
        raise InvalidMove("player", str(exc)) from None
    return {**found.as_json(), "readings_deciding": [t.model_dump() for t in turns]}


TOOLS = {
    "reachable": Tool(
        slug="reachable",
        title="Where can I go?",
        description=(
            "`{state, player}`: every checkpoint the hero can reach this turn with its hand, "
            "fewest items first, each with the path that proves it."
        ),
        input=ReachableRequest,
        result=Reachable,
        run=where_can_i_go,
        page=pages.standalone,
        page_title="Path finder",
        ruling_page=pages.where_can_i_go,
        aliases=("reachable",),
        example={"state": RULES.example()["state"], "player": RULES.example()["move"]["player"]},
    )
}
