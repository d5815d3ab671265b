"""The suite asserts what code does, never how long it took: on a machine whose other core is
busy, a wall-clock bound fails for no fault of the code. Work is bounded by what it does
(queries, rows, states explored, input size); speed is measured in bench/.

Waiting for an outside event (a server to start, a database to come back) with a generous
deadline is allowed: `time.monotonic() < deadline` where `deadline = time.monotonic() + N`
compares a clock with a moment, not a duration with a limit. What this test refuses:

- a comparison whose side is a clock difference (`time.perf_counter() - started < 5`);
- a comparison of a name that holds one (`elapsed = ... - started`; `assert elapsed < QUICK`),
  also when it was passed on as an argument or an attribute (`answer.seconds < LIMIT`);
- a comparison naming a duration by its usual names (`elapsed`, `duration`, `took`);
- a hypothesis `deadline=` other than None (hypothesis fails an example that runs longer);
- `timeit` and pytest-timeout's marker.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import hypothesis

TESTS = Path(__file__).resolve().parent
CLOCKS = {"monotonic", "perf_counter", "time", "monotonic_ns", "perf_counter_ns", "time_ns"}
DURATION_NAME = re.compile(r"(^|_)(elapsed|duration|durations|took|seconds_taken)($|_)", re.I)


def _is_clock_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name in CLOCKS


def _is_clock_delta(node: ast.AST) -> bool:
    """`clock() - x` or `x - clock()`, anywhere inside `node`."""
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.BinOp)
            and isinstance(sub.op, ast.Sub)
            and (_is_clock_call(sub.left) or _is_clock_call(sub.right))
        ):
            return True
    return False


def _name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _duration_names(tree: ast.AST) -> set[str]:
    """Names (variables, attributes, keyword arguments) given a clock difference."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)) and node.value is not None:
            if _is_clock_delta(node.value):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(n for t in targets if (n := _name(t)) is not None)
        elif isinstance(node, ast.keyword) and node.arg and _is_clock_delta(node.value):
            names.add(node.arg)
    return names


def _positional_durations(tree: ast.AST) -> bool:
    """A clock difference passed positionally (to a record whose field is then compared)."""
    return any(
        isinstance(node, ast.Call) and any(_is_clock_delta(a) for a in node.args)
        for node in ast.walk(tree)
    )


def problems(source: str, filename: str = "<test>") -> list[str]:
    tree = ast.parse(source, filename)
    durations = _duration_names(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                named = _name(side)
                if _is_clock_delta(side):
                    found.append(f"{where}: compares a clock difference")
                elif named and (named in durations or DURATION_NAME.search(named)):
                    found.append(f"{where}: compares the duration {named!r}")
        elif isinstance(node, ast.keyword) and node.arg == "deadline":
            if not (isinstance(node.value, ast.Constant) and node.value.value is None):
                found.append(f"{where}: a hypothesis deadline")
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if "timeit" in modules:
                found.append(f"{where}: timeit")
        elif (
            isinstance(node, ast.Attribute)
            and node.attr == "timeout"
            and _name(node.value) == "mark"
        ):
            found.append(f"{where}: a pytest timeout marker")
    if _positional_durations(tree):
        found.append(f"{filename}: a clock difference passed on (compare work, not time)")
    return sorted(set(found))


def test_no_test_compares_elapsed_time() -> None:
    files = [p for p in sorted(TESTS.rglob("*.py")) if p != Path(__file__).resolve()]
    assert len(files) > 100
    found = [
        problem
        for path in files
        for problem in problems(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS)))
    ]
    assert not found, "\n".join(found)


def test_hypothesis_fails_no_example_for_its_time() -> None:
    assert hypothesis.settings().deadline is None  # the profile of tests/conftest.py


def test_the_scan_catches_each_kind_of_wall_clock_bound() -> None:
    caught = [
        "assert time.perf_counter() - started < 5",
        "elapsed = time.perf_counter() - began\nassert elapsed < 10",
        "took = monotonic() - t0\nassert took <= LIMIT",
        "answer = Answer(200, time.monotonic() - started)\nassert answer.seconds < 5",
        "r = Answer(status=200, seconds=time.monotonic() - started)\nassert r.seconds < 5",
        "assert QUICK > elapsed",
        "@settings(deadline=500)\ndef test_x(): pass",
        "import timeit",
        "@pytest.mark.timeout(3)\ndef test_x(): pass",
        "while time.monotonic() - up_at < RECOVER_WITHIN:\n    pass",
    ]
    for source in caught:
        assert problems(source), source


def test_the_scan_allows_waiting_for_an_outside_event() -> None:
    allowed = [
        "deadline = time.monotonic() + 60\nwhile True:\n    assert time.monotonic() < deadline",
        "@settings(max_examples=10, deadline=None)\ndef test_x(): pass",
        "assert len(rows) < 10",
        "sock.settimeout(30)",
        "assert response.status_code < 500",
    ]
    for source in allowed:
        assert not problems(source), source
