"""Super Hazard Quest on the website, over HTTP: the ruling page draws the dungeon as a map with
its heroes and the disputed path, and "Where can I go?" lists every Checkpoint the hero whose
turn it is can reach, with its route, and draws it on the map."""

from __future__ import annotations

import html
import json
import re
from functools import partial
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsdb.models import Game, SavedRuling
from cardsdb.web.boards import board_picture
from tests.cardsdb import disputes
from tests.fuzz_size import examples
from tests.games.super_hazard_quest.helpers import (
    board,
    cross_right,
    dual,
    face,
    go,
    hazard_item,
    hero,
    room,
    super_item,
    turn,
)
from tests.games.super_hazard_quest.strategies import states

pytestmark = pytest.mark.django_db

SLUG = "super-hazard-quest"
BOSS = {"actions": ["attack", "attack", "hide", "unlock"], "prize": "red-crystal"}


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


settle = partial(disputes.settle, slug=SLUG)


def pictures(page: str) -> list[str]:
    return re.findall(r'<svg[^>]*class="board hq-board".*?</svg>', page, re.S)


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def card_classes(svg: str, x: int, y: int) -> set[str]:
    found = re.search(rf'<g class="([^"]*)" data-cell="{x},{y}">', svg)
    assert found, f"no card drawn at ({x}, {y})"
    return set(found.group(1).split())


def card_title(svg: str, x: int, y: int) -> str:
    found = re.search(rf'data-cell="{x},{y}"><title>([^<]*)</title>', svg)
    assert found, f"no card drawn at ({x}, {y})"
    return found.group(1)


# ----- a dungeon with one of everything a card can hold -----


def dungeon() -> dict[str, Any]:
    rooms = [
        room(0, 0, stage=2, exits={"right": "unlock", "up": "climb"}, left_space="attack"),
        room(1, 0, exits={"left": "lift", "right": "unlock"}, right_space="hide", mini_boss=BOSS),
        room(0, 1, checkpoint=False, exits={"down": "dig"}, left_space="stomp"),
        room(1, 1, scrambler="blue", exits={"left": "lift"}),
        room(2, 0, dead_end=True, checkpoint=False),
        room(-1, 0, trap_door=True, exits={"right": "unlock"}),
    ]
    hand = [dual("a", "attack", "hide"), super_item("b", "climb")]
    return board(
        rooms,
        [
            hero("Ana", "unlock", hand=hand, unseen=3, red=1) | {"hero": "Knight"},
            hero("Ben", "dig", x=1, unseen=5, blue=2),
        ],
    )


def to_the_boss() -> dict[str, Any]:
    return turn("Ana", *cross_right("inherent", left="a"))


# ----- the ruling page draws the map -----


def test_ruling_page_draws_every_card_with_what_it_holds(web: Client) -> None:
    page = web.get(settle(web, dungeon(), to_the_boss())).content.decode()
    svg = pictures(page)[0]
    for cell in ((0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (-1, 0)):
        assert "hq-card" in card_classes(svg, *cell)
    start = card_title(svg, 0, 0)
    assert "Stage Number 2" in start and "a Checkpoint" in start
    assert "up exit: Climb hazard" in start and "right exit: Unlock hazard" in start
    assert "a wall left" in start and "left combat hazard space: Attack hazard" in start
    assert ">stage 2<" in svg and "▲ Climb" in svg and "Unlock ▶" in svg
    assert "no Checkpoint" in card_title(svg, 0, 1)
    assert "a Mini-Boss asking Attack · Attack · Hide · Unlock, prize red crystal" in card_title(
        svg, 1, 0
    )
    assert {"hq-scrambler", "hq-blue"} <= card_classes(svg, 1, 1)
    assert "Blue Scrambler" in svg
    assert "hq-dead-end" in card_classes(svg, 2, 0) and "DEAD END" in svg
    assert "a Trap Door" in card_title(svg, -1, 0)


def test_ruling_page_draws_the_heroes_with_names_and_crystals(web: Client) -> None:
    svg = pictures(web.get(settle(web, dungeon(), to_the_boss())).content.decode())[0]
    assert 'data-player="Ana"' in svg and 'data-player="Ben"' in svg
    words = text_of(svg)
    # where each stands is its token on the map, not a grid coordinate in the legend
    assert "Ana (Knight) · Inherent Action Unlock · their turn" in words
    assert "Ben · Inherent Action Dig" in words and "· at (" not in words
    assert "crystals: 1 red, 0 blue" in words and "crystals: 0 red, 2 blue" in words
    assert "hand: Attack / Hide item, Super Item (Climb), 3 unseen" in words
    assert "Dungeon deck 20" in words


def test_ruling_page_draws_the_disputed_path_on_the_map(web: Client) -> None:
    page = web.get(settle(web, dungeon(), to_the_boss())).content.decode()
    svg = pictures(page)[0]
    line = re.search(r'<polyline class="hq-path" points="([^"]+)"', svg)
    assert line, "the path is not drawn"
    assert len(line.group(1).split()) == 6  # the start and five steps
    # The two hazards passed are numbered, with what passed them.
    assert "step 1, right: Attack hazard, passed with the Attack / Hide item" in svg
    assert "step 5, right: Unlock hazard, passed with the Inherent Action" in svg
    assert "The path in the move, in orange: Ana, 5 steps" in text_of(svg)


def test_a_card_drawn_on_the_way_and_a_look_are_drawn_dashed() -> None:
    state = board(
        [room(0, 0, exits={"right": "unlock"})], [hero("Ana", "unlock"), hero("Ben", "dig")]
    )
    move = turn(
        "Ana",
        *cross_right("inherent", drawn=face(stage=5, exits={"up": "climb"})),
        look={"dir": "up", "drawn": face(stage=9)},
    )
    svg = str(board_picture(SLUG, state, "The board", {"move": move}))
    assert "hq-ghost" in card_classes(svg, 1, 0)
    assert "hq-ghost" in card_classes(svg, 1, 1)
    assert (
        "The room to the right of the Starting Card and 1 above, drawn this turn; Stage Number 9"
        in svg
    )
    assert 'class="hq-path hq-look"' in svg


def test_a_fight_and_a_hazard_placed_are_marked_on_the_path() -> None:
    state = dungeon()
    state["heroes"][0]["hand"].append(hazard_item("h", "combat"))
    state["heroes"][0]["unseen"] = 2
    move = turn(
        "Ana",
        {
            "kind": "place-hazard",
            "item": "h",
            "x": 1,
            "y": 0,
            "spot": "left-space",
            "hazard": "hide",
        },
        *cross_right("inherent", left="a"),
        {"kind": "fight", "using": ["a", "a", "a", "inherent"]},
    )
    svg = str(board_picture(SLUG, state, "The board", {"move": move}))
    assert (
        "step 1: the Combat Hazard Item places a Hide hazard on the left space of the room to "
        "the right of the Starting Card"
    ) in svg
    said = "the Attack / Hide item, " * 3
    assert f"step 7: Mini-Boss fight using {said}the Inherent Action" in svg


def test_the_picture_escapes_what_the_player_typed(web: Client) -> None:
    state = dungeon()
    state["heroes"][1]["player"] = "<script>alert(1)</script>"
    state["heroes"][1]["hero"] = '"><img src=x onerror=alert(2)>'
    page = web.get(settle(web, state, to_the_boss())).content.decode()
    svg = pictures(page)[0]
    assert "<script>alert(1)" not in page and "<img src=x" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in svg


def test_a_state_that_is_not_a_hazard_quest_board_gets_the_generic_drawing() -> None:
    svg = str(board_picture(SLUG, {"dungeon": "nowhere"}, "Board"))
    assert 'class="board"' in svg and "hq-board" not in svg


def test_before_setup_the_map_says_no_card_is_on_the_table(web: Client) -> None:
    state = {
        "dungeon": [],
        "heroes": [{"player": "Ana", "inherent": "unlock"}, {"player": "Ben", "inherent": "dig"}],
        "dungeon_deck": 26,
        "item_deck": 54,
    }
    move = {
        "kind": "setup",
        "draws": [{"player": "Ana", "card": {"stage": 3}}, {"player": "Ben", "card": {"stage": 5}}],
    }
    page = web.get(settle(web, state, move)).content.decode()
    assert "No Dungeon Card is on the table yet." in text_of(pictures(page)[0])
    assert "Before setup: nobody has a turn yet." in text_of(pictures(page)[0])


# ----- "Where can I go?" -----


def corridor() -> dict[str, Any]:
    """Ana on (0, 0): (1, 0) by passing Attack, then (2, 0) by passing Hide; (0, 1) above has
    no Checkpoint; an empty space lies right of (2, 0)."""
    rooms = [
        room(0, 0, exits={"right": "unlock", "up": "climb"}, left_space="attack"),
        room(1, 0, exits={"right": "unlock"}, right_space="hide"),
        room(2, 0, exits={"right": "unlock"}),
        room(0, 1, checkpoint=False),
    ]
    hand = [dual("a", "attack", "climb"), super_item("s", "hide")]
    # Ana holds just these two (the Item deck and the discard pile are empty), so spending
    # both opens a Running Leap.
    heroes = [hero("Ana", "unlock", hand=hand, unseen=0), hero("Ben", "dig", unseen=5)]
    return board(rooms, heroes, item_deck=0, discard=0)


def test_the_ruling_page_offers_where_can_i_go(web: Client) -> None:
    ruling = settle(web, corridor(), turn("Ana", *cross_right("inherent", left="a")))
    page = web.get(ruling).content.decode()
    assert f'href="{ruling}reachable/"' in page and "Where can I go?" in page


def test_where_can_i_go_lists_each_checkpoint_with_its_route_and_items(web: Client) -> None:
    ruling = settle(web, corridor(), turn("Ana", *cross_right("inherent", left="a")))
    response = web.get(ruling + "reachable/")
    assert response.status_code == 200
    page = response.content.decode()
    words = text_of(page)
    assert "It can end this turn on 2 other Checkpoints" in words
    items = re.findall(r'<li class="destination[^"]*" data-cell="([^"]+)">(.*?)</li>', page, re.S)
    assert [cell for cell, _ in items] == ["1,0", "2,0"]  # fewest items first
    first, second = (text_of(body) for _, body in items)
    assert "spends 1 item: the Attack / Climb item" in first
    route = (
        "right (hazard passed with the Attack / Climb item), right ×3, right (hazard passed "
        "with the Inherent"
    )
    assert f"Route: {route} Action)" in first
    assert "no Running Leap on arrival" in first
    assert "spends 2 items: the Attack / Climb item, the Super Item (Hide)" in second
    assert "Running Leap available on arrival" in second  # the whole hand is used on the way
    # The empty space to the right is offered for exploring.
    assert "Empty spaces to explore" in words and "The room 3 to Ana's right: spends" in words


def test_where_can_i_go_draws_the_reachable_checkpoints_and_a_route_on_the_map(
    web: Client,
) -> None:
    ruling = settle(web, corridor(), turn("Ana", *cross_right("inherent", left="a")))
    svg = pictures(web.get(ruling + "reachable/").content.decode())[0]
    assert {"hq-reach", "hq-chosen"} <= card_classes(svg, 1, 0)
    assert "hq-reach" in card_classes(svg, 2, 0) and "hq-chosen" not in card_classes(svg, 2, 0)
    assert "hq-start" in card_classes(svg, 0, 0)
    assert "#1 · 1 item" in svg and "#2 · 2 items · leap" in svg
    assert re.search(r'<polyline class="hq-path hq-route" points="[^"]+"', svg)
    assert "The space 3 to the right of the Starting Card, empty" in svg
    # Another Checkpoint's route, on request.
    page = web.get(ruling + "reachable/?to=2,0").content.decode()
    assert "hq-chosen" in card_classes(pictures(page)[0], 2, 0)
    assert re.search(r'<li class="destination selected" data-cell="2,0">', page)


def test_every_route_listed_is_ruled_legal(web: Client) -> None:
    ruling = settle(web, corridor(), turn("Ana", *cross_right("inherent", left="a")))
    page = web.get(ruling + "reachable/").content.decode()
    for raw in re.findall(r"<pre>(.*?)</pre>", page, re.S)[:2]:
        move = json.loads(raw.replace("&quot;", '"'))
        answer = web.post(
            f"/api/v1/games/{SLUG}/rulings", {"state": corridor(), "move": move}, "application/json"
        )
        assert answer.json()["verdict"] == "legal"


def test_a_bad_or_unreachable_destination_is_a_400_naming_it(web: Client) -> None:
    ruling = settle(web, corridor(), turn("Ana", *cross_right("inherent", left="a")))
    bad = web.get(ruling + "reachable/?to=east")
    assert bad.status_code == 400 and "to: give a card as two whole numbers" in text_of(
        bad.content.decode()
    )
    far = web.get(ruling + "reachable/?to=0,1")
    assert far.status_code == 400
    assert "to: (0, 1) is not a Checkpoint Ana's hero can reach this turn." in text_of(
        far.content.decode()
    )


def test_after_a_legal_move_the_next_hero_can_be_searched(web: Client) -> None:
    ruling = settle(web, corridor(), turn("Ana", *cross_right("inherent", left="a")))
    page = web.get(ruling + "reachable/").content.decode()
    assert 'href="/games/super-hazard-quest/rulings/' in page and "?position=after" in page
    after = web.get(ruling + "reachable/?position=after")
    assert after.status_code == 200
    words = text_of(after.content.decode())
    assert "the board after the move" in words
    assert "Ben's hero stands on the Starting Card" in words


def test_after_an_illegal_move_there_is_no_board_after_it(web: Client) -> None:
    ruling = settle(web, corridor(), turn("Ana", go("right")))
    assert web.get(ruling + "reachable/?position=after").status_code == 404
    assert web.get(ruling + "reachable/?position=sideways").status_code == 400
    assert web.get(ruling + "reachable/").status_code == 200


def test_a_hero_that_cannot_move_is_told_so(web: Client) -> None:
    state = corridor()
    state["heroes"][0]["hand"] = []
    state["heroes"][0]["unseen"] = 5
    state["heroes"][1]["unseen"] -= 3  # the 54 Item Cards still add up
    ruling = settle(web, state, {"kind": "discard-turn", "player": "Ana", "discard_unseen": 1})
    words = text_of(web.get(ruling + "reachable/").content.decode())
    assert "It can reach no other Checkpoint" in words
    assert "5 cards in hand are not given: they are not searched." in words


def test_an_unknown_tool_or_ruling_is_a_404(web: Client) -> None:
    ruling = settle(web, corridor(), turn("Ana", *cross_right("inherent", left="a")))
    assert web.get(ruling + "nowhere/").status_code == 404
    assert web.get(f"/games/{SLUG}/rulings/nosuchid00/reachable/").status_code == 404
    other = "/games/higher-lower/rulings/" + ruling.rstrip("/").rsplit("/", 1)[1] + "/reachable/"
    assert web.get(other).status_code == 404


def test_a_saved_board_that_no_longer_parses_gets_a_clear_message_not_a_500(web: Client) -> None:
    SavedRuling.objects.create(
        id="oldmaze001",
        game=Game.objects.get(slug=SLUG),
        request={"state": {"dungeon": [], "heroes": []}, "move": {"kind": "setup"}},
        ruling={"verdict": "illegal", "summary": "old", "reasons": [], "reference_version": "0"},
    )
    response = web.get(f"/games/{SLUG}/rulings/oldmaze001/reachable/")
    assert response.status_code == 400
    assert "This board cannot be searched: state." in text_of(response.content.decode())


# ----- the standalone page -----


def test_the_standalone_page_is_prefilled_with_an_example_board(web: Client) -> None:
    response = web.get(f"/games/{SLUG}/tools/reachable/")
    assert response.status_code == 200
    page = response.content.decode()
    assert '<textarea id="reach-state" name="state"' in page and "&quot;dungeon&quot;" in page


def test_the_standalone_page_searches_a_pasted_board(web: Client) -> None:
    url = f"/games/{SLUG}/tools/reachable/"
    response = web.post(url, {"state": json.dumps(corridor()), "to": "2,0"})
    assert response.status_code == 200
    page = response.content.decode()
    assert re.search(r'<li class="destination selected" data-cell="2,0">', page)
    assert "hq-chosen" in card_classes(pictures(page)[0], 2, 0)
    ben = web.post(url, {"state": json.dumps(corridor()), "player": "Ben"})
    assert "Ben's hero stands on the Starting Card" in text_of(ben.content.decode())


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({"state": "{not json"}, "state: not valid JSON (line 1, column 2)."),
        ({"state": json.dumps({"heroes": []})}, "This board cannot be searched: state."),
        ({"state": json.dumps(corridor()), "player": "Zed"}, "player: there is no player 'Zed'"),
        ({"state": json.dumps(corridor()), "to": "1;0"}, "to: give a card as two whole numbers"),
        ({"state": "[" * 5000 + "]" * 5000}, "state: the JSON is nested too deeply."),
    ],
)
def test_bad_input_on_the_standalone_page_is_a_400_naming_the_field(
    web: Client, body: dict[str, str], said: str
) -> None:
    response = web.post(f"/games/{SLUG}/tools/reachable/", body)
    assert response.status_code == 400
    assert said in text_of(response.content.decode())


# ----- the picture never fails -----

json_value = st.recursive(
    st.none() | st.booleans() | st.integers(-50, 60) | st.text(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=16,
)
go_step = st.fixed_dictionaries(
    {"kind": st.just("go"), "dir": st.sampled_from(["up", "down", "left", "right"])},
    optional={
        "using": st.sampled_from(["inherent", "a0", "a1"]),
        "drawn": st.fixed_dictionaries(
            {}, optional={"dead_end": st.booleans(), "stage": st.integers(0, 9)}
        ),
    },
)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.lists(go_step, max_size=14), json_value, st.booleans())
def test_the_picture_draws_any_board_with_any_path_or_overlay(
    state: dict[str, Any], path: list[dict[str, Any]], junk: Any, leap: bool
) -> None:
    move: dict[str, Any] = {"kind": "standard-turn", "player": "Ana", "path": path}
    move["leap" if leap else "look"] = {"dir": "up", "drawn": {"stage": 1}}
    for overlay in (
        {"move": move},
        {"moves": [move, junk]},
        {"move": junk},
        {"reachable": junk, "selected": junk},
        {"reachable": {"player": "Ana", "checkpoints": [junk], "openings": [junk], "wins": junk}},
        junk,
    ):
        svg = str(board_picture(SLUG, state, "Board", overlay))
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


COORDINATES = re.compile(r"\(-?\d+, -?\d+\)")


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(state=states())
def test_the_picture_names_no_grid_coordinate_and_no_item_label(state: dict[str, Any]) -> None:
    # A player placed cards beside each other and never named a grid: the text alternative and
    # every title a pointer hovers over name a card from the Starting Card, and an item as
    # printed ("the Super Item (Climb)"), never "(1, 0)" or "(item b)".
    svg = str(board_picture(SLUG, state, "The board"))
    said = " ".join(re.findall(r"<(?:desc|title)>([^<]*)<", svg))
    assert said
    assert not COORDINATES.search(html.unescape(said)), said
    assert "(item " not in html.unescape(svg)


def test_a_move_drawn_on_the_picture_names_its_places_and_items_in_words() -> None:
    from games.core.registry import registry

    for question in registry[SLUG].questions:
        state, move = question.build(question.form())
        svg = html.unescape(str(board_picture(SLUG, state, "The board", {"move": move})))
        said = " ".join(re.findall(r"<(?:desc|title)>([^<]*)<", svg))
        assert not COORDINATES.search(said), (question.slug, said)
        assert "(item " not in svg, question.slug
