"""The browser tests' database: every game's fixtures loaded once per worker and kept.

Live-server tests run as Django's `TransactionTestCase`, which empties every table after each
test, so each browser test used to load its game again (a second for most games, four for
Battle Arena's cards). Here a browser test (a test under tests/web/) starts from every game
loaded; afterwards the rows it added (a saved ruling, a kept deck, a table in play, a session)
are deleted and the rest is kept for the next one. Should a test have removed rows, or left
the database otherwise unlike what it was given, the database is emptied as before and loaded
again before the next browser test. A transactional test outside tests/web/ that follows
starts from the database as the session loaded it, as the first transactional test of a run
does (or from empty tables when a browser test left it otherwise); its own teardown empties it.

The comparison is a fingerprint of each table: its row count and its largest integer key; the
tables keyed by strings have their keys remembered. The public site cannot change loaded rows
in place (its API cannot write, and the only rows its pages write are new ones), so a count
and the largest key tell what a test added.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

WEB_DIR = Path(__file__).resolve().parent

# The test being set up or torn down (set by tests/conftest.py's runtest hooks).
current: dict[str, Any] = {"item": None}

_INTEGER_KEYS = {"AutoField", "BigAutoField", "SmallAutoField", "IntegerField", "BigIntegerField"}

Fingerprint = dict[str, tuple[int, int]]


class _Kept:
    """What the database held when the browser tests were given it (None: not kept now), and
    the keys of the rows of each table keyed by strings (saved rulings, decks and tables in
    play, sessions: empty after a load)."""

    fingerprint: Fingerprint | None = None
    keys: dict[str, list[Any]] = {}
    given = False  # a browser test has had it since the last transactional test outside


def is_browser_test(item: Any) -> bool:
    return item is not None and Path(str(item.path)).resolve().is_relative_to(WEB_DIR)


def _tables() -> list[tuple[str, str | None, bool]]:
    """Every table the fixtures or the site write: (name, key column or None, whether the
    key is an integer)."""
    from django.apps import apps
    from django.db import connection

    from cardsdb.search import kinds

    existing = set(connection.introspection.table_names())
    tables: list[tuple[str, str | None, bool]] = []
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if not meta.managed or meta.proxy or meta.db_table not in existing:
            continue
        pk = meta.pk
        if pk is None:
            continue
        integer = pk.get_internal_type() in _INTEGER_KEYS
        tables.append((meta.db_table, pk.column, integer))
    searched = [kinds.TABLE, kinds.WORDS_TABLE, kinds.FREQUENCIES_TABLE, kinds.TEXT_TABLE]
    tables += [(name, None, False) for name in searched if name in existing]
    return sorted(set(tables))


def fingerprint() -> Fingerprint:
    from django.db import connection

    quote = connection.ops.quote_name
    found: Fingerprint = {}
    with connection.cursor() as cursor:
        for table, key, integer in _tables():
            largest = f"max({quote(key)})" if key and integer else "0"
            cursor.execute(f"SELECT count(*), {largest} FROM {quote(table)}")
            count, top = cursor.fetchone()
            found[table] = (int(count), int(top or 0))
    return found


def _flush() -> None:
    """Every table emptied, as `TransactionTestCase` does after a test."""
    from django.core.management import call_command

    call_command("flush", verbosity=0, interactive=False, reset_sequences=False)


def remember() -> None:
    """The database as it stands is the one the browser tests are given (tests/conftest.py
    calls this after loading every game into the test database)."""
    from django.db import connection

    quote = connection.ops.quote_name
    _Kept.fingerprint = fingerprint()
    _Kept.keys = {}
    with connection.cursor() as cursor:
        for table, key, integer in _tables():
            if key and not integer:
                cursor.execute(f"SELECT {quote(key)} FROM {quote(table)}")
                _Kept.keys[table] = [row[0] for row in cursor.fetchall()]


def give() -> None:
    """Before a browser test: every game loaded (once, unless the database was emptied)."""
    from cardsdb.loaders import fixtures_load

    _Kept.given = True
    if _Kept.fingerprint is not None and fingerprint() == _Kept.fingerprint:
        return
    fixtures_load()
    remember()


def take_back() -> bool:
    """After a browser test: delete the rows it added. False when the database is not as it
    was given (rows removed, a table without an integer key grown) and must be emptied."""
    from django.db import connection, transaction

    given = _Kept.fingerprint
    if given is None:
        return False
    quote = connection.ops.quote_name
    keys = {table: (key, integer) for table, key, integer in _tables()}
    now = fingerprint()
    # foreign keys are checked at commit (Django makes them deferrable), so the added rows
    # go in any order
    with transaction.atomic(), connection.cursor() as cursor:
        for table, (count, top) in now.items():
            before = given.get(table)
            if before is None or (count, top) == before:
                continue
            key, integer = keys.get(table, (None, False))
            if key is None or count < before[0]:
                return False
            if integer and top > before[1]:
                cursor.execute(f"DELETE FROM {quote(table)} WHERE {quote(key)} > %s", [before[1]])
            elif not integer and table in _Kept.keys:
                kept = _Kept.keys[table]
                marks = ", ".join(["%s"] * len(kept))
                where = f" WHERE {quote(key)} NOT IN ({marks})" if kept else ""
                cursor.execute(f"DELETE FROM {quote(table)}{where}", kept)
            else:
                return False
    return fingerprint() == given


def setup(test_case_class: Any) -> None:
    """`TransactionTestCase._fixture_setup`'s addition, for the test being set up."""
    if is_browser_test(current["item"]):
        give()
    elif _Kept.given:
        # Another transactional test is given the database as the session loaded it, as the
        # first transactional test of a run is (tests/conftest.py runs the browser tests
        # before the others); when the browser tests left it otherwise, it is emptied.
        _Kept.given = False
        if _Kept.fingerprint is not None and fingerprint() == _Kept.fingerprint:
            return
        _Kept.fingerprint = None
        _flush()


def teardown(original: Any, test_case: Any) -> None:
    """`TransactionTestCase._fixture_teardown` for the test being torn down."""
    if is_browser_test(current["item"]) and take_back():
        return
    _Kept.fingerprint = None
    original(test_case)


def install() -> None:
    """Wrap `TransactionTestCase`'s fixture setup and teardown (once per process)."""
    from django.test import TransactionTestCase

    if getattr(TransactionTestCase, "_kept_db_installed", False):
        return
    original_setup = TransactionTestCase.__dict__["_fixture_setup"].__func__
    original_teardown = TransactionTestCase.__dict__["_fixture_teardown"]

    def _fixture_setup(cls: Any) -> None:
        original_setup(cls)
        setup(cls)

    def _fixture_teardown(self: Any) -> None:
        teardown(original_teardown, self)

    case: Any = TransactionTestCase
    case._fixture_setup = classmethod(_fixture_setup)
    case._fixture_teardown = _fixture_teardown
    case._kept_db_installed = True
