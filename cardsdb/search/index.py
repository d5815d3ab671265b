"""Writing the index: documents in, documents out, a game rebuilt, the words and frequencies
tables kept in step."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, transaction

from cardsdb import models as m
from cardsdb.search.backends import (
    _backend,
    _Indexed,
    _indexed,
    _stems_of,
)
from cardsdb.search.documents import (
    Document,
    _DocumentBuilder,
)
from cardsdb.search.kinds import (
    BATCH,
    FREQUENCIES_TABLE,
    TABLE,
    TEXT_TABLE,
    WORDS_TABLE,
    _rowid,
    _scope,
)
from cardsdb.search.text import (
    stem,
)
from cardsdb.search.vocabulary import (
    _touch,
)


def _count_words(cursor: Any, docs: Sequence[_Indexed]) -> None:
    """Add the documents' words to the words table (its counts feed spelling corrections)."""
    counts: Counter[tuple[int, str]] = Counter()
    for x in docs:
        for word, n in x.words.items():
            if 2 <= len(word) <= 100 and not word.isdigit():
                counts[(x.doc.game_id, word)] += n
    cursor.executemany(
        f"INSERT INTO {WORDS_TABLE} (game_id, word, stem, count) VALUES (%s, %s, %s, %s) "
        f"ON CONFLICT (game_id, word) DO UPDATE SET count = {WORDS_TABLE}.count + excluded.count",
        [(game_id, word, stem(word), n) for (game_id, word), n in counts.items()],
    )


def _delete_keys(cursor: Any, key: str, rowids: Sequence[int]) -> None:
    marks = ", ".join(["%s"] * len(rowids))
    cursor.execute(f"DELETE FROM {TABLE} WHERE {key} IN ({marks})", list(rowids))
    if connection.vendor == "sqlite":
        cursor.execute(f"DELETE FROM {TEXT_TABLE} WHERE rowid IN ({marks})", list(rowids))


def _delete_game(cursor: Any, game_id: int | None) -> None:
    """Every index table's rows of a game (of all games when None)."""
    for table in (TABLE, WORDS_TABLE, FREQUENCIES_TABLE):
        if game_id is None:
            cursor.execute(f"DELETE FROM {table}")
        else:
            cursor.execute(f"DELETE FROM {table} WHERE game_id = %s", [game_id])
    if connection.vendor == "sqlite":
        if game_id is None:
            cursor.execute(f"DELETE FROM {TEXT_TABLE}")
        else:  # found by its own scope mark, so rows whose main entry went first go too
            cursor.execute(
                f"DELETE FROM {TEXT_TABLE} WHERE rowid IN "
                f"(SELECT rowid FROM {TEXT_TABLE} WHERE {TEXT_TABLE} MATCH %s)",
                [f'scope : "{_scope(game_id=game_id)[0]}"'],
            )


def _count_entries(
    cursor: Any, entries: Iterable[tuple[str, int, frozenset[str]]], sign: int
) -> None:
    """Add (sign 1) or take off (-1) entries of (kind, game, stems) in the frequencies table:
    one more or one fewer entry holding each of its stems, and one more or fewer entry of its
    kind and game (the empty stem)."""
    counts: Counter[tuple[str, str, int]] = Counter()
    for kind, game_id, found in entries:
        counts[("", kind, game_id)] += sign
        for s in found:
            counts[(s, kind, game_id)] += sign
    cursor.executemany(
        f"INSERT INTO {FREQUENCIES_TABLE} (stem, kind, game_id, docs) VALUES (%s, %s, %s, %s) "
        f"ON CONFLICT (stem, kind, game_id) "
        f"DO UPDATE SET docs = {FREQUENCIES_TABLE}.docs + excluded.docs",
        [(*key, n) for key, n in counts.items() if n],
    )


def _uncount(cursor: Any, key: str, rowids: Sequence[int]) -> None:
    """Take the stored entries of these row keys off the frequencies table (before they are
    replaced or removed): their stems are read again from their stored texts."""
    cursor.execute(
        f"SELECT kind, game_id, title_text, body_text, meta_text FROM {TABLE} "
        f"WHERE {key} IN ({', '.join(['%s'] * len(rowids))})",
        list(rowids),
    )
    old = [(kind, int(game), _stems_of(*texts)) for kind, game, *texts in cursor.fetchall()]
    _count_entries(cursor, old, -1)


def index_documents(docs: Iterable[Document], replace: bool = True) -> int:
    """Write documents in the index, replacing their old versions unless `replace` is False
    (the caller has just emptied the index); returns how many. Their words are counted in the
    words table (an edit counts a document's words again: the counts are a guide, made exact
    by the next rebuild)."""
    backend = _backend()
    count = 0
    batch: list[_Indexed] = []
    # One transaction: SQLite in autocommit would sync the file after every row.
    with transaction.atomic(), connection.cursor() as cursor:

        def flush() -> None:
            if replace:
                rowids = [x.doc.rowid for x in batch]
                _uncount(cursor, backend.key, rowids)
                _delete_keys(cursor, backend.key, rowids)
            backend.insert(cursor, batch)
            _count_words(cursor, batch)
            _count_entries(cursor, ((x.doc.kind, x.doc.game_id, x.stems) for x in batch), 1)

        for doc in docs:
            batch.append(_indexed(doc))
            count += 1
            if len(batch) >= BATCH:
                flush()
                batch = []
        if batch:
            flush()
    _touch()
    return count


def index_remove(kind: str, object_ids: Iterable[int]) -> None:
    ids = [_rowid(kind, pk) for pk in object_ids]
    if not ids:
        return
    key = _backend().key
    with transaction.atomic(), connection.cursor() as cursor:
        for start in range(0, len(ids), BATCH):
            chunk = ids[start : start + BATCH]
            _uncount(cursor, key, chunk)
            _delete_keys(cursor, key, chunk)
    _touch()  # the frequencies held in memory are of the index before


def index_rebuild(game_slugs: Iterable[str] | None = None) -> int:
    """Drop and rebuild the documents of these games (all games when None)."""
    chosen = m.Game.objects.all()
    if game_slugs is not None:
        chosen = chosen.filter(slug__in=list(game_slugs))
    games = list(chosen)
    with transaction.atomic():
        with connection.cursor() as cursor:
            if game_slugs is None:
                _delete_game(cursor, None)
            else:
                for game in games:
                    _delete_game(cursor, game.pk)
        count = index_documents(_DocumentBuilder(games).documents(), replace=False)
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":  # every query scans the GIN pending list
                cursor.execute("SELECT gin_clean_pending_list('cardsdb_search_vector')")
            # Fresh statistics after a bulk load: without them both planners pick poor plans
            # (PostgreSQL scans the index table, SQLite joins cards to games before filtering).
            cursor.execute("ANALYZE")
        return count


def index_after_load(game_slugs: Sequence[str], changed: bool) -> None:
    """The fixture loader's hook: rebuild the loaded games when anything was written, or when
    one of them is missing from the index (a fresh migration, a restored database)."""
    if changed or any(index_count(slug) == 0 for slug in game_slugs):
        index_rebuild(game_slugs)


def index_count(game_slug: str | None = None) -> int:
    """Entries in the index, of one game (found through its scope token) or of all."""
    with connection.cursor() as cursor:
        if game_slug is None:
            cursor.execute(f"SELECT count(*) FROM {TABLE}")
            return int(cursor.fetchone()[0])
        game_id = m.Game.objects.filter(slug=game_slug).values_list("pk", flat=True).first()
        if game_id is None:
            return 0
        token = _scope(game_id=game_id)[0]
        if connection.vendor == "sqlite":
            cursor.execute(
                f"SELECT count(*) FROM {TABLE} WHERE {TABLE} MATCH %s", [f'scope : "{token}"']
            )
        else:
            cursor.execute(f"SELECT count(*) FROM {TABLE} WHERE vector @@ %s::tsquery", [token])
        return int(cursor.fetchone()[0])


def index_object(obj: Any) -> None:
    doc = _DocumentBuilder([]).document_for(obj)
    if doc is not None:
        index_documents([doc])
