"""On a phone (390 x 844), in a real browser: a player sets a card's combat spaces in the
dungeon builder to blank, a combat hazard or "not described" (a new card's default), and
"Where can I go?" walks only through what was described: a space not described is drawn
with "?", said so in the picture's words, and named in a note instead of being taken as
blank."""

from __future__ import annotations

import html
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
HQ = SLUG = "super-hazard-quest"  # SLUG: the game the `loaded` fixture loads


def _said(page: Any) -> str:
    return html.unescape(page.locator("svg.hq-board desc").first.text_content() or "")


def _room(page: Any, cell: str, **selects: str) -> None:
    with page.expect_navigation():  # a link: wait for the editor it opens
        page.locator(f"a.cell[data-cell='{cell}']").click()
    editor = page.locator("#editor")
    for name, label in selects.items():
        editor.locator(f"select[name={name.replace('_', '-')}]").select_option(label=label)
    with page.expect_navigation():  # the form reloads the page
        editor.get_by_role("button", name="Save this room").click()


def test_player_leaves_a_combat_space_not_described_and_the_path_finder_says_so(
    loaded: Any, browser: Any
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{HQ}/tools/reachable/")
    with page.expect_navigation():  # a link: wait for the editor it opens
        page.locator("a.cell[data-cell='0,0']").click()
    editor = page.locator("#editor")
    for space in ("left", "right"):  # a new card describes neither of its combat spaces
        select = editor.locator(f"select[name={space}]")
        assert select.input_value() == ""
        options = select.locator("option").all_inner_texts()
        assert options[:2] == ["not described", "blank"]
        assert {"Stomp", "Attack", "Defend", "Hide"} <= set(options)
    with page.expect_navigation():  # the form reloads the page
        editor.get_by_role("button", name="Save this room").click()
    # The Starting Card: a door right, its left space blank, its right space not described.
    _room(page, "0,0", exit_right="Unlock", left="blank")
    _room(page, "1,0", exit_left="Lift")
    you = page.locator("#hero-0")
    you.locator("select[name=inherent]").select_option(label="Unlock")
    with page.expect_navigation():  # the form reloads the page
        you.get_by_role("button", name="Save You").click()
    cell = page.locator("a.cell[data-cell='0,0']").inner_text()
    assert "left: blank" in cell and "right: not described" in cell
    said = _said(page)
    assert "a blank left combat space" in said
    assert "right combat space" in said and "not described" in said
    card = page.locator("svg.hq-board g[data-cell='0,0']")
    assert card.locator("rect.hq-space-unknown").count() == 1
    assert card.locator("rect.hq-space-unknown + text").text_content() == "?"
    with page.expect_navigation():  # a link: wait for the answer page, not the old one
        page.locator("#go").click()
    assert page.locator("#checkpoints li[data-cell='1,0']").count() == 0
    notes = " ".join(page.locator("p.note").all_inner_texts())
    assert "the right combat space of the Starting Card" in notes and "not taken as blank" in notes
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Described as blank, the same space opens the way to the room to its right.
    _room(page, "0,0", exit_right="Unlock", left="blank", right="blank")
    with page.expect_navigation():  # a link: wait for the answer page, not the old one
        page.locator("#go").click()
    assert page.locator("#checkpoints li[data-cell='1,0']").count() == 1
    card = page.locator("svg.hq-board g[data-cell='0,0']")
    assert card.locator("rect.hq-space-unknown").count() == 0
    # Opened again, the editor keeps each space as set.
    with page.expect_navigation():  # a link: wait for the editor it opens
        page.locator("a.cell[data-cell='0,0']").click()
    editor = page.locator("#editor")
    assert editor.locator("select[name=left]").input_value() == "blank"
    assert editor.locator("select[name=right]").input_value() == "blank"
    _room(page, "0,0", exit_right="Unlock", left="blank", right="Hide")
    cell = page.locator("a.cell[data-cell='0,0']").inner_text()
    assert "right: Hide" in cell
    context.close()
