"""A JSON column kept as the text that was written, read back as PostgreSQL's jsonb reads.

A saved ruling's two documents were jsonb. PostgreSQL then parses each one on every insert
(into its binary form, then compressed), although nothing ever queries inside them: they are
only read back whole. Kept as text, the ruling's column holds the very bytes the response is
made of, written once, and the insert does no JSON work on the server.

What readers see must not change, so on PostgreSQL a value read back is given the shape jsonb
gave it: an object's keys in jsonb's order (shorter first, then by their UTF-8 bytes) and each
float as jsonb's numeric writes it back (`1e+16` comes back as the integer 10000000000000000,
`-0.0` as 0.0). Rows stored as jsonb before (migration 0012 turned them into `jsonb::text`) are
in that shape already. SQLite keeps the text as JSONField always did there, and reads it back
as it was written. Tested against PostgreSQL's own jsonb (tests/cardsdb/test_desk_storage.py).
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

import orjson
from django.db import models

# orjson reads an integer beyond 64 bits as a float where Python's json keeps it exact
_LONG_NUMBER = re.compile(r"\d{19}")


def text_loads(text: str | bytes) -> Any:
    """A stored JSON text as Python's json reads it (what Django's JSONField hands over)."""
    if not _LONG_NUMBER.search(text if isinstance(text, str) else text.decode()):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:  # nesting deeper than orjson reads, NaN from json.dumps
            pass
    return json.loads(text)


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


def _jsonb_key_order(key: str) -> tuple[int, bytes]:
    written = key.encode()
    return len(written), written


def _as_numeric(number: float) -> Any:
    # jsonb's numeric keeps the decimal that was written (orjson's shortest spelling) and
    # writes it back without an exponent: an integer when no digit is after the point.
    decimal = Decimal(orjson.dumps(number).decode())
    if not decimal:
        decimal = abs(decimal)  # numeric has no negative zero
    return json.loads(format(decimal, "f"))


def as_jsonb_reads(value: Any) -> Any:
    """`value` as PostgreSQL hands it back after storing it as jsonb."""
    if isinstance(value, dict):
        return {key: as_jsonb_reads(value[key]) for key in sorted(value, key=_jsonb_key_order)}
    if isinstance(value, list):
        return [as_jsonb_reads(item) for item in value]
    if isinstance(value, float):
        return _as_numeric(value)
    return value


class JSONTextField(models.JSONField):
    """A JSONField whose column is plain text: written as orjson writes it, never parsed by
    the database, and read back as a jsonb column read (on PostgreSQL) or as JSONField read
    (elsewhere). Not for values to be queried inside: there are no JSON lookups on text."""

    def db_type(self, connection: Any) -> str:
        return "text"

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        if value is None:
            return None
        if hasattr(value, "as_sql"):  # an expression: Django compiles it
            return value
        return text_dumps(value)

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if value is None:
            return None
        read = text_loads(value)
        return as_jsonb_reads(read) if connection.vendor == "postgresql" else read
