"""High Alert's tools: "What can I do now?", every option of a turn (`options.py`) with the
engine's ruling on taking it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from games.core.rules import read_body
from games.core.tools import CardCatalog, Tool
from games.star_realms_high_alert import pages
from games.star_realms_high_alert.options import Options
from games.star_realms_high_alert.rules import RULES
from games.star_realms_high_alert.setup import SetupPlan
from games.star_realms_high_alert.state import ExpansionSlug, State


class OptionsRequest(BaseModel):
    state: State


def what_can_i_do(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    return RULES.options_json(body.get("state"))


class SetupRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    expansions: list[ExpansionSlug] = Field(
        min_length=1, max_length=4, description="The mini-expansions added (rule 2.3)"
    )


def how_to_set_up(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    return RULES.plan_setup(read_body(SetupRequest, body).expansions).model_dump(mode="json")


TOOLS = {
    "setup": Tool(
        slug="setup",
        title="How do we set up?",
        description=(
            "`{expansions}`: the High Alert cards to shuffle into the trade deck for the "
            "mini-expansions chosen, pack by pack, with the rules; the deciding rule (2.3) and, "
            "for two or three packs, the reading the setup turns on."
        ),
        input=SetupRequest,
        result=SetupPlan,
        run=how_to_set_up,
        page=pages.setup,
        page_title="Setup",
        example={"expansions": ["heroes", "tech"]},
    ),
    "options": Tool(
        slug="options",
        title="What can I do now?",
        description=(
            "What can I do now? `{state}`: every ally ability that is live and why, every card "
            "in the trade row with what it costs this player now and why, every tech usable now "
            "and every hero that can be scrapped; each option with the readings its answer "
            "turns on."
        ),
        input=OptionsRequest,
        result=Options,
        run=what_can_i_do,
        page=pages.view,
        ruling_page=pages.ruling_view,
        aliases=("options",),
        example={"state": RULES.example()["state"]},
    ),
}
