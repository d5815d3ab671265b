"""The operator's dispute: "the database went away in the middle of the evening; did the site
hang, show a crash page, or need restarting?"

Verdict: none of those. While the database cannot be reached every request is answered at
once with 503 and `Retry-After` (in the API's error shape under /api/, a plain page
elsewhere): the answer comes from a middleware's `process_exception` for an error in a view,
and from the 500 handler for one in a middleware (the signed-in user, the response cache).
A bug is still a 500.

These tests simulate the failure inside one process and run everywhere. The real faults:
tests/cardsdb/test_fault_database_restart.py (the PostgreSQL server stopped and started, and
the database closed, under a running gunicorn) and tests/cardsdb/test_fault_loader_killed.py
(the fixture loader killed midway).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client

from cardsdb import selectors


def _assert_unavailable_json(status: int, headers: Any, body: bytes) -> None:
    assert status == 503, body[:300]
    assert int(headers["Retry-After"]) > 0
    error = json.loads(body)["error"]
    assert error["code"] == "database-unavailable"
    assert set(error) == {"code", "message", "details"}


# ----- simulated: one process, any database ----------------------------------------------------


@pytest.fixture
def database_gone(monkeypatch: pytest.MonkeyPatch) -> None:
    def gone(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("connection to server failed: Connection refused")

    monkeypatch.setattr(selectors, "game_list", gone)


@pytest.mark.django_db
@pytest.mark.usefixtures("database_gone")
def test_an_api_call_while_the_database_is_gone_is_a_503_in_the_error_shape(api: Any) -> None:
    response = api.get("/api/v1/games/", {"fresh": "1"})
    _assert_unavailable_json(response.status_code, response.headers, response.content)
    assert response["Cache-Control"] == "no-store"
    assert "Content-Security-Policy" in response.headers


@pytest.mark.django_db
@pytest.mark.usefixtures("database_gone")
def test_a_page_while_the_database_is_gone_is_a_503_page() -> None:
    response = Client().get("/", {"fresh": "1"})
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert b"unavailable" in response.content
    assert "Content-Security-Policy" in response.headers


@pytest.mark.django_db
def test_a_database_error_outside_any_view_is_still_a_503(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The signed-in user is read after the view, by a middleware: a 500 handler that sees
    the database gone answers 503 too."""
    import django.contrib.auth.middleware as auth_middleware

    def gone(request: Any) -> Any:
        raise InterfaceError("connection already closed")

    monkeypatch.setattr(auth_middleware, "get_user", gone)
    client = Client(raise_request_exception=False)
    page = client.get("/search/syntax/")
    assert page.status_code == 503
    api = client.get("/api/v1/games/", {"fresh": "2"})
    _assert_unavailable_json(api.status_code, api.headers, api.content)


@pytest.mark.django_db
def test_a_programming_error_is_still_a_500(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the database being unreachable is a 503: a bug stays a 500, in the error shape."""

    def bug(*args: Any, **kwargs: Any) -> Any:
        raise ZeroDivisionError

    monkeypatch.setattr(selectors, "game_list", bug)
    response = Client(raise_request_exception=False).get("/api/v1/games/", {"fresh": "3"})
    assert response.status_code == 500
    assert response.json()["error"]["code"] == "server-error"
