"""Every engine answers as the code before its speed-up did (issue 15): the same ruling JSON,
byte for byte, or the same 400 (kind, field, message), for every call the game tests made
and for the load test's distinct boards, recorded in golden/rulings.jsonl.gz (its first line
names the commit that made it; golden/recorder.py says how).

The file holds each answer's hash only: on a mismatch, rule the call on that commit to see
what it answered. `make test` replays the calls of every test but the property tests and a
sample of theirs (golden/recorder.py, `sample`); `FUZZ_FULL=1` (`.ci/run`) replays them all."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games import registry
from tests.games.golden.recorder import answer, as_json, digest, recorded, replayed


def test_the_file_holds_every_game_and_kind_of_call() -> None:
    header, records = recorded()
    assert not header["games_changed_since"], header
    assert header["calls"] == len(records) > 3000
    assert header["sample"] == sum(r["sample"] for r in records)
    # every call but the property tests' is in the sample
    assert all(r["sample"] for r in records if not r["fuzz"])
    kinds = Counter((r["game"], r["kind"]) for r in records)
    for slug in registry:
        assert kinds[(slug, "rule")] >= 300, slug  # the load test's boards and the tests'
        assert kinds[(slug, "sequence")] >= 1, slug


@pytest.mark.xdist_group("golden_replay")  # ruled once for this and test_deciding_rules.py
@pytest.mark.parametrize("slug", sorted(registry))
def test_every_call_is_answered_as_before(slug: str) -> None:
    differ: list[tuple[int, str, dict[str, Any]]] = []
    answered: Counter[str] = Counter()
    for i, record, result in replayed(slug):
        out = as_json(record["kind"], result)
        answered["error" if "error" in out else "ruled"] += 1
        if digest(out) != record["sha256"]:
            differ.append((i, record["kind"], out))
    assert not differ, f"{len(differ)} calls answered otherwise, first: {differ[0]}"
    assert answered["ruled"] > 100 and answered["error"] > 100, answered


def test_a_changed_answer_is_caught() -> None:
    record = next(r for r in recorded()[1] if r["kind"] == "rule")
    out = answer(registry[record["game"]], "rule", record["args"])
    assert digest(out) == record["sha256"]
    if "ruling" in out:
        out["ruling"]["summary"] += " "
    else:
        out["message"] += " "
    assert digest(out) != record["sha256"]
