"""Imports sit at the top of their module: one inside a function hides a dependency (often an
import cycle dodged), so it is allowed only with its reason written beside it, on its line or
in a comment just above."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(p for package in ("cardsdb", "games") for p in (ROOT / package).rglob("*.py"))


def unexplained(source: str) -> list[str]:
    """The imports inside functions of `source` with no reason beside them, as `line: text`."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for inner in ast.walk(node):
            if not isinstance(inner, ast.Import | ast.ImportFrom):
                continue
            at = inner.lineno - 1
            said = "#" in lines[at] or (at > 0 and lines[at - 1].strip().startswith("#"))
            if not said:
                found.append(f"{inner.lineno}: {lines[at].strip()}")
    return sorted(set(found))


def test_an_import_inside_a_function_says_why() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{hit}"
        for path in MODULES
        for hit in unexplained(path.read_text())
    ]
    assert not found, "\n".join(found)


def test_the_check_finds_an_import_without_its_reason() -> None:
    hidden = "def f():\n    import os\n    return os\n"
    explained = "def f():\n    # the settings module is not ready before apps load\n    import os\n"
    assert unexplained(hidden) == ["2: import os"]
    assert unexplained(explained) == []
