"""Card attributes for Super Hazard Quest. No card face is public yet (the fixtures list only
kinds and counts); these schemas let an editor add faces later, checked like the engine's."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.super_hazard_quest.state import Action, Colour, Direction, HazardKind, Prize


class _Attributes(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ActionItemAttributes(_Attributes):
    """Dual Action and Super Items: the actions printed on the card."""

    actions: list[Action] | None = Field(default=None, max_length=2, title="Actions")


class HazardItemAttributes(_Attributes):
    hazard: HazardKind | None = Field(default=None, title="Hazard")


class SpecialItemAttributes(_Attributes):
    effect: str | None = Field(default=None, title="Effect")


class DungeonCardAttributes(_Attributes):
    stage: int | None = Field(default=None, ge=0, title="Stage")
    checkpoint: bool | None = Field(default=None, title="Checkpoint")
    exits: dict[Direction, Action] | None = Field(default=None, title="Exits")
    left_space: Action | None = Field(default=None, title="Left space")
    right_space: Action | None = Field(default=None, title="Right space")
    mini_boss_actions: list[Action] | None = Field(
        default=None, min_length=4, max_length=4, title="Mini-Boss actions"
    )
    prize: Prize | None = Field(default=None, title="Prize")
    scrambler: Colour | None = Field(default=None, title="Scrambler colour")
    dead_end: bool | None = Field(default=None, title="Dead End")
    trap_door: bool | None = Field(default=None, title="Trap Door")


class NoAttributes(_Attributes):
    """Magic and Super Magic Items print no fixed action."""


CARD_ATTRIBUTES: dict[str, type[BaseModel]] = {
    "dual-action-item": ActionItemAttributes,
    "super-item": ActionItemAttributes,
    "magic-item": NoAttributes,
    "super-magic-item": NoAttributes,
    "hazard-item": HazardItemAttributes,
    "special-item": SpecialItemAttributes,
    "scrambler": DungeonCardAttributes,
    "mini-boss-room": DungeonCardAttributes,
    "dead-end": DungeonCardAttributes,
    "trap-door": DungeonCardAttributes,
    "room": DungeonCardAttributes,
}
