"""Over HTTP, the Higher or Lower question forms: the table is as many players as you said;
a target the table cannot hold ("another opponent" with two players) or a number of players
the rulebook cannot deal comes back as a 400 with the message at that field (issue 18)."""

from __future__ import annotations

import pytest
from django.test import Client

from cardsdb.web.schema_forms import default_post
from games.higher_lower.questions import CanIPlayABooster, CanIPlayThisCard

pytestmark = pytest.mark.django_db

BOOSTER = "/games/higher-lower/disputes/can-i-play-a-booster/"
PLAY = "/games/higher-lower/disputes/can-i-play-this-card/"


def test_another_opponent_at_a_table_of_two_is_marked_at_the_target() -> None:
    data = {**default_post(CanIPlayABooster), "players": "2", "aimed_at": "another opponent"}
    response = Client().post(BOOSTER, data)
    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="can-i-play-a-booster-aimed_at-error"' in page
    assert "there is no other opponent to aim at" in page


def test_seven_players_is_marked_at_the_number_of_players() -> None:
    response = Client().post(PLAY, {**default_post(CanIPlayThisCard), "players": "7"})
    assert response.status_code == 400
    assert 'id="can-i-play-this-card-players-error"' in response.content.decode()


def test_two_players_are_drawn_as_you_and_your_opponent() -> None:
    client = Client()
    data = {**default_post(CanIPlayThisCard), "players": "2", "my_card": "9"}
    response = client.post(PLAY, data)
    assert response.status_code == 302, response.content.decode()[:1000]
    page = client.get(response["Location"]).content.decode()
    assert "2 players, in playing order: you and your opponent." in page
    assert "the player on your right" not in page
