"""A game's sources and quick reference through HTTP: their own endpoints, the game object, the
bulk downloads, and never a stale answer after a load or an admin edit."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from cardsdb import data_version
from cardsdb import models as m
from cardsdb.api import prebuild
from cardsdb.loaders import fixtures_load

pytestmark = pytest.mark.django_db

GAMES = ["bo-jackson-battle-arena", "higher-lower", "hyperstar-run", "star-realms-high-alert"]
GAMES += ["super-hazard-quest"]


def _table(slug: str) -> dict[str, Any]:
    return tomllib.loads((Path(settings.FIXTURES_DIR) / slug / "table.toml").read_text())


def _error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert set(error) == {"code", "message", "details"} and error["message"]
    return error


def _bulk(api: Any, slug: str) -> dict[str, Any]:
    response = api.get(f"/api/v1/bulk/{slug}.json")
    assert response.status_code == 200
    return json.loads(b"".join(response.streaming_content))


@pytest.mark.parametrize("slug", GAMES)
def test_a_games_sources_are_those_its_data_lists_in_order(api: Any, slug: str) -> None:
    body = api.get(f"/api/v1/games/{slug}/sources/").json()
    assert body["game"] == slug
    # a source with no address answers null (the schema says a URI or null)
    assert body["sources"] == [{"url": None, **s} for s in _table(slug)["sources"]]


def test_the_sources_say_which_are_community_and_unverified(api: Any) -> None:
    body = api.get("/api/v1/games/bo-jackson-battle-arena/sources/").json()
    community = [s for s in body["sources"] if s["kind"] == "community"]
    assert [s["title"] for s in community] == ["A public community card catalog (early 2026)"]
    assert "not official" in community[0]["about"]


def test_the_quick_reference_gives_the_setup_and_turn_rules_each_by_its_key(api: Any) -> None:
    body = api.get("/api/v1/games/bo-jackson-battle-arena/quick/").json()
    assert [s["number"] for s in body["setup"]] == ["4.1.1", "4.2.1", "4.3.1"]
    assert [s["number"] for s in body["turn"]] == ["4.1.2", "4.2.2", "4.3.2"]
    first = body["setup"][0]["rules"][0]
    assert first["key"] == "bo-jackson-battle-arena:4.1.1.1"
    assert first["url"] == "/games/bo-jackson-battle-arena/rules/#4.1.1.1"
    assert first["text"] == m.Rule.objects.get(key=first["key"]).text
    rookie = next(v for v in body["setup_numbers"] if v["variant"] == "rookie")
    assert rookie["setup"] == {"hero_deck": 60, "max_heroes_per_power": 6, "battle_zones": 7}
    words = ["Hero Deck: 60 cards", "At most 6 Heroes of one Power", "Battle Zones: 7"]
    assert rookie["words"] == words
    assert body["asked"] and all(r["clarifications"] >= 1 for r in body["asked"])


def test_a_game_whose_rulebook_gives_no_turn_order_says_why(api: Any) -> None:
    body = api.get("/api/v1/games/star-realms-high-alert/quick/").json()
    assert body["turn"] == []
    assert "base game" in body["turn_note"]
    assert body["setup_numbers"] == []  # no variant with setup numbers: none invented


def test_the_game_object_carries_the_choices_and_links_to_both(api: Any) -> None:
    game = api.get("/api/v1/games/hyperstar-run/").json()
    assert game["quick"] == {"setup": ["2"], "turn": ["3", "4", "8"], "turn_note": ""}
    assert {"key": "runs", "phrase": "Runs: {}"} in game["setup_phrases"]
    assert api.get(game["sources_url"]).json()["game"] == "hyperstar-run"
    assert api.get(game["quick_url"]).json()["game"] == "hyperstar-run"


@pytest.mark.parametrize("path", ["sources/", "quick/", "sources", "quick"])
def test_an_unknown_game_is_a_404_in_the_error_shape(api: Any, path: str) -> None:
    error = _error(api.get(f"/api/v1/games/chess/{path}"), 404)
    assert error["code"] == "not-found"
    assert error["message"] == "No game 'chess'."


def test_the_schema_documents_both_endpoints(api: Any) -> None:
    schema = api.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    for path, ref in [
        ("/api/v1/games/{slug}/sources/", "GameSources"),
        ("/api/v1/games/{slug}/quick/", "QuickReference"),
    ]:
        get = schema["paths"][path]["get"]
        assert get["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith(
            ref
        )
        assert "404" in get["responses"]
    assert "kind" in schema["components"]["schemas"]["Source"]["properties"]


@pytest.mark.parametrize("path", ["sources/", "quick/"])
def test_the_query_count_is_the_same_for_every_game(api: Any, path: str) -> None:
    counts = {}
    for slug in GAMES:
        with CaptureQueriesContext(connection) as queries:
            assert api.get(f"/api/v1/games/{slug}/{path}").status_code == 200
        counts[slug] = len(queries)
    assert len(set(counts.values())) == 1, counts  # not one more per source, section or rule
    assert max(counts.values()) <= 6, counts


def test_the_bulk_downloads_hold_the_sources_and_the_quick_reference(api: Any) -> None:
    one = _bulk(api, "higher-lower")["games"][0]
    assert one["sources"] == [{"url": "", **s} for s in _table("higher-lower")["sources"]]
    assert one["quick"] == {"setup": ["3"], "turn": ["4"], "turn_note": ""}
    every = _bulk(api, "all")["games"]
    arena = next(g for g in every if g["slug"] == "bo-jackson-battle-arena")
    assert arena["setup_phrases"][3] == {"key": "hero_deck", "phrase": "Hero Deck: {} cards"}
    assert [s["title"] for s in arena["sources"]] == [
        s["title"] for s in _table("bo-jackson-battle-arena")["sources"]
    ]


def test_after_a_load_nothing_stale_is_served(api: Any, tmp_path: Path) -> None:
    slug = "hyperstar-run"
    prebuild.build_all(progress=lambda _msg: None, games=[slug])  # answers of this version
    old_title = "“Hyperstar Run”, Solo Rhino (February 2025)"
    assert old_title in [s["title"] for s in _bulk(api, slug)["games"][0]["sources"]]
    assert api.get(f"/api/v1/games/{slug}/sources/").status_code == 200
    version = data_version.data_fingerprint()

    folder = tmp_path / slug
    shutil.copytree(Path(settings.FIXTURES_DIR) / slug, folder)
    path = folder / "table.toml"
    path.write_text(path.read_text().replace(old_title, "Solo Rhino's review", 1))
    fixtures_load([folder])
    data_version.fingerprint_forget()
    assert data_version.data_fingerprint() != version

    for titles in (
        [s["title"] for s in _bulk(api, slug)["games"][0]["sources"]],
        [s["title"] for s in api.get(f"/api/v1/games/{slug}/sources/").json()["sources"]],
    ):
        assert "Solo Rhino's review" in titles and old_title not in titles


def test_staff_edit_a_source_in_the_admin_and_every_answer_follows(api: Any) -> None:
    staff = get_user_model().objects.create_superuser("editor", "e@example.org", "pw")
    client = Client()
    client.force_login(staff)
    source = m.Source.objects.get(game__slug="higher-lower", title="Booster card texts")
    before = _bulk(api, "higher-lower")["games"][0]["sources"]
    assert before[1]["title"] == "Booster card texts"
    edits = data_version.edits_seen()

    page = client.get(f"/admin/cardsdb/source/{source.pk}/change/")
    assert page.status_code == 200
    response = client.post(
        f"/admin/cardsdb/source/{source.pk}/change/",
        {
            "game": source.game_id,
            "position": source.position,
            "title": "The booster cards' texts",
            "kind": "editorial",
            "about": source.about,
            "url": "",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    data_version.fingerprint_forget()
    assert data_version.edits_seen() == edits + 1  # the edit counts, like any other

    titles = [s["title"] for s in api.get("/api/v1/games/higher-lower/sources/").json()["sources"]]
    assert titles[1] == "The booster cards' texts"
    assert _bulk(api, "higher-lower")["games"][0]["sources"][1]["title"] == titles[1]
    assert (
        "The booster cards&#x27; texts"
        in client.get("/games/higher-lower/sources/").content.decode()
    )


def test_the_admin_lists_and_adds_sources_for_staff(api: Any) -> None:
    staff = get_user_model().objects.create_superuser("editor", "e@example.org", "pw")
    client = Client()
    client.force_login(staff)
    listing = client.get(
        "/admin/cardsdb/source/", {"game__id__exact": m.Game.objects.get(slug="hyperstar-run").pk}
    )
    assert listing.status_code == 200 and "Gnome Pondering" in listing.content.decode()
    assert Client().get("/admin/cardsdb/source/").status_code == 302  # not for visitors
    game = m.Game.objects.get(slug="hyperstar-run")
    response = client.post(
        "/admin/cardsdb/source/add/",
        {
            "game": game.pk,
            "position": 9,
            "title": "A new review",
            "kind": "review",
            "about": "Who made it.",
            "url": "not a web address",
        },
    )
    assert response.status_code == 200  # the form again, with the field in error
    assert "Enter a valid URL." in response.content.decode()
    assert not m.Source.objects.filter(title="A new review").exists()


def _game_form(game: m.Game, **changes: Any) -> Any:
    from cardsdb.admin import GameForm

    data: dict[str, Any] = {
        "slug": game.slug,
        "name": game.name,
        "names": json.dumps(game.names),
        "name_note": game.name_note,
        "summary": game.summary,
        "rulebook": game.rulebook,
        "min_players": game.min_players or "",
        "max_players": game.max_players or "",
        "edition": game.edition,
        "facts": json.dumps(game.facts),
        "data_version": game.data_version,
        "position": game.position,
        "quick_setup": json.dumps(game.quick_setup),
        "quick_turn": json.dumps(game.quick_turn),
        "quick_turn_note": game.quick_turn_note,
        "setup_phrases": json.dumps(game.setup_phrases),
    }
    data.update({k: json.dumps(v) if not isinstance(v, str) else v for k, v in changes.items()})
    return GameForm(data=data, instance=game)


def test_the_admin_checks_the_quick_reference_as_the_loader_does() -> None:
    game = m.Game.objects.get(slug="higher-lower")
    assert _game_form(game).is_valid()
    assert _game_form(game, quick_turn=["4", "5"]).is_valid()
    wrong = _game_form(game, quick_turn=["4", "42"])
    assert not wrong.is_valid()
    assert wrong.errors["quick_turn"] == ["No such rule section: 42."]
    not_a_list = _game_form(game, quick_setup={"3": 1})
    assert not not_a_list.is_valid() and "quick_setup" in not_a_list.errors


def test_the_admin_refuses_a_setup_phrase_with_no_place_for_the_number() -> None:
    game = m.Game.objects.get(slug="hyperstar-run")
    phrases = [
        p if p["key"] != "runs" else {"key": "runs", "phrase": "Runs"} for p in game.setup_phrases
    ]
    form = _game_form(game, setup_phrases=phrases)
    assert not form.is_valid()
    assert "setup runs" in form.errors["setup_phrases"][0]
    twice = _game_form(game, setup_phrases=[*game.setup_phrases, game.setup_phrases[0]])
    assert twice.errors["setup_phrases"] == ["Each setup number has one phrase."]
    assert "setup_phrases" in _game_form(game, setup_phrases={"runs": "Runs: {}"}).errors
