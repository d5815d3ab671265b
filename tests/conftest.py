"""Shared test setup: the real fixtures are loaded once into the test database."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import settings as hypothesis_settings

from tests.web import kept_db

# No example is failed for taking long (hypothesis's default deadline is 200 ms): on a busy
# machine that fails for no fault of the code. tests/test_no_wall_clock.py checks it.
hypothesis_settings.register_profile("suite", deadline=None)
hypothesis_settings.load_profile("suite")


@pytest.fixture(scope="session", autouse=True)
def _response_cache_off() -> None:
    """Tests change data behind the loader's back, so the public response cache is off but in
    the tests of it (tests/cardsdb/test_response_cache.py)."""
    try:
        from django.conf import settings

        settings.RESPONSE_CACHE_SECONDS = 0
        settings.DATA_VERSION_SECONDS = 0  # and the version of the data is read every time
    except Exception:  # engine tests run with -p no:django: there are no settings to change
        return


@pytest.fixture(scope="session", autouse=True)
def _rulings_rate_lifted() -> None:
    """Rulings are rate-limited per client, and the whole suite is one client: hundreds of
    tests post rulings within a minute. The limit is lifted for the suite; the tests of the
    limit itself set their own rate (tests/cardsdb/test_hostile_input.py)."""
    try:
        from cardsdb.api.desk_views import RulingThrottle
    except Exception:  # engine tests run with -p no:django
        return
    RulingThrottle.THROTTLE_RATES = {**RulingThrottle.THROTTLE_RATES, "rulings": "100000/min"}


_bulk_folders = iter(range(1_000_000))


@pytest.fixture(autouse=True)
def _bulk_files_per_test(tmp_path_factory: Any) -> Any:
    """Bulk files are named by the version of the data, and a test's edits are rolled back
    (and the edits counter with them) where files are not: each test gets its own folder."""
    try:
        from django.conf import settings

        before = settings.BULK_DIR
    except Exception:  # engine tests run with -p no:django
        yield
        return
    settings.BULK_DIR = tmp_path_factory.getbasetemp() / "bulk" / str(next(_bulk_folders))
    yield
    settings.BULK_DIR = before


@pytest.fixture(autouse=True)
def _search_vocabulary_follows_a_rollback() -> Any:
    """A test that writes the search index bumps the search generation inside its transaction,
    and a search it makes builds the vocabulary of its own data under that generation; the
    rollback takes the data away but not the bump, and the next test would search with that
    vocabulary. Bumped once more after such a test, the next search reads the data as it is."""
    try:
        from django.core.cache import cache

        from cardsdb.search import vocabulary
    except Exception:  # engine tests run with -p no:django
        yield
        return
    before = cache.get(vocabulary._GENERATION_KEY, 0)
    yield
    if cache.get(vocabulary._GENERATION_KEY, 0) != before:
        vocabulary._touch()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any, django_db_blocker: Any) -> None:
    from cardsdb.loaders import fixtures_load

    with django_db_blocker.unblock():
        fixtures_load()
        kept_db.remember()


# The tests that take longest (--durations of a whole run), longest first: each is handed out
# before the tests of its part of the run (below), and those without a database before every
# other test, so that the run ends on short tests with both workers busy to the end rather than
# one of them finishing a long test alone. A nodeid starting with an entry, or holding one that
# starts with "/", takes its place.
LONG_FIRST = [
    "tests/cardsdb/test_fault_loader_killed.py::",
    "tests/web/test_at_the_table.py::test_every_page_a_player_reaches",
    "tests/cardsdb/test_prebuilt_pages.py::test_a_card_page_built_at_load",
    "tests/cardsdb/test_schemathesis.py::",
    "tests/cardsdb/test_speed_card_list.py::",
    "tests/test_nginx_front.py::",
    "tests/test_gunicorn_conf.py::",
    "tests/games/hyperstar_run/test_properties.py::",
    "/test_properties.py::",
    "tests/games/star_realms_high_alert/test_parts_order.py::",
    "tests/cardsdb/test_security.py::test_production_settings",
    "tests/cardsdb/test_fidelity.py::",
    "tests/games/hyperstar_run/test_solver.py::",
    "tests/games/test_fuzz_engines.py::",
    "tests/web/test_at_the_table.py::",
    "tests/test_no_wall_clock.py::",
    "tests/test_imports_at_top.py::",
]


def _rank(nodeid: str) -> int:
    for rank, part in enumerate(LONG_FIRST):
        if nodeid.startswith(part) or (part.startswith("/") and part in nodeid):
            return rank
    return len(LONG_FIRST)


def _part(item: pytest.Item) -> int:
    """pytest-django's part of the run (its `pytest_collection_modifyitems`): 0 the database
    tests, 1 the transactional ones (live server), 2 the tests without a database."""
    marker = item.get_closest_marker("django_db")
    fixtures = getattr(item, "fixturenames", [])
    transactional = bool(marker and (marker.kwargs.get("transaction") or marker.args[:1]))
    transactional = transactional or "transactional_db" in fixtures or "live_server" in fixtures
    if transactional:
        return 1
    return 0 if marker or "db" in fixtures else 2


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """After pytest-django's order (database tests, then transactional ones, then the tests
    without a database), keeping what it is for: the long tests without a database (LONG_FIRST)
    go first of all, since they need no database at all; in each part the long tests go
    first; and the browser tests come first among the transactional tests, so that they are
    given the database the session loaded (tests/web/kept_db.py) rather than load every game
    again after a transactional test outside tests/web/ emptied it. Otherwise the order is
    pytest-django's."""
    parts = {id(item): _part(item) for item in items}
    if all(part == 2 for part in parts.values()):
        return  # pytest-django is off (the engine tests with -p no:django): order as collected
    if any(parts[id(a)] > parts[id(b)] for a, b in itertools.pairwise(items)):
        return  # not pytest-django's order: left as it is

    def key(item: pytest.Item) -> tuple[int, bool, int]:
        part, rank = parts[id(item)], _rank(item.nodeid)
        if part == 2 and rank < len(LONG_FIRST):
            return (-1, False, rank)
        return (part, part == 1 and not kept_db.is_browser_test(item), rank)

    items.sort(key=key)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """The browser tests keep their loaded database between tests (tests/web/kept_db.py):
    its hooks into Django's test case need to know which test they set up and tear down."""
    kept_db.current["item"] = item
    if kept_db.is_browser_test(item):
        kept_db.install()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    kept_db.current["item"] = item


@pytest.fixture
def api(db: Any) -> Any:
    # Imported here so that the pure-Python engine tests can run without Django.
    from rest_framework.test import APIClient

    return APIClient()
