"""Real-browser test, on a phone: a player searches from a game's rules page with a typo and a
question, sees the correction and the scope, and goes from the question to its form."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "hyperstar-run"


@pytest.fixture
def two_games(loaded: Any) -> Any:
    from django.conf import settings

    from cardsdb.loaders import fixtures_load
    from cardsdb.models import Game

    if not Game.objects.filter(slug="super-hazard-quest").exists():
        fixtures_load([Path(settings.FIXTURES_DIR) / "super-hazard-quest"])
    return loaded


def _fits_the_phone(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"


def test_player_searches_from_the_rules_with_a_typo_then_asks_a_question(
    two_games: Any, page: Any
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # a phone at the table
    page.goto(f"{two_games.url}/games/hyperstar-run/rules/")
    box = page.locator("form.search input[name=q]").first
    box.fill("comboo endz")
    with page.expect_navigation():  # Enter sends the search
        box.press("Enter")
    page.wait_for_selector("p.corrected")

    # Searching from Hyperstar Run's pages looks in Hyperstar Run, and says so.
    assert "Searching Hyperstar Run only" in page.locator("p.scope").inner_text()
    assert page.locator("#search-game").input_value() == "hyperstar-run"
    corrected = page.locator("p.corrected").inner_text()
    assert "Showing results for" in corrected and "combo" in corrected
    first = page.locator("ol.hits li.hit").first.inner_text()
    assert "combo" in first.lower()
    _fits_the_phone(page)

    # The words as typed can still be asked for: nothing holds them, so the page says so.
    with page.expect_navigation():  # a link: wait for its page
        page.get_by_role("link", name="comboo endz").click()
    page.wait_for_selector("p.no-results")
    assert "Did you mean" in page.locator("p.suggestions").inner_text()

    # A question offers the form that settles it, one tap from an answer.
    box = page.locator("#search-q")
    box.fill("can I press this card")
    page.locator("#search-game").select_option("all")
    with page.expect_navigation():  # the answer is a new page
        page.locator("form.search-scope button[type=submit]").click()
    page.wait_for_selector("section.settle")
    assert page.locator("p.scope").count() == 0  # every game now
    settle = page.locator("section.settle")
    assert "Common words left out" in page.locator("p.dropped").inner_text()
    with page.expect_navigation():  # a link: wait for its page
        settle.get_by_role("link", name="Can I press this card?").click()
    assert page.url.endswith("/games/hyperstar-run/disputes/#q-can-i-press")
    assert page.locator("#q-can-i-press form.dispute-form").is_visible()
