"""Shared test setup: the real fixtures are loaded once into the test database."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="session", autouse=True)
def _response_cache_off() -> None:
    """Tests change data behind the loader's back, so the public response cache is off but in
    the tests of it (tests/cardsdb/test_response_cache.py)."""
    try:
        from django.conf import settings

        settings.RESPONSE_CACHE_SECONDS = 0
    except Exception:  # engine tests run with -p no:django: there are no settings to change
        return


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: Any, django_db_blocker: Any) -> None:
    from cardsdb.loaders import fixtures_load

    with django_db_blocker.unblock():
        fixtures_load()


@pytest.fixture
def api(db: Any) -> Any:
    # Imported here so that the pure-Python engine tests can run without Django.
    from rest_framework.test import APIClient

    return APIClient()
