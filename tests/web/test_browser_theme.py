"""A dim room: the dark theme follows the phone's setting, with JavaScript or without it, and
the switch at the top of every page overrides it and is remembered on this device. A phone
screenshot of a ruling in the dark theme goes to docs/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "higher-lower"
PHONE = {"width": 390, "height": 844}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
BACKGROUND = "() => getComputedStyle(document.body).backgroundColor"
DARK_BACKGROUND = "rgb(18, 21, 28)"
LIGHT_BACKGROUND = "rgb(251, 251, 253)"


@pytest.mark.parametrize("scripts", [True, False])
def test_the_page_follows_a_phone_set_to_dark(loaded: Any, browser: Any, scripts: bool) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme="dark", java_script_enabled=scripts)
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{SLUG}/rules/")
    assert page.evaluate(BACKGROUND) == DARK_BACKGROUND
    context.close()


def test_the_switch_chooses_the_theme_and_it_is_remembered(loaded: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{SLUG}/quick/")
    assert page.evaluate(BACKGROUND) == LIGHT_BACKGROUND
    page.get_by_role("button", name="Dark theme").click()
    assert page.evaluate(BACKGROUND) == DARK_BACKGROUND
    page.goto(f"{loaded.url}/games/{SLUG}/rules/")  # another page, later: still dark
    assert page.evaluate("document.documentElement.className") == "theme-dark"
    assert page.evaluate(BACKGROUND) == DARK_BACKGROUND
    page.get_by_role("button", name="Light theme").click()
    page.reload()
    assert page.evaluate(BACKGROUND) == LIGHT_BACKGROUND
    context.close()


def test_a_ruling_in_the_dark_theme_is_screenshot_for_the_readme(loaded: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    form = page.locator("#q-can-i-play-this-card form")
    form.locator("input[name=players]").fill("4")
    form.locator("input[name=last_card]").fill("7")
    form.locator("input[name=call_in_force][value=higher]").check()
    form.locator("input[name=my_card]").fill("5")
    form.locator("input[name=cards_in_my_hand]").fill("5")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#answer")
    assert page.evaluate(BACKGROUND) == DARK_BACKGROUND
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "ruling-dark-theme.png"), full_page=True)
    context.close()
