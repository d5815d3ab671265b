"""A game's own module in a package of per-game modules (board pictures, tool pages), found by
convention: `<package>.<slug with underscores>`."""

from __future__ import annotations

import importlib
import importlib.util
from functools import lru_cache
from types import ModuleType


@lru_cache(maxsize=64)  # asked on every page of a game; only real games' slugs get this far
def game_module(package: str, slug: str) -> ModuleType | None:
    name = f"{package}.{slug.replace('-', '_')}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)
