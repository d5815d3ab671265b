"""Writes and lookups with logic: plain typed functions the views call."""

from __future__ import annotations

import difflib

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound, ValidationError

from cardsdb import selectors
from cardsdb.models import Card


def _cards_in(game: str | None) -> QuerySet[Card]:
    qs = selectors.card_detail()
    return qs.filter(game__slug=game) if game else qs


def card_named(exact: str | None, fuzzy: str | None, game: str | None) -> Card:
    """Scryfall-style named lookup: the exact name in any case, else the closest name."""
    if not exact and not fuzzy:
        raise ValidationError({"exact": ["Give `exact` or `fuzzy`."]})
    cards = _cards_in(game)
    if exact:
        card = cards.filter(name__iexact=exact.strip()).order_by("position", "id").first()
        if card is None:
            raise NotFound(f"No card named {exact!r}.")
        return card
    wanted = (fuzzy or "").strip().lower()
    names = Card.objects.filter(game__slug=game) if game else Card.objects.all()
    distinct = list(names.values_list("name", flat=True).distinct())
    contains = sorted((n for n in distinct if wanted in n.lower()), key=len)
    best = contains[:1] or difflib.get_close_matches(
        wanted, [n.lower() for n in distinct], n=1, cutoff=0.6
    )
    if not best:
        raise NotFound(f"No card name is close to {fuzzy!r}.")
    return cards.filter(name__iexact=best[0]).order_by("position", "id").first()  # type: ignore[return-value]


def card_names_autocomplete(prefix: str, game: str | None, limit: int = 20) -> list[str]:
    prefix = prefix.strip()
    if not prefix:
        return []
    names = Card.objects.filter(game__slug=game) if game else Card.objects.all()
    starts = list(
        names.filter(name__istartswith=prefix)
        .order_by("name")
        .values_list("name", flat=True)
        .distinct()[:limit]
    )
    if len(starts) < limit:
        more = (
            names.filter(name__icontains=prefix)
            .exclude(name__istartswith=prefix)
            .order_by("name")
            .values_list("name", flat=True)
            .distinct()[: limit - len(starts)]
        )
        starts += list(more)
    return starts
