"""Tables over HTTP: start one, record moves, undo, read it and its log ruled whole."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import (
    api_view,
    parser_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from cardsdb import play_tables
from cardsdb.api.desk_views import (
    ERROR_RESPONSE,
    GAME_PARAMETER,
    RULING_RESPONSE,
    RulingThrottle,
    request_object,
)
from cardsdb.api.errors import error_body
from cardsdb.api.parsers import JSONParser
from games import registry

TABLE_RESPONSE = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description=(
        "The table: `id`, `url` (its page), `board` (in the game's `<Game>State` format), "
        "`turn` (who moves, where the board names one), `over`/`winner`/`result`, `log` "
        "[{move, answer, rule, by}] oldest first, and `version` (send it with the next write)."
    ),
    examples=[
        OpenApiExample(
            "a table after its first move",
            value={
                "id": "k3q7mzp2xa5d",
                "game": "<slug>",
                "url": "/tables/k3q7mzp2xa5d/",
                "board": {},
                "turn": "Player 2",
                "over": False,
                "winner": None,
                "result": "",
                "log": [{"move": {}, "answer": "Yes, ...", "rule": "<slug>:4.2", "by": "Player 1"}],
                "version": 2,
            },
        )
    ],
)
CONFLICT_RESPONSE = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="The table has moved on since `version`: `{error: {code: 'stale-version', "
    "message, details: [{field: 'version', message}], current_version}}`; read the table "
    "again and send the move on its version.",
)


def _worked(slug: str) -> dict[str, Any]:
    try:
        return registry[slug].example()
    except NotImplementedError:
        return {}


def _start_examples() -> list[OpenApiExample]:
    """Each game's: its setup (where a table can start from one) and a described board."""
    examples = []
    for slug in sorted(registry):
        opening = registry[slug].opening
        if opening is not None:
            examples.append(
                OpenApiExample(f"{slug}: the setup", value=opening.example, request_only=True)
            )
        if "state" in (worked := _worked(slug)):
            examples.append(
                OpenApiExample(
                    f"{slug}: a board", value={"state": worked["state"]}, request_only=True
                )
            )
    return examples


def _move_examples() -> list[OpenApiExample]:
    return [
        OpenApiExample(slug, value={"move": worked["move"], "version": 1}, request_only=True)
        for slug in sorted(registry)
        if "move" in (worked := _worked(slug))
    ]


class TableMoveRequest(serializers.Serializer):
    move = serializers.JSONField(help_text="The move: see the game's `<Game>Move` schema.")
    version = serializers.IntegerField(help_text="The table's version the move was made on.")


class TableUndoRequest(serializers.Serializer):
    version = serializers.IntegerField(help_text="The table's version the undo was made on.")


def _stale(exc: play_tables.StaleVersion) -> Response:
    message = f"The table has moved on: it is at version {exc.current}. Read it and try again."
    body = error_body("stale-version", message, [{"field": "version", "message": str(exc)}])
    body["error"]["current_version"] = exc.current
    return Response(body, status=status.HTTP_409_CONFLICT)


def _version(body: dict[str, Any]) -> Any:
    if "version" not in body:
        raise serializers.ValidationError({"version": ["Give the table's version you saw."]})
    return body["version"]


@extend_schema(
    operation_id="tables_create",
    parameters=[GAME_PARAMETER],
    request=OpenApiTypes.OBJECT,
    responses={201: TABLE_RESPONSE, 400: ERROR_RESPONSE, 404: ERROR_RESPONSE},
    description=(
        "Start a table: the setup as the game's setup takes it (where the game deals a board "
        "from one: what a setup leaves hidden stays not described), or a described board "
        "`{state}` as a ruling takes it. A table idle for 30 days is removed."
    ),
    examples=_start_examples(),
    tags=["tables"],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([RulingThrottle])
@parser_classes([JSONParser])
def tables(request: Request, slug: str) -> Response:
    table = play_tables.table_create(slug, request_object(request))
    return Response(play_tables.table_json(table), status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="tables_retrieve",
    responses={200: TABLE_RESPONSE, 404: ERROR_RESPONSE},
    tags=["tables"],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def table_detail(request: Request, key: str) -> Response:
    return Response(play_tables.table_json(play_tables.table_get(key)))


@extend_schema(
    operation_id="tables_move",
    request=TableMoveRequest,
    responses={
        200: OpenApiResponse(
            response=OpenApiTypes.OBJECT,
            description="`{ruling, table}`: the move ruled (with `deciding_rule`); a legal "
            "move is recorded and the table moves on a version, an illegal one leaves it.",
        ),
        400: ERROR_RESPONSE,
        404: ERROR_RESPONSE,
        409: CONFLICT_RESPONSE,
    },
    examples=_move_examples(),
    tags=["tables"],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([RulingThrottle])
@parser_classes([JSONParser])
def table_moves(request: Request, key: str) -> Response:
    body = request_object(request)
    if "move" not in body:
        raise serializers.ValidationError({"move": ["Give the move."]})
    try:
        ruling, table = play_tables.move_record(key, body["move"], _version(body))
    except play_tables.StaleVersion as exc:
        return _stale(exc)
    return Response({"ruling": ruling, "table": play_tables.table_json(table)})


@extend_schema(
    operation_id="tables_undo",
    request=TableUndoRequest,
    responses={
        200: TABLE_RESPONSE,
        400: ERROR_RESPONSE,
        404: ERROR_RESPONSE,
        409: CONFLICT_RESPONSE,
    },
    examples=[OpenApiExample("undo", value={"version": 2}, request_only=True)],
    tags=["tables"],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([RulingThrottle])
@parser_classes([JSONParser])
def table_undo(request: Request, key: str) -> Response:
    body = request_object(request)
    try:
        table = play_tables.undo(key, _version(body))
    except play_tables.StaleVersion as exc:
        return _stale(exc)
    return Response(play_tables.table_json(table))


@extend_schema(
    operation_id="tables_log",
    responses={200: RULING_RESPONSE, 404: ERROR_RESPONSE},
    description="The table's whole log ruled as a game log: every move, and who won.",
    tags=["tables"],
)
@api_view(["GET"])
@permission_classes([AllowAny])
def table_log(request: Request, key: str) -> Response:
    return Response(play_tables.log_ruled(play_tables.table_get(key)))
