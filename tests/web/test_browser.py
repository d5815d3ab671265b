"""Real-browser tests: a player settles a dispute through the website's form."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "higher-lower"


def test_player_asks_whether_a_card_may_be_played_and_reads_the_cited_rule(
    loaded: Any, page: Any
) -> None:
    page.goto(f"{loaded.url}/games/higher-lower/disputes/")
    form = page.locator("form.dispute-form").first
    form.locator("input[name=players]").fill("4")
    form.locator("input[name=last_card]").fill("7")
    form.locator("input[name=call_in_force][value=higher]").check()
    form.locator("input[name=my_card]").fill("5")
    form.locator("input[name=cards_in_my_hand]").fill("5")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")
    verdict = page.locator("#verdict").inner_text()
    assert "Against the rules" in verdict
    cited = page.locator("blockquote.cited-rule").first.evaluate("e => e.outerHTML")
    assert "Rule 4." in cited
    assert page.locator("svg.board").count() >= 1
    # The cited rule's link leads to the rule on the rules page.
    with page.expect_navigation():  # a link: wait for its page
        page.locator("ul.reasons a.rule-key").first.click()
    assert "/games/higher-lower/rules/" in page.url


def test_rules_page_permalink_and_glossary_link(loaded: Any, page: Any) -> None:
    page.goto(f"{loaded.url}/games/higher-lower/rules/#1.1")
    assert page.locator("li.rule").count() > 5
    link = page.locator("a.term").first
    href = link.get_attribute("href")
    assert href and "/glossary/#term-" in href
