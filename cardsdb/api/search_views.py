"""The search API: one box over rules, cards, clarifications, glossary terms and games.

`/api/v1/search?q=` is paginated like every list, with each hit's highlighted title and
snippet (HTML: everything escaped but the `<mark>` around matched words), the count of matches
of each kind, and, when nothing matched, the nearest indexed words. A query that cannot be run
is a 400 in the API's error shape, naming the parameter and the position.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from cardsdb import models as m
from cardsdb import search
from cardsdb.api.errors import error_body
from cardsdb.api.pagination import PAGE_SIZE_SCHEMA, Pagination
from cardsdb.card_query import CardQueryError


def query_error_response(exc: CardQueryError | search.SearchQueryError, field: str) -> Response:
    """A 400 in the error shape whose detail names the parameter and the offending position."""
    detail = {"field": field, "message": exc.message, "position": exc.position}
    if isinstance(exc, CardQueryError):
        detail["token"] = exc.token
    return Response(
        error_body(exc.code, f"{field}: {exc}", [detail]), status=status.HTTP_400_BAD_REQUEST
    )


class SearchHitSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=[k.slug for k in search.KINDS])
    key = serializers.CharField(help_text="rule or clarification key, <game>:<slug>, game slug")
    title = serializers.CharField()
    title_html = serializers.CharField(help_text="the title, escaped, matched words in <mark>")
    snippet = serializers.CharField(help_text="a short excerpt, escaped, matches in <mark>")
    url = serializers.CharField(help_text="the permalink on the website")
    game = serializers.CharField(help_text="game slug")
    game_name = serializers.CharField()


def _hit_data(hit: search.Hit) -> dict[str, str]:
    """A hit as `SearchHitSerializer` documents it, built directly: a search's page is made
    on every cold search, and DRF's field machinery cost as much as the marks."""
    return {
        "kind": hit.kind,
        "key": hit.key,
        "title": hit.title,
        "title_html": hit.title_html,
        "snippet": hit.snippet,
        "url": hit.url,
        "game": hit.game,
        "game_name": hit.game_name,
    }


SEARCH_PARAMETERS = [
    OpenApiParameter(
        "q",
        {"type": "string", "minLength": 1, "maxLength": search.MAX_QUERY_LENGTH, "pattern": r"\S"},
        required=True,
        description='Words (all must match), "a phrase", a prefix* and -excluded words; any '
        f"case, with or without accents (ё = е). At most {search.MAX_QUERY_LENGTH} characters.",
    ),
    OpenApiParameter("kind", str, enum=[k.slug for k in search.KINDS], description="one kind"),
    OpenApiParameter(
        "game",
        str,
        description="game slug: search that game only, and prefer its words when correcting",
    ),
    OpenApiParameter(
        "exact",
        {"type": "string", "enum": ["0", "1"]},
        description="1: search the words as typed, without spelling corrections",
    ),
    OpenApiParameter("page", {"type": "integer", "minimum": 1}),
    OpenApiParameter("page_size", PAGE_SIZE_SCHEMA, description="at most 500"),
]

SEARCH_RESPONSE = inline_serializer(
    "SearchPage",
    {
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": SearchHitSerializer(many=True),
        "counts": serializers.DictField(
            child=serializers.IntegerField(),
            help_text=f"matches of each kind, counted up to {search.COUNT_CAP}",
        ),
        "capped": serializers.ListField(
            child=serializers.CharField(),
            help_text=f"kinds with more than {search.COUNT_CAP} matches (only that many listed)",
        ),
        "ranked": serializers.BooleanField(
            help_text=f"false when more than {search.RANK_LIMIT} entries match: the words are "
            "too common to rank every match; the first results are then the best of a sample "
            "of the matches, the rest in rulebook and catalog order"
        ),
        "suggestions": serializers.ListField(
            child=serializers.CharField(), help_text="nearest indexed words, when none matched"
        ),
        "corrections": serializers.ListField(
            child=inline_serializer(
                "SearchCorrection",
                {"typed": serializers.CharField(), "corrected": serializers.CharField()},
            ),
            help_text="words the index does not hold, each replaced by the nearest it does",
        ),
        "searched_for": serializers.CharField(
            help_text="the query as searched, after corrections (the query itself without)"
        ),
        "dropped": serializers.ListField(
            child=serializers.CharField(), help_text="question and stop words left out"
        ),
        "relaxed": serializers.BooleanField(
            help_text="true when no entry holds every word: entries holding any of them, "
            "ranked by how many they hold"
        ),
        "estimated": serializers.IntegerField(
            help_text="about how many entries match in all, also past the count cap (an "
            "estimate from how many entries hold each word, to two figures)"
        ),
        "named_game": serializers.CharField(
            allow_null=True,
            help_text="the game the query named (its slug), which the search looked in only",
        ),
    },
)


def _search(request: Request) -> Response:
    text = request.query_params.get("q", "")
    if not text.strip():
        return Response(
            error_body("invalid", "q: give words to search for.", [{"field": "q"}]),
            status=status.HTTP_400_BAD_REQUEST,
        )
    exact = request.query_params.get("exact", "0")
    if exact not in ("0", "1"):
        return Response(
            error_body("invalid", "exact: give 0 or 1.", [{"field": "exact"}]),
            status=status.HTTP_400_BAD_REQUEST,
        )
    try:
        results = search.search(
            text,
            kind=request.query_params.get("kind"),
            game=request.query_params.get("game"),
            correct=exact == "0",
        )
    except search.SearchQueryError as exc:
        return query_error_response(exc, exc.field)
    paginator = Pagination()
    page: Any = paginator.paginate_queryset(results, request)  # type: ignore[arg-type]
    response = paginator.get_paginated_response([_hit_data(h) for h in page])
    response.data["counts"] = {k: min(n, search.COUNT_CAP) for k, n in results.counts().items()}
    response.data["capped"] = results.capped()
    response.data["ranked"] = results.ranked()
    original = results.original or results.query
    response.data["suggestions"] = (
        search.suggest(original, game_id=results.game_id) if not results.count() else []
    )
    query = results.query
    response.data["corrections"] = [{"typed": t, "corrected": c} for t, c in query.corrections]
    response.data["searched_for"] = query.corrected_text
    response.data["dropped"] = list(query.dropped)
    response.data["relaxed"] = results.relaxed
    response.data["estimated"] = results.estimate() if results.capped() else results.count()
    response.data["named_game"] = (
        m.Game.objects.filter(pk=results.named_game).values_list("slug", flat=True).first()
        if results.named_game is not None
        else None
    )
    return response


@extend_schema(
    operation_id="search",
    parameters=SEARCH_PARAMETERS,
    responses={200: SEARCH_RESPONSE, 400: OpenApiTypes.OBJECT},
    description="Ranked full-text search over rules, cards, clarifications, glossary terms, "
    "dispute questions and games, with highlighted snippets and permalinks. Words are "
    "stemmed (English and Russian), players' words expanded from each game's synonyms, "
    "misspelt words corrected (see `corrections`; `exact=1` turns that off), question words "
    "dropped; when no entry holds every word, entries holding most of them come back "
    "(`relaxed`). `/api/v1/search/` answers the same.",
)
@api_view(["GET", "HEAD"])
def search_view(request: Request) -> Response:
    return _search(request)


@extend_schema(exclude=True)
@api_view(["GET", "HEAD"])
def search_view_slash(request: Request) -> Response:
    return _search(request)
