"""On a phone (390 x 844), in a real browser: High Alert's "How do we set up?" with two of the
four mini-expansions says, in a player's words, that this setup rests on our reading of rule
2.3 and what the other reading answers, and the page stays as wide as the phone. The
screenshot goes to docs/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.test_at_the_table import _problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SLUG = "star-realms-high-alert"  # the game the `loaded` fixture loads
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def test_two_mini_expansions_show_the_reading_they_turn_on(loaded: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{SLUG}/tools/setup/?expansions=tech&expansions=heroes&ask=1")
    banner = page.locator("p.reading-turns")
    assert banner.is_visible()
    said = banner.inner_text()
    assert "Read the other way: No, this is not a correct setup" in said
    assert "setup-one-or-all-packs" not in said and "two-or-three" not in said
    assert _problems(page) == []
    page.screenshot(path=str(SCREENSHOTS / "setup-high-alert-two-packs.png"), full_page=True)
    context.close()
