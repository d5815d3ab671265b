"""Response headers every page and API answer carries, and the guards in front of the views:
request size, NUL bytes in parameters, and the database going away."""

from __future__ import annotations

import io
import logging
import sys
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import SuspiciousOperation
from django.core.handlers.wsgi import LimitedStream
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control, patch_vary_headers

from cardsdb.api.errors import error_body
from cardsdb.headers import CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY
from cardsdb.retention import LinkPruned

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
UNAVAILABLE_PAGE = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    "<title>Unavailable · Table Judge</title></head><body>"
    "<h1>Table Judge is unavailable for a moment</h1>"
    "<p>The database cannot be reached. Please try again in a few seconds.</p></body></html>"
)


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _error(request: HttpRequest, status: int, code: str, message: str, field: str = "") -> Any:
    if _is_api(request):
        details = [{"field": field, "message": message}] if field else []
        return JsonResponse(error_body(code, message, details), status=status)
    return HttpResponse(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{status}</title>'
        f"</head><body><h1>{status}</h1><p>{message}</p></body></html>",
        status=status,
        content_type="text/html; charset=utf-8",
    )


def database_unavailable(request: HttpRequest) -> HttpResponse:
    """503 with Retry-After: in the API's error shape under /api/, a plain page elsewhere. It
    touches neither the database nor a template, since the database is what is missing."""
    if _is_api(request):
        response: HttpResponse = JsonResponse(
            error_body("database-unavailable", "The database is unavailable; retry shortly."),
            status=503,
        )
    else:
        response = HttpResponse(UNAVAILABLE_PAGE, status=503, content_type="text/html")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def database_error_in_flight() -> bool:
    """Is the exception being handled (in a handler500) the database going away?"""
    return isinstance(sys.exc_info()[1], OperationalError | InterfaceError)


def _chunked_without_length(request: HttpRequest) -> bool:
    return "chunked" in request.META.get(
        "HTTP_TRANSFER_ENCODING", ""
    ).lower() and not request.META.get("CONTENT_LENGTH")


def _read_chunked_body(request: HttpRequest, limit: int | None) -> HttpResponse | None:
    """A body sent in chunks, with no Content-Length (the server decodes the chunks): Django
    would read it as empty. Read here, up to one byte past the limit (413 beyond it), and
    handed on as a body of known length."""
    source = request.META["wsgi.input"]
    most = (limit if limit is not None else 16 * 1024 * 1024) + 1
    parts: list[bytes] = []
    size = 0
    while size < most:
        part = source.read(most - size)
        if not part:
            break
        parts.append(part)
        size += len(part)
    if size >= most:
        return _error(
            request,
            413,
            "too-large",
            f"The request body is over {most - 1} bytes; at most {most - 1} are accepted.",
        )
    body = b"".join(parts)
    request.META["CONTENT_LENGTH"] = str(len(body))
    setattr(request, "_stream", LimitedStream(io.BytesIO(body), len(body)))  # noqa: B010
    return None


class RequestGuardMiddleware:
    """Refuses what no view should see, before any view (and CSRF) reads the request:
    a body over DATA_UPLOAD_MAX_MEMORY_SIZE (413; DRF reads JSON bodies past Django's own
    check), also when it comes in chunks without a Content-Length (read here, not lost as
    empty), and a NUL byte in a query parameter (400; PostgreSQL cannot store or compare
    one). Turns the database going away into 503 with Retry-After instead of a 500, and
    Django's refusals of a request (too many fields, a body too large) under /api/ into the
    error shape. Listed last in MIDDLEWARE, so its answers still get every other header."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if _chunked_without_length(request):
            refused = _read_chunked_body(request, limit)
            if refused is not None:
                return refused
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            return _error(request, 400, "invalid", "The Content-Length header is not a number.")
        if limit is not None and length > limit:
            return _error(
                request,
                413,
                "too-large",
                f"The request body is {length} bytes; at most {limit} are accepted.",
            )
        try:
            parameters = request.GET.lists()
        except SuspiciousOperation as exc:  # more parameters than DATA_UPLOAD_MAX_NUMBER_FIELDS
            return _error(request, 400, "invalid", str(exc))
        for name, values in parameters:
            if "\x00" in name or any("\x00" in value for value in values):
                return _error(
                    request, 400, "invalid", "A parameter holds a NUL character.", field=name
                )
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> Any:
        if isinstance(exception, LinkPruned):  # a pruned permalink: gone, said why
            return _error(request, 410, "gone", str(exception))
        if isinstance(exception, OperationalError | InterfaceError):
            logger.warning("database unavailable for %s: %s", request.path, exception)
            return database_unavailable(request)
        if isinstance(exception, SuspiciousOperation) and _is_api(request):
            return _error(request, 400, "invalid", str(exception) or "The request was refused.")
        return None


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        user = getattr(request, "user", None)
        anonymous = user is None or not user.is_authenticated
        if (
            request.method in ("GET", "HEAD")
            and response.status_code == 200
            and anonymous
            and not request.path.startswith("/admin/")
        ):
            # Shared caches may keep public pages briefly; the ETag revalidates them after.
            response.setdefault("Cache-Control", "public, max-age=60")
        return response


class NoSharedCacheWithCookiesMiddleware:
    """First in MIDDLEWARE, so it sees the answer last, with every cookie set on it (the CSRF
    token of a page with a form, a session, messages): an answer that sets a cookie is never
    `public`. A shared cache could otherwise hand one visitor's cookie (a CSRF token) to
    the next; it becomes `private` and varies on the cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.cookies:
            patch_cache_control(response, private=True)  # drops `public`
            patch_vary_headers(response, ("Cookie",))
        return response
