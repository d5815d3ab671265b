"""Keeping a saved ruling: one `INSERT ... ON CONFLICT DO NOTHING`, its text written once.

On PostgreSQL the statement is bound on the server and its commit does not wait for the disk
(a saved ruling is derived data: the same request rules and saves it again), and it is the
connection's health check for the request (cardsdb/first_statement.py)."""

from __future__ import annotations

from typing import Any

import psycopg
from django.db import connections, router

from cardsdb.first_statement import run_checked
from cardsdb.json_text import text_written
from cardsdb.models import SavedRuling


def insert_new(saved: SavedRuling, ruling_text: str) -> bool:
    """Keep a ruling unless one is kept under its id (True: this call kept it), in one
    statement: `INSERT ... ON CONFLICT DO NOTHING`, not a look-up and then an insert.
    `ruling_text` is the ruling's JSON as already written for the response: the column keeps
    those very bytes (cardsdb/json_text.py); the request was read from JSON, so it is written
    without the NaN check an admin's edit gets.

    A saved ruling is derived data: its id is the hash of the request, and the same request
    rules and saves it again. So on PostgreSQL its commit need not wait for the disk
    (`synchronous_commit` off for its own transaction only, by `set_config(..., true)` in the
    statement itself): a crash can lose the last moment's rulings, never corrupt anything, and
    the request that saved one still got its answer. That statement binds its values on the
    server (the two documents go as parameters, not quoted into the SQL text), which costs
    less on both sides than psycopg's client-side binding of large text."""
    db = connections[router.db_for_write(SavedRuling)]  # looked up once, not per attribute
    insert, fields = _insert_statement(db)
    postgresql = db.vendor == "postgresql"
    values = [
        ruling_text
        if f.attname == "ruling"
        else text_written(saved.request)
        if f.attname == "request"
        else f.get_db_prep_save(f.pre_save(saved, add=True), db)
        for f in fields
    ]

    def run() -> bool:
        with _server_bound_cursor(db) if postgresql else db.cursor() as cursor:
            cursor.execute(insert, values)
            return bool(cursor.rowcount == 1)

    # The statement is the connection's health check (no `SELECT 1` before it): sent again on
    # a new connection if the old one is found broken, which keeps nothing twice (a row kept
    # by the first send is found by the second, which keeps nothing, and the caller reads it).
    kept = run_checked(db, run)
    if kept:
        saved._state.adding = False
    return kept


def _server_bound_cursor(db: Any) -> Any:
    """What `db.cursor()` gives (Django's wrapper: query logging, execute wrappers, its error
    types, the health check), around a psycopg cursor that binds on the server, on the same
    connection and transaction."""
    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    with db.wrap_database_errors:
        raw = psycopg.Cursor(db.connection)
    return db.make_debug_cursor(raw) if db.queries_logged else db.make_cursor(raw)


_statements: dict[tuple[str, str], tuple[str, list[Any]]] = {}

# On PostgreSQL the statement is its own implicit transaction (Django's autocommit), or part of
# the caller's, and `set_config`'s third argument keeps the setting to that transaction, as
# `SET LOCAL` would; the connection's own setting is untouched (tested).
_SYNC_OFF = "WITH sync_off AS (SELECT set_config('synchronous_commit', 'off', true)) "


def _insert_statement(db: Any) -> tuple[str, list[Any]]:
    """The INSERT's text and its columns' fields, made once per database (it never changes)."""
    found = _statements.get((db.alias, db.vendor))
    if found is None:
        meta = SavedRuling._meta
        fields = list(meta.local_concrete_fields)
        quote = db.ops.quote_name
        columns = ", ".join(quote(f.column) for f in fields)
        placeholders = ", ".join(["%s"] * len(fields))
        conflict = f"ON CONFLICT ({quote(meta.pk.column)}) DO NOTHING"
        if db.vendor == "postgresql":
            insert = (
                f"{_SYNC_OFF}INSERT INTO {quote(meta.db_table)} ({columns}) "
                f"SELECT {placeholders} FROM sync_off {conflict}"
            )
        else:
            insert = (
                f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({placeholders}) {conflict}"
            )
        found = _statements[(db.alias, db.vendor)] = (insert, fields)
    return found
