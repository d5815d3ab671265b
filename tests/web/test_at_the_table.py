"""At the table, on a phone (390 x 844), in a real browser: for every game a player asks the
most common question with printed names (no JSON), reads the answer in plain words and opens
the view they show their opponent; then every kind of page of that game is walked and must fit
the phone (no element wider than the screen, tap targets of 44 x 44 px, table headers broken
only between words, pictures within their column), keep picture text readable, show no
internal words and pass axe-core at 390 and 1366 px, and its colour rules in the dark theme
(which changes colours only). Three phone screenshots are saved under docs/screenshots/ for
the README."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin, urlparse

import pytest
from playwright.sync_api import expect

from tests.web.steps import Steps

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
PAGE_KINDS = ["", "quick/", "disputes/", "rules/", "glossary/", "clarifications/", "cards/"]
PAGE_KINDS += ["sources/"]

# Words of the machinery that must not reach a player's page (visible text only: what a
# "for developers" disclosure holds stays closed).
INTERNAL = [
    r"\bseeds?\b",
    r"\bfixtures?\b",
    r"\badjudicat\w*",
    r"\bengines?\b",
    r"\btranscri\w*",
    r"\b\d{3}_[0-9a-f]{16}\.txt\b",
    r"\b[\w-]+\.(?:md|json|csv|toml|py)\b",
    r"@[0-9a-f]{12,40}\b",
    r"\{'",
    r"[:=\[(,]\s*None\b",  # a Python value shown as is
    r"0 cards in the database",
    r"\b[a-z]+_[a-z_]+: ",  # a setting name: `max_heroes_per_power: 6`
    r"You's",
    r"\b[a-z]+(?:-[a-z]+)+:\d",  # a rule's key (`star-realms-high-alert:3.2`), not its number
    r"\b[a-z]+(?:-[a-z]+)+:[a-z]+(?:-[a-z]+)+\b",  # a clarification's key
    r"\b(?:any-future-item|any-discarded-item|red-crystal|blue-crystal)\b",  # slugs as words
    r"\bitem-\d\b",
    r"\bcan You\b",  # a player's name "You" where "you" is meant
    r"Played as: \w+ Mode",
    r"\b1 (?:Plays|Heroes|Hot Dogs)\b",
    r"rules data version",
    r"\ba Alignment\b",
    r'"play_area"|"id": "|State of the API schema',  # JSON out in the open
    r"\b[A-Z]\d+ · (?:level|equip)\b",
    r"\bbtn\b",
    r"\bcont \?",
    r"States explored",
    r"solved in [\d.]+ ms",
    r"\b[Rr]uling [a-z0-9]{10}\b",  # a ruling's permalink id said as its name
    r"\b[LE]\d{1,2}\b",  # a Hyperstar Run card by its label (L11, E1), not by its place
    r"\(item [\w-]+\)",  # an item by the label the JSON gives it
]

# Pictures are read too: their text alternative and the titles a pointer hovers over must not
# name a grid a player never saw.
PICTURE_INTERNAL = [*INTERNAL, r"\(-?\d+, -?\d+\)"]


def _load(slug: str) -> None:
    from django.conf import settings

    from cardsdb.loaders import fixtures_load
    from cardsdb.models import Game

    if not Game.objects.filter(slug=slug).exists():
        fixtures_load([Path(settings.FIXTURES_DIR) / slug])


def _fill_higher_lower(form: Any, steps: Steps) -> None:
    # The player's facts open empty (no made-up board): how many play, the card on the
    # table, the call, the card you lay and how many you hold.
    steps.type(form.locator("input[name=players]"), "4")
    steps.type(form.locator("input[name=last_card]"), "7")
    steps.check(
        form.locator("fieldset", has_text="The call you must follow").get_by_label(
            "Higher", exact=True
        )
    )
    steps.type(form.locator("input[name=my_card]"), "5")
    steps.type(form.locator("input[name=cards_in_my_hand]"), "5")


def _fill_high_alert(form: Any, steps: Steps) -> None:
    card = form.get_by_label("The card whose ally ability you want to use", exact=True)
    steps.choose(card, "Hellfire")
    steps.check(form.get_by_label("Ally ability", exact=True))
    # The other card in play, by its printed name (the form opens with none): its faction is
    # worked out from the card.
    steps.pick(form.locator("input[name=cards_in_play]").first, "arse", "Arsenal")


def _fill_battle_arena(form: Any, steps: Steps) -> None:
    assert form.get_by_label("Playmaker", exact=True).is_checked()  # as the form opens
    steps.type(form.get_by_label("Battle", exact=True), "1")
    # The Hero by its printing: its Power and weapon are the card's, and no longer asked.
    hero = form.get_by_label("My Hero (optional)", exact=True)
    steps.pick(hero, "band", "Bandelero BL-G55")
    power = form.get_by_label("My Hero's Power", exact=True)
    assert power.input_value() == "120" and power.is_hidden()
    steps.type(form.get_by_label("My opponent's Hero's Power", exact=True), "110")


def _fill_hyperstar(form: Any, steps: Steps) -> None:
    steps.check(form.get_by_label("Standard", exact=True))
    steps.type(form.get_by_label("Your run", exact=True), "1")
    steps.type(form.get_by_label("The card your hero is on", exact=True), "3")
    steps.type(form.get_by_label("The card you want to press", exact=True), "1")
    steps.type(form.get_by_label("Its button", exact=True), "A")
    steps.check(form.get_by_label("I have already pressed it this run", exact=True))


def _fill_hazard_quest(form: Any, steps: Steps) -> None:
    steps.choose(form.get_by_label("The hazard in your way", exact=True), "Attack")
    steps.choose(form.get_by_label("The item you want to pass it with", exact=True), "Super Item")
    steps.choose(form.get_by_label("The item's action", exact=True), "Attack")
    steps.choose(form.get_by_label("Your hero's Inherent Action", exact=True), "Lift")


# slug -> (question, how a player fills it in, words the answer must hold)
ASKED: dict[str, tuple[str, Callable[[Any, Steps], None], str]] = {
    "higher-lower": ("can-i-play-this-card", _fill_higher_lower, "not higher than the 7"),
    "star-realms-high-alert": ("ally-live", _fill_high_alert, "Hellfire"),
    "bo-jackson-battle-arena": ("who-wins-this-battle", _fill_battle_arena, "attle 1"),
    "hyperstar-run": ("can-i-press", _fill_hyperstar, "press"),
    "super-hazard-quest": ("pass-hazard", _fill_hazard_quest, "Checkpoint"),
}
# The most common question of every game, asked on a phone, takes at most this long by the
# steps counted (tests/web/steps.py).
MOST_SECONDS = 25


# Each picture text's fill against the shape painted under its middle: the last filled shape
# before it in the picture (SVG paints in document order) whose box holds that point (WCAG).
CONTRAST_JS = """() => {
  const rgb = c => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c || "");
    if (!m) return null;
    const p = m[1].split(",").map(Number);
    return p.length > 3 && p[3] === 0 ? null : p.slice(0, 3);
  };
  const lum = c => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => {
    const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  const out = [];
  for (const svg of document.querySelectorAll("svg")) {
    const shapes = [...svg.querySelectorAll("rect, circle, ellipse, path, polygon")]
      .filter(el => !el.closest("defs, marker, clipPath, mask, pattern"))
      .map(el => {
        const style = getComputedStyle(el);
        const fill = style.fillOpacity === "0" || style.opacity === "0" ? null : rgb(style.fill);
        return {el, fill, box: el.getBoundingClientRect()};
      })
      .filter(s => s.fill);
    for (const t of svg.querySelectorAll("text")) {
      if (!t.getClientRects().length || !t.textContent.trim()) continue;
      const fg = rgb(getComputedStyle(t).fill);
      if (!fg) continue;
      const r = t.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      let bg = null;
      for (const s of shapes) {
        if (!(s.el.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)) break;
        const b = s.box;
        if (x >= b.left && x <= b.right && y >= b.top && y <= b.bottom) bg = s.fill;
      }
      const contrast = ratio(fg, bg || [255, 255, 255]);
      if (contrast < 4.5) out.push([t.textContent.trim().slice(0, 30), contrast.toFixed(2)]);
    }
  }
  return out.slice(0, 8);
}"""


# Controls a thumb must hit, each at least 44 x 44 CSS px (WCAG 2.5.5): buttons, fields, menus,
# disclosures, the navigation's links and link buttons. A checkbox or radio is hit through its
# label; a link inside a sentence is exempt (WCAG's inline exception).
TAP_TARGETS_JS = """() => {
  const out = [];
  const seen = new Set();
  const sel = 'button, input:not([type=hidden]), select, textarea, summary, nav a[href], ' +
              'a.button, header a[href]';
  for (let el of document.querySelectorAll(sel)) {
    if (['checkbox', 'radio'].includes(el.type) && el.closest('label')) el = el.closest('label');
    if (seen.has(el) || !el.getClientRects().length) continue;
    seen.add(el);
    const style = getComputedStyle(el);
    const folded = el.closest('[hidden], details:not([open]) > :not(summary)');
    if (style.visibility === 'hidden' || folded) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      const name = (el.innerText || el.value || el.name || el.getAttribute('aria-label') || '');
      out.push(`${el.tagName.toLowerCase()} ${name.trim().slice(0, 25)} ` +
               `${Math.round(r.width)}x${Math.round(r.height)}`);
    }
  }
  return out.slice(0, 8);
}"""

# A table header broken inside a word: two letters of one word drawn on different lines.
BROKEN_HEADERS_JS = """() => {
  const out = [];
  for (const th of document.querySelectorAll('th')) {
    if (!th.getClientRects().length) continue;
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    let previous = null;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent;
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!/\\w/.test(text[i]) || !rect) { previous = null; continue; }
        if (previous !== null && rect.top > previous + 2) {
          out.push(th.innerText.trim().slice(0, 30));
          break;
        }
        previous = rect.top;
      }
    }
  }
  return [...new Set(out)].slice(0, 5);
}"""

# A picture wider than the column it sits in (scrolled sideways or cut off).
WIDE_PICTURES_JS = """() => [...document.querySelectorAll('main svg')]
  .filter(svg => svg.getClientRects().length)
  .map(svg => {
    const column = document.querySelector('main').getBoundingClientRect();
    const padding = parseFloat(getComputedStyle(document.querySelector('main')).paddingRight);
    const r = svg.getBoundingClientRect();
    return [svg.getAttribute('aria-label') || svg.id || 'picture', r.left, r.right,
            column.left, column.right - padding];
  })
  .filter(([, left, right, colLeft, colRight]) => left < colLeft - 1 || right > colRight + 1)
  .map(([name, left, right]) => `${name.slice(0, 30)} ${Math.round(right - left)} px`)
  .slice(0, 5)"""


# Picture text running past its picture's edge (cut off, or drawn over the page beside it).
CUT_OFF_JS = """() => [...document.querySelectorAll('main svg')]
  .filter(svg => svg.getClientRects().length)
  .flatMap(svg => {
    const box = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('text')]
      .filter(t => t.getClientRects().length && t.textContent.trim())
      .filter(t => {
        const r = t.getBoundingClientRect();
        return r.right > box.right + 1 || r.left < box.left - 1;
      })
      .map(t => t.textContent.trim().slice(0, 30));
  })
  .slice(0, 5)"""


# Games whose pictures still draw a line past their edge on some page (none: each picture
# module wraps its lines to its width).
CUT_OFF_STILL: set[str] = set()


def _problems(page: Any) -> list[str]:
    """What is wrong with the page as a phone shows it."""
    found = []
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size["width"]
    if width > viewport:
        found.append(f"{width} px wide on a {viewport} px screen")
    small = page.evaluate(
        """() => [...document.querySelectorAll('svg text')].filter(t => t.getClientRects().length)
             .map(t => [t.textContent.trim(),
                        parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])
             .filter(([text, px]) => text && px < 11)
             .slice(0, 5)"""
    )
    if small:
        found.append(f"picture text under 11 px: {small}")
    undescribed = page.evaluate(
        """() => [...document.querySelectorAll('svg.board')]
             .filter(svg => (svg.querySelector('desc')?.textContent || '').length < 40)
             .map(svg => svg.getAttribute('aria-label'))"""
    )
    if undescribed:
        found.append(f"pictures whose text alternative does not say the position: {undescribed}")
    small_targets = page.evaluate(TAP_TARGETS_JS)
    if small_targets:
        found.append(f"tap targets under 44 x 44 px: {small_targets}")
    broken = page.evaluate(BROKEN_HEADERS_JS)
    if broken:
        found.append(f"table headers broken inside a word: {broken}")
    wide = page.evaluate(WIDE_PICTURES_JS)
    if wide:
        found.append(f"pictures wider than their column: {wide}")
    cut = page.evaluate(CUT_OFF_JS)
    game = re.search(r"/games/([^/]+)/", page.url)
    if cut and not (game and game.group(1) in CUT_OFF_STILL):
        found.append(f"picture text cut off at its edge: {cut}")
    faint = page.evaluate(CONTRAST_JS)
    if faint:
        found.append(f"picture text under 4.5:1 contrast: {faint}")
    # Every visible word, the reasons' details too.
    text = page.evaluate(
        """() => {
          const opened = [...document.querySelectorAll('details.developers[open]')];
          opened.forEach(d => { d.open = false; });
          const text = document.body.innerText;
          opened.forEach(d => { d.open = true; });
          return text;
        }"""
    )
    for pattern in INTERNAL:
        hit = re.search(pattern, text)
        if hit:
            start = max(0, hit.start() - 40)
            found.append(f"internal word {hit.group(0)!r}: …{text[start : hit.end() + 40]}…")
    said = page.evaluate(
        """() => [...document.querySelectorAll('svg.board desc, svg.board title')]
             .map(t => t.textContent).join(' | ')"""
    )
    for pattern in PICTURE_INTERNAL:
        hit = re.search(pattern, said)
        if hit:
            start = max(0, hit.start() - 40)
            found.append(f"picture says {hit.group(0)!r}: …{said[start : hit.end() + 40]}…")
    return found


# Everything axe-core's rules can read of a page, for telling that a page was checked before:
# the whole document as it stands (its markup, the theme's class on <html>, the stylesheets
# it links), what is typed or ticked in its fields, the elements in a state CSS can style
# (focused, under the pointer, pressed, the URL's target), the window's size, pixel ratio and
# scroll, and the media features its CSS can ask about. Null when the page holds what its
# markup does not show (a frame, a shadow root, a canvas).
RENDERED_JS = """() => {
  if (document.querySelector('iframe, frame, object, embed, canvas') ||
      [...document.querySelectorAll('*')].some(el => el.shadowRoot)) return null;
  const fields = [...document.querySelectorAll('input, select, textarea')]
    .map(el => [el.value, el.checked, el.selectedIndex]);
  const all = [...document.querySelectorAll('*')];
  const states = [':focus', ':focus-visible', ':focus-within', ':hover', ':active', ':target']
    .map(state => [...document.querySelectorAll(state)].map(el => all.indexOf(el)));
  const media = ['(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)',
                 '(hover: hover)', '(pointer: coarse)', '(forced-colors: active)',
                 '(prefers-contrast: more)', 'print']
    .map(q => matchMedia(q).matches);
  return JSON.stringify([document.documentElement.outerHTML, fields, states,
    all.indexOf(document.activeElement), innerWidth, innerHeight, devicePixelRatio,
    scrollX, scrollY, media, document.styleSheets.length]);
}"""

# axe-core's findings on each rendered page this worker has checked, by the page and the rules
# run (see _axe).
_AXE_FOUND: dict[str, list[str]] = {}

# axe-core's colour rules: those of its default run tagged "cat.color" (color-contrast and
# link-in-text-block with axe-core 4), read from the first whole run of this worker.
_COLOUR_RULES: list[str] = []


# axe-core run on the document: each violation's rule and its first three elements, and the
# rules it ran tagged "cat.color" (every rule run is listed under one of the four kinds).
AXE_RUN_JS = """options => axe.run(document, options).then(r => ({
  violations: r.violations.map(v => ({id: v.id, targets: v.nodes.slice(0, 3).map(n => n.target)})),
  colours: [...r.violations, ...r.passes, ...r.incomplete, ...r.inapplicable]
    .filter(rule => rule.tags.includes('cat.color')).map(rule => rule.id),
}))"""


def _axe(page: Any, colours_only: bool = False, colours: bool = True) -> list[str]:
    """What axe-core finds on the page as it stands: every rule of its default run, or with
    `colours_only` its colour rules alone (the dark theme, which changes nothing but colours:
    tests/web/test_dark_theme_colours_only.py), or without `colours` every rule but those.
    A page identical in everything axe reads
    (RENDERED_JS: the same markup, field values, focus, window and media, served by the same
    site with the same stylesheets, so the same layout and colours) gives the findings of its
    first check with the same rules again, as a second run would: its rules read nothing else.
    The walks reach a few such pages twice (a tool's page, and its answer to the input it opens
    with)."""
    from axe_playwright_python.sync_playwright import Axe

    if (colours_only or not colours) and not _COLOUR_RULES:
        raise AssertionError("axe's colour rules are read from a whole run: run one first")
    rules = list(_COLOUR_RULES) if colours_only else None
    left_out = [] if colours else list(_COLOUR_RULES)
    rendered = page.evaluate(RENDERED_JS)
    key = None
    if rendered is not None:
        key = hashlib.sha256(f"{rules}\n{left_out}\n{rendered}".encode()).hexdigest()
        if key in _AXE_FOUND:
            return list(_AXE_FOUND[key])
    axe = Axe()
    # axe's script once per document: the checks of one page (its themes and widths) reuse it
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe.axe_script)
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if rules is not None:
        options["runOnly"] = {"type": "rule", "values": rules}
    if left_out:
        options["rules"] = {rule: {"enabled": False} for rule in left_out}
    # only what is read here comes back from the page (the whole result, every rule that
    # passed included, is about 56 kB to serialize, send, check and parse for each run)
    response = page.evaluate(AXE_RUN_JS, options)
    if rules is None and not _COLOUR_RULES:
        _COLOUR_RULES.extend(sorted(set(response["colours"])))
        assert _COLOUR_RULES, "axe-core ran no colour rule"
    found = [f"{v['id']}: {v['targets']}" for v in response["violations"]]
    if key is not None:
        _AXE_FOUND[key] = found
    return list(found)


@pytest.mark.parametrize("slug", list(ASKED))
def test_player_asks_with_printed_names_gets_plain_answer_and_every_page_fits_a_phone(
    live_server: Any, browser: Any, slug: str
) -> None:
    _load(slug)
    question, fill, words = ASKED[slug]
    context = browser.new_context(viewport=PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()

    # The question, as a player asks it: no JSON, no slugs.
    page.goto(f"{live_server.url}/games/{slug}/disputes/")
    page.locator(".question-list").get_by_role("link", name=re.compile(".")).first.wait_for()
    form = page.locator(f"#q-{question} form")
    steps = Steps(form)
    fill(form, steps)
    with page.expect_navigation():  # the answer is a new page
        steps.tap(form.locator("button[type=submit]"))
    print(f"\n{slug}, the most common question: {steps.said()}")
    assert steps.seconds <= MOST_SECONDS, steps.said()
    page.wait_for_selector("#answer")
    answer = page.locator("#answer").inner_text()
    assert words in answer, answer
    assert answer[:40] in page.title()  # the page's title carries the answer
    assert page.locator("#deciding").count() == 1  # the deciding rule, quoted
    ruling_url = page.url

    # "Show your opponent": the answer fills the screen; Share copies the link here (no Web
    # Share API in headless Chromium).
    page.locator("#show-opponent").click()
    # shown to the opponent, the answer speaks to them: "you" is now the one holding the phone
    # (`expect` waits for the link's #show to take effect before the box is measured)
    expect(page.locator("#answer")).to_be_hidden()
    shown = page.locator("#show")
    box = shown.bounding_box()
    assert box and box["width"] >= 380 and box["height"] >= 800
    turned = page.locator("#answer-them").inner_text()
    if re.search(r"\byou\b", answer, re.IGNORECASE):
        assert re.search(r"\byour opponent\b", turned, re.IGNORECASE), (answer, turned)
    page.locator("#share").click()
    page.wait_for_selector("#share-status:not(:empty)")
    assert page.evaluate("navigator.clipboard.readText()") == ruling_url.split("#")[0]

    if slug in ("higher-lower", "bo-jackson-battle-arena"):
        # "What can I do now?": every legal move in the position, in words.
        page.goto(ruling_url)
        with page.expect_navigation():  # a link: wait for its page
            page.get_by_role("link", name="What can I do now?").click()
        moves = page.locator("ol.what-now li").all_inner_texts()
        assert moves and all("{" not in m for m in moves), moves
        page.goto(ruling_url)

    if slug == "higher-lower":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.goto(ruling_url.split("#")[0] + "#show")
        page.screenshot(path=str(SCREENSHOTS / "ruling-show-your-opponent.png"))

    if slug == "higher-lower":
        page.goto(f"{live_server.url}/games/{slug}/disputes/#q-{question}")
        page.screenshot(path=str(SCREENSHOTS / "question-form.png"))
        page.goto(f"{live_server.url}/games/{slug}/quick/")
        page.screenshot(path=str(SCREENSHOTS / "quick-reference.png"))
    context.close()


def _dark(page: Any, on: bool) -> None:
    """The dark theme as the switch sets it (a class on <html>)."""
    page.evaluate("on => document.documentElement.classList.toggle('theme-dark', on)", on)


# The kinds of page checked for colours and at laptop width (see _check_here).
_KINDS_CHECKED: set[str] = set()


def _kind(page: Any) -> str:
    """The kind of page: its path with the one thing it shows (a ruling, a deck, a card, a
    table) left out, and the verdict it shows (each verdict has its colours)."""
    path = re.sub(r"/(rulings|decks|cards|tables)/[^/]+/", r"/\1/*/", urlparse(page.url).path)
    verdicts = page.evaluate(
        """() => [...new Set([...document.querySelectorAll('[class*="verdict-"]')]
             .flatMap(el => [...el.classList].filter(c => c.startsWith('verdict-'))))].sort()"""
    )
    return f"{path} {' '.join(verdicts)}"


def _check_here(page: Any, where: str, problems: dict[str, list[str]]) -> None:
    """The page as it stands, at phone width and then laptop width, resized in place so that
    a page answering a form is checked as the player sees it. What a page's words and markup
    decide (axe-core's rules but its colour rules; words and pictures that overflow or are cut
    off) is checked on every page at both widths. Colours and layout are the stylesheets' for
    a kind of page, so axe-core's colour rules, the dark theme (its colour rules: the theme
    changes the page's colours and nothing else, tests/web/test_dark_theme_colours_only.py)
    and axe-core at laptop width run on the first page of each kind and verdict."""
    kind = _kind(page)
    new = kind not in _KINDS_CHECKED
    _KINDS_CHECKED.add(kind)
    found = _problems(page) + _axe(page, colours=new or not _COLOUR_RULES)
    if new:
        _dark(page, True)
        found += [f"dark: {v}" for v in _axe(page, colours_only=True)]
        _dark(page, False)
    page.set_viewport_size(LAPTOP)
    found += [f"at 1366 px: {v}" for v in _problems(page) + (_axe(page) if new else [])]
    page.set_viewport_size(PHONE)
    if found:
        problems[where] = found


def _visit(page: Any, url: str, problems: dict[str, list[str]]) -> bool:
    response = page.goto(url)
    if response is None or not response.ok:
        problems[url] = [f"HTTP {response.status if response else 'no answer'}"]
        return False
    _check_here(page, url, problems)
    return True


def _path(page: Any) -> str:
    return str(page.evaluate("location.pathname + location.search"))


def _say_the_facts(form: Any, question: Any) -> None:
    """Fill the player's facts a form opens without (`Question.blank`) with its worked
    example (the form model's defaults), as a player says them."""
    example = question.form()
    for name in question.blank:
        value = getattr(example, name)
        boxes = form.locator(f'[name="{name}"]')
        # a list typed by names has a few boxes of that name: the first takes them all,
        # separated by commas; a multi-line box takes one a line
        joiner = ", " if boxes.count() > 1 else "\n"
        text = joiner.join(map(str, value)) if isinstance(value, list) else str(value)
        boxes.first.fill(text)


def _walk_questions(page: Any, game: str, slug: str, problems: dict[str, list[str]]) -> None:
    """Every question of the game, sent as its form first shows it with the player's facts it
    leaves empty said, then its ruling page and every page that ruling's buttons open."""
    from games.core.registry import registry

    below: list[str] = []
    for question in registry[slug].questions:
        page.goto(f"{game}/disputes/")
        if question.hand_over:  # a tool's page answers it better: the question links it
            hand_over = page.locator(f"#q-{question.slug} .hand-over a")
            if not hand_over.count():
                problems[f"question {question.slug!r}"] = ["no link to the page it hands over to"]
            below += [hand_over.first.get_attribute("href") or ""] if hand_over.count() else []
        form = page.locator(f"#q-{question.slug} form")
        _say_the_facts(form, question)
        with page.expect_navigation():
            form.locator("button[type=submit]").click()
        where = f"question {question.slug!r} with its worked example said"
        if f"/games/{slug}/rulings/" not in page.url:
            error = page.locator(".error, .has-error").all_inner_texts()
            problems[where] = [f"gives no ruling: {error}"]
            continue
        _check_here(page, f"{where}: {_path(page)}", problems)
        below += page.eval_on_selector_all(
            "nav.ruling-tools a[href]", "links => links.map(a => a.href)"
        )
    for url in dict.fromkeys(below):
        _visit(page, urljoin(game, url), problems)


def _walk_tools(page: Any, game: str, slug: str, problems: dict[str, list[str]]) -> None:
    """Every tool's own page, and what it answers to the input it opens with; a tool that
    keeps its answers (a deck) is sent its documented example and its permalink walked."""
    from games.core.registry import registry

    for tool in registry[slug].tools.values():
        if tool.page is not None and _visit(page, f"{game}/tools/{tool.slug}/", problems):
            main = page.locator("main")
            ask = main.get_by_role("button", name=tool.title, exact=True)
            ask = ask.or_(main.get_by_role("link", name=tool.title, exact=True))
            if not ask.count():
                problems[f"tool {tool.slug!r}"] = [f"no button {tool.title!r} on its page"]
                continue
            with page.expect_navigation():
                ask.first.click()
            _check_here(page, f"tool {tool.slug!r} answered: {_path(page)}", problems)
        if tool.permalink and _visit(page, f"{game}/{tool.permalink}/", problems):
            form = page.locator(f'main form[action$="/{tool.permalink}/"]')
            for name, value in (tool.example or {}).items():
                field = form.locator(f'[name="{name}"]')
                if not isinstance(value, str) or not field.count():
                    continue
                if field.evaluate("el => el.tagName") == "SELECT":
                    field.select_option(value)
                else:
                    field.fill(value)
            with page.expect_navigation():
                form.locator("button[type=submit]").click()
            where = f"tool {tool.slug!r}: its example, kept"
            if not re.search(rf"/{tool.permalink}/[^/]+/$", page.url):
                problems[where] = [f"no permalink: {page.locator('.error').all_inner_texts()}"]
                continue
            _check_here(page, f"{where}: {_path(page)}", problems)


def _walk_card_and_search(page: Any, game: str, slug: str, problems: dict[str, list[str]]) -> None:
    """A card's own page (when the game lists cards) and a search for a glossary term."""
    page.goto(f"{game}/cards/")
    card = page.evaluate(
        f"""() => [...document.querySelectorAll('main a[href]')].map(a => a.href)
             .find(h => /\\/games\\/{slug}\\/cards\\/[^/?#]+\\/$/.test(new URL(h).pathname))"""
    )
    if card:
        _visit(page, card, problems)
    page.goto(f"{game}/glossary/")
    term = page.locator("main summary").first.inner_text().strip()
    url = f"{game.split('/games/')[0]}/search/?" + urlencode({"q": term, "game": slug})
    if _visit(page, url, problems) and not page.locator(".hits li").count():
        problems.setdefault(url, []).append("no results")


@pytest.mark.parametrize("slug", list(ASKED))
def test_every_page_a_player_reaches_fits_a_phone_and_shows_no_machinery(
    live_server: Any, browser: Any, slug: str
) -> None:
    """Every kind of page of the game at 390 and 1366 px: its reference pages, the ruling of
    every question as its form opens, the pages a ruling's buttons lead to ("What can I do
    now?", the game's tools on that board) and the tool page a question hands over to, every
    tool's own page and its answer, a kept deck's page, a card's page and a search. Listed
    from the game's registry, so a new tool or question is walked without a change here."""
    _load(slug)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    game = f"{live_server.url}/games/{slug}"
    problems: dict[str, list[str]] = {}
    for kind in PAGE_KINDS:
        _visit(page, f"{game}/{kind}", problems)
    if slug == "higher-lower":
        _visit(page, f"{live_server.url}/", problems)
    _walk_questions(page, game, slug, problems)
    _walk_tools(page, game, slug, problems)
    _walk_card_and_search(page, game, slug, problems)
    context.close()
    assert not problems, "\n".join(f"{where}: {found}" for where, found in problems.items())


def test_a_mistyped_form_comes_back_at_the_field_with_its_error_in_words(
    live_server: Any, browser: Any
) -> None:
    _load("bo-jackson-battle-arena")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/bo-jackson-battle-arena/disputes/")
    form = page.locator("#q-who-wins-this-battle form")
    form.get_by_label("Battle", exact=True).fill("1")
    form.get_by_label("My Hero (optional)", exact=True).fill("Bandelerro")  # a near miss
    form.get_by_label("My Hero's Power", exact=True).fill("5000")
    form.get_by_label("My opponent's Hero's Power", exact=True).fill("100")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector(".has-error")
    assert page.title().startswith("Error")
    hero = page.get_by_label("My Hero (optional)", exact=True)
    assert hero.get_attribute("aria-invalid") == "true"
    # Focus is on the first field in error, and its message is tied to it.
    assert page.evaluate("document.activeElement.name") == "my_hero"
    described = hero.get_attribute("aria-describedby") or ""
    message = page.locator(f"#{described.split()[-1]}").inner_text()
    assert "did you mean Bandelero?" in message, message
    power = page.get_by_label("My Hero's Power", exact=True)
    assert power.get_attribute("aria-invalid") == "true"
    assert "Give a number from 0 to 1000." in page.locator(".has-error").nth(1).inner_text()
    context.close()
