"""Hyperstar Run's tools: "What's my best line?", the solver (`solver.py`) on a board."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from games.core.errors import InvalidState
from games.core.rules import read_body
from games.core.tools import CardCatalog, Tool
from games.hyperstar_run import pages
from games.hyperstar_run.example import example_state
from games.hyperstar_run.rules import RULES
from games.hyperstar_run.runs import SetupPlan
from games.hyperstar_run.solver import Solution, solve_json
from games.hyperstar_run.state import AchievementSlug, Difficulty, State


class SolveRequest(BaseModel):
    state: State


def best_line(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    return solve_json(body.get("state"))


class SetupRequest(BaseModel):
    """A difficulty, or a challenge (played at its achievement's difficulty), or both."""

    # one of the two is needed: said in the schema, as the tool refuses a request without
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "anyOf": [
                {"required": [name], "properties": {name: {"not": {"type": "null"}}}}
                for name in ("difficulty", "challenge")
            ]
        },
    )

    difficulty: Difficulty | None = None
    challenge: AchievementSlug | None = None


def how_to_set_up(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    request = read_body(SetupRequest, body)
    try:
        plan = RULES.plan_setup(request.difficulty, request.challenge)
    except ValueError as err:
        field = "challenge" if request.challenge is not None else "difficulty"
        raise InvalidState(field, str(err)) from None
    return plan.model_dump(mode="json")


TOOLS = {
    "setup": Tool(
        slug="setup",
        title="How do we set up?",
        description=(
            "`{difficulty}` or `{challenge}`: the setup worked out: Level Cards in the level, "
            "in hand and set aside, the hand, the Hero Card, with the rules."
        ),
        input=SetupRequest,
        result=SetupPlan,
        run=how_to_set_up,
        page=pages.setup,
        page_title="Setup",
        example={"difficulty": "hard"},
    ),
    "best-line": Tool(
        slug="best-line",
        title="What's my best line?",
        description=(
            "`{state}`: the furthest this run can get and how (costs and sources in order); "
            "and, when every face in the level is known, whether the game can still be won "
            "within the runs left, with the winning line or the proof that none exists."
        ),
        input=SolveRequest,
        result=Solution,
        run=best_line,
        ruling_page=pages.best_line,
        page=pages.level_builder,
        page_title="Best line",
        aliases=("solve",),
        example={"state": example_state()},
    ),
}
