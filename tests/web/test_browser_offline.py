"""No signal at the table, in a real browser at 390 x 844 and 1366 x 900: after a first visit
the service worker keeps what a player opened; with the network cut (Playwright's
`set_offline`) the rules, the quick reference, a ruling they asked for and a game they kept
still open; a question asked with no signal is kept and sent when the signal returns; a page
never opened shows the offline page with links to what is kept; a new version of the rules
data drops the old store. A screenshot of the offline page goes to docs/screenshots/."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "higher-lower"
SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}

# Resolves once the service worker controls the page (it claims open pages when it starts).
CONTROLLED = """() => navigator.serviceWorker.ready.then(() => navigator.serviceWorker.controller
  ? true
  : new Promise(r => navigator.serviceWorker.addEventListener('controllerchange', () => r(1))))"""
STORES = "() => caches.keys()"


@pytest.fixture(params=list(SIZES))
def phone(request: Any, browser: Any, loaded: Any) -> Iterator[Any]:
    """A fresh browser (nothing stored) at the size asked, its service worker running."""
    context = browser.new_context(viewport=SIZES[request.param])
    page = context.new_page()
    page.goto(f"{loaded.url}/")
    assert page.evaluate(CONTROLLED)
    yield page
    context.close()


def _ask(page: Any, base: str) -> None:
    page.goto(f"{base}/games/{SLUG}/disputes/")
    form = page.locator("#q-can-i-play-this-card form")
    form.locator("input[name=players]").fill("4")
    form.locator("input[name=last_card]").fill("7")
    form.locator("fieldset", has_text="The call you must follow").get_by_label(
        "Higher", exact=True
    ).check()
    form.locator("input[name=my_card]").fill("5")
    form.locator("input[name=cards_in_my_hand]").fill("5")
    with page.expect_navigation():  # a new page (offline, the worker's)
        form.locator("button[type=submit]").click()


def test_rules_quick_reference_and_a_ruling_visited_read_with_no_signal(
    phone: Any, live_server: Any
) -> None:
    base = live_server.url
    phone.goto(f"{base}/games/{SLUG}/rules/")
    rules = phone.locator("li.rule").count()
    phone.goto(f"{base}/games/{SLUG}/quick/")
    quick = phone.locator("main h1").inner_text()
    _ask(phone, base)
    phone.wait_for_selector("#answer")
    ruling_url, answer = phone.url.split("#")[0], phone.locator("#answer").inner_text()

    phone.context.set_offline(True)
    phone.goto(f"{base}/games/{SLUG}/rules/")
    assert phone.locator("li.rule").count() == rules > 5
    phone.goto(f"{base}/games/{SLUG}/quick/")
    assert phone.locator("main h1").inner_text() == quick
    phone.goto(ruling_url)
    assert phone.locator("#answer").inner_text() == answer
    assert "not higher than the 7" in answer


def test_a_kept_game_reads_with_no_signal_pages_never_opened_included(
    phone: Any, live_server: Any
) -> None:
    base = live_server.url
    phone.goto(f"{base}/games/{SLUG}/")
    keep = phone.get_by_role("button", name="Keep this game for offline")
    keep.click()
    phone.wait_for_selector("#keep-status:has-text('Kept:')")
    kept = phone.locator("#keep-status").inner_text()
    assert re.search(r"Kept: \d+ pages of Higher or Lower", kept), kept

    phone.context.set_offline(True)
    for kind, shows in [("glossary/", "main summary"), ("cards/", "main"), ("rules/", "li.rule")]:
        phone.goto(f"{base}/games/{SLUG}/{kind}")
        assert phone.locator(shows).count(), kind
        assert "No signal" not in phone.locator("main h1").inner_text(), kind
    phone.goto(f"{base}/games/{SLUG}/disputes/")
    assert phone.locator("#q-can-i-play-this-card form").count() == 1


def test_a_question_asked_with_no_signal_is_kept_and_sent_when_it_returns(
    phone: Any, live_server: Any
) -> None:
    from cardsdb.models import SavedRuling

    base = live_server.url
    phone.goto(f"{base}/games/{SLUG}/disputes/")
    phone.context.set_offline(True)
    before = SavedRuling.objects.count()
    _ask(phone, base)
    phone.wait_for_selector("h1:has-text('your question is kept')")
    assert "sent by itself as soon as the signal returns" in phone.locator("main").inner_text()
    assert SavedRuling.objects.count() == before

    phone.context.set_offline(False)
    link = phone.locator("#sw-status a", has_text="Open the answer")
    link.wait_for()
    assert SavedRuling.objects.count() == before + 1
    with phone.expect_navigation():  # a link: wait for its page
        link.click()
    phone.wait_for_selector("#answer")
    assert "not higher than the 7" in phone.locator("#answer").inner_text()


def test_a_page_never_opened_shows_the_offline_page_with_what_is_kept(
    phone: Any, live_server: Any
) -> None:
    base = live_server.url
    phone.goto(f"{base}/games/{SLUG}/quick/")
    phone.context.set_offline(True)
    phone.goto(f"{base}/games/{SLUG}/glossary/")
    assert phone.locator("main h1").inner_text() == "No signal, and this page was not kept"
    kept = phone.locator("#stored-list a")
    kept.first.wait_for()
    assert "Quick reference" in " ".join(kept.all_inner_texts())
    kept.filter(has_text="Quick reference").first.click()
    phone.wait_for_url(f"{base}/games/{SLUG}/quick/")
    assert "No signal" not in phone.locator("main h1").inner_text()
    if phone.viewport_size["width"] == 390:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        phone.goto(f"{base}/games/{SLUG}/clarifications/")
        phone.locator("#stored-list a").first.wait_for()
        phone.screenshot(path=str(SCREENSHOTS / "offline-page.png"))


def test_a_new_rules_data_version_replaces_what_is_stored(phone: Any, live_server: Any) -> None:
    from cardsdb.data_version import data_fingerprint, edits_count

    base = live_server.url
    phone.goto(f"{base}/games/{SLUG}/rules/")
    old = f"tj-pages-{data_fingerprint()}"
    assert old in phone.evaluate(STORES)

    edits_count()  # an edit of the reference data: a new data version
    new = f"tj-pages-{data_fingerprint()}"
    assert new != old
    phone.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    # the old store is dropped and what it held is fetched again under the new version
    rules = f"{base}/games/{SLUG}/rules/"
    phone.wait_for_function(
        """([old, fresh, rules]) => caches.keys().then(k => !k.includes(old) && k.includes(fresh)
             && caches.open(fresh).then(c => c.match(rules)).then(Boolean))""",
        arg=[old, new, rules],
    )
    phone.context.set_offline(True)
    phone.goto(rules)
    assert phone.locator("li.rule").count() > 5
