"""PostgreSQL: a B-tree of the search index's (kind, id), the entries of each kind in row order.

A kind's matches are counted up to a cap, and a kind too broad to rank is listed in row order.
The GIN indexes answer both only through a bitmap of every match, built in full before the
first row (a `LIMIT` cannot stop it): for a word in most entries, most of the table. Walking a
kind's entries in row order and testing each against the query stops at the cap, and gives the
first entries of the kind in the same read; the planner takes it when the words are common and
keeps the GIN bitmap when they are rare. SQLite's FTS5 table is unchanged (it returns matches
in row order already).
"""

from django.db import migrations


def _forward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        "CREATE INDEX IF NOT EXISTS cardsdb_search_kind_id ON cardsdb_search (kind, id)"
    )


def _backward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("DROP INDEX IF EXISTS cardsdb_search_kind_id")


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0008_prebuilt")]

    operations = [migrations.RunPython(_forward, _backward)]
