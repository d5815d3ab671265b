"""PostgreSQL: one partial GIN index of the search vector per kind of entry.

Counting a broad query's matches kind by kind through the one index read every kind's
postings for the words each time; a kind's own index holds only its entries, so the five
counts together cost about one read. The whole-table index stays for ranking across kinds.
SQLite's FTS5 table is unchanged.
"""

from django.db import migrations

KINDS = ("rule", "term", "clarification", "card", "game")


def _forward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for kind in KINDS:
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS cardsdb_search_vector_{kind} ON cardsdb_search "
            f"USING gin (vector) WHERE kind = '{kind}'"
        )


def _backward(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for kind in KINDS:
        schema_editor.execute(f"DROP INDEX IF EXISTS cardsdb_search_vector_{kind}")


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0004_card_game_type_and_name_trigrams")]

    operations = [migrations.RunPython(_forward, _backward)]
