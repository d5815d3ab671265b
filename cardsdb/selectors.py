"""Reads: every query the API and the website make, with their joins declared once.

Each function returns a queryset shaped for its page (select_related/prefetch_related), so
list pages make a bounded number of queries whatever their size.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, overload

from django.db.models import Count, Prefetch, QuerySet

from cardsdb.models import (
    Achievement,
    Card,
    CardType,
    Clarification,
    Component,
    Expansion,
    Faction,
    Game,
    GlossaryTerm,
    Rule,
    RuleSection,
    Symbol,
    Variant,
)


def game_list() -> QuerySet[Game]:
    return Game.objects.annotate(card_count=Count("cards", distinct=True))


def game_detail(slug: str) -> QuerySet[Game]:
    return Game.objects.filter(slug=slug).prefetch_related(
        Prefetch("components", queryset=Component.objects.order_by("position")),
        Prefetch(
            "symbols",
            queryset=Symbol.objects.order_by("position").prefetch_related("factions"),
        ),
        Prefetch(
            "factions", queryset=Faction.objects.order_by("position").select_related("symbol")
        ),
        Prefetch(
            "expansions",
            queryset=Expansion.objects.order_by("position")
            .select_related("symbol")
            .annotate(card_count=Count("card", distinct=True)),
        ),
        Prefetch(
            "card_types",
            queryset=CardType.objects.order_by("position").annotate(
                card_count=Count("card", distinct=True)
            ),
        ),
        Prefetch("variants", queryset=Variant.objects.order_by("position")),
        Prefetch(
            "achievements",
            queryset=Achievement.objects.order_by("position").select_related("variant"),
        ),
    )


def symbol_list() -> QuerySet[Symbol]:
    return Symbol.objects.select_related("game").prefetch_related("factions")


def faction_list() -> QuerySet[Faction]:
    return Faction.objects.select_related("game", "symbol")


def expansion_list() -> QuerySet[Expansion]:
    return Expansion.objects.select_related("game", "symbol")


def component_list() -> QuerySet[Component]:
    return Component.objects.select_related("game")


def variant_list() -> QuerySet[Variant]:
    return Variant.objects.select_related("game")


def card_type_list() -> QuerySet[CardType]:
    return CardType.objects.select_related("game")


def card_list() -> QuerySet[Card]:
    return Card.objects.select_related(
        "game", "card_type", "expansion", "expansion__symbol"
    ).prefetch_related(Prefetch("factions", queryset=Faction.objects.only("id", "slug", "name")))


def card_detail() -> QuerySet[Card]:
    return card_list().prefetch_related(
        Prefetch(
            "clarifications",
            queryset=Clarification.objects.select_related("game").prefetch_related(
                Prefetch("rules", queryset=Rule.objects.only("id", "key", "number", "game_id"))
            ),
        ),
        "expansion__symbol__factions",
    )


def rule_list() -> QuerySet[Rule]:
    return Rule.objects.select_related("game", "section")


def rule_sections(game: Game) -> QuerySet[RuleSection]:
    return RuleSection.objects.filter(game=game).prefetch_related(
        Prefetch("rules", queryset=Rule.objects.order_by("position"))
    )


def glossary_list() -> QuerySet[GlossaryTerm]:
    return GlossaryTerm.objects.select_related("game").prefetch_related(
        Prefetch("rules", queryset=Rule.objects.only("id", "key", "number", "game_id"))
    )


def clarification_list() -> QuerySet[Clarification]:
    return Clarification.objects.select_related("game").prefetch_related(
        Prefetch("rules", queryset=Rule.objects.only("id", "key", "number", "game_id")),
        Prefetch(
            "cards",
            queryset=Card.objects.select_related("game").only(
                "id", "slug", "name", "game__slug", "game_id"
            ),
        ),
    )


class IdsFirst:
    """A page of a long, joined list read in two steps (a "deferred join"): sort and slice the
    ids alone, then fetch those rows with their joins. Sorting a few thousand narrow rows is
    several times cheaper than sorting the same rows with every joined column, and the page is
    the same. Django's and DRF's paginators take it in place of the queryset."""

    def __init__(self, queryset: QuerySet[Any]) -> None:
        self.queryset = queryset
        self.ordered = queryset.ordered

    def count(self) -> int:
        return self.queryset.count()

    def __len__(self) -> int:
        return self.count()

    def __iter__(self) -> Iterator[Any]:
        return iter(self[0 : len(self)])

    @overload
    def __getitem__(self, item: int) -> Any: ...

    @overload
    def __getitem__(self, item: slice) -> list[Any]: ...

    def __getitem__(self, item: int | slice) -> Any:
        if not isinstance(item, slice):
            return self[item : item + 1][0]
        ids = list(self.queryset.values_list("pk", flat=True)[item])
        rows = {row.pk: row for row in self.queryset.order_by().filter(pk__in=ids)}
        return [rows[pk] for pk in ids]
