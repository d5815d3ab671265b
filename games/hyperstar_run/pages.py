"""Hyperstar Run's tool pages: "What's my best line?" on a ruling page (plain data for
`templates/games/hyperstar-run/best_line.html`), and "How do we set up?" for a difficulty or a
challenge (`setup.html`).

The solver (`games/hyperstar_run/solver.py`) runs on the saved ruling's board: by default the
board as described, before the disputed move, since that is the position the player asked
about; when the move was legal (or a log's moves were), the board after it can be solved too,
and the page offers it. Each step of a line is ruled by the engine again to cite the rules it
rests on. The answer is cached under the ruling's id: the same ruling is always the same board.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import ValidationError

from games.core.errors import BadInput
from games.core.setup_pages import field, plan_steps, reading_turns
from games.core.tools import Page, PageRequest, Picture, RulingBoard
from games.hyperstar_run import level_builder as level_words
from games.hyperstar_run.claims import NAMES as CHALLENGES
from games.hyperstar_run.moves import PassCard
from games.hyperstar_run.naming import giving
from games.hyperstar_run.outcome import describe
from games.hyperstar_run.rules import RULES
from games.hyperstar_run.solver import SEARCH_RESTS_ON_IT, solve
from games.hyperstar_run.state import ACHIEVEMENT_DIFFICULTY, State

SLUG = "hyperstar-run"
TEMPLATE = "best_line.html"
CACHE_SECONDS = 24 * 60 * 60
# A field path through a card (`state.faces.L3.enemy`): its id is ours, not the player's.
CARD_IN_FIELD = re.compile(r"\.[LE]\d{1,2}(?:\.|$)")
CACHE_SHAPE = 1  # bump when the cached answer changes shape
COST_NAMES = {
    "enemy": "enemy cost",
    "combo-start": "combo start cost",
    "combo-continue": "combo continue cost",
}
DESCRIBED = "described"
AFTER = "after"


def positions(saved: RulingBoard) -> dict[str, tuple[str, Any]]:
    """The boards of this ruling that can be solved: {name: (what it is, the state JSON)}."""
    described = saved.before
    log = "moves" in saved.request
    found = {
        DESCRIBED: (
            "the board as described, before the "
            + ("first move of the log" if log else "disputed move"),
            described,
        )
    }
    after = saved.after
    if after is not None and _normal(after) != _normal(described):
        if not log:
            what = "the board after the move, which was ruled legal"
        elif saved.ruling.get("verdict") == "legal":
            what = "the board after every move of the log, all ruled legal"
        else:
            what = "the board after the moves of the log that were ruled legal"
        found[AFTER] = (what, after)
    return found


def _normal(state: Any) -> Any:
    """A board with its defaults filled in, to tell whether two boards are the same."""
    try:
        return State.model_validate(state).model_dump(mode="json")
    except ValidationError:
        return state


def cache_key(saved: Any, position: str) -> str:
    """The cache key of one board of a saved ruling (anything with its `id` and `ruling`)."""
    version = saved.ruling.get("reference_version", "")
    return f"hyperstar-run:best-line:{CACHE_SHAPE}:{saved.id}:{position}:{version}"


def _steps(
    board: State, line: list[dict[str, Any]], rules_url: str
) -> tuple[list[dict[str, Any]], set[str]]:
    """Each move of a line, as the page shows it, with the rules its ruling cites."""
    steps: list[dict[str, Any]] = []
    cited: set[str] = set()
    state = board
    for number, data in enumerate(line, start=1):
        move = RULES.parse_move(data, state)
        ruling = RULES.adjudicate(state, move)
        keys = list(dict.fromkeys(r.rule for r in ruling.reasons))
        cited.update(keys)
        step: dict[str, Any] = {
            "number": number,
            "run": state.run,
            "summary": ruling.summary,
            "rules": [{"key": k, "url": f"{rules_url}#{k.split(':', 1)[1]}"} for k in keys],
        }
        if isinstance(move, PassCard):
            card = state.level[state.hero].card
            face = state.faces[card]
            step.update(
                kind="pass",
                card=card,
                place=state.hero + 1,
                cost=COST_NAMES[move.cost],
                icons=describe(face.cost(move.cost) or []),
                sources=[
                    {
                        "card": s.card,
                        "name": giving(state, s.card, s.buttons),
                        "via": s.via,
                        "buttons": describe(s.buttons),
                        "where": "from your hand" if s.via == "discard" else "passed this run",
                    }
                    for s in move.sources
                ],
            )
        else:
            step.update(kind="end-run", card=state.level[state.hero].card, place=state.hero + 1)
        steps.append(step)
        state = RULES.apply_fast(state, move)
    return steps, cited


def _refusal(exc: BadInput) -> str:
    """A refusal as the page says it: a check across the board names its cards by place in its
    message (`checks`), so a field path holding a card id (`state.faces.L3.combo_start`) is not
    shown; any other is, as the message of a field's own type does not name the field."""
    if CARD_IN_FIELD.search(exc.field):
        return exc.message
    return f"{exc.field}: {exc.message}"


def answer(state_data: Any, rules_url: str = "") -> dict[str, Any]:
    """The solver's answer for one board, with its lines spelled out step by step (each step
    links the rules it rests on under `rules_url`, the game's rules page)."""
    try:
        board = RULES.parse_state(state_data)
    except BadInput as exc:
        return {"error": f"This board cannot be solved: {_refusal(exc)}"}
    try:
        solution = solve(board)
    except BadInput as exc:
        # A board a question built, described only as far as the question asked: it is not
        # wrong, so the page says what the search would need rather than refusing it.
        unsaid = exc.message.removesuffix(f": {SEARCH_RESTS_ON_IT}")
        return {"error": None, "unsaid": unsaid, "solution": None}
    found = solution.model_dump(mode="json")
    for turn in found["readings_deciding"]:  # the reference ruling's anchor on its page
        turn["slug"] = turn["key"].partition(":")[2]
    cited: set[str] = set()
    this_run = found["this_run"]
    steps: list[dict[str, Any]] = []
    winning: list[dict[str, Any]] = []
    if this_run is not None:
        steps, cited = _steps(board, this_run["line"], rules_url)
        this_run["start_card"] = board.level[board.hero].card
        this_run["start_place"] = board.hero + 1
        if this_run["furthest"] < len(board.level):
            this_run["stop_card"] = board.level[this_run["furthest"]].card
            this_run["stop_place"] = this_run["furthest"] + 1
    line = found["winning_line"]
    if line and (this_run is None or line != this_run["line"]):
        winning, more = _steps(board, line, rules_url)
        cited |= more
    for run in found["proof"]:
        run["start_place"] = run["start"] + 1
        run["furthest_place"] = run["furthest"] + 1
    return {
        "error": None,
        "solution": found,
        "steps": steps,
        "winning_steps": winning,
        "winning_is_this_run": bool(line) and not winning,
        "cited": sorted(cited),
        "level_size": len(board.level),
    }


def best_line(request: PageRequest, saved: RulingBoard) -> Page:
    boards = positions(saved)
    position = request.query.get("position", DESCRIBED)
    context: dict[str, Any] = {"boards": boards}
    if position not in boards:
        if position == AFTER:
            why = (
                "the move leaves the board as it was"
                if saved.ruling.get("verdict") == "legal"
                else "the move was ruled illegal, so the board stays as described"
            )
            message = f"There is no other board after the move to solve: {why}."
            status = 404
        else:
            message = f"position: give {DESCRIBED!r} or {AFTER!r}, not {position[:40]!r}."
            status = 400
        return Page(TEMPLATE, {**context, "error": message}, status=status)
    what, state = boards[position]
    key = cache_key(saved, position)
    found = request.memo.get(key)
    cached = found is not None
    if found is None:
        found = answer(state, request.links.rules)
        request.memo.set(key, found, CACHE_SECONDS)
    context.update(found)
    context.update(
        position=position,
        what=what,
        other=next((name for name in boards if name != position), None),
        cached=cached,
        rules=request.reference.rules(found.get("cited") or []),
    )
    solution = found.get("solution")
    if found.get("unsaid"):
        context["board"] = Picture(state, "The board as described")
    elif found["error"] is None and solution is not None:
        this_run = solution["this_run"]
        context["board"] = Picture(
            state, "The board, with this run's line", this_run["line"] if this_run else None
        )
        if found["winning_steps"]:
            context["board_winning"] = Picture(
                state, "The board, with the winning line", solution["winning_line"]
            )
        context["milliseconds"] = round(solution["seconds"] * 1000, 1)
    else:
        context["board"] = Picture(state, "The board as described")
    status = 400 if found["error"] else 200
    return Page(TEMPLATE, context, status=status)


def level_builder(request: PageRequest) -> Page:
    """ "What's my best line?" on a level described card by card in a plain form (no JSON);
    the form stays in the address, so a link brings the level back."""
    form = request.query
    context: dict[str, Any] = {"base_url": request.links.page}
    built: dict[str, Any] = {
        "difficulties": list(level_words.DIFFICULTIES.items()),
        "lines": list(level_words.LINES.items()),
        "e1": str(form.get("E1", "") or "")[:60],
        "e2": str(form.get("E2", "") or "")[:60],
    }
    try:
        difficulty, run, hero = level_words.settings(form)
        built.update(difficulty=difficulty, run=run, hero=hero, cards=level_words.cards(form))
        state = level_words.state(form) if "solve" in form else None
    except BadInput as exc:
        # The message names the input in the form's words; the field (`L3-start`) is the
        # input's name, not the player's.
        built.update(error=f"{exc.message}.", difficulty="standard", run=1, hero=1)
        built["cards"] = level_words.cards({})
        state = None
    context["builder"] = built
    if state is None:
        return Page(TEMPLATE, context, status=400 if "error" in built else 200)
    found = answer(state, request.links.rules)
    context.update(found)
    context["rules"] = request.reference.rules(found.get("cited") or [])
    solution = found.get("solution")
    if found.get("unsaid"):
        context["board"] = Picture(state, "The board as described")
    elif found["error"] is None and solution is not None:
        this_run = solution["this_run"]
        context["board"] = Picture(
            state,
            "The level you described, with this run's line",
            this_run["line"] if this_run else None,
        )
        if found["winning_steps"]:
            context["board_winning"] = Picture(
                state, "The level, with the winning line", solution["winning_line"]
            )
        context["milliseconds"] = round(solution["seconds"] * 1000, 1)
    return Page(TEMPLATE, context)


# ----------------------------------------------------------------- how do we set up?

SETUP_TEMPLATE = "setup.html"
DEFAULT_DIFFICULTY = "standard"
NO_CHALLENGE = ""


def _setup_choice(query: Any) -> tuple[str, str, dict[str, str]]:
    """(difficulty, challenge or "", field -> error in words) from the form."""
    errors: dict[str, str] = {}
    difficulty = str(query.get("difficulty") or DEFAULT_DIFFICULTY).strip()
    challenge = str(query.get("challenge") or NO_CHALLENGE).strip()
    if difficulty not in level_words.DIFFICULTIES:
        errors["difficulty"] = "Choose one of the four difficulties."
    if challenge and challenge not in CHALLENGES:
        errors["challenge"] = "Choose one of the four challenges, or no challenge."
    elif challenge and not errors:
        wanted = ACHIEVEMENT_DIFFICULTY[challenge]
        if wanted != difficulty:
            words = level_words.DIFFICULTIES[wanted]
            errors["challenge"] = (
                f"The {CHALLENGES[challenge]} challenge is played at {words} (rule 12.1): "
                f"choose {words}, or no challenge."
            )
    return difficulty, challenge, errors


def setup(request: PageRequest) -> Page:
    """ "How do we set up?": the setup worked out for the difficulty (and challenge) picked."""
    difficulty, challenge, errors = _setup_choice(request.query)
    challenges = [(NO_CHALLENGE, "No challenge")] + [
        (slug, f"{name} (played at {level_words.DIFFICULTIES[ACHIEVEMENT_DIFFICULTY[slug]]})")
        for slug, name in CHALLENGES.items()
    ]
    context: dict[str, Any] = {
        "base_url": request.links.page,
        "first_error": next(iter(errors), ""),
        "fields": [
            field(
                "difficulty",
                "Difficulty",
                "radio",
                difficulty if "difficulty" not in errors else DEFAULT_DIFFICULTY,
                choices=level_words.DIFFICULTIES.items(),
                help="It sets how many Level Cards are in the level.",
                error=errors.get("difficulty", ""),
            ),
            field(
                "challenge",
                "Challenge mode",
                "radio",
                challenge if "challenge" not in errors or challenge in CHALLENGES else "",
                choices=challenges,
                help="A challenge is played at its achievement's difficulty.",
                error=errors.get("challenge", ""),
            ),
        ],
    }
    if errors:
        return Page(SETUP_TEMPLATE, context, status=400)
    try:
        plan = RULES.plan_setup(difficulty, challenge or None)
    except ValueError as err:  # the form's checks above are the tool's own: not expected
        context["fields"][1]["error"] = str(err)
        return Page(SETUP_TEMPLATE, context, status=400)
    found = plan.model_dump(mode="json")
    steps, rules = plan_steps(plan, request.reference, request.links.rules)
    body = {"challenge": challenge} if challenge else {"difficulty": difficulty}
    context.update(
        plan=found,
        # the readings the setup turns on, as for a ruling on it (none for the book's setup)
        turns=reading_turns(
            plan.readings_deciding, request.reference, request.links.clarifications
        ),
        difficulty_words=level_words.DIFFICULTIES[plan.difficulty],
        challenge_words=CHALLENGES.get(challenge, ""),
        steps=steps,
        rules=rules,
        body_json=json.dumps(body),
        plan_json=json.dumps(found, indent=2),
    )
    return Page(SETUP_TEMPLATE, context)
