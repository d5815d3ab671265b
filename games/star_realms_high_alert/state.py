"""The board state of one player's turn in a game with High Alert cards (moves: `moves.py`).

The state is the current player's side of the table in their turn: the play area (this
turn's ships and the bases in play), the faction symbols gained as effects, heroes and tech on
the table, the Trade left, the trade row, and the pending "acquire a card costing N or less"
effects. Cards from High Alert are named by slug and their facts come from the catalog; a
card from outside High Alert (a base set ship or base) is described by its factions, its ally
abilities and, in the trade row, its type and cost.

List lengths are sanity bounds on input, not rules of the game.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from games.core.names import fold

CardId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="Unique in the state")]
Faction = Literal["blob", "machine-cult", "star-empire", "trade-federation"]


# A faction symbol or one of the six merged symbols (slugs as in game.toml).
def _slug(value: Any) -> Any:
    """A card or symbol named as a player types it: NFC, case folded, spaces as hyphens
    ("The Armory" is `the-armory`)."""
    if not isinstance(value, str):
        return value
    return "-".join(fold(value).split())


SymbolSlug = Literal[
    "blob",
    "machine-cult",
    "star-empire",
    "trade-federation",
    "star-empire-trade-federation",
    "machine-cult-trade-federation",
    "machine-cult-blob",
    "star-empire-blob",
    "star-empire-machine-cult",
    "trade-federation-blob",
]
# As typed in a state: "Star Empire" is `star-empire` (NFC, case folded).
TypedSymbol = Annotated[SymbolSlug, BeforeValidator(_slug)]
FactionSlug = Annotated[
    Literal["blob", "machine-cult", "star-empire", "trade-federation"], BeforeValidator(_slug)
]
CardSlug = Annotated[str, BeforeValidator(_slug), Field(max_length=60)]
ExpansionSlug = Literal["requisition", "tech", "invasion", "heroes"]
OutsideType = Literal["ship", "base", "outpost"]
Name = Annotated[str, Field(max_length=80)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayedCard(Strict):
    """A ship played this turn or a base in play. For a High Alert card give `card`; leave
    `factions`, `ally` and `double_ally` out (or give them as the card data has them)."""

    id: CardId
    card: CardSlug | None = Field(default=None, description="High Alert card slug")
    name: Name = ""
    factions: list[TypedSymbol] | None = Field(
        default=None, max_length=4, description="Faction and merged symbols on the card"
    )
    ally: bool | None = Field(default=None, description="Has an ally ability")
    double_ally: bool | None = Field(default=None, description="Has a double ally ability")
    ally_used: bool = False
    double_ally_used: bool = False


class GainedSymbol(Strict):
    """A faction or merged symbol gained this turn as an effect (rule 7.2). A hero's primary
    ability is not listed here: it is counted from the hero's `played_this_turn`."""

    symbol: TypedSymbol
    source: Name = ""
    card: CardSlug | None = Field(
        default=None, description="High Alert card whose ability gave it, if any"
    )


class TableHero(Strict):
    id: CardId
    card: CardSlug = Field(description="High Alert hero slug")
    played_this_turn: bool = Field(default=False, description="Acquired (and played) this turn")


class TableTech(Strict):
    id: CardId
    card: CardSlug = Field(description="High Alert tech slug")
    used_this_turn: bool = False
    acquired_this_turn: bool = False


class LooseCard(Strict):
    """A card in the trade row, the discard pile or the scrap heap."""

    id: CardId
    card: CardSlug | None = Field(default=None, description="High Alert card slug")
    name: Name = ""
    type: OutsideType | None = Field(default=None, description="Outside High Alert only")
    factions: list[TypedSymbol] | None = Field(default=None, max_length=4)
    cost: int | None = Field(default=None, ge=0, le=99)


class FreeAcquire(Strict):
    """A pending effect "acquire a card costing N or less without paying Trade"."""

    id: CardId
    max_cost: int = Field(ge=0, le=99)
    source: Name = ""


class State(Strict):
    phase: Literal["main", "discard", "draw"] = "main"
    trade: int = Field(default=0, ge=0, le=999, description="Trade still available this turn")
    play_area: list[PlayedCard] = Field(default_factory=list, max_length=40)
    gained_symbols: list[GainedSymbol] = Field(default_factory=list, max_length=40)
    heroes: list[TableHero] = Field(default_factory=list, max_length=12)
    techs: list[TableTech] = Field(default_factory=list, max_length=12)
    trade_row: list[LooseCard] = Field(default_factory=list, max_length=10)
    free_acquires: list[FreeAcquire] = Field(default_factory=list, max_length=5)
    discard_pile: list[LooseCard] = Field(default_factory=list, max_length=60)
    scrap_heap: list[LooseCard] = Field(default_factory=list, max_length=60)
    expansions: list[ExpansionSlug] | None = Field(
        default=None,
        max_length=4,
        description="The mini-expansions shuffled into the trade deck (rules 2.3, 2.4); "
        "null: not said",
    )
