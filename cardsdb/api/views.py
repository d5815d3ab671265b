"""The read API: thin viewsets over the selectors."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import orjson
from django.http import (
    FileResponse,
    Http404,
    HttpResponse,
    HttpResponseNotModified,
    HttpResponsePermanentRedirect,
)
from django.shortcuts import get_object_or_404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from cardsdb import bulk, card_index, prebuilt, selectors, services
from cardsdb.api import filters, prebuild, serializers
from cardsdb.api.renderers import dumps
from cardsdb.api.search_views import query_error_response
from cardsdb.card_query import CardQueryError, cards_filter
from cardsdb.models import Game

CARD_QUERY_PARAMETER = OpenApiParameter(
    "q",
    str,
    description="The card query language, e.g. `faction:blob cost<=4 type:base`, "
    '`o:"draw a card"`, `power>=150 weapon:fire`, `-faction:blob`, `(t:base or t:hero)`; '
    "see /search/syntax/. A query that cannot be read is a 400 naming `q` and the position.",
)


NAME = {"type": "string", "minLength": 1, "pattern": r"\S"}


def prebuilt_json(request: Request) -> bool:
    """Answer from the prebuilt JSON (cardsdb/prebuilt.py) when plain JSON is asked for (the
    browsable API and pretty-printed JSON render as before)."""
    return (
        prebuilt.enabled()
        and request.accepted_renderer.format == "json"
        and "indent" not in (request.accepted_media_type or "")
    )


class ReadOnly(viewsets.ReadOnlyModelViewSet):
    filter_backends = [
        filters.df.rest_framework.DjangoFilterBackend,
        filters.StrictOrderingFilter,
    ]


class GameViewSet(ReadOnly):
    """The five games. Detail holds the box contents, symbols, factions, expansions, card
    types, variants and achievements."""

    lookup_field = "slug"
    ordering_fields = ["position", "slug", "name"]
    ordering = ["position"]

    def get_queryset(self) -> Any:
        if self.action == "retrieve" and "slug" in self.kwargs:
            return selectors.game_detail(self.kwargs["slug"])
        return selectors.game_list()

    def get_serializer_class(self) -> Any:
        return (
            serializers.GameDetailSerializer
            if self.action == "retrieve"
            else serializers.GameSerializer
        )


class _Simple(ReadOnly):
    """A list of one kind of reference row: `selector` reads it, in the games' order."""

    ordering = ["game__position", "position"]
    selector: Callable[[], Any]

    def get_queryset(self) -> Any:
        return type(self).selector()


class SymbolViewSet(_Simple):
    """Symbols printed on the cards: expansion marks, faction and merged-faction icons,
    actions and hazards."""

    selector = staticmethod(selectors.symbol_list)
    serializer_class = serializers.SymbolSerializer
    filterset_class = filters.SymbolFilter
    ordering_fields = ["slug", "name", "position"]


class FactionViewSet(_Simple):
    """Factions, where a game has them."""

    selector = staticmethod(selectors.faction_list)
    serializer_class = serializers.FactionSerializer
    filterset_class = filters.FactionFilter
    ordering_fields = ["slug", "name", "position"]


class ExpansionViewSet(_Simple):
    """Base sets, expansions, mini-expansions and card sets, each with its symbol."""

    selector = staticmethod(selectors.expansion_list)
    serializer_class = serializers.ExpansionSerializer
    filterset_class = filters.ExpansionFilter
    ordering_fields = ["slug", "name", "position", "year"]


class ComponentViewSet(_Simple):
    """What is in each box, with counts (null when unknown)."""

    selector = staticmethod(selectors.component_list)
    serializer_class = serializers.ComponentSerializer
    filterset_class = filters.ComponentFilter
    ordering_fields = ["name", "count", "position"]


class CardTypeViewSet(_Simple):
    """Kinds of card, with their count in the box and whether their faces are public."""

    selector = staticmethod(selectors.card_type_list)
    serializer_class = serializers.CardTypeSerializer
    filterset_class = filters.CardTypeFilter
    ordering_fields = ["slug", "name", "count", "position"]


class VariantViewSet(_Simple):
    """Difficulties, modes, tournament formats and challenge modes with their setup numbers."""

    selector = staticmethod(selectors.variant_list)
    serializer_class = serializers.VariantSerializer
    filterset_class = filters.VariantFilter
    ordering_fields = ["slug", "name", "position"]


class CardViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """Every card face the rulebooks and public sources establish. `copies` is the number in
    the box, null when unknown. Detail: `/api/v1/cards/<game>/<slug>/`."""

    filter_backends = ReadOnly.filter_backends
    filterset_class = filters.CardFilter
    ordering_fields = ["name", "cost", "power", "copies", "number", "position", "slug"]
    ordering = ["game__position", "position", "id"]
    lookup_value_regex = "[^/]+"

    def get_queryset(self) -> Any:
        return selectors.card_list()

    def get_serializer_class(self) -> Any:
        return (
            serializers.CardDetailSerializer
            if self.action in ("by_game", "named")
            else serializers.CardSerializer
        )

    @extend_schema(parameters=[CARD_QUERY_PARAMETER])
    def list(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        try:
            if prebuilt_json(request):
                return self.list_prebuilt()
            return super().list(request, *args, **kwargs)
        except CardQueryError as exc:
            return query_error_response(exc, "q")

    def list_prebuilt(self) -> HttpResponse:
        """The same page, its cards' entries read prebuilt: the count, then the page's ids
        with their entries in one query (the rows only for entries not built yet)."""
        paginator = self.paginator
        assert paginator is not None  # the pagination class is always set for this list
        found = card_index.find(self.request.query_params)
        entries: Any
        if found is not None:  # counted and paged in memory, exactly as the SQL would
            entries = prebuild.Indexed(found, found.version)
        else:
            entries = prebuild.WithEntries(self.filter_queryset(self.get_queryset()))
        items: list[bytes] | None = paginator.paginate_queryset(entries, self.request, self)
        assert items is not None
        page = paginator.get_paginated_response([orjson.Fragment(i) for i in items])
        return HttpResponse(dumps(page.data), content_type=prebuilt.JSON)

    def paginate_queryset(self, queryset: Any) -> Any:
        # DRF's paginator slices what it is given: the two-step page stands in for the queryset.
        return super().paginate_queryset(selectors.IdsFirst(queryset))  # type: ignore[arg-type]

    def filter_queryset(self, queryset: Any) -> Any:
        queryset = super().filter_queryset(queryset)
        if self.action == "list":  # `q`: the card query language, on top of the filters
            queryset = cards_filter(queryset, self.request.query_params.get("q", ""))
        ordering = list(queryset.query.order_by)
        if ordering and not any(str(o).lstrip("-") in ("id", "pk") for o in ordering):
            # cards of equal power (or cost, or name) in one order, on every page
            queryset = queryset.order_by(*ordering, "id")
        return queryset

    @extend_schema(
        responses={
            200: serializers.CardDetailSerializer,
            301: OpenApiResponse(description="a former slug: Location names the card's slug now"),
        }
    )
    @action(detail=False, url_path=r"(?P<game_slug>[a-z0-9-]+)/(?P<card_slug>[a-z0-9-]+)")
    def by_game(self, request: Request, game_slug: str, card_slug: str) -> Any:
        def card() -> Any:
            found = services.card_by_slug(game_slug, card_slug)
            if found is None:
                raise NotFound(f"No card {card_slug!r} in {game_slug!r}.")
            return found

        try:
            if prebuilt_json(request) and not request.query_params:
                key = prebuilt.card_key(game_slug, card_slug)
                entry = prebuilt.obtain(
                    prebuilt.CARD, key, lambda: prebuild.card_detail_bytes(card())
                )
                assert entry is not None  # a missing card raised NotFound or moved
                return prebuilt.response(entry, prebuilt.JSON)
            return Response(serializers.CardDetailSerializer(card()).data)
        except services.CardMoved as moved:  # a former slug: the card under its slug now
            url = reverse("api:card-by-game", args=[game_slug, moved.card.slug])
            return HttpResponsePermanentRedirect(url)

    @extend_schema(
        parameters=[
            OpenApiParameter("exact", NAME, description="the whole name, any case"),
            OpenApiParameter("fuzzy", NAME, description="a name with typos or partly typed"),
            OpenApiParameter("game", str, description="game slug"),
        ],
        responses=serializers.CardDetailSerializer,
    )
    @action(detail=False)
    def named(self, request: Request) -> Response:
        """One card by its name: `exact` (any case) or `fuzzy` (best match)."""
        card = services.card_named(
            exact=request.query_params.get("exact", "").strip() or None,
            fuzzy=request.query_params.get("fuzzy", "").strip() or None,
            game=request.query_params.get("game"),
        )
        return Response(serializers.CardDetailSerializer(card).data)

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, required=True, description="the start of a name"),
            OpenApiParameter("game", str, description="game slug"),
        ],
        responses={
            200: {
                "type": "object",
                "properties": {"data": {"type": "array", "items": {"type": "string"}}},
            }
        },
    )
    @action(detail=False, pagination_class=None, filter_backends=[])
    def autocomplete(self, request: Request) -> Response:
        """Up to 20 card names that start with (then contain) `q`, for search boxes."""
        if "q" not in request.query_params:
            raise ValidationError({"q": ["Give the start of a name."]})
        game = request.query_params.get("game")
        if game is not None and not Game.objects.filter(slug=game).exists():
            raise ValidationError({"game": [f"No game {game!r}: give a game's slug."]})
        names = services.card_names_autocomplete(request.query_params["q"], game)
        return Response({"data": names})


class RuleViewSet(ReadOnly):
    """Numbered rules, each with its stable key `<game>:<number>` and source section."""

    serializer_class = serializers.RuleSerializer
    filterset_class = filters.RuleFilter
    lookup_field = "key"
    lookup_value_regex = "[a-z0-9-]+:[0-9.]+"
    ordering_fields = ["position", "number", "key"]
    ordering = ["game__position", "position"]

    def get_queryset(self) -> Any:
        return selectors.rule_list()

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        if prebuilt_json(request) and not request.query_params:
            entry = prebuilt.obtain(
                prebuilt.RULE, kwargs["key"], lambda: prebuild.rule_bytes(self.get_object())
            )
            assert entry is not None  # a missing rule raised Http404
            return prebuilt.response(entry, prebuilt.JSON)
        return super().retrieve(request, *args, **kwargs)


class GlossaryViewSet(ReadOnly):
    """Glossary terms with the rules they appear in."""

    serializer_class = serializers.GlossaryTermSerializer
    filterset_class = filters.GlossaryFilter
    ordering_fields = ["term", "slug"]
    ordering = ["game__position", "term"]

    def get_queryset(self) -> Any:
        return selectors.glossary_list()


class ClarificationViewSet(ReadOnly):
    """FAQs, rulebook clarifications, printed-text discrepancies and reference rulings."""

    serializer_class = serializers.ClarificationSerializer
    filterset_class = filters.ClarificationFilter
    lookup_field = "key"
    lookup_value_regex = "[a-z0-9-]+:[a-z0-9-]+"
    ordering_fields = ["position", "kind", "key"]
    ordering = ["game__position", "position"]

    def get_queryset(self) -> Any:
        return selectors.clarification_list()

    def retrieve(self, request: Request, *args: Any, **kwargs: Any) -> Any:
        """A former key (the clarification's slug changed) answers with a permanent redirect
        to the clarification under its key now."""
        try:
            return super().retrieve(request, *args, **kwargs)
        except Http404:
            moved = services.clarification_redirect_target(kwargs["key"])
            if moved is None:
                raise
            url = reverse("api:clarification-detail", args=[moved.key])
            return HttpResponsePermanentRedirect(url)


@extend_schema(
    responses={200: OpenApiTypes.OBJECT},
    description="Everything about one game (or `all`) in one JSON document.",
)
@api_view(["GET", "HEAD"])
def bulk_download(request: Request, slug: str) -> Any:
    """Served from a file written once per version of the data (cardsdb/bulk.py), with its
    ETag and Content-Length; `If-None-Match` with the current ETag answers 304."""
    games = list(Game.objects.all()) if slug == "all" else [get_object_or_404(Game, slug=slug)]
    found = bulk.bulk_file(slug, games)
    if found.etag in request.headers.get("If-None-Match", ""):
        response: Any = HttpResponseNotModified()
    else:
        response = FileResponse(found.path.open("rb"), content_type="application/json")
    response["ETag"] = found.etag
    name = "table-judge-all" if slug == "all" else f"table-judge-{slug}"
    response["Content-Disposition"] = f'inline; filename="{name}.json"'
    return response
