"""At 1366 px the page walks (tests/web/test_at_the_table.py) run again only axe-core's rules
that read the page's layout (LAYOUT_RULES); the others keep what they found at 390 px when the
page shows, as it stands, that nothing they read has changed: the same document, and every
computed style value their run read (kept by TRAP_JS, which also notes any read of the layout,
in which case every rule runs again).

Shown here in a real browser: on a game's page, its questions' forms and a ruling with its
picture, and with two faults put in, what the walk finds at 390 and 1366 px is what axe-core's
whole default run finds at each width in a page it has not touched (with its own reporter);
and a media query that hides a heading at the wider width is seen as a change, so that every
rule runs again."""

from __future__ import annotations

from typing import Any

import pytest

SLUG = "higher-lower"  # the game the `loaded` fixture loads
PAGES = ["", "disputes/"]

# A heading hidden by a media query at the wider width only: what the rules that read no
# layout read (its display) changes with the width.
WIDE_ONLY_JS = """() => {
  const style = document.createElement('style');
  style.textContent = '@media (min-width: 1000px) { main h1 { display: none } }';
  document.head.append(style);
}"""


# Faults of both kinds, so that the findings compared are not all empty: a picture with no text
# alternative (a rule that reads no layout) and faint text (color-contrast, which does).
FAULTS_JS = """() => {
  const main = document.querySelector('main');
  main.insertAdjacentHTML('afterbegin',
    '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20">' +
    '<p style="color: #c8c8c8">Faint words</p>');
}"""


def _whole(browser: Any, url: str, size: dict[str, int], script: str | None = None) -> list[str]:
    """axe-core's whole default run, as axe-playwright-python runs it, in a page of its own."""
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport=size)
    page = context.new_page()
    response = page.goto(url)
    assert response is not None and response.ok, url
    if script:
        page.evaluate(script)
    result = Axe().run(page).response
    context.close()
    return sorted(
        f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in result["violations"]
    )


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_axe_at_1366_px_finds_what_its_whole_run_finds(loaded: Any, browser: Any) -> None:
    from cardsdb import desk
    from tests.games.higher_lower.helpers import play, table
    from tests.web import test_at_the_table as walk

    ruling = desk.ruling_make(
        SLUG, {"state": table(ana=[9, 5], last=7, call="higher"), "move": play(9, "lower", "Ana")}
    )
    game = f"{loaded.url}/games/{SLUG}"
    urls = [*(f"{game}/{kind}" for kind in PAGES), f"{loaded.url}{ruling.get_absolute_url()}"]
    context = browser.new_context(viewport=walk.PHONE)
    page = context.new_page()
    walk._AXE_FOUND.clear()  # every page is run here, none given from an earlier test's run
    kept = 0
    cases = [*((url, None) for url in urls), (urls[0], FAULTS_JS)]
    for url, script in cases:
        page.goto(url)
        if script:
            page.evaluate(script)
        if not walk._RULES:
            walk._axe(page)  # the worker's first whole run names the rules
            walk._AXE_FOUND.clear()
        phone, steady = walk._axe_split(page)
        page.set_viewport_size(walk.LAPTOP)
        wide = walk._axe_wider(page, steady)
        page.set_viewport_size(walk.PHONE)
        kept += steady is not None
        assert sorted(phone) == _whole(browser, url, walk.PHONE, script), url
        assert sorted(wide) == _whole(browser, url, walk.LAPTOP, script), url
        if script:
            assert {v.split(":")[0] for v in wide} >= {"image-alt", "color-contrast"}, wide
    # the rules that read no layout read none on these pages, so their findings were kept
    assert kept == len(cases)

    page.goto(urls[0])
    page.evaluate(WIDE_ONLY_JS)
    walk._axe_split(page)
    assert page.evaluate(walk.STYLE_READS_CHANGED_JS) == []
    page.set_viewport_size(walk.LAPTOP)
    assert page.evaluate(walk.STYLE_READS_CHANGED_JS), "a heading hidden at 1366 px unseen"
    context.close()
    walk._AXE_FOUND.clear()
