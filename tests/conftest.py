"""Shared test setup: the real fixtures are loaded once into the test database."""

from __future__ import annotations

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


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any, django_db_blocker: Any) -> None:
    from cardsdb.loaders import fixtures_load

    with django_db_blocker.unblock():
        fixtures_load()
        kept_db.remember()


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
