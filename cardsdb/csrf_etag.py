"""Conditional GET for pages whose forms carry a CSRF token.

Django masks the token afresh on every render, so the bytes of such a page (and the ETag that
ConditionalGetMiddleware takes over them) change on every response and an unchanged page would
never be a 304. This middleware, inside ConditionalGetMiddleware, gives each of them an ETag
taken over the page with every token's value left out, plus the visitor's CSRF secret: anything
else that changes on the page (the data, a ruling, a table's move) changes the ETag, and the
copy the visitor kept holds tokens that stay good for as long as that secret does (a new
secret, a new ETag). A page without a token keeps ConditionalGetMiddleware's own ETag.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse

# How `{% csrf_token %}` writes the token; the templates write it no other way.
CSRF_VALUE = re.compile(rb'(name="csrfmiddlewaretoken" value=")[^"]*(")')


def etag_past_the_csrf_token(request: HttpRequest, response: HttpResponse) -> None:
    """Set the ETag of a 200 page that rendered a CSRF token, over the page without the
    token's values. A page that renders one sets the CSRF cookie on its answer (Django's
    `get_token` renews it every time), so a page that does not is passed by unread."""
    if response.status_code != 200 or response.streaming:
        return
    if settings.CSRF_COOKIE_NAME not in response.cookies:
        return  # no token was rendered: the bytes are stable
    secret = request.META.get("CSRF_COOKIE", "")
    if not secret or not CSRF_VALUE.search(response.content):
        return
    digest = hashlib.md5(usedforsecurity=False)
    digest.update(CSRF_VALUE.sub(rb"\1\2", response.content))
    digest.update(secret.encode())
    response["ETag"] = f'"{digest.hexdigest()}"'


class CsrfFormETagMiddleware:
    """Listed just after ConditionalGetMiddleware, so that it sets the ETag of a page with a
    CSRF form before that middleware compares it with If-None-Match."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.method in ("GET", "HEAD"):
            etag_past_the_csrf_token(request, response)
        return response
