""" "What can I do now?" in words, for every game whose moves can be listed: each legal move in
the position of a saved ruling, with the engine's own answer for it."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from cardsdb import desk
from cardsdb.templatetags.public_words import plain_text, rule_keys_as_numbers
from games.core.errors import BadInput
from games.core.rules import GameRules

MOVES_SHOWN = 60


WHAT_NOW = "What can I do now?"


def lists_moves(engine: GameRules[Any, Any]) -> bool:
    """Whether this page serves the game: the engine can list its legal moves (some positions
    may still have too many to list) and the game has no tool of its own that answers it."""
    own = any(getattr(t, "title", "") == WHAT_NOW for t in engine.tools.values())
    return type(engine).legal_moves is not GameRules.legal_moves and not own


def what_now(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    saved = desk.ruling_get(slug, key)
    d = desk.desk_for(slug)
    if not lists_moves(d.engine):
        raise Http404(f"{saved.game.name} cannot list its moves.")
    state = saved.state_before
    listed: list[dict[str, Any]] = []
    in_part = False
    why = ""
    try:
        listing = d.engine.legal_moves_listing(state)
        moves, why = listing["moves"], listing.get("listing", "")
    except BadInput:  # the moves rest on a part of the position the question left out
        moves, in_part = None, True
    if moves is not None:
        for move in moves[:MOVES_SHOWN]:
            ruling = d.engine.rule_json(state, move)
            decides = ruling.deciding_rule or ""
            option = {
                "answer": plain_text(rule_keys_as_numbers(ruling.answer or ruling.summary)),
                "rule": decides.rsplit(":", 1)[-1] if decides else "",
                # what the other reading of an open point this answer turns on would answer
                "other": [
                    plain_text(rule_keys_as_numbers(t.other_answer))
                    for t in ruling.readings_deciding
                ],
            }
            # Two moves that come to the same thing (a claim of "draw" and no claim, on a
            # tie) are one thing a player can do: said once.
            if option not in listed:
                listed.append(option)
    asked, others = _questions_about(d.engine, saved.request)
    return render(
        request,
        "web/what_now.html",
        {
            "game": saved.game,
            "saved": saved,
            "options": listed if moves is not None else None,
            "in_part": in_part,
            "endless": why == "not-finite",
            "more": max(0, len(moves or []) - MOVES_SHOWN),
            # where to go instead, when the moves cannot be listed: the game's tools on this
            # board and the questions about this ruling's kind of move answer it; the others
            # ask about one other move each
            "tools": {k: t for k, t in d.engine.tools.items() if t.on_ruling},
            "asked": asked,
            "questions": others,
        },
    )


def _questions_about(
    engine: GameRules[Any, Any], request: Any
) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """(the questions about the kind of move this ruling was asked on, the others): the
    move's kind is compared with what each question builds as its form opens."""
    move = request.get("move") if isinstance(request, dict) else None
    kind = move.get("kind") if isinstance(move, dict) else None
    asked: list[dict[str, str]] = []
    others: list[dict[str, str]] = []
    for q in engine.questions:
        try:
            built = q.build(q.form())[1]
        except Exception:  # a form with no defaults to open with: about no move in particular
            built = {}
        same = bool(kind) and isinstance(built, dict) and built.get("kind") == kind
        (asked if same else others).append({"slug": q.slug, "title": q.title})
    return asked, others
