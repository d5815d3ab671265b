"""High Alert's tools: "What can I do now?", every option of a turn (`options.py`) with the
engine's ruling on taking it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.core.tools import CardCatalog, Tool
from games.star_realms_high_alert import pages
from games.star_realms_high_alert.options import Options
from games.star_realms_high_alert.rules import RULES
from games.star_realms_high_alert.state import State


class OptionsRequest(BaseModel):
    state: State


def what_can_i_do(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    return RULES.options_json(body.get("state"))


TOOLS = {
    "options": Tool(
        slug="options",
        title="What can I do now?",
        description=(
            "What can I do now? `{state}`: every ally ability that is live and why, every card "
            "in the trade row with what it costs this player now and why, every tech usable now."
        ),
        input=OptionsRequest,
        result=Options,
        run=what_can_i_do,
        page=pages.view,
        ruling_page=pages.ruling_view,
        aliases=("options",),
        example={"state": RULES.example()["state"]},
    )
}
