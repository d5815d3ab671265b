"""Benchmark of the Hyperstar Run adjudicator and solver (plain Python, no Django).

    .venv/bin/python bench/hyperstar_solver.py [positions]

Rulings: the engine alone (`adjudicate` on a parsed board) on the worked example.
Solver: Expert positions (12 cards, every face made up and known, run 1), each solved in full:
the furthest this run gets, then every run left until one wins or all four are proved short.
The made-up faces are random (no real face is public), so the figures are indicative.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.hyperstar_run.rules import RULES
from games.hyperstar_run.shorthand import RANDOM_ICONS, random_board
from games.hyperstar_run.solver import solve


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def bench_rulings(times: int = 2000) -> list[float]:
    example = RULES.example()
    state = RULES.parse_state(example["state"])
    move = RULES.parse_move(example["move"], state)
    spent = []
    for _ in range(times):
        started = time.perf_counter()
        RULES.adjudicate(state, move)
        spent.append(time.perf_counter() - started)
    return spent


def bench_solver(
    positions: int, icons: tuple[str, ...] = RANDOM_ICONS
) -> tuple[list[float], list[int], int]:
    spent, explored, winnable = [], [], 0
    for seed in range(positions):
        state = RULES.parse_state(random_board(random.Random(seed), "expert", icons=icons))
        started = time.perf_counter()
        answer = solve(state)
        spent.append(time.perf_counter() - started)
        explored.append(answer.states_explored)
        winnable += bool(answer.winnable)
    return spent, explored, winnable


def main(argv: list[str]) -> None:
    positions = int(argv[0]) if argv else 50
    rulings = bench_rulings()
    print(
        f"ruling (engine alone): median {statistics.median(rulings) * 1e3:.3f} ms, "
        f"p95 {percentile(rulings, 0.95) * 1e3:.3f} ms over {len(rulings)}"
    )
    for icons in (RANDOM_ICONS, ("A", "B")):
        report(positions, icons)


def report(positions: int, icons: tuple[str, ...]) -> None:
    spent, explored, winnable = bench_solver(positions, icons)
    print(
        f"solver, Expert run 1, icons {' '.join(icons)}, {positions} positions "
        f"({winnable} winnable): "
        f"median {statistics.median(spent) * 1e3:.1f} ms, "
        f"p95 {percentile(spent, 0.95) * 1e3:.1f} ms, max {max(spent) * 1e3:.1f} ms; "
        f"states explored median {statistics.median(explored):.0f}, max {max(explored)}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
