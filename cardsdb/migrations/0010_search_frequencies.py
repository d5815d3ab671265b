"""Search: how many entries of each kind and game hold each indexed stem, and a sample mark.

- `cardsdb_search_frequencies` (both databases; not a Django model): for every kind of entry,
  game and stem, the number of index entries holding the stem, written with the index and kept
  exact by every write (an entry replaced or removed first takes its old stems off); the
  empty stem holds the number of entries of the kind and game. A search reads its words'
  rows to know a kind's count, or that it is over the count cap, without reading the index.
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


def _forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor not in ("sqlite", "postgresql"):
        return
    schema_editor.execute(
        FREQUENCIES.format(collate='COLLATE "C"' if vendor == "postgresql" else "")
    )
    schema_editor.execute("DELETE FROM cardsdb_search")
    schema_editor.execute("DELETE FROM cardsdb_search_words")


def _backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor not in ("sqlite", "postgresql"):
        return
    schema_editor.execute("DROP TABLE IF EXISTS cardsdb_search_frequencies")
    schema_editor.execute("DELETE FROM cardsdb_search")
    schema_editor.execute("DELETE FROM cardsdb_search_words")


class Migration(migrations.Migration):
    dependencies = [("cardsdb", "0009_table_quick_reference_and_sources")]

    operations = [migrations.RunPython(_forward, _backward)]
