"""Benchmark of the Super Hazard Quest path finder and path rulings (plain Python, no Django).

    .venv/bin/python bench/hazard_pathfinder_bench.py [hands]

Path finder: the worst-case dungeon of the issue, all 26 Dungeon Cards on the table, each with
four exits and two combat hazards (no card face is public, so the faces are made up), searched
from the Starting Card with a five-item hand of Action Items: `hands` random hands (seeded)
and the hands that make the search largest (many Magic and Super Magic Items, Super Items of
different actions). Every Checkpoint is searched, with whether a Running Leap is open there.
Second figure: random 26-card dungeons (random shapes, exits, hazards, Checkpoints) with random
hands. Third: hands with two Hazard Items (the path finder then also searches every way of
placing them, up to its limit of 200), on the full dungeon and on random ones, in CPU time
(`time.process_time`), which the load of a shared machine disturbs less than wall time.

Rulings: the engine alone (`adjudicate` on a parsed board and move): the worked example, and a
Standard Turn across the full dungeon along the longest route the path finder found.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.super_hazard_quest.pathfinder import reachable
from games.super_hazard_quest.rules import RULES
from games.super_hazard_quest.state import ALL_ACTIONS, COMBAT_ACTIONS, DIRECTION_ACTIONS, State

EXITS = {"up": "climb", "down": "dig", "left": "lift", "right": "unlock"}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timed(
    call: Callable[[], Any], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """The median time of `repeat` calls, in seconds: wall time, or `clock`'s."""
    spent = []
    for _ in range(repeat):
        started = clock()
        call()
        spent.append(clock() - started)
    return statistics.median(spent)


# ----------------------------------------------------------------- boards


def full_dungeon(hand: list[dict[str, Any]], inherent: str) -> State:
    """26 cards in rows of six, every card four exits and two combat hazards."""
    rooms = [
        {
            "x": n % 6,
            "y": n // 6,
            "exits": dict(EXITS),
            "left_space": COMBAT_ACTIONS[n % 4],
            "right_space": COMBAT_ACTIONS[(n + 1) % 4],
        }
        for n in range(26)
    ]
    return board(rooms, hand, inherent)


def random_dungeon(rng: random.Random, hand: list[dict[str, Any]], inherent: str) -> State:
    cells = {(0, 0)}
    while len(cells) < 26:
        x, y = rng.choice(sorted(cells))
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        cells.add((x + dx, y + dy))
    rooms = [
        {
            "x": x,
            "y": y,
            "checkpoint": (x, y) == (0, 0) or rng.random() < 0.7,
            "exits": {d: rng.choice(DIRECTION_ACTIONS) for d in EXITS if rng.random() < 0.8},
            "left_space": rng.choice([None, *COMBAT_ACTIONS]),
            "right_space": rng.choice([None, *COMBAT_ACTIONS]),
        }
        for x, y in sorted(cells)
    ]
    return board(rooms, hand, inherent)


def board(rooms: list[dict[str, Any]], hand: list[dict[str, Any]], inherent: str) -> State:
    other = next(a for a in ALL_ACTIONS if a != inherent)
    return RULES.parse_state(
        {
            "dungeon": rooms,
            "heroes": [
                {"player": "Ana", "inherent": inherent, "x": 0, "y": 0, "hand": hand},
                {"player": "Ben", "inherent": other, "x": 0, "y": 0, "unseen": 5},
            ],
            "turn": "Ana",
            "dungeon_deck": 0,
            "item_deck": 44 - max(0, len(hand) - 5),
        }
    )


def random_hand(rng: random.Random) -> list[dict[str, Any]]:
    hand: list[dict[str, Any]] = []
    for k in range(5):
        kind = rng.choice(["dual-action", "super", "magic", "super-magic"])
        item: dict[str, Any] = {"kind": kind, "id": f"i{k}"}
        if kind == "dual-action":
            item["actions"] = rng.sample(ALL_ACTIONS, 2)
        elif kind == "super":
            item["action"] = rng.choice(ALL_ACTIONS)
        hand.append(item)
    return hand


def magic(n: int) -> list[dict[str, Any]]:
    return [{"kind": "magic", "id": f"m{k}"} for k in range(n)]


def super_magic(n: int) -> list[dict[str, Any]]:
    return [{"kind": "super-magic", "id": f"s{k}"} for k in range(n)]


def dual(item_id: str, first: str, second: str) -> dict[str, Any]:
    return {"kind": "dual-action", "id": item_id, "actions": [first, second]}


def sup(item_id: str, action: str) -> dict[str, Any]:
    return {"kind": "super", "id": item_id, "action": action}


HARD_HANDS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "one of each kind (the test suite's)": (
        "unlock",
        [
            dual("d", "attack", "hide"),
            sup("s", "stomp"),
            dual("e", "defend", "climb"),
            *magic(1),
            *super_magic(1),
        ],
    ),
    "three Magic, two Super Magic": ("attack", magic(3) + super_magic(2)),
    "two Magic, three Super Magic": ("attack", magic(2) + super_magic(3)),
    "five Super Magic": ("attack", super_magic(5)),
    "four Super Magic and a Dual Action": (
        "unlock",
        [super_magic(1)[0], dual("d", "attack", "lift"), *super_magic(4)[1:]],
    ),
    "four Super Items and a Dual Action": (
        "unlock",
        [
            sup("a", "attack"),
            dual("d", "stomp", "climb"),
            sup("h", "hide"),
            sup("g", "dig"),
            sup("e", "lift"),
        ],
    ),
}


def hazard(item_id: str, kind: str) -> dict[str, Any]:
    return {"kind": "hazard", "id": item_id, "hazard": kind}


HAZARD_HANDS: dict[str, tuple[str, list[dict[str, Any]]]] = {
    "a Combat and a Direction Hazard Item": (
        "unlock",
        [
            hazard("h", "combat"),
            hazard("k", "direction"),
            dual("d", "attack", "hide"),
            sup("s", "stomp"),
            *magic(1),
        ],
    ),
    "two Direction Hazard Items": (
        "unlock",
        [
            hazard("h", "direction"),
            hazard("k", "direction"),
            dual("d", "attack", "hide"),
            sup("s", "stomp"),
            *magic(1),
        ],
    ),
    "two Combat Hazard Items": (
        "attack",
        [
            hazard("h", "combat"),
            hazard("k", "combat"),
            dual("d", "climb", "hide"),
            sup("s", "lift"),
            *magic(1),
        ],
    ),
}


def two_hazard_hand(rng: random.Random) -> list[dict[str, Any]]:
    kinds = [rng.choice(["combat", "direction"]) for _ in range(2)]
    return [hazard("h", kinds[0]), hazard("k", kinds[1]), *random_hand(rng)[:3]]


# ----------------------------------------------------------------- the figures


def bench_finder(hands: int) -> None:
    rng = random.Random(7)
    cases: list[tuple[str, State]] = []
    for k in range(hands):
        inherent = rng.choice(ALL_ACTIONS)
        cases.append((f"random hand {k}", full_dungeon(random_hand(rng), inherent)))
    for name, (inherent, hand) in HARD_HANDS.items():
        cases.append((name, full_dungeon(hand, inherent)))
    spent: list[tuple[float, str, int, bool]] = []
    for name, state in cases:
        answer = reachable(state, "Ana")
        median = timed(lambda state=state: reachable(state, "Ana"), 5)
        spent.append((median, name, len(answer.checkpoints), answer.truncated))
    times = [s[0] for s in spent]
    print(
        f"path finder, full 26-card dungeon, {len(cases)} five-item hands "
        f"({hands} random, {len(HARD_HANDS)} hard): "
        f"median {statistics.median(times) * 1e3:.1f} ms, "
        f"p95 {percentile(times, 0.95) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms; "
        f"truncated searches: {sum(s[3] for s in spent)}"
    )
    for median, name, found, _ in spent:
        if not name.startswith("random"):
            print(f"  {name}: {median * 1e3:.1f} ms ({found} Checkpoints reachable)")
    slowest = max(spent)
    print(f"  slowest: {slowest[1]}, {slowest[0] * 1e3:.1f} ms")

    rng = random.Random(11)
    random_times = []
    for _ in range(hands):
        state = random_dungeon(rng, random_hand(rng), rng.choice(ALL_ACTIONS))
        random_times.append(timed(lambda state=state: reachable(state, "Ana"), 3))
    print(
        f"path finder, {hands} random 26-card dungeons and hands: "
        f"median {statistics.median(random_times) * 1e3:.1f} ms, "
        f"p95 {percentile(random_times, 0.95) * 1e3:.1f} ms, "
        f"max {max(random_times) * 1e3:.1f} ms"
    )


def bench_hazard_items(hands: int) -> None:
    cpu = time.process_time
    spent = []
    for name, (inherent, hand) in HAZARD_HANDS.items():
        state = full_dungeon(hand, inherent)
        answer = reachable(state, "Ana")
        median = timed(lambda state=state: reachable(state, "Ana"), 5, cpu)
        spent.append(median)
        print(
            f"path finder, two Hazard Items, full dungeon, {name}: {median * 1e3:.1f} ms CPU "
            f"({len(answer.checkpoints)} Checkpoints reachable)"
        )
    rng = random.Random(13)
    for _ in range(hands):
        state = random_dungeon(rng, two_hazard_hand(rng), rng.choice(ALL_ACTIONS))
        spent.append(timed(lambda state=state: reachable(state, "Ana"), 3, cpu))
    print(
        f"path finder, two Hazard Items, {len(HAZARD_HANDS)} full and {hands} random 26-card "
        f"dungeons: median {statistics.median(spent) * 1e3:.1f} ms CPU, "
        f"p95 {percentile(spent, 0.95) * 1e3:.1f} ms, max {max(spent) * 1e3:.1f} ms"
    )


def bench_rulings(times: int = 1000) -> None:
    example = RULES.example()
    state = RULES.parse_state(example["state"])
    move = RULES.parse_move(example["move"], state)
    report("path ruling, worked example (2 cards, 5 steps)", state, move, times)

    inherent, hand = HARD_HANDS["one of each kind (the test suite's)"]
    big = full_dungeon(hand, inherent)
    longest = max(reachable(big, "Ana").checkpoints, key=lambda d: len(d.route))
    path = {"kind": "standard-turn", "player": "Ana", "path": longest.route}
    move = RULES.parse_move(path, big)
    assert RULES.adjudicate(big, move).legal
    report(f"path ruling, full dungeon ({len(longest.route)} steps)", big, move, times)


def report(label: str, state: State, move: Any, times: int) -> None:
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        RULES.adjudicate(state, move)
        spent.append(time.perf_counter() - started)
    print(
        f"{label}: median {statistics.median(spent) * 1e3:.3f} ms, "
        f"p95 {percentile(spent, 0.95) * 1e3:.3f} ms over {times}"
    )


def main(argv: list[str]) -> None:
    hands = int(argv[0]) if argv else 40
    bench_rulings()
    bench_finder(hands)
    bench_hazard_items(hands)


if __name__ == "__main__":
    main(sys.argv[1:])
