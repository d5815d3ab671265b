"""A sixth game, Pebbles (tests/toy_game/), served end to end with nothing added outside its
own folders: its package, its templates folder, and a fixture written for the test. Its ruling
through the API, its tool through the one tool route, its question on the disputes page, its
picture on the ruling page."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client, override_settings

from cardsdb.loaders import fixtures_load
from games.core.registry import register, registry, unregister
from tests.toy_game import RULE, RULES, SLUG

pytestmark = pytest.mark.django_db
TEMPLATES = Path(__file__).resolve().parents[1] / "toy_game" / "templates"
GAME_TOML = f'''slug = "{SLUG}"
name = "Pebbles"
names = {{ en = "Pebbles" }}
summary = "Take one, two or three pebbles; a game for the tests."
rulebook = "tests/toy_game"
'''
RULES_TOML = f'''[[sections]]
number = "1"
title = "Taking pebbles"
source = "tests/toy_game"
provenance = "rulebook"

[[sections.rules]]
number = "{RULE[0]}"
text = "{RULE[1]}"
source = "tests/toy_game"
'''


@pytest.fixture
def pebbles(tmp_path: Path) -> Iterator[None]:
    folder = tmp_path / SLUG
    folder.mkdir()
    (folder / "game.toml").write_text(GAME_TOML, encoding="utf-8")
    (folder / "rules.toml").write_text(RULES_TOML, encoding="utf-8")
    fixtures_load([folder])
    templates = copy.deepcopy(settings.TEMPLATES)
    templates[0]["DIRS"] = [*templates[0]["DIRS"], TEMPLATES]
    register(RULES)
    try:
        with override_settings(TEMPLATES=templates):
            yield
    finally:
        unregister(SLUG)
    assert SLUG not in registry


def test_its_ruling_through_the_api_cites_its_rule(pebbles: None, api: Any) -> None:
    body = {"state": {"pile": 2}, "move": {"kind": "take", "pebbles": 3}}
    response = api.post(f"/api/v1/games/{SLUG}/rulings", body, format="json")
    assert response.status_code == 200, response.content
    ruling = response.json()
    assert ruling["verdict"] == "illegal"
    [reason] = ruling["reasons"]
    assert (reason["code"], reason["rule"]) == ("one-to-three", f"{SLUG}:{RULE[0]}")
    assert reason["url"] == f"/games/{SLUG}/rules/#{RULE[0]}"
    assert ruling["cited_rules"][0]["text"] == RULE[1]
    bad = api.post(
        f"/api/v1/games/{SLUG}/rulings", {"state": {"pile": -1}, "move": {}}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["error"]["details"][0]["field"] == "state.pile"


def test_its_tool_through_the_one_tool_route(pebbles: None, api: Any) -> None:
    response = api.post(f"/api/v1/games/{SLUG}/tools/takes", {"state": {"pile": 2}}, format="json")
    assert response.status_code == 200
    assert response.json() == {"takes": [1, 2]}
    bad = api.post(f"/api/v1/games/{SLUG}/tools/takes", {"state": {"pile": "x"}}, format="json")
    assert bad.status_code == 400
    assert bad.json()["error"]["details"][0]["field"] == "state.pile"
    listed = api.get(f"/api/v1/games/{SLUG}/").json()["tools"]
    assert [t["title"] for t in listed] == ["What can I take?"]


def test_its_question_on_the_disputes_page_and_its_picture_on_the_ruling_page(
    pebbles: None,
) -> None:
    web = Client()
    page = web.get(f"/games/{SLUG}/disputes/").content.decode()
    assert "How many pebbles may I take?" in page
    assert 'name="pile"' in page and 'name="pebbles"' in page
    response = web.post(f"/games/{SLUG}/disputes/how-many/", {"pile": "3", "pebbles": "2"})
    assert response.status_code == 302
    ruling = web.get(response["Location"]).content.decode()
    assert "Yes." in ruling and f"{SLUG}:{RULE[0]}" in ruling
    picture = re.search(r'<svg[^>]*class="board pebbles-board".*?</svg>', ruling, re.S)
    assert picture is not None, "the game's own picture is on the ruling page"
    assert picture.group(0).count('class="pebble"') == 3  # the board as described
