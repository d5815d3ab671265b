"""Super Hazard Quest's tool pages: "Where can I go?" (plain data for
`templates/games/super-hazard-quest/reachable.html`).

On a ruling page, the path finder (`games/super_hazard_quest/pathfinder.py`) runs on the saved
ruling's board for the hero whose turn it is: by default the board as described, before the
disputed move; when the move was legal, the board after it too (`?position=after`). It lists
every Checkpoint the hero can end its turn on, fewest items first, each with its route and the
items it spends and whether a Running Leap is open on arrival, and draws them on the map; the
route to one Checkpoint is drawn with `?to=x,y`. The standalone page runs the same search on a
board pasted as JSON.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

from games.core.errors import BadInput
from games.core.tools import Page, PageRequest, Picture, Reference, RulingBoard
from games.core.words import possessive, says, subject
from games.super_hazard_quest import builder
from games.super_hazard_quest.reach import reach_with_readings
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.spoken import card_words, from_start, item_words
from games.super_hazard_quest.state import ALL_ACTIONS, COMBAT_ACTIONS, HAND_SIZE, Hero, Item, State

SLUG = "super-hazard-quest"
TEMPLATE = "reachable.html"
DESCRIBED = "described"
AFTER = "after"
MAX_JSON = 200_000  # characters of pasted JSON
# The rules a path found rests on, shown under the answer.
RULES_USED = ("5.3", "5.6", "5.9", "5.11", "4.5", "4.10", "9.3", "9.4", "9.5", "9.6", "10.1")
MOVEMENT_MODEL = "proper-movement-model"


# ----------------------------------------------------------------- words for the answer


def _action(name: str) -> str:
    return name.title()


def route_words(route: list[dict[str, Any]], hand: dict[str, Item]) -> list[str]:
    """A route as short phrases: runs of plain steps one way are put together ("right ×3");
    a step that passes a hazard says with what, the item as printed on it."""

    def said(item_id: Any) -> str:
        item = hand.get(str(item_id))
        return str(item_id) if item is None else item_words(item, hand.values())

    out: list[str] = []
    run_dir, run = "", 0

    def flush() -> None:
        if run:
            out.append(run_dir if run == 1 else f"{run_dir} ×{run}")

    for step in route:
        if step.get("kind") == "place-hazard":
            flush()
            run = 0
            out.append(f"{said(step.get('item'))} placed over itself")
            continue
        direction = str(step.get("dir", ""))
        using = step.get("using")
        if using is None:
            if direction == run_dir:
                run += 1
            else:
                flush()
                run_dir, run = direction, 1
            continue
        flush()
        run = 0
        run_dir = ""
        by = "the Inherent Action" if using == "inherent" else said(using)
        out.append(f"{direction} (hazard passed with {by})")
    flush()
    return out


def _items(ids: list[str], hand: dict[str, Item]) -> list[str]:
    return [item_words(hand[i], hand.values()) if i in hand else i for i in ids]


def _destination(
    dest: dict[str, Any],
    rank: int,
    hand: dict[str, Item],
    player: str,
    selected: bool,
    origin: tuple[int, int] | None,
) -> dict[str, Any]:
    move = {"kind": "standard-turn", "player": player, "path": dest["route"]}
    found = {
        **dest,
        "rank": rank,
        "steps": len(dest["route"]),
        "words": route_words(dest["route"], hand),
        "item_words": _items(dest["items"], hand),
        "place": card_words(dest["x"], dest["y"], origin, player),
        "move_json": json.dumps(move, indent=1),
        "selected": selected,
    }
    if dest.get("leap_route"):
        found["leap_words"] = route_words(dest["leap_route"], hand)
        found["leap_other_route"] = dest["leap_route"] != dest["route"]
    return found


def _spelled(
    found: dict[str, Any], hand: dict[str, Item], origin: tuple[int, int] | None, player: str
) -> dict[str, Any]:
    return {
        **found,
        "words": route_words(found["route"], hand),
        "item_words": _items(found["items"], hand),
        "place": card_words(found["x"], found["y"], origin, player),
    }


def answer(state: State, player: str, selected: tuple[int, int] | None) -> dict[str, Any]:
    """The path finder's answer for the hero of `player`, spelled out for the page."""
    hero = state.hero(player)
    assert hero is not None
    searched, turns = reach_with_readings(state, player)
    found = searched.as_json()
    hand = {i.id: i for i in hero.hand}
    origin = None if hero.x is None or hero.y is None else (hero.x, hero.y)
    checkpoints = [
        _destination(d, rank, hand, player, selected == (d["x"], d["y"]), origin)
        for rank, d in enumerate(found["checkpoints"], start=1)
    ]
    wins = [_spelled(w, hand, origin, player) for w in found["wins"]]
    openings = [_spelled(o, hand, origin, player) for o in found["openings"]]
    return {
        "found": found,
        "checkpoints": checkpoints,
        "wins": wins,
        "openings": openings,
        "hero": hero,
        "inherent": hero.action().title(),
        "hand_words": _items([i.id for i in hero.hand], hand),
        "whose": possessive(hero.player, start=True),
        "stands": from_start(*origin) if origin is not None else "",
        # what the other reading of an open point the answer turns on would answer
        "turns": [{"slug": t.key.partition(":")[2], "other_answer": t.other_answer} for t in turns],
    }


# ----------------------------------------------------------------- reading the request


def _cell(text: str | None) -> tuple[int, int] | None:
    """`?to=x,y` as a cell; raises ValueError when it is not two whole numbers."""
    if text is None or text == "":
        return None
    parts = text.split(",")
    if len(parts) != 2:
        raise ValueError
    x, y = (int(p.strip()) for p in parts)
    if abs(x) > 40 or abs(y) > 40:
        raise ValueError
    return x, y


def _whose(state: State, asked: str | None) -> tuple[Hero | None, str | None]:
    """The hero to search for: the one named, or the one whose turn it is; or why none."""
    if state.winner is not None:
        return (
            None,
            f"The game is over: {says(state.winner, 'has', 'have')} won, so nobody moves any more.",
        )
    name = asked or state.turn
    if name is None:
        return None, "Nobody has a turn yet: the game is not set up (rule on the setup first)."
    hero = state.hero(name)
    if hero is None:
        return None, f"player: there is no player {name[:40]!r} in this game."
    if hero.x is None or hero.y is None:
        return None, (
            f"Where {possessive(hero.player)} hero stands was not described, and the search "
            "starts from its Checkpoint."
        )
    if hero.inherent is None:  # a question that did not ask it: the search will not guess it
        return None, (
            f"{possessive(hero.player, start=True)} hero's Inherent Action was not described, "
            "and which hazards the hero passes depends on it."
        )
    return hero, None


def positions(saved: RulingBoard) -> dict[str, tuple[str, Any]]:
    """The boards of this ruling the path finder can search: {name: (what, state JSON)}."""
    described = saved.before
    found = {DESCRIBED: ("the board as described, before the disputed move", described)}
    after = saved.after
    if after is not None and after != described:
        found[AFTER] = ("the board after the move, which was ruled legal", after)
    return found


def _rules_used(reference: Reference) -> list[Any]:
    return reference.rules(f"{SLUG}:{n}" for n in RULES_USED)


def _page(
    request: PageRequest,
    state_data: Any,
    what: str,
    context: dict[str, Any],
    player: str | None = None,
) -> Page:
    """Search `state_data` and show the answer (or the reason it cannot be searched)."""
    context.update(what=what, rules=_rules_used(request.reference), movement=MOVEMENT_MODEL)
    try:
        state = RULES.parse_state(state_data)
    except BadInput as exc:
        context["error"] = f"This board cannot be searched: {exc.field}: {exc.message}"
        return Page(TEMPLATE, context, status=400)
    try:
        selected = _cell(
            request.form.get("to") if request.method == "POST" else request.query.get("to")
        )
    except ValueError:
        context["error"] = "to: give a card as two whole numbers, x,y (for example 1,0)."
        context["board"] = Picture(state_data, "The board")
        return Page(TEMPLATE, context, status=400)
    hero, why = _whose(state, player)
    if hero is None:
        context["nothing"] = why
        context["board"] = Picture(state_data, "The board")
        status = 400 if why and why.startswith("player:") else 200
        return Page(TEMPLATE, context, status=status)
    found = answer(state, hero.player, selected)
    checkpoints = found["checkpoints"]
    if selected is not None and not any(c["selected"] for c in checkpoints):
        context["error"] = (
            f"to: ({selected[0]}, {selected[1]}) is not a Checkpoint "
            f"{possessive(hero.player)} hero can "
            "reach this turn."
        )
        context.update(found)
        context["board"] = Picture(state_data, "Where can I go?", {"reachable": found["found"]})
        return Page(TEMPLATE, context, status=400)
    if selected is None and checkpoints:
        selected = (checkpoints[0]["x"], checkpoints[0]["y"])
        checkpoints[0]["selected"] = True
    context.update(found)
    context["selected"] = selected
    overlay = {"reachable": found["found"], "selected": list(selected) if selected else None}
    context["board"] = Picture(state_data, f"Where can {subject(hero.player)} go?", overlay)
    return Page(TEMPLATE, context)


# ----------------------------------------------------------------- the views


def where_can_i_go(request: PageRequest, saved: RulingBoard) -> Page:
    """On a ruling page: the path finder on the ruling's board."""
    boards = positions(saved)
    position = request.query.get("position", DESCRIBED)
    context: dict[str, Any] = {
        "saved": saved,
        "position": position,
        "other": next((name for name in boards if name != position), None),
        "base_url": request.links.page,
    }
    if position not in boards:
        if position == AFTER:
            context["error"] = (
                "There is no board after the move to search: the move was ruled illegal, so "
                "the board stays as described."
            )
            return Page(TEMPLATE, context, status=404)
        context["error"] = f"position: give {DESCRIBED!r} or {AFTER!r}, not {position[:40]!r}."
        return Page(TEMPLATE, context, status=400)
    what, state_data = boards[position]
    return _page(request, state_data, what, context)


def _built(request: PageRequest, context: dict[str, Any]) -> Page:
    """The dungeon builder: the board kept in the address (`d`, `h`), one room or hero edited
    per form sent (`edit`), the selected cell (`sel`); `go` asks "Where can I go?" for you."""
    query = request.query
    try:
        board = builder.parse(query)
        edit = str(query.get("edit", "") or "")
        if edit == "room":
            board = builder.edit_room(board, query)
        elif edit == "hero":
            board = builder.edit_hero(board, query)
        elif edit == "add-hero":
            board = builder.add_hero(board)
    except BadInput as exc:
        context["error"] = f"{exc.message} ({exc.field})."
        board = builder.parse({})
        edit = ""
    selected: tuple[int, int] | None = None
    try:
        selected = _cell(str(query.get("sel", "") or "") or None)
    except ValueError:
        selected = None
    codes = board.codes()
    base = request.links.page

    def link(**extra: str) -> str:
        return f"{base}?{urlencode({**codes, **extra})}"

    rows = board.grid(selected)
    for row in rows:
        for cell in row:
            cell["link"] = link(sel=f"{cell['x']},{cell['y']}") + "#editor"
    room = board.rooms.get(selected) if selected else None
    context["builder"] = {
        "selected_words": from_start(*selected, "room" if room else "space") if selected else "",
        "codes": codes,
        "rows": rows,
        "selected": selected,
        "room": room,
        "actions": [(a, a.capitalize()) for a in ALL_ACTIONS],
        "combat": [(a, a.capitalize()) for a in COMBAT_ACTIONS],
        "sides": [
            (side, word, room.side(side) if room else "")
            for side, word in (("up", "Up"), ("down", "Down"), ("left", "Left"), ("right", "Right"))
        ],
        "spaces": [
            (space, word, room.space(space) if room else "")
            for space, word in (("left", "Left space"), ("right", "Right space"))
        ],
        "prizes": list(builder.PRIZE_WORDS.items()),
        "boss": [(i + 1, room.boss[0][i] if room and room.boss else "") for i in range(4)],
        "prize": room.boss[1] if room and room.boss else "",
        "removable": room is not None and selected != (0, 0),
        "items": builder.item_choices(),
        "heroes": [
            {
                "index": i,
                "hero": h,
                "at": f"{h.x},{h.y}" if h.x is not None else "",
                "items": [f"{k}:{d}" if d else k for k, d in h.items]
                + [""] * (HAND_SIZE - len(h.items)),
                "words": h.item_words(),
            }
            for i, h in enumerate(board.heroes)
        ],
        "cells": [(f"{x},{y}", from_start(x, y)) for (x, y) in board.rooms],
        "link_go": link(go="1") + "#answer-built",
        "link_add_hero": link(edit="add-hero"),
        "link_new": base,
    }
    state_data = board.state()
    context["json_text"] = json.dumps(state_data, indent=2)
    if "go" in query and "error" not in context:
        return _page(request, state_data, "the dungeon you built", context, "You")
    context["board"] = Picture(state_data, "The dungeon you built")
    return Page(TEMPLATE, context, status=400 if "error" in context else 200)


def standalone(request: PageRequest) -> Page:
    """The path finder on a dungeon built by tapping a grid (kept in the address), or, for
    developers, on a board pasted as JSON."""
    context: dict[str, Any] = {
        "standalone": True,
        "base_url": request.links.page,
    }
    if request.method != "POST":
        rules = _rules_used(request.reference)
        context.update(rules=rules, movement=MOVEMENT_MODEL)
        return _built(request, context)
    text = request.form.get("state", "")
    player = request.form.get("player", "").strip()[:40] or None
    context.update(json_text=text, player=player or "", to=request.form.get("to", "")[:20])
    if len(text) > MAX_JSON:
        context.update(error=f"state: at most {MAX_JSON} characters of JSON.")
        return Page(TEMPLATE, context, status=400)
    try:
        state_data = json.loads(text)
    except json.JSONDecodeError as exc:
        context.update(error=f"state: not valid JSON (line {exc.lineno}, column {exc.colno}).")
        return Page(TEMPLATE, context, status=400)
    except RecursionError:
        context.update(error="state: the JSON is nested too deeply.")
        return Page(TEMPLATE, context, status=400)
    return _page(request, state_data, "the board you gave", context, player)
