"""On a phone (390 x 844), in a real browser: a player asks "Was I wounded?" in the game's
words and reads the answer with the deciding rule quoted, on a picture that draws only the
two cards the question described (no opponent placed, no wall made up); and a player sets a
card's sides in the dungeon builder to an exit, a wall or "not described"."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
HQ = SLUG = "super-hazard-quest"  # SLUG: the game the `loaded` fixture loads


def _fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    small = page.evaluate(
        """() => [...document.querySelectorAll('svg text')].filter(t => t.getClientRects().length)
             .map(t => [t.textContent.trim(),
                        parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])
             .filter(([text, px]) => text && px < 11)"""
    )
    assert not small, small


def _said(page: Any) -> str:
    return html.unescape(page.locator("svg.hq-board desc").first.text_content() or "")


def test_player_walks_into_a_dead_end_and_is_told_they_are_wounded(
    loaded: Any, browser: Any
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{HQ}/disputes/")
    form = page.locator("#q-was-i-wounded form")
    form.get_by_label("The card you drew and walked into", exact=True).select_option(
        label="A Dead End"
    )
    form.get_by_label("Red crystals you hold", exact=True).fill("2")
    form.get_by_label("Blue crystals you hold", exact=True).fill("0")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#answer")
    answer = page.locator("#answer").inner_text()
    assert "Your hero is wounded: the card you drew is a Dead End." in answer, answer
    assert "loses all its crystals" in answer
    assert "Rule 8.4" in page.locator("#deciding").inner_text()  # Hitting a Dead End
    # The picture: your card and the card entered; your opponent is not drawn, and no side
    # of either card is drawn as a wall nobody described.
    board = page.locator("svg.hq-board").first
    assert board.locator("g.hq-token[data-player='Your opponent']").count() == 0
    assert board.locator("g.hq-token[data-player='You']").count() == 1
    assert board.locator("g.hq-unknown[data-cell='1,0']").count() == 1  # yours: not described
    assert board.locator("g.hq-ghost[data-cell='0,0'] line.hq-side-unknown").count() == 4
    assert board.locator("line.hq-wall").count() == 0
    said = _said(page)
    assert "opponent" not in said  # the question said nothing of them: not described either
    assert "The card drawn on the way has a Dead End." in said
    assert "Super Item" not in said and "Unlock" not in said  # nothing made up in your hand
    _fits(page)
    context.close()


def test_player_passes_a_hazard_in_the_new_room_with_a_super_item_and_is_not_wounded(
    loaded: Any, browser: Any
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{HQ}/disputes/")
    form = page.locator("#q-was-i-wounded form")
    form.get_by_label("The card you drew and walked into", exact=True).select_option(
        label="A Checkpoint, behind one combat hazard"
    )
    form.locator("fieldset", has_text="The combat hazard in your way").get_by_label(
        "Hide", exact=True
    ).check()
    form.get_by_label("An item you have not used yet this turn", exact=True).select_option(
        label="Super Item"
    )
    form.get_by_label("The item's action", exact=True).select_option(label="Hide")
    form.get_by_label("Red crystals you hold", exact=True).fill("0")
    form.get_by_label("Blue crystals you hold", exact=True).fill("0")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#answer")
    answer = page.locator("#answer").inner_text()
    assert answer.startswith("Your hero is not wounded"), answer
    assert "Rule 8.1" in page.locator("#deciding").inner_text()
    said = _said(page)
    assert "You hold a Super Item (Hide) and 4 items not shown." in said
    _fits(page)
    context.close()


def test_player_sets_a_wall_an_exit_and_leaves_the_other_sides_not_described(
    loaded: Any, browser: Any
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{loaded.url}/games/{HQ}/tools/reachable/")
    with page.expect_navigation():  # a link: wait for the editor it opens
        page.locator("a.cell[data-cell='0,0']").click()
    editor = page.locator("#editor")
    for side in ("up", "down", "left", "right"):  # a new card describes none of its sides
        assert editor.locator(f"select[name=exit-{side}]").input_value() == ""
    editor.locator("select[name=exit-right]").select_option(label="Unlock")
    editor.locator("select[name=exit-up]").select_option(label="wall")
    with page.expect_navigation():  # the form reloads the page
        editor.get_by_role("button", name="Save this room").click()
    cell = page.locator("a.cell[data-cell='0,0']").inner_text()
    assert "→ Unlock" in cell and "↑ wall" in cell and "↓ ← not described" in cell
    said = _said(page)
    assert "an exit right with an Unlock hazard and a wall up" in said
    assert re.search(r"Its down and left sides[^.]* not described", said), said
    assert "Where your opponent stands was not described." in said
    card = page.locator("svg.hq-board g[data-cell='0,0']")
    assert card.locator("line.hq-side-unknown").count() == 2
    # Opened again, the editor keeps each side as set.
    with page.expect_navigation():  # a link: wait for the editor it opens
        page.locator("a.cell[data-cell='0,0']").click()
    editor = page.locator("#editor")
    assert editor.locator("select[name=exit-up]").input_value() == "wall"
    assert editor.locator("select[name=exit-left]").input_value() == ""
    assert editor.locator("select[name=exit-right]").input_value() == "unlock"
    opponent = page.locator("#hero-1")
    assert opponent.locator("select[name=at]").input_value() == ""  # not described
    _fits(page)
    context.close()
