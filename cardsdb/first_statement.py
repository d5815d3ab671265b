"""A request's first statement as its connection's health check.

With CONN_HEALTH_CHECKS, Django sends `SELECT 1` before a request's first query on a persistent
connection, so that one a PostgreSQL restart broke is replaced before use. For a request whose
work is one statement, that round trip is a large part of its cost (~60 us here and ~30 us in
PostgreSQL, a tenth of a lean card detail, a twentieth of a new ruling), so the statement goes
first instead: if the connection turns out broken, it is closed and the statement sent again on
a new one, which is what the health check would have done. Only for a statement that may be sent
twice (a read; an insert that keeps nothing when its row is already there). Inside a transaction
nothing is retried (the failure is the transaction's), and the check is left to Django as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.db import InterfaceError, OperationalError

T = TypeVar("T")


def run_checked(db: Any, run: Callable[[], T]) -> T:
    """`run()`, which sends one statement on `db` (a Django connection) that may be sent twice,
    as that connection's health check for this request."""
    check_is_ours = (  # the health check's two flags are not in django-stubs: `db` is Any
        db.connection is not None
        and db.health_check_enabled
        and not db.health_check_done
        and not db.in_atomic_block
    )
    if check_is_ours:
        db.health_check_done = True
    try:
        return run()
    except (OperationalError, InterfaceError):
        if not check_is_ours:
            raise
    db.close()
    return run()
