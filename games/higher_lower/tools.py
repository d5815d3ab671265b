"""Higher or Lower's tools: "How do we set up?", the deal worked out for the players
(`setup.py`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core.rules import read_body
from games.core.tools import CardCatalog, Tool
from games.higher_lower import pages
from games.higher_lower.rules import RULES
from games.higher_lower.setup import MIN_PLAYERS, SetupPlan
from games.higher_lower.state import MAX_PLAYERS


class SetupRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    players: int = Field(
        ge=MIN_PLAYERS, le=MAX_PLAYERS, description="How many play (10 cards each from 60)"
    )


def how_to_set_up(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    # the ruling on the same deal gives the deciding rule and the readings it turns on
    return RULES.plan_setup(read_body(SetupRequest, body).players).model_dump(mode="json")


TOOLS = {
    "setup": Tool(
        slug="setup",
        title="How do we set up?",
        description=(
            "`{players}`: the deal worked out for 2 to 6 players: playing cards and boosters "
            "each, the deck and booster deck after the deal, who opens, with the rules."
        ),
        input=SetupRequest,
        result=SetupPlan,
        run=how_to_set_up,
        page=pages.setup,
        page_title="Setup",
        example={"players": 3},
    )
}
