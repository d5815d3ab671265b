"""Real-browser tests: a player settles a Super Hazard Quest dispute through the website, reads
the verdict and the rule cited, sees the dungeon map, and asks "Where can I go?"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.games.super_hazard_quest.helpers import (
    board,
    cross_right,
    dual,
    hero,
    room,
    super_item,
    turn,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "super-hazard-quest"


def corridor() -> dict[str, Any]:
    """Ana on (0, 0): (1, 0) past an Attack hazard, then (2, 0) past a Hide hazard."""
    rooms = [
        room(0, 0, stage=1, exits={"right": "unlock"}, left_space="attack"),
        room(1, 0, exits={"right": "unlock"}, right_space="hide"),
        room(2, 0, exits={"left": "lift"}),
    ]
    hand = [dual("a", "attack", "climb"), super_item("s", "hide")]
    # Ana holds just these two (the Item deck and the discard pile are empty), so spending
    # both opens a Running Leap.
    heroes = [hero("Ana", "unlock", hand=hand, red=1, unseen=0), hero("Ben", "dig", unseen=5)]
    return board(rooms, heroes, item_deck=0, discard=0)


def test_player_asks_whether_an_item_passes_a_hazard_and_where_they_can_go(
    loaded: Any, page: Any
) -> None:
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    form = page.locator("#q-pass-hazard form.dispute-form")
    form.locator("select[name=hazard]").select_option("attack")
    form.locator("select[name=item_kind]").select_option("super")
    form.locator("select[name=item_action]").select_option("hide")
    form.locator("select[name=inherent]").select_option("dig")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")
    assert "Against the rules" in page.locator("#verdict").inner_text()
    cited = page.locator("blockquote.cited-rule").first.evaluate("e => e.outerHTML")
    assert "super-hazard-quest:9.4" in cited
    # The map: the one card the question described (no room beyond the hazard is made up),
    # and the player's hero on its Checkpoint.
    dungeon = page.locator("svg.hq-board").first
    assert dungeon.locator("g.hq-card").count() == 1
    assert dungeon.locator('g.hq-token[data-player="You"]').count() == 1
    with page.expect_navigation():  # a link: wait for its page
        page.locator("nav.ruling-tools").get_by_role("link", name="Where can I go?").click()
    page.wait_for_selector("#reach-summary")
    assert "/reachable/" in page.url
    summary = page.locator("#reach-summary").inner_text()
    assert "Your hero stands on the Starting Card" in summary
    assert "no other Checkpoint" in summary  # a Hide item cannot pass the Attack hazard


def test_player_settles_a_path_through_the_json_box_and_sees_every_checkpoint_on_the_map(
    loaded: Any, page: Any
) -> None:
    dispute = {"state": corridor(), "move": turn("Ana", *cross_right("inherent", left="a"))}
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    page.locator("#json summary").click()
    page.locator("textarea[name=dispute]").fill(json.dumps(dispute))
    with page.expect_navigation():  # the answer is a new page
        page.locator("#json button[type=submit]").click()
    page.wait_for_selector("#verdict")
    assert "By the rules" in page.locator("#verdict").inner_text()
    assert "the room to Ana's right" in page.locator("main").inner_text()
    rules = page.locator("blockquote.cited-rule").evaluate_all("es => es.map(e => e.outerHTML)")
    assert any("super-hazard-quest:5.3" in r for r in rules)
    dungeon = page.locator("svg.hq-board").first
    assert dungeon.locator("g.hq-card").count() == 3
    assert dungeon.locator('g.hq-token[data-player="Ana"]').count() == 1
    assert "crystals: 1 red, 0 blue" in dungeon.inner_html()

    with page.expect_navigation():  # a link: wait for its page
        page.locator("nav.ruling-tools").get_by_role("link", name="Where can I go?").click()
    page.wait_for_selector("#checkpoints")
    cells = page.locator("#checkpoints li.destination").evaluate_all(
        "items => items.map(li => li.dataset.cell)"
    )
    assert cells == ["1,0", "2,0"]
    second = page.locator('#checkpoints li[data-cell="2,0"]')
    assert "Running Leap available on arrival" in second.inner_text()
    reach = page.locator("svg.hq-board").first
    assert reach.locator("g.hq-reach").count() == 2
    assert reach.locator("polyline.hq-route").count() == 1
    # Ask for the other route: it is drawn on the map instead.
    with page.expect_navigation():  # a link: wait for its page
        second.get_by_role("link", name="Show this route on the map").click()
    page.wait_for_selector('#checkpoints li.selected[data-cell="2,0"]')
    assert "to=2,0" in page.url
    assert page.locator('svg.hq-board g.hq-chosen[data-cell="2,0"]').count() == 1
