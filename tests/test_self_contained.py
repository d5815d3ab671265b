"""A clean clone runs by itself: nothing the project runs names a folder beside the repository."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUN = ["tests", "cardsdb", "games", "fixtures", "bench", ".ci", "Makefile", "manage.py"]
SUFFIXES = {".py", ".toml", ".md", ".cfg", ".ini", ".sh", ""}
OUTSIDE = "shared"
# A path to the folder beside the checkout: relative (dot-dot), absolute, one of its subfolders
# (reference, seeds, tools), or one built in Python with the `/` operator on either side.
PATTERN = re.compile(
    rf"\.\./{OUTSIDE}\b|/work/{OUTSIDE}\b|\b{OUTSIDE}/(reference|seeds|tools)\b"
    rf"|/\s*[\"']{OUTSIDE}[\"']|[\"']{OUTSIDE}[\"']\s*/"
)


def project_files() -> list[Path]:
    files: list[Path] = []
    for name in RUN:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [
                p
                for p in sorted(path.rglob("*"))
                if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts
            ]
    return files


def test_the_check_sees_the_project_and_catches_an_outside_path() -> None:
    assert len(project_files()) > 50
    for bad in (f"../{OUTSIDE}/seeds/", f'ROOT.parent / "{OUTSIDE}" / "reference"'):
        assert PATTERN.search(bad), bad
    assert not PATTERN.search(f"Redis as the {OUTSIDE} cache")


def test_nothing_the_project_runs_reads_a_folder_beside_the_repository() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in project_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PATTERN.search(line)
    ]
    assert found == []
