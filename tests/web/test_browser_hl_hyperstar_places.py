"""Real-browser tests on a 390 px phone: a Higher or Lower player says how many are at the
table and the picture draws those seats and no others; "another opponent" at a table of two
comes back at that field; a Hyperstar Run player asks whether they can pay and the picture
says the rest of the hand and the discard pile were not described (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_at_the_table import _load, _problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}

OVERLAPS_JS = """(sel) => {
  const boxes = [...document.querySelectorAll(sel + ' text')]
    .filter(t => t.textContent.trim() && t.getClientRects().length)
    .map(t => [t.textContent.trim(), t.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, r] = boxes[i], [b, s] = boxes[j];
    if (r.left < s.right - 1 && s.left < r.right - 1 && r.top < s.bottom - 1
        && s.top < r.bottom - 1) out.push([a, b]);
  }
  return out.slice(0, 5);
}"""


def _six_players_ruled(live_server: Any, page: Any) -> None:
    """ "Can I play this card?" asked at a table of six, on a phone."""
    _load("higher-lower")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/games/higher-lower/disputes/")
    form = page.locator("#q-can-i-play-this-card form")
    form.get_by_label("Players at the table", exact=True).fill("6")
    form.locator("input[name=last_card]").fill("7")
    form.locator("input[name=my_card]").fill("9")
    form.locator("input[name=cards_in_my_hand]").fill("5")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")


def test_six_players_are_drawn_as_six_seats_that_fit_a_phone(live_server: Any, page: Any) -> None:
    _six_players_ruled(live_server, page)
    picture = page.locator("svg.hl-board").first
    seats = picture.locator("g[data-player]")
    assert seats.count() == 6
    assert seats.last.get_attribute("data-player") == "the player on your right"
    names = [seats.nth(i).locator("text.hl-name").text_content() for i in range(6)]
    assert "the player three seats to your left" in names  # said whole, not cut short
    # Each seat's words stay inside its frame.
    outside = page.evaluate(
        """() => [...document.querySelectorAll('svg.hl-board g[data-player]')].flatMap(g => {
             const frame = g.querySelector('rect').getBoundingClientRect();
             return [...g.querySelectorAll('text')]
               .filter(t => t.getBoundingClientRect().right > frame.right)
               .map(t => t.textContent);
           })"""
    )
    assert outside == []
    assert _problems(page) == []
    assert page.evaluate(OVERLAPS_JS, "svg.hl-board") == []


def test_six_seats_are_all_named_in_the_playing_order_inside_the_picture(
    live_server: Any, page: Any
) -> None:
    """The "Play passes left" line was cut at 64 characters, each name at 12: with six seats
    named as the form names them it now wraps between names, each said whole, every line
    inside the picture and in text a phone shows at 11 px or more."""
    _six_players_ruled(live_server, page)
    lines = page.evaluate(
        """() => { const svg = document.querySelector('svg.hl-board');
             const box = svg.getBoundingClientRect();
             const texts = [...svg.querySelectorAll(':scope > text')];
             const at = texts.findIndex(t => t.textContent.startsWith('Play passes left'));
             const y = +texts[at].getAttribute('y');
             return texts.slice(at).filter(t => +t.getAttribute('y') < y + 17 * 8
                                               && t.classList.contains('hl-small'))
               .slice(0, 6)
               .map(t => [t.textContent, t.getBoundingClientRect().right <= box.right - 8,
                          parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a]); }"""
    )
    said = " ".join(text for text, _, _ in lines)
    for seat in ["the player on your left", "the player two seats to your left"]:
        assert seat in said
    assert "the player four seats to your left → the player on your right → You" in said
    assert "…" not in said.split("Deck")[0]
    assert all(inside and px >= 11 for _, inside, px in lines), lines
    assert page.evaluate(OVERLAPS_JS, "svg.hl-board") == []


def test_another_opponent_at_a_table_of_two_comes_back_at_the_target(
    live_server: Any, page: Any
) -> None:
    _load("higher-lower")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/games/higher-lower/disputes/")
    form = page.locator("#q-can-i-play-a-booster form")
    form.get_by_label("Players at the table", exact=True).fill("2")
    form.locator("fieldset", has_text="Aimed at").get_by_label(
        "Another opponent (3 or more players)"
    ).check()
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    error = page.locator("#can-i-play-a-booster-aimed_at-error")
    error.wait_for()
    assert "there is no other opponent to aim at" in error.inner_text()
    assert _problems(page) == []


def test_paying_draws_the_cards_you_discard_and_says_the_rest_was_not_described(
    live_server: Any, page: Any
) -> None:
    _load("hyperstar-run")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/games/hyperstar-run/disputes/")
    form = page.locator("#q-can-i-pay form")
    for name, value in (
        ("run", "1"),
        ("current_card", "2"),
        ("cost", "A A *"),
        ("discard_level_buttons", "A"),
        ("discard_equipment_buttons", "A B"),
        ("equipment_buttons_used", "A"),
        ("press_buttons", "C"),
    ):
        form.locator(f"[name={name}]").fill(value)
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")
    picture = page.locator("svg.hr-board").first
    words = picture.text_content() or ""
    assert "Hand: 2 shown, rest not described" in words
    assert "Discard pile: not described" in words
    assert "(empty)" not in words
    assert _problems(page) == []
    assert page.evaluate(OVERLAPS_JS, "svg.hr-board") == []
