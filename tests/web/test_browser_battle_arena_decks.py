"""Real-browser tests on a phone: a player pastes a 60-Hero Battle Arena deck and reads where
it is legal; looks a Hero up by name as they type."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "bo-jackson-battle-arena"
PHONE = {"width": 390, "height": 844}


def sixty_hero_deck() -> str:
    """60 Heroes (one per name and weapon, at most 6 per Power), 30 Plays, 10 Hot Dogs, each by
    its exact reference, as a player would paste it."""
    from cardsdb.models import Card

    def exact(card: Card) -> str:
        release = card.expansion.name if card.expansion else card.attributes.get("release")
        parallel = card.attributes.get("parallel")
        ref = f"{card.name} ({release}) {card.number}"
        return f"{ref} [{parallel}]" if parallel and card.card_type.slug == "hero" else ref

    cards = Card.objects.filter(game__slug=SLUG).select_related("expansion", "card_type")
    heroes: list[Card] = []
    seen: set[tuple[str, str]] = set()
    per_power: dict[int, int] = {}
    for card in cards.filter(card_type__slug="hero").order_by("position").iterator():
        key = (card.name, card.attributes.get("weapon", ""))
        if key in seen or per_power.get(card.power or 0, 0) >= 6:
            continue
        seen.add(key)
        per_power[card.power or 0] = per_power.get(card.power or 0, 0) + 1
        heroes.append(card)
        if len(heroes) == 60:
            break
    plays: list[Card] = []
    for card in cards.filter(card_type__slug="play", expansion__code="A").order_by("position"):
        if card.name not in {p.name for p in plays} and card.attributes.get("dbs") is not None:
            plays.append(card)
    hot_dog = cards.filter(card_type__slug="hot-dog").order_by("position").first()
    assert hot_dog is not None
    return (
        "Heroes\n"
        + "\n".join(exact(c) for c in heroes)
        + "\n\nPlays\n"
        + "\n".join(exact(c) for c in plays[:30])
        + f"\n\nHot Dogs\n10 {exact(hot_dog)}\n"
    )


def test_a_player_pastes_sixty_heroes_on_a_phone_and_reads_every_format(
    loaded: Any, page: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{loaded.url}/games/{SLUG}/decks/")
    page.fill("#deck-list", sixty_hero_deck())
    page.select_option("#deck-format", "playmaker")
    with page.expect_navigation():  # the answer is a new page
        page.click("#deck-submit")
    page.wait_for_selector("#verdict")
    assert "Legal" in page.locator("#verdict").inner_text()
    assert "/decks/" in page.url
    rows = page.locator("#deck-formats tbody tr")
    assert rows.count() == 14
    assert "Legal" in page.locator("#format-rookie").inner_text()
    assert "No" in page.locator("#format-double-blaster-sealed").inner_text()
    assert page.locator("#power-histogram rect.bar").count() >= 10
    copied = page.locator("#deck-text").input_value()
    assert copied.startswith("Heroes (60)\n") and "Hot Dogs (10)" in copied
    weapons = page.locator("#deck-weapons li").all_inner_texts()
    assert sum(int(w.rsplit(": ", 1)[1]) for w in weapons) == 60
    # Nothing runs off the side of the phone.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    # The text to copy, pasted back, is the same deck: the same page.
    deck_page = page.url
    page.goto(f"{loaded.url}/games/{SLUG}/decks/")
    page.fill("#deck-list", copied)
    with page.expect_navigation():  # the answer is a new page
        page.click("#deck-submit")
    page.wait_for_selector("#verdict")
    assert page.url == deck_page


def test_a_shared_number_pasted_on_a_phone_is_asked_about_not_guessed(
    loaded: Any, page: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{loaded.url}/games/{SLUG}/decks/")
    page.fill("#deck-list", "Plays\nPL-85\n")
    with page.expect_navigation():  # the answer is a new page
        page.click("#deck-submit")
    page.wait_for_selector("#deck-problems")
    problem = page.locator("#deck-problems li").first.inner_text()
    assert "Line 2: PL-85 is in Alpha Edition, Alpha Update and Griffey Edition: which?" in problem
    assert page.locator("#deck-list").input_value() == "Plays\nPL-85\n"


def test_the_card_list_filters_by_name_as_the_player_types(loaded: Any, page: Any) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{loaded.url}/games/{SLUG}/cards/")
    assert page.locator("li.card-group").count() == 30  # one page of cards, not of printings
    page.locator("#card-name-filter").press_sequentially("curaç", delay=30)
    # The list is swapped in place, then the address follows it (no page load).
    page.wait_for_url("**name=cura%C3%A7**", wait_until="commit")
    names = page.locator("li.card-group .card-group-head strong").all_inner_texts()
    assert names and all(n == "Curaçao Kid" for n in names)
    assert 0 < len(names) < 30
    # Each Hero (name, weapon, Power) is one row with its printings under it.
    first = page.locator("li.card-group").first
    first.locator("details summary").click()
    assert first.locator("ul.printings li").count() >= 1
    # Shouted and without the cedilla, the same Hero is found.
    page.fill("#card-name-filter", "")
    page.locator("#card-name-filter").press_sequentially("CURACAO", delay=30)
    page.wait_for_url("**name=CURACAO**", wait_until="commit")
    page.wait_for_function(
        "[...document.querySelectorAll('li.card-group .card-group-head strong')]"
        ".every(e => e.textContent === 'Curaçao Kid')"
    )
    assert page.locator("li.card-group").count() == len(names)


def test_a_play_without_text_leads_to_its_printing_with_text_on_a_phone(
    loaded: Any, page: Any
) -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{loaded.url}/games/{SLUG}/cards/burning-fever-g-pl-85/")
    elsewhere = page.locator("#text-elsewhere")
    assert "Not known for this printing" in elsewhere.inner_text()
    elsewhere.locator("a").click()
    page.wait_for_url("**/cards/burning-fever-u-pl-75/")
    assert "If your Hero has a Fire weapon" in page.locator("main").inner_text()
    # An old address of a card (its slug before it kept its letters) leads to the card.
    page.goto(f"{loaded.url}/games/{SLUG}/cards/cura-ao-kid-alpha-update-bbf-24-blue-battlefoil/")
    assert page.url.endswith("/cards/curacao-kid-alpha-update-bbf-24-blue-battlefoil/")
    assert "Curaçao Kid" in page.locator("h1").inner_text()
