"""On a phone, in a real browser: a ruling page quotes the rule that decides the question in
large type, and raises "this answer turns on our reading" only where the answer does, saying
what the other reading answers; a plain ruling that merely used a reading raises nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.higher_lower.helpers import draw, play, table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SLUG = "higher-lower"  # the game the `loaded` fixture loads


def _open(loaded: Any, browser: Any, body: dict[str, Any]) -> Any:
    from cardsdb import desk

    saved = desk.ruling_make(SLUG, body)
    page = browser.new_context(viewport=PHONE).new_page()
    page.goto(f"{loaded.url}{saved.get_absolute_url()}")
    page.wait_for_selector("#answer")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    return page


def test_may_i_lay_the_card_i_drew_names_the_reading_it_turns_on(loaded: Any, browser: Any) -> None:
    state = table(ana=[3, 5], last=7, call="higher")
    page = _open(
        loaded, browser, {"state": state, "moves": [draw(9, "Ana"), play(9, "lower", "Ana")]}
    )
    assert page.locator("#answer").inner_text().startswith("No, move 2")
    banner = page.locator(".reading-turns")
    assert banner.count() == 1
    said = banner.inner_text()
    assert "May I lay the card I have just drawn straight away?" in said
    assert "Read the other way: Yes" in said
    # the deciding rule, quoted in large type above the details
    assert page.locator("#deciding").count() == 1
    size = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('#deciding p')).fontSize)"
    )
    body = page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")
    assert size >= body


def test_a_plain_play_quotes_its_rule_and_raises_no_reading(loaded: Any, browser: Any) -> None:
    state = table(ana=[9, 5], last=7, call="higher")
    page = _open(loaded, browser, {"state": state, "move": play(9, "lower", "Ana")})
    assert page.locator("#answer").inner_text().startswith("Yes")
    assert "Rule 4.2" in page.locator("#deciding").inner_text()
    assert page.locator(".reading-turns").count() == 0
    assert "turns on our reading" not in page.locator("#show").inner_text()


def test_a_one_play_game_to_its_winner_quotes_the_winning_rule(loaded: Any, browser: Any) -> None:
    state = table(ana=[9], last=7, call="higher")
    page = _open(loaded, browser, {"state": state, "moves": [play(9, "lower", "Ana")]})
    assert page.locator("#answer").inner_text() == (
        "Ana has no playing cards left and wins. The move is legal."
    )
    assert "Rule 2.1" in page.locator("#deciding").inner_text()


def test_what_can_i_do_now_flags_the_draw_that_turns_on_our_reading(
    loaded: Any, browser: Any
) -> None:
    # Ana holds a 3 and a 5 on the 7 'higher': her one move is to draw.
    state = table(ana=[3, 5], last=7, call="higher")
    page = _open(loaded, browser, {"state": state, "move": draw(9, "Ana")})
    with page.expect_navigation():  # a link: wait for its page
        page.get_by_role("link", name="What can I do now?").click()
    moves = page.locator("ol.what-now li")
    assert moves.count() >= 1
    draw_option = moves.filter(has_text="must draw")
    assert draw_option.count() == 1
    assert "Read the other way: Yes" in draw_option.inner_text()
    assert "rule 4.6" in draw_option.inner_text()
