"""The website's prebuilt pages (cardsdb/prebuilt.py): card pages built at load time with the
JSON, and rules pages kept in each process's memory under the data version.

A visitor opens a card nobody has opened since the load: the page is already built. A player
opens a game's rules page after an editor reworded a rule: they read the new wording.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cardsdb import card_groups, data_version, prebuilt, selectors
from cardsdb.api import prebuild
from cardsdb.models import Card, Game, Prebuilt, Rule

pytestmark = pytest.mark.django_db

ARENA = "bo-jackson-battle-arena"


def _kept(kind: str) -> int:
    return Prebuilt.objects.filter(kind=kind, version=data_version.data_fingerprint()).count()


def test_a_load_builds_every_card_page_too() -> None:
    built = prebuild.build_all(progress=lambda _: None, games=["star-realms-high-alert"])
    assert built[prebuilt.CARD_PAGE] == 36 == _kept(prebuilt.CARD_PAGE)


def test_a_card_page_built_at_load_is_the_page_rendered_on_a_visit(settings: Any) -> None:
    """Battle Arena printings without text show the text of the printing that has it: the
    build finds it among the game's printings with text, the visit by a query."""
    printings = prebuild.TextPrintings()
    textless = Card.objects.select_related("game").filter(game__slug=ARENA, text="")
    needing = [c.pk for c in textless.order_by("id") if printings.of(c) is not None][:5]
    assert needing, "Battle Arena has printings that show another printing's text"
    rows = list(selectors.card_detail().filter(pk__in=needing))
    for card in rows:  # the same printing as the visit's query finds
        found = printings.of(card)
        assert found is not None and found == card_groups.text_printing(card)
        assert found.text and found.name == card.name
    plain = list(selectors.card_detail().filter(game__slug=ARENA).order_by("id")[:200])
    assert [printings.of(c) for c in plain] == [card_groups.text_printing(c) for c in plain]
    for card in rows[:2]:  # the page a build keeps is the page a visit renders
        settings.PREBUILT = False
        rendered = Client().get(card.get_absolute_url())
        assert rendered.status_code == 200
        assert prebuild.card_page_bytes(card, printings=printings) == rendered.content


def test_building_card_pages_reads_the_text_printings_once_per_game(
    django_assert_max_num_queries: Any,
) -> None:
    ids = list(Card.objects.filter(game__slug=ARENA, text="").order_by("id")[:400])
    rows = list(selectors.card_detail().filter(pk__in=[c.pk for c in ids]))
    printings = prebuild.TextPrintings()
    with django_assert_max_num_queries(1):  # one query per page was two thirds of a build
        [printings.of(card) for card in rows if card.attributes.get("weapon") is not None]


# --- rules pages in memory -------------------------------------------------------------------


def _rules_page() -> str:
    return "/games/hyperstar-run/rules/"


def test_a_rules_page_read_again_touches_no_table(
    settings: Any, django_assert_num_queries: Any
) -> None:
    first = Client().get(_rules_page())
    assert first.status_code == 200
    settings.DATA_VERSION_SECONDS = 2  # as in production: the version is read every 2 s
    data_version.fingerprint_forget()
    data_version.data_fingerprint()
    with django_assert_num_queries(0):
        again = Client().get(_rules_page())
    assert again.content == first.content and again["ETag"] == first["ETag"]


def test_a_rule_edited_in_the_admin_shows_on_its_rules_page_at_once() -> None:
    rule = Rule.objects.filter(game__slug="hyperstar-run").order_by("id").first()
    assert "Reworded by an editor" not in Client().get(_rules_page()).content.decode()
    rule.text = "Reworded by an editor."
    rule.save()
    assert "Reworded by an editor." in Client().get(_rules_page()).content.decode()


def test_a_new_load_shows_on_the_rules_page_at_once() -> None:
    Client().get(_rules_page())
    before = data_version.data_fingerprint()
    # what a load does: the rows written without signals, and a new data version named
    Rule.objects.filter(game__slug="hyperstar-run").update(text="Loaded anew.")
    Game.objects.filter(slug="hyperstar-run").update(data_version="another-load")
    data_version.fingerprint_forget()
    assert data_version.data_fingerprint() != before
    assert "Loaded anew." in Client().get(_rules_page()).content.decode()


def test_an_unknown_game_is_kept_nowhere() -> None:
    assert Client().get("/games/chess/rules/").status_code == 404
    assert not any(key == "chess" for _, key in prebuilt._memory._held[1])
