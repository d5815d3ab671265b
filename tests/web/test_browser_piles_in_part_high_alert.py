"""Real-browser test on a 390 px phone: a High Alert player asks what The Armory costs; the
picture says the trade row holds it and the rest not described, never "Trade row (1)", and
after the ruling the card acquired is the one card known of a discard pile not described
(issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "star-realms-high-alert"
PHONE = {"width": 390, "height": 844}


def test_the_trade_row_of_a_price_question_holds_the_card_and_the_rest_not_described(
    loaded: Any, page: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    form = page.locator("#q-requisition-price form")
    form.locator("input[name=trade]").fill("5")  # the form opens with your Trade to say
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")
    assert "The Armory" in page.locator("main").inner_text()
    cited = page.locator("blockquote.cited-rule").evaluate_all("es => es.map(e => e.outerHTML)")
    assert any(f"{SLUG}:8.2" in text for text in cited), cited
    drawn = " ".join(page.locator("svg").first.evaluate("s => s.textContent").split())
    assert "Trade row (1)" not in drawn
    assert "Trade row: 1 given, the rest not described" in drawn
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
