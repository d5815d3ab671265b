"""The moves of one player's turn in a game with High Alert cards."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.star_realms_high_alert.state import CardId, Faction, Strict


class UseAlly(Strict):
    kind: Literal["use-ally"] = "use-ally"
    card: CardId = Field(description="Id of a card in the play area")


class UseDoubleAlly(Strict):
    kind: Literal["use-double-ally"] = "use-double-ally"
    card: CardId = Field(description="Id of a card in the play area")


class Acquire(Strict):
    kind: Literal["acquire"] = "acquire"
    card: CardId = Field(description="Id of a card in the trade row")


class AcquireFree(Strict):
    kind: Literal["acquire-free"] = "acquire-free"
    card: CardId = Field(description="Id of a card in the trade row")
    effect: CardId = Field(description="Id of the pending free-acquire effect")


class UseTech(Strict):
    kind: Literal["use-tech"] = "use-tech"
    tech: CardId = Field(description="Id of a tech on the table")
    faction: Faction | None = Field(default=None, description="The faction chosen, for Stealth")


class ScrapHero(Strict):
    kind: Literal["scrap-hero"] = "scrap-hero"
    hero: CardId = Field(description="Id of a hero on the table")


Move = Annotated[
    UseAlly | UseDoubleAlly | Acquire | AcquireFree | UseTech | ScrapHero,
    Field(discriminator="kind"),
]
AnyMove = UseAlly | UseDoubleAlly | Acquire | AcquireFree | UseTech | ScrapHero
