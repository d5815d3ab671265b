"""Setting up a Bo Jackson Battle Arena table for a dispute, the way a judge would note it.

Ana is player 0 and Ben player 1. By default it is battle 1; every Battle Zone holds a
100-Power Steel Hero except where a test puts another one.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from cardsdb.fixtures_format import GameFixtures, read_game_folder
from games.bo_jackson_battle_arena.rules import RULES
from games.core import Ruling
from tests.games.plain_answers import assert_answer_is_plain

JSON = dict[str, Any]
SLUG = "bo-jackson-battle-arena"
FOLDER = Path(__file__).resolve().parents[3] / "fixtures" / SLUG
FIRST_PHASE = {"rookie": "compare", "substitution": "substitution", "playmaker": "substitution"}


@cache
def fixtures() -> GameFixtures:
    """The fixture folder, read once (17,000 cards take a second or two to validate)."""
    return read_game_folder(FOLDER)


def hero(card_id: str, power: int = 100, weapon: str | None = "Steel") -> JSON:
    return {"id": card_id, "name": card_id, "power": power, "weapon": weapon}


def play_card(card_id: str, cost: int | None = 1) -> JSON:
    return {"id": card_id, "name": card_id, "cost": cost}


def player(
    who: str,
    mode: str,
    battle: int,
    *,
    current: JSON | None = None,
    trophies: int = 0,
    bench: list[JSON] | None = None,
    deck: list[JSON] | None = None,
    hot_dogs: int = 10,
    substituted: bool = False,
    hand: list[JSON] | None = None,
    playbook: list[JSON] | None = None,
    power_change: int = 0,
) -> JSON:
    zones = [hero(f"{who}-zone-{i + 1}") for i in range(7)]
    if current is not None:
        zones[battle - 1] = current
    p: JSON = {
        "name": who,
        "zones": zones,
        "hero_deck": deck if deck is not None else [hero(f"{who}-deck-{i + 1}") for i in range(3)],
        "trophies": trophies,
    }
    if mode != "rookie":
        p |= {
            "bench": bench
            if bench is not None
            else [hero(f"{who}-bench-{i + 1}", 120 + i) for i in range(4)],
            "hot_dogs": hot_dogs,
            # Hot Dogs missing from the 10 were paid, except in battle 1, where nobody has
            # paid before their first decision: there what was paid is not described.
            "hot_dogs_discarded": max(0, 10 - hot_dogs) if battle > 1 or hot_dogs >= 10 else None,
            "substituted": substituted,
        }
    if mode == "playmaker":
        p |= {
            "hand": hand
            if hand is not None
            else [play_card(f"{who}-play-{i + 1}") for i in range(4)],
            "playbook": playbook
            if playbook is not None
            else [play_card(f"{who}-playbook-{i + 1}") for i in range(3)],
            "plays_used": [],
            "power_change": power_change,
        }
    return p


def game(
    mode: str = "playmaker",
    *,
    battle: int = 1,
    phase: str | None = None,
    honors: int = 0,
    to_act: Any = "auto",
    ana: JSON | None = None,
    ben: JSON | None = None,
    draws: int | None = None,
    ties_allowed: bool = True,
    winner: int | None = None,
) -> JSON:
    """A table in `mode` at `battle`; `ana` / `ben` are keyword arguments for `player`."""
    phase = phase or FIRST_PHASE[mode]
    a = player("Ana", mode, battle, **(ana or {}))
    b = player("Ben", mode, battle, **(ben or {}))
    if to_act == "auto":
        to_act = honors if phase in ("substitution", "plays") else None
    played = 7 if phase in ("sudden-death", "game-over") else battle - 1
    if draws is None:
        draws = played - a["trophies"] - b["trophies"]
    return {
        "kind": "battle",
        "mode": mode,
        "battle": battle,
        "phase": phase,
        "honors": honors,
        "to_act": to_act,
        "ties_allowed": ties_allowed,
        "draws": draws,
        "winner": winner,
        "players": [a, b],
    }


def sudden_death(ana_top: JSON, ben_top: JSON) -> JSON:
    """Seven battles played and tied 3-3 with no ties allowed: each Hero Deck's top Hero is
    the one to reveal."""
    return game(
        "rookie",
        battle=7,
        phase="sudden-death",
        ties_allowed=False,
        ana={"trophies": 3, "deck": [ana_top, hero("a-next", 1)]},
        ben={"trophies": 3, "deck": [ben_top, hero("b-next", 1)]},
    )


def rule(state: JSON, move: JSON) -> Ruling:
    return RULES.rule_json(state, move)


def key(number: str) -> str:
    return f"{SLUG}:{number}"


def assert_illegal(ruling: Ruling, code: str, number: str) -> None:
    assert not ruling.legal, ruling.summary
    assert ruling.reasons[0].code == code, [r.code for r in ruling.reasons]
    assert ruling.reasons[0].rule == key(number)


def assert_legal(ruling: Ruling, code: str, number: str) -> None:
    assert ruling.legal, ruling.summary
    found = {(r.code, r.rule) for r in ruling.reasons}
    assert (code, key(number)) in found, found


def next_state(ruling: Ruling) -> JSON:
    assert ruling.next_state is not None
    return ruling.next_state


def deck_hero(name: str, power: int, weapon: str = "Fire", count: int = 1) -> JSON:
    return {"name": name, "kind": "hero", "power": power, "weapon": weapon, "count": count}


def legal_heroes(n: int = 60, base: int = 50) -> list[JSON]:
    """`n` different Heroes, no Power value more than 5 times (5 each of 12+ values)."""
    weapons = ["Fire", "Ice", "Steel", "Glow", "Hex"]
    return [deck_hero(f"Hero {i}", base + 5 * (i // 5), weapons[i % 5]) for i in range(n)]


def deck_play(name: str, kind: str = "play", dbs: int | None = 10, count: int = 1) -> JSON:
    card: JSON = {"name": name, "kind": kind, "count": count}
    if dbs is not None:
        card["dbs"] = dbs
    return card


def deck(
    heroes: list[JSON] | None = None,
    plays: list[JSON] | None = None,
    hot_dogs: int = 10,
) -> JSON:
    return {
        "kind": "deck",
        "hero_deck": heroes if heroes is not None else legal_heroes(),
        "playbook": plays if plays is not None else [deck_play(f"Play {i}") for i in range(30)],
        "hot_dog_deck": [{"name": "Frank", "kind": "hot-dog", "count": hot_dogs}]
        if hot_dogs
        else [],
    }


def check(state: JSON, fmt: str) -> Ruling:
    return rule(state, {"kind": "check-deck", "format": fmt})


KEY = "bo-jackson-battle-arena:"
RESOLVE: JSON = {"kind": "resolve-battle"}
SETUP: JSON = {"kind": "check-setup"}


def settled(ruling: Ruling, legal: bool, number: str, *flagged: str) -> None:
    assert ruling.legal is legal, ruling.answer
    assert ruling.deciding_rule == KEY + number, (ruling.deciding_rule, ruling.answer)
    assert [t.key for t in ruling.readings_deciding] == list(flagged), ruling.readings_deciding
    if ruling.answer.startswith(("Yes", "No")):  # else the outcome: "Ana wins battle 1."
        assert_answer_is_plain(ruling)


def zones(powers: list[int], prefix: str) -> list[JSON]:
    return [hero(f"{prefix}-{i + 1}", p) for i, p in enumerate(powers)]


def sub(player: int, bench: int = 1) -> JSON:
    who = "Ana" if player == 0 else "Ben"
    return {"kind": "substitute", "player": player, "hero": f"{who}-bench-{bench}"}


def keep(player: int) -> JSON:
    return {"kind": "keep-hero", "player": player}


def run(player: int, play: str, power: int = 20) -> JSON:
    return {"kind": "run-play", "player": player, "play": play, "power_change": power}


def passes(player: int) -> JSON:
    return {"kind": "pass", "player": player}


def dealt(who: str) -> list[JSON]:
    return [hero(f"{who}-deck-{i + 1}") for i in range(49)]
