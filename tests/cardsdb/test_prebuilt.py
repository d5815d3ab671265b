"""Prebuilt answers (cardsdb/prebuilt.py) and bulk files (cardsdb/bulk.py): each is built once
per version of the data, is the same bytes the view would render, and is never stale.

An editor fixes a card's text in the admin, or a new load changes a rule: the very next request
for that card, its list page, its page on the site, the rule or the bulk download must show the
fix, on every kind of prebuilt answer.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer

from cardsdb import bulk, data_version, prebuilt
from cardsdb.api import prebuild
from cardsdb.api.renderers import dumps
from cardsdb.loaders import fixtures_load
from cardsdb.models import Card, Clarification, Faction, Game, Prebuilt, Rule

pytestmark = pytest.mark.django_db

GAME = "star-realms-high-alert"


def _card() -> Card:
    return Card.objects.select_related("game").filter(game__slug=GAME).order_by("id").first()


def _detail(card: Card) -> str:
    return f"/api/v1/cards/{card.game.slug}/{card.slug}/"


def _page(card: Card) -> str:
    return f"/games/{card.game.slug}/cards/{card.slug}/"


def _list(card: Card) -> str:
    return f"/api/v1/cards/?game={card.game.slug}&page_size=100"


def _kept(kind: str) -> int:
    return Prebuilt.objects.filter(kind=kind, version=data_version.data_fingerprint()).count()


def _queries(client: Client, url: str) -> tuple[Any, list[str]]:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    return response, [q["sql"] for q in ctx.captured_queries]


# --- the same bytes as rendering -----------------------------------------------------------


@pytest.mark.parametrize("which", ["detail", "page", "list", "rule"])
def test_a_prebuilt_answer_is_the_bytes_the_view_renders(settings: Any, which: str) -> None:
    card = _card()
    url = {
        "detail": _detail(card),
        "page": _page(card),
        "list": _list(card),
        "rule": "/api/v1/rules/hyperstar-run:1.1/",
    }[which]
    settings.PREBUILT = False
    rendered = Client().get(url)
    settings.PREBUILT = True
    first = Client().get(url)  # built now and kept
    second = Client().get(url)  # read back
    assert rendered.status_code == first.status_code == second.status_code == 200
    assert first.content == rendered.content
    assert second.content == rendered.content
    assert second["Content-Type"] == rendered["Content-Type"]


@pytest.mark.parametrize(
    "query",
    [
        "game=bo-jackson-battle-arena&type=hero&power_min=200&ordering=-power",
        "game=bo-jackson-battle-arena&page=3&page_size=20&ordering=name",
        "game=star-realms-high-alert&faction=blob&ordering=-cost",
        "page=2",
        "game=higher-lower&power_min=100000",
        "q=faction:blob cost<=4",
        "game=star-realms-high-alert&page=9",
        "page_size=0",
    ],
)
def test_a_card_list_read_prebuilt_is_the_list_the_view_renders(settings: Any, query: str) -> None:
    url = f"/api/v1/cards/?{query}"
    settings.PREBUILT = False
    rendered = Client().get(url)
    settings.PREBUILT = True
    for _ in range(2):  # entries built now, then read back
        answer = Client().get(url)
        assert answer.status_code == rendered.status_code
        assert answer.content == rendered.content


def test_the_fast_json_renderer_writes_drfs_bytes() -> None:
    import datetime
    import decimal

    data = {
        "name": "Звёздные империи «Т» — ok",
        "sep": "line\u2028para\u2029end",
        "nested": [1, 2.5, None, True, {"k": "v"}],
        "when": datetime.datetime(2026, 12, 1, 9, 0, 0, 123456, tzinfo=datetime.UTC),
        "price": decimal.Decimal("1.50"),
        "ctrl": "tab\there\x01",
    }
    assert dumps(data) == JSONRenderer().render(data)


# --- query counts --------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["detail", "page", "rule"])
def test_a_prebuilt_answer_costs_one_read(settings: Any, which: str) -> None:
    card = _card()
    url = {"detail": _detail(card), "page": _page(card), "rule": "/api/v1/rules/hyperstar-run:1.1/"}
    Client().get(url[which])  # built and kept
    settings.DATA_VERSION_SECONDS = 2  # as in production: the version is read every 2 s
    data_version.fingerprint_forget()
    Client().get("/api/v1/health")
    data_version.data_fingerprint()
    response, sql = _queries(Client(), url[which])
    assert response.status_code == 200
    assert len(sql) == 1 and "cardsdb_prebuilt" in sql[0], sql


def test_a_card_list_page_reads_its_entries_in_one_query() -> None:
    card = _card()
    Client().get(_list(card))  # the entries built and kept
    response, sql = _queries(Client(), _list(card))
    assert response.status_code == 200 and len(response.json()["results"]) == 36
    # the version of the data, then the page's entries in one query: the filter, the count
    # and the order come from the card index in memory (cardsdb/card_index.py), built once
    assert len(sql) == 2, sql
    assert not any("cardsdb_card" in q for q in sql)


def test_a_page_of_kept_entries_is_read_joined_in_order_and_a_missing_one_is_built() -> None:
    version = data_version.data_fingerprint()
    prebuild.build_all(progress=lambda _: None, games=[GAME])
    ids = list(Card.objects.filter(game__slug=GAME).values_list("pk", flat=True))
    random.Random(15).shuffle(ids)
    expected = prebuild.card_items_by_id(ids, version)
    assert len(expected) == len(ids)
    assert prebuild.card_items_joined(ids, version) == b",".join(expected)
    Prebuilt.objects.filter(version=version, kind=prebuilt.CARD_ITEM, key=str(ids[3])).delete()
    assert prebuild.card_items_joined(ids, version) == b",".join(expected)  # built again
    assert prebuild.card_items_joined([], version) == b""


def test_a_page_of_entries_probes_the_index_and_never_scans_every_answer() -> None:
    """A join SQLite once planned the other way round scanned all ~53,000 kept answers for
    each page (5 ms, not 0.1): the kept answers are looked up, card by card."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's plan; PostgreSQL reads an array by the index")
    version = data_version.data_fingerprint()
    prebuild.build_all(progress=lambda _: None, games=[GAME])
    # The plan follows the statistics of the kept answers: those of this test's rows, not
    # whatever an earlier test in this process left (SQLite keeps them until asked again).
    with connection.cursor() as cursor:
        cursor.execute(f"ANALYZE {Prebuilt._meta.db_table}")
    ids = list(Card.objects.filter(game__slug=GAME).values_list("pk", flat=True)[:20])
    with CaptureQueriesContext(connection) as ctx:
        prebuild.card_items_joined(ids, version)
    (query,) = [q["sql"] for q in ctx.captured_queries if "json_each" in q["sql"]]
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {query}")
        plan = " / ".join(str(row[-1]) for row in cursor.fetchall())
    # each card's answer found by its whole key, not every answer of the version scanned
    assert "(version=? AND kind=? AND key=?)" in plan, plan
    assert "SCAN p" not in plan, plan


def test_a_card_list_page_the_index_cannot_answer_counts_and_pages_in_the_database() -> None:
    card = _card()
    url = _list(card) + "&name=a"  # a name search: the SQL list
    Client().get(url)  # the entries built and kept
    response, sql = _queries(Client(), url)
    assert response.status_code == 200
    # the version of the data, the filter's game, the count, then the page's ids with their
    # entries in one query
    assert len(sql) == 4, sql
    assert not any("cardsdb_faction" in q or "cardsdb_expansion" in q for q in sql)


def test_building_every_answer_is_a_few_queries_not_one_per_card() -> None:
    with CaptureQueriesContext(connection) as ctx:
        built = prebuild.build_all(progress=lambda _: None, games=[GAME])
    assert built[prebuilt.CARD] == built[prebuilt.CARD_ITEM] == 36
    assert built[prebuilt.RULE] == Rule.objects.filter(game__slug=GAME).count()
    # the version, the ids, the cards with their joins and prefetches, the rows kept, the
    # rules, old versions dropped: one query per card would be more than 36
    # (and the game's rules page: its sections, rules and glossary terms)
    assert len(ctx.captured_queries) <= 22, [q["sql"][:80] for q in ctx.captured_queries]


def test_a_built_answer_is_served_without_touching_the_card_tables() -> None:
    prebuild.build_all(progress=lambda _: None, games=[GAME])
    card = _card()
    for url in (_detail(card), "/api/v1/rules/star-realms-high-alert:1.1/"):
        response, sql = _queries(Client(), url)
        assert response.status_code == 200
        assert not any("cardsdb_card" in q or "cardsdb_rule" in q for q in sql), sql


def test_a_missing_card_is_still_a_404_in_the_error_shape() -> None:
    response = Client().get(f"/api/v1/cards/{GAME}/no-such-card/")
    assert response.status_code == 404 and "error" in response.json()
    assert Client().get(f"/games/{GAME}/cards/no-such-card/").status_code == 404


def test_the_browsable_api_and_signed_in_pages_are_rendered_as_before() -> None:
    card = _card()
    html = Client().get(_detail(card), HTTP_ACCEPT="text/html")
    assert html.status_code == 200 and html["Content-Type"].startswith("text/html")
    assert _kept(prebuilt.CARD) == 0


# --- never stale ---------------------------------------------------------------------------


def _edit_text(card: Card, text: str) -> None:
    card.text = text
    card.save()  # what the admin does: one object, with its signals


@pytest.mark.parametrize("which", ["detail", "page", "list"])
def test_a_card_edited_in_the_admin_shows_at_once(which: str) -> None:
    card = _card()
    url = {"detail": _detail(card), "page": _page(card), "list": _list(card)}[which]
    before = Client().get(url).content.decode()
    assert "Fixed by an editor" not in before
    _edit_text(card, "Fixed by an editor.")
    after = Client().get(url).content.decode()
    assert "Fixed by an editor." in after


def test_a_faction_added_to_a_card_in_the_admin_shows_at_once() -> None:
    card = _card()
    other = Faction.objects.filter(game=card.game).exclude(cards=card).first()
    Client().get(_detail(card))
    card.factions.add(other)  # the admin's many-to-many widget: m2m_changed
    assert other.slug in Client().get(_detail(card)).json()["factions"]


def test_a_clarification_deleted_in_the_admin_leaves_the_card_at_once() -> None:
    clarification = Clarification.objects.filter(cards__isnull=False).first()
    card = clarification.cards.select_related("game").first()
    keys = [c["key"] for c in Client().get(_detail(card)).json()["clarifications"]]
    assert clarification.key in keys
    clarification.delete()
    keys = [c["key"] for c in Client().get(_detail(card)).json()["clarifications"]]
    assert clarification.key not in keys


def test_a_rule_edited_in_the_admin_shows_at_once() -> None:
    url = "/api/v1/rules/hyperstar-run:1.1/"
    Client().get(url)
    rule = Rule.objects.get(key="hyperstar-run:1.1")
    rule.text = "Edited by an editor."
    rule.save()
    assert Client().get(url).json()["text"] == "Edited by an editor."


def test_an_edit_is_seen_by_another_app_server_through_the_database() -> None:
    """Another app server shares only the database: it sees the edits counter there."""
    card = _card()
    Client().get(_detail(card))
    before = data_version.data_fingerprint()
    _edit_text(card, "Seen everywhere.")
    data_version.fingerprint_forget()  # another process: nothing remembered
    assert data_version.data_fingerprint() != before
    assert Client().get(_detail(card)).json()["text"] == "Seen everywhere."


def _reload_with(tmp_path: Path, game: str, old: str, new: str, file: str) -> None:
    folder = tmp_path / game
    shutil.copytree(django_settings.FIXTURES_DIR / game, folder)
    path = folder / file
    text = path.read_text()
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1))
    fixtures_load([folder])


def test_a_fixture_reload_that_changes_a_rule_shows_in_every_prebuilt_kind(
    tmp_path: Path,
) -> None:
    game = "higher-lower"
    rule = Rule.objects.filter(game__slug=game, text__contains="60 playing cards").first()
    url = f"/api/v1/rules/{rule.key}/"
    prebuild.build_all(progress=lambda _: None, games=[game])
    assert "60 playing cards" in Client().get(url).json()["text"]
    _reload_with(
        tmp_path, game, "The game has 60 playing cards", "The box holds 60 cards", "rules.toml"
    )
    assert "The box holds 60 cards" in Client().get(url).json()["text"]
    document = _bulk_json(Client().get(f"/api/v1/bulk/{game}.json"))
    texts = [r["text"] for s in document["games"][0]["rule_sections"] for r in s["rules"]]
    assert any("The box holds 60 cards" in t for t in texts)


def test_a_fixture_reload_that_changes_a_card_shows_on_its_page_and_in_lists(
    tmp_path: Path,
) -> None:
    card = _card()
    prebuild.build_all([*prebuilt.KINDS], progress=lambda _: None, games=[GAME])
    assert card.name in Client().get(_page(card)).content.decode()
    _reload_with(tmp_path, GAME, f'"{card.name}"', '"Renamed In The Files"', "cards.toml")
    assert "Renamed In The Files" in Client().get(_page(card)).content.decode()
    names = [c["name"] for c in Client().get(_list(card)).json()["results"]]
    assert "Renamed In The Files" in names and card.name not in names
    assert Client().get(_detail(card)).json()["name"] == "Renamed In The Files"


def test_a_load_drops_the_answers_of_older_versions(tmp_path: Path) -> None:
    prebuild.build_all(progress=lambda _: None, games=["higher-lower"])
    old = data_version.data_fingerprint()
    assert Prebuilt.objects.filter(version=old).exists()
    _reload_with(tmp_path, "higher-lower", "The game has 60", "There are 60", "rules.toml")
    prebuild.build_all(progress=lambda _: None, games=["higher-lower"])
    assert not Prebuilt.objects.filter(version=old).exists()


# --- bulk files ----------------------------------------------------------------------------


def _bulk_json(response: Any) -> Any:
    assert response.status_code == 200
    return json.loads(b"".join(response.streaming_content))


def test_a_bulk_download_is_a_file_with_etag_and_length_built_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    builds = []
    real = bulk.bulk_document
    monkeypatch.setattr(bulk, "bulk_document", lambda games: builds.append(1) or real(games))
    first = Client().get(f"/api/v1/bulk/{GAME}.json")
    body = b"".join(first.streaming_content)
    assert int(first["Content-Length"]) == len(body)
    assert first["ETag"].startswith('"') and first["Content-Type"] == "application/json"
    document = json.loads(body)
    assert document["games"][0]["slug"] == GAME
    again = Client().get(f"/api/v1/bulk/{GAME}.json")
    assert b"".join(again.streaming_content) == body and again["ETag"] == first["ETag"]
    assert builds == [1]  # written once, then served from the file
    files = list(bulk.bulk_dir().glob(f"*/{GAME}.json"))
    assert len(files) == 1 and files[0].read_bytes() == body
    unchanged = Client().get(f"/api/v1/bulk/{GAME}.json", HTTP_IF_NONE_MATCH=first["ETag"])
    assert unchanged.status_code == 304


def test_a_bulk_download_after_an_admin_edit_is_a_new_file() -> None:
    first = Client().get("/api/v1/bulk/all.json")
    etag = first["ETag"]
    b"".join(first.streaming_content)
    card = _card()
    _edit_text(card, "Bulk sees the fix.")
    second = Client().get("/api/v1/bulk/all.json")
    assert second["ETag"] != etag
    document = _bulk_json(second)
    game = next(g for g in document["games"] if g["slug"] == GAME)
    assert any(c["text"] == "Bulk sees the fix." for c in game["cards"])
    stale = Client().get("/api/v1/bulk/all.json", HTTP_IF_NONE_MATCH=etag)
    assert stale.status_code == 200  # the old ETag no longer matches


def test_an_unknown_bulk_game_is_a_404() -> None:
    assert Client().get("/api/v1/bulk/chess.json").status_code == 404


# --- the desk reads per version, not per request ------------------------------------------


def _ruling(client: Client, body: dict[str, Any]) -> Any:
    return client.post(
        f"/api/v1/games/{GAME}/rulings", json.dumps(body), content_type="application/json"
    )


def test_a_new_ruling_reads_no_game_or_rule_row(settings: Any) -> None:
    client = Client()
    example = client.get(f"/api/v1/games/{GAME}/example/").json()
    first = _ruling(client, example)
    assert first.status_code == 200
    settings.DATA_VERSION_SECONDS = 2
    data_version.fingerprint_forget()
    data_version.data_fingerprint()
    changed = json.loads(json.dumps(example).replace('"c1"', '"c1-new"'))
    with CaptureQueriesContext(connection) as ctx:
        second = _ruling(client, changed)
    assert second.status_code == 200 and second.json()["id"] != first.json()["id"]
    sql = [q["sql"] for q in ctx.captured_queries]
    assert not any('"cardsdb_game"' in q.split("FROM")[-1] for q in sql if "FROM" in q), sql
    assert not any("cardsdb_rule" in q for q in sql), sql
    # a new board is one INSERT ... ON CONFLICT DO NOTHING (on PostgreSQL in the same round
    # trip as `SET LOCAL synchronous_commit`): no look-up of the saved ruling first
    inserts = [q for q in sql if "INSERT INTO" in q]
    assert len(inserts) == 1 and "ON CONFLICT" in inserts[0], sql
    assert not any(q.startswith("UPDATE") for q in sql), sql
    assert not any(q.startswith("SELECT") and "cardsdb_savedruling" in q for q in sql), sql
    assert second.json()["cited_rules"], "the cited rules' text is still given"


def test_a_rule_edit_is_in_the_next_ruling_that_cites_it() -> None:
    client = Client()
    example = client.get(f"/api/v1/games/{GAME}/example/").json()
    cited = _ruling(client, example).json()["cited_rules"][0]
    rule = Rule.objects.get(key=cited["key"])
    rule.text = "Reworded by an editor."
    rule.save()
    changed = json.loads(json.dumps(example).replace('"c1"', '"c1-again"'))
    texts = {r["key"]: r["text"] for r in _ruling(client, changed).json()["cited_rules"]}
    assert texts[cited["key"]] == "Reworded by an editor."


def test_a_ruling_saved_under_older_data_is_ruled_again_under_the_new() -> None:
    client = Client()
    example = client.get(f"/api/v1/games/{GAME}/example/").json()
    first = _ruling(client, example).json()
    Game.objects.filter(slug=GAME).update(data_version="a-new-load")
    data_version.fingerprint_forget()
    again = _ruling(client, example).json()
    assert again["id"] == first["id"]
    assert again["reference_version"] == "a-new-load"
    assert (
        client.get(f"/api/v1/games/{GAME}/rulings/{first['id']}/").json()["reference_version"]
        == "a-new-load"
    )
