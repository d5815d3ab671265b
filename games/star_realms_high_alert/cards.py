"""The shape of a High Alert card's `attributes` in `fixtures/star-realms-high-alert/cards.toml`.

One schema for every card type: the ability fields a type does not have stay empty, and the
per-field `confidence` says whether that emptiness is confirmed by both public sources.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Reading(BaseModel):
    """One source's reading of a field on which the sources disagree."""

    model_config = ConfigDict(extra="forbid")

    text: str
    source: str


class HighAlertAttributes(BaseModel):
    model_config = ConfigDict(extra="forbid")

    defense: int | None = Field(default=None, ge=0, title="Defense", description="Bases only")
    outpost: bool | None = Field(
        default=None, title="Outpost", description="Bases only: True for an outpost"
    )
    primary: str | None = Field(
        default=None, title="Primary ability", description="Primary ability, when sources agree"
    )
    primary_readings: list[Reading] | None = Field(
        default=None,
        title="Primary ability, as each source reads it",
        description="Each source's primary ability, when the sources disagree",
    )
    ally: str | None = Field(default=None, title="Ally ability")
    double_ally: str | None = Field(default=None, title="Double ally ability")
    scrap: str | None = Field(default=None, title="Scrap ability")
    tech_activation_cost: int | None = Field(
        default=None,
        ge=0,
        title="Trade to use its ability",
        description="Tech only: Trade paid each time its ability is used",
    )
    requisition_discount: str | None = Field(
        default=None,
        title="Discount",
        description="Requisition only: the cost reduction, as the sources word it",
    )
    requisition_discount_faction: str | None = Field(
        default=None, description="Requisition only: the faction whose cards lower the price"
    )
    ally_symbol: str | None = Field(
        default=None, description="Heroes only: the merged symbol (slug) the hero grants"
    )
    ally_symbol_name: str | None = Field(
        default=None, description="Heroes only: a community engine's name for that symbol"
    )
    confidence: dict[str, str] | None = Field(
        default=None, description="field -> how many independent sources confirm it"
    )
    sources: list[str] | None = Field(default=None, description="repository:path@commit")
    open_points: list[str] | None = Field(
        default=None,
        title="Not yet confirmed",
        description="What about this card is single-sourced or disputed",
    )


CARD_ATTRIBUTES: dict[str, type[BaseModel]] = {"*": HighAlertAttributes}
