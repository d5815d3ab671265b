"""Deck lists checked against the card catalog, and kept under a permalink.

Game-agnostic: a game that checks decks has a `games/<package>/deck_list.py` module (found by
convention) that parses lists, resolves references through a batch card lookup and rules on
the deck. This module answers that lookup from the database in one query, whatever the
list's length, and stores the checked deck as a SavedDeck whose id is derived from the deck's
exact text (the same deck, the same link).
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import importlib.util
from collections.abc import Iterable
from functools import cache
from types import ModuleType
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import BooleanField, Case, Q, Value, When
from django.http import Http404

from cardsdb.desk import desk_for, ruling_links_add, text_check_storable
from cardsdb.models import Card, Game, SavedDeck
from games.core.errors import InvalidMove, InvalidState
from games.core.registry import package_name

CATALOG_FIELDS = (
    "slug",
    "name",
    "card_type__slug",
    "number",
    "power",
    "has_text",
    "attributes",
    "expansion__name",
    "expansion__code",
    "expansion__slug",
)


@cache
def deck_module(slug: str) -> ModuleType | None:
    """The game's deck-list module, or None for a game without deck checks."""
    name = f"{package_name(slug)}.deck_list"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:  # no such game package
        return None
    return importlib.import_module(name)


def deck_games() -> list[str]:
    return [g for g in Game.objects.values_list("slug", flat=True) if deck_module(g)]


def catalog_lookup(game: Game, module: ModuleType) -> Any:
    """The game's CardLookup over the database: every card whose slug, printed number or
    folded name is asked for, in one query, as the game's own card records."""

    def lookup(keys: Any) -> Iterable[Any]:
        wanted = Q(pk__in=[])
        if keys.slugs:
            wanted |= Q(slug__in=sorted(keys.slugs))
        if keys.numbers:
            wanted |= Q(number__in=sorted(keys.numbers))
        if keys.names:
            wanted |= Q(name_folded__in=sorted(keys.names))
        rows = (
            Card.objects.filter(game=game)
            .filter(wanted)
            .annotate(
                has_text=Case(
                    When(text="", then=Value(False)),
                    default=Value(True),
                    output_field=BooleanField(),
                )
            )
            .order_by("position", "id")
            .values_list(*CATALOG_FIELDS)
        )
        return [
            module.printing_from_catalog(
                slug=slug,
                name=name,
                kind=kind or "",
                number=number,
                power=power,
                has_text=has_text,
                attributes=attributes or {},
                expansion=(exp_name, exp_code, exp_slug) if exp_slug else None,
            )
            for (
                slug,
                name,
                kind,
                number,
                power,
                has_text,
                attributes,
                exp_name,
                exp_code,
                exp_slug,
            ) in rows
        ]

    return lookup


def deck_entries(module: ModuleType, body: Any) -> list[Any]:
    """The card lines of a request: `list` (the pasted text) or the JSON parts."""
    if isinstance(body, str):
        body = {"list": body}
    if not isinstance(body, dict):
        raise InvalidState("body", "send a JSON object or the deck list as text/plain")
    text = body.get("list")
    try:
        if text is not None:
            if not isinstance(text, str):
                raise InvalidState("list", "the deck list as text, one card a line")
            if any(body.get(part) for part in module.PARTS):
                raise InvalidState("list", "give the list as text or as parts, not both")
            entries = module.deck_list_parse(text)
        else:
            entries = module.json_parts_entries(body)
    except module.ListError as exc:
        raise InvalidState("list", str(exc)) from None
    except module.PartError as exc:
        raise InvalidState(exc.path, exc.message) from None
    if not entries:
        raise InvalidState("list", "the deck list names no card")
    return entries


class UnresolvedCards(InvalidState):
    """References that name no card or several: a 400 listing each (its field, line and
    text) with every card it could mean."""

    code = "unresolved-cards"

    def __init__(self, problems: list[dict[str, Any]], message: str) -> None:
        super().__init__(problems[0]["field"], message)
        self.details = problems


def deck_id(slug: str, text: str) -> str:
    digest = hashlib.sha256(f"{slug}\n{text}".encode()).digest()
    return base64.b32encode(digest).decode().lower()[:10]


def deck_check(slug: str, body: Any, save: bool = True) -> dict[str, Any]:
    """Resolve a deck list (text or JSON parts), rule on it under every format, save it."""
    module = deck_module(slug)
    if module is None:
        raise Http404(f"No deck checks for a game called {slug!r}.")
    text_check_storable(body)
    desk = desk_for(slug)
    fmt = body.get("format", module.DEFAULT_FORMAT) if isinstance(body, dict) else None
    fmt = fmt or module.DEFAULT_FORMAT
    if not isinstance(fmt, str) or fmt not in module.FORMATS:
        raise InvalidMove("format", f"unknown format; one of {', '.join(sorted(module.FORMATS))}")
    entries = deck_entries(module, body)
    resolution = module.entries_resolve(entries, catalog_lookup(desk.game, module))
    try:
        report = module.deck_check_report(resolution, fmt)
    except module.DeckListProblems as exc:
        raise UnresolvedCards([p.as_json() for p in exc.problems], str(exc)) from None
    report["reference_version"] = desk.game.data_version
    report = ruling_links_add(slug, report)
    ruling_links_add(slug, {"reasons": [e for row in report["formats"] for e in row["errors"]]})
    key = deck_id(slug, report["text"])
    report.update(id=key, game=slug, url=f"/games/{slug}/decks/{key}/")
    if save:
        deck_save(desk.game, key, report)
    return report


def deck_save(game: Game, key: str, report: dict[str, Any]) -> SavedDeck:
    saved = SavedDeck.objects.filter(pk=key).first()
    if saved is not None and saved.result.get("reference_version") == game.data_version:
        return saved
    if saved is not None:
        saved.result = report
        saved.save(update_fields=["result"])
        return saved
    try:
        with transaction.atomic():
            return SavedDeck.objects.create(id=key, game=game, text=report["text"], result=report)
    except IntegrityError:  # a concurrent request saved the same deck first
        return SavedDeck.objects.get(pk=key)


def deck_get(slug: str, key: str) -> SavedDeck:
    saved = SavedDeck.objects.select_related("game").filter(pk=key, game__slug=slug).first()
    if saved is None:
        raise Http404(f"No deck {key!r} for {slug}.")
    return saved
