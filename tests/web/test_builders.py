"""The tools without JSON, on a phone: a Super Hazard Quest dungeon built by tapping its grid
and asked "Where can I go?", and a Hyperstar Run level described card by card and asked
"What's my best line?"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def _load(slug: str) -> None:
    from django.conf import settings

    from cardsdb.loaders import fixtures_load
    from cardsdb.models import Game

    if not Game.objects.filter(slug=slug).exists():
        fixtures_load([Path(settings.FIXTURES_DIR) / slug])


def test_player_builds_a_dungeon_by_tapping_the_grid_and_asks_where_they_can_go(
    live_server: Any, browser: Any
) -> None:
    _load("super-hazard-quest")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/super-hazard-quest/tools/reachable/")
    # The Starting Card: an exit on the right asking for Unlock.
    with page.expect_navigation():  # a link: wait for the editor it opens
        page.locator("a.cell[data-cell='0,0']").click()
    editor = page.locator("#editor")
    editor.locator("select[name=exit-right]").select_option(label="Unlock")
    # Its two combat spaces, between the flag and the door, are blank (a new room leaves
    # them not described, and the path finder does not walk through those).
    editor.locator("select[name=left]").select_option(label="blank")
    editor.locator("select[name=right]").select_option(label="blank")
    with page.expect_navigation():  # the form reloads the page
        editor.get_by_role("button", name="Save this room").click()
    # A room to its right, entered from the left, with a Checkpoint.
    with page.expect_navigation():  # a link: wait for the editor it opens
        page.locator("a.cell[data-cell='1,0']").click()
    editor = page.locator("#editor")
    editor.locator("select[name=exit-left]").select_option(label="Lift")
    with page.expect_navigation():  # the form reloads the page
        editor.get_by_role("button", name="Save this room").click()
    # You: Inherent Action Unlock, standing on the Starting Card.
    you = page.locator("#hero-0")
    you.locator("select[name=inherent]").select_option(label="Unlock")
    with page.expect_navigation():  # the form reloads the page
        you.get_by_role("button", name="Save You").click()
    assert "d=" in page.url and "h=" in page.url  # the board is in the address
    built = page.url
    with page.expect_navigation():  # a link: wait for the answer page, not the old one
        page.locator("#go").click()
    summary = page.locator("#reach-summary").inner_text()
    assert "Your hero stands on the Starting Card" in summary
    assert page.locator("#checkpoints li[data-cell='1,0']").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # The same address brings the same dungeon back.
    page.goto(built)
    assert "← Lift" in page.locator("a.cell[data-cell='1,0']").inner_text()
    # The JSON stays behind "For developers".
    assert not page.locator("textarea[name=state]").is_visible()
    context.close()


def test_player_describes_a_level_card_by_card_and_asks_for_the_best_line(
    live_server: Any, browser: Any
) -> None:
    _load("hyperstar-run")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/hyperstar-run/")
    with page.expect_navigation():  # a link: wait for its page
        page.locator("nav.gamenav a", has_text="Best line").click()
    form = page.locator("#level-form")
    form.locator("select[name=difficulty]").select_option(label="Tutorial")
    with page.expect_navigation():  # the form reloads the page
        form.get_by_role("button", name="Update the cards").click()
    form = page.locator("#level-form")
    for name, value in {
        "L1-buttons": "A",
        "L1-enemy": "A",
        "L2-buttons": "B",
        "L2-enemy": "B *",
        "H1-buttons": "A",
        "H2-buttons": "B",
        "H3-buttons": "A",
        "E1": "A B",
        "E2": "C D",
    }.items():
        form.locator(f"input[name={name}]").fill(value)
    with page.expect_navigation():  # the answer is a new page
        form.get_by_role("button", name="What's my best line?").click()
    this_run = page.locator("#this-run").inner_text()
    assert "past 2 cards" in this_run and "was not described" in this_run
    assert page.locator("#this-run-line li.step").count() == 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert "L1-buttons=A" in page.url  # the level is in the address
    context.close()
