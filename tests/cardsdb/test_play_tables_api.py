"""Tables through HTTP: a whole game of each of the five games followed move by move, from the
setup or a described board to its end; an illegal move answered with the board left as it was;
undo; two phones sending a move on the same version, of which one stands and one gets a 409."""

from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from cardsdb.models import PlayTable
from cardsdb.play_tables import prune_idle_tables
from tests.games.bo_jackson_battle_arena.helpers import game as arena_game
from tests.games.bo_jackson_battle_arena.helpers import hero as arena_hero
from tests.games.hyperstar_run.helpers import END_RUN, board, discard, face, pass_card, press
from tests.games.super_hazard_quest.helpers import board as hazard_board
from tests.games.super_hazard_quest.helpers import cross_right, room, turn
from tests.games.super_hazard_quest.helpers import face as hazard_face
from tests.games.super_hazard_quest.helpers import hero as hazard_hero

pytestmark = pytest.mark.django_db


def start(client: Client, slug: str, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/v1/games/{slug}/tables", body, content_type="application/json")
    assert response.status_code == 201, response.content
    table: dict[str, Any] = response.json()
    assert table["url"] == f"/tables/{table['id']}/" and table["version"] == 1
    return table


def send(client: Client, table: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    response = client.post(
        f"/api/v1/tables/{table['id']}/moves",
        {"move": move, "version": table["version"]},
        content_type="application/json",
    )
    assert response.status_code == 200, response.content
    answer: dict[str, Any] = response.json()
    return answer


def play_all(client: Client, table: dict[str, Any], moves: list[dict[str, Any]]) -> dict[str, Any]:
    for index, move in enumerate(moves):
        answer = send(client, table, move)
        assert answer["ruling"]["verdict"] == "legal", (index, answer["ruling"]["summary"])
        assert answer["ruling"]["deciding_rule"]
        table = answer["table"]
    assert table["version"] == len(moves) + 1 and len(table["log"]) == len(moves)
    return table


def log_of(client: Client, table: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/v1/tables/{table['id']}/log")
    assert response.status_code == 200
    ruled: dict[str, Any] = response.json()
    return ruled


def play(value: int, call: str | None = None) -> dict[str, Any]:
    return {"kind": "play", "value": value, "call": call}


# ----- a whole game of each game


def test_higher_or_lower_from_the_deal_to_the_winner(client: Client) -> None:
    """Three sit down and deal; Player 1 lays 1 and climbs, the others, hands hidden, draw."""
    table = start(client, "higher-lower", {"players": 3})
    assert table["turn"] == "Player 1"
    assert [p["hand"] for p in table["board"]["players"]] == [10, 10, 10]  # hidden: counts
    assert table["board"]["deck"] == 30 and table["board"]["booster_deck"] == 21
    moves = [{"kind": "setup"}, play(1)]
    for value in range(2, 11):
        moves += [{"kind": "draw"}, {"kind": "draw"}, play(value, "higher")]
    table = play_all(client, table, moves)
    assert table["over"] and table["winner"] == "Player 1"
    assert table["board"]["last_card"] == 10 and table["board"]["deck"] == 12
    assert table["board"]["players"][0]["hand"] == 0
    assert table["log"][1]["answer"].startswith("Yes") and table["log"][1]["by"] == "Player 1"
    ruled = log_of(client, table)
    assert ruled["verdict"] == "legal" and ruled["game_over"] and ruled["winner"] == "Player 1"
    assert ruled["result"] == "Player 1 has no playing cards left and wins."
    assert len(ruled["rulings"]) == len(moves)
    # the game is over: no move is legal any more, and one sent is ruled so
    after = send(client, table, play(5, "lower"))
    assert after["ruling"]["verdict"] == "illegal" and after["table"]["version"] == table["version"]


def test_hyperstar_run_through_four_runs(client: Client) -> None:
    """Run 1 ends at L1 (nothing pays its cost), run 2 passes every card to the last: won."""
    state = board(
        "tutorial",
        level=[face("A", enemy="F")] + [face("A", enemy="A")] * 8,
        hand=[face("A")] * 3,
        equipment=("B C", "C D"),
    )
    table = start(client, "hyperstar-run", {"state": state})
    line = [pass_card("enemy", discard("L10", "A"))]
    line += [pass_card("enemy", press(f"L{n - 1}", "A")) for n in range(3, 10)]
    table = play_all(client, table, [{"kind": "setup"}, END_RUN, *line])
    assert table["over"] and table["winner"] == "you"
    assert table["board"]["run"] == 2
    ruled = log_of(client, table)
    assert ruled["result"] == "You passed the final card on run 2: you win."

    lost = start(client, "hyperstar-run", {"state": board("tutorial")})
    lost = play_all(client, lost, [END_RUN] * 4)
    assert lost["over"] and lost["winner"] is None and lost["board"]["outcome"] == "lost"
    fifth = send(client, lost, END_RUN)
    assert fifth["ruling"]["verdict"] == "illegal" and fifth["table"]["board"] == lost["board"]


def test_high_alert_across_turns(client: Client) -> None:
    """A turn (ally ability, a hero acquired, the turn ended), then the next (a hand drawn, a
    card from it played, the hero scrapped for its symbol, the turn ended): as far as the engine
    follows High Alert."""
    state = {
        "trade": 3,
        "play_area": [{"id": "c1", "card": "hellfire"}, {"id": "c2", "card": "cargo-raptor"}],
        "trade_row": [{"id": "r1", "card": "doctor-clark"}],
    }
    table = start(client, "star-realms-high-alert", {"state": state})
    moves = [
        {"kind": "use-ally", "card": "c1"},
        {"kind": "acquire", "card": "r1"},
        {"kind": "end-turn"},
        {"kind": "draw", "cards": [{"id": "n1", "card": "cargo-raptor"}]},
        {"kind": "play-card", "card": "n1", "trade": 3},
        {"kind": "scrap-hero", "hero": "r1"},
        {"kind": "end-turn"},
    ]
    table = play_all(client, table, moves)
    assert table["board"]["heroes"] == [] and table["board"]["play_area"] == []
    assert table["board"]["trade"] == 0
    ruled = log_of(client, table)
    assert ruled["verdict"] == "legal" and not ruled["game_over"]
    assert ruled["rulings"][1]["answer"].startswith("Yes, you can acquire Doctor Clark")


def test_battle_arena_seven_battles_and_sudden_death(client: Client) -> None:
    state = arena_game("rookie", ties_allowed=False)
    for seat, (prefix, powers) in enumerate(
        (("a", [150, 100, 120, 90, 130, 110, 100]), ("b", [140, 100, 125, 95, 120, 100, 110]))
    ):
        state["players"][seat]["zones"] = [
            arena_hero(f"{prefix}-{i + 1}", p, "Steel") for i, p in enumerate(powers)
        ]
    state["players"][0]["hero_deck"] = [arena_hero("a-top", 100, "Super")]
    state["players"][1]["hero_deck"] = [arena_hero("b-top", 100, "Steel")]
    table = start(client, "bo-jackson-battle-arena", {"state": state})
    moves = [*[{"kind": "resolve-battle"}] * 7, {"kind": "sudden-death"}]
    table = play_all(client, table, moves)
    assert table["log"][-1]["rule"] == "bo-jackson-battle-arena:4.4.3.4"
    ruled = log_of(client, table)
    assert ruled["verdict"] == "legal"
    assert ruled["summary"] == (
        "All 8 moves are legal: Ana wins the game in Sudden Death, 3 battles each."
    )
    assert table["log"][-1]["answer"].startswith("Ana wins the game in Sudden Death")
    assert table["board"]["battle"] == 7


def test_super_hazard_quest_the_dungeon_grows_to_the_scrambler(client: Client) -> None:
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0, exits={"right": "unlock"})]
    state = hazard_board(rooms, [hazard_hero("Ana", "unlock", blue=1), hazard_hero("You", "dig")])
    table = start(client, "super-hazard-quest", {"state": state})
    moves = [
        turn("Ana", *cross_right("inherent")),
        {"kind": "discard-turn", "player": "You", "discard_unseen": 1},
        turn("Ana", *cross_right("inherent", drawn=hazard_face(scrambler="blue"))),
    ]
    table = play_all(client, table, moves)
    assert len(table["board"]["dungeon"]) == 3  # the Scrambler's card, drawn and placed
    assert table["board"]["winner"] == "Ana"
    ruled = log_of(client, table)
    assert (table["over"], table["winner"]) == (ruled["game_over"], ruled["winner"])
    assert ruled["summary"].endswith("Ana wins: the Scrambler is defeated.")


# ----- every game from its setup: the deal leaves what the shuffle decides not described


def test_hyperstar_run_from_the_setup_through_four_runs(client: Client) -> None:
    """A Tutorial table: ten cards... nine in the level, every face not described until said;
    the setup checked, then four runs that each end short: lost."""
    table = start(client, "hyperstar-run", {"difficulty": "tutorial"})
    board_ = table["board"]
    assert len(board_["level"]) == 9 and board_["level"][0]["face_up"]
    assert not any(s["face_up"] for s in board_["level"][1:])
    assert len(board_["hand"]) == 5 and len(board_["set_aside"]) == 3
    assert board_["faces"] == {} and board_["equipment"] == {}  # no face made up
    table = play_all(client, table, [{"kind": "setup"}, *[END_RUN] * 4])
    assert table["over"] and table["winner"] is None and table["board"]["outcome"] == "lost"
    assert table["log"][0]["answer"] == "Yes, this is a correct Tutorial setup."
    ruled = log_of(client, table)
    assert ruled["result"] == "Your fourth run ended short of the final card: you lose."


def test_a_hyperstar_challenge_is_played_at_its_difficulty(client: Client) -> None:
    bad = client.post(
        "/api/v1/games/hyperstar-run/tables",
        {"difficulty": "tutorial", "challenge": "combo-pro"},
        content_type="application/json",
    )
    assert bad.status_code == 400
    assert "played at Expert" in bad.json()["error"]["details"][0]["message"]


def test_high_alert_from_the_setup_across_turns(client: Client) -> None:
    """Heroes and Invasion shuffled in; the trade row is not described until said; the first
    hand drawn, a card played, the turn ended, the next hand drawn."""
    table = start(client, "star-realms-high-alert", {"expansions": ["heroes", "invasion"]})
    assert table["board"]["phase"] == "draw" and table["board"]["trade_row"] is None
    assert table["board"]["expansions"] == ["heroes", "invasion"]
    moves = [
        {"kind": "draw", "cards": [{"id": "n1", "card": "cargo-raptor"}]},
        {"kind": "play-card", "card": "n1", "trade": 3},
        {"kind": "end-turn"},
        {"kind": "draw", "cards": [{"id": "n2", "card": "cargo-raptor"}]},
    ]
    table = play_all(client, table, moves)
    assert table["board"]["phase"] == "main" and table["board"]["trade_row"] is None
    assert [c["id"] for c in table["board"]["hand"]] == ["n2"]


def test_battle_arena_from_the_setup_keeps_every_face_down_card_not_described(
    client: Client,
) -> None:
    """Substitution: seven Heroes face down and four on the Bench each, ten Hot Dogs; both
    players keep their Hero; who wins the battle rests on Powers nobody has said yet."""
    body = {"mode": "substitution", "first_player": "Ana", "second_player": "Ben"}
    table = start(client, "bo-jackson-battle-arena", body)
    ana, ben = table["board"]["players"]
    assert (ana["name"], ben["name"], table["board"]["honors"]) == ("Ana", "Ben", 0)
    assert [h["power"] for h in ana["zones"]] == [None] * 7 and len(ben["bench"]) == 4
    assert ana["hero_deck"] is None and ana["hot_dogs"] == 10
    keep = [{"kind": "keep-hero", "player": 0}, {"kind": "keep-hero", "player": 1}]
    table = play_all(client, table, keep)
    assert table["board"]["phase"] == "compare"
    unsaid = client.post(
        f"/api/v1/tables/{table['id']}/moves",
        {"move": {"kind": "resolve-battle"}, "version": table["version"]},
        content_type="application/json",
    )
    assert unsaid.status_code == 400
    assert unsaid.json()["error"]["details"][0]["field"] == "state.players.0.zones.0.power"


def test_super_hazard_quest_from_the_setup_the_dungeon_grows(client: Client) -> None:
    """Two heroes, nobody placed; the setup draw puts the Starting Card down, then Ana's turn
    adds the card she draws beside it."""
    body = {"players": 2, "names": ["Ana", "You"], "inherent_actions": ["unlock", "dig"]}
    table = start(client, "super-hazard-quest", body)
    assert table["board"]["dungeon"] == [] and table["turn"] is None
    assert table["board"]["dungeon_deck"] == 26 and table["board"]["item_deck"] == 54
    draws = [
        {"player": "Ana", "card": {"stage": 2, "exits": {"right": "unlock"}}},
        {"player": "You", "card": {"stage": 7}},
    ]
    drawn = {"stage": 4, "exits": {"left": "lift", "right": "unlock"}}
    moves = [
        {"kind": "setup", "draws": draws},
        turn("Ana", *cross_right("inherent", drawn=drawn)),
    ]
    table = play_all(client, table, moves)
    assert len(table["board"]["dungeon"]) == 2 and table["turn"] == "You"
    assert table["log"][0]["answer"].startswith("Yes, that setup is right: Ana goes first.")
    assert table["board"]["heroes"][1]["unseen"] == 5  # dealt, not described


# ----- an illegal move, undo, bad input


def _table_of_two(client: Client) -> dict[str, Any]:
    state = {
        "players": [
            {"name": "Ana", "hand": [9, 3], "boosters": 0},
            {"name": "Ben", "hand": [5, 12], "boosters": 0},
        ],
        "turn": "Ana",
        "deck": 56,
        "dealer": "Ben",
    }
    return start(client, "higher-lower", {"state": state})


def test_an_illegal_move_is_ruled_and_the_board_stays(client: Client) -> None:
    table = send(client, _table_of_two(client), play(9, "higher"))["table"]
    answer = send(client, table, play(5, "lower"))
    assert answer["ruling"]["verdict"] == "illegal"
    assert answer["ruling"]["answer"] == "No: a 5 is not higher than the 9."
    assert answer["ruling"]["deciding_rule"] == "higher-lower:4.2"
    assert answer["table"] == table  # nothing recorded, the version unchanged
    assert client.get(f"/api/v1/tables/{table['id']}").json() == table


def test_undo_takes_back_the_last_move(client: Client) -> None:
    first = _table_of_two(client)
    table = send(client, first, play(9, "higher"))["table"]
    table = send(client, table, play(12, "lower"))["table"]
    response = client.post(
        f"/api/v1/tables/{table['id']}/undo",
        {"version": table["version"]},
        content_type="application/json",
    )
    assert response.status_code == 200
    undone = response.json()
    assert undone["version"] == 4 and len(undone["log"]) == 1
    assert undone["board"]["last_card"] == 9 and undone["turn"] == "Ben"
    assert undone["board"]["players"][1]["hand"] == [5, 12]
    again = client.post(
        f"/api/v1/tables/{table['id']}/undo", {"version": 4}, content_type="application/json"
    ).json()
    assert again["board"] == first["board"] and again["log"] == []
    nothing = client.post(
        f"/api/v1/tables/{table['id']}/undo", {"version": 5}, content_type="application/json"
    )
    assert nothing.status_code == 400
    assert nothing.json()["error"]["details"][0]["field"] == "log"


def test_bad_input_is_a_400_naming_the_field(client: Client) -> None:
    bad = client.post(
        "/api/v1/games/higher-lower/tables", {"players": 9}, content_type="application/json"
    )
    assert bad.status_code == 400 and bad.json()["error"]["details"][0]["field"] == "players"
    state = client.post(
        "/api/v1/games/hyperstar-run/tables",
        {"difficulty": "easy"},
        content_type="application/json",
    )
    assert state.status_code == 400
    assert state.json()["error"]["details"][0]["field"] == "difficulty"
    table = _table_of_two(client)
    move = client.post(
        f"/api/v1/tables/{table['id']}/moves",
        {"move": {"kind": "play", "value": 99}, "version": 1},
        content_type="application/json",
    )
    assert move.status_code == 400
    assert move.json()["error"]["details"][0]["field"].startswith("move")
    no_version = client.post(
        f"/api/v1/tables/{table['id']}/moves",
        {"move": play(9, "higher")},
        content_type="application/json",
    )
    assert no_version.status_code == 400
    assert no_version.json()["error"]["details"][0]["field"] == "version"
    assert client.get("/api/v1/tables/aaaaaaaaaaaa").status_code == 404


def test_a_stale_version_is_a_409_naming_the_current_one(client: Client) -> None:
    table = _table_of_two(client)
    send(client, table, play(9, "higher"))
    stale = client.post(
        f"/api/v1/tables/{table['id']}/moves",
        {"move": play(3, "higher"), "version": 1},
        content_type="application/json",
    )
    assert stale.status_code == 409
    error = stale.json()["error"]
    assert error["code"] == "stale-version" and error["current_version"] == 2
    assert error["details"][0]["field"] == "version"


@pytest.mark.django_db(transaction=True)
def test_two_phones_on_one_version_never_fork_the_table() -> None:
    """Two threads, each its own connection, send a different move on version 1 at once: one
    stands, the other gets a 409 naming version 2, and the table holds the one that stood."""
    from cardsdb.loaders import fixtures_load

    if not PlayTable._meta.apps.get_model("cardsdb", "Game").objects.exists():
        fixtures_load()
    table = _table_of_two(Client())
    barrier = threading.Barrier(2)
    answers: dict[str, Any] = {}

    def phone(name: str, move: dict[str, Any]) -> None:
        try:
            barrier.wait(timeout=10)
            response = Client().post(
                f"/api/v1/tables/{table['id']}/moves",
                {"move": move, "version": 1},
                content_type="application/json",
            )
            answers[name] = (response.status_code, response.json())
        finally:
            connection.close()

    phones = [
        threading.Thread(target=phone, args=("nine", play(9, "higher"))),
        threading.Thread(target=phone, args=("three", play(3, "lower"))),
    ]
    for t in phones:
        t.start()
    for t in phones:
        t.join()
    statuses = sorted(status for status, _ in answers.values())
    assert statuses == [200, 409], answers
    won = next(name for name, (status, _) in answers.items() if status == 200)
    lost = next(body for status, body in answers.values() if status == 409)
    assert lost["error"]["current_version"] == 2
    now = Client().get(f"/api/v1/tables/{table['id']}").json()
    assert now["version"] == 2 and len(now["log"]) == 1
    assert now["board"]["last_card"] == {"nine": 9, "three": 3}[won]


def test_idle_tables_are_pruned_and_the_rest_kept(client: Client) -> None:
    old, fresh = _table_of_two(client), _table_of_two(client)
    PlayTable.objects.filter(pk=old["id"]).update(updated=timezone.now() - timedelta(days=31))
    assert prune_idle_tables(days=30, batch=1) == 1
    assert list(PlayTable.objects.values_list("pk", flat=True)) == [fresh["id"]]


def test_tables_are_in_the_openapi_schema_with_examples(client: Client) -> None:
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    create = paths["/api/v1/games/{slug}/tables/"]["post"]
    assert create["requestBody"]["content"]["application/json"]["examples"]
    assert "409" in paths["/api/v1/tables/{key}/moves/"]["post"]["responses"]
    assert "/api/v1/tables/{key}/log/" in paths and "/api/v1/tables/{key}/undo/" in paths


def test_tables_share_the_rulings_rate_limit(client: Client, monkeypatch: Any) -> None:
    """Starting a table and recording a move run an engine, as a ruling does: the same
    allowance per client, then a 429 with Retry-After; reading a table is not limited."""
    from django.core.cache import cache

    from cardsdb.api.desk_views import RulingThrottle

    monkeypatch.setattr(RulingThrottle, "THROTTLE_RATES", {"rulings": "2/min"})
    cache.clear()
    table = _table_of_two(client)
    send(client, table, play(9, "higher"))
    refused = client.post(
        f"/api/v1/tables/{table['id']}/moves",
        {"move": play(12, "lower"), "version": 2},
        content_type="application/json",
    )
    assert refused.status_code == 429 and refused.json()["error"]["code"] == "throttled"
    assert 0 < int(refused.headers["Retry-After"]) <= 60
    assert client.get(f"/api/v1/tables/{table['id']}").json()["version"] == 2


def _reveal(ours: tuple[int, str], theirs: tuple[int, str]) -> dict[str, Any]:
    heroes = [{"power": power, "weapon": weapon} for power, weapon in (ours, theirs)]
    return {"kind": "reveal-heroes", "heroes": heroes}


def test_battle_arena_from_the_setup_seven_battles_with_reveals(client: Client) -> None:
    """Substitution from the setup: in each battle both players keep their Hero (honors first),
    then say what the two face-down Heroes turned out to be, and the battle is compared. A
    reveal before the Substitution Phase is over, or one that contradicts a Hero already turned
    face up, is ruled illegal and the board stays. Ana wins 4 battles to 2, with one draw."""
    body = {"mode": "substitution", "first_player": "Ana", "second_player": "Ben"}
    table = start(client, "bo-jackson-battle-arena", body)
    early = send(client, table, _reveal((150, "Fire"), (140, "Ice")))
    assert early["ruling"]["verdict"] == "illegal" and early["table"] == table
    assert early["ruling"]["deciding_rule"] == "bo-jackson-battle-arena:4.2.2.1"
    powers = [(150, 140), (100, 100), (120, 125), (90, 95), (130, 120), (110, 100), (120, 110)]
    for battle, (ana, ben) in enumerate(powers, start=1):
        first = table["board"]["to_act"]
        for seat in (first, 1 - first):
            table = send(client, table, {"kind": "keep-hero", "player": seat})["table"]
        answer = send(client, table, _reveal((ana, "Steel"), (ben, "none")))
        assert answer["ruling"]["deciding_rule"] == "bo-jackson-battle-arena:4.2.2.5"
        table = answer["table"]
        if battle == 2:
            clash = send(client, table, _reveal((105, "Steel"), (ben, "none")))
            assert clash["ruling"]["verdict"] == "illegal" and clash["table"] == table
            assert clash["ruling"]["answer"] == (
                "No: Ana's Hero in Battle Zone 2 is already revealed as 100 Power, Steel weapon."
            )
            assert clash["ruling"]["deciding_rule"] == "bo-jackson-battle-arena:4.2.2.5"
        table = send(client, table, {"kind": "resolve-battle"})["table"]
    board = table["board"]
    assert (board["phase"], board["winner"], board["draws"]) == ("game-over", 0, 1)
    assert [p["trophies"] for p in board["players"]] == [4, 2]
    assert [h["power"] for h in board["players"][1]["zones"]] == [b for _, b in powers]
    assert {h["weapon"] for h in board["players"][0]["zones"]} == {"Steel"}
    assert all(h["power"] is None for p in board["players"] for h in p["bench"])
    assert len(table["log"]) == 7 * 4 and table["version"] == 7 * 4 + 1
    assert table["log"][-1]["answer"] == "Ana wins battle 7. Ana wins the game, 4 battles to 2."
    ruled = log_of(client, table)
    assert ruled["verdict"] == "legal" and ruled["game_over"]
    assert ruled["summary"] == "All 28 moves are legal: Ana wins the game, 4 battles to 2."
    assert ruled["rulings"][2]["answer"] == (
        "Yes: the Heroes of battle 1 are revealed. Ana's Hero has 150 Power, Steel weapon; "
        "Ben's Hero has 140 Power, no weapon."
    )


def test_the_reveal_move_is_in_the_openapi_schema(client: Client) -> None:
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    text = str(schema["components"]["schemas"])
    assert "reveal-heroes" in text and "RevealedHero" in text
