"""Browser tests: Debian's Chromium driven by Playwright against Django's live server.

They run when /usr/bin/chromium exists and are skipped, saying so, when it does not; with
REQUIRE_BROWSER=1 (as in .ci/run) a missing browser is a failure instead of a skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM allows it here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]


def _have_browser() -> bool:
    return os.path.exists(CHROMIUM) or shutil.which("chromium") is not None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not _have_browser():
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but Chromium is not installed at {CHROMIUM}")
        pytest.skip(f"SKIPPED browser tests: Chromium is not installed at {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context()
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def loaded(live_server: Any, request: Any) -> Any:
    """The live server with the test module's game (its `SLUG`) loaded. Every game is loaded
    once per worker and kept between the browser tests (tests/web/kept_db.py); a game found
    missing is loaded here."""
    from django.conf import settings

    from cardsdb.loaders import fixtures_load
    from cardsdb.models import Game

    slug = request.module.SLUG
    if not Game.objects.filter(slug=slug).exists():
        fixtures_load([Path(settings.FIXTURES_DIR) / slug])
    return live_server
