"""Decks on the website: paste a list, get it checked under every format, and a permalink.

Game-agnostic: a game whose deck tool keeps its answers (`permalink="decks"`) draws its pages from
`templates/games/<slug>/deck_check.html` (the paste box, with the lines that did not resolve)
and `templates/games/<slug>/deck.html` (the checked deck).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from cardsdb import decks, desk, storable_text, tools
from games.core.errors import BadInput

HISTOGRAM_WIDTH = 340
HISTOGRAM_HEIGHT = 140


def _default_format(tool: Any) -> str:
    field = tool.input.model_fields.get("format")
    return str(field.default) if field is not None and field.default else ""


def deck_check_page(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the paste box. POST `list` (and `format`): check it, then go to its permalink,
    or show the box again with every line that did not name one card."""
    tool = decks.deck_tool(slug)
    game = desk.desk_for(slug).game
    formats = list(game.variants.filter(kind__in=["mode", "format"]).values_list("slug", "name"))
    context: dict[str, Any] = {
        "game": game,
        "formats": formats,
        "chosen_format": request.POST.get("format") or _default_format(tool),
        "list_text": request.POST.get("list", ""),
    }
    if request.method != "POST":
        return render(request, f"games/{slug}/deck_check.html", context)
    body = {"list": context["list_text"], "format": context["chosen_format"]}
    try:
        storable_text.text_check_storable(body)
        answer = tools.tool_run(slug, tool.slug, body)
    except BadInput as exc:
        details = getattr(exc, "details", None)
        context.update(problems=details, error=exc.message)
        return render(request, f"games/{slug}/deck_check.html", context, status=400)
    return redirect(answer["url"], permanent=False)


def power_histogram(counts: list[dict[str, int]]) -> dict[str, Any]:
    """The bars of an SVG histogram of Heroes per Power value (one bar per value present)."""
    if not counts:
        return {"bars": [], "width": HISTOGRAM_WIDTH, "height": HISTOGRAM_HEIGHT, "axis_y": 0}
    top = max(c["heroes"] for c in counts)
    slot = HISTOGRAM_WIDTH / len(counts)
    plot = HISTOGRAM_HEIGHT - 30
    bars = []
    for i, c in enumerate(counts):
        h = round(plot * c["heroes"] / top, 1)
        bars.append(
            {
                "x": round(i * slot + slot * 0.1, 1),
                "w": round(slot * 0.8, 1),
                "y": round(plot - h + 12, 1),
                "label_y": round(plot - h + 10, 1),
                "h": h,
                "cx": round(i * slot + slot / 2, 1),
                "power": c["power"],
                "heroes": c["heroes"],
            }
        )
    return {
        "bars": bars,
        "width": HISTOGRAM_WIDTH,
        "height": HISTOGRAM_HEIGHT,
        "axis_y": HISTOGRAM_HEIGHT - 6,
    }


def deck_page(request: HttpRequest, slug: str, key: str) -> HttpResponse:
    decks.deck_tool(slug)
    saved = decks.deck_get(slug, key)
    report = saved.result
    context = {
        "game": saved.game,
        "saved": saved,
        "deck": report,
        "totals": report["totals"],
        "histogram": power_histogram(report["totals"]["power_counts"]),
        "modes": [f for f in report["formats"] if f["kind"] == "mode"],
        "tournament": [f for f in report["formats"] if f["kind"] == "format"],
    }
    return render(request, f"games/{slug}/deck.html", context)
