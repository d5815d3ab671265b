"""The full-text search index (see cardsdb/search.py), made for the database in use.

SQLite: an FTS5 table (folded text in `title`, `body`, `meta`; what results display in
UNINDEXED columns) and an fts5vocab view of its words, for suggestions. PostgreSQL: a plain
table with a weighted `tsvector` and a GIN index on it. Neither is a Django model, so the
migration state does not change; other databases get no index.
"""

from django.db import migrations

SQLITE = [
    """CREATE VIRTUAL TABLE IF NOT EXISTS cardsdb_search USING fts5(
        title, body, meta,
        kind UNINDEXED, object_id UNINDEXED, key UNINDEXED, url UNINDEXED,
        game_slug UNINDEXED, game_name UNINDEXED,
        title_text UNINDEXED, body_text UNINDEXED, meta_text UNINDEXED, game_id UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 0', prefix = '2 3'
    )""",
    "CREATE VIRTUAL TABLE IF NOT EXISTS cardsdb_search_vocab USING fts5vocab(cardsdb_search, 'row')",
]
SQLITE_DROP = [
    "DROP TABLE IF EXISTS cardsdb_search_vocab",
    "DROP TABLE IF EXISTS cardsdb_search",
]

POSTGRESQL = [
    """CREATE TABLE IF NOT EXISTS cardsdb_search (
        id bigint PRIMARY KEY,
        kind varchar(20) NOT NULL,
        object_id bigint NOT NULL,
        game_id bigint NOT NULL,
        key text NOT NULL,
        url text NOT NULL,
        game_slug text NOT NULL,
        game_name text NOT NULL,
        title_text text NOT NULL,
        body_text text NOT NULL,
        meta_text text NOT NULL,
        vector tsvector NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS cardsdb_search_vector ON cardsdb_search USING gin (vector)",
    "CREATE INDEX IF NOT EXISTS cardsdb_search_game ON cardsdb_search (game_id)",
]
POSTGRESQL_DROP = ["DROP TABLE IF EXISTS cardsdb_search"]


def _run(statements: dict[str, list[str]]):
    def run(apps, schema_editor):
        for sql in statements.get(schema_editor.connection.vendor, []):
            schema_editor.execute(sql)

    return run


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}),
            _run({"sqlite": SQLITE_DROP, "postgresql": POSTGRESQL_DROP}),
        )
    ]
