"""PostgreSQL: keep a saved ruling's JSON with lz4 rather than pglz.

Saving a new ruling is the write on the hot path of `POST .../rulings/` (one INSERT per
distinct board), and most of PostgreSQL's share of its cost is compressing the 2-4 KB
`ruling` and `request` documents: measured on Battle Arena's rulings, lz4 took the server's
CPU per insert from about 160 to 93-113 microseconds. Rows already stored keep pglz (both
read back the same); SQLite has no such setting, so there this does nothing.
"""

from typing import Any

from django.db import migrations

COLUMNS = ("ruling", "request")


def _compression(method: str) -> Any:
    def alter(apps: Any, schema_editor: Any) -> None:
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        with connection.cursor() as cursor:
            # Only where the server was built with lz4 (Debian's and most builds are).
            cursor.execute(
                "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' "
                "AND %s = ANY(enumvals)",
                [method],
            )
            if cursor.fetchone() is None:
                return
            for column in COLUMNS:
                cursor.execute(
                    f"ALTER TABLE cardsdb_savedruling ALTER COLUMN {column} "
                    f"SET COMPRESSION {method}"
                )

    return alter


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0010_search_frequencies")]

    operations = [
        migrations.RunPython(_compression("lz4"), _compression("pglz")),
    ]
