"""A Battle Arena table on a phone (390 x 844), in a real browser: a Playmaker battle from the
setup played with the page's buttons and forms (keep, say the Heroes, run a Play, pass, compare),
and Sudden Death after a tied game, its top Heroes said with the form until the winner shows
with the rule. Every page fits the phone and passes the site's phone walk and axe-core; phone
screenshots go to docs/screenshots/."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.test_browser_play_table import (
    PHONE,
    SCREENSHOTS,
    Steps,
    _fits_the_phone,
    _load,
    _page_problems,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "bo-jackson-battle-arena"
TABLE_URL = re.compile(r"/tables/[a-z2-7]+/")


def _table(body: dict[str, Any], moves: list[dict[str, Any]] | None = None) -> str:
    """A table started from the setup, with `moves` recorded as a phone would: its page."""
    from cardsdb import play_tables

    table = play_tables.table_create(SLUG, body)
    for version, move in enumerate(moves or [], start=1):
        ruling, _ = play_tables.move_record(table.id, move, version)
        assert ruling["verdict"] == "legal", ruling["summary"]
    return table.get_absolute_url()


def _tap(page: Any, steps: Steps, label: str) -> None:
    log = page.locator(".table-log li").count()
    with page.expect_navigation():  # a move: the table's new page
        steps.tap(page.locator(".move-button", has_text=label))
    page.wait_for_url(TABLE_URL)
    assert page.locator(".table-log li").count() == log + 1


def _say(page: Any, steps: Steps, a: tuple[int, str], b: tuple[int, str]) -> None:
    form = page.locator("#move-reveal-heroes form")
    log = page.locator(".table-log li").count()
    steps.type(form.locator("#reveal-heroes-first_hero_power"), str(a[0]))
    form.locator("#reveal-heroes-first_hero_weapon").select_option(a[1])
    steps.type(form.locator("#reveal-heroes-second_hero_power"), str(b[0]))
    form.locator("#reveal-heroes-second_hero_weapon").select_option(b[1])
    steps.fields += 2
    with page.expect_navigation():  # a move: the table's new page
        steps.tap(form.locator("button[type=submit]"))
    page.wait_for_url(TABLE_URL)
    assert page.locator(".table-log li").count() == log + 1


def _checked(page: Any, picture: str, at: str = "#board") -> None:
    """The page fits the phone and passes the walk; the phone's screen at `at` is saved."""
    _fits_the_phone(page)
    assert _page_problems(page) == []
    page.evaluate("selector => document.querySelector(selector).scrollIntoView()", at)
    page.screenshot(path=str(SCREENSHOTS / picture))


def test_a_playmaker_battle_on_a_phone(live_server: Any, browser: Any) -> None:
    _load(SLUG)
    url = _table({"mode": "playmaker", "first_player": "Ana", "second_player": "Ben"})
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(live_server.url + url)
    steps = Steps()
    _tap(page, steps, "Ana can keep the Hero in battle 1")
    _tap(page, steps, "Ben can keep the Hero in battle 1")
    _say(page, steps, (100, "Fire"), (110, "Steel"))
    form = page.locator("#move-run-play form")
    steps.type(form.locator("#run-play-play_name"), "Head Start")
    steps.type(form.locator("#run-play-hot_dogs_paid"), "3")
    steps.type(form.locator("#run-play-power_to_own_hero"), "20")
    _checked(page, "table-battle-arena-play-phase.png", "#move-run-play")
    with page.expect_navigation():  # a move: the table's new page
        steps.tap(form.locator("button[type=submit]"))
    page.wait_for_url(TABLE_URL)
    assert (
        page.locator(".table-log li")
        .first.inner_text()
        .startswith("Yes, Ana can run Head Start for 3 Hot Dogs.")
    )
    _tap(page, steps, "Ana passes")
    _tap(page, steps, "Ben passes")
    _tap(page, steps, "Ana wins battle 1")
    assert "Ben can keep the Hero in battle 2" not in page.content()  # Ana has honors now
    assert page.locator(".move-button", has_text="Ana can keep the Hero in battle 2").count()
    _checked(page, "table-battle-arena-playmaker-battle-2.png")
    print(f"\nPlaymaker battle 1 on the phone: {steps.taps} taps, {steps.fields} fields")
    context.close()


def _reveal(a: int, b: int) -> dict[str, Any]:
    return {
        "kind": "reveal-heroes",
        "heroes": [{"power": a, "weapon": "Steel"}, {"power": b, "weapon": "Fire"}],
    }


def test_sudden_death_on_a_phone_to_the_winner_and_the_rule(live_server: Any, browser: Any) -> None:
    _load(SLUG)
    powers = [(150, 140), (100, 100), (120, 125), (90, 95), (130, 120), (110, 100), (100, 120)]
    moves = [m for a, b in powers for m in (_reveal(a, b), {"kind": "resolve-battle"})]
    body = {"mode": "rookie", "first_player": "Ana", "second_player": "Ben"}
    url = _table(body | {"ties_allowed": False}, moves)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(live_server.url + url)
    assert page.locator("#move-reveal-heroes h2").inner_text() == (
        "Sudden Death: say the top Hero each player turned face up"
    )
    _checked(page, "table-battle-arena-sudden-death.png", "#move-reveal-heroes")
    steps = Steps()
    _say(page, steps, (120, "Steel"), (120, "Steel"))
    _tap(page, steps, "Sudden Death is tied again")
    _say(page, steps, (120, "Ice"), (130, "Fire"))
    _tap(page, steps, "Ben wins the game in Sudden Death")
    assert page.locator("#board-title").inner_text() == "Game over"
    assert page.locator("#game-over").inner_text() == (
        "Ben wins the game in Sudden Death: the revealed Hero with the higher Power wins."
    )
    assert "4.4.3.2" in page.locator("#game-over-rule footer").inner_text()
    assert page.locator(".move-form").count() == 0
    _checked(page, "table-battle-arena-sudden-death-won.png")
    print(f"\nSudden Death on the phone: {steps.taps} taps, {steps.fields} fields")
    context.close()
