"""Super Hazard Quest's tools: "Where can I go?", the path finder (`pathfinder.py`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from games.core.errors import InvalidMove
from games.core.readings import ReadingTurn
from games.core.tools import CardCatalog, Tool
from games.super_hazard_quest import pages
from games.super_hazard_quest.reach import reach_with_readings
from games.super_hazard_quest.rules import RULES
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


def where_can_i_go(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    parsed = RULES.parse_state(body.get("state"))
    player = body.get("player")
    if not isinstance(player, str) or not player:
        raise InvalidMove("player", "name the hero whose turn it is")
    try:
        found, turns = reach_with_readings(parsed, player)
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
