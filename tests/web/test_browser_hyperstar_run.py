"""Real-browser test: a Hyperstar Run player settles a dispute through the website's form,
reads the verdict and the rule, looks at the board, and asks for the best line."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "hyperstar-run"


def test_player_asks_to_press_a_card_ahead_of_the_hero_then_asks_for_the_best_line(
    loaded: Any, page: Any
) -> None:
    """Tutorial, run 1: the hero stands over card 3; may I press card 5 to pay for it?"""
    page.set_viewport_size({"width": 390, "height": 844})  # a phone at the table
    page.goto(f"{loaded.url}/games/hyperstar-run/disputes/")
    form = page.locator("#q-can-i-press form.dispute-form")
    form.locator("input[name=difficulty][value=tutorial]").check()
    form.locator("input[name=run]").fill("1")
    form.locator("input[name=current_card]").fill("3")
    form.locator("input[name=press_card]").fill("5")
    form.locator("input[name=press_card_button]").fill("A")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")

    assert "Against the rules" in page.locator("#verdict").inner_text()
    reasons = page.locator("ul.reasons").inner_html()
    assert "hyperstar-run:5.5" in reasons and "press-not-passed-this-run" in reasons
    cited = page.locator("blockquote.cited-rule").first.evaluate("e => e.outerHTML")
    assert "hyperstar-run:5.5" in cited and "passed during this run" in cited

    # The picture: the row of nine cards, the hero over card 3 (L3), card 5 still face down.
    picture = page.locator("svg.hr-board").first
    assert picture.is_visible()
    assert picture.locator("g.hr-row").count() == 9
    assert picture.locator("g.hr-hero").get_attribute("data-over") == "L3"
    assert "hr-face-down" in (picture.locator('g[data-card="L5"]').get_attribute("class") or "")
    assert "hr-current" in (picture.locator('g[data-card="L3"]').get_attribute("class") or "")
    # The row keeps its size (readable text) and scrolls inside a frame that fits the phone.
    frame = page.locator("figure.board-frame").first.bounding_box()
    assert frame is not None and frame["width"] <= 390

    with page.expect_navigation():  # a link: wait for its page
        page.get_by_role("link", name="What's my best line?").click()
    page.wait_for_selector("#this-run")
    assert "/best-line/" in page.url
    this_run = page.locator("#this-run").inner_text()
    # The question asked about one press: it described neither the current card nor any
    # Equipment Card, so there is no line to search, and the page says so (the question never
    # makes up a cost or a hand to search with).
    assert "The face of your current card (card 3 of the level) was not described" in this_run
    assert "Not known from this board" in page.locator("#winnable").inner_text()
