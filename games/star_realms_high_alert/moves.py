"""The moves of one player's turn in a game with High Alert cards."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.star_realms_high_alert.state import CardId, CardSlug, FactionSlug, PlayedCard, Strict

Destination = Literal["discard-pile", "table"]


class UseAlly(Strict):
    kind: Literal["use-ally"] = "use-ally"
    card: CardId = Field(description="Id of a card in the play area")


class UseDoubleAlly(Strict):
    kind: Literal["use-double-ally"] = "use-double-ally"
    card: CardId = Field(description="Id of a card in the play area")


class Acquire(Strict):
    kind: Literal["acquire"] = "acquire"
    card: CardId = Field(description="Id of a card in the trade row")
    to: Destination | None = Field(
        default=None,
        description="Where the player puts the card; the rules decide (3.3, 4.3, 9.4), and a "
        "wrong place is void",
    )
    pay: int | None = Field(
        default=None,
        ge=0,
        le=99,
        description="The Trade the player means to pay; a discount the rules do not give is "
        "void (8.3)",
    )


class AcquireFree(Strict):
    kind: Literal["acquire-free"] = "acquire-free"
    card: CardId = Field(description="Id of a card in the trade row")
    effect: CardId = Field(description="Id of the pending free-acquire effect")
    to: Destination | None = Field(
        default=None, description="Where the player puts the card; a wrong place is void"
    )


class UseTech(Strict):
    kind: Literal["use-tech"] = "use-tech"
    tech: CardId = Field(description="Id of a tech on the table")
    faction: FactionSlug | None = Field(default=None, description="The faction chosen, for Stealth")


class ScrapHero(Strict):
    kind: Literal["scrap-hero"] = "scrap-hero"
    hero: CardId = Field(description="Id of a hero on the table")


class EndTurn(Strict):
    """End the turn: what stays on the table, what resets and what expires (rules 3.6, 3.7,
    4.4, 4.6, 7.2, 7.5)."""

    kind: Literal["end-turn"] = "end-turn"


class Draw(Strict):
    """Draw cards into your hand: in the draw phase, the hand your next turn begins with
    (rule 10.4); in your main phase, the cards an ability lets you draw."""

    kind: Literal["draw"] = "draw"
    cards: list[PlayedCard] = Field(
        min_length=1, max_length=10, description="The cards drawn, described as in the play area"
    )


class PlayCard(Strict):
    """Play a ship or base from your hand into your play area (rule 10.1), with the Trade its
    primary ability gives (rule 10.2)."""

    kind: Literal["play-card"] = "play-card"
    card: CardId = Field(description="Id of a card in your hand")
    trade: int = Field(
        default=0, ge=0, le=99, description="The Trade its primary ability gives you (0: none)"
    )


class CheckSetup(Strict):
    """Ask whether the cards shuffled into the trade deck are the mini-expansions' whole packs
    (rules 1.3-1.6, 2.3, 2.4). `added` counts the copies of each card shuffled in."""

    kind: Literal["setup"] = "setup"
    added: dict[CardSlug, int] = Field(
        max_length=48, description="High Alert card slug -> copies shuffled into the trade deck"
    )


Move = Annotated[
    UseAlly
    | UseDoubleAlly
    | Acquire
    | AcquireFree
    | UseTech
    | ScrapHero
    | EndTurn
    | Draw
    | PlayCard
    | CheckSetup,
    Field(discriminator="kind"),
]
AnyMove = (
    UseAlly
    | UseDoubleAlly
    | Acquire
    | AcquireFree
    | UseTech
    | ScrapHero
    | EndTurn
    | Draw
    | PlayCard
    | CheckSetup
)
