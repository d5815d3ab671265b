"""Two card indexes for the card query language.

- (game, card_type), on both databases: `game:x type:y` reads only that game's cards of that
  type.
- PostgreSQL only: a trigram index on the upper-cased name, which is the expression Django's
  `name__icontains` compares, so `name:kamita` (part of a name) is an index search instead of
  a read of every card. `pg_trgm` ships with PostgreSQL and is a trusted extension (PostgreSQL
  13+): the database owner may create it. SQLite has no such index and scans the names.
"""

from django.db import migrations, models

PG_FORWARD = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    "CREATE INDEX IF NOT EXISTS card_name_trgm ON cardsdb_card "
    "USING gin ((UPPER(name::text)) gin_trgm_ops)",
]
PG_BACKWARD = ["DROP INDEX IF EXISTS card_name_trgm"]


def _postgres(statements: list[str]):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            for sql in statements:
                schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0003_search_index_scope")]

    operations = [
        migrations.AddIndex(
            model_name="card",
            index=models.Index(fields=["game", "card_type"], name="card_game_type"),
        ),
        migrations.RunPython(_postgres(PG_FORWARD), _postgres(PG_BACKWARD)),
    ]
