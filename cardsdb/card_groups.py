"""Cards as players look for them: one row per card, its printings under it.

Game-agnostic and driven by data: a game whose `games/<package>/cards.py` declares
`PRINTINGS_OF_ONE_CARD` (the fields, besides the card type, that printings of one card share:
`("name", "attributes.weapon", "power")`) gets its card list grouped; others stay flat.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Sequence
from functools import cache
from typing import Any

from django.db.models import Count, F, Max, Min, Q, QuerySet
from django.db.models.fields.json import KeyTextTransform

from cardsdb.models import Card
from games.core.registry import package_name

PRINTINGS_SHOWN = 24  # under each card; the rest are one link away


@cache
def group_fields(slug: str) -> tuple[str, ...] | None:
    name = f"{package_name(slug)}.cards"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    return getattr(importlib.import_module(name), "PRINTINGS_OF_ONE_CARD", None)


def _columns(fields: Sequence[str]) -> dict[str, Any]:
    """group column alias -> expression, for values()."""
    out: dict[str, Any] = {"g_type": F("card_type__slug")}
    for i, f in enumerate(fields):
        if f.startswith("attributes."):
            out[f"g{i}"] = KeyTextTransform(f.removeprefix("attributes."), "attributes")
        else:
            out[f"g{i}"] = F(f)
    return out


def card_groups(cards: QuerySet[Card], fields: Sequence[str]) -> QuerySet[Any]:
    """One row per card (type + `fields`), in catalog order, with how many printings it has
    and whether any of them carries the card's text."""
    columns = _columns(fields)
    return (
        cards.order_by()
        .values(**columns)
        .annotate(
            printings=Count("id"),
            first=Min("position"),
            with_text=Count("id", filter=~Q(text="")),
            text_id=Max("id", filter=~Q(text="")),
        )
        .order_by("first")
    )


def _key(card: Card, fields: Sequence[str]) -> tuple[Any, ...]:
    values: list[Any] = [card.card_type.slug if card.card_type else None]
    for f in fields:
        if f.startswith("attributes."):
            v = card.attributes.get(f.removeprefix("attributes."))
            values.append(None if v is None else str(v))
        else:
            values.append(getattr(card, f))
    return tuple(values)


def _row_key(row: dict[str, Any], fields: Sequence[str]) -> tuple[Any, ...]:
    return (row["g_type"], *(row[f"g{i}"] for i in range(len(fields))))


def groups_with_printings(
    cards: QuerySet[Card], rows: Sequence[dict[str, Any]], fields: Sequence[str]
) -> list[dict[str, Any]]:
    """The page's groups, each with its first printings (and the one with the text), in two
    queries whatever the page's size."""
    if not rows:
        return []
    names = sorted({r[f"g{fields.index('name')}"] for r in rows}) if "name" in fields else []
    printings = cards.filter(name__in=names) if names else cards.none()
    by_key: dict[tuple[Any, ...], list[Card]] = {}
    for card in printings.order_by("position", "id"):
        by_key.setdefault(_key(card, fields), []).append(card)
    text_ids = [r["text_id"] for r in rows if r["text_id"]]
    texts = {c.pk: c for c in Card.objects.filter(pk__in=text_ids).select_related("expansion")}
    out = []
    for row in rows:
        found = by_key.get(_row_key(row, fields), [])
        first = found[0] if found else None
        out.append(
            {
                "card": first,
                "printings": found[:PRINTINGS_SHOWN],
                "more": max(0, row["printings"] - PRINTINGS_SHOWN),
                "count": row["printings"],
                "text_card": texts.get(row["text_id"]),
            }
        )
    return out


def text_printing(card: Card) -> Card | None:
    """For a printing without its text: the same card's printing that has it (or None)."""
    if card.text or card.card_type is None:
        return None
    fields = group_fields(card.game.slug)
    if not fields:
        return None
    same = Card.objects.filter(game_id=card.game_id, card_type_id=card.card_type_id).exclude(
        text=""
    )
    for f in fields:
        if f.startswith("attributes."):
            key = f.removeprefix("attributes.")
            value = card.attributes.get(key)
            if value is not None:
                same = same.filter(**{f"attributes__{key}": value})
        else:
            same = same.filter(**{f: getattr(card, f)})
    return same.select_related("expansion", "game").order_by("position", "id").first()
