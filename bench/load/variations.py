"""Distinct rulings for the load test: generated variations of each game's worked example.

A variation of a worked example {state, move}:
- renames, consistently everywhere in the state and the move, some of its labels (a player's
  name, a card's or a zone's id) with a number no other variation uses: the same dispute in
  a board the server has never seen, so its ruling cannot be found already saved;
- and changes at most one whole number of the board (a power, the trade, cards left in a
  deck) by a small amount.
Only the labels and the numbers the game's own engine (plain Python, `games/`) still rules on
when changed alone are used, and a sample of the variations is ruled on again here: a
variation is a board that can exist (never a 400), and every request of a run is a new one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from games import registry
from games.core.errors import BadInput

Path = tuple[Any, ...]


def _leaves(node: Any, path: Path = ()) -> Iterator[tuple[Path, Any]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _leaves(value, (*path, i))
    else:
        yield path, node


def _set(node: Any, path: Path, value: Any) -> Any:
    node = json.loads(json.dumps(node))
    target = node
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return node


def _renamed(body: Any, names: dict[str, str]) -> Any:
    if isinstance(body, dict):
        return {k: _renamed(v, names) for k, v in body.items()}
    if isinstance(body, list):
        return [_renamed(v, names) for v in body]
    if isinstance(body, str):
        return names.get(body, body)
    return body


def _rules(slug: str, body: dict[str, Any]) -> bool:
    try:
        registry[slug].rule_json(body["state"], body["move"])
    except BadInput:
        return False
    return True


def variations(slug: str, count: int, seed: int = 15) -> list[dict[str, Any]]:
    """`count` distinct {state, move} bodies for `slug` (fewer only if nothing can vary)."""
    example = registry[slug].example()
    rng = random.Random(f"{seed}:{slug}")
    strings = sorted({v for _, v in _leaves(example) if isinstance(v, str) and v})
    labels = [s for s in strings if _rules(slug, _renamed(example, {s: f"{s}-0"}))]
    numbers: list[tuple[Path, int]] = []
    for path, value in _leaves(example["state"]):
        if isinstance(value, int) and not isinstance(value, bool):
            for delta in (-2, -1, 1, 2, 5):
                if value + delta >= 0:
                    changed = {**example, "state": _set(example["state"], path, value + delta)}
                    if _rules(slug, changed):
                        numbers.append((path, value + delta))
    if not labels:
        return [example]
    out: list[dict[str, Any]] = []
    for n in range(1, count + 1):
        chosen = rng.sample(labels, k=rng.randint(1, len(labels)))
        body = _renamed(example, {s: f"{s}-{n}" for s in chosen})
        if numbers and rng.random() < 0.7:
            path, value = rng.choice(numbers)
            body["state"] = _set(body["state"], path, value)
        out.append(body)
    sample = rng.sample(range(len(out)), k=min(len(out), 20))
    bad = {i for i in sample if not _rules(slug, out[i])}
    if bad:  # a mix of changes the engine refuses: keep the label renaming alone
        out = [_renamed(example, {labels[0]: f"{labels[0]}-{n}"}) for n in range(1, count + 1)]
    return out


def interleaved(per_game: int, seed: int = 15) -> list[tuple[str, dict[str, Any]]]:
    """Every game's variations, game after game, so that any slice is a mix of games."""
    lists = {slug: variations(slug, per_game, seed) for slug in sorted(registry)}
    out: list[tuple[str, dict[str, Any]]] = []
    for i in range(max(len(v) for v in lists.values())):
        for slug, bodies in lists.items():
            if i < len(bodies):
                out.append((slug, bodies[i]))
    return out


if __name__ == "__main__":
    import time

    for slug in sorted(registry):
        started = time.perf_counter()
        found = variations(slug, 4000)
        distinct = len({json.dumps(b, sort_keys=True) for b in found})
        ok = sum(_rules(slug, b) for b in found[:200])
        print(
            f"{slug}: {len(found)} ({distinct} distinct) in "
            f"{time.perf_counter() - started:.1f}s; {ok}/200 ruled on"
        )
