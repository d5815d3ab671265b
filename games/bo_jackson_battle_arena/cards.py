"""Card attributes of Bo Jackson Battle Arena, by card type (validated by the fixture loader).

Heroes and Hot Dogs come from a community catalog, Plays from the official deck builder: the
attributes keep the identifiers of both sources so an editor can trace every row.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field


class Weapon(StrEnum):
    """The ten weapon types (Comprehensive Rules, as quoted publicly)."""

    ALT = "Alt"
    BRAWL = "Brawl"
    CYBER = "Cyber"
    FIRE = "Fire"
    GLOW = "Glow"
    GUM = "Gum"
    HEX = "Hex"
    ICE = "Ice"
    STEEL = "Steel"
    SUPER = "Super"


def _weapon_name(value: Any) -> Any:
    # Players type "fire" or "FIRE"; the catalog writes "Fire".
    return value.strip().capitalize() if isinstance(value, str) else value


WeaponName = Annotated[Weapon, BeforeValidator(_weapon_name)]

Release = Literal["A", "U", "G", "HTD", "LA"]
PlayKind = Literal["PL", "BPL", "HTD", "LA"]


class _Attributes(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HeroAttributes(_Attributes):
    weapon: WeaponName = Field(title="Weapon")
    parallel: str | None = Field(
        default=None, title="Parallel", description="Print treatment, e.g. Battlefoil"
    )
    year: int | None = Field(default=None, title="Year")
    catalog_id: int | None = Field(default=None, description="Card ID in the community catalog")


class PlayAttributes(_Attributes):
    release: Release | None = None
    play_kind: PlayKind
    dbs: int | None = Field(
        default=None, ge=0, title="Deck Balancing Score", description="Deck Balancing Score"
    )
    deck_builder_id: str | None = Field(default=None, description="id in the official data")
    catalog_id: int | None = Field(default=None, description="Card ID in the community catalog")


class HotDogAttributes(_Attributes):
    year: int | None = Field(default=None, title="Year")
    catalog_id: int | None = Field(default=None, description="Card ID in the community catalog")


CARD_ATTRIBUTES: dict[str, type[BaseModel]] = {
    "hero": HeroAttributes,
    "play": PlayAttributes,
    "bonus-play": PlayAttributes,
    "htd-play": PlayAttributes,
    "hot-dog": HotDogAttributes,
}


# Printings of one card, for lists that show each card once with its printings under it: cards
# of a type whose name and these fields agree are one card (a Hero is its name, weapon and
# Power; a Play or a Hot Dog its name). Keys are Card columns or `attributes.<key>`.
PRINTINGS_OF_ONE_CARD: tuple[str, ...] = ("name", "attributes.weapon", "power")
