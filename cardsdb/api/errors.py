"""One error shape for every API error: {"error": {"code", "message", "details"}}."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from cardsdb.retention import LinkPruned
from games.core.errors import BadInput


def error_body(code: str, message: str, details: Any = None) -> dict[str, Any]:
    return {"error": {"code": code, "message": message, "details": details or []}}


def _flatten(detail: Any, path: str = "") -> list[dict[str, str]]:
    """DRF's nested validation detail as a flat list of {field, message}."""
    if isinstance(detail, dict):
        out: list[dict[str, str]] = []
        for key, value in detail.items():
            sub = key if key != "non_field_errors" else ""
            out += _flatten(value, f"{path}.{sub}" if path and sub else (sub or path))
        return out
    if isinstance(detail, list):
        if all(not isinstance(d, dict | list) for d in detail):
            return [{"field": path, "message": str(d)} for d in detail]
        out = []
        for i, value in enumerate(detail):
            out += _flatten(value, f"{path}.{i}" if path else str(i))
        return out
    return [{"field": path, "message": str(detail)}]


def bad_input_response(exc: BadInput) -> Response:
    details = getattr(exc, "details", None) or [{"field": exc.field, "message": exc.message}]
    return Response(error_body(exc.code, str(exc), details), status=status.HTTP_400_BAD_REQUEST)


class Gone(exceptions.APIException):
    """410: the permalink's record was removed by `manage.py prune` (cardsdb/retention.py)."""

    status_code = 410
    default_detail = "This link was removed."
    default_code = "gone"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, BadInput):
        return bad_input_response(exc)
    if isinstance(exc, LinkPruned):
        exc = Gone(str(exc))
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(str(exc) or "Not found.")
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        details = _flatten(exc.detail)
        message = "; ".join(
            f"{d['field']}: {d['message']}" if d["field"] else d["message"] for d in details
        )
        response.data = error_body("invalid", message or "Invalid input.", details)
    elif isinstance(exc, exceptions.APIException):
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "error"
        response.data = error_body(code.replace("_", "-"), str(exc.detail))
    return response


@csrf_exempt  # a POST to an unknown API path is a 404 like any other, not a CSRF page
def json_404(request: Any, exception: Exception | None = None) -> JsonResponse:
    return JsonResponse(
        error_body("not-found", f"No API endpoint or object at {request.path}."), status=404
    )


def json_500(request: Any) -> JsonResponse:
    return JsonResponse(error_body("server-error", "Internal server error."), status=500)


class ErrorDetailSerializer(serializers.Serializer):
    """One thing wrong with the request: the dotted path of the field and what is wrong."""

    field = serializers.CharField(help_text="dotted path such as `state.hand.3`, or a parameter")
    message = serializers.CharField(required=False)
    position = serializers.IntegerField(
        required=False, allow_null=True, help_text="for a query: where in it"
    )
    token = serializers.CharField(required=False, help_text="for a card query: the word at fault")
    line = serializers.IntegerField(
        required=False, allow_null=True, help_text="for a deck list: the line, from 1"
    )
    text = serializers.CharField(required=False, help_text="for a deck list: the line as written")
    candidates = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="for a card reference: every card it could mean, each with its exact "
        "`reference` (name, release, number, parallel) and `slug`",
    )


class ErrorBodySerializer(serializers.Serializer):
    code = serializers.CharField(help_text="stable machine-readable code, e.g. `invalid-state`")
    message = serializers.CharField()
    details = ErrorDetailSerializer(many=True)


class ErrorSerializer(serializers.Serializer):
    """The one shape of every API error."""

    error = ErrorBodySerializer()
