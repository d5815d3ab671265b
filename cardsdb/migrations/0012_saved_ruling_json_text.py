"""A saved ruling's two JSON documents kept as text, not jsonb (cardsdb/json_text.py).

Nothing queries inside them; PostgreSQL parsed both on every insert of a new ruling, and the
ruling's text is now the response's bytes, written once. On PostgreSQL each column becomes
`jsonb::text` and keeps lz4 (migration 0011); the field reads any row through `::jsonb`, so
readers get jsonb's key order and numbers as before. Going back parses the text as jsonb.
SQLite already kept JSONField as checked text, so there the table is left as it is.

The type change rewrites the table under an exclusive lock: rulings are derived data, a few
KB each, and the POST waits for it only while the migration runs.
"""

from typing import Any

from django.db import migrations

import cardsdb.json_text

COLUMNS = ("request", "ruling")


def _retype(to: str) -> Any:
    def alter(apps: Any, schema_editor: Any) -> None:
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' "
                "AND 'lz4' = ANY(enumvals)"
            )
            lz4 = cursor.fetchone() is not None
            for column in COLUMNS:
                # a type change keeps the column's compression setting only where the new
                # type can be compressed: said again, so the rewritten rows use lz4
                compression = f", ALTER COLUMN {column} SET COMPRESSION lz4" if lz4 else ""
                cursor.execute(
                    f"ALTER TABLE cardsdb_savedruling ALTER COLUMN {column} TYPE {to} "
                    f"USING {column}::{to}{compression}"
                )

    return alter


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0011_saved_ruling_lz4")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="savedruling",
                    name="request",
                    field=cardsdb.json_text.JSONTextField(
                        help_text="{state, move} or {state, moves}"
                    ),
                ),
                migrations.AlterField(
                    model_name="savedruling",
                    name="ruling",
                    field=cardsdb.json_text.JSONTextField(),
                ),
            ],
            database_operations=[migrations.RunPython(_retype("text"), _retype("jsonb"))],
        ),
    ]
