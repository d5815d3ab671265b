"""On a phone (390 x 844), in a real browser: a player reading the rules of Higher or Lower sees
that rule 4.1 (turns go left) is our reading and not the rulebook's, under a heading that does
not claim the rulebook for it; and an old link to a renamed clarification still lands on it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from cardsdb.loaders import fixtures_load
from cardsdb.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SLUG = "higher-lower"  # the game the `loaded` fixture loads


def test_a_rule_of_ours_reads_as_ours_on_a_phone(loaded: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{SLUG}/rules/#4.1")
    rule = page.locator("li.rule[id='4.1']")
    assert "Our reading: the rulebook does not say this" in rule.inner_text()
    assert rule.locator(".src.ours").is_visible()
    heading = page.locator("#section-4 h2").inner_text()
    assert "from the rulebook" not in heading.lower()
    other = page.locator("li.rule[id='4.2']").inner_text()
    assert "From the rulebook, “On your turn”" in other
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_an_old_link_to_a_renamed_clarification_lands_on_it(live_server: Any, browser: Any) -> None:
    if not Game.objects.filter(slug="super-hazard-quest").exists():
        fixtures_load([Path(settings.FIXTURES_DIR) / "super-hazard-quest"])
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(
        f"{live_server.url}/games/super-hazard-quest/clarifications/#discard-turn-always-allowed"
    )
    anchor = page.locator("#discard-turn-always-allowed")
    article = page.locator("article#discard-turn-only-without-actions")
    assert anchor.count() == 1
    assert article.locator("#discard-turn-always-allowed").count() == 1
    assert "Discard Turn" in article.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()
