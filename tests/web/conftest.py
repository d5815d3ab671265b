"""Browser tests: Debian's Chromium driven by Playwright against Django's live server.

They run when /usr/bin/chromium exists and are skipped, saying so, when it does not; with
REQUIRE_BROWSER=1 (as in .ci/run) a missing browser is a failure instead of a skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

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
