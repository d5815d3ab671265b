"""The database behind the engines' lookup interfaces (games/core/tools.py), implemented once
for every game: the card catalog a tool resolves a deck with, and the reference data (rules,
reference rulings, factions, symbols) a tool's page or a board picture shows."""

from __future__ import annotations

import json
import operator
import string
from collections.abc import Collection, Iterable
from functools import reduce
from typing import Any

from django.db import connections
from django.db.models import BooleanField, Case, F, Func, Q, Value, When
from django.db.models.functions import Lower

from cardsdb.data_version import PerVersion
from cardsdb.models import Card, Clarification, Faction, Rule, Symbol
from games.core.tools import CatalogCard, FactionFacts, SymbolFacts

FACTS_SECONDS = 3600
FOLD_BATCH = 900  # references a query matches in any case (SQLite allows 32766 parameters)


ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)


def _folds(text: str) -> set[str]:
    return {text.lower(), text.translate(ASCII_LOWER)}


def _catalog_card(card: Card) -> CatalogCard:
    return CatalogCard(
        slug=card.slug,
        name=card.name,
        number=card.number,
        kind=card.card_type.slug if card.card_type else "",
        power=card.power,
        cost=card.cost,
        attributes=card.attributes or {},
        expansion=card.expansion.slug if card.expansion else "",
        expansion_name=card.expansion.name if card.expansion else "",
        expansion_code=card.expansion.code if card.expansion else "",
        has_text=bool(card.text),
    )


class DatabaseCardCatalog:
    """`CardCatalog` over the Card table: at most three queries for a deck of any size the
    tools take (the exact matches; then the rest by name or number in any case, first their
    ids, then those cards)."""

    def cards(self, game: str, refs: Collection[str]) -> dict[str, CatalogCard]:
        refs = set(refs)
        if not refs:
            return {}
        in_game = Card.objects.filter(game__slug=game).select_related("card_type", "expansion")
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
            # The rest by name or number in any case: one IN over the lower-cased text (an OR of
            # case-insensitive matches would be one SQL term per reference, too deep for SQLite).
            # Each text in two foldings: Python's lower case (PostgreSQL's LOWER) and ASCII-only
            # (SQLite's LOWER, and its case-insensitive match), so either database finds what a
            # case-insensitive match found before.
            first: dict[str, tuple[int, int]] = {}  # folded text -> (position, id), the first
            lowered = in_game.annotate(lname=Lower("name"), lnumber=Lower("number"))
            for start in range(0, len(missing), FOLD_BATCH):
                chunk = {f for ref in missing[start : start + FOLD_BATCH] for f in _folds(ref)}
                rows = lowered.filter(Q(lname__in=chunk) | Q(lnumber__in=chunk))
                for position, pk, name, number in rows.values_list(
                    "position", "pk", "name", "number"
                ):
                    for fold in _folds(name) | (_folds(number) if number else set()):
                        first[fold] = min(first.get(fold, (position, pk)), (position, pk))
            wanted: dict[str, int] = {}
            for ref in missing:
                hits = [first[f] for f in _folds(ref) if f in first]
                if hits:
                    wanted[ref] = min(hits)[1]
            cards = in_game.in_bulk(set(wanted.values()))
            found.update({ref: cards[pk] for ref, pk in wanted.items()})
        return {ref: _catalog_card(card) for ref, card in found.items()}

    def matching(
        self,
        game: str,
        slugs: Collection[str] = (),
        numbers: Collection[str] = (),
        names: Collection[str] = (),
    ) -> list[CatalogCard]:
        """One query, whatever the number of keys: by slug, printed number or folded name
        (`Card.name_folded`, indexed with the game)."""
        wanted = [
            OneOf(column, values)
            for column, values in (("slug", slugs), ("number", numbers), ("name_folded", names))
            if values
        ]
        if not wanted:
            return []
        rows = (
            Card.objects.filter(game__slug=game)
            .filter(reduce(operator.or_, (Q(term) for term in wanted)))
            .annotate(
                has_text=Case(
                    When(text="", then=Value(False)),
                    default=Value(True),
                    output_field=BooleanField(),
                )
            )
            .order_by("position", "id")
            .values_list(*MATCHING_FIELDS)
        )
        # The rows as the database driver returns them, without Django's per-value converters
        # (a third of the time for a thousand rows): every column is plain text or a number but
        # the attributes, JSON text on both databases, read here once.
        sql, params = rows.query.get_compiler(rows.db).as_sql()
        with connections[rows.db].cursor() as cursor:
            cursor.execute(sql, params)
            return [_matched(*row) for row in cursor.fetchall()]


class OneOf(Func):
    """`column IN (values)` with every value in one parameter, however many there are: Django
    binds an IN list value by value, about 3 microseconds each, and a 600-line deck list asks
    for some 1,200 numbers. SQLite reads the values from a JSON array (`json_each`),
    PostgreSQL from an array (`= ANY`); another database gets the plain IN list."""

    output_field = BooleanField()

    def __init__(self, column: str, values: Collection[str]) -> None:
        super().__init__(F(column))
        self.values = sorted(values)

    def as_sql(  # type: ignore[override]
        self, compiler: Any, connection: Any, **extra: Any
    ) -> tuple[str, list[Any]]:
        column, params = compiler.compile(self.get_source_expressions()[0])
        marks = ", ".join(["%s"] * len(self.values))
        return f"{column} IN ({marks})", [*params, *self.values]

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        column, params = compiler.compile(self.get_source_expressions()[0])
        return f"{column} IN (SELECT value FROM json_each(%s))", [*params, json.dumps(self.values)]

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        column, params = compiler.compile(self.get_source_expressions()[0])
        return f"{column} = ANY(%s)", [*params, self.values]


_RAW_DECODE = json.JSONDecoder().raw_decode


def _json(text: str) -> Any:
    """JSON text as both databases return it (no leading space): `raw_decode` reads it without
    `json.loads`'s two whitespace matches, a third of its time on a short object."""
    try:
        return _RAW_DECODE(text)[0]
    except ValueError:
        return json.loads(text)


def _matched(
    slug: str,
    name: str,
    number: str,
    kind: str | None,
    power: int | None,
    cost: int | None,
    attributes: str | dict[str, Any] | None,
    expansion: str | None,
    expansion_name: str | None,
    expansion_code: str | None,
    has_text: int | bool,
) -> CatalogCard:
    return CatalogCard(
        slug,
        name,
        number,
        kind or "",
        power,
        cost,
        (_json(attributes) if isinstance(attributes, str) else attributes) or {},
        expansion or "",
        expansion_name or "",
        expansion_code or "",
        bool(has_text),
    )


MATCHING_FIELDS = (  # in CatalogCard's order, as _matched takes them
    "slug",
    "name",
    "number",
    "card_type__slug",
    "power",
    "cost",
    "attributes",
    "expansion__slug",
    "expansion__name",
    "expansion__code",
    "has_text",
)


# A game's factions and symbols, shared by every process (a page may draw several pictures).
_facts: PerVersion[str, list[Any]] = PerVersion(
    "reference", keys="the kind of fact and the game", where="shared", seconds=FACTS_SECONDS
)


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
        return _facts.get(f"{kind}:{self.game}", read)

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
