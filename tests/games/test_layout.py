"""Every game package keeps one layout a newcomer can predict, and a reason leads to its code.

The roles every game has live in modules of the same name (state, moves, rules, reasons, cards,
questions); the rest are named for what they rule. The reasons catalog names, for each reason
code, the module that rules on it: that module must exist and mention the code.
"""

from __future__ import annotations

import importlib.util
import inspect
import re
from pathlib import Path

import pytest

from games import registry
from games.core.registry import package_name

GAMES_DIR = Path(__file__).resolve().parents[2] / "games"

# The role -> module every game package has.
EVERY_GAME = ("state", "moves", "rules", "reasons", "cards", "questions")
# Names that say nothing about what a module rules: not allowed in a game package.
CATCH_ALLS = {"common", "other", "model", "models", "board", "boards", "judge", "utils", "util"}
CATCH_ALLS |= {"helpers", "misc", "shared", "base", "lib", "stuff"}

SLUGS = sorted(registry)


def _modules(slug: str) -> set[str]:
    folder = GAMES_DIR / package_name(slug).removeprefix("games.")
    return {p.stem for p in folder.glob("*.py")} - {"__init__"}


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_has_the_same_modules_for_the_same_roles(slug: str) -> None:
    missing = [name for name in EVERY_GAME if name not in _modules(slug)]
    assert not missing, f"{slug} lacks {missing}"


@pytest.mark.parametrize("slug", SLUGS)
def test_no_game_module_is_a_catch_all(slug: str) -> None:
    assert not (_modules(slug) & CATCH_ALLS), f"{slug}: name modules for what they rule"


@pytest.mark.parametrize("slug", SLUGS)
def test_the_catalog_is_the_reasons_module_and_the_engine_uses_it(slug: str) -> None:
    reasons = importlib.import_module(f"{package_name(slug)}.reasons")
    assert registry[slug].reasons is reasons.REASONS


def _stems(code: str) -> list[str]:
    """The code, and the stems codes are built from (`<base>-in-<mode>`, `<slug>-earned`):
    at least two words, so a stem is never a single common word."""
    words = code.split("-")
    return [code] + ["-".join(words[:n]) for n in range(len(words) - 1, 1, -1)]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_reason_names_the_module_that_rules_on_it(slug: str) -> None:
    catalog = registry[slug].reasons
    unnamed = [code for code in catalog.codes() if code not in catalog.modules()]
    assert not unnamed, f"{slug}: say in reasons.py which module rules on {unnamed}"
    for code, dotted in catalog.modules().items():
        assert dotted.startswith(package_name(slug) + "."), (code, dotted)
        assert importlib.util.find_spec(dotted) is not None, f"{code}: no module {dotted}"
        source = inspect.getsource(importlib.import_module(dotted))
        assert any(re.search(rf"[\"']{re.escape(stem)}", source) for stem in _stems(code)), (
            f"{dotted} does not mention {code!r}"
        )


def test_a_rule_key_leads_to_its_reasons_and_their_module() -> None:
    catalog = registry["super-hazard-quest"].reasons
    codes = catalog.codes_of_key("super-hazard-quest:4.4")
    assert "wall" in codes
    assert catalog.module("wall") == "games.super_hazard_quest.standard_turn"
