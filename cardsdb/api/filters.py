"""Query-parameter filters. A parameter that cannot be read is a 400, never ignored."""

from __future__ import annotations

from typing import Any

import django_filters as df
from django import forms
from django.db.models import F, QuerySet
from rest_framework.exceptions import ValidationError
from rest_framework.filters import OrderingFilter

from cardsdb import models as m
from games.core.names import name_fold


class StrictOrderingFilter(OrderingFilter):
    """`?ordering=` with an unknown field is refused instead of silently ignored. The schema
    enumerates what it takes: a comma-separated list of the view's ordering fields, each
    optionally with `-` (descending), exactly as written (no spaces, no empty items)."""

    def get_ordering(self, request: Any, queryset: QuerySet, view: Any) -> Any:
        params = request.query_params.get(self.ordering_param)
        if params:
            fields = params.split(",")
            valid = {
                item[0] for item in self.get_valid_fields(queryset, view, {"request": request})
            }
            bad = [f for f in fields if f.removeprefix("-") not in valid]
            if bad:
                raise ValidationError(
                    {
                        "ordering": [
                            f"Unknown ordering field {bad[0]!r}; use one of "
                            f"{', '.join(sorted(valid))}."
                        ]
                    }
                )
        return super().get_ordering(request, queryset, view)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        fields = list(getattr(view, "ordering_fields", None) or [])
        if not fields or fields == ["__all__"]:
            return list(super().get_schema_operation_parameters(view))
        return [
            {
                "name": self.ordering_param,
                "required": False,
                "in": "query",
                "description": "The fields to order by, in turn; `-` before one for descending.",
                "schema": {
                    "type": "array",
                    "items": {"type": "string", "enum": [*fields, *(f"-{f}" for f in fields)]},
                },
                "style": "form",
                "explode": False,
            }
        ]

    def filter_queryset(self, request: Any, queryset: QuerySet, view: Any) -> QuerySet:
        # Unknown values (null cost, null power) sort last on both SQLite and PostgreSQL.
        ordering = self.get_ordering(request, queryset, view)
        if not ordering:
            return queryset
        return queryset.order_by(*(_nulls_last(field) for field in ordering))


def _nulls_last(field: str) -> Any:
    if field.startswith("-"):
        return F(field[1:]).desc(nulls_last=True)
    return F(field).asc(nulls_last=True)


class IntegerFilter(df.NumberFilter):
    """A whole number: `power_min=0.5` is a 400, not a filter on a fraction."""

    field_class = forms.IntegerField


class GameFilter(df.FilterSet):
    game = df.ModelChoiceFilter(
        field_name="game",
        to_field_name="slug",
        queryset=m.Game.objects.all(),
        help_text="game slug",
    )


class ByGameFilter(GameFilter):
    kind = df.CharFilter(field_name="kind")


class SymbolFilter(ByGameFilter):
    class Meta:
        model = m.Symbol
        fields = ["game", "kind"]


class VariantFilter(ByGameFilter):
    class Meta:
        model = m.Variant
        fields = ["game", "kind"]


class ExpansionFilter(ByGameFilter):
    class Meta:
        model = m.Expansion
        fields = ["game", "kind"]


class FactionFilter(GameFilter):
    class Meta:
        model = m.Faction
        fields = ["game"]


class ComponentFilter(GameFilter):
    class Meta:
        model = m.Component
        fields = ["game"]


class CardTypeFilter(GameFilter):
    class Meta:
        model = m.CardType
        fields = ["game"]


class CardFilter(GameFilter):
    name = df.CharFilter(
        method="filter_name", help_text="part of the name, any case, with or without accents"
    )
    expansion = df.CharFilter(field_name="expansion__slug", help_text="expansion slug")
    type = df.CharFilter(field_name="card_type__slug", help_text="card type slug")
    faction = df.CharFilter(field_name="factions__slug", help_text="faction slug")
    weapon = df.CharFilter(method="filter_weapon", help_text="a card's weapon attribute, any case")
    number = df.CharFilter(field_name="number", lookup_expr="iexact")
    provenance = df.ChoiceFilter(choices=m.Provenance.choices)
    cost_min = IntegerFilter(field_name="cost", lookup_expr="gte")
    cost_max = IntegerFilter(field_name="cost", lookup_expr="lte")
    power_min = IntegerFilter(field_name="power", lookup_expr="gte")
    power_max = IntegerFilter(field_name="power", lookup_expr="lte")
    copies_min = IntegerFilter(field_name="copies", lookup_expr="gte")

    class Meta:
        model = m.Card
        fields = ["game"]

    def filter_name(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(name_folded__contains=name_fold(value))

    def filter_weapon(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        return queryset.filter(attributes__weapon__iexact=value)


class RuleFilter(GameFilter):
    section = df.CharFilter(field_name="section__number", help_text="section number")
    key = df.CharFilter(field_name="key")
    text = df.CharFilter(field_name="text", lookup_expr="icontains")

    class Meta:
        model = m.Rule
        fields = ["game"]


class GlossaryFilter(GameFilter):
    class Meta:
        model = m.GlossaryTerm
        fields = ["game"]


class ClarificationFilter(GameFilter):
    kind = df.ChoiceFilter(choices=m.Clarification.Kind.choices)
    rule = df.CharFilter(field_name="rules__key", help_text="rule key it touches")
    card = df.CharFilter(method="filter_card", help_text="card key <game>:<slug> it touches")

    class Meta:
        model = m.Clarification
        fields = ["game", "kind"]

    def filter_card(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        game, _, slug = value.partition(":")
        return queryset.filter(cards__game__slug=game, cards__slug=slug)
