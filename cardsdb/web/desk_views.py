"""Settle a dispute on the website: the common questions as forms, a JSON box for the rest,
and the ruling page."""

from __future__ import annotations

import json
import re
from typing import Any

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from cardsdb import desk
from cardsdb.models import Game, Rule, SavedRuling
from cardsdb.reference import DatabaseReference
from cardsdb.services import clarifications_keyed
from cardsdb.templatetags.public_words import plain_text, rule_keys_as_numbers
from cardsdb.web.boards import board_picture, ruling_overlay
from cardsdb.web.moves_views import lists_moves
from cardsdb.web.schema_forms import form_fields, read_form
from games.core.deciding import deciding_rule
from games.core.errors import BadInput
from games.core.names import escaped_controls
from games.core.ruling import Reason
from games.core.tools import Links, Page, PageRequest, Picture, RulingBoard, Tool


def tool_page_url(slug: str, tool: Tool) -> str:
    """Where a player uses a tool on the website: its own page, or the page that keeps its
    answers (a deck's paste box); "" for a tool served to apps only."""
    if tool.page is not None:
        return reverse("web:game-tool", args=[slug, tool.slug])
    if tool.permalink == "decks":
        return reverse("web:deck-check", args=[slug])
    return ""


def _hand_over(engine: Any, question: Any) -> dict[str, str] | None:
    """The link a question hands over to (its words and address), when it names a tool that
    has a page."""
    tool = engine.tools.get(question.hand_over) if question.hand_over else None
    if tool is None or not (url := tool_page_url(engine.slug, tool)):
        return None
    return {"url": url, "words": question.hand_over_words or tool.title}


def _questions(engine: Any, posted: str | None = None, **state: Any) -> list[dict[str, Any]]:
    out = []
    for q in engine.questions:
        first_error = ""
        if q.slug == posted:
            fields = form_fields(q.form, state.get("values"), state.get("errors"))
            first_error = next((f.name for f in fields if f.error), "")
        else:
            fields = form_fields(q.form, q.opening_values())  # the player's facts empty
        out.append(
            {
                "slug": q.slug,
                "title": q.title,
                "help": q.help,
                "moment": q.moment,
                "hand_over": _hand_over(engine, q),
                "fields": fields,
                "first_error": first_error,
            }
        )
    return out


def _moments(questions: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The questions grouped by the moment of play, in the order the engine lists them."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for q in questions:
        groups.setdefault(q["moment"] or "Questions", []).append(q)
    return list(groups.items())


def _page(request: HttpRequest, slug: str, status: int = 200, **extra: Any) -> HttpResponse:
    d = desk.desk_for(slug)
    try:
        example = json.dumps(d.engine.example(), indent=2, ensure_ascii=False)
    except NotImplementedError:
        example = '{"state": {}, "move": {}}'
    questions = _questions(d.engine, extra.pop("posted", None), **extra)
    context = {
        "game": d.game,
        "questions": questions,
        "moments": _moments(questions),
        "json_text": extra.pop("json_text", example),
        **extra,
    }
    return render(request, "web/disputes.html", context, status=status)


def disputes(request: HttpRequest, slug: str) -> HttpResponse:
    return _page(request, slug)


@require_POST
def dispute_question(request: HttpRequest, slug: str, question: str) -> HttpResponse:
    d = desk.desk_for(slug)
    match = next((q for q in d.engine.questions if q.slug == question), None)
    if match is None:
        return _page(request, slug, 404, error="No such question.")
    form, values, errors = read_form(match.form, request.POST)

    def again(errors: dict[str, str], error: str) -> HttpResponse:
        """The form back with what the player gave, each error at its field."""
        return _page(request, slug, 400, posted=question, values=values, errors=errors, error=error)

    if form is None:
        fields = f"field{'s' if len(errors) > 1 else ''}"
        return again(errors, f"“{match.title}”: please correct the {fields} marked below.")
    try:
        state, move = match.build(form)
        saved = desk.ruling_make(slug, {"state": state, "move": move})
    except BadInput as exc:
        # A form's own field the table cannot hold (another opponent at a table of two) is
        # marked at that field, like any other bad answer.
        if exc.field in match.form.model_fields:
            return again(
                {exc.field: exc.message}, f"“{match.title}”: please correct the field marked below."
            )
        return again(
            {}, f"“{match.title}”: that position cannot happen in the game ({exc.message})."
        )
    return redirect(saved.get_absolute_url())


@require_POST
def dispute_json(request: HttpRequest, slug: str) -> HttpResponse:
    text = request.POST.get("dispute", "")
    try:
        body = json.loads(text)
    except json.JSONDecodeError as exc:
        return _page(
            request,
            slug,
            400,
            json_text=text,
            json_error=f"Not valid JSON (line {exc.lineno}, column {exc.colno}).",
        )
    except RecursionError:
        return _page(
            request, slug, 400, json_text=text, json_error="The JSON is nested too deeply."
        )
    if not isinstance(body, dict) or "state" not in body:
        return _page(
            request,
            slug,
            400,
            json_text=text,
            json_error='Give an object with "state" and "move" (or "moves").',
        )
    try:
        saved = desk.ruling_make(slug, body)
    except BadInput as exc:
        return _page(request, slug, 400, json_text=text, json_error=f"{exc.field}: {exc.message}")
    return redirect(saved.get_absolute_url())


# A summary may open with its verdict, which the page's badge already says.
_VERDICT_WORDS = re.compile(r"^(?:Not allowed|Allowed|Illegal|Legal):\s*")


def _after_badge(summary: str) -> str:
    """An engine's one-line summary beside the verdict badge: in rule numbers, without the
    verdict said a second time ("✘ Against the rules Not allowed: ...")."""
    text = rule_keys_as_numbers(summary)
    rest = _VERDICT_WORDS.sub("", text)
    return rest[:1].upper() + rest[1:] if rest != text else text


def ruling_page(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    saved = desk.ruling_get(slug, key)
    ruling = saved.ruling
    rulings = ruling.get("rulings") or [ruling]
    # The answer first, with the rule that decides it (games/core/deciding.py): the ruling's
    # own `deciding_rule`; a ruling saved before rulings carried one, its heaviest reason.
    deciding_key = ruling.get("deciding_rule") or _deciding_key(rulings[-1])
    cited = {r["rule"] for one in rulings for r in [*one["reasons"], *one.get("voided", [])]}
    if deciding_key:
        cited.add(deciding_key)
    rules = Rule.objects.filter(key__in=cited).select_related("section").order_by("position")
    deciding = next((r for r in rules if r.key == deciding_key), None)
    # The readings the answer turns on raise the banner; those merely used are listed below.
    turns = ruling.get("readings_deciding") or []
    used_keys = {k for one in rulings for k in one.get("interpretations", [])}
    readings = clarifications_keyed(used_keys | {t["key"] for t in turns})
    turning = [
        {"reading": readings[t["key"]], "other_answer": rule_keys_as_numbers(t["other_answer"])}
        for t in turns
        if t["key"] in readings
    ]
    turning_keys = {t["key"] for t in turns}
    turning_ids = {readings[k].pk for k in turning_keys if k in readings}
    interpretations = sorted(
        {c.pk: c for c in readings.values() if c.pk not in turning_ids}.values(),
        key=lambda c: (c.game_id, c.position),
    )
    state, after = saved.state_before, saved.state_after
    answer = rule_keys_as_numbers(ruling.get("answer") or ruling.get("summary", ""))
    share_text = f"{answer} (rule {deciding.number})" if deciding is not None else answer
    return render(
        request,
        "web/ruling.html",
        {
            "game": saved.game,
            "saved": saved,
            "ruling": ruling,
            "answer": plain_text(answer),
            "share_text": plain_text(share_text),
            "summary": plain_text(_after_badge(ruling.get("summary", ""))),
            "deciding": deciding,
            "rulings": rulings,
            "rules": rules,
            "turning": turning,
            "interpretations": interpretations,
            "board": board_picture(
                slug, state, "The board as described", ruling_overlay(slug, saved.request)
            ),
            "board_after": board_picture(slug, after, "After the move") if after else None,
            "tools": ruling_tools(slug),
            "lists_moves": lists_moves(desk.desk_for(slug).engine),
            "request_json": escaped_controls(
                json.dumps(saved.request, indent=2, ensure_ascii=False)
            ),
        },
    )


def _deciding_key(one: dict[str, Any]) -> str | None:
    """The deciding rule of a saved ruling's JSON that carries none."""
    reasons = [Reason.model_validate(r) for r in one.get("reasons", [])]
    voided = [Reason.model_validate(r) for r in one.get("voided", [])]
    return deciding_rule(reasons, voided)


# ----- the tools' pages: every game's declared tools, served one way -----


def ruling_tools(slug: str) -> dict[str, Tool]:
    """The tools a ruling page offers on its board: {tool slug: Tool} (each has a `label`)."""
    return {k: t for k, t in desk.desk_for(slug).engine.tools.items() if t.on_ruling}


def _links(request: HttpRequest, slug: str, tool: Tool, saved: SavedRuling | None) -> Links:
    on_ruling = (
        reverse("web:ruling-tool", args=[slug, saved.id, tool.slug]) if saved is not None else ""
    )
    standalone = reverse("web:game-tool", args=[slug, tool.slug]) if tool.page else ""
    return Links(
        page=on_ruling or standalone,
        rules=reverse("web:rules", args=[slug]),
        clarifications=reverse("web:clarifications", args=[slug]),
        tool_page=standalone,
        ruling_tool=on_ruling,
    )


def _page_request(
    request: HttpRequest, slug: str, tool: Tool, saved: SavedRuling | None = None
) -> PageRequest:
    return PageRequest(
        method=request.method or "GET",
        query=request.GET,
        form=request.POST,
        links=_links(request, slug, tool, saved),
        reference=DatabaseReference(slug),
        memo=cache,
    )


def _render(
    request: HttpRequest, game: Game, page: Page, saved: SavedRuling | None = None
) -> HttpResponse:
    """A tool's page: its template of templates/games/<slug>/, each Picture drawn."""
    if page.allow is not None and request.method not in page.allow:
        return HttpResponseNotAllowed([m for m in page.allow if m != "HEAD"])
    context: dict[str, Any] = {"game": game}
    if saved is not None:
        context["saved"] = saved
    for key, value in page.context.items():
        if isinstance(value, Picture):
            value = board_picture(game.slug, value.state, value.title, value.overlay)
        context[key] = value
    return render(request, f"games/{game.slug}/{page.template}", context, status=page.status)


def ruling_tool(request: HttpRequest, slug: str, key: str, tool: str) -> HttpResponse:
    """A game's tool run on a saved ruling's board ("what's my best line?")."""
    saved = desk.ruling_get(slug, key)
    found = ruling_tools(slug).get(tool)
    if found is None or found.ruling_page is None:
        raise Http404(f"{saved.game.name} has no tool called {tool!r}.")
    board = RulingBoard(
        id=saved.id,
        request=saved.request,
        ruling=saved.ruling,
        before=saved.state_before,
        after=saved.state_after,
        version=str(saved.ruling.get("reference_version", "")),
    )
    page = found.ruling_page(_page_request(request, slug, found, saved), board)
    return _render(request, saved.game, page, saved)


def game_tool_page(request: HttpRequest, slug: str, tool: str) -> HttpResponse:
    """A game's standalone tool page ("what can I do now?")."""
    d = desk.desk_for(slug)
    found = d.engine.tools.get(tool)
    if found is None or found.page is None:
        raise Http404(f"{d.game.name} has no tool called {tool!r}.")
    return _render(request, d.game, found.page(_page_request(request, slug, found)))
