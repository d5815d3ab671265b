"""The ruling page's board pictures for Higher or Lower and Bo Jackson Battle Arena, over HTTP.

A player brings a dispute to the API (`POST /api/v1/games/<slug>/rulings`), opens the ruling's
page and shows the other player the board: the picture must show the facts the ruling turns
on (the last card and the call, the hands; the two Heroes and their Power, the score), with
every free text escaped, and a state that is not a board still gets a drawing.
"""

from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from django.test import Client

from cardsdb.models import Game, SavedRuling
from games.higher_lower.rules import RULES as HL_RULES

pytestmark = pytest.mark.django_db

HL = "higher-lower"
BA = "bo-jackson-battle-arena"
SVG = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert(1)</script>"

JSON = dict[str, Any]


# ----- bringing a dispute and reading the picture -----


def example(api: Any, slug: str) -> JSON:
    response = api.get(f"/api/v1/games/{slug}/example/")
    assert response.status_code == 200
    return response.json()


def settle(api: Any, slug: str, state: Any, move: JSON) -> JSON:
    """Ask the API for a ruling; the ruling, with its `url`."""
    response = api.post(
        f"/api/v1/games/{slug}/rulings", {"state": state, "move": move}, format="json"
    )
    assert response.status_code == 200, response.content.decode()[:1000]
    return response.json()


def page_of(ruling: JSON) -> str:
    response = Client().get(ruling["url"])
    assert response.status_code == 200
    return response.content.decode()


def pictures(page: str, cls: str) -> list[ET.Element]:
    """The game's pictures on the page, in order (the board, then the board after the move),
    each parsed as XML: a picture that is not well-formed SVG fails here."""
    found = re.findall(rf'<svg[^>]*class="board {cls}".*?</svg>', page, re.S)
    return [ET.fromstring(svg) for svg in found]


def the_board(page: str, cls: str) -> ET.Element:
    found = pictures(page, cls)
    assert found, f"no {cls} picture on the page"
    return found[0]


def words(element: ET.Element) -> str:
    """Every text the element draws (tooltips included), as one line."""
    return re.sub(r"\s+", " ", " ".join(element.itertext()))


def groups(svg: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in svg.iter(f"{SVG}g") if cls in (g.get("class") or "").split()]


def one(svg: ET.Element, cls: str, **attrs: str) -> ET.Element:
    found = [g for g in groups(svg, cls) if all(g.get(k) == v for k, v in attrs.items())]
    assert len(found) == 1, f"{len(found)} groups .{cls} with {attrs}"
    return found[0]


def seat(svg: ET.Element, name: str) -> ET.Element:
    return one(svg, "hl-seat", **{"data-player": name})


def hand_drawn(seat_g: ET.Element) -> dict[int, bool]:
    """The cards a seat shows: number -> may be laid now (drawn green)."""
    return {
        int(g.get("data-card") or 0): "hl-ok" in (g.get("class") or "")
        for g in groups(seat_g, "hl-card")
    }


def fighter(svg: ET.Element, player: int) -> ET.Element:
    return one(svg, "ba-fighter", **{"data-player": str(player)})


def cited(ruling: JSON) -> set[str]:
    return {r["rule"] for r in ruling["reasons"]}


def assert_generic(page: str) -> None:
    assert 'class="board"' in page  # the generic drawing of the state JSON
    assert "hl-board" not in page and "ba-board" not in page


def saved_ruling(slug: str, key: str, state: Any) -> str:
    """A ruling saved under an older engine whose state no longer parses; its page URL."""
    SavedRuling.objects.create(
        id=key,
        game=Game.objects.get(slug=slug),
        request={"state": state, "move": {"kind": "draw"}},
        ruling={"verdict": "illegal", "summary": "old", "reasons": [], "reference_version": "0"},
    )
    return f"/games/{slug}/rulings/{key}/"


# ----- Higher or Lower -----


def hl_table(**changes: Any) -> JSON:
    """The engine's worked example, changed: Ana to play on Cy's 7 under 'higher' (Ana shows
    her hand [3, 9, 12, 7], Ben and Cy do not; 30 cards in the deck)."""
    state: JSON = copy.deepcopy(HL_RULES.example()["state"])
    state.update(changes)
    return state


def test_worked_example_the_picture_shows_the_7_the_call_higher_and_every_hand(api: Any) -> None:
    """Ana lays a 9 on Cy's 7 under 'higher' and calls 'lower': Ben asks to see the table."""
    body = example(api, HL)
    ruling = settle(api, HL, body["state"], body["move"])
    assert ruling["verdict"] == "legal"
    assert "higher-lower:4.2" in cited(ruling)
    before, after = pictures(page_of(ruling), "hl-board")

    assert one(before, "hl-pile").get("data-top") == "7"
    assert one(before, "hl-pile").get("data-under") == "2"
    call = one(before, "hl-call")
    assert call.get("data-call") == "higher" and "HIGHER" in words(call)
    assert one(before, "hl-deck").get("data-count") == "30"
    told = words(before)
    assert "called by Cy" in told
    assert "Next: a card above 7, or a 7 to match." in told
    assert "3 players · Ana's turn" in told
    assert "booster deck: 21" in told

    ana, ben, cy = (seat(before, name) for name in ("Ana", "Ben", "Cy"))
    assert "hl-turn" in (ana.get("class") or "")
    assert (ana.get("data-hand"), ana.get("data-shown")) == ("4", "yes")
    assert hand_drawn(ana) == {3: False, 7: True, 9: True, 12: True}  # 7 matches, 9, 12 obey
    assert "In green: 3 cards that may be laid now" in words(ana)
    assert "Rare" in words(ana) and "Common" in words(ana)
    assert (ben.get("data-hand"), ben.get("data-shown"), ben.get("data-boosters")) == (
        "6",
        "no",
        "3",
    )
    assert "6 playing cards (hidden) · 3 boosters (hidden)" in words(ben)
    assert cy.get("data-hand") == "8" and "hl-turn" not in (cy.get("class") or "")

    # After the move: Ana's 9 is on top, her call 'lower' stands, and it is Ben's turn.
    assert one(after, "hl-pile").get("data-top") == "9"
    assert one(after, "hl-call").get("data-call") == "lower"
    assert "called by Ana" in words(after)
    assert "hl-turn" in (seat(after, "Ben").get("class") or "")
    assert hand_drawn(seat(after, "Ana")) == {3: False, 7: False, 12: False}


def test_a_15_calls_lower_by_itself_and_the_matches_since_are_shown(api: Any) -> None:
    """Cy laid a 15, Ana matched it; Ben shows [3, 9, 15] and lays the 3, calling 'higher'."""
    state = hl_table(
        last_card=15,
        call="lower",
        match_chain=["Ana"],
        discard=[4, 11, 15],
        turn="Ben",
        players=[
            {"name": "Ana", "hand": 3, "boosters": 2},
            {"name": "Ben", "hand": [9, 15, 3], "boosters": ["Epic"]},
            {"name": "Cy", "hand": 8, "boosters": 2},
        ],
    )
    ruling = settle(api, HL, state, {"kind": "play", "value": 3, "call": "higher"})
    assert ruling["verdict"] == "legal"
    board = the_board(page_of(ruling), "hl-board")
    assert one(board, "hl-pile").get("data-top") == "15"
    assert one(board, "hl-call").get("data-call") == "lower"
    told = words(board)
    assert "a 15 always calls lower" in told
    assert "matched since: Ana" in told
    assert "Next: a card above" not in told and "Next: a card below 15, or a 15 to match." in told
    ben = seat(board, "Ben")
    assert "hl-turn" in (ben.get("class") or "")
    assert hand_drawn(ben) == {3: True, 9: True, 15: True}
    assert "Epic" in words(ben)
    assert seat(board, "Ana").get("data-hand") == "3"
    assert "hl-turn" not in (seat(board, "Ana").get("class") or "")


def test_a_hand_with_nothing_to_lay_is_drawn_so_and_the_draw_is_legal(api: Any) -> None:
    """Ana shows 3 and 5 under 'higher' on a 7: she may draw, and the picture says why."""
    state = hl_table(
        players=[
            {"name": "Ana", "hand": [5, 3], "boosters": 0},
            {"name": "Ben", "hand": 6, "boosters": 3},
        ],
        call_by="Ben",
    )
    ruling = settle(api, HL, state, {"kind": "draw"})
    assert ruling["verdict"] == "legal"
    assert "higher-lower:4.6" in cited(ruling)
    before, after = pictures(page_of(ruling), "hl-board")
    assert hand_drawn(seat(before, "Ana")) == {3: False, 5: False}
    assert "None of these may be laid now: draw" in words(seat(before, "Ana"))
    assert "2 players · Ana's turn" in words(before)
    # The draw took a card from the deck and ended Ana's turn; the call on the 7 stands.
    assert one(after, "hl-deck").get("data-count") == "29"
    assert seat(after, "Ana").get("data-hand") == "3"
    assert one(after, "hl-call").get("data-call") == "higher"
    assert "hl-turn" in (seat(after, "Ben").get("class") or "")


def test_before_the_first_card_the_pile_is_empty_and_there_is_no_call(api: Any) -> None:
    # No card laid yet: the 18 cards in hand and the deck's 42 are the box's 60 (rule 3.2).
    state = hl_table(last_card=None, call=None, call_by=None, discard=[], deck=42)
    ruling = settle(api, HL, state, {"kind": "play", "value": 3, "call": "higher"})
    assert ruling["verdict"] == "legal"
    before, after = pictures(page_of(ruling), "hl-board")
    assert one(before, "hl-pile").get("data-top") == ""
    assert one(before, "hl-call").get("data-call") == ""
    told = words(before)
    assert "No card laid yet" in told and "no call yet" in told
    assert "Any card may open the game." in told
    assert set(hand_drawn(seat(before, "Ana")).values()) == {True}
    assert one(after, "hl-pile").get("data-top") == "3"
    assert one(after, "hl-call").get("data-call") == "higher"


def test_a_player_out_of_cards_is_drawn_as_the_winner(api: Any) -> None:
    state = hl_table(
        players=[
            {"name": "Ana", "hand": [3, 9], "boosters": 0},
            {"name": "Ben", "hand": 0, "boosters": 1},
        ],
        call_by="Ben",
    )
    ruling = settle(api, HL, state, {"kind": "play", "value": 9, "call": "lower"})
    board = the_board(page_of(ruling), "hl-board")
    assert "Ben has no playing cards left: the game is over" in words(board)
    ben = seat(board, "Ben")
    assert "hl-out" in (ben.get("class") or "") and "out of cards: wins" in words(ben)
    assert "hl-turn" not in (seat(board, "Ana").get("class") or "")


def test_hostile_player_names_are_escaped_in_the_picture(api: Any) -> None:
    bad = HOSTILE
    state = hl_table(
        players=[
            {"name": "Ana", "hand": [3, 9, 12, 7], "boosters": ["Rare"]},
            {"name": bad, "hand": 6, "boosters": 3},
        ],
        call_by=bad,
    )
    ruling = settle(api, HL, state, {"kind": "play", "value": 9, "call": "lower"})
    page = page_of(ruling)
    assert HOSTILE not in page
    board = the_board(page, "hl-board")  # parses: the name did not break the SVG
    assert seat(board, bad).get("data-hand") == "6"  # the escaped attribute reads back intact
    call = one(board, "hl-call")
    assert call.get("data-by") == bad
    assert f"The call in force: higher, made by {bad}" in words(call)
    raw = re.search(r'<svg[^>]*class="board hl-board".*?</svg>', page, re.S)
    assert raw and "&lt;script&gt;alert(1)&lt;/script&gt;" in raw.group(0)


def test_a_saved_higher_lower_state_that_no_longer_parses_gets_the_generic_drawing(
    api: Any,
) -> None:
    url = saved_ruling(HL, "oldhl00001", {"players": "Ana and Ben", "turn": "Ana", "deck": 99})
    response = Client().get(url)
    assert response.status_code == 200
    page = response.content.decode()
    assert_generic(page)
    assert "Ana and Ben" in page


# ----- Bo Jackson Battle Arena -----


def ba_hero(card_id: str, power: int, weapon: str = "Steel", name: str = "") -> JSON:
    return {"id": card_id, "name": name or card_id, "power": power, "weapon": weapon}


def ba_player(prefix: str, name: str, mode: str, current: JSON, **extra: Any) -> JSON:
    """Seven Battle Zones of 100-Power Steel Heroes but for the third, `current`."""
    zones = [ba_hero(f"{prefix}-zone-{i + 1}", 100) for i in range(7)]
    zones[2] = current
    p: JSON = {
        "name": name,
        "zones": zones,
        "hero_deck": [ba_hero(f"{prefix}-deck-1", 130, "Ice")],
        "trophies": 1,
    }
    if mode != "rookie":
        p |= {
            # The Bench's 4 Heroes (4.2.1.5, 4.3.1.8)
            "bench": [ba_hero(f"{prefix}-bench-{i + 1}", 140 + i, "Fire") for i in range(4)],
            "hot_dogs": 6,
            "hot_dogs_discarded": 4,
            "substituted": False,
        }
    if mode == "playmaker":
        p |= {
            "hand": [{"id": f"{prefix}-play-1", "name": "Blitz", "cost": 2}],
            "playbook": [{"id": f"{prefix}-playbook-1", "name": "Screen", "cost": 1}],
            "plays_used": [],
            "power_change": 0,
        }
    return p | extra


def ba_battle(mode: str, phase: str, a: JSON, b: JSON, to_act: int | None = None) -> JSON:
    """Battle 3, each player with one Trophy: Ana is player 0, Ben player 1."""
    return {
        "kind": "battle",
        "mode": mode,
        "battle": 3,
        "phase": phase,
        "honors": 0,
        "to_act": to_act,
        "draws": 0,
        "players": [
            ba_player("a", "Ana", mode, a),
            ba_player("b", "Ben", mode, b),
        ],
    }


def test_worked_example_the_arena_shows_both_heroes_their_power_and_the_score(
    api: Any,
) -> None:
    """Battle 3 of a Substitution game: Player A pays 2 Hot Dogs to bring in Hero AB1."""
    body = example(api, BA)
    ruling = settle(api, BA, body["state"], body["move"])
    assert ruling["verdict"] == "legal"
    assert "bo-jackson-battle-arena:4.2.2.1" in cited(ruling)
    before, after = pictures(page_of(ruling), "ba-board")

    assert before.get("data-mode") == "substitution"
    assert before.get("data-battle") == "3"
    assert before.get("data-phase") == "substitution"
    a, b = fighter(before, 0), fighter(before, 1)
    assert (a.get("data-hero"), a.get("data-power")) == ("a-zone-3", "110")
    assert (b.get("data-hero"), b.get("data-power")) == ("b-zone-3", "115")
    assert "Hero A3" in words(a) and "Steel" in words(a)
    assert "Hero B3" in words(b)
    told = words(before)
    assert "Substitution Mode · battle 3 of 7 · Substitution Phase" in told
    assert "Player A decides: substitute or keep the Hero" in told
    assert "Trophies: Player A 1 · Player B 1 · 0 draws · ties allowed" in told
    # The seven Battle Zones: two played, the current one, four still face down.
    zones = [g for g in groups(before, "ba-zone") if "ba-bench" not in (g.get("class") or "")]
    assert len(zones) == 14
    kinds = [
        next(c for c in ("ba-played", "ba-current", "ba-hidden") if c in g.get("class", ""))
        for g in zones[:7]
    ]
    assert kinds == ["ba-played"] * 2 + ["ba-current"] + ["ba-hidden"] * 4
    panel = one(before, "ba-panel", **{"data-player": "0"})
    assert "ba-to-act" in (panel.get("class") or "")
    assert "Hot Dogs: 10 left, 0 paid" in words(panel)
    assert [g.get("data-hero") for g in groups(panel, "ba-bench")] == [
        f"a-bench-{i}" for i in range(1, 5)
    ]

    # After: Hero AB1 (120) fights in battle 3, the Bench has drawn Hero AD1, 2 Hot Dogs paid.
    a = fighter(after, 0)
    assert (a.get("data-hero"), a.get("data-power")) == ("a-bench-1", "120")
    panel = one(after, "ba-panel", **{"data-player": "0"})
    assert "a-deck-1" in [g.get("data-hero") for g in groups(panel, "ba-bench")]
    assert "Hot Dogs: 8 left, 2 paid" in words(panel) and "substituted this battle" in words(panel)
    assert "Player B decides" in words(after)


def test_playmaker_a_play_adds_power_and_the_picture_shows_who_is_ahead(api: Any) -> None:
    """Ben leads 115 to 110 in the Play Phase; Ana runs Blitz for +10 and says she now leads."""
    state = ba_battle(
        "playmaker",
        "plays",
        ba_hero("a-star", 110, "Fire", "Ana's Star"),
        ba_hero("b-star", 115, "Hex", "Ben's Star"),
        to_act=0,
    )
    ruling = settle(
        api, BA, state, {"kind": "run-play", "player": 0, "play": "a-play-1", "power_change": 10}
    )
    assert ruling["verdict"] == "legal"
    before, after = pictures(page_of(ruling), "ba-board")
    assert "Power 110 to 115: Ben's Hero is ahead" in words(before)
    assert "ba-ahead" in (fighter(before, 1).get("class") or "")
    assert "Ana may run Plays or pass" in words(before)
    hand = groups(one(before, "ba-panel", **{"data-player": "0"}), "ba-play")
    assert [words(g) for g in hand] == ["Blitz: costs 2 Hot Dogs Blitz (2)"]

    a = fighter(after, 0)
    assert a.get("data-power") == "120"
    assert "printed 110, Plays +10" in words(a)
    assert "Power 120 to 115: Ana's Hero is ahead" in words(after)
    assert "ba-ahead" in (a.get("class") or "")
    panel = one(after, "ba-panel", **{"data-player": "0"})
    assert "Power from Plays this battle: +10" in words(panel)
    assert "Hot Dogs: 4 left, 6 paid" in words(panel)
    assert [words(g).split(": ")[0] for g in groups(panel, "ba-used")] == ["Blitz"]


def test_a_super_weapon_is_drawn_and_in_rookie_a_tie_is_still_a_draw(api: Any) -> None:
    """Rookie, 120 each, Ben's Hero has a Super Weapon: Ben claims the battle; it is a draw."""
    state = ba_battle(
        "rookie", "compare", ba_hero("a-star", 120, "Glow"), ba_hero("b-star", 120, "Super")
    )
    ruling = settle(api, BA, state, {"kind": "resolve-battle", "claim": 1})
    assert ruling["verdict"] == "illegal"
    board = the_board(page_of(ruling), "ba-board")
    b = fighter(board, 1)
    assert "ba-super" in (b.get("class") or "") and "★ Super" in words(b)
    assert "Glow" in words(fighter(board, 0))
    assert "Ana's Hero and Ben's Hero are face up: the higher Power wins" in words(board)
    assert "Plays" not in words(fighter(board, 0))  # Rookie has no Plays
    assert not groups(board, "ba-bench")  # nor a Bench


def test_sudden_death_shows_the_top_heroes_of_the_hero_decks(api: Any) -> None:
    state = ba_battle("rookie", "sudden-death", ba_hero("a-star", 120), ba_hero("b-star", 120))
    state |= {"battle": 7, "draws": 1, "ties_allowed": False}
    for p in state["players"]:
        p["trophies"] = 3
    state["players"][1]["hero_deck"] = [ba_hero("b-deck-1", 150, "Gum")]
    ruling = settle(api, BA, state, {"kind": "sudden-death", "claim": 1})
    assert ruling["verdict"] == "legal"
    before, after = pictures(page_of(ruling), "ba-board")
    assert "Sudden Death: the next Heroes to reveal" in words(before)
    assert (fighter(before, 0).get("data-hero"), fighter(before, 0).get("data-power")) == (
        "a-deck-1",
        "130",
    )
    assert fighter(before, 1).get("data-power") == "150"
    assert "Trophies: Ana 3 · Ben 3 · 1 draw · no ties" in words(before)
    assert after.get("data-phase") == "game-over"
    assert "Game over: Ben wins" in words(after)
    assert "ba-winner" in (one(after, "ba-panel", **{"data-player": "1"}).get("class") or "")


def test_a_deck_check_draws_the_deck_by_power_value(api: Any) -> None:
    """Seven Heroes share Power 110: the deck is illegal and the picture shows the seven."""
    heroes = [
        {"name": f"Hero {i}", "kind": "hero", "power": 50 + 5 * (i % 10), "weapon": "Fire"}
        for i in range(53)
    ]
    heroes += [
        {"name": f"Twin {i}", "kind": "hero", "power": 110, "weapon": "Ice"} for i in range(7)
    ]
    deck = {
        "kind": "deck",
        "hero_deck": heroes,
        "playbook": [],
        "hot_dog_deck": [{"name": "Ballpark Frank", "kind": "hot-dog", "count": 10}],
    }
    ruling = settle(api, BA, deck, {"kind": "check-deck", "format": "substitution"})
    assert ruling["verdict"] == "illegal"
    assert "bo-jackson-battle-arena:4.1.1.2" in cited(ruling)
    board = the_board(page_of(ruling), "ba-board")
    assert board.get("data-kind") == "deck"
    told = words(board)
    assert "Hero Deck: 60 cards" in told
    assert "Hot Dog Deck: 10 cards" in told and "Ballpark Frank ×10" in told
    assert "Playbook: 0 cards" in told
    many = groups(board, "ba-many")
    assert [words(g) for g in many] == ["7 Heroes with Power 110 110 ×7"]
    assert "Outlined in red: more than 6 Heroes share that Power value" in told
    assert "Weapons: Fire 53 · Ice 7" in told


def test_hostile_names_in_the_arena_are_escaped(api: Any) -> None:
    state = ba_battle(
        "rookie", "compare", ba_hero("a-star", 120, name=HOSTILE), ba_hero("b-star", 100)
    )
    state["players"][1]["name"] = HOSTILE
    ruling = settle(api, BA, state, {"kind": "resolve-battle"})
    page = page_of(ruling)
    assert HOSTILE not in page
    board = the_board(page, "ba-board")
    assert one(board, "ba-panel", **{"data-player": "1"}).get("data-name") == HOSTILE
    assert HOSTILE[:20] in words(fighter(board, 0))  # the Hero's name, cut to fit, as text
    raw = re.search(r'<svg[^>]*class="board ba-board".*?</svg>', page, re.S)
    assert raw and "&lt;script&gt;alert(1)&lt;/script&gt;" in raw.group(0)


def test_a_saved_arena_state_that_no_longer_parses_gets_the_generic_drawing(api: Any) -> None:
    url = saved_ruling(BA, "oldba00001", {"mode": "arcade", "battle": 9, "players": ["Ana"]})
    response = Client().get(url)
    assert response.status_code == 200
    assert_generic(response.content.decode())


def test_a_state_refused_by_the_engine_checks_gets_the_generic_drawing() -> None:
    """Well-formed, but impossible: two Trophies after one battle. No board is drawn for it."""
    from cardsdb.web.boards import board_picture

    state = ba_battle("rookie", "compare", ba_hero("a-star", 120), ba_hero("b-star", 100))
    bad = copy.deepcopy(state)
    bad["battle"] = 2
    drawn = str(board_picture(BA, bad, "Odd board"))
    assert 'class="board"' in drawn and "ba-board" not in drawn
    assert "ba-board" in str(board_picture(BA, state, "Fine board"))
