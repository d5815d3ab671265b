"""On a phone (390 x 844), in a real browser: the words a player reads on a ruling page are a
player's. A Super Hazard Quest player asks "Was I wounded?", "Who goes first?" and "Do I steal
the crystal?" as the forms open: the answers name the seats as the forms do, in lower case
mid-sentence, the picture's words around the map stay inside what the phone shows without
scrolling, and no reason code is shown outside "For developers"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_at_the_table import _load, _problems, _say_the_facts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
HQ = SLUG = "super-hazard-quest"  # SLUG: the game the `loaded` fixture loads

# Texts drawn outside the cards (the captions, the heroes, the decks, the notes) whose right
# edge is past the right edge of the picture's frame as the phone shows it.
PAST_THE_FRAME_JS = """() => {
  const frame = document.querySelector('figure.board-frame');
  const right = frame.getBoundingClientRect().left + frame.clientWidth;
  return [...frame.querySelectorAll('svg.hq-board > text')]
    .filter(t => t.textContent.trim() && t.getBoundingClientRect().right > right + 1)
    .map(t => t.textContent.trim());
}"""


def _ask(page: Any, url: str, question: str) -> str:
    """The question sent with its worked example's facts said (the form opens without them)."""
    from games.core.registry import registry

    asked = next(q for q in registry[HQ].questions if q.slug == question)
    page.goto(f"{url}/games/{HQ}/disputes/")
    _say_the_facts(page.locator(f"#q-{question} form"), asked)
    with page.expect_navigation():  # the answer is a new page
        page.locator(f"#q-{question} form button[type=submit]").click()
    page.wait_for_selector("#answer")
    return page.locator("#answer").inner_text()


def test_the_words_of_the_picture_stay_inside_the_phone_and_no_code_is_shown(
    loaded: Any, browser: Any
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    answer = _ask(page, loaded.url, "was-i-wounded")
    assert answer.startswith("Your hero is wounded")
    # Before: the path's caption, each hero's line and the decks' line ran past the frame.
    assert page.evaluate(PAST_THE_FRAME_JS) == []
    why = page.locator("ul.reasons").inner_text()
    assert "0 crystals lost" in why  # was "0 crystal(s) lost"
    # Before: each reason ended with its code ("crystals-lost") in the text a player reads.
    codes = page.locator("ul.reasons li").evaluate_all("lis => lis.map(li => li.dataset.code)")
    assert "crystals-lost" in codes
    assert not any(code in why for code in codes)
    developers = page.locator("details.developers")
    developers.locator("summary").click()
    assert "crystals-lost" in developers.inner_text()
    assert _problems(page) == []
    context.close()


def test_the_seats_are_named_as_the_forms_name_them(loaded: Any, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    answer = _ask(page, loaded.url, "who-starts")
    # Before: "No, that setup is not right: You drew the lowest Stage Number (3), not Seat 2."
    assert "so you go first, not the player on your left" in answer
    assert "Seat" not in page.locator("main").inner_text()
    assert _problems(page) == []
    answer = _ask(page, loaded.url, "hero-battle")
    assert answer.startswith("Yes, but your opponent answers every request")  # was "Your"
    words = page.locator("svg.hq-board").first.locator(":scope > text").all_text_contents()
    assert "The move: your Hero Battle against your opponent." in " ".join(words)
    assert page.evaluate(PAST_THE_FRAME_JS) == []
    assert _problems(page) == []
    context.close()


# The lines over a Battle Arena board (its heading, the phase, the score, who the Power
# favours) whose right edge is past what the phone shows of the picture's frame.
BA_PAST_THE_FRAME_JS = """() => {
  const frame = document.querySelector('figure.board-frame');
  const right = frame.getBoundingClientRect().left + frame.clientWidth;
  return [...frame.querySelectorAll('svg.ba-board > text')]
    .filter(t => /ba-(head|status|say)/.test(t.getAttribute('class'))
                 || (t.getAttribute('class') === 'ba-small' && +t.getAttribute('y') < 160))
    .filter(t => t.getBoundingClientRect().right > right + 1)
    .map(t => t.textContent.trim());
}"""


def test_battle_arena_lines_over_the_board_fit_the_phone_and_power_has_its_unit(
    live_server: Any, browser: Any
) -> None:
    _load("bo-jackson-battle-arena")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/bo-jackson-battle-arena/disputes/")
    from games.core.registry import registry

    asked = next(
        q for q in registry["bo-jackson-battle-arena"].questions if q.slug == "who-wins-this-battle"
    )
    _say_the_facts(page.locator("#q-who-wins-this-battle form"), asked)
    with page.expect_navigation():  # the answer is a new page
        page.locator("#q-who-wins-this-battle form button[type=submit]").click()
    page.wait_for_selector("#answer")
    # Before: "Playmaker Mode · battle 1 of 7 · compare Power" and the lines under it ran
    # past the phone's edge, read by scrolling sideways.
    assert page.evaluate(BA_PAST_THE_FRAME_JS) == []
    why = page.locator("ul.reasons").inner_text()
    assert "Your Hero has 100 Power; your opponent's Hero has 100 Power" in why
    assert "no weapon, no Super Weapon" not in page.locator("svg.ba-board").first.inner_html()
    assert _problems(page) == []
    context.close()


def test_higher_or_lower_playing_order_fits_the_phone(live_server: Any, browser: Any) -> None:
    _load("higher-lower")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/games/higher-lower/disputes/")
    from games.core.registry import registry

    asked = next(q for q in registry["higher-lower"].questions if q.slug == "can-i-play-this-card")
    _say_the_facts(page.locator("#q-can-i-play-this-card form"), asked)
    with page.expect_navigation():  # the answer is a new page
        page.locator("#q-can-i-play-this-card form button[type=submit]").click()
    page.wait_for_selector("#answer")
    past = page.evaluate(
        """() => {
      const frame = document.querySelector('figure.board-frame');
      const right = frame.getBoundingClientRect().left + frame.clientWidth;
      return [...frame.querySelectorAll('svg.hl-board > text')]
        .filter(t => +t.getAttribute('y') < 84 + 17 * 4)
        .filter(t => t.getBoundingClientRect().right > right + 1)
        .map(t => t.textContent.trim());
    }"""
    )
    assert past == []  # before: "Play passes left: …" ran on to 64 characters, off the phone
    context.close()
