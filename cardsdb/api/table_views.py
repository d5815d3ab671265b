"""A game's table data in the API: its sources and its quick reference, the same data the
website's Sources page and quick reference show (cardsdb/web/table_views.py), read from the
database in a fixed number of queries."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from cardsdb import quick_reference as table
from cardsdb.api import serializers
from cardsdb.api.desk_views import ERROR_RESPONSE


def _game(queryset: Any, slug: str) -> Any:
    game = queryset.first()
    if game is None:
        raise NotFound(f"No game {slug!r}.")
    return game


GAME_PARAMETER = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="game slug")


@extend_schema(
    operation_id="game_sources",
    parameters=[GAME_PARAMETER],
    responses={200: serializers.GameSourcesSerializer, 404: ERROR_RESPONSE},
    description="The documents this game's facts come from, each with its kind of provenance "
    "(`rulebook`, `official`, `review`, `community`, `editorial`) and what the site takes "
    "from it.",
    tags=["games"],
)
@api_view(["GET", "HEAD"])
def sources(request: Request, slug: str) -> Response:
    game = _game(table.with_sources(slug), slug)
    return Response(serializers.GameSourcesSerializer(game).data)


@extend_schema(
    operation_id="game_quick_reference",
    parameters=[GAME_PARAMETER],
    responses={200: serializers.QuickReferenceSerializer, 404: ERROR_RESPONSE},
    description="The one-page quick reference: the rules of the setup and of a turn, each "
    "variant's setup numbers in words, and the rules people ask about most.",
    tags=["games"],
)
@api_view(["GET", "HEAD"])
def quick(request: Request, slug: str) -> Response:
    game = _game(table.with_variants(slug), slug)
    setup, turn = table.quick_sections(game)
    body: dict[str, Any] = {
        "game": game.slug,
        "setup": setup,
        "turn": turn,
        "turn_note": game.quick_turn_note,
        "setup_numbers": [
            {"variant": v.slug, "name": v.name, "setup": v.setup, "words": words}
            for v, words in table.setup_numbers(game)
        ],
        "asked": table.most_asked(game),
    }
    return Response(serializers.QuickReferenceSerializer(body).data)
