"""A Battle Arena table's page, played with its buttons and short forms only: in Playmaker the
Play Phase offers the pass as a button and a Play run as a form (its name, Hot Dogs paid,
Power changes); in Sudden Death the top Heroes are said with a form and compared with a
button; the game over says who won with the rule. The status over the board says only what was
described of the battle's Heroes."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SLUG = "bo-jackson-battle-arena"


def _start(client: Client, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/v1/games/{SLUG}/tables", body, content_type="application/json")
    assert response.status_code == 201, response.content
    table: dict[str, Any] = response.json()
    return table


def _now(client: Client, table: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = client.get(f"/api/v1/tables/{table['id']}").json()
    return found


def _text(page: str) -> str:
    """What a player reads: the page without its tags, lines of the picture run together."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def _buttons(page: str) -> dict[str, str]:
    """Each move button's label and the move it records."""
    found = re.findall(
        r'name="move" value="([^"]*)"><button type="submit" class="move-button">([^<]*)<', page
    )
    return {html.unescape(label): html.unescape(move) for move, label in found}


def _tap(client: Client, table: dict[str, Any], label: str) -> dict[str, Any]:
    """Tap the button whose label starts with `label`: the move is recorded."""
    page = client.get(table["url"]).content.decode()
    buttons = _buttons(page)
    chosen = [move for text, move in buttons.items() if text.startswith(label)]
    assert len(chosen) == 1, (label, list(buttons))
    version = _now(client, table)["version"]
    sent = client.post(f"{table['url']}move/", {"move": chosen[0], "version": version})
    assert sent.status_code == 302 and "notice" not in sent["Location"], sent["Location"]
    return _now(client, table)


def _form(client: Client, table: dict[str, Any], slug: str, values: dict[str, Any]) -> Any:
    version = _now(client, table)["version"]
    return client.post(f"{table['url']}move/{slug}/", {"version": version, **values})


def _say(client: Client, table: dict[str, Any], a: tuple[int, str], b: tuple[int, str]) -> None:
    values = {
        "first_hero_power": a[0],
        "first_hero_weapon": a[1],
        "second_hero_power": b[0],
        "second_hero_weapon": b[1],
    }
    sent = _form(client, table, "reveal-heroes", values)
    assert sent.status_code == 302 and "notice" not in sent["Location"]


def test_a_playmaker_battle_on_the_page_with_a_play_and_two_passes(client: Client) -> None:
    table = _start(client, {"mode": "playmaker", "first_player": "Ana", "second_player": "Ben"})
    _tap(client, table, "Ana can keep the Hero in battle 1")
    _tap(client, table, "Ben can keep the Hero in battle 1")
    page = client.get(table["url"]).content.decode()
    assert "Say the Heroes turned face up in battle 1" in page
    assert "Ana&#x27;s Play: run one from the Hand" in page
    assert list(_buttons(page)) == ["Ana passes; Ben may now run Plays or pass."]
    _say(client, table, (100, "Fire"), (110, "Steel"))

    no_cost = {"play_name": "Head Start", "hot_dogs_paid": "", "power_to_own_hero": "20"}
    sent = _form(client, table, "run-play", no_cost)
    assert sent.status_code == 400
    assert 'id="run-play-hot_dogs_paid-error"' in sent.content.decode()
    assert _now(client, table)["version"] == 4  # nothing recorded

    play = no_cost | {"hot_dogs_paid": "3", "power_to_opponents_hero": "0"}
    sent = _form(client, table, "run-play", play)
    assert sent.status_code == 302 and "notice" not in sent["Location"]
    now = _now(client, table)
    assert now["log"][-1]["answer"] == "Yes, Ana can run Head Start for 3 Hot Dogs."
    ana = now["board"]["players"][0]
    assert (ana["hot_dogs"], ana["power_change"], ana["plays_used"][0]["name"]) == (
        7,
        20,
        "Head Start",
    )
    _tap(client, table, "Ana passes")
    _tap(client, table, "Ben passes; both have passed")
    now = _tap(client, table, "Ana wins battle 1")
    assert [p["trophies"] for p in now["board"]["players"]] == [1, 0]
    assert "Ana wins battle 1." in _text(client.get(table["url"]).content.decode())


def test_sudden_death_on_the_page_from_the_form_to_the_winner_with_the_rule(
    client: Client,
) -> None:
    """Rookie, no ties: seven battles recorded end 3 to 3 with a draw; the page offers the top
    Heroes as a form, then the comparison as a button, until a winner."""
    body = {"mode": "rookie", "first_player": "Ana", "second_player": "Ben"}
    table = _start(client, body | {"ties_allowed": False})
    for ana, ben in [(150, 140), (100, 100), (120, 125), (90, 95), (130, 120), (110, 100), (1, 2)]:
        _say(client, table, (ana, "Steel"), (ben, "Fire"))
        table = _tap(
            client,
            table,
            "Ana wins" if ana > ben else "Ben wins" if ben > ana else "Battle 2 is a draw",
        )
    assert table["board"]["phase"] == "sudden-death"
    page = client.get(table["url"]).content.decode()
    assert "Sudden Death: say the top Hero each player turned face up" in page
    assert _buttons(page) == {}

    _say(client, table, (120, "Steel"), (120, "Steel"))
    table = _tap(client, table, "Sudden Death is tied again")
    page = client.get(table["url"]).content.decode()
    assert "Sudden Death: say the top Hero each player turned face up" in page
    _say(client, table, (120, "Ice"), (120, "Super"))
    table = _tap(client, table, "Ben wins the game in Sudden Death")

    page = client.get(table["url"]).content.decode()
    words = _text(page)
    assert "Game over" in words
    assert (
        "Ben wins the game in Sudden Death: the revealed Heroes are tied on Power, and only the "
        "winner's has a Super Weapon."
    ) in words
    rule = re.search(r'id="game-over-rule"><p>([^<]*)</p><footer>Rule <a[^>]*>([^<]*)<', page)
    assert rule is not None and rule.group(2) == "4.4.3.4"
    assert "Super Weapon" in html.unescape(rule.group(1))
    assert 'class="move-form"' not in page and _buttons(page) == {}


def test_the_status_says_only_what_was_described_of_the_battles_heroes(client: Client) -> None:
    table = _start(client, {"mode": "rookie", "first_player": "Ana", "second_player": "You"})
    words = _text(client.get(table["url"]).content.decode())
    assert "Both Heroes are revealed" not in words
    assert "Ana's Hero and your Hero: not described yet, say them once face up" in words
    # the reveal through the API, with a printed name for Ana's Hero
    heroes = [
        {"name": "Bo Jackson", "power": 150, "weapon": "Fire"},
        {"power": 140, "weapon": "none"},
    ]
    client.post(
        f"/api/v1/tables/{table['id']}/moves",
        {"move": {"kind": "reveal-heroes", "heroes": heroes}, "version": 1},
        content_type="application/json",
    )
    words = _text(client.get(table["url"]).content.decode())
    assert "Ana's Bo Jackson and your Hero are face up: the higher Power wins" in words
