"""HTTP for every game's declared tools (games/core/tools.py): one route,
`POST /api/v1/games/<slug>/tools/<tool>`, and the older per-tool paths as its aliases. The
OpenAPI schema documents each tool from its declared models (cardsdb/api/schema.py)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import (
    api_view,
    parser_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cardsdb import storable_text, tools
from cardsdb.api.desk_views import ERROR_RESPONSE, RulingThrottle, request_object
from cardsdb.api.parsers import JSONParser, PlainTextParser
from cardsdb.api.schema import TOOL_OPERATION


@extend_schema(
    operation_id=TOOL_OPERATION,
    request=OpenApiTypes.OBJECT,
    responses={200: OpenApiTypes.OBJECT, 400: ERROR_RESPONSE},
    parameters=[
        OpenApiParameter("slug", str, OpenApiParameter.PATH),
        OpenApiParameter("tool", str, OpenApiParameter.PATH),
    ],
    description="Run one of the game's tools (see each tool's own operation).",
    tags=["disputes"],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([RulingThrottle])
@parser_classes([JSONParser, PlainTextParser])
def tool(request: Request, slug: str, tool: str, **kwargs: Any) -> Response:
    if isinstance(request.data, str):  # a text/plain body: the deck list as pasted
        body: dict[str, Any] = {"list": request.data}
        storable_text.text_check_storable(body)
    else:
        body = request_object(request)
    return Response(tools.tool_run(slug, tool, body))
