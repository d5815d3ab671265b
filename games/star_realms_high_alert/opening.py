"""A table's opening board from the setup (rules 2.3, 2.4): the mini-expansions shuffled into
the trade deck, and the first turn about to begin with its hand drawn.

The trade row is dealt from a shuffled deck, so it is not described until a player says what
is in it (a card acquired from it is then known); the hand is the cards the player says they
drew (the first move, `draw`). Nothing is on the table yet: no Trade, no ship, base, hero or
tech, an empty discard pile and scrap heap."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from games.core.openings import Opening
from games.core.rules import labelled
from games.star_realms_high_alert.setup import PACK_NAMES
from games.star_realms_high_alert.state import ExpansionSlug, State


class TableSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    expansions: list[ExpansionSlug] = Field(
        min_length=1,
        max_length=4,
        title="The mini-expansions you add",
        description="One, several or all four, shuffled into the trade deck (rule 2.3).",
        json_schema_extra=labelled(PACK_NAMES),
    )


def deal(setup: TableSetup) -> State:
    """The draw phase of the first turn: the next move draws its hand."""
    chosen = list(dict.fromkeys(setup.expansions))  # a pack named twice is one pack
    return State.model_validate(
        {"phase": "draw", "trade": 0, "trade_row": None, "expansions": chosen}
    )


OPENING = Opening(input=TableSetup, deal=deal, example={"expansions": ["heroes", "tech"]})
