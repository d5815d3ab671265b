""" "What can I do now?" where the moves cannot be listed (issue 26): the page says why in a
player's words and offers first what answers it from this board (the game's tool on it, the
questions about this ruling's kind of move), then the other questions. Over HTTP."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from cardsdb.web.schema_forms import default_post
from games.super_hazard_quest.questions import PassHazardForm

pytestmark = pytest.mark.django_db


def _page(response: Any) -> str:
    return html.unescape(response.content.decode())


def test_a_dungeon_turn_cannot_be_listed_and_where_can_i_go_is_offered_first() -> None:
    web = Client()
    asked = web.post(
        "/games/super-hazard-quest/disputes/pass-hazard/", default_post(PassHazardForm)
    )
    assert asked.status_code == 302
    page = _page(web.get(asked["Location"].split("#")[0] + "what-now/"))
    block = re.search(r'<div class="question" id="cannot-list">(.*?)</div>', page, re.S)
    assert block, "no word on why the moves are not listed"
    said = re.sub(r"<[^>]+>", " ", block.group(1))
    said = " ".join(said.split())
    assert "a card drawn on the way could be any card" in said
    assert "too many ways to play" not in said  # not the words for a finite list
    first, _, rest = said.partition("Or ask about the one move you have in mind:")
    assert "What answers it from here: Where can I go? Can I pass this hazard with this item?" in (
        first
    )
    assert "Who goes first?" in rest and "Who goes first?" not in first
