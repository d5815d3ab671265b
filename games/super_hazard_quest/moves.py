"""The moves of Super Hazard Quest, as pydantic models.

A Standard Turn is a path of steps; a card drawn mid-turn travels in the move as it was drawn
(`drawn`), so that the ruling and the next state can be computed from the move alone.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.super_hazard_quest.state import (
    Action,
    Coord,
    Direction,
    Item,
    ItemId,
    PlayerName,
    Room,
    Strict,
)

Source = Annotated[
    str, Field(pattern=r"^[A-Za-z0-9_-]{1,24}$", description='item id or "inherent"')
]
Spot = Literal["up", "down", "left", "right", "left-space", "right-space", "mini-boss"]


class Go(Strict):
    """One step of proper movement; `using` passes the hazard the step meets."""

    kind: Literal["go"]
    dir: Direction
    using: Source | None = None
    drawn: Room | None = Field(
        default=None, description="the card drawn, if the step enters empty space"
    )


class Fight(Strict):
    """A fight with the Mini-Boss of the card whose Checkpoint the hero stands on."""

    kind: Literal["fight"]
    # fewer than four is a fight the book rules on (rule 7.2), not a move that cannot be made
    using: list[Source] = Field(min_length=1, max_length=4, description="one per Mini-Boss action")
    take: Item | None = Field(default=None, description="the item chosen, for an item prize")


class PlaceHazard(Strict):
    kind: Literal["place-hazard"]
    item: ItemId
    x: Coord
    y: Coord
    spot: Spot
    hazard: Action


class Request(Strict):
    item: ItemId = Field(description="the attacker's Hazard Item")
    action: Action = Field(description="the action asked of the defender")
    answer: Source | None = Field(default=None, description="what the defender answers with")


class Battle(Strict):
    kind: Literal["battle"]
    opponent: PlayerName
    requests: list[Request] = Field(min_length=1, max_length=8)


Step = Annotated[Go | Fight | PlaceHazard | Battle, Field(discriminator="kind")]


class Look(Strict):
    dir: Direction
    drawn: Room


class Leap(Strict):
    dir: Direction
    drawn: Room | None = None


class StandardTurn(Strict):
    kind: Literal["standard-turn"]
    player: PlayerName
    path: list[Step] = Field(default_factory=list, max_length=300)
    played: list[ItemId] = Field(
        default_factory=list, max_length=60, description="items laid out besides those used"
    )
    special: ItemId | None = Field(default=None, description="Special Item played at the end")
    look: Look | None = None
    leap: Leap | None = None
    draws: list[Item] = Field(
        default_factory=list, max_length=60, description="items drawn at the end, as drawn"
    )
    goes_on: bool = Field(
        default=False,
        description="the turn goes on past the last step given: rule those steps only (a "
        "question about one hazard); the last step may leave into a card not yet drawn",
    )


class DiscardTurn(Strict):
    kind: Literal["discard-turn"]
    player: PlayerName
    discard: list[ItemId] = Field(default_factory=list, max_length=60)
    discard_unseen: int = Field(default=0, ge=0, le=54)
    draws: list[Item] = Field(default_factory=list, max_length=60)
    look: Look | None = Field(default=None, description="a Look tried in the same turn")
    played: list[ItemId] = Field(default_factory=list, max_length=60)


class SpecialItemTurn(Strict):
    kind: Literal["special-item"]
    player: PlayerName
    item: ItemId
    leap: Leap | None = None


class HeroBattleTurn(Strict):
    kind: Literal["hero-battle"]
    player: PlayerName
    opponent: PlayerName
    requests: list[Request] = Field(min_length=1, max_length=8)


class Trade(Strict):
    kind: Literal["trade"]
    player: PlayerName
    partner: PlayerName
    give: list[ItemId] = Field(default_factory=list, max_length=60)
    receive: list[ItemId] = Field(default_factory=list, max_length=60)


class TrapDoor(Strict):
    kind: Literal["trap-door"]
    player: PlayerName
    target: PlayerName
    x: Coord
    y: Coord


class SetupDraw(Strict):
    player: PlayerName
    card: Room


class Setup(Strict):
    kind: Literal["setup"]
    draws: list[SetupDraw] = Field(min_length=1, max_length=8)
    first: PlayerName | None = Field(default=None, description="who the players say starts")
    dealt: dict[PlayerName, Annotated[int, Field(ge=0, le=54)]] | None = Field(
        default=None, max_length=8, description="Item Cards dealt to each player, if described"
    )


Move = Annotated[
    StandardTurn | DiscardTurn | SpecialItemTurn | HeroBattleTurn | Trade | TrapDoor | Setup,
    Field(discriminator="kind"),
]
