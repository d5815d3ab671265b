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
    for slug in ("higher-lower", "hyperstar-run", "bo-jackson-battle-arena", "super-hazard-quest")
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
