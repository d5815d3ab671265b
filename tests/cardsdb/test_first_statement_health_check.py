"""A lean read of a prebuilt answer (`prebuilt.read`) and the insert of a new saved ruling
(`saved_rulings.insert_new`) are their connection's health check (cardsdb/first_statement.py):
no `SELECT 1` goes before them, and a persistent connection that PostgreSQL dropped between two
requests (a restart, an administrator ending sessions) is replaced and the statement sent
again, as Django's CONN_HEALTH_CHECKS would have done.

These run outside a transaction (the app's own autocommit, as in a request), so they take the
test database without pytest-django's per-test transaction; the rulings they keep are deleted
after them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from django.db import OperationalError, connection

from cardsdb import prebuilt
from cardsdb.models import Game, SavedRuling
from cardsdb.saved_rulings import insert_new


@pytest.fixture
def request_start(django_db_blocker: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """A persistent connection at the start of a request; yields the count of Django's health
    checks (`is_usable` calls) made from then on."""
    checks: list[int] = []
    with django_db_blocker.unblock():
        # A connection within its CONN_MAX_AGE, as a persistent one at a request's start is:
        # one an earlier test opened may be older, and Django would replace it as the request
        # starts, with a new connection that is not checked (SQLite's in-memory test database
        # ignores the close).
        connection.close()
        connection.ensure_connection()
        db: Any = connection
        monkeypatch.setattr(db, "health_check_enabled", True)
        usable = connection.is_usable

        def counted() -> bool:
            checks.append(1)
            return usable()

        monkeypatch.setattr(connection, "is_usable", counted)
        assert not connection.in_atomic_block
        connection.close_if_unusable_or_obsolete()  # what Django does as a request starts
        yield checks
        connection.close()


def test_django_checks_a_connection_before_a_requests_first_query(
    request_start: list[int],
) -> None:
    """The counter sees Django's check (so the next test can fail)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    assert request_start == [1]


def test_a_lean_read_goes_without_a_select_1_before_it(request_start: list[int]) -> None:
    assert prebuilt.read("SELECT %s, %s", [7, "seven"]) == [(7, "seven")]
    with connection.cursor() as cursor:  # the request's later queries: checked already
        cursor.execute("SELECT 1")
    assert request_start == []


def test_a_read_in_a_transaction_leaves_the_check_to_django(
    request_start: list[int],
) -> None:
    from django.db import transaction

    with transaction.atomic():
        assert prebuilt.read("SELECT %s", [1]) == [(1,)]
    assert request_start == [1]


def _end_session_from_outside(pid: int) -> None:
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params, autocommit=True) as other:
        assert other.execute("SELECT pg_terminate_backend(%s)", [pid]).fetchone() == (True,)


def test_a_connection_postgresql_ended_is_replaced_and_the_read_answers(
    request_start: list[int],
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://...)")
    before = prebuilt.read("SELECT pg_backend_pid()", [])[0][0]
    _end_session_from_outside(before)
    connection.close_if_unusable_or_obsolete()  # the next request
    after = prebuilt.read("SELECT pg_backend_pid(), %s", ["answered"])
    assert after[0][1] == "answered" and after[0][0] != before
    assert request_start == []


def test_a_database_that_stays_away_is_still_the_requests_error(
    request_start: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replaced once, not forever: when the new connection fails too, the error is raised
    (the middleware answers it with a 503)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://...)")
    before = prebuilt.read("SELECT pg_backend_pid()", [])[0][0]
    _end_session_from_outside(before)
    connection.close_if_unusable_or_obsolete()
    monkeypatch.setitem(connection.settings_dict, "PORT", "1")  # nothing listens there
    with pytest.raises(OperationalError):
        prebuilt.read("SELECT 1", [])


@pytest.fixture
def new_ruling(transactional_db: None) -> SavedRuling:
    """A saved ruling not kept yet, in a test outside a transaction (its database is emptied
    after it). On PostgreSQL only: SQLite's health check sends nothing (its connection is
    always usable)."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL=postgres://...)")
    # an earlier test outside a transaction may have emptied the database: then a game row of
    # the test's own holds the ruling
    game = Game.objects.order_by("slug").first() or Game.objects.create(
        slug="zz-health-check", name="Health check", summary="-", rulebook="-"
    )
    return SavedRuling(
        id="zzhealthck", game=game, request={"state": {}, "move": {}}, ruling={"x": 1}
    )


def test_a_new_ruling_is_kept_without_a_select_1_before_it(
    new_ruling: SavedRuling, request_start: list[int]
) -> None:
    assert insert_new(new_ruling, '{"x":1}')
    assert SavedRuling.objects.get(pk=new_ruling.id).ruling == {"x": 1}
    assert request_start == []
    assert not insert_new(new_ruling, '{"x":1}')  # kept once


def test_a_ruling_in_a_transaction_leaves_the_check_to_django(
    new_ruling: SavedRuling, request_start: list[int]
) -> None:
    from django.db import transaction

    with transaction.atomic():
        assert insert_new(new_ruling, '{"x":1}')
    assert request_start == [1]


def test_a_connection_postgresql_ended_is_replaced_and_the_ruling_kept(
    new_ruling: SavedRuling, request_start: list[int]
) -> None:
    before = prebuilt.read("SELECT pg_backend_pid()", [])[0][0]
    _end_session_from_outside(before)
    connection.close_if_unusable_or_obsolete()  # the next request
    assert insert_new(new_ruling, '{"x":1}')
    assert SavedRuling.objects.get(pk=new_ruling.id).ruling == {"x": 1}
    assert prebuilt.read("SELECT pg_backend_pid()", [])[0][0] != before
    assert request_start == []
