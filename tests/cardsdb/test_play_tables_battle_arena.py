"""Battle Arena tables through HTTP, from the setup to the winner: every Hero and Play is dealt
face down, so the board knows only what the players say as the game turns cards face up. A tied
game with no ties allowed goes to Sudden Death, whose top Heroes are said the same way; a
Playmaker game runs its Plays (Hot Dogs paid, Power changed) and passes; a Substitution game
substitutes Heroes nobody has described, and nothing about them is made up."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

SLUG = "bo-jackson-battle-arena"
ARENA = f"{SLUG}:"


def start(client: Client, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post(f"/api/v1/games/{SLUG}/tables", body, content_type="application/json")
    assert response.status_code == 201, response.content
    table: dict[str, Any] = response.json()
    return table


def post(client: Client, table: dict[str, Any], move: dict[str, Any]) -> Any:
    return client.post(
        f"/api/v1/tables/{table['id']}/moves",
        {"move": move, "version": table["version"]},
        content_type="application/json",
    )


def send(client: Client, table: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    response = post(client, table, move)
    assert response.status_code == 200, response.content
    answer: dict[str, Any] = response.json()
    return answer


def legal(client: Client, table: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    """The move ruled legal and recorded: the table after it."""
    answer = send(client, table, move)
    assert answer["ruling"]["verdict"] == "legal", answer["ruling"]["summary"]
    assert answer["table"]["version"] == table["version"] + 1
    after: dict[str, Any] = answer["table"]
    return after


def refused(
    client: Client, table: dict[str, Any], move: dict[str, Any], rule: str
) -> dict[str, Any]:
    """The move ruled illegal under `rule`, and the board left as it was."""
    answer = send(client, table, move)
    assert answer["ruling"]["verdict"] == "illegal", answer["ruling"]["summary"]
    assert answer["ruling"]["deciding_rule"] == ARENA + rule
    assert answer["table"] == table
    ruling: dict[str, Any] = answer["ruling"]
    return ruling


def log_of(client: Client, table: dict[str, Any]) -> dict[str, Any]:
    response = client.get(f"/api/v1/tables/{table['id']}/log")
    assert response.status_code == 200
    ruled: dict[str, Any] = response.json()
    return ruled


def reveal(ana: tuple[int, str], ben: tuple[int, str], names: tuple[str, str] = ("", "")) -> Any:
    heroes = [
        {"name": name, "power": power, "weapon": weapon}
        for (power, weapon), name in zip((ana, ben), names, strict=True)
    ]
    return {"kind": "reveal-heroes", "heroes": heroes}


def decide(
    client: Client, table: dict[str, Any], substitutes: frozenset[int] = frozenset()
) -> dict[str, Any]:
    """The Substitution Phase: honors first, then the other; each in `substitutes` brings in a
    Hero from the Bench (the first listed: all of them are face down)."""
    first = table["board"]["to_act"]
    for seat in (first, 1 - first):
        if seat in substitutes:
            hero = table["board"]["players"][seat]["bench"][0]["id"]
            table = legal(client, table, {"kind": "substitute", "player": seat, "hero": hero})
        else:
            table = legal(client, table, {"kind": "keep-hero", "player": seat})
    return table


def no_ids(text: str, board: dict[str, Any]) -> None:
    """What a player reads names no card by its id."""
    for p in board["players"]:
        for pile in ("zones", "bench", "set_aside", "hero_deck", "hand", "plays_used"):
            for card in p.get(pile) or []:
                assert card["id"] not in text, (card["id"], text)


def test_a_tied_game_without_ties_goes_to_sudden_death_and_its_top_heroes_are_said(
    client: Client,
) -> None:
    """Substitution, ties not allowed, from the setup. Seven battles end 3 to 3 with a draw;
    Sudden Death cannot be compared before anyone says the top Heroes (the decks were never
    described). Both turn up 120 Power, Steel: tied, so the next top Heroes are said; Ben's 130
    beats Ana's 120 and Ben wins the game (4.4.3.2)."""
    body = {"mode": "substitution", "first_player": "Ana", "second_player": "Ben"}
    table = start(client, body | {"ties_allowed": False})
    powers = [(150, 140), (100, 100), (120, 125), (90, 95), (130, 120), (110, 100), (100, 120)]
    for battle, (ana, ben) in enumerate(powers, start=1):
        table = decide(client, table, frozenset({0}) if battle == 2 else frozenset())
        table = legal(client, table, reveal((ana, "Steel"), (ben, "Fire")))
        table = legal(client, table, {"kind": "resolve-battle"})
    board = table["board"]
    assert (board["phase"], board["draws"]) == ("sudden-death", 1)
    assert [p["trophies"] for p in board["players"]] == [3, 3] and not table["over"]
    assert table["log"][-1]["answer"] == (
        "Ben wins battle 7. The game is tied and ties are not allowed: Sudden Death follows."
    )
    assert table["log"][-1]["rule"] == ARENA + "4.4.2.2"
    assert [p["hero_deck"] for p in board["players"]] == [None, None]

    unsaid = post(client, table, {"kind": "sudden-death"})
    assert unsaid.status_code == 400
    assert unsaid.json()["error"]["details"][0]["field"] == "state.players.0.hero_deck"

    said = send(client, table, reveal((120, "Steel"), (120, "Steel"), ("", "Bo")))
    assert said["ruling"]["deciding_rule"] == ARENA + "4.4.3.1"
    assert said["ruling"]["answer"] == (
        "Yes: the top Heroes of the Hero Decks are revealed. Ana's top Hero has 120 Power, "
        "Steel weapon; Ben's top Hero is Bo (120 Power, Steel weapon)."
    )
    table = said["table"]
    ana, ben = table["board"]["players"]
    assert ana["partly_described"] == ["hero_deck"]  # one card known, the rest not described
    assert [(h["name"], h["power"]) for h in ben["hero_deck"]] == [("Bo", 120)]
    refused(client, table, reveal((150, "Fire"), (120, "Steel")), "4.4.3.1")

    tied = send(client, table, {"kind": "sudden-death"})
    assert tied["ruling"]["answer"] == "Sudden Death is tied again: reveal the next top cards."
    assert tied["ruling"]["deciding_rule"] == ARENA + "4.4.3.3"
    table = tied["table"]
    table = legal(client, table, reveal((120, "Ice"), (130, "Glow")))
    won = send(client, table, {"kind": "sudden-death"})
    assert won["ruling"]["answer"] == "Ben wins the game in Sudden Death."
    table = won["table"]

    assert (table["over"], table["winner"]) == (True, "Ben")
    assert table["result"] == (
        "Ben wins the game in Sudden Death: the revealed Hero with the higher Power wins."
    )
    assert table["log"][-1]["rule"] == ARENA + "4.4.3.2"
    board = table["board"]
    assert (board["phase"], board["winner"]) == ("game-over", 1)
    ana, ben = board["players"]
    assert [(h["name"], h["power"]) for h in ben["set_aside"]] == [("Bo", 120), ("", 130)]
    # Ana's set aside: the Hero she substituted out, never turned face up, then her two.
    assert [h["power"] for h in ana["set_aside"]] == [None, 120, 120]
    assert ana["hero_deck"] == [] and ana["partly_described"] == ["hero_deck"]
    assert all(h["power"] is None for p in board["players"] for h in p["bench"])
    assert (ana["hot_dogs"], ana["hot_dogs_discarded"]) == (8, 2)

    moves = 7 * 4 + 4
    ruled = log_of(client, table)
    assert (ruled["verdict"], ruled["game_over"], ruled["winner"]) == ("legal", True, "Ben")
    assert ruled["result"] == table["result"]
    assert ruled["summary"] == (
        f"All {moves} moves are legal: Ben wins the game in Sudden Death, 3 battles each."
    )
    assert ruled["final_state"] == board
    no_ids(json.dumps([e["answer"] for e in table["log"]]), board)


def run(player: int, paid: int, own: int = 0, theirs: int = 0, name: str = "") -> dict[str, Any]:
    return {
        "kind": "run-play",
        "player": player,
        "play": "",  # filled from the Hand on the board
        "name": name,
        "hot_dogs": paid,
        "power_change": own,
        "opponent_power_change": theirs,
    }


def play_phase(
    client: Client, table: dict[str, Any], plays: list[dict[str, Any]]
) -> dict[str, Any]:
    """Honors runs its Plays and passes, then the other: a Play from the Hand not described
    is any of its face-down Plays."""
    first = table["board"]["to_act"]
    for seat in (first, 1 - first):
        for play in (p for p in plays if p["player"] == seat):
            hand = table["board"]["players"][seat]["hand"]
            table = legal(client, table, play | {"play": hand[0]["id"]})
        table = legal(client, table, {"kind": "pass", "player": seat})
    return table


def test_a_playmaker_game_from_the_setup_with_its_plays_to_the_winner(client: Client) -> None:
    """Playmaker from the setup: each battle a Substitution Phase, the reveal, the Play Phase
    (honors first; Plays run from the Hand, Hot Dogs paid, Power changed; then a pass each),
    and the comparison. A Play after passing, and one Ana cannot pay for, are refused. Ana
    wins 4 battles to 2, with one draw (4.4.1.1)."""
    table = start(client, {"mode": "playmaker", "first_player": "Ana", "second_player": "Ben"})
    hand = table["board"]["players"][0]["hand"]
    assert [(c["name"], c["cost"]) for c in hand] == [("", None)] * 4  # dealt face down

    # Battle 1: Ana substitutes; Head Start (3 Hot Dogs, +20) beats Ben's +5: 120 to 115.
    table = decide(client, table, frozenset({0}))
    table = legal(client, table, reveal((100, "Fire"), (110, "Steel")))
    head_start = run(0, 3, own=20, name="Head Start")
    table = play_phase(client, table, [head_start, run(1, 1, own=5)])
    assert table["log"][3]["answer"] == "Yes, Ana can run Head Start for 3 Hot Dogs."
    assert table["log"][3]["rule"] == ARENA + "4.3.2.6"
    table = legal(client, table, {"kind": "resolve-battle"})
    assert table["log"][-1]["answer"] == "Ana wins battle 1."

    # Battle 2: 120 each; only Ana's Hero has a Super Weapon, which breaks the tie (4.3.2.13).
    table = decide(client, table)
    table = legal(client, table, reveal((120, "Super"), (120, "Steel")))
    table = play_phase(client, table, [])
    table = legal(client, table, {"kind": "resolve-battle"})
    assert table["log"][-1]["rule"] == ARENA + "4.3.2.13"

    # Battle 3: Ben substitutes and wins, 130 to 90; Ben has honors after.
    table = decide(client, table, frozenset({1}))
    table = legal(client, table, reveal((90, "Ice"), (130, "Gum")))
    table = play_phase(client, table, [])
    table = legal(client, table, {"kind": "resolve-battle"})
    assert table["board"]["honors"] == 1

    # Battle 4: 100 each, neither a Super Weapon: a draw, Ben keeps honors.
    table = decide(client, table)
    table = legal(client, table, reveal((100, "Steel"), (100, "Steel")))
    table = play_phase(client, table, [])
    table = legal(client, table, {"kind": "resolve-battle"})
    assert table["board"]["draws"] == 1 and table["board"]["honors"] == 1

    # Battle 5: Ben (honors) takes 10 from Ana's Hero and passes; he cannot run another after
    # passing; Ana gives hers +10: 130 to 125, Ana wins.
    table = decide(client, table)
    table = legal(client, table, reveal((130, "Hex"), (125, "Brawl")))
    table = legal(client, table, run(1, 2, theirs=-10) | {"play": "b-play-2"})
    table = legal(client, table, {"kind": "pass", "player": 1})
    late = run(1, 1, own=50) | {"play": table["board"]["players"][1]["hand"][0]["id"]}
    refused(client, table, late, "4.3.2.9")
    ana_play = table["board"]["players"][0]["hand"][0]["id"]
    table = legal(client, table, run(0, 2, own=10) | {"play": ana_play})
    table = legal(client, table, {"kind": "pass", "player": 0})
    table = legal(client, table, {"kind": "resolve-battle"})
    assert table["log"][-1]["answer"] == "Ana wins battle 5."

    # Battle 6: Ana has 3 Hot Dogs left and cannot pay 4; Ben wins 140 to 110.
    table = decide(client, table)
    table = legal(client, table, reveal((110, "Glow"), (140, "Alt")))
    too_dear = run(0, 4, own=40) | {"play": table["board"]["players"][0]["hand"][0]["id"]}
    refused(client, table, too_dear, "4.3.2.6")
    table = play_phase(client, table, [])
    table = legal(client, table, {"kind": "resolve-battle"})

    # Battle 7: Ana 150 to 100, the fourth battle she wins: the game is hers.
    table = decide(client, table)
    table = legal(client, table, reveal((150, "Cyber"), (100, "Fire")))
    table = play_phase(client, table, [])
    table = legal(client, table, {"kind": "resolve-battle"})

    board = table["board"]
    assert (board["phase"], board["winner"], board["draws"]) == ("game-over", 0, 1)
    assert [p["trophies"] for p in board["players"]] == [4, 2]
    ana, ben = board["players"]
    assert (ana["hot_dogs"], ana["hot_dogs_discarded"]) == (3, 7)  # 2 + 3 + 2
    assert (ben["hot_dogs"], ben["hot_dogs_discarded"]) == (5, 5)  # 1 + 2 + 2
    assert [c["name"] for c in ana["plays_used"]] == ["Head Start", ""]
    assert len(ben["plays_used"]) == 2
    # 4 Plays at the setup and one drawn after each battle, none of them described
    assert [len(ana["hand"]), len(ben["hand"])] == [4 + 7 - 2, 4 + 7 - 2]
    assert all(c.get("cost") is None for p in board["players"] for c in p["hand"])
    assert (table["over"], table["winner"]) == (True, "Ana")
    assert table["result"] == "Ana wins the game, having won more of the seven battles: 4 to 2."
    assert table["log"][-1]["answer"] == "Ana wins battle 7. Ana wins the game, 4 battles to 2."
    assert table["log"][-1]["rule"] == ARENA + "4.4.1.1"

    ruled = log_of(client, table)
    moves = len(table["log"])
    assert (ruled["verdict"], ruled["game_over"], ruled["winner"]) == ("legal", True, "Ana")
    assert ruled["result"] == table["result"] and ruled["final_state"] == board
    assert ruled["summary"] == f"All {moves} moves are legal: Ana wins the game, 4 battles to 2."
    no_ids(json.dumps([e["answer"] for e in table["log"]]), board)


def test_substitution_with_hero_decks_nobody_described(client: Client) -> None:
    """Substitution from the setup: the Bench and the Hero Deck are face down. Ana brings in a
    Bench Hero in battle 1 and, in battle 2, the Hero she drew to the Bench: each comes in, the
    one it replaces is set aside, a Hero is drawn to the Bench, and none of them has a face
    until a player says it. A second substitution in a battle is refused (4.2.2.4)."""
    table = start(client, {"mode": "substitution", "first_player": "Ana", "second_player": "Ben"})
    bench = [h["id"] for h in table["board"]["players"][0]["bench"]]
    first = send(client, table, {"kind": "substitute", "player": 0, "hero": bench[1]})
    assert first["ruling"]["answer"] == (
        "Yes, Ana can substitute a Hero from the Bench for the Hero in battle 1, paying 2 Hot Dogs."
    )
    assert first["ruling"]["deciding_rule"] == ARENA + "4.2.2.1"
    table = first["table"]
    ana = table["board"]["players"][0]
    assert ana["zones"][0] == {"id": bench[1], "name": "", "power": None, "weapon": None}
    assert [h["id"] for h in ana["set_aside"]] == ["a-zone-1"]
    assert ana["set_aside"][0]["power"] is None and ana["hero_deck"] is None
    drawn = ana["bench"][-1]
    assert len(ana["bench"]) == 4 and (drawn["power"], drawn["name"]) == (None, "")
    assert (ana["hot_dogs"], ana["hot_dogs_discarded"], ana["substituted"]) == (8, 2, True)
    again = {"kind": "substitute", "player": 0, "hero": bench[0]}
    refused(client, table, again, "4.2.2.4")

    table = legal(client, table, {"kind": "keep-hero", "player": 1})
    table = legal(client, table, reveal((150, "Fire"), (140, "Ice"), ("Bo", "")))
    assert table["board"]["players"][0]["zones"][0]["name"] == "Bo"
    table = legal(client, table, {"kind": "resolve-battle"})

    # Battle 2: Ana (honors, she won) brings in the Hero drawn in battle 1
    table = legal(client, table, {"kind": "substitute", "player": 0, "hero": drawn["id"]})
    ana = table["board"]["players"][0]
    assert ana["zones"][1]["id"] == drawn["id"] and ana["zones"][1]["power"] is None
    assert [h["id"] for h in ana["set_aside"]] == ["a-zone-1", "a-zone-2"]
    assert len(ana["bench"]) == 4 and ana["hot_dogs"] == 6
    table = legal(client, table, {"kind": "keep-hero", "player": 1})
    table = legal(client, table, reveal((90, "Steel"), (100, "Gum")))
    table = legal(client, table, {"kind": "resolve-battle"})
    assert [p["trophies"] for p in table["board"]["players"]] == [1, 1]
    # the second reveal said Ana's Hero's face: the board has it, and nothing else
    described = [h for p in table["board"]["players"] for h in p["bench"] if h["power"]]
    assert described == []

    page = client.get(table["url"]).content.decode()
    # Ben has honors in battle 3: one button keeps his Hero and one brings in a Bench Hero
    # (his four face-down Bench Heroes are alike to the board: one button, not four)
    assert page.count("Ben can substitute a Hero from the Bench") == 1
    assert page.count("Ben can keep the Hero in battle 3") == 1
    shown = re.findall(r'class="move-button">([^<]*)<', page)
    shown += re.findall(r'<li value="\d+">([^<]*)<', page)
    assert len(shown) == 2 + len(table["log"])
    no_ids(" ".join(shown), table["board"])
