"""Timing a call many times: each call's wall-clock and CPU time (`time.process_time`, which
waiting for a core on a shared machine does not count; on SQLite it holds the database's work,
on PostgreSQL not the server's), after a few calls left out to warm up."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Timings:
    """Milliseconds a call, each list sorted."""

    wall: list[float]
    cpu: list[float]


def timed(fn: Callable[[], object], n: int, warm: int) -> Timings:
    """`fn` called `warm` times unmeasured (at most `n`), then `n` times, each measured."""
    for _ in range(min(warm, n)):
        fn()
    wall, cpu = [], []
    for _ in range(n):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    wall.sort()
    cpu.sort()
    return Timings(wall, cpu)


def p95(values: list[float]) -> float:
    """The 95th percentile of sorted values (the least of them for fewer than 21)."""
    return values[max(0, int(len(values) * 0.95) - 1)]
