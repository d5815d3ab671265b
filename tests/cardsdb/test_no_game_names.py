"""The Django side names no game: a game lives in games/<pkg>/, fixtures/<slug>/ and
templates/games/<slug>/, and `cardsdb/` and `templates/web/` hold only generic machinery.

The list of names comes from the registry (every game's slug and package name), so a new game
is checked as soon as it exists. Neither the migrations nor the benchmark corpus generator need
an exemption (the corpus is a made-up `bench-` game), and nothing else is exempt.
"""

from __future__ import annotations

import re
from pathlib import Path

from games import registry
from games.core.registry import package_name

ROOT = Path(__file__).resolve().parents[2]
SCANNED = [ROOT / "cardsdb", ROOT / "templates" / "web", ROOT / "templates" / "base.html"]
EXEMPT_LINES: set[tuple[str, str]] = set()


def names() -> set[str]:
    found: set[str] = set()
    for slug in registry:
        pkg = package_name(slug).removeprefix("games.")
        found |= {slug, pkg}
    return found


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for place in SCANNED:
        for path in [place] if place.is_file() else sorted(place.rglob("*")):
            if not path.is_file() or path.suffix not in {".py", ".html", ".svg", ".txt", ".md"}:
                continue
            files.append(path)
    return files


def test_the_registry_gives_the_names_to_look_for() -> None:
    assert len(registry) >= 5
    assert {"hyperstar-run", "hyperstar_run", "super_hazard_quest"} <= names()


def test_cardsdb_and_the_generic_templates_name_no_game() -> None:
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names(), key=len, reverse=True)))
    found = []
    for path in scanned_files():
        rel = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = pattern.search(line)
            if match and not any(rel == f and text in line for f, text in EXEMPT_LINES):
                found.append(f"{rel}:{number}: {match.group(0)}")
    assert not found, "move per-game knowledge into its game's folders:\n" + "\n".join(found)
    assert len(scanned_files()) > 40  # the scan really looked
