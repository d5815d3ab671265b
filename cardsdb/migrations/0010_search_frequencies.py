"""Search: how many entries of each kind and game hold each indexed stem, and a sample mark.

- `cardsdb_search_frequencies` (both databases; not a Django model): for every kind of entry,
  game and stem, the number of index entries holding the stem, written with the index and kept
  exact by every write (an entry replaced or removed first takes its old stems off); the
  empty stem holds the number of entries of the kind and game. A search reads its words'
  rows to know a kind's count, or that it is over the count cap, without reading the index.
- SQLite: `cardsdb_search_text`, the indexed fields of every entry but the cards again (FTS5),
  to rank those kinds without reading a word's postings among the cards (bm25 reads a word's
  whole doclist in the table it ranks).
- The index gains sample marks (`s_32`, `s_1024` on one entry in 32 and one in 1,024), so it
  is emptied here: `load_fixtures` rebuilds every game missing from it.
"""

from django.db import migrations

# Code point order on both (SQLite's BINARY is that already), so that a prefix is a range of the
# primary key whatever the database's collation.
FREQUENCIES = """CREATE TABLE IF NOT EXISTS cardsdb_search_frequencies (
    stem text {collate} NOT NULL,
    kind varchar(20) NOT NULL,
    game_id bigint NOT NULL,
    docs integer NOT NULL,
    PRIMARY KEY (stem, kind, game_id)
)"""

TEXT = """CREATE VIRTUAL TABLE IF NOT EXISTS cardsdb_search_text USING fts5(
    title, body, meta, scope,
    tokenize = "unicode61 remove_diacritics 0 tokenchars '_'", prefix = '2 3'
)"""


def _forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor not in ("sqlite", "postgresql"):
        return
    schema_editor.execute(
        FREQUENCIES.format(collate='COLLATE "C"' if vendor == "postgresql" else "")
    )
    if vendor == "sqlite":
        schema_editor.execute(TEXT)
    schema_editor.execute("DELETE FROM cardsdb_search")
    schema_editor.execute("DELETE FROM cardsdb_search_words")


def _backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor not in ("sqlite", "postgresql"):
        return
    schema_editor.execute("DROP TABLE IF EXISTS cardsdb_search_frequencies")
    if vendor == "sqlite":
        schema_editor.execute("DROP TABLE IF EXISTS cardsdb_search_text")
    schema_editor.execute("DELETE FROM cardsdb_search")
    schema_editor.execute("DELETE FROM cardsdb_search_words")


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0009_table_quick_reference_and_sources")]

    operations = [migrations.RunPython(_forward, _backward)]
