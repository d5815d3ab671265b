"""What a Hyperstar Run card's `attributes` may hold, for when an editor records a face.

No face is public yet, so the fixtures ship card types with counts and no cards; these schemas
say what a face would carry (rulebook, Components: parts A to E of a Level Card).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class LevelCardAttributes(BaseModel):
    model_config = ConfigDict(extra="forbid")

    buttons: list[str] | None = Field(
        default=None, title="Buttons", description="(A) the button icon(s)"
    )
    combo_start_cost: list[str] | None = Field(
        default=None, title="Cost to start a combo", description="(B) two icons"
    )
    combo_continue_cost: str | None = Field(
        default=None, title="Cost to continue a combo", description="(C) one icon"
    )
    enemy_cost: list[str] | None = Field(
        default=None, title="Cost to defeat the enemy", description="(D) the icons, `*` = star"
    )
    combo_line_sides: list[Literal["left", "right"]] | None = Field(
        default=None, title="Combo line on the"
    )
    combo_line_colour: str | None = Field(default=None, title="Combo line colour")
    ability: str | None = Field(default=None, title="Ability", description="(E) the ability text")


class EquipmentCardAttributes(BaseModel):
    model_config = ConfigDict(extra="forbid")

    buttons: list[str] | None = Field(
        default=None, title="Buttons", description="its two button icons"
    )


CARD_ATTRIBUTES: dict[str, type[BaseModel]] = {
    "level-card": LevelCardAttributes,
    "equipment-card": EquipmentCardAttributes,
}
