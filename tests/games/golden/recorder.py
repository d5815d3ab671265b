"""Makes `rulings.jsonl.gz`, what tests/games/test_rulings_unchanged.py rules again: every
`rule_json`, `rule_sequence_json` and `legal_moves_listing` call the game tests make, and the
load test's distinct boards, each with a hash of what the engine answered (the ruling's JSON,
or the 400's kind, field and message).

Each call notes whether only property tests (hypothesis) made it (`fuzz`). Recording again
keeps every call of the file before, as a property test's unless a test makes it again, and
adds the new ones. `make test` replays every call the disputes and other tests make and one in
four of the property tests' calls (`sample`), and any of those that decides with a reason code
no other kept call does; `FUZZ_FULL=1` (`.ci/run`) replays them all.

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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
KINDS = {"rule": "rule_json", "sequence": "rule_sequence_json", "moves": "legal_moves_listing"}
VARIATIONS = 200  # load-test boards a game (bench/load/variations.py, seed 15)
# The property tests' calls replayed by `make test`: those whose answer's digest starts with
# one of these hex digits (one in four), and those needed to keep every deciding code decided.
SAMPLED_DIGITS = "0123"
FULL = os.environ.get("FUZZ_FULL") == "1"


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


def replays(record: dict[str, Any]) -> bool:
    """Whether this run replays the call: every call with FUZZ_FULL=1, else its sample."""
    return FULL or record["sample"]


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
        if r["game"] == slug and replays(r)
    ]


# ----- the pytest plugin: records the calls the tests make -----

_calls: dict[str, bool] = {}  # each call, and whether only property tests made it
_depth = [0]
_in_property_test = [False]
_in_replay = [False]  # a test that rules the golden file's own calls again records none


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
            if written is not None and not _in_replay[0]:
                key = f"{self.slug}|{kind}|{written}"
                _calls[key] = _calls.get(key, True) and _in_property_test[0]

    wrapper.__recorded__ = True  # type: ignore[attr-defined]
    return wrapper


def pytest_configure(config: Any) -> None:
    from games import registry

    for slug in registry:
        cls = type(registry[slug])
        for kind, name in KINDS.items():
            if not getattr(getattr(cls, name), "__recorded__", False):
                setattr(cls, name, _recorded(kind, getattr(cls, name)))


def pytest_runtest_setup(item: Any) -> None:
    # hypothesis marks the tests it runs with a `hypothesis` handle
    _in_property_test[0] = hasattr(getattr(item, "obj", None), "hypothesis")
    group = item.get_closest_marker("xdist_group")
    _in_replay[0] = group is not None and group.args[:1] == ("golden_replay",)


def pytest_unconfigure(config: Any) -> None:
    with open(os.environ["GOLDEN_OUT"], "w", encoding="ascii") as f:
        for key, fuzz in _calls.items():
            slug, kind, written = key.split("|", 2)
            line = {"game": slug, "kind": kind, "args": json.loads(written), "fuzz": fuzz}
            f.write(json.dumps(line) + "\n")


# ----- the golden file: the calls, and the load test's boards, with what they got -----


def decided(kind: str, result: Any) -> list[str]:
    """What a call's rulings give the deciding-rule checks (tests/games/test_deciding_rules.py):
    each ruling's deciding reason code, marked `+` where the ruling has other reasons too."""
    from games.core.deciding import deciding_reason
    from games.core.errors import BadInput

    if kind == "moves" or isinstance(result, BadInput):
        return []
    found = []
    for ruling in [result] if kind == "rule" else result.rulings:
        reason = deciding_reason(ruling.reasons, ruling.voided)
        if reason is not None:
            found += [reason.code] + ([f"{reason.code}+"] if len(ruling.reasons) > 1 else [])
    return found


def _sampled(calls: list[dict[str, Any]], digests: list[str], codes: list[str]) -> list[bool]:
    """Which calls `make test` replays: every call a test other than a property test made, and
    of the property tests' calls one in four (by digest) and any that decides with a code (or
    a code among other reasons) no call kept before decides with."""
    covered = {
        (c["game"], code)
        for c, found in zip(calls, codes, strict=True)
        if not c["fuzz"]
        for code in found.split(",")
        if code
    }
    sample = []
    for c, digest_, found in zip(calls, digests, codes, strict=True):
        new = {(c["game"], code) for code in found.split(",") if code} - covered
        keep = not c["fuzz"] or digest_[0] in SAMPLED_DIGITS or bool(new)
        if keep:
            covered |= new
        sample.append(keep)
    return sample


def _digests(calls_path: Path, hash_seed: str, codes: bool = False) -> list[str]:
    """Each call's answer's digest, ruled in a process of its own with this hash seed (or,
    with `codes`, what its rulings give the deciding-rule checks, comma-separated)."""
    mode = "--codes" if codes else "--digests"
    run = subprocess.run(
        [sys.executable, "-m", "tests.games.golden.recorder", mode, str(calls_path)],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
    )
    return run.stdout.split("\n")[:-1]


def build(calls_path: Path, out_path: Path) -> None:
    sys.path[:0] = [str(ROOT), str(ROOT / "bench" / "load")]
    from variations import variations  # type: ignore[import-not-found]

    from games import registry

    calls = [json.loads(line) for line in calls_path.read_text(encoding="ascii").splitlines()]
    for slug in sorted(registry):
        for body in variations(slug, VARIATIONS, seed=15):
            args = [body["state"], body["move"]]
            calls.append({"game": slug, "kind": "rule", "args": args, "fuzz": False})
    if out_path.exists():  # the calls recorded before are kept: the file only grows
        calls += [
            {"game": r["game"], "kind": r["kind"], "args": r["args"], "fuzz": True}
            for r in read(out_path)[1]
        ]
    fuzz: dict[str, bool] = {}
    for c in calls:  # a call any other test made too is not a property test's alone
        key = json.dumps([c["game"], c["kind"], c["args"]])
        fuzz[key] = fuzz.get(key, True) and c["fuzz"]
    calls = [
        {"game": game, "kind": kind, "args": args, "fuzz": fuzz[key]}
        for key in fuzz
        for game, kind, args in [json.loads(key)]
    ]
    unique = out_path.with_suffix(".calls")
    unique.write_text("".join(json.dumps(call) + "\n" for call in calls), encoding="ascii")
    # Ruled in six processes: an answer that is not the same in each (a set's order, which
    # the hash seed decides) cannot be compared, and is left out and counted.
    with ThreadPoolExecutor(os.cpu_count()) as pool:
        runs = [pool.submit(_digests, unique, "0", codes=True)] + [
            pool.submit(_digests, unique, seed) for seed in ("0", "1", "2", "3", "4", "random")
        ]
        codes, *seeds = [run.result() for run in runs]
    unique.unlink()
    every = calls
    same = [len(set(found)) == 1 for found in zip(*seeds, strict=True)]
    calls = [c for c, kept in zip(calls, same, strict=True) if kept]
    codes = [c for c, kept in zip(codes, same, strict=True) if kept]
    digests = [found for found, kept in zip(seeds[0], same, strict=True) if kept]
    sample = _sampled(calls, digests, codes)
    records = [
        {**call, "sha256": found, "sample": kept}
        for call, found, kept in zip(calls, digests, sample, strict=True)
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
    left_out = Counter(c["game"] for c, kept in zip(every, same, strict=True) if not kept)
    header = {
        "made_from": commit,
        "games_changed_since": bool(dirty),
        "calls": len(records),
        "sample": sum(sample),
        "left_out_as_hash_seed_dependent": dict(left_out),
        "made_by": "tests/games/golden/recorder.py",
    }
    with gzip.GzipFile(out_path, "wb", compresslevel=9, mtime=0) as raw:
        raw.write((json.dumps(header) + "\n").encode("ascii"))
        for record in records:
            raw.write((json.dumps(record) + "\n").encode("ascii"))
    print(f"{len(records)} calls written to {out_path}: {header}")


if __name__ == "__main__":
    if sys.argv[1] in ("--digests", "--codes"):
        from games import registry

        for line in Path(sys.argv[2]).read_text(encoding="ascii").splitlines():
            asked = json.loads(line)
            result = call(registry[asked["game"]], asked["kind"], asked["args"])
            if sys.argv[1] == "--codes":
                print(",".join(dict.fromkeys(decided(asked["kind"], result))))
            else:
                print(digest(as_json(asked["kind"], result)))
    else:
        build(Path(sys.argv[1]), Path(sys.argv[2]))
