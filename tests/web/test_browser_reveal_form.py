"""A Battle Arena table on a phone (390 x 844): the Heroes are dealt face down, so the table
offers the reveal as a short form, each Hero's Power and weapon. Filled and sent, it is recorded
for everyone, and the battle can then be decided by one tap."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_browser_play_table import PHONE, Steps, _fits_the_phone, _load, _page_problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_battle_arena_table_records_the_heroes_revealed_from_a_short_form(
    live_server: Any, browser: Any
) -> None:
    _load("bo-jackson-battle-arena")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    body = {"mode": "rookie", "first_player": "Ana", "second_player": "Ben"}
    started = page.request.post(
        f"{live_server.url}/api/v1/games/bo-jackson-battle-arena/tables", data=body
    )
    assert started.status == 201
    page.goto(live_server.url + started.json()["url"])
    form = page.locator("#move-reveal-heroes form")
    assert "Player A: Ana and Player B: Ben." in page.locator("#move-reveal-heroes").inner_text()
    _fits_the_phone(page)
    assert _page_problems(page) == []
    steps = Steps()
    steps.type(form.get_by_label("Player A's Hero: Power", exact=True), "150")
    form.get_by_label("Player A's Hero: weapon", exact=True).select_option("Fire")
    steps.type(form.get_by_label("Player B's Hero: Power", exact=True), "140")
    with page.expect_navigation():  # a move: the table's new page
        steps.tap(form.get_by_role("button", name="Record it"))
    assert page.locator("#move-reveal-heroes").count() == 0
    assert (
        page.locator(".table-log li")
        .first.inner_text()
        .startswith("Yes: the Heroes of battle 1 are revealed.")
    )
    with page.expect_navigation():  # a move: the table's new page
        steps.tap(page.locator(".move-button", has_text="Ana wins battle 1").first)
    assert page.locator(".table-log li").count() == 2
    assert "Say the Heroes turned face up in battle 2" in page.locator("main").inner_text()
    print(f"\nBattle Arena: {steps.total} steps to reveal and decide battle 1")
    context.close()
