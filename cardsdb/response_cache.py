"""A shared cache of public GET responses: the reference data changes only when it is loaded
or edited, so a card, a rule page or a search answer is built once per version of the data.

What is cached: GET and HEAD answers with status 200 to anonymous requests (no session
cookie, no Authorization header) under the public paths, that set no cookie, do not vary on
the cookie (pages with a form carry a CSRF token and do) and are not marked private. The key
holds the path with its query, the Accept header (the API renders JSON or HTML by it) and the
version of the data (cardsdb/data_version.py), in the one per-version store the responses are
kept in (shared by every app server through Django's cache when REDIS_URL is set).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils.cache import set_response_etag

from cardsdb.data_version import PerVersion, data_fingerprint

PUBLIC_PREFIXES = ("/api/v1/", "/games/", "/search/")
PUBLIC_PATHS = ("/",)
SKIPPED_PREFIXES = ("/api/v1/health",)
MAX_BYTES = 2 * 1024 * 1024  # bulk downloads beyond this are rebuilt (they are rare)
HIT_HEADER = "X-Cache"

responses: PerVersion[str, tuple[bytes, list[tuple[str, str]]]] = PerVersion(
    "response",
    keys="a hash of the path with its query and the Accept header",
    where="shared",
)


def _cacheable_request(request: HttpRequest) -> bool:
    if request.method not in ("GET", "HEAD"):
        return False
    path = request.path
    if path.startswith(SKIPPED_PREFIXES):
        return False
    if path not in PUBLIC_PATHS and not path.startswith(PUBLIC_PREFIXES):
        return False
    return (
        settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "HTTP_AUTHORIZATION" not in request.META
    )


def _cacheable_response(response: HttpResponse) -> bool:
    if response.status_code != 200 or response.streaming or response.cookies:
        return False
    vary = response.get("Vary", "").lower()
    control = response.get("Cache-Control", "").lower()
    return (
        "cookie" not in vary
        and "private" not in control
        and "no-store" not in control
        and len(response.content) <= MAX_BYTES
    )


def _key(request: HttpRequest) -> str:
    raw = f"{request.get_full_path()}|{request.META.get('HTTP_ACCEPT', '')}"
    return hashlib.md5(raw.encode(), usedforsecurity=False).hexdigest()


class PublicResponseCacheMiddleware:
    """Sits inside the session and conditional-GET middleware (so a cached answer still gets
    its 304) and outside CSRF and authentication (so a hit costs neither)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        seconds = getattr(settings, "RESPONSE_CACHE_SECONDS", 0)
        if not seconds or not _cacheable_request(request):
            return self.get_response(request)
        key = _key(request)
        try:
            version = data_fingerprint()
        except DatabaseError:  # the database is away: the view's own handling answers
            return self.get_response(request)
        stored = responses.peek(key, version)
        if stored is not None:
            content, headers = stored
            response = HttpResponse(content)
            for name, value in headers:
                response[name] = value
            response[HIT_HEADER] = "hit"
            return response
        response = self.get_response(request)
        if _cacheable_response(response):
            if not response.has_header("ETag"):
                set_response_etag(response)  # computed once, not on every hit
            responses.keep(key, (response.content, list(response.items())), version, seconds)
            response[HIT_HEADER] = "miss"
        return response
