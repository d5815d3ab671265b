"""The dark theme changes the colours of a page and nothing else, so the page walks
(tests/web/test_at_the_table.py) run only axe-core's colour rules in it: every other rule reads
the markup, the roles, names and states, and the layout, which are the same in both themes.

Shown two ways: the site's CSS switches on the theme in two blocks alone, each setting the
`color-scheme` and custom properties that hold a colour in both themes (a colour put in place
of `var()` can only be used as a colour: anywhere else it is invalid in both themes alike);
and in a real browser, on a game's page, its rules, its forms and a ruling with its picture,
at 390 and 1366 px, every element's computed style (its colours left out) and its box are the
same in the light and the dark theme."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

SLUG = "higher-lower"  # the game the `loaded` fixture loads
ROOT = Path(__file__).resolve().parents[2]
SITE_CSS = ROOT / "static" / "site.css"
THEMED = re.compile(r"theme-dark|theme-light|prefers-color-scheme")
COLOUR = re.compile(r"#[0-9a-fA-F]{3,8}")
# The files that may name the theme: the stylesheet's two blocks, theme.js (which sets the
# class the player chose before the page is drawn) and site.js (the switch, which sets it and
# words its button).
NAMING_THE_THEME = {"static/site.css", "static/theme.js", "static/site.js"}


def _blocks(css: str) -> list[tuple[tuple[str, ...], str]]:
    """Each block of declarations with the preludes it sits in (an @media's, then its
    selector's), outermost first."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found: list[tuple[tuple[str, ...], str]] = []
    stack: list[str] = []
    text = ""
    for char in css:
        if char == "{":
            stack.append(text.strip())
            text = ""
        elif char == "}":
            if text.strip():
                found.append((tuple(stack), text.strip()))
            stack.pop()
            text = ""
        elif char == ";" and not stack:
            text = ""  # an @import or @charset line
        else:
            text += char
    return found


def _declarations(body: str) -> dict[str, str]:
    pairs = (d.split(":", 1) for d in body.split(";") if d.strip())
    return {name.strip(): value.strip() for name, value in pairs}


def test_the_stylesheet_switches_on_the_theme_only_colours() -> None:
    blocks = _blocks(SITE_CSS.read_text(encoding="utf-8"))
    light = next(_declarations(body) for preludes, body in blocks if preludes == (":root",))
    themed = [(preludes, body) for preludes, body in blocks if THEMED.search(" ".join(preludes))]
    assert [preludes for preludes, _ in themed] == [
        (":root.theme-dark",),
        ("@media (prefers-color-scheme:dark)", ":root:not(.theme-light)"),
    ]
    for preludes, body in themed:
        for name, value in _declarations(body).items():
            if name == "color-scheme":
                assert value == "dark", preludes
                continue
            assert name.startswith("--"), f"{preludes}: {name} is not a colour"
            assert COLOUR.fullmatch(value), f"{preludes}: {name}: {value} is not a colour"
            assert COLOUR.fullmatch(light.get(name, "")), f"{name} is not a colour in :root"
    # Nothing else the site serves switches on the theme: no other stylesheet, template,
    # picture or script names it.
    served = [
        path
        for folder in ("static", "templates", "cardsdb", "games")
        for path in (ROOT / folder).rglob("*")
        if path.is_file() and path.suffix in {".css", ".js", ".html", ".svg", ".py", ".txt"}
    ]
    naming = {
        path.relative_to(ROOT).as_posix()
        for path in served
        if THEMED.search(path.read_text(encoding="utf-8", errors="replace"))
    }
    assert naming <= NAMING_THE_THEME, naming - NAMING_THE_THEME


# Every element, in document order: its tag, its box, and every computed style property with
# the colours in its value written as "C" (the custom properties' colours too; a
# color-scheme is a colour setting, left out). Kept in the page, and compared there with the
# same read again: what differs, at most four elements.
ROWS = """() => [...document.querySelectorAll('*')].map(el => {
  const style = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const row = [`${el.tagName} ${[r.x, r.y, r.width, r.height].map(v => v.toFixed(2))}`];
  for (let i = 0; i < style.length; i++) {
    const name = style[i];
    if (name === 'color-scheme') continue;
    const value = style.getPropertyValue(name);
    row.push(`${name}:${value.replace(/rgba?\\([^)]*\\)|#[0-9a-fA-F]{3,8}\\b/g, 'C')}`);
  }
  return row;
})"""
KEEP_JS = f"() => {{ window.themeRows = ({ROWS})(); return window.themeRows.length; }}"
DIFFER_JS = f"""() => {{
  const before = window.themeRows, now = ({ROWS})();
  if (before.length !== now.length) return [`${{before.length}} elements, then ${{now.length}}`];
  const out = [];
  now.forEach((row, i) => {{
    const other = before[i];
    const parts = row.filter((part, j) => part !== other[j]);
    if (parts.length || row.length !== other.length) {{
      out.push(`${{row[0]}}: ${{parts.slice(0, 3)}}`);
    }}
  }});
  return out.slice(0, 4);
}}"""

# Pages of a game that hold every kind of element the site draws: the game's page (with the
# site's header and the game's menu), the rules (the longest), the questions' forms (every
# kind of field) and, below, a ruling with its picture.
PAGES = ["", "rules/", "disputes/"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_pages_differ_only_in_colours_in_the_dark_theme(loaded: Any, browser: Any) -> None:
    from cardsdb import desk
    from tests.games.higher_lower.helpers import play, table
    from tests.web.test_at_the_table import LAPTOP, PHONE, _dark

    ruling = desk.ruling_make(
        SLUG, {"state": table(ana=[9, 5], last=7, call="higher"), "move": play(9, "lower", "Ana")}
    )
    game = f"{loaded.url}/games/{SLUG}"
    pages = [*(f"{game}/{kind}" for kind in PAGES), f"{loaded.url}{ruling.get_absolute_url()}"]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    differ = {}
    for url in pages:
        response = page.goto(url)
        assert response is not None and response.ok, url
        for size in (PHONE, LAPTOP):
            page.set_viewport_size(size)
            assert page.evaluate(KEEP_JS) > 20, url
            _dark(page, True)
            found = page.evaluate(DIFFER_JS)
            _dark(page, False)
            if found:
                differ[f"{url} at {size['width']} px"] = found
        page.set_viewport_size(PHONE)
    context.close()
    assert not differ, differ
