"""HTTP for the game-specific desk tools (see cardsdb/game_tools.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.decorators import (
    api_view,
    parser_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cardsdb import game_tools
from cardsdb.api.desk_views import ERROR_RESPONSE, RULING_RESPONSE, RulingThrottle, request_object
from cardsdb.api.parsers import JSONParser


def _tool(
    operation_id: str, description: str, response: Any = OpenApiTypes.OBJECT, **schema: Any
) -> Callable[[Callable[..., Response]], Any]:
    """A public, rate-limited POST tool of the desk, documented in the OpenAPI schema."""

    def wrap(view: Callable[..., Response]) -> Any:
        endpoint = api_view(["POST"])(
            permission_classes([AllowAny])(
                throttle_classes([RulingThrottle])(parser_classes([JSONParser])(view))
            )
        )
        return extend_schema(
            operation_id=operation_id,
            request=OpenApiTypes.OBJECT,
            responses={200: response, 400: ERROR_RESPONSE},
            description=description,
            tags=["disputes"],
            **schema,
        )(endpoint)

    return wrap


@_tool(
    "bo_jackson_battle_arena_deck_check",
    "Is this deck legal? `format` is a mode or tournament format slug (see "
    "`/api/v1/variants/?game=bo-jackson-battle-arena`); `hero_deck`, `playbook` (Bonus "
    "Plays included) and `hot_dog_deck` list cards by number, slug or name from the "
    'catalog, each a string or `{"card": ..., "count": n}`.',
    response=RULING_RESPONSE,
    examples=[
        OpenApiExample(
            "Playmaker",
            value={
                "format": "playmaker",
                "hero_deck": ["BoJax Ice ..."],
                "playbook": ["PL-1", {"card": "Reload", "count": 1}],
                "hot_dog_deck": [{"card": "HD-20", "count": 10}],
            },
            request_only=True,
        )
    ],
)
def deck_check(request: Request) -> Response:
    return Response(game_tools.deck_check(request_object(request)))


@_tool(
    "star_realms_high_alert_options",
    "What can I do now? `{state}`: every ally ability that is live and why, every card "
    "in the trade row with what it costs this player now and why, every tech usable now.",
)
def high_alert_options(request: Request) -> Response:
    return Response(game_tools.high_alert_options(request_object(request).get("state")))


@_tool(
    "super_hazard_quest_reachable",
    "`{state, player}`: every checkpoint the hero can reach this turn with its hand, "
    "fewest items first, each with the path that proves it.",
)
def hazard_quest_reachable(request: Request) -> Response:
    body = request_object(request)
    return Response(game_tools.hazard_quest_reachable(body.get("state"), body.get("player")))


@_tool(
    "hyperstar_run_solve",
    "`{state}`: the furthest this run can get and how (costs and sources in order); and, "
    "when every face in the level is known, whether the game can still be won within the "
    "runs left, with the winning line or the proof that none exists.",
)
def hyperstar_solve(request: Request) -> Response:
    return Response(game_tools.hyperstar_solve(request_object(request).get("state")))
