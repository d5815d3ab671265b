"""A table on a phone (390 x 844), in a real browser: three players start a Higher or Lower
table from the game's page, record five moves by tapping "What can I do now?" buttons, ask a
question whose form comes filled from the board, and a second phone, opening the shared link,
sees the board move when the first records a move. The same at a High Alert table started from
a described board. The steps a player takes from opening the table to the second answer shown
(taps and fields) are counted and printed; phone screenshots go to docs/screenshots/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _phone(browser: Any) -> Any:
    """A phone's browser context. A posted form's page is waited for up to a minute: on a
    machine running the whole suite on every core, the live server once took over Playwright's
    default 30 s to answer one."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(60_000)
    return context


def _load(*slugs: str) -> None:
    from django.conf import settings

    from cardsdb.loaders import fixtures_load
    from cardsdb.models import Game

    for slug in slugs:
        if not Game.objects.filter(slug=slug).exists():
            fixtures_load([Path(settings.FIXTURES_DIR) / slug])


class Steps:
    """What the player does, counted: each tap and each field typed into."""

    def __init__(self) -> None:
        self.taps = 0
        self.fields = 0

    def tap(self, locator: Any) -> None:
        locator.click()
        self.taps += 1

    def type(self, locator: Any, text: str) -> None:
        locator.fill(text)
        self.fields += 1

    @property
    def total(self) -> int:
        return self.taps + self.fields


def _fits_the_phone(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide"
    small = page.evaluate(
        """() => [...document.querySelectorAll('.move-button, #undo, #start-table-button')]
        .filter(b => b.getBoundingClientRect().height < 44).length"""
    )
    assert small == 0, "a button is shorter than 44 px"


def _page_problems(page: Any) -> list[str]:
    """What the site's phone walk finds wrong on a page (width, picture text, internal words)
    and what axe-core finds, at 390 px."""
    from tests.web.test_at_the_table import _axe, _problems

    return _problems(page) + _axe(page)


def _record_by_tapping(page: Any, steps: Steps, count: int) -> list[str]:
    """Tap the first legal move `count` times; each tap records it (the log grows by one)."""
    tapped = []
    for n in range(1, count + 1):
        button = page.locator(".move-button").first
        tapped.append(button.inner_text())
        with page.expect_navigation():  # a move: the table's new page
            steps.tap(button)
        page.wait_for_url(re.compile(r"/tables/[a-z2-7]+/"))
        assert page.locator(".table-log li").count() == n
    return tapped


def _second_phone_sees_the_move(browser: Any, page: Any) -> None:
    """Open the shared link in a second browser context (another phone), record a move on the
    first, and wait for the second to show the new board (it polls the table's version)."""
    link = page.locator("#table-link").get_attribute("href")
    other = _phone(browser)
    try:
        phone = other.new_page()
        phone.goto(page.url.split("/tables/")[0] + link)
        # the second phone's page and its service worker's install settle first, so that the
        # move tapped below is what the server is answering
        phone.wait_for_load_state("networkidle")
        before = phone.locator(".table-log li").count()
        # The second phone's polls wait while the move is sent, as on a slow network, and go
        # on once it is recorded: the live server answers them on other threads, and on
        # SQLite's in-memory test database every thread shares one connection, which Django
        # warns may fail at random under queries at the same time.
        poll = urlparse(phone.locator("#play-table").get_attribute("data-poll") or "").path
        held: list[Any] = []

        def hold(route: Any) -> None:
            held.append(route)

        phone.route(lambda url: urlparse(url).path == poll, hold)
        with page.expect_navigation():  # a move: the table's new page
            page.locator(".move-button").first.click()
        phone.unroute_all()
        for route in held:
            route.continue_()
        # the page's polling notices the new version and shows the new board (the site's
        # Content Security Policy allows no script from the test, so Playwright's own wait)
        expect(phone.locator(".table-log li")).to_have_count(before + 1, timeout=20_000)
        assert phone.locator(".table-log li").first.inner_text() == (
            page.locator(".table-log li").first.inner_text()
        )
    finally:
        other.close()


def test_a_higher_or_lower_table_on_two_phones(live_server: Any, browser: Any) -> None:
    _load("higher-lower")
    context = _phone(browser)
    page = context.new_page()
    steps = Steps()
    page.goto(f"{live_server.url}/games/higher-lower/")
    steps.type(page.locator("#start-players"), "3")
    with page.expect_navigation():  # the answer is a new page
        steps.tap(page.locator("#start-table-button"))
    page.wait_for_url(re.compile(r"/tables/[a-z2-7]+/$"))
    assert page.locator("#board-title").inner_text() == "Your turn, Player 1"
    _fits_the_phone(page)
    start = steps.total

    tapped = _record_by_tapping(page, steps, 5)
    assert tapped[0].startswith("Player 1 can lay the 1")
    assert page.locator("#board-title").inner_text().startswith("Your turn, Player")
    page.screenshot(path=str(SCREENSHOTS / "table-higher-lower.png"))
    assert _page_problems(page) == []

    # a question about this board: its form comes filled from the table
    form = page.locator("#q-can-i-play-this-card form")
    assert form.locator("input[name=players]").input_value() == "3"
    laid = page.evaluate(
        "document.querySelector('#q-can-i-play-this-card input[name=last_card]').value"
    )
    assert laid not in ("", "0")
    # the card you want to lay is yours to say: the board does not make one up
    assert form.locator("input[name=my_card]").input_value() == ""
    asked_from = steps.total
    steps.type(form.locator("input[name=my_card]"), "8" if laid != "8" else "9")
    with page.expect_navigation():  # the table's page again
        steps.tap(form.get_by_role("button", name="Get the answer"))
    page.wait_for_selector("#asked-answer")
    first_answer = page.locator("#asked-answer").inner_text()
    assert first_answer.startswith(("Yes", "No"))
    second_from = (steps.taps, steps.fields)
    steps.tap(page.locator("#q-can-i-play-a-booster summary"))
    booster = page.locator("#q-can-i-play-a-booster form")
    with page.expect_navigation():  # the table's page again: its old answer is not read
        steps.tap(booster.get_by_role("button", name="Get the answer"))
    page.wait_for_selector("#asked-answer")
    assert page.locator("#asked-answer").inner_text() != first_answer
    # a second question about the board in play: two taps, nothing typed (counted, not timed)
    assert (steps.taps - second_from[0], steps.fields - second_from[1]) == (2, 0)
    print(
        f"\nHigher or Lower: {steps.total - start} steps from opening the table to the second "
        f"answer shown ({steps.taps} taps and {steps.fields} fields in all; the two questions "
        f"took {steps.total - asked_from})"
    )
    page.screenshot(path=str(SCREENSHOTS / "table-higher-lower-answer.png"))
    _second_phone_sees_the_move(browser, page)
    context.close()


def test_a_high_alert_table_on_two_phones(live_server: Any, browser: Any) -> None:
    _load("star-realms-high-alert")
    context = _phone(browser)
    page = context.new_page()
    board = {
        "trade": 3,
        "play_area": [{"id": "c1", "card": "hellfire"}, {"id": "c2", "card": "cargo-raptor"}],
        "trade_row": [{"id": "r1", "card": "doctor-clark"}],
    }
    started = page.request.post(
        f"{live_server.url}/api/v1/games/star-realms-high-alert/tables", data={"state": board}
    )
    assert started.status == 201
    steps = Steps()
    page.goto(live_server.url + started.json()["url"])
    _fits_the_phone(page)
    start = steps.total
    for words in ("use Hellfire's ally ability", "acquire Doctor Clark"):
        with page.expect_navigation():  # a move: the table's new page
            steps.tap(page.locator(".move-button", has_text=words))
    assert page.locator(".table-log li").count() == 2
    # "Can I scrap my hero now?" starts from the table: Doctor Clark, played this turn
    form = page.locator("#q-hero-scrap form")
    assert form.locator("select[name=hero]").input_value() == "doctor-clark"
    assert form.locator("input[name=played_this_turn]").is_checked()
    steps.tap(page.locator("#q-hero-scrap summary"))
    with page.expect_navigation():  # the table's page again
        steps.tap(form.get_by_role("button", name="Get the answer"))
    page.wait_for_selector("#asked-answer")
    assert page.locator("#asked-answer").inner_text().startswith("Yes")
    page.screenshot(path=str(SCREENSHOTS / "table-high-alert.png"))
    assert _page_problems(page) == []
    print(f"\nHigh Alert: {steps.total - start} steps from opening the table to the answer shown")
    _second_phone_sees_the_move(browser, page)
    context.close()


# Each game's setup as its page asks it (what a player fills beyond the options' first choice)
SETUPS: dict[str, dict[str, str]] = {
    "hyperstar-run": {},
    "bo-jackson-battle-arena": {"#start-first_player": "Ana", "#start-second_player": "Ben"},
    "super-hazard-quest": {"#start-players": "3"},
}


@pytest.mark.parametrize(
    "slug",
    [
        "hyperstar-run",
        "bo-jackson-battle-arena",
        "super-hazard-quest",
    ],
)
def test_every_game_starts_a_table_from_its_page_on_a_phone(
    live_server: Any, browser: Any, slug: str
) -> None:
    """ "Start a table" on the game's page: the setup form, then the table's page, which fits
    the phone and shows what the setup left not described as such (nothing made up)."""
    _load(slug)
    context = _phone(browser)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/{slug}/")
    for field, text in SETUPS[slug].items():
        page.locator(field).fill(text)
    with page.expect_navigation():  # the answer is a new page
        page.locator("#start-table-button").click()
    page.wait_for_url(re.compile(r"/tables/[a-z2-7]+/$"))
    _fits_the_phone(page)
    assert page.locator("#questions").count() == 1
    page.screenshot(path=str(SCREENSHOTS / f"table-{slug}.png"))
    assert _page_problems(page) == []
    context.close()
