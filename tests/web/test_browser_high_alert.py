"""Real-browser tests for Star Realms: High Alert: a player settles a dispute through the
website's forms, reads the verdict and the cited rule, sees the play area pictured with its
faction symbols, and asks "What can I do now?"."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "star-realms-high-alert"


def test_player_asks_whether_a_hero_with_a_merged_symbol_triggers_hellfire_and_sees_the_board(
    loaded: Any, page: Any
) -> None:
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    form = page.locator("#q-ally-live form.dispute-form")
    form.locator("select[name=card]").select_option("hellfire")
    form.locator("input[name=ability][value=ally]").check()
    # The hero by printed name: the merged symbol is worked out from the card.
    form.locator("input[name=cards_in_play]").first.fill("Doctor Clark")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#verdict")
    assert "By the rules" in page.locator("#verdict").inner_text()
    cited = page.locator("blockquote.cited-rule").evaluate_all("es => es.map(e => e.outerHTML)")
    assert any(f"{SLUG}:3.4" in text for text in cited), cited  # a hero's primary ability
    # The board, pictured: Hellfire with its Star Empire symbol, and the merged symbol Doctor
    # Clark gives, one split circle for both its factions.
    board = page.locator("svg.board-high-alert").first
    assert board.locator("g.faction-symbol[data-symbol=star-empire]").count() >= 1
    merged = board.locator("g.faction-symbol.merged[data-symbol=star-empire-trade-federation]")
    assert merged.count() >= 1
    assert merged.first.locator("path").count() == 2  # one circle, split in two halves
    assert "Hellfire" in board.inner_html() and "Doctor Clark" in board.inner_html()
    # The cited rule's link leads to the rule on the rules page.
    with page.expect_navigation():  # a link: wait for its page
        page.locator("ul.reasons a.rule-key", has_text="rule 3.4").first.click()
    assert page.url.endswith("/rules/#3.4")


def test_player_settles_a_free_acquire_dispute_with_the_json_box(loaded: Any, page: Any) -> None:
    dispute = {
        "state": {
            "play_area": [
                {"id": f"o{n}", "name": f"Imperial ship {n}", "factions": ["star-empire"]}
                for n in range(1, 5)
            ],
            "trade_row": [{"id": "r1", "card": "the-armory"}],
            "free_acquires": [{"id": "e1", "max_cost": 4, "source": "an effect"}],
        },
        "move": {"kind": "acquire-free", "card": "r1", "effect": "e1"},
    }
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    page.locator("#json summary").click()
    page.locator("#json textarea[name=dispute]").fill(json.dumps(dispute))
    with page.expect_navigation():  # the answer is a new page
        page.locator("#json button[type=submit]").click()
    page.wait_for_selector("#verdict")
    assert "Against the rules" in page.locator("#verdict").inner_text()
    reasons = page.locator("ul.reasons").inner_html()
    assert f"{SLUG}:9.3" in reasons and f"{SLUG}:8.4" in reasons
    assert page.locator("#cited-8\\.4").count() == 1
    assert page.locator("svg.board-high-alert g.printed-cost").count() == 1


def test_player_asks_what_can_i_do_now_from_a_ruling_and_from_the_menu(
    loaded: Any, page: Any
) -> None:
    # From a ruling: Corsair alone, buying Doctor Clark; the tool reads the position after.
    dispute = {
        "state": {
            "trade": 3,
            "play_area": [{"id": "c1", "card": "corsair"}],
            "trade_row": [{"id": "r1", "card": "doctor-clark"}],
        },
        "move": {"kind": "acquire", "card": "r1"},
    }
    page.goto(f"{loaded.url}/games/{SLUG}/disputes/")
    page.locator("#json summary").click()
    page.locator("#json textarea[name=dispute]").fill(json.dumps(dispute))
    with page.expect_navigation():  # the answer is a new page
        page.locator("#json button[type=submit]").click()
    page.wait_for_selector("#verdict")
    with page.expect_navigation():  # a link: wait for its page
        page.locator("nav.ruling-tools a", has_text="What can I do now?").click()
    page.wait_for_selector("#results")
    assert page.locator("#ally-c1").get_attribute("data-ok") == "no"
    with page.expect_navigation():  # the same tool's page again
        page.locator("a", has_text="See the position after the move").click()
    page.wait_for_selector("#results")
    ally = page.locator("#ally-c1")
    assert ally.get_attribute("data-ok") == "yes"
    assert "rule 3.4" in ally.inner_text()

    # From the game's menu, with the simple form.
    with page.expect_navigation():  # the same tool's page again
        page.locator("nav.gamenav a", has_text="What can I do now?").click()
    page.wait_for_selector("form.ha-state-form")
    form = page.locator("form.ha-state-form")
    form.locator("input[name=cards_in_play]").fill("Warrior Pod")
    form.locator("input[name=heroes_this_turn]").fill("")
    form.locator("input[name=techs]").fill("Shield")
    form.locator("input[name=trade]").fill("1")
    form.locator("input[name=trade_row]").fill("Warrior Pod, The Armory")
    for name in ("other_star-empire", "other_star-empire-trade-federation"):
        form.locator(f"input[name='{name}']").fill("0")
    form.locator("input[name=other_blob]").fill("1")
    with page.expect_navigation():  # the answer is a new page
        form.locator("button[type=submit]").click()
    page.wait_for_selector("#results")
    summary = page.locator("#summary").inner_text()
    assert "Warrior Pod" in summary and "Shield" in summary
    pod = page.locator("#row-r1")
    assert "costs you 0 Trade" in pod.inner_text()  # 2, less 1 for each of two Blob cards
    assert page.locator("#row-r2").get_attribute("data-ok") == "no"
    assert page.locator("#ally-c1").get_attribute("data-ok") == "yes"
    assert page.locator("svg.board-high-alert g.faction-symbol[data-symbol=blob]").count() >= 2
    with page.expect_navigation():  # a link: wait for its page
        pod.locator("a.rule-key", has_text="rule 8.2").click()
    assert page.url.endswith("/rules/#8.2")

    # A name the catalog does not hold: the field is named, the page stays usable.
    page.goto(f"{loaded.url}/games/{SLUG}/tools/options/")
    page.locator("form.ha-state-form input[name=cards_in_play]").fill("Warior Pod")
    with page.expect_navigation():  # the answer is a new page
        page.locator("form.ha-state-form button[type=submit]").click()
    page.wait_for_selector("#problem")
    problem = page.locator("#problem").inner_text()
    assert problem.startswith("cards_in_play") and "Warrior Pod" in problem
