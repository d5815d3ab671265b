"""The database behind the engines' lookup interfaces (games/core/tools.py), implemented once
for every game: the card catalog a tool resolves a deck with, and the reference data (rules,
reference rulings, factions, symbols) a tool's page or a board picture shows."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from django.core.cache import cache
from django.db.models import Q

from cardsdb.models import Card, Clarification, Faction, Rule, Symbol
from cardsdb.response_cache import data_fingerprint
from games.core.tools import CatalogCard, FactionFacts, SymbolFacts

FACTS_SECONDS = 3600


def _catalog_card(card: Card) -> CatalogCard:
    return CatalogCard(
        slug=card.slug,
        name=card.name,
        number=card.number,
        kind=card.card_type.slug if card.card_type else "",
        power=card.power,
        cost=card.cost,
        attributes=card.attributes or {},
    )


class DatabaseCardCatalog:
    """`CardCatalog` over the Card table: two queries for any number of references (the exact
    matches, then the rest by name or number in any case), whatever the deck's size."""

    def cards(self, game: str, refs: Collection[str]) -> dict[str, CatalogCard]:
        refs = set(refs)
        if not refs:
            return {}
        in_game = Card.objects.filter(game__slug=game).select_related("card_type")
        exact = in_game.filter(Q(slug__in=refs) | Q(number__in=refs) | Q(name__in=refs))
        by: list[dict[str, Card]] = [{}, {}, {}]
        for card in exact.order_by("position"):
            for index, value in enumerate((card.slug, card.number, card.name)):
                by[index].setdefault(value, card)
        found: dict[str, Card] = {}
        for ref in refs:
            match = by[0].get(ref) or by[1].get(ref) or by[2].get(ref)
            if match is not None:
                found[ref] = match
        missing = sorted(refs - set(found))
        if missing:
            any_case = Q()
            for ref in missing:
                any_case |= Q(name__iexact=ref) | Q(number__iexact=ref)
            folded: dict[str, Card] = {}
            for card in in_game.filter(any_case).order_by("position"):
                for value in (card.name, card.number):
                    if value:
                        folded.setdefault(value.lower(), card)
            for ref in missing:
                match = folded.get(ref.lower())
                if match is not None:
                    found[ref] = match
        return {ref: _catalog_card(card) for ref, card in found.items()}


class DatabaseReference:
    """`Reference` over one game's rows. Factions and symbols are kept per version of the data
    (a page may draw several pictures)."""

    def __init__(self, game: str) -> None:
        self.game = game

    def rules(self, keys: Iterable[str]) -> list[Any]:
        rows = Rule.objects.filter(key__in=set(keys)).select_related("section")
        return list(rows.order_by("position"))

    def clarifications(self, keys: Iterable[str]) -> list[Any]:
        return list(Clarification.objects.filter(key__in=set(keys)).order_by("slug"))

    def _kept(self, kind: str, read: Any) -> Any:
        key = f"reference:{kind}:{self.game}:{data_fingerprint()}"
        found = cache.get(key)
        if found is None:
            found = read()
            cache.set(key, found, FACTS_SECONDS)
        return found

    def factions(self) -> list[FactionFacts]:
        def read() -> list[FactionFacts]:
            rows = Faction.objects.filter(game__slug=self.game).select_related("symbol")
            return [
                FactionFacts(
                    slug=f.slug,
                    name=f.name,
                    description=f.description,
                    symbol_meaning=f.symbol.meaning if f.symbol else "",
                )
                for f in rows
            ]

        return list(self._kept("factions", read))

    def symbols(self) -> list[SymbolFacts]:
        def read() -> list[SymbolFacts]:
            rows = Symbol.objects.filter(game__slug=self.game)
            return [SymbolFacts(slug=s.slug, name=s.name, kind=s.kind) for s in rows]

        return list(self._kept("symbols", read))
