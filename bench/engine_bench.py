"""CPU one ruling costs in the engine alone (no Django), per game.

    .venv/bin/python bench/engine_bench.py [--n 400] [--profile SLUG] [--sequence]
    .venv/bin/python bench/engine_bench.py --instructions [--n 200]    # needs valgrind
    .venv/bin/python bench/engine_bench.py --instructions --game super-hazard-quest   # one game

What the desk calls for a ruling POST: `rule_json(state, move)` and the ruling's
`model_dump(mode="json")`, on the load test's distinct boards (bench/load/variations.py, the
same boards `bench/desk_bench.py --cpu` posts), every board ruled once after a warm-up.
`--sequence` also rules each board's move as a one-move log (`rule_sequence_json`).

CPU is `time.process_time` (what neighbours on a shared machine change least after
instructions); `--instructions` counts instructions under callgrind, which they do not change
at all. `--profile SLUG` prints cProfile's top functions for one game.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import callgrind

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench" / "load")]


def _calls(n: int, sequence: bool) -> dict[str, tuple[list[Callable[[], object]], int]]:
    """kind -> (the calls, how many are the warm-up)."""
    from variations import variations  # type: ignore[import-not-found]

    from games import registry

    out: dict[str, tuple[list[Callable[[], object]], int]] = {}
    only = os.environ.get("ENGINE_BENCH_GAMES", "")
    for slug in sorted(registry):
        if only and slug not in only.split(","):
            continue
        engine = registry[slug]
        boards = variations(slug, n + 20, seed=15)

        def one(body: dict[str, Any], engine: Any = engine) -> object:
            return engine.rule_json(body["state"], body["move"]).model_dump(mode="json")

        def log(body: dict[str, Any], engine: Any = engine) -> object:
            return engine.rule_sequence_json(body["state"], [body["move"]]).model_dump(mode="json")

        out[slug] = ([partial(one, b) for b in boards], 20)
        if sequence:
            out[f"{slug}:log"] = ([partial(log, b) for b in boards], 20)
    return out


def cpu(n: int, sequence: bool, repeat: int) -> None:
    calls = _calls(n, sequence)
    print(f"CPU per ruling, ms (time.process_time, best of {repeat} passes over {n} boards)")
    for kind, (fns, warm) in calls.items():
        for fn in fns[:warm]:
            fn()
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            for fn in fns[warm:]:
                fn()
            best = min(best, (time.process_time() - start) * 1000 / len(fns[warm:]))
        print(f"{kind:36} {best:7.3f}")


def profile(slug: str, n: int) -> None:
    fns, warm = _calls(n, False)[slug]
    for fn in fns[:warm]:
        fn()
    prof = cProfile.Profile()
    prof.enable()
    for fn in fns[warm:]:
        fn()
    prof.disable()
    pstats.Stats(prof).sort_stats("cumulative").print_stats(35)
    pstats.Stats(prof).sort_stats("tottime").print_stats(25)


def _in_valgrind(n: int, sequence: bool) -> None:
    calls = _calls(n, sequence)
    for fns, warm in calls.values():
        for fn in fns[:warm]:
            fn()
    for kind, (fns, warm) in calls.items():
        callgrind.dump(f"before {kind}")
        for fn in fns[warm:]:
            fn()
        callgrind.dump(kind)
    callgrind.done("\n".join(calls))


def instructions(n: int, sequence: bool) -> None:
    args = [__file__, "--in-valgrind", "--n", str(n)] + (["--sequence"] if sequence else [])
    counts, done = callgrind.counts(args)
    kinds = done.split("\n")
    print(f"instructions per ruling, millions (callgrind, {n} boards a kind)")
    for name in kinds:
        print(f"{name:36} {counts[name] / n / 1e6:7.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sequence", action="store_true")
    parser.add_argument("--profile", metavar="SLUG")
    parser.add_argument("--instructions", action="store_true")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--in-valgrind", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.game:  # read by _calls, here and in the process valgrind runs
        os.environ["ENGINE_BENCH_GAMES"] = ",".join(args.game)
    if args.in_valgrind:
        _in_valgrind(args.n, args.sequence)
    elif args.instructions:
        instructions(args.n, args.sequence)
    elif args.profile:
        profile(args.profile, args.n)
    else:
        cpu(args.n, args.sequence, args.repeat)


if __name__ == "__main__":
    main()
