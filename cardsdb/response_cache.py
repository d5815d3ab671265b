"""A shared cache of public GET responses: the reference data changes only when it is loaded
or edited, so a card, a rule page or a search answer is built once per version of the data.

What is cached: GET and HEAD answers with status 200 to anonymous requests (no session
cookie, no Authorization header) under the public paths, that set no cookie, do not vary on
the cookie (pages with a form carry a CSRF token and do) and are not marked private. The key
holds the path with its query, the Accept header (the API renders JSON or HTML by it) and the
data fingerprint: every game's data version (which a load changes) and a counter in the
database that every save or delete of reference data (an admin edit) bumps. The fingerprint is
re-read at most every `DATA_VERSION_SECONDS` (2) per process, so a reload or an edit is seen by
every app server within that time, at the cost of one tiny query.
Through Django's cache, the responses are shared by every app server when REDIS_URL is set.
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils.cache import set_response_etag

PUBLIC_PREFIXES = ("/api/v1/", "/games/", "/search/")
PUBLIC_PATHS = ("/",)
SKIPPED_PREFIXES = ("/api/v1/health",)
MAX_BYTES = 2 * 1024 * 1024  # bulk downloads beyond this are rebuilt (they are rare)
FINGERPRINT_SECONDS = 2.0
HIT_HEADER = "X-Cache"

_fingerprint_lock = threading.Lock()
_fingerprint: tuple[float, str, int] = (0.0, "", 0)


def _fingerprint_seconds() -> float:
    return float(getattr(settings, "DATA_VERSION_SECONDS", FINGERPRINT_SECONDS))


def _state() -> tuple[str, int]:
    """(fingerprint, edits), read from the database at most every DATA_VERSION_SECONDS."""
    global _fingerprint
    now = time.monotonic()
    at, value, edits = _fingerprint
    if value and now - at < _fingerprint_seconds():
        return value, edits
    from django.db.models import Subquery

    from cardsdb.models import DataRevision, Game

    rows = list(
        Game.objects.order_by("id")
        .annotate(edits=Subquery(DataRevision.objects.filter(pk=1).values("edits")[:1]))
        .values_list("id", "data_version", "edits")
    )
    edits = int(rows[0][2] or 0) if rows else 0
    text = f"{[(pk, version) for pk, version, _ in rows]}|{edits}|{code_fingerprint()}"
    value = hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()[:16]
    with _fingerprint_lock:
        _fingerprint = (now, value, edits)
    return value, edits


CODE_FOLDERS = ("games", "cardsdb", "templates", "static")


@functools.cache
def code_fingerprint() -> str:
    """A hash of the code that builds the answers (the engines, the serializers, the
    templates, the static files their pages link to), read once per process: a deploy that
    changes an engine's wording or a page names a new version, so no prebuilt answer, cached
    response or bulk file built by the old code is served by the new. (Saved rulings are
    records under their permalink; they are ruled again when the data changes, see
    cardsdb/desk.py.)"""
    base = Path(settings.BASE_DIR)
    digest = hashlib.md5(usedforsecurity=False)
    for folder in CODE_FOLDERS:
        for path in sorted((base / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def data_fingerprint() -> str:
    """Changes whenever the reference data may have: a load (every game's `data_version`), or
    an edit in the admin (the edits counter in the database, `DataRevision`), and whenever
    the code that builds the answers does (`code_fingerprint`: a deploy). Every app server
    reads the same two things, so they agree on it within DATA_VERSION_SECONDS (app servers
    running different code during a rolling deploy keep different versions until it ends)."""
    return _state()[0]


def edits_seen() -> int:
    """How many single-object edits of reference data there have been."""
    return _state()[1]


def edits_count(**_: Any) -> None:
    """A signal receiver: reference data was saved or deleted one object at a time. The
    counter is a row in the database, written in the editor's own transaction."""
    from django.db.models import F

    from cardsdb import card_index, prebuilt
    from cardsdb.models import DataRevision

    if not DataRevision.objects.filter(pk=1).update(edits=F("edits") + 1):
        DataRevision.objects.get_or_create(pk=1, defaults={"edits": 1})
    fingerprint_forget()
    # the counter of an edit rolled back can come round again with other data: this
    # process's card index (cardsdb/card_index.py) and the prebuilt answers it keeps in memory
    # (cardsdb/prebuilt.py) are dropped at each edit, not only renamed
    card_index.forget()
    prebuilt.forget()


UNCOUNTED_MODELS = (  # not reference data
    "savedruling",
    "saveddeck",
    "prunedlink",
    "prebuilt",
    "datarevision",
)


def connect_signals() -> None:
    from django.apps import apps
    from django.db.models.signals import m2m_changed, post_delete, post_save

    for model in apps.get_app_config("cardsdb").get_models():
        if model._meta.model_name in UNCOUNTED_MODELS:  # rulings are keyed by their content
            continue
        uid = f"response-cache-{model._meta.model_name}"
        post_save.connect(edits_count, sender=model, dispatch_uid=f"{uid}-save")
        post_delete.connect(edits_count, sender=model, dispatch_uid=f"{uid}-delete")
        for m2m in model._meta.local_many_to_many:
            through = m2m.remote_field.through
            m2m_changed.connect(edits_count, sender=through, dispatch_uid=f"{uid}-{m2m.name}")


def fingerprint_forget() -> None:
    """Make the next request re-read the fingerprint (after a load in this process)."""
    global _fingerprint
    with _fingerprint_lock:
        _fingerprint = (0.0, "", 0)


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
    digest = hashlib.md5(raw.encode(), usedforsecurity=False).hexdigest()
    return f"response:{data_fingerprint()}:{digest}"


class PublicResponseCacheMiddleware:
    """Sits inside the session and conditional-GET middleware (so a cached answer still gets
    its 304) and outside CSRF and authentication (so a hit costs neither)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        seconds = getattr(settings, "RESPONSE_CACHE_SECONDS", 0)
        if not seconds or not _cacheable_request(request):
            return self.get_response(request)
        try:
            key = _key(request)
        except DatabaseError:  # the database is away: the view's own handling answers
            return self.get_response(request)
        stored = cache.get(key)
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
            cache.set(key, (response.content, list(response.items())), seconds)
            response[HIT_HEADER] = "miss"
        return response
