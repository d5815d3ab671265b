"""Makes `rulings.jsonl.gz`, what tests/games/test_rulings_unchanged.py rules again: every
`rule_json`, `rule_sequence_json` and `legal_moves_listing` call the game tests make, and the
load test's distinct boards, each with a hash of what the engine answered (the ruling's JSON,
or the 400's kind, field and message).

Made from the code before a change to the engines' speed, so that the change can be shown to
answer every one of them the same (run from a checkout of that commit, with its venv):

    GOLDEN_OUT=/tmp/calls.jsonl python -m pytest -q -p no:cacheprovider \\
        -p tests.games.golden.recorder tests/games -m "not browser"
    python -m tests.games.golden.recorder /tmp/calls.jsonl tests/games/golden/rulings.jsonl.gz

The file's first line says which commit made it.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
KINDS = {"rule": "rule_json", "sequence": "rule_sequence_json", "moves": "legal_moves_listing"}
VARIATIONS = 200  # load-test boards a game (bench/load/variations.py, seed 15)


GOLDEN = Path(__file__).parent / "rulings.jsonl.gz"


def call(engine: Any, kind: str, args: list[Any]) -> Any:
    """What the engine returns for `args`, or the BadInput it raises."""
    from games.core.errors import BadInput

    try:
        return getattr(engine, KINDS[kind])(*args)
    except BadInput as exc:
        return exc


def as_json(kind: str, result: Any) -> dict[str, Any]:
    """A call's result as JSON: {"ruling": ...} or {"error": ...}."""
    from games.core.errors import BadInput

    if isinstance(result, BadInput):
        return {"error": type(result).__name__, "field": result.field, "message": result.message}
    return {"ruling": result if kind == "moves" else result.model_dump(mode="json")}


def answer(engine: Any, kind: str, args: list[Any]) -> dict[str, Any]:
    """What the engine answers `args` with, as JSON: {"ruling": ...} or {"error": ...}."""
    return as_json(kind, call(engine, kind, args))


def digest(out: dict[str, Any]) -> str:
    # json.dumps keeps the order of keys: a ruling whose JSON comes out in another order is
    # another ruling (the desk stores and serves the bytes).
    return hashlib.sha256(json.dumps(out).encode()).hexdigest()


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    with gzip.open(path, "rt", encoding="ascii") as f:
        header = json.loads(f.readline())
        return header, [json.loads(line) for line in f]


@functools.cache
def recorded() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The golden file (about a second to read), read once a test process."""
    return read(GOLDEN)


@functools.cache
def replayed(slug: str) -> list[tuple[int, dict[str, Any], Any]]:
    """Each recorded call of the game `slug` (its line in the file, the record) with what its
    engine returns for it now, or the BadInput it raises. Ruled once a test process: the
    replay (test_rulings_unchanged.py) compares them with the recording and
    test_deciding_rules.py reads their rulings, so those tests share one xdist group and the
    16,800 calls are ruled once, not twice."""
    from games import registry

    engine = registry[slug]
    _, records = recorded()
    return [
        (i, r, call(engine, r["kind"], r["args"]))
        for i, r in enumerate(records)
        if r["game"] == slug
    ]


# ----- the pytest plugin: records the calls the tests make -----

_calls: dict[str, dict[str, Any]] = {}
_depth = [0]


def _recorded(kind: str, original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def wrapper(self: Any, *args: Any) -> Any:
        outer = _depth[0] == 0
        try:
            written = json.dumps(args, allow_nan=False) if outer else None
        except (TypeError, ValueError, RecursionError):  # not JSON: not a desk's call
            written = None
        _depth[0] += 1
        try:
            return original(self, *args)
        finally:
            _depth[0] -= 1
            if written is not None:
                _calls.setdefault(f"{self.slug}|{kind}|{written}", {})

    wrapper.__recorded__ = True  # type: ignore[attr-defined]
    return wrapper


def pytest_configure(config: Any) -> None:
    from games import registry

    for slug in registry:
        cls = type(registry[slug])
        for kind, name in KINDS.items():
            if not getattr(getattr(cls, name), "__recorded__", False):
                setattr(cls, name, _recorded(kind, getattr(cls, name)))


def pytest_unconfigure(config: Any) -> None:
    with open(os.environ["GOLDEN_OUT"], "w", encoding="ascii") as f:
        for key in _calls:
            slug, kind, written = key.split("|", 2)
            f.write(json.dumps({"game": slug, "kind": kind, "args": json.loads(written)}) + "\n")


# ----- the golden file: the calls, and the load test's boards, with what they got -----


def _digests(calls_path: Path, hash_seed: str) -> list[str]:
    """Each call's answer's digest, ruled in a process of its own with this hash seed."""
    run = subprocess.run(
        [sys.executable, "-m", "tests.games.golden.recorder", "--digests", str(calls_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
    )
    return run.stdout.split()


def build(calls_path: Path, out_path: Path) -> None:
    sys.path[:0] = [str(ROOT), str(ROOT / "bench" / "load")]
    from variations import variations  # type: ignore[import-not-found]

    from games import registry

    calls = [json.loads(line) for line in calls_path.read_text(encoding="ascii").splitlines()]
    for slug in sorted(registry):
        for body in variations(slug, VARIATIONS, seed=15):
            calls.append({"game": slug, "kind": "rule", "args": [body["state"], body["move"]]})
    calls = list({json.dumps(call): call for call in calls}.values())
    unique = out_path.with_suffix(".calls")
    unique.write_text("".join(json.dumps(call) + "\n" for call in calls), encoding="ascii")
    # Ruled in six processes: an answer that is not the same in each (a set's order, which
    # the hash seed decides) cannot be compared, and is left out and counted.
    seeds = [_digests(unique, seed) for seed in ("0", "1", "2", "3", "4", "random")]
    unique.unlink()
    records = [
        {**call, "sha256": found[0]}
        for call, *found in zip(calls, *seeds, strict=True)
        if len(set(found)) == 1
    ]
    commit = subprocess.run(
        ["git", "-C", str(ROOT), "log", "-1", "--format=%H %s"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "games"], capture_output=True, text=True
    ).stdout.strip()
    left_out = Counter(
        c["game"] for c, *found in zip(calls, *seeds, strict=True) if len(set(found)) > 1
    )
    header = {
        "made_from": commit,
        "games_changed_since": bool(dirty),
        "calls": len(records),
        "left_out_as_hash_seed_dependent": dict(left_out),
        "made_by": "tests/games/golden/recorder.py",
    }
    with gzip.GzipFile(out_path, "wb", compresslevel=9, mtime=0) as raw:
        raw.write((json.dumps(header) + "\n").encode("ascii"))
        for record in records:
            raw.write((json.dumps(record) + "\n").encode("ascii"))
    print(f"{len(records)} calls written to {out_path}: {header}")


if __name__ == "__main__":
    if sys.argv[1] == "--digests":
        from games import registry

        for line in Path(sys.argv[2]).read_text(encoding="ascii").splitlines():
            asked = json.loads(line)
            print(digest(answer(registry[asked["game"]], asked["kind"], asked["args"])))
    else:
        build(Path(sys.argv[1]), Path(sys.argv[2]))
