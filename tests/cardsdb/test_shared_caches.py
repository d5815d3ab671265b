"""The operator's dispute: "a shared cache (a CDN, a company proxy) sits in front of us. Can it
hand one visitor's CSRF token to another, and do static files lose our security headers?"

Verdict: no. An answer that sets a cookie (a page with a form sets its CSRF token) is
`private` and varies on the cookie; pages without one stay `public` for a minute. Static
files, which whitenoise answers before any other middleware, carry the same security headers
as pages.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cardsdb.headers import CONTENT_SECURITY_POLICY

pytestmark = pytest.mark.django_db

FORM_PAGES = [
    "/games/higher-lower/disputes/",
    "/games/star-realms-high-alert/disputes/",
    "/games/bo-jackson-battle-arena/decks/",
    "/games/super-hazard-quest/disputes/",
    "/games/higher-lower/",  # its "Start a table" form
]
PLAIN_PAGES = ["/", "/games/hyperstar-run/rules/", "/games/higher-lower/glossary/"]
STATIC_FILES = ["/static/site.css", "/static/site.js", "/static/favicon.svg"]


def directives(response: Any) -> set[str]:
    return {d.strip().lower() for d in response.get("Cache-Control", "").split(",") if d.strip()}


def varies_on_cookie(response: Any) -> bool:
    return "cookie" in {v.strip().lower() for v in response.get("Vary", "").split(",")}


@pytest.mark.parametrize("path", FORM_PAGES)
def test_a_page_with_a_form_sets_its_token_privately(path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 200
    assert b"csrfmiddlewaretoken" in response.content
    assert "csrftoken" in response.cookies  # the answer sets a cookie...
    assert "public" not in directives(response)  # ...so no shared cache may keep it
    assert "private" in directives(response)
    assert varies_on_cookie(response)


@pytest.mark.parametrize("path", FORM_PAGES)
def test_a_returning_visitor_still_gets_a_private_page(path: str) -> None:
    client = Client()
    client.get(path)
    again = client.get(path)  # the token cookie is sent back and renewed
    assert again.cookies and "public" not in directives(again)


@pytest.mark.parametrize("path", PLAIN_PAGES)
def test_a_page_without_a_cookie_stays_public(path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 200
    assert not response.cookies
    assert "public" in directives(response)


@pytest.mark.parametrize("path", STATIC_FILES)
def test_static_files_carry_the_security_headers(path: str) -> None:
    response = Client().get(path)
    assert response.status_code == 200
    assert response["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "camera=()" in response["Permissions-Policy"]
