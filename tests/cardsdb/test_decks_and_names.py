"""Battle Arena decks and card names over HTTP: names in every alphabet, slugs that keep their
letters, deck lists pasted on the website, the deck permalink page, cards grouped as players
look for them."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from django.utils.html import escape

from cardsdb.models import Card, SavedDeck

pytestmark = pytest.mark.django_db

SLUG = "bo-jackson-battle-arena"
DECKS = f"/games/{SLUG}/decks/"
KID = "curacao-kid-alpha-update-bbf-24-blue-battlefoil"
OLD_KID = "cura-ao-kid-alpha-update-bbf-24-blue-battlefoil"


def exact(card: Card) -> str:
    """A card's exact reference as a deck list writes it."""
    release = card.expansion.name if card.expansion else card.attributes.get("release", "")
    ref = f"{card.name} ({release}) {card.number}"
    parallel = card.attributes.get("parallel")
    return f"{ref} [{parallel}]" if parallel and card.card_type.slug == "hero" else ref


def legal_heroes(n: int = 60) -> list[Card]:
    chosen: list[Card] = []
    seen: set[tuple[str, str]] = set()
    per_power: dict[int, int] = {}
    heroes = (
        Card.objects.filter(game__slug=SLUG, card_type__slug="hero")
        .select_related("expansion", "card_type")
        .order_by("position")
    )
    for card in heroes.iterator():
        variation = (card.name, card.attributes.get("weapon", ""))
        if variation in seen or per_power.get(card.power or 0, 0) >= 6:
            continue
        seen.add(variation)
        per_power[card.power or 0] = per_power.get(card.power or 0, 0) + 1
        chosen.append(card)
        if len(chosen) == n:
            break
    return chosen


def thirty_plays() -> list[Card]:
    plays = (
        Card.objects.filter(game__slug=SLUG, card_type__slug="play", expansion__code="A")
        .select_related("expansion", "card_type")
        .order_by("position")
    )
    out: list[Card] = []
    for card in plays:
        if card.name not in {c.name for c in out} and card.attributes.get("dbs") is not None:
            out.append(card)
        if len(out) == 30:
            break
    return out


def deck_text(heroes: list[Card] | None = None, extra_plays: str = "") -> str:
    heroes = legal_heroes() if heroes is None else heroes
    hero_lines = "\n".join(exact(c) for c in heroes)
    play_lines = "\n".join(exact(c) for c in thirty_plays())
    hot_dog = Card.objects.filter(game__slug=SLUG, card_type__slug="hot-dog").first()
    assert hot_dog is not None
    return (
        f"Heroes\n{hero_lines}\n\nPlays\n{play_lines}\n{extra_plays}\n"
        f"Hot Dogs\n10 {hot_dog.name} ({hot_dog.expansion.name}) {hot_dog.number}\n"
    )


# ----- names for every alphabet -----


def test_shouting_curacao_kid_with_its_cedilla_finds_the_card(api: Any) -> None:
    response = api.get("/api/v1/cards/named/", {"exact": "CURAÇAO KID", "game": SLUG})
    assert response.status_code == 200, response.content
    assert response.json()["name"] == "Curaçao Kid"


def test_curacao_kid_typed_without_the_cedilla_is_the_same_name(api: Any) -> None:
    for query in ({"exact": "curacao kid"}, {"fuzzy": "CURACAO"}):
        response = api.get("/api/v1/cards/named/", {**query, "game": SLUG})
        assert response.status_code == 200, (query, response.content)
        assert response.json()["name"] == "Curaçao Kid"


def test_autocomplete_and_the_name_filter_fold_case_and_accents(api: Any) -> None:
    names = api.get("/api/v1/cards/autocomplete/", {"q": "CURAÇ", "game": SLUG}).json()["data"]
    assert "Curaçao Kid" in names
    listed = api.get("/api/v1/cards/", {"game": SLUG, "name": "CURACAO KID"}).json()
    assert listed["count"] == Card.objects.filter(name="Curaçao Kid").count() == 39


def test_a_cyrillic_name_in_capitals_is_found(api: Any) -> None:
    card = Card.objects.filter(game__slug="star-realms-high-alert").exclude(name="").first()
    assert card is not None
    response = api.get("/api/v1/cards/named/", {"exact": card.name.upper()})
    assert response.status_code == 200
    assert response.json()["name"].casefold() == card.name.casefold()


# ----- slugs keep their letters -----


def test_the_kid_slug_keeps_its_c_and_the_old_slug_redirects(api: Any, client: Client) -> None:
    assert Card.objects.filter(slug=KID).exists()
    assert not Card.objects.filter(slug__startswith="cura-ao").exists()
    old_api = api.get(f"/api/v1/cards/{SLUG}/{OLD_KID}/")
    assert old_api.status_code == 301
    assert old_api["Location"] == f"/api/v1/cards/{SLUG}/{KID}/"
    assert api.get(old_api["Location"]).json()["name"] == "Curaçao Kid"
    old_page = client.get(f"/games/{SLUG}/cards/{OLD_KID}/")
    assert old_page.status_code == 301
    assert old_page["Location"] == f"/games/{SLUG}/cards/{KID}/"
    assert client.get(f"/games/{SLUG}/cards/no-such-card/").status_code == 404


# ----- paste a deck on the website, get its page -----


def test_a_pasted_legal_deck_gets_a_permalink_with_every_format(client: Client) -> None:
    response = client.post(DECKS, {"list": deck_text(), "format": "playmaker"})
    assert response.status_code == 302, response.content.decode()[:2000]
    url = response["Location"]
    assert re.fullmatch(rf"/games/{SLUG}/decks/[a-z2-7]{{10}}/", url)
    page = client.get(url).content.decode()
    assert "✔ Legal" in page
    assert 'id="format-playmaker"' in page and 'id="format-elite-playmaker"' in page
    assert 'id="format-double-blaster-sealed" class' not in page  # rows carry their verdict
    assert '<tr class="illegal" id="format-double-blaster-sealed">' in page
    assert "<svg" in page and 'class="bar"' in page
    total = sum(c.power or 0 for c in legal_heroes())
    assert f'id="total-power">{total}<' in page
    assert "Deck Balancing Score is <strong>" in page
    assert 'id="deck-text"' in page and "Heroes (60)" in page
    for word in ("fixture", "engine", "seed", "slug"):
        assert word not in page.lower().replace(SLUG, ""), word


def test_the_same_deck_pasted_twice_has_one_permalink(client: Client) -> None:
    first = client.post(DECKS, {"list": deck_text()})["Location"]
    again = client.post(DECKS, {"list": deck_text()})["Location"]
    assert first == again
    assert SavedDeck.objects.filter(pk=first.rstrip("/").rsplit("/", 1)[-1]).count() == 1


def test_pl_85_pasted_alone_is_asked_about_with_its_line(client: Client) -> None:
    text = deck_text(extra_plays="PL-85")
    response = client.post(DECKS, {"list": text})
    assert response.status_code == 400
    page = response.content.decode()
    line = text.splitlines().index("PL-85") + 1
    assert f"line {line}: PL-85 is in Alpha Edition, Alpha Update and Griffey Edition: which?" in (
        page.replace("Line", "line")
    )
    assert "Burning Fever (Griffey Edition) PL-85" in page
    assert text.splitlines()[0] in page  # the list is kept in the box to fix
    assert "slug" not in page.lower() and "list:" not in page  # in players' words


def test_a_deck_of_600_lines_resolves_in_a_few_queries(
    client: Client, django_assert_max_num_queries: Any
) -> None:
    heroes = list(
        Card.objects.filter(game__slug=SLUG, card_type__slug="hero")
        .select_related("expansion", "card_type")
        .order_by("position")[:600]
    )
    text = "\n".join(exact(c) for c in heroes)
    with django_assert_max_num_queries(12):  # session, game, catalog (<= 2), rules, save
        response = client.post(DECKS, {"list": text, "format": "rookie"})
    assert response.status_code == 302


def test_an_unknown_deck_permalink_is_a_404(client: Client) -> None:
    assert client.get(f"{DECKS}aaaaaaaaaa/").status_code == 404
    assert client.get("/games/hyperstar-run/decks/").status_code == 404


# ----- cards as players look for them -----


def test_the_card_list_shows_each_hero_once_with_its_printings(client: Client) -> None:
    page = client.get(f"/games/{SLUG}/cards/", {"name": "curaçao kid"}).content.decode()
    groups = page.count('class="card-group"')
    variations = {
        (c.attributes.get("weapon"), c.power) for c in Card.objects.filter(name="Curaçao Kid")
    }
    assert groups == len(variations) < 39
    assert "printings</summary>" in page
    flat = client.get(f"/games/{SLUG}/cards/", {"name": "curaçao kid", "printings": "all"})
    assert flat.content.decode().count("<tr>") >= 39


def test_the_name_filter_answers_the_list_alone_as_you_type(client: Client) -> None:
    response = client.get(f"/games/{SLUG}/cards/", {"name": "CURAÇ", "partial": "groups"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in body and 'id="card-groups"' in body and "Curaçao Kid" in body


def test_a_play_without_text_links_to_its_printing_with_text(client: Client) -> None:
    page = client.get(f"/games/{SLUG}/cards/burning-fever-g-pl-85/").content.decode()
    assert f'href="/games/{SLUG}/cards/burning-fever-u-pl-75/"' in page
    listed = client.get(f"/games/{SLUG}/cards/", {"name": "burning fever"}).content.decode()
    assert "text on" in listed and "Alpha Update PL-75" in listed


def test_the_card_query_language_finds_a_name_without_its_accent(api: Any) -> None:
    listed = api.get("/api/v1/cards/", {"q": f'game:{SLUG} name="CURACAO KID"'}).json()
    assert listed["count"] == 39
    part = api.get("/api/v1/cards/", {"q": f"game:{SLUG} name:curaç"}).json()
    assert part["count"] == 39


# ----- the deck check over the API -----

TOOL = f"/api/v1/games/{SLUG}/tools/deck-check"
OLD_URL = f"/api/v1/games/{SLUG}/decks/check"


def test_a_pasted_list_as_text_plain_is_ruled_under_every_format(api: Any) -> None:
    response = api.post(TOOL, deck_text(), content_type="text/plain; charset=utf-8")
    assert response.status_code == 200, response.content[:2000]
    answer = response.json()
    assert answer["verdict"] == "legal" and answer["format"] == "playmaker"
    formats = {f["slug"]: f for f in answer["formats"]}
    assert len(formats) == 14
    sealed = formats["double-blaster-sealed"]
    assert sealed["verdict"] == "illegal"
    assert sealed["errors"][0]["url"].startswith(f"/games/{SLUG}/rules/#9.3")
    assert answer["totals"]["heroes"] == 60 and answer["totals"]["hot_dogs"] == 10
    assert answer["url"] == f"/games/{SLUG}/decks/{answer['id']}/"
    assert SavedDeck.objects.filter(pk=answer["id"]).exists()


def test_the_list_field_and_the_old_address_give_the_same_answer(api: Any) -> None:
    body = {"format": "elite-playmaker", "list": deck_text()}
    new = api.post(TOOL, body, format="json").json()
    old = api.post(OLD_URL, body, format="json").json()
    assert new["id"] == old["id"] and new["verdict"] == old["verdict"]
    assert new["reasons"] == old["reasons"]
    elite = {r["code"] for r in new["reasons"]}
    assert "elite-total-power" in elite


def test_a_bare_number_in_a_pasted_list_is_a_400_with_its_line_and_candidates(api: Any) -> None:
    text = deck_text(extra_plays="PL-85\nNo Such Play")
    response = api.post(TOOL, {"list": text}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "unresolved-cards"
    lines = text.splitlines()
    ambiguous, unknown = error["details"]
    assert ambiguous["line"] == lines.index("PL-85") + 1 and ambiguous["field"] == "list"
    assert ambiguous["message"].endswith(
        "PL-85 is in Alpha Edition, Alpha Update and Griffey Edition: which?"
    )
    assert {c["slug"] for c in ambiguous["candidates"]} == {
        "jump-ball-a-pl-85",
        "forced-substitution-u-pl-85",
        "burning-fever-g-pl-85",
    }
    assert unknown["line"] == lines.index("No Such Play") + 1 and unknown["candidates"] == []


def test_the_schema_example_names_every_card_exactly_and_is_legal_to_send(api: Any) -> None:
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    operation = schema["paths"][f"{TOOL}/"]["post"]
    example = operation["requestBody"]["content"]["application/json"]["examples"]["example"]
    sent = example["value"]
    assert '"PL-1"' not in str(schema) and "'PL-1'" not in str(sent)
    response = api.post(TOOL, sent, format="json")
    assert response.status_code == 200, response.content[:1000]
    assert all(c["reference"] in sent["list"] for c in response.json()["cards"])


def test_a_six_hundred_line_list_is_a_few_queries_through_the_api(
    api: Any, django_assert_max_num_queries: Any, settings: Any
) -> None:
    # The tests read the data version on every request; a server reads it once in 2 s.
    settings.DATA_VERSION_SECONDS = 3600
    api.get("/api/v1/health")
    heroes = (
        Card.objects.filter(game__slug=SLUG, card_type__slug="hero")
        .select_related("expansion", "card_type")
        .order_by("position")[:600]
    )
    text = "\n".join(exact(c) for c in heroes)
    with django_assert_max_num_queries(8):  # game, catalog, rules, the kept deck
        response = api.post(TOOL, text, content_type="text/plain")
    assert response.status_code == 200
    shared = "\n".join(f"PL-{n % 75 + 1}" for n in range(600))
    with django_assert_max_num_queries(3):
        refused = api.post(TOOL, shared, content_type="text/plain")
    assert refused.status_code == 400 and len(refused.json()["error"]["details"]) == 600


def test_a_number_every_printing_of_which_is_one_hot_dog_is_counted_and_said(api: Any) -> None:
    """HD-20 is printed in four releases, each the Hot Dog Becky Birddog: no question back, the
    answer says which printing stands for all and why."""
    text = deck_text().replace(deck_text().splitlines()[-1], "10 HD-20")
    response = api.post(TOOL, text, content_type="text/plain")
    assert response.status_code == 200, response.content[:2000]
    answer = response.json()
    assert answer["verdict"] == "legal"
    assert any(
        n.startswith("HD-20 names 4 printings; every one is the Hot Dog Becky Birddog, the same")
        for n in answer["notes"]
    ), answer["notes"]
    hot_dog = next(c for c in answer["cards"] if c["part"] == "hot_dog_deck")
    assert hot_dog["count"] == 10 and hot_dog["reference"].startswith("Becky Birddog (")


def test_the_text_written_back_is_the_same_deck_and_the_same_permalink(api: Any) -> None:
    """A list named loosely (shouted names, no accents, counts behind) is answered with its
    exact text; pasting that text back gives the same cards and the same deck page."""
    heroes = legal_heroes()
    loose = "\n".join(
        f"{exact(c).upper()} x1" if i % 2 else exact(c).lower() for i, c in enumerate(heroes)
    )
    first = api.post(
        TOOL,
        {"list": deck_text(heroes).replace("\n".join(exact(c) for c in heroes), loose)},
        format="json",
    )
    assert first.status_code == 200, first.content[:2000]
    answer = first.json()
    again = api.post(TOOL, answer["text"], content_type="text/plain").json()
    assert again["text"] == answer["text"] and again["id"] == answer["id"]
    assert sorted((c["slug"], c["count"]) for c in again["cards"]) == sorted(
        (c["slug"], c["count"]) for c in answer["cards"]
    )
    assert {c["slug"] for c in answer["cards"]} >= {c.slug for c in heroes}


def test_the_tournament_limits_each_rule_in_their_own_format_over_the_api(api: Any) -> None:
    """One deck over SPEC's 160-Power cap, the 1,000 Deck Balancing Score cap and Elite's
    8,250 total Power: illegal exactly where each limit applies, with that limit's rule."""
    strongest_first = list(
        Card.objects.filter(game__slug=SLUG, card_type__slug="hero")
        .select_related("expansion", "card_type")
        .order_by("-power", "position")
    )
    heroes: list[Card] = []
    seen: set[tuple[str, str]] = set()
    per_power: dict[int, int] = {}
    for card in strongest_first:
        variation = (card.name, card.attributes.get("weapon", ""))
        if variation in seen or per_power.get(card.power or 0, 0) >= 6:
            continue
        seen.add(variation)
        per_power[card.power or 0] = per_power.get(card.power or 0, 0) + 1
        heroes.append(card)
        if len(heroes) == 60:
            break
    assert len(heroes) == 60 and (heroes[0].power or 0) > 160
    assert sum(c.power or 0 for c in heroes) > 8250
    scored = sorted(
        Card.objects.filter(
            game__slug=SLUG, card_type__slug="play", expansion__code="A"
        ).select_related("expansion", "card_type"),
        key=lambda c: -(c.attributes.get("dbs") or 0),
    )
    plays: list[Card] = []
    for card in scored:
        if card.name not in {p.name for p in plays}:
            plays.append(card)
    plays = plays[:30]
    assert sum(c.attributes.get("dbs") or 0 for c in plays) > 1000
    hot_dog = Card.objects.filter(game__slug=SLUG, card_type__slug="hot-dog").first()
    assert hot_dog is not None
    text = (
        "Heroes\n"
        + "\n".join(exact(c) for c in heroes)
        + "\nPlays\n"
        + "\n".join(exact(c) for c in plays)
        + f"\nHot Dogs\n10 {exact(hot_dog)}\n"
    )
    answer = api.post(TOOL, {"list": text, "format": "spec-playmaker"}, format="json").json()
    formats = {f["slug"]: f for f in answer["formats"]}
    codes = {slug: {e["code"] for e in f["errors"]} for slug, f in formats.items()}
    assert answer["verdict"] == "illegal" and answer["format"] == "spec-playmaker"
    assert formats["playmaker"]["verdict"] == "legal"
    assert codes["spec-playmaker"] == {"spec-power-cap", "dbs-cap"}
    assert codes["playmaker-constructed"] == {"dbs-cap"}
    assert codes["elite-playmaker"] == {"elite-total-power", "dbs-cap"}
    rules = {e["code"]: e["url"] for f in answer["formats"] for e in f["errors"]}
    assert all(url.startswith(f"/games/{SLUG}/rules/#") for url in rules.values())
    spec = next(e for e in formats["spec-playmaker"]["errors"] if e["code"] == "spec-power-cap")
    assert spec["detail"] == (
        f"the strongest Hero, {heroes[0].name}, has {heroes[0].power} Power (limit 160)"
    )


def test_the_deck_page_lists_weapons_and_the_plays_behind_the_score(client: Client) -> None:
    url = client.post(DECKS, {"list": deck_text()})["Location"]
    page = client.get(url).content.decode()
    weapons = re.search(r'<ul class="deck-weapons" id="deck-weapons">(.*?)</ul>', page, re.S)
    assert weapons is not None
    counts = re.findall(r"<li>(\w+): (\d+)</li>", weapons.group(1))
    assert counts and sum(int(n) for _, n in counts) == 60
    total = sum(c.attributes.get("dbs") or 0 for c in thirty_plays())
    assert f"Deck Balancing Score is <strong>{total}</strong>" in page
    for play in thirty_plays():
        assert f"<td>{escape(play.name)}</td><td>{play.number}</td>" in page, play.name


def test_the_schema_describes_the_list_with_lines_that_each_name_one_card(api: Any) -> None:
    """The `list` field's description shows lines a player may paste: each one answers with
    one card (a shared number that is one card for every deck rule says so), never a 400."""
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    described = json.dumps(schema)
    lines = re.findall(
        r"`([^`]+)`",
        schema["components"]["schemas"]["BoJacksonBattleArenaDeckCheckRequest"]["properties"][
            "list"
        ]["description"],
    )
    assert lines
    for line in lines:
        response = api.post(TOOL, line, content_type="text/plain")
        assert response.status_code == 200, (line, response.content[:500])
        assert len(response.json()["cards"]) == 1
    assert '"PL-1"' not in described
