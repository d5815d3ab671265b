"""A JSON column kept as the text that was written, read back as PostgreSQL's jsonb reads.

A saved ruling's two documents were jsonb. PostgreSQL then parsed each one on every insert
(into its binary form, then compressed), although nothing queries inside them: they are only
read back whole, and far less often than a new board is saved. Kept as text, the ruling's
column holds the very bytes the response is made of, written once, and the insert does no
JSON work on the server.

What readers see must not change, so on PostgreSQL the column is read as `(text)::jsonb::text`:
PostgreSQL's own jsonb gives it its key order (shorter keys first) and its numbers (`1e+16`
comes back as 10000000000000000), and Django's `json.loads` reads that as it read the jsonb
column. Rows stored as jsonb before (migration 0012 turned them into `jsonb::text`) read the
same. SQLite keeps JSONField's checked text as always and reads it back as written.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from django.db import models


def text_written(value: Any) -> str:
    """A value read from JSON text (so it holds no NaN or infinity), as JSON text: orjson,
    or json.dumps for what orjson refuses (integers beyond 64 bits, nesting deeper than 255)."""
    try:
        return orjson.dumps(value).decode()
    except (TypeError, orjson.JSONEncodeError):
        return json.dumps(value, allow_nan=False)


def text_dumps(value: Any) -> str:
    """Any value's JSON text (an admin edit, a ruling made again). NaN and the infinities are
    refused (ValueError), as the jsonb column and SQLite's JSON check refused them: orjson
    would write them as null, so a text with a null is checked by json.dumps."""
    written = text_written(value)
    if "null" in written:
        json.dumps(value, allow_nan=False)
    return written


class JSONTextField(models.JSONField):
    """A JSONField whose column is plain text: written as orjson writes it, never parsed by
    the database on the way in, and read back as the jsonb column read (on PostgreSQL) or as
    JSONField read (elsewhere). Not for values to be queried inside: there are no JSON
    lookups on text."""

    def db_type(self, connection: Any) -> str:
        return "text"

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        if value is None:
            return None
        if hasattr(value, "as_sql"):  # an expression: Django compiles it
            return value
        return text_dumps(value)

    def select_format(self, compiler: Any, sql: str, params: Any) -> tuple[str, Any]:
        if compiler.connection.vendor == "postgresql":
            return f"(({sql})::jsonb)::text", params
        return sql, params
