"""Hyperstar Run's tools: "What's my best line?", the solver (`solver.py`) on a board."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from games.core.tools import CardCatalog, Tool
from games.hyperstar_run import pages
from games.hyperstar_run.example import example_state
from games.hyperstar_run.solver import Solution, solve_json
from games.hyperstar_run.state import State


class SolveRequest(BaseModel):
    state: State


def best_line(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    return solve_json(body.get("state"))


TOOLS = {
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
    )
}
