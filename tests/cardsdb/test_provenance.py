"""Where each rule, term and clarification comes from, over HTTP: served by the API, said in a
player's words on the rules, glossary, clarifications, search and ruling pages, and never a
heading of "from the rulebook" over a rule that is not the rulebook's. A clarification whose
slug changed is still found under its former key."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from django.test import Client

from cardsdb.models import Clarification, Rule, RuleSection
from cardsdb.services import clarifications_by_keys

pytestmark = pytest.mark.django_db

OURS = "Our reading: the rulebook does not say this"
GAMES = [
    "hyperstar-run",
    "higher-lower",
    "star-realms-high-alert",
    "bo-jackson-battle-arena",
    "super-hazard-quest",
]
TOURNAMENT = "Tournament Rules, Appendix A: format summary (rules.bobattlearena.com)"


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


def _text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", " ", html))


# ----- the API -----


def test_the_api_says_a_rule_of_ours_is_ours(api: Any) -> None:
    body = api.get("/api/v1/rules/higher-lower:4.1/").json()
    assert body["provenance"] == "ours"
    assert body["document"] == ""
    book = api.get("/api/v1/rules/higher-lower:4.2/").json()
    assert (book["provenance"], book["source"]) == ("rulebook", "On your turn")


def test_the_api_names_the_document_of_a_tournament_rule(api: Any) -> None:
    body = api.get("/api/v1/rules/bo-jackson-battle-arena:9.3/").json()
    assert (body["provenance"], body["document"]) == ("document", TOURNAMENT)
    sources = api.get("/api/v1/games/bo-jackson-battle-arena/sources/").json()
    assert TOURNAMENT in [s["title"] for s in sources["sources"]]


def test_the_api_gives_terms_and_clarifications_their_provenance(api: Any) -> None:
    terms = api.get("/api/v1/glossary/", {"game": "star-realms-high-alert"}).json()
    by_slug = {t["slug"]: t for t in terms["results"]}
    assert by_slug["trade-row"]["provenance"] == "document"
    assert by_slug["trade-row"]["document"] == "The Star Realms base game rules"
    assert by_slug["hero"]["provenance"] == "rulebook"
    clar = api.get("/api/v1/clarifications/super-hazard-quest:hero-battle-wounds-the-loser/")
    assert clar.json()["provenance"] == "ours"


def test_the_schema_describes_provenance(api: Any) -> None:
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    rule = schema["components"]["schemas"]["Rule"]["properties"]
    assert {"provenance", "document"} <= set(rule)
    assert "ours" in str(schema["components"]["schemas"])


def test_a_former_clarification_key_redirects_to_the_key_now(api: Any) -> None:
    old = api.get("/api/v1/clarifications/super-hazard-quest:discard-turn-always-allowed/")
    assert old.status_code == 301
    assert old["Location"].endswith(
        "/api/v1/clarifications/super-hazard-quest:discard-turn-only-without-actions/"
    )
    now = api.get(old["Location"])
    assert now.status_code == 200 and now.json()["slug"] == "discard-turn-only-without-actions"
    assert api.get("/api/v1/clarifications/super-hazard-quest:no-such-ruling/").status_code == 404


def test_a_saved_ruling_under_the_former_key_finds_the_clarification() -> None:
    found = clarifications_by_keys(["super-hazard-quest:discard-turn-always-allowed"])
    assert [c.slug for c in found] == ["discard-turn-only-without-actions"]


def test_the_bulk_download_carries_provenance(api: Any) -> None:
    response = api.get("/api/v1/bulk/higher-lower.json")
    game = json.loads(b"".join(response.streaming_content))["games"][0]
    rules = {r["key"]: r for s in game["rule_sections"] for r in s["rules"]}
    assert rules["higher-lower:4.1"]["provenance"] == "ours"
    assert {t["provenance"] for t in game["glossary"]} == {"rulebook"}


# ----- the pages -----


def _sections(page: str) -> dict[str, str]:
    """section number -> its HTML on the rules page."""
    return {
        m.group(1): m.group(0)
        for m in re.finditer(
            r'<section class="rule-section" id="section-([\d.]+)">.*?</section>', page, re.S
        )
    }


@pytest.mark.parametrize("slug", GAMES)
def test_no_heading_says_the_rulebook_over_a_rule_that_is_not(web: Client, slug: str) -> None:
    page = web.get(f"/games/{slug}/rules/").content.decode()
    sections = _sections(page)
    assert sections
    for section in RuleSection.objects.filter(game__slug=slug):
        html = sections[section.number]
        heading = _text(re.search(r"<h2>.*?</h2>", html, re.S).group(0))
        rules = Rule.objects.filter(section=section)
        if "from the rulebook" in heading:
            assert {r.provenance for r in rules} == {"rulebook"}, section.number
        for rule in rules.filter(provenance="ours"):
            item = re.search(
                rf'<li class="rule" id="{re.escape(rule.number)}">.*?</li>', html, re.S
            )
            assert item and OURS in _text(item.group(0)), rule.key


def test_the_rules_page_says_which_rules_are_ours_and_which_a_document(web: Client) -> None:
    hl = _sections(web.get("/games/higher-lower/rules/").content.decode())
    assert "from the rulebook" not in _text(re.search(r"<h2>.*?</h2>", hl["4"], re.S).group(0))
    assert OURS in _text(hl["4"]) and "From the rulebook, “On your turn”" in _text(hl["4"])
    arena = _sections(web.get("/games/bo-jackson-battle-arena/rules/").content.decode())
    assert f"From {TOURNAMENT}" in _text(arena["9"])
    assert "from the rulebook" not in _text(re.search(r"<h2>.*?</h2>", arena["9"], re.S).group(0))


def test_the_glossary_says_where_each_term_comes_from(web: Client) -> None:
    page = _text(web.get("/games/star-realms-high-alert/glossary/").content.decode())
    assert "(a base game term)" in page
    assert "From The Star Realms base game rules" in page
    assert "From the rulebook, “Heroes”" in page


def test_the_sources_page_lists_the_rules_of_ours(web: Client) -> None:
    page = _text(web.get("/games/bo-jackson-battle-arena/sources/").content.decode())
    assert "These rules are our reading, not the rulebook's" in page
    assert "4.1.2.6" in page and "4.2.2.9" in page
    assert TOURNAMENT in page


def test_the_quick_reference_marks_a_rule_of_ours(web: Client) -> None:
    page = _text(web.get("/games/higher-lower/quick/").content.decode())
    assert "4.1" in page and OURS in page


def test_the_clarifications_page_keeps_the_former_anchor(web: Client) -> None:
    page = web.get("/games/super-hazard-quest/clarifications/").content.decode()
    assert 'id="discard-turn-only-without-actions"' in page
    assert 'id="discard-turn-always-allowed"' in page  # old links land on it
    assert "from The official instruction booklet" in _text(page)


def test_search_results_say_a_rule_is_our_reading(web: Client) -> None:
    page = web.get("/search/", {"q": "turns go round the table", "game": "higher-lower"})
    text = _text(page.content.decode())
    assert "4.1" in text and OURS in text


def test_a_ruling_page_says_a_cited_rule_is_our_reading(api: Any, web: Client) -> None:
    example = api.get("/api/v1/games/higher-lower/example/").json()
    body = api.post("/api/v1/games/higher-lower/rulings/", example, format="json").json()
    assert "higher-lower:4.1" in [r["rule"] for r in body["reasons"]]
    assert "higher-lower:turns-go-left" in body["interpretations"]
    page = web.get(body["url"]).content.decode()
    cited = re.search(r'<blockquote class="cited-rule" id="cited-4.1".*?</blockquote>', page, re.S)
    assert cited and OURS in _text(cited.group(0))
    assert "used on the way" in _text(page)  # a reading used, which the answer does not turn on


def test_every_reference_ruling_is_ours_in_the_database() -> None:
    kinds = Clarification.objects.filter(kind="reference-ruling")
    assert kinds.exists()
    assert set(kinds.values_list("provenance", flat=True)) == {"ours"}


def test_an_editor_sees_and_filters_provenance_in_the_admin(admin_client: Client) -> None:
    page = admin_client.get("/admin/cardsdb/rule/", {"provenance__exact": "ours"})
    assert page.status_code == 200
    text = _text(page.content.decode())
    assert "higher-lower:4.1" in text and "higher-lower:4.2" not in text
    moved = admin_client.get("/admin/cardsdb/clarificationredirect/")
    assert "super-hazard-quest:discard-turn-always-allowed" in _text(moved.content.decode())
