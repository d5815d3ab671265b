"""Checked decks kept under a permalink (a tool with `permalink`, games/core/tools.py).

Game-agnostic: the game's tool resolves and rules (through the card catalog in
cardsdb/reference.py); this module keeps its answer as a SavedDeck whose id is a hash of the
deck's exact text, so the same deck always gets the same link, and finds the tool a game's
deck pages use.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from django.db import IntegrityError, transaction
from django.http import Http404

from cardsdb import retention
from cardsdb.citations import ruling_links_add
from cardsdb.models import Game, SavedDeck
from games import registry
from games.core.tools import Tool


def deck_tool(slug: str, permalink: str = "decks") -> Tool:
    """The game's tool whose answers are kept at `/games/<slug>/<permalink>/<id>/`."""
    if slug in registry:
        for tool in registry[slug].tools.values():
            if tool.permalink == permalink:
                return tool
    raise Http404(f"No deck checks for a game called {slug!r}.")


def deck_id(slug: str, text: str) -> str:
    digest = hashlib.sha256(f"{slug}\n{text}".encode()).digest()
    return base64.b32encode(digest).decode().lower()[:10]


def deck_keep(game: Game, permalink: str, answer: dict[str, Any]) -> dict[str, Any]:
    """Give the answer its permalink id and page, and keep it (refreshed when the rules data
    version changes)."""
    rows = answer.get("formats") or []  # each format's errors link to their rules too
    ruling_links_add(game.slug, {"reasons": [e for row in rows for e in row.get("errors", [])]})
    key = deck_id(game.slug, str(answer["text"]))
    answer.update(id=key, game=game.slug, url=f"/games/{game.slug}/{permalink}/{key}/")
    kept = SavedDeck.objects.filter(pk=key).values_list("result__reference_version", flat=True)
    if kept.exists():  # read the version alone, not the whole kept answer
        if kept.first() != answer.get("reference_version"):
            SavedDeck.objects.filter(pk=key).update(result=answer)
        return answer
    try:
        with transaction.atomic():
            SavedDeck.objects.create(id=key, game=game, text=answer["text"], result=answer)
    except IntegrityError:  # a concurrent request saved the same deck first
        pass
    return answer


def deck_get(slug: str, key: str) -> SavedDeck:
    saved = SavedDeck.objects.select_related("game").filter(pk=key, game__slug=slug).first()
    if saved is None:
        retention.pruned_check("deck", key)
        raise Http404(f"No deck {key!r} for {slug}.")
    retention.opened_mark(SavedDeck, saved)
    return saved
