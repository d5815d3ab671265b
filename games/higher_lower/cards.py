"""The shape of a Higher or Lower card's `attributes`, checked when the fixtures load."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

BoosterCategory = Literal["Common", "Rare", "Epic", "Ultimate"]


class NumberCardAttributes(BaseModel):
    """A playing card: only its number matters to the rules (the colours are not named)."""

    model_config = ConfigDict(extra="forbid")

    value: int = Field(
        ge=1, le=15, title="Number", description="The number printed on the card, 1 to 15."
    )
    automatic_call: Literal["higher", "lower"] | None = Field(
        default=None,
        title="Always calls",
        description="The call this number always makes (1: higher, 15: lower, rule 4.8).",
    )


class BoosterAttributes(BaseModel):
    """A booster card. Names and texts are not in the reference; only the category is known."""

    model_config = ConfigDict(extra="forbid")

    category: BoosterCategory | None = Field(default=None, title="Kind of booster")


CARD_ATTRIBUTES: dict[str, type[BaseModel]] = {
    "number-card": NumberCardAttributes,
    "booster": BoosterAttributes,
}
