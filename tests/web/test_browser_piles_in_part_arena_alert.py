"""Real-browser tests on a 390 px phone: a Battle Arena player asks "Can I substitute?" and
"Who wins this battle?" with "No weapon" picked, a High Alert player asks what a Requisition
card costs; the pictures say the Bench and the trade row hold the card asked about and the rest
not described, with no count shown as fact, and a Hero with no weapon as having no Super
Weapon, never "no weapon given" (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "bo-jackson-battle-arena"
PHONE = {"width": 390, "height": 844}


def _picture_text(page: Any) -> str:
    """The picture's words, a space between each piece of text: a label wrapped to the
    phone's width is several <text> lines, whose textContent would run one into the next."""
    text: str = page.locator("svg").first.evaluate(
        "s => { const w = document.createTreeWalker(s, NodeFilter.SHOW_TEXT); const out = [];"
        " while (w.nextNode()) out.push(w.currentNode.nodeValue); return out.join(' '); }"
    )
    return " ".join(text.split())


def _fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    smallest = page.evaluate(
        "Math.min(...[...document.querySelectorAll('svg text')].map("
        "t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))"
    )
    assert smallest >= 11, smallest


def test_can_i_substitute_draws_the_bench_as_the_hero_you_bring_in(loaded: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    form = page.locator("#q-can-i-substitute form")
    form.get_by_label("Battle", exact=True).fill("1")
    form.get_by_label("Hot Dogs I have left", exact=True).fill("10")
    form.get_by_label("Power of the Bench Hero I want to bring in (optional)", exact=True).fill(
        "130"
    )
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")
    assert "you can substitute" in page.locator("main").inner_text()
    drawn = _picture_text(page)
    assert "Bench (1)" not in drawn
    assert "Bench: 1 Hero given, the rest not described" in drawn
    said = page.locator("svg desc").first.text_content() or ""
    assert "the Hero you bring in, with 130 Power (the rest not described)" in said
    _fits(page)


def test_no_weapon_picked_is_drawn_as_no_weapon(loaded: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    form = page.locator("#q-who-wins-this-battle form")
    form.get_by_label("Battle", exact=True).fill("1")
    form.get_by_label("My Hero's Power", exact=True).fill("100")
    form.get_by_label("My opponent's Hero's Power", exact=True).fill("100")
    form.get_by_label("My Hero's weapon", exact=True).select_option(label="No weapon")
    form.get_by_label("My opponent's Hero's weapon", exact=True).select_option(label="Super")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")
    assert "Your opponent wins battle 1" in page.locator("main").inner_text()
    drawn = _picture_text(page)
    assert "no weapon" in drawn and "weapon not described" not in drawn
    _fits(page)
