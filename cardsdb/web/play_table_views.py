"""A table's page: the board, whose turn, the questions of the moment filled from the board,
"What can I do now?" as buttons that record a move, the log, undo, and sharing by link and QR
code. Everything works as plain forms; a few lines of JavaScript (static/play_table.js) poll
the table's version so that every phone at the table sees the moves the others record."""

from __future__ import annotations

import json
from typing import Any

import segno
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_POST

from cardsdb import citations, desk, play_tables
from cardsdb.models import PlayTable, SavedRuling
from cardsdb.templatetags.public_words import rule_keys_as_numbers
from cardsdb.web.boards import board_picture
from cardsdb.web.schema_forms import form_fields, read_form
from games.core.deciding import deciding_rule as heaviest_rule
from games.core.errors import BadInput
from games.core.rules import GameRules, TooManyMoves

MOVES_SHOWN = 60
_YES = ("Yes, ", "Yes: ")


def _move_label(answer: str) -> str:
    """A legal move's button: the engine's answer for it, without the "Yes" a button needs
    not say ("Player 1 can lay the 2 to open the game. Player 2 must now go lower.")."""
    for yes in _YES:
        if answer.startswith(yes):
            answer = answer[len(yes) :]
            return answer[:1].upper() + answer[1:]
    return answer


def legal_move_buttons(table: PlayTable, engine: GameRules[Any, Any]) -> list[dict[str, str]]:
    """Every legal move on the table's board as {label, move (JSON text)}, each move ruled by
    the engine for its words; kept per table and version (a board never changes under one)."""
    key = f"play-table-moves:{table.id}:{table.version}"
    found: list[dict[str, str]] | None = cache.get(key)
    if found is not None:
        return found
    state = engine.parse_state(table.board)
    try:
        moves = engine.offered_moves(state)
    except (TooManyMoves, BadInput):  # too many, or they rest on a part not described
        moves = None
    buttons: list[dict[str, str]] = []
    adapter = engine.move_adapter()
    for move in list(moves or [])[:MOVES_SHOWN]:
        ruling = engine.adjudicate(state, move)
        if ruling.legal:
            label = _move_label(rule_keys_as_numbers(ruling.answer))
            if all(b["label"] != label for b in buttons):  # two moves that come to one thing
                written = json.dumps(adapter.dump_python(move, mode="json"), sort_keys=True)
                buttons.append({"label": label, "move": written})
    cache.set(key, buttons, 3600)
    return buttons


def _questions(
    engine: GameRules[Any, Any], board: Any, posted: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The game's questions, each form filled from the table's board where the game says how;
    the one just sent (`posted`: slug, values, errors) shows what was given, errors at fields."""
    out = []
    for q in engine.questions:
        if posted is not None and posted["slug"] == q.slug:
            fields = form_fields(q.form, posted["values"], posted["errors"])
            filled = False
        else:
            values = q.opening_values(board)
            fields = form_fields(q.form, values)
            filled = any(values.get(name) != "" for name in values)
        out.append(
            {
                "slug": q.slug,
                "title": q.title,
                "moment": q.moment,
                "filled": filled,
                "open": posted is not None and posted["slug"] == q.slug,
                "fields": fields,
                "first_error": next((f.name for f in fields if f.error), ""),
            }
        )
    return out


def _move_forms(
    engine: GameRules[Any, Any], board: Any, posted: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """The moves of this board offered as a short form (the Heroes just turned face up); the
    one just sent (`posted`) shows what was given, each error at its field."""
    out = []
    for m in engine.move_forms(engine.parse_state(board)):
        sent = posted is not None and posted["slug"] == f"move:{m.slug}"
        fields = (
            form_fields(m.form, posted["values"], posted["errors"])
            if sent and posted is not None
            else form_fields(m.form)
        )
        out.append(
            {
                "slug": m.slug,
                "title": m.title,
                "help": m.help,
                "open": sent,
                "fields": fields,
                "first_error": next((f.name for f in fields if f.error), ""),
            }
        )
    return out


def _qr_svg(url: str) -> SafeString:
    """The table's link as a QR code, an inline SVG (segno writes it; nothing is fetched)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")
    return mark_safe(svg)


def _rule_texts(slug: str, keys: list[str]) -> dict[str, dict[str, str]]:
    """Each rule's number, text and link, from the rules read once per version of the data."""
    rules = citations.rule_texts()
    return {
        key: {
            "number": rules[key][0],
            "text": rules[key][1],
            "url": f"/games/{slug}/rules/#{rules[key][0]}",
        }
        for key in keys
        if key in rules
    }


def play_table_page(request: HttpRequest, key: str) -> HttpResponse:
    return _page(request, play_tables.table_get(key))


def _page(
    request: HttpRequest,
    table: PlayTable,
    posted: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    slug = table.game.slug
    engine = desk.desk_for(slug).engine
    state = engine.parse_state(table.board)
    end = engine.game_result(state)
    entries = list(reversed(table.log))
    rules = _rule_texts(slug, sorted({e["rule"] for e in entries if e.get("rule")}))
    log = [
        {
            "number": len(entries) - i,
            "answer": rule_keys_as_numbers(e["answer"]),
            "rule": rules.get(e.get("rule", "")),
        }
        for i, e in enumerate(entries)
    ]
    asked = None
    if (asked_id := request.GET.get("asked")) is not None:
        saved = SavedRuling.objects.filter(pk=asked_id, game=table.game).first()
        if saved is not None:
            ruling = saved.ruling
            deciding = play_tables.saved_deciding_rule(ruling)
            asked = {
                "answer": rule_keys_as_numbers(ruling.get("answer") or ruling.get("summary", "")),
                "verdict": ruling.get("verdict"),
                "rule": _rule_texts(slug, [deciding]).get(deciding),
                "url": saved.get_absolute_url(),
            }
    link = request.build_absolute_uri(table.get_absolute_url())
    # A game that ends says who won with the rule that says so (a majority, a tie, Sudden
    # Death), as the game's result names it.
    end_key = heaviest_rule(end.reasons) if end.over else None
    context = {
        "game": table.game,
        "table": table,
        "board": board_picture(slug, table.board, "The board now"),
        "turn": play_tables.whose_turn(state),
        "end": end,
        "end_rule": _rule_texts(slug, [end_key]).get(end_key) if end_key else None,
        "moves": [] if end.over else legal_move_buttons(table, engine),
        "questions": [] if end.over else _questions(engine, table.board, posted),
        "move_forms": [] if end.over else _move_forms(engine, table.board, posted),
        "posted": posted,
        "log": log,
        "asked": asked,
        "notice": request.GET.get("notice", ""),
        "move_url": f"{table.get_absolute_url()}move/",
        "link": link,
        "qr": _qr_svg(link),
        "idle_days": play_tables.IDLE_DAYS,
    }
    response = render(request, "web/play_table.html", context, status=status)
    response["Cache-Control"] = "no-store"
    return response


def _back(table_id: str, notice: str = "", asked: str = "") -> HttpResponse:
    query = f"?notice={notice}" if notice else f"?asked={asked}" if asked else ""
    anchor = "#asked" if asked else "#board"
    return redirect(f"/tables/{table_id}/{query}{anchor}")


def _version(request: HttpRequest) -> int | None:
    text = request.POST.get("version", "")
    return int(text) if text.isdigit() else None


@require_POST
def play_table_move(request: HttpRequest, key: str) -> HttpResponse:
    """One tap on a legal move's button: the move recorded on the version the page showed."""
    try:
        move = json.loads(request.POST.get("move", ""))
        ruling, _ = play_tables.move_record(key, move, _version(request))
    except play_tables.StaleVersion:
        return _back(key, "stale")
    except (json.JSONDecodeError, BadInput):
        return _back(key, "illegal")
    return _back(key, "" if ruling["verdict"] == "legal" else "illegal")


@require_POST
def play_table_move_form(request: HttpRequest, key: str, form: str) -> HttpResponse:
    """A move sent as a short form (the Heroes turned face up): read, ruled and recorded as a
    tapped move is; a field left wrong shows the page again with the error at it."""
    table = play_tables.table_get(key)
    engine = desk.desk_for(table.game.slug).engine
    if _version(request) != table.version:
        return _back(key, "stale")
    offered = engine.move_forms(engine.parse_state(table.board))
    match = next((m for m in offered if m.slug == form), None)
    if match is None:
        raise Http404("This board offers no such move.")
    filled, values, errors = read_form(match.form, request.POST)
    if filled is None:
        posted = {"slug": f"move:{form}", "values": values, "errors": errors, "message": ""}
        return _page(request, table, posted, status=400)
    try:
        ruling, _ = play_tables.move_record(key, match.build(filled), table.version)
    except play_tables.StaleVersion:
        return _back(key, "stale")
    except BadInput:
        return _back(key, "illegal")
    return _back(key, "" if ruling["verdict"] == "legal" else "illegal")


@require_POST
def play_table_undo(request: HttpRequest, key: str) -> HttpResponse:
    try:
        play_tables.undo(key, _version(request))
    except play_tables.StaleVersion:
        return _back(key, "stale")
    except BadInput:
        return _back(key)
    return _back(key)


@require_POST
def play_table_ask(request: HttpRequest, key: str, question: str) -> HttpResponse:
    """A question asked at the table: its form (filled from the board) ruled as any dispute,
    the answer shown on the table's page."""
    table = play_tables.table_get(key)
    slug = table.game.slug
    engine = desk.desk_for(slug).engine
    match = next((q for q in engine.questions if q.slug == question), None)
    if match is None:
        raise Http404("No such question.")
    form, values, errors = read_form(match.form, request.POST)

    def again(errors: dict[str, str]) -> HttpResponse:
        """The table's page with the form as it was sent, each error at its field."""
        posted = {
            "slug": question,
            "values": values,
            "errors": errors,
            "message": errors.get("__all__", ""),
        }
        return _page(request, table, posted, status=400)

    if form is None:
        return again(errors)
    try:
        state, move = match.build(form)
        saved = desk.ruling_make(slug, {"state": state, "move": move})
    except BadInput as exc:
        field = exc.field if exc.field in match.form.model_fields else ""
        return again({field: exc.message} if field else {"__all__": exc.message})
    return _back(table.id, asked=saved.id)


def play_table_version(request: HttpRequest, key: str) -> HttpResponse:
    """The table's version, for the page's polling: 304 while it is the one the phone has."""
    version = PlayTable.objects.filter(pk=key).values_list("version", flat=True).first()
    if version is None:
        raise Http404("No such table.")
    etag = f'"{version}"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(json.dumps({"version": version}), content_type="application/json")
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


@require_POST
def play_table_start(request: HttpRequest, slug: str) -> HttpResponse:
    """ "Start a table" on a game's page: the setup form, then the table."""
    engine = desk.desk_for(slug).engine
    if engine.opening is None:
        raise Http404("This game's tables start from a ruling's board.")
    form, _, _ = read_form(engine.opening.input, request.POST)
    if form is None:
        return redirect(f"/games/{slug}/#start-table")
    try:
        table = play_tables.table_create(slug, form.model_dump(mode="json", exclude_none=True))
    except BadInput:
        return redirect(f"/games/{slug}/#start-table")
    return redirect(table.get_absolute_url())


@require_POST
def play_table_from_ruling(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    """ "Continue from here" on a ruling page: a table at the board after the ruling's move
    (or, for a move not allowed, the board as described)."""
    saved = desk.ruling_get(slug, key)
    board = saved.state_after or saved.state_before
    try:
        table = play_tables.table_create(slug, {"state": board})
    except BadInput as exc:
        return HttpResponse(f"This board cannot start a table: {escape(exc.message)}", status=400)
    return redirect(table.get_absolute_url())


def start_table_fields(slug: str) -> list[Any] | None:
    """The setup form's fields for a game's page, or None where a game's tables start from a
    ruling's board."""
    engine = desk.desk_for(slug).engine if slug in desk.registry else None
    if engine is None or engine.opening is None:
        return None
    return form_fields(engine.opening.input)
