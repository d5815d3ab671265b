"""The path finder and a Mini-Boss's crystal: a hero who can defeat a Mini-Boss for the crystal
of a colour and walk on into the Scrambler of that colour in the same turn has a win, and the
win it lists replays as a legal, winning turn through the ruling engine (rules 7.2, 7.5, 2.8)."""

from __future__ import annotations

from typing import Any

from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.rules import RULES
from tests.games.super_hazard_quest.helpers import (
    assert_legal,
    board,
    dual,
    hero,
    room,
    super_item,
)

BOSS = {"actions": ["stomp", "stomp", "defend", "unlock"], "prize": "red-crystal"}
HAND = [super_item("s", "stomp"), dual("d", "defend", "attack")]


def _wins(state_json: dict[str, Any]) -> list[Any]:
    return reachable(RULES.parse_state(state_json), "Ana").wins


def _replays_as_the_win(state_json: dict[str, Any], win: Any) -> None:
    """The route replays as the win, resting on the readings the path finder lists."""
    move = {"kind": "standard-turn", "player": "Ana", "path": win.route}
    ruling = RULES.rule_json(state_json, move)
    assert_legal(ruling, "scrambler-defeated", "2.8")
    assert ruling.next_state is not None and ruling.next_state["winner"] == "Ana"
    codes = [r.code for r in ruling.reasons]
    assert "mini-boss-defeated" in codes and "prize-crystal" in codes
    assert sorted(ruling.interpretations) == win.interpretations()


def test_a_crystal_won_from_the_mini_boss_underfoot_opens_the_scrambler_beyond() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS),
        room(1, 0, scrambler="red", checkpoint=False),
    ]
    state_json = board(rooms, [hero("Ana", "unlock", hand=HAND), hero("Ben", "dig")])
    wins = _wins(state_json)
    assert [(w.x, w.y) for w in wins] == [(1, 0)]
    win = wins[0]
    assert win.route[0] == {"kind": "fight", "using": ["s", "s", "d", "inherent"]}
    assert sorted(win.items) == ["d", "s"]
    _replays_as_the_win(state_json, win)


def test_a_hero_walks_to_the_mini_boss_fights_it_and_walks_on_into_the_scrambler() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock", "left": "unlock"}, mini_boss=BOSS),
        room(2, 0, scrambler="red", checkpoint=False),
    ]
    state_json = board(rooms, [hero("Ana", "unlock", hand=HAND), hero("Ben", "dig")])
    wins = _wins(state_json)
    assert [(w.x, w.y) for w in wins] == [(2, 0)]
    kinds = [step["kind"] for step in wins[0].route]
    assert kinds.index("fight") == 5  # five steps to the Mini-Boss's Checkpoint, then the fight
    _replays_as_the_win(state_json, wins[0])


def test_no_win_is_listed_where_the_hand_cannot_pay_the_mini_boss() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss=BOSS),
        room(1, 0, scrambler="red", checkpoint=False),
    ]
    hand = [dual("d", "defend", "attack")]  # no Stomp to give twice
    state_json = board(rooms, [hero("Ana", "unlock", hand=hand), hero("Ben", "dig")])
    assert _wins(state_json) == []


def test_a_crystal_of_the_other_colour_opens_no_scrambler() -> None:
    rooms = [
        room(0, 0, exits={"right": "unlock"}, mini_boss={**BOSS, "prize": "blue-crystal"}),
        room(1, 0, scrambler="red", checkpoint=False),
    ]
    state_json = board(rooms, [hero("Ana", "unlock", hand=HAND), hero("Ben", "dig")])
    assert _wins(state_json) == []
