"""A Battle Arena table's page offers the reveal as a short form: each Hero's Power and weapon,
sent as a plain form, ruled and recorded like a tapped move; a Power left empty shows the page
again with the error at its field, and nothing is recorded."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _table(client: Client) -> dict[str, Any]:
    body = {"mode": "rookie", "first_player": "Ana", "second_player": "Ben"}
    response = client.post(
        "/api/v1/games/bo-jackson-battle-arena/tables", body, content_type="application/json"
    )
    assert response.status_code == 201, response.content
    table: dict[str, Any] = response.json()
    return table


def _board(client: Client, table: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/v1/tables/{table['id']}").json()
    return found


def test_the_heroes_turned_face_up_are_recorded_from_the_form(client: Client) -> None:
    table = _table(client)
    page = client.get(table["url"]).content.decode()
    assert "Say the Heroes turned face up in battle 1" in page
    assert "Player A: Ana and Player B: Ben." in page
    form = {
        "version": table["version"],
        "first_hero_power": "150",
        "first_hero_weapon": "Fire",
        "second_hero_power": "140",
        "second_hero_weapon": "none",
    }
    sent = client.post(f"{table['url']}move/reveal-heroes/", form)
    assert sent.status_code == 302 and "notice" not in sent["Location"]
    now = _board(client, table)
    assert now["version"] == 2
    ana, ben = (p["zones"][0] for p in now["board"]["players"])
    assert (ana["power"], ana["weapon"], ben["power"], ben["weapon"]) == (150, "Fire", 140, "none")
    assert now["log"][-1]["rule"] == "bo-jackson-battle-arena:4.1.2.1"
    page = client.get(table["url"]).content.decode()
    assert "Say the Heroes turned face up" not in page and "Ana wins battle 1" in page


def test_a_power_left_empty_is_shown_at_its_field_and_nothing_is_recorded(client: Client) -> None:
    table = _table(client)
    form = {
        "version": table["version"],
        "first_hero_power": "",
        "first_hero_weapon": "Fire",
        "second_hero_power": "140",
        "second_hero_weapon": "Ice",
    }
    sent = client.post(f"{table['url']}move/reveal-heroes/", form)
    assert sent.status_code == 400
    page = sent.content.decode()
    assert 'id="reveal-heroes-first_hero_power-error"' in page
    assert _board(client, table)["version"] == 1


def test_a_form_sent_on_an_old_version_records_nothing(client: Client) -> None:
    table = _table(client)
    form = {
        "version": 7,
        "first_hero_power": "150",
        "first_hero_weapon": "Fire",
        "second_hero_power": "140",
        "second_hero_weapon": "Ice",
    }
    sent = client.post(f"{table['url']}move/reveal-heroes/", form)
    assert sent.status_code == 302 and "notice=stale" in sent["Location"]
    assert _board(client, table)["version"] == 1
