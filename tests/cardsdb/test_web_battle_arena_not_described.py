"""Battle Arena over HTTP, "Who wins this battle?" as a player fills it in: the battle asked is
the battle answered, and the last battle, whose result ends the game, asks for the score at
its field rather than making one up (issue 18)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

from cardsdb.web.schema_forms import default_post
from games.bo_jackson_battle_arena.questions import WhoWinsThisBattle

pytestmark = pytest.mark.django_db

ASK = "/games/bo-jackson-battle-arena/disputes/who-wins-this-battle/"


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


def answer(web: Client, **fields: str) -> Any:
    return web.post(ASK, {**default_post(WhoWinsThisBattle), **fields}, follow=True)


def test_battle_four_is_answered_as_battle_four(web: Client) -> None:
    response = answer(web, battle="4", my_hero_power="120", opponent_hero_power="110")
    assert response.status_code == 200
    text = html.unescape(response.content.decode())
    assert "You win battle 4." in text
    assert "battle 4 of 7" in text and "battle 1 of 7" not in text


def test_battle_seven_without_the_score_is_asked_at_its_field(web: Client) -> None:
    response = answer(web, battle="7", my_hero_power="120")
    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    shown = re.search(r'id="[^"]*battles_i_have_won-error">(.*?)</small>', page)
    assert shown, "no error at the field"
    assert shown.group(1) == "Battle 7 ends the game: give the battles you have won before it."
    assert "cannot happen in the game" not in page


def test_battle_seven_with_the_score_decides_the_game(web: Client) -> None:
    response = answer(
        web,
        battle="7",
        my_hero_power="120",
        battles_i_have_won="3",
        battles_my_opponent_has_won="3",
    )
    assert response.status_code == 200
    assert "You win the game, 4 battles to 3." in html.unescape(response.content.decode())
