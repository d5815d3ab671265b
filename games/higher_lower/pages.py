"""Higher or Lower's tool pages: "How do we set up?" for a number of players (plain data for
`templates/games/higher-lower/setup.html`).

The player picks how many play; the page runs the setup tool (`RULES.plan_setup`, the deal
worked out in `setup.py`, with its deciding rule and the readings a ruling on that deal turns
on) and shows its steps, each with the rule it rests on. The form is a
GET form, so the answer has an address of its own and needs no script.
"""

from __future__ import annotations

import json
from typing import Any

from games.core.errors import BadInput
from games.core.setup_pages import field, plan_steps, reading_turns
from games.core.tools import Page, PageRequest
from games.higher_lower.rules import RULES
from games.higher_lower.setup import MIN_PLAYERS
from games.higher_lower.state import MAX_PLAYERS

TEMPLATE = "setup.html"
DEFAULT_PLAYERS = 4


def _players(raw: Any) -> int:
    """The number of players asked for, or BadInput in words."""
    text = str(raw if raw is not None else DEFAULT_PLAYERS).strip()
    wanted = f"Give a whole number of players from {MIN_PLAYERS} to {MAX_PLAYERS}"
    if not text.isdigit():
        raise BadInput("players", f"{wanted}, not “{text[:20]}”.")
    players = int(text)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BadInput(
            "players",
            f"{wanted}: each player is dealt 10 of the 60 playing cards (rule 3.1).",
        )
    return players


def setup(request: PageRequest) -> Page:
    raw = request.query.get("players")
    error = ""
    context: dict[str, Any] = {"base_url": request.links.page}
    try:
        players = _players(raw)
        plan = RULES.plan_setup(players)
    except (BadInput, ValueError) as exc:
        error = exc.message if isinstance(exc, BadInput) else str(exc)
        players = DEFAULT_PLAYERS
        plan = None
    context["fields"] = [
        field(
            "players",
            "How many play?",
            "number",
            str(raw).strip()[:20] if error else players,
            help=f"{MIN_PLAYERS} to {MAX_PLAYERS} players.",
            error=error,
            minimum=MIN_PLAYERS,
            maximum=MAX_PLAYERS,
        )
    ]
    context["first_error"] = "players" if error else ""
    if plan is None:
        return Page(TEMPLATE, context, status=400)
    steps, rules = plan_steps(plan, request.reference, request.links.rules)
    found = plan.model_dump(mode="json")
    context.update(
        plan=found,
        # the readings the deal turns on, as for a ruling on it (none for the book's own deal)
        turns=reading_turns(
            plan.readings_deciding, request.reference, request.links.clarifications
        ),
        steps=steps,
        rules=rules,
        body_json=json.dumps({"players": plan.players}),
        plan_json=json.dumps(found, indent=2),
    )
    return Page(TEMPLATE, context)
