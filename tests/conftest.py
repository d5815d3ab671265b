"""Shared test setup: the real fixtures are loaded once into the test database."""

from __future__ import annotations

from typing import Any

import pytest


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
