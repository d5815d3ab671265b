"""The moves of Higher or Lower, as pydantic models: lay, match, draw, play a booster."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from games.higher_lower.cards import BoosterCategory
from games.higher_lower.state import Direction, Name, Value, _Model


class _PlayerMove(_Model):
    player: Name | None = Field(
        default=None, description="Who makes the move; null means the player whose turn it is."
    )


class PlayCard(_PlayerMove):
    """Lay a playing card higher or lower than the last one, and call for the next player."""

    kind: Literal["play"]
    value: Value
    call: Direction | None = Field(
        default=None, description="The call for the next player; a 1 or a 15 needs none."
    )


class MatchCard(_PlayerMove):
    """Lay a card of the same number as the last card played; no call is made (a call said
    with a match is void, rule 4.5)."""

    kind: Literal["match"]
    value: Value | None = Field(
        default=None, description="The number laid; null means the last card's number."
    )
    call: Direction | None = Field(
        default=None, description="A call said with the match; it is void (rule 4.5)."
    )


class DrawCard(_PlayerMove):
    """Pick up a playing card from the deck because no card can be laid."""

    kind: Literal["draw"]
    drawn: Value | None = Field(
        default=None, description="The number drawn, when the player shows it."
    )
    call: Direction | None = Field(
        default=None, description="A call said with the draw; it is void (rule 4.7)."
    )


class PlayBooster(_PlayerMove):
    """Play a booster card, named as the player names it (its text is not in the reference)."""

    kind: Literal["booster"]
    category: BoosterCategory
    name: str | None = Field(
        default=None, max_length=80, description="The booster's name as the player reads it."
    )
    target: Name | None = Field(
        default=None, description="The opponent it is aimed at; null when it targets nobody."
    )


class CheckSetup(_Model):
    """Ask whether the table is a correct setup: the deal, the decks and who opens (rules
    3.1-3.6)."""

    kind: Literal["setup"]


Move = Annotated[
    PlayCard | MatchCard | DrawCard | PlayBooster | CheckSetup,
    Field(discriminator="kind"),
]
