"""Lean reads of prebuilt answers (cardsdb/prebuilt.py): a card's JSON, a rule's JSON and a
card-list page, as plain Django views in front of the DRF ones.

A prebuilt answer is bytes kept in the database, and for the common request (an anonymous GET
or HEAD of plain JSON, with no query string for a detail) DRF's request wrapping, content
negotiation, authentication, permissions and response finalising cost several times what
reading the row does. These views answer that request themselves, with one indexed read of the
row, and give the DRF view everything else, unchanged: another method, another Accept or
`?format=` (the browsable API, pretty-printed JSON), a session cookie or an Authorization header
(a signed-in editor), a query string on a detail, an object without a kept answer (built there
on first use and kept, or a 404 in the error shape, or a former slug's redirect), a list filter
the card index cannot answer or a page that is not there. So the URLs, status codes, bodies,
headers and the OpenAPI schema (which documents the DRF views, still routed behind these) stay
as they were; tests/cardsdb/test_prebuilt_lean.py compares the two paths byte for byte.

The headers the DRF view would add are added here: `Allow` (the view's methods) and
`Vary: Accept` (it renders JSON or HTML by it); the middleware adds the rest (ETag's 304,
Cache-Control, security headers) for both alike. Neither path is rate-limited.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import orjson
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.csrf import csrf_exempt
from rest_framework.exceptions import APIException
from rest_framework.utils.urls import remove_query_param, replace_query_param

from cardsdb import card_index, prebuilt
from cardsdb.api import prebuild
from cardsdb.api.pagination import Pagination
from cardsdb.api.renderers import dumps

View = Callable[..., HttpResponse]

# What DRF's negotiation answers with plain JSON for (its first renderer; no `indent`).
PLAIN_JSON_ACCEPTS = frozenset({"", "*/*", "application/json"})
ALLOW = "GET, HEAD, OPTIONS"  # the DRF views' methods: their `Allow` header


def _plain(request: HttpRequest) -> bool:
    """An anonymous GET or HEAD that DRF would answer with the prebuilt JSON."""
    return (
        request.method in ("GET", "HEAD")
        and prebuilt.enabled()
        and getattr(settings, "PREBUILT_LEAN", True)  # False: the DRF views answer it all
        and request.META.get("HTTP_ACCEPT", "").strip() in PLAIN_JSON_ACCEPTS
        and prebuilt.anonymous(request)
    )


def _answer(content: bytes, etag: str | None = None) -> HttpResponse:
    response = HttpResponse(content, content_type=prebuilt.JSON)
    if etag is not None:
        response["ETag"] = etag
    response["Allow"] = ALLOW
    response["Vary"] = "Accept"
    return response


def kept_detail(kind: str, key_of: Callable[..., str], drf_view: View) -> View:
    """A detail view: the kept answer of `kind` under `key_of(**url kwargs)`, or `drf_view`."""

    @csrf_exempt  # as DRF's views are: a POST here is DRF's 405, not a CSRF page
    def view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        if _plain(request) and not request.META.get("QUERY_STRING"):
            entry = prebuilt.get(kind, key_of(**kwargs))
            if entry is not None:
                return prebuilt_response(entry)
        return drf_view(request, **kwargs)

    return view


def prebuilt_response(entry: prebuilt.Entry) -> HttpResponse:
    return _answer(entry.content, entry.etag)


class _Params:
    """What DRF's paginator reads of a request: its query parameters and absolute URL."""

    def __init__(self, request: HttpRequest) -> None:
        self.query_params = request.GET
        self.build_absolute_uri = request.build_absolute_uri


def card_list(drf_view: View) -> View:
    """`GET /api/v1/cards/`: a filter the card index (cardsdb/card_index.py) answers is counted
    and paged in memory and its page's entries read prebuilt in one query; a plain page number
    and size is written here with DRF's own link helpers, anything else on the index goes
    through DRF's paginator (the same page sizes, links, errors and body: the tests compare
    the bytes); anything else is the DRF view's."""

    @csrf_exempt
    def view(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        if _plain(request):
            found = card_index.find(request.GET)
            if found is not None:
                body = _page(request, found)
                if body is not None:
                    return _answer(body)
                paginator = Pagination()
                try:
                    entries: Any = prebuild.Indexed(found, found.version)  # sliced as a queryset
                    items: list[bytes] | None = paginator.paginate_queryset(
                        entries,
                        _Params(request),  # type: ignore[arg-type]
                    )
                except APIException:  # a page size out of range, a page past the end
                    return drf_view(request, **kwargs)
                assert items is not None
                page = paginator.get_paginated_response([orjson.Fragment(i) for i in items])
                return _answer(dumps(page.data))
        return drf_view(request, **kwargs)

    return view


WHOLE = re.compile(r"[1-9][0-9]{0,8}")  # what int() reads the same as the paginator does


def _page(request: HttpRequest, found: card_index.Found) -> bytes | None:
    """The page's body as DRF's paginator writes it (count, next, previous, results), for a
    plain page number and size; None for anything else (`last`, a page past the end, a size
    out of range, `+2`, ` 2`), which the paginator itself then answers, with its errors."""
    params = request.GET
    raw_size = params.get(Pagination.page_size_query_param) or ""
    raw_page = params.get(Pagination.page_query_param) or "1"
    if (raw_size and not WHOLE.fullmatch(raw_size)) or not WHOLE.fullmatch(raw_page):
        return None
    size = int(raw_size) if raw_size else Pagination.page_size
    if size is None or not 1 <= size <= Pagination.max_page_size:
        return None
    number, count = int(raw_page), found.count
    pages = max(1, -(-count // size))  # Django's Paginator: an empty list has one page
    if number > pages:
        return None
    start = (number - 1) * size
    items = prebuild.card_items_joined(found.page(start, start + size), found.version)
    url = request.build_absolute_uri() if pages > 1 else ""
    name = Pagination.page_query_param
    after = replace_query_param(url, name, number + 1) if number < pages else None
    before = None
    if number > 1:
        before = (
            remove_query_param(url, name)
            if number == 2
            else replace_query_param(url, name, number - 1)
        )
    results = orjson.Fragment(b"[" + items + b"]")
    return dumps({"count": count, "next": after, "previous": before, "results": results})


def card_key(game_slug: str, card_slug: str) -> str:
    return prebuilt.card_key(game_slug, card_slug)


def rule_key(key: str) -> str:
    return key
