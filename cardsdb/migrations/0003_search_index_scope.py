"""The search index gains `scope` tokens (`k_card g_3`: kind and game, filtered inside the
full-text index). SQLite: the FTS5 table is made again with a `scope` column and `_` kept in
tokens. PostgreSQL: the table keeps its shape (the tokens go into the tsvector) but is emptied.
Either way the index starts empty: `load_fixtures` rebuilds a game that is missing from it.
"""

from django.db import migrations

SQLITE = [
    "DROP TABLE IF EXISTS cardsdb_search_vocab",
    "DROP TABLE IF EXISTS cardsdb_search",
    """CREATE VIRTUAL TABLE cardsdb_search USING fts5(
        title, body, meta, scope,
        kind UNINDEXED, object_id UNINDEXED, key UNINDEXED, url UNINDEXED,
        game_slug UNINDEXED, game_name UNINDEXED,
        title_text UNINDEXED, body_text UNINDEXED, meta_text UNINDEXED, game_id UNINDEXED,
        tokenize = "unicode61 remove_diacritics 0 tokenchars '_'", prefix = '2 3'
    )""",
    "CREATE VIRTUAL TABLE cardsdb_search_vocab USING fts5vocab(cardsdb_search, 'row')",
]
SQLITE_BACK = [
    "DROP TABLE IF EXISTS cardsdb_search_vocab",
    "DROP TABLE IF EXISTS cardsdb_search",
    """CREATE VIRTUAL TABLE cardsdb_search USING fts5(
        title, body, meta,
        kind UNINDEXED, object_id UNINDEXED, key UNINDEXED, url UNINDEXED,
        game_slug UNINDEXED, game_name UNINDEXED,
        title_text UNINDEXED, body_text UNINDEXED, meta_text UNINDEXED, game_id UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3'
    )""",
    "CREATE VIRTUAL TABLE cardsdb_search_vocab USING fts5vocab(cardsdb_search, 'row')",
]
POSTGRESQL = ["TRUNCATE cardsdb_search"]


def _run(statements: dict[str, list[str]]):
    def run(apps, schema_editor):
        for sql in statements.get(schema_editor.connection.vendor, []):
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0002_search_index")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}),
            _run({"sqlite": SQLITE_BACK, "postgresql": POSTGRESQL}),
        )
    ]
