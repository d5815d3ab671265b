"""On a phone (390 x 844), in a real browser: a ruling saved before names were checked, whose
player typed a right-to-left override into her name, still reads in order. The override is
taken out of the answer, the page title, the share text and the picture, so "can lay the 9"
is drawn left to right after the name, as it is for any other name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.core.names import hidden_character

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SLUG = "higher-lower"  # the game the `loaded` fixture loads
OVERRIDE = "\u202e"

STATE = {
    "players": [
        {"name": "Ana", "hand": [9, 3], "boosters": 0},
        {"name": "Ben", "hand": 5, "boosters": 0},
    ],
    "turn": "Ana",
    "last_card": 7,
    "call": "higher",
    "call_by": "Ben",
    "deck": 20,
}
MOVE = {"kind": "play", "value": 9, "call": "lower"}

# Where each word is drawn, left to right, in the answer: its first character's left edge.
WORD_LEFT_JS = """(word) => {
  const h1 = document.querySelector('#answer');
  const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent.indexOf(word);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + word.length);
    const rects = [...range.getClientRects()];
    return rects.length ? Math.min(...rects.map(r => r.left)) : null;
  }
  return null;
}"""


def _saved_with_an_override() -> str:
    """A ruling saved as the desk saved it before names were checked: Ana typed an override
    after her name. Its URL."""
    from cardsdb import desk

    saved = desk.ruling_make(SLUG, {"state": STATE, "move": MOVE})
    typed = "Ana" + OVERRIDE
    saved.request = json.loads(json.dumps(saved.request).replace('"Ana"', json.dumps(typed)))
    saved.ruling = json.loads(json.dumps(saved.ruling, ensure_ascii=False).replace("Ana", typed))
    saved.save()
    assert OVERRIDE in saved.ruling["answer"]
    return str(saved.get_absolute_url())


def test_an_override_in_a_name_does_not_turn_the_answer_around(loaded: Any, browser: Any) -> None:
    url = _saved_with_an_override()
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    try:
        page.goto(f"{loaded.url}{url}")
        answer = page.locator("#answer").inner_text()
        assert answer.startswith("Yes, Ana can lay the 9"), answer
        assert hidden_character(answer) is None
        assert hidden_character(page.title()) is None
        share = page.locator("#share").get_attribute("data-title") or ""
        assert share and hidden_character(share) is None
        # The board is one the engine now refuses: drawn as its JSON, the override escaped.
        picture = page.locator("figure.board-frame").first.inner_text()
        assert OVERRIDE not in picture and "Ana\\u202e" in picture
        # On the answer's first line, the words are drawn left to right in the order written
        # (an override left in would draw "can lay" backwards, "yal nac").
        left = {w: page.evaluate(WORD_LEFT_JS, w) for w in ("Yes", "Ana", "can", "lay")}
        assert None not in left.values(), left
        assert left["Yes"] < left["Ana"] < left["can"] < left["lay"], left
        # What was sent is kept whole for developers, the override written as its escape.
        assert "Ana\\u202e" in (page.locator("details.developers pre").text_content() or "")
    finally:
        context.close()
