"""Writes and lookups with logic: plain typed functions the views call.

Names are compared folded (`games.core.names.name_fold`: Unicode case folding, accents taken
off), against `Card.name_folded`, which the loader fills: `CURAÇAO KID`, `curacao kid` and
`Curaçao Kid` are one name, in any alphabet.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from django.db.models import QuerySet
from rest_framework.exceptions import NotFound, ValidationError

from cardsdb import selectors
from cardsdb.models import Card, CardRedirect, Clarification, ClarificationRedirect
from games.core.names import name_fold


def _cards_in(game: str | None) -> QuerySet[Card]:
    qs = selectors.card_detail()
    return qs.filter(game__slug=game) if game else qs


def _names_in(game: str | None) -> QuerySet[Card]:
    return Card.objects.filter(game__slug=game) if game else Card.objects.all()


def card_named(exact: str | None, fuzzy: str | None, game: str | None) -> Card:
    """Scryfall-style named lookup: the exact name in any case and with or without accents,
    else the closest name."""
    if not exact and not fuzzy:
        raise ValidationError({"exact": ["Give `exact` or `fuzzy`."]})
    cards = _cards_in(game)
    if exact:
        card = cards.filter(name_folded=name_fold(exact)).order_by("position", "id").first()
        if card is None:
            raise NotFound(f"No card named {exact!r}.")
        return card
    wanted = name_fold(fuzzy or "")
    distinct = list(_names_in(game).values_list("name_folded", flat=True).distinct())
    contains = sorted((n for n in distinct if wanted in n), key=lambda n: (len(n), n))
    best = contains[:1] or difflib.get_close_matches(wanted, distinct, n=1, cutoff=0.6)
    if not best:
        raise NotFound(f"No card name is close to {fuzzy!r}.")
    return cards.filter(name_folded=best[0]).order_by("position", "id").first()  # type: ignore[return-value]


def card_names_autocomplete(prefix: str, game: str | None, limit: int = 20) -> list[str]:
    """Up to `limit` printed names that start with, then contain, `prefix` (folded)."""
    wanted = name_fold(prefix)
    if not wanted:
        return []
    names = _names_in(game)
    starts = list(
        names.filter(name_folded__startswith=wanted)
        .order_by("name_folded", "name")
        .values_list("name", flat=True)
        .distinct()[:limit]
    )
    if len(starts) < limit:
        more = (
            names.filter(name_folded__contains=wanted)
            .exclude(name_folded__startswith=wanted)
            .order_by("name_folded", "name")
            .values_list("name", flat=True)
            .distinct()[: limit - len(starts)]
        )
        starts += list(more)
    return list(dict.fromkeys(starts))


class CardMoved(Exception):
    """A card asked for by a former slug: the page and the API redirect to `card`'s slug."""

    def __init__(self, card: Card) -> None:
        super().__init__(card.slug)
        self.card = card


def card_by_slug(game: str, slug: str) -> Card | None:
    """The card with this slug, with its joins (None: no card has or had it); a former slug
    raises CardMoved naming the card."""
    card = selectors.card_detail().filter(game__slug=game, slug=slug).first()
    if card is None:
        moved = card_redirect_target(game, slug)
        if moved is not None:
            raise CardMoved(moved)
    return card


def card_redirect_target(game: str, former_slug: str) -> Card | None:
    """The card that a former slug now names (its slug changed), or None."""
    redirect = (
        CardRedirect.objects.select_related("card__game")
        .filter(game__slug=game, former_slug=former_slug)
        .first()
    )
    return redirect.card if redirect else None


def clarification_redirect_target(former_key: str) -> Clarification | None:
    """The clarification that a former key (`<game>:<former slug>`) now names, or None."""
    redirect = (
        ClarificationRedirect.objects.select_related("clarification")
        .filter(former_key=former_key)
        .first()
    )
    return redirect.clarification if redirect else None


def clarifications_keyed(keys: Iterable[str]) -> dict[str, Clarification]:
    """Each of these keys -> its clarification, a former key included (a saved ruling keeps
    the keys of the day it was ruled), in two queries."""
    keys = set(keys)
    found = {c.key: c for c in Clarification.objects.filter(key__in=keys)}
    for redirect in ClarificationRedirect.objects.select_related("clarification").filter(
        former_key__in=keys
    ):
        found.setdefault(redirect.former_key, redirect.clarification)
    return found


def clarifications_by_keys(keys: Iterable[str]) -> list[Clarification]:
    """The clarifications of these keys, a former key finding the clarification it names now,
    each once, in the game's order."""
    found = {c.pk: c for c in clarifications_keyed(keys).values()}
    return sorted(found.values(), key=lambda c: (c.game_id, c.position))
