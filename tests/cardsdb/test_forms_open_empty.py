"""A question's form opened outside a table starts with what the rules fix and the player's
facts empty (issue 25, point 4): a value left unchanged never rules on a board nobody is
playing. Sent empty, such a fact is asked for at its field; at a table the board fills it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.core.registry import registry

pytestmark = pytest.mark.django_db

ASKED = [
    (slug, q)
    for slug in (
        "higher-lower",
        "hyperstar-run",
        "star-realms-high-alert",
        "bo-jackson-battle-arena",
        "super-hazard-quest",
    )
    for q in registry[slug].questions
    if q.blank
]


def _form(html: str, slug: str) -> str:
    start = html.index(f'id="q-{slug}"')
    return html[start : html.index("</form>", start)]


@pytest.mark.parametrize(("game", "question"), ASKED, ids=lambda v: getattr(v, "slug", v))
def test_the_players_facts_open_empty(client: Client, game: str, question: Any) -> None:
    form = _form(client.get(f"/games/{game}/disputes/").content.decode(), question.slug)
    for name in question.blank:
        field = re.search(rf'<(input|textarea)[^>]*name="{name}"[^>]*>([^<]*)', form)
        assert field is not None, name
        value = re.search(r'value="([^"]*)"', field.group(0))
        assert (value.group(1) if value else field.group(2)) == "", (name, field.group(0))


def test_a_fact_left_empty_is_asked_for_at_its_field(client: Client) -> None:
    """ "Can I play this card?" sent as it opens: no ruling on a made-up 9 on a 7."""
    response = client.post(
        "/games/higher-lower/disputes/can-i-play-this-card/",
        {"call_in_force": "higher", "my_call": "lower"},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="can-i-play-this-card-my_card-error"' in html
    assert "/rulings/" not in response.get("Location", "")


def test_at_a_high_alert_table_the_ally_form_opens_on_the_cards_in_play(client: Client) -> None:
    """Hellfire and Cargo Raptor in play, Doctor Clark from an earlier turn: the ally question
    opens on Hellfire, with the other cards by printed name; nothing is typed again."""
    board = {
        "trade": 3,
        "play_area": [{"id": "c1", "card": "hellfire"}, {"id": "c2", "card": "cargo-raptor"}],
        "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": False}],
    }
    started = client.post(
        "/api/v1/games/star-realms-high-alert/tables",
        {"state": board},
        content_type="application/json",
    )
    assert started.status_code == 201, started.content
    html = client.get(started.json()["url"]).content.decode()
    form = _form(html, "ally-live")
    assert re.search(r'<option value="hellfire" selected>', form)
    in_play = re.findall(r'<input[^>]*name="cards_in_play"[^>]*value="([^"]*)"', form)
    assert in_play[0] == "Cargo Raptor" and not any(in_play[1:])
    earlier = re.findall(r'<input[^>]*name="heroes_from_earlier_turns"[^>]*value="([^"]*)"', form)
    assert earlier[0] == "Doctor Clark"
