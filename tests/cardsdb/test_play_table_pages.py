"""A table's page as plain HTML forms (no JavaScript): start a table from a game's page, record
a move with one tap, ask a question whose form comes filled from the board, undo, continue
from a ruling, and the polling answer (304 while the table has not moved)."""

from __future__ import annotations

import html as html_text
import json
import re
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from cardsdb.models import PlayTable

pytestmark = pytest.mark.django_db


def _started(client: Client, players: int = 3) -> str:
    response = client.post("/games/higher-lower/tables/", {"players": players})
    assert response.status_code == 302
    url: str = response["Location"]
    assert re.fullmatch(r"/tables/[a-z2-7]+/", url)
    return url


def _buttons(html: str) -> list[tuple[str, str]]:
    """(the move's JSON, the button's words as the player reads them) for every legal-move
    button on the page."""
    found = re.findall(
        r'name="move" value="([^"]+)"><button type="submit" class="move-button">([^<]+)<', html
    )
    return [(html_text.unescape(m), html_text.unescape(label)) for m, label in found]


def test_the_game_page_starts_a_table_from_the_setup(client: Client) -> None:
    page = client.get("/games/higher-lower/").content.decode()
    assert 'id="start-table-button"' in page
    url = _started(client)
    html = client.get(url).content.decode()
    assert "Your turn, Player 1" in html
    assert "30 days" in html and "<svg" in html  # the idle rule said, the QR code drawn
    buttons = _buttons(html)
    assert (
        buttons
        and buttons[0][1] == "Player 1 can lay the 1 to open the game. Player 2 must now go higher."
    )


@pytest.mark.parametrize(
    ("slug", "setup"),
    [
        ("hyperstar-run", {"difficulty": "standard", "challenge": "none"}),
        ("star-realms-high-alert", {"expansions": ["heroes", "tech"]}),
        ("bo-jackson-battle-arena", {"mode": "rookie", "ties_allowed": "on"}),
        ("super-hazard-quest", {"players": "2"}),
    ],
)
def test_every_game_page_starts_a_table(client: Client, slug: str, setup: dict[str, Any]) -> None:
    """The setup form on each game's page, as a browser sends it, then the table's page."""
    page = client.get(f"/games/{slug}/").content.decode()
    assert 'id="start-table-button"' in page
    response = client.post(f"/games/{slug}/tables/", setup)
    assert response.status_code == 302 and response["Location"].startswith("/tables/")
    html = client.get(response["Location"]).content.decode()
    assert "Everyone at the table" in html and "Ask about this board" in html


def test_one_tap_records_a_move_and_undo_takes_it_back(client: Client) -> None:
    url = _started(client)
    key = url.split("/")[2]
    # an opening card other than a 1 or a 15, whose automatic call would decide instead (4.8)
    move = next(
        m for m, _ in _buttons(client.get(url).content.decode()) if json.loads(m)["value"] == 2
    )
    response = client.post(f"{url}move/", {"move": move, "version": "1"})
    assert response.status_code == 302
    table = PlayTable.objects.get(pk=key)
    assert table.version == 2 and table.log[0]["move"] == json.loads(move)
    html = client.get(url).content.decode()
    assert "Your turn, Player 2" in html and ">rule 3.6</a>" in html  # the log, its rule
    stale = client.post(f"{url}move/", {"move": move, "version": "1"})
    assert "notice=stale" in stale["Location"]
    assert PlayTable.objects.get(pk=key).version == 2  # the stale tap recorded nothing
    client.post(f"{url}undo/", {"version": "2"})
    table = PlayTable.objects.get(pk=key)
    assert table.version == 3 and table.log == [] and table.board == table.start


def test_a_question_at_the_table_starts_from_its_board(client: Client) -> None:
    url = _started(client)
    move = json.dumps({"kind": "play", "value": 7, "call": "higher"})
    client.post(f"{url}move/", {"move": move, "version": "1"})
    html = client.get(url).content.decode()
    # the form of "Can I play this card?" is filled from the board: 3 players, a 7 laid,
    # "higher" called, Player 2 holding 10 cards
    form = html[html.index('id="q-can-i-play-this-card"') :]
    form = form[: form.index("</form>")]
    assert re.search(r'name="players" value="3"', form)
    assert re.search(r'name="last_card" value="7"', form)
    assert re.search(r'value="higher" checked', form)
    assert re.search(r'name="cards_in_my_hand" value="10"', form)
    values = {
        "players": "3",
        "last_card": "7",
        "call_in_force": "higher",
        "my_card": "9",
        "my_call": "lower",
        "cards_in_my_hand": "10",
    }
    asked = client.post(f"{url}ask/can-i-play-this-card/", values)
    assert "?asked=" in asked["Location"]
    shown = client.get(asked["Location"]).content.decode()
    assert 'id="asked-answer">Yes' in shown and "Rule <a" in shown


def test_continue_from_here_starts_a_table_at_the_ruling_board(client: Client) -> None:
    body = client.get("/api/v1/games/higher-lower/example").json()
    ruling = client.post(
        "/api/v1/games/higher-lower/rulings", body, content_type="application/json"
    ).json()
    page = client.get(ruling["url"]).content.decode()
    assert 'id="continue-here"' in page
    response = client.post(f"{ruling['url']}continue/")
    assert response.status_code == 302
    table = PlayTable.objects.get(pk=response["Location"].split("/")[2])
    assert table.board == ruling["next_state"]


def test_polling_answers_304_until_the_table_moves(client: Client) -> None:
    url = _started(client)
    first = client.get(f"{url}version/")
    assert first.status_code == 200 and first["ETag"] == '"1"'
    assert client.get(f"{url}version/", HTTP_IF_NONE_MATCH='"1"').status_code == 304
    move = json.dumps({"kind": "play", "value": 7, "call": "higher"})
    client.post(f"{url}move/", {"move": move, "version": "1"})
    moved = client.get(f"{url}version/", HTTP_IF_NONE_MATCH='"1"')
    assert moved.status_code == 200 and moved["ETag"] == '"2"'


def test_the_table_page_is_two_queries_at_most(
    client: Client, django_assert_max_num_queries: Any, settings: Any
) -> None:
    settings.DATA_VERSION_SECONDS = 2  # as served (the default): the data version read every 2 s
    url = _started(client)
    client.get(url)  # the rules' text and the game row are read once per version of the data
    cache.clear()  # the legal moves' words are made again: the engine's work, not the database's
    with django_assert_max_num_queries(2):
        assert client.get(url).status_code == 200


def test_a_question_sent_wrong_at_the_table_comes_back_with_the_field_marked(
    client: Client,
) -> None:
    url = _started(client)
    values = {"players": "3", "last_card": "99", "call_in_force": "higher", "my_card": "9"}
    values |= {"my_call": "lower", "cards_in_my_hand": "10"}
    response = client.post(f"{url}ask/can-i-play-this-card/", values)
    assert response.status_code == 400
    html = response.content.decode()
    assert 'role="alert"' in html and "please correct what is marked below" in html
    field = html[html.index('name="last_card"') - 300 : html.index('name="last_card"') + 300]
    assert 'value="99"' in field and 'aria-invalid="true"' in field


def test_a_super_hazard_quest_turn_onto_a_placed_card_is_one_tap(client: Client) -> None:
    """Ana stands on the Starting Card, the next card already laid on its right: "What can I
    do now?" offers the walk there; one tap records it, and it is then your turn."""
    rooms = [
        {"x": 0, "y": 0, "exits": {"right": "unlock"}},
        {"x": 1, "y": 0, "exits": {"left": "lift", "right": "unlock"}},
    ]
    heroes = [
        {"player": "Ana", "inherent": "unlock", "x": 0, "y": 0, "unseen": 5},
        {"player": "You", "inherent": "dig", "x": 0, "y": 0, "unseen": 5},
    ]
    state = {"dungeon": rooms, "heroes": heroes, "turn": "Ana"}
    created = client.post(
        "/api/v1/games/super-hazard-quest/tables", {"state": state}, content_type="application/json"
    ).json()
    url = created["url"]
    buttons = _buttons(client.get(url).content.decode())
    walk = next(
        m for m, label in buttons if "ends on the Checkpoint of the room to Ana's right" in label
    )
    assert all("(1, 0)" not in label for _, label in buttons)  # the place in words, not a grid
    assert all("Discard Turn" not in label for _, label in buttons)  # Ana can walk: no discard
    assert client.post(f"{url}move/", {"move": walk, "version": "1"}).status_code == 302
    table = PlayTable.objects.get(pk=created["id"])
    assert table.version == 2 and table.board["turn"] == "You"
    assert (table.board["heroes"][0]["x"], table.board["heroes"][0]["y"]) == (1, 0)
    # your hero digs, and the dungeon has no way down: a Discard Turn is what is left
    html = client.get(url).content.decode()
    assert [label for _, label in _buttons(html)] == [
        "You can take a Discard Turn: you lack the actions for a Standard Turn."
    ]
