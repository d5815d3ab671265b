"""Every game's declared tools (games/core/tools.py), run one way, and listed with where each is
served (the API and the website)."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import reverse

from cardsdb.citations import ruling_links_add
from cardsdb.decks import deck_keep
from cardsdb.desk import Desk, desk_for
from cardsdb.reference import DatabaseCardCatalog
from games import registry
from games.core.tools import Tool


def tool_for(slug: str, tool: str) -> tuple[Desk, Tool]:
    desk = desk_for(slug)
    found = desk.engine.tools.get(tool)
    if found is None:
        raise Http404(f"{desk.game.name} has no tool called {tool!r}.")
    return desk, found


def tool_run(slug: str, tool: str, body: dict[str, Any]) -> dict[str, Any]:
    """Run a game's tool on a request body; BadInput propagates as a 400. A tool that answers
    with a ruling gets the data version and its cited rules' links, as any ruling does."""
    desk, found = tool_for(slug, tool)
    answer = found.run(body, DatabaseCardCatalog() if found.needs_cards else None)
    if found.answers_ruling:
        answer["reference_version"] = desk.game.data_version
        answer = ruling_links_add(slug, answer)
    if found.permalink:  # kept under a hash of its text (a checked deck's page)
        answer = deck_keep(desk.game, found.permalink, answer)
    return answer


def tool_aliases() -> list[tuple[str, str, str]]:
    """(game slug, older path under games/<slug>/, tool slug) for every declared alias."""
    return [
        (slug, alias, tool.slug)
        for slug in sorted(registry)
        for tool in registry[slug].tools.values()
        for alias in tool.aliases
    ]


def _tool_page(slug: str, tool: Any) -> str | None:
    """Where a player uses the tool on the website: its own page, or the page that keeps its
    answers (a deck's paste box); None for a tool served to apps only."""
    if tool.page is not None:
        return reverse("web:game-tool", args=[slug, tool.slug])
    if tool.permalink == "decks":
        return reverse("web:deck-check", args=[slug])
    return None


def tools_listed(slug: str) -> list[dict[str, Any]]:
    """The game's declared tools, each with where it is served (the API and the website)."""
    if slug not in registry:
        return []
    return [
        {
            "slug": tool.slug,
            "title": tool.title,
            "description": tool.description,
            "url": reverse("api:tool", args=[slug, tool.slug]),
            "page": _tool_page(slug, tool),
            "on_ruling_page": tool.on_ruling,
            "needs_cards": tool.needs_cards,
            "deprecated_urls": [f"/api/v1/games/{slug}/{alias}" for alias in tool.aliases],
        }
        for tool in registry[slug].tools.values()
    ]
