"""The dispute desk over HTTP: rulings, game logs and legal moves for every engine."""

from __future__ import annotations

from array import array
from typing import Any

import orjson
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import (
    api_view,
    parser_classes,
    permission_classes,
    throttle_classes,
)
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle

from cardsdb import desk, storable_text
from cardsdb.api import renderers
from cardsdb.api.errors import exception_handler
from cardsdb.api.parsers import JSONParser
from games import registry
from games.core.errors import BadInput, InvalidState

GAME_PARAMETER = OpenApiParameter(
    "slug",
    OpenApiTypes.STR,
    OpenApiParameter.PATH,
    enum=sorted(registry),
    description="the game: one with an adjudicator",
)


class RulingThrottle(SimpleRateThrottle):
    """Rulings cost an engine run and a write: limited per client (429 with Retry-After).

    DRF's bookkeeping, kept differently: DRF keeps a client's request times as a list, newest
    first, which the cache pickles float by float on every request (~16 us at 120 a minute,
    ~80 us at the load test's rate). Here they are packed doubles, oldest first: the same times
    dropped and counted in the same order (a clock set back included), so the same requests
    are refused with the same Retry-After (tested against DRF's), at a few microseconds. The
    packed form lives under a key of its own, never read as DRF's list."""

    scope = "rulings"
    cache_format = "throttle_%(scope)s_packed_%(ident)s"  # DRF's: throttle_%(scope)s_%(ident)s
    num_requests: int  # set by DRF's __init__ from the rate (allow_request checks there is one)
    duration: int
    history: Any

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        times = array("d")
        stored = self.cache.get(self.key)
        if isinstance(stored, bytes):
            times.frombytes(stored)
        self.now = self.timer()
        expired, cutoff = 0, self.now - self.duration
        while expired < len(times) and times[expired] <= cutoff:  # DRF pops its list's tail
            expired += 1
        del times[:expired]
        self.history = times
        if len(times) >= self.num_requests:
            return self.throttle_failure()
        times.append(self.now)
        self.cache.set(self.key, times.tobytes(), self.duration)
        return True

    def wait(self) -> float | None:
        """DRF's Retry-After, with the oldest time first rather than last."""
        oldest = self.history[0] if self.history else None
        remaining = self.duration if oldest is None else self.duration - (self.now - oldest)
        available = self.num_requests - len(self.history) + 1
        if available <= 0:
            return None
        return remaining / float(available)


class RulingRequest(serializers.Serializer):
    state = serializers.JSONField(help_text="The board state: see the game's `<Game>State` schema.")
    move = serializers.JSONField(
        required=False, help_text="The proposed move: see the game's `<Game>Move` schema."
    )
    moves = serializers.ListField(
        child=serializers.JSONField(),
        required=False,
        help_text="A game log: each move ruled in turn; the first that breaks is named.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("move" in attrs) == ("moves" in attrs):
            raise serializers.ValidationError({"move": ["Give exactly one of `move` or `moves`."]})
        return attrs


class StateRequest(serializers.Serializer):
    state = serializers.JSONField()


RULING_RESPONSE = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description=(
        "The ruling (the `Ruling` schema, or `SequenceRuling` for a log): `verdict` "
        "(legal|illegal), `answer`, `deciding_rule` (the one rule that settles the question), "
        "`summary`, `reasons` [{code, rule, url, detail}], `interpretations` (reference rulings "
        "used), `readings_deciding` (those the answer turns on, with what the other reading "
        "answers), `notes`, `next_state` "
        "when legal, `cited_rules` in full, `reference_version`, and its permalink `id`/`url`. "
        "For a game log: `rulings`, `first_illegal` and `final_state`."
    ),
)
ERROR_RESPONSE = OpenApiResponse(
    response=OpenApiTypes.OBJECT,
    description="`{error: {code, message, details: [{field, message}]}}`; the field is the "
    "path of the part of the state or move that cannot exist.",
)


def request_object(request: Request) -> dict[str, Any]:
    """The request body, which every desk endpoint takes as a JSON object, with no text that
    cannot be stored: a NUL character or half of a surrogate pair (which JSON's \\u escapes
    can spell) is refused naming its field."""
    if not isinstance(request.data, dict):
        raise InvalidState("body", "send a JSON object")
    storable_text.text_check_storable(request.data)
    return request.data


def _parse(serializer_class: type[serializers.Serializer], request: Request) -> dict[str, Any]:
    data = request_object(request)
    if _plainly_valid(serializer_class, data):
        return dict(data)
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(request.data)


def _plainly_valid(serializer_class: type[serializers.Serializer], data: Any) -> bool:
    """What the serializer would pass without a word, told in a few lookups (it is the most
    part of a ruling's request cost otherwise): a state that is not null, and exactly one of a
    move that is not null or a list of such moves. Anything else goes to the serializer,
    which names what is wrong. (Parsed JSON is always JSON-serializable, the one other thing
    its JSONFields check.)"""
    if not isinstance(data, dict) or data.get("state") is None:
        return False
    if serializer_class is StateRequest:
        return True
    if serializer_class is not RulingRequest or ("move" in data) == ("moves" in data):
        return False
    if "move" in data:
        return data["move"] is not None
    moves = data["moves"]
    return isinstance(moves, list) and all(move is not None for move in moves)


@extend_schema(
    operation_id="rulings_create",
    parameters=[GAME_PARAMETER],
    request=RulingRequest,
    responses={200: RULING_RESPONSE, 400: ERROR_RESPONSE, 404: ERROR_RESPONSE},
    description=(
        "Rule on a proposed move in a described board state (or on a whole game log with "
        "`moves`). The same state and move always give the same ruling id. Each game's State "
        "and Move schemas are the `<Game>State`/`<Game>Move` components; worked examples below."
    ),
    examples=[OpenApiExample("example", value={"state": {}, "move": {}}, request_only=True)],
    tags=["disputes"],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([RulingThrottle])
@parser_classes([JSONParser])
def rulings_drf(request: Request, slug: str) -> Response:
    """The ruling POST through DRF: what the schema documents, and the answer to every request
    the lean view below does not take (the browsable API, a session, another body type)."""
    body = _parse(RulingRequest, request)
    saved = desk.ruling_make(slug, body)
    return Response(saved.ruling, status=status.HTTP_200_OK)


# ----- the ruling POST's lean path -----
#
# A ruling on a new board is the desk's busiest write, and DRF's machinery around it (the
# request wrapper, content negotiation, parsers, permissions, the response's rendering) cost
# about as much CPU as the ruling itself. The requests that machinery answers with nothing of
# its own (a JSON body from a client with no session, asking for JSON) take a plain Django
# view instead; every other request is handed to `rulings_drf`, unchanged. The lean view
# answers byte for byte as `rulings_drf` does (tests/cardsdb/test_desk_lean.py): the same
# throttle, error shape, status, headers and body.

_JSON_BODY = frozenset({"application/json", "application/json; charset=utf-8"})
_JSON_ANSWER = frozenset({"", "*/*", "application/json"})  # DRF picks the JSON renderer
# orjson reads an integer beyond 64 bits as a float where Python's json keeps it exact: a
# body with a run of 19 digits is left to DRF's parser. Found as 19 zeros once every digit is
# read as 0: ten times faster than the regular expression `\d{19}` on a 2 KB body (tested).
_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)


def _long_number(raw: bytes) -> bool:
    return b"0" * 19 in raw.translate(_DIGITS_AS_ZERO)


def _lean_takes(request: HttpRequest) -> bool:
    meta = request.META
    return (
        request.method == "POST"
        and meta.get("CONTENT_TYPE", "") in _JSON_BODY
        and meta.get("HTTP_ACCEPT", "") in _JSON_ANSWER
        and not meta.get("QUERY_STRING")  # `?format=` picks DRF's renderer
        and getattr(settings, "DESK_LEAN_RULINGS", True)
    )


def _answer(data: Any, status_code: int, headers: Any = ()) -> HttpResponse:
    """What DRF's view writes for `Response(data, status_code, headers)` in JSON."""
    return _answer_written(renderers.dumps(data), status_code, headers)


def _answer_written(written: bytes, status_code: int, headers: Any = ()) -> HttpResponse:
    """`_answer` for data already written by `renderers.dumps`."""
    response = HttpResponse(written, status=status_code, content_type="application/json")
    for name, value in headers:
        response[name] = value
    patch_vary_headers(response, ("Accept",))  # after any Vary of the error's own
    response["Allow"] = _ALLOW
    return response


# What DRF's view says it allows, in its order (a set's, which varies from process to process).
_ALLOW = ", ".join(rulings_drf.cls().allowed_methods)


def _refusal(exc: Exception, request: HttpRequest) -> HttpResponse:
    """The API's error answer for `exc`, from the one exception handler every view uses."""
    drf = exception_handler(exc, {"request": request, "view": None})
    if drf is None:  # not an API error: raised on, as DRF does, to the middleware
        raise exc
    headers = [(k, v) for k, v in drf.items() if k.lower() != "content-type"]
    return _answer(drf.data, drf.status_code, headers)


@csrf_exempt
def rulings(request: HttpRequest, slug: str) -> HttpResponse:
    """`POST /api/v1/games/<slug>/rulings`: the lean path where it answers as DRF would."""
    if not _lean_takes(request):
        return rulings_drf(request, slug)
    raw = request.body
    try:
        body = orjson.loads(raw)
    except orjson.JSONDecodeError:  # DRF's parser says what is wrong, as before
        return rulings_drf(request, slug)
    if not _plainly_valid(RulingRequest, body) or _long_number(raw):
        return rulings_drf(request, slug)
    # A signed-in user's POST needs CSRF's check, which DRF's session authentication makes;
    # an anonymous one reads the session as DRF does (so the answer varies on Cookie as before).
    if request.user.is_authenticated:
        return rulings_drf(request, slug)
    throttle = RulingThrottle()
    # DRF's throttle reads only the client's address (`request.META`) and no view
    if not throttle.allow_request(request, None):
        return _refusal(exceptions.Throttled(throttle.wait()), request)
    try:
        _, written = desk.ruling_make_written(slug, body)
    except (BadInput, Http404) as exc:
        return _refusal(exc, request)
    return _answer_written(written, status.HTTP_200_OK)


# drf-spectacular documents the views it finds in the URLs by their DRF class: the lean view
# is documented as the DRF view it stands in front of.
rulings.cls = rulings_drf.cls  # type: ignore[attr-defined]
rulings.initkwargs = rulings_drf.initkwargs  # type: ignore[attr-defined]


@extend_schema(
    operation_id="rulings_retrieve",
    parameters=[GAME_PARAMETER],
    responses={200: RULING_RESPONSE, 404: ERROR_RESPONSE},
    tags=["disputes"],
)
@api_view(["GET", "HEAD"])
@permission_classes([AllowAny])
def ruling_detail(request: Request, slug: str, key: str) -> Response:
    saved = desk.ruling_get(slug, key)
    return Response({**saved.ruling, "request": saved.request})


@extend_schema(
    operation_id="legal_moves",
    parameters=[GAME_PARAMETER],
    request=StateRequest,
    responses={
        200: OpenApiResponse(
            response=OpenApiTypes.OBJECT,
            description="`{moves: [...], listing}`: `listing` is `complete` (every legal "
            "move is listed), `too-many` (finite, but too many to list: `moves` is null) or "
            "`not-finite` (this game's move space is not finite: `moves` is null).",
        ),
        400: ERROR_RESPONSE,
    },
    tags=["disputes"],
)
@api_view(["POST"])
@permission_classes([AllowAny])
@throttle_classes([RulingThrottle])
@parser_classes([JSONParser])
def legal_moves(request: Request, slug: str) -> Response:
    body = _parse(StateRequest, request)
    return Response(desk.desk_for(slug).engine.legal_moves_listing(body["state"]))


@extend_schema(
    operation_id="ruling_example",
    parameters=[GAME_PARAMETER],
    responses={200: OpenApiTypes.OBJECT},
    description="A worked example `{state, move}` for this game's adjudicator.",
    tags=["disputes"],
)
@api_view(["GET", "HEAD"])
@permission_classes([AllowAny])
def example(request: Request, slug: str) -> Response:
    return Response(desk.example_request(slug))
