"""Board pictures for the ruling page.

A game with its own picture has a module here named after its package
(`cardsdb/web/boards/hyperstar_run.py`) with a `picture(state, title, overlay)` function that
lays the board out and renders its SVG template, `templates/boards/<slug>.svg`. A game without
one gets the generic drawing of its state JSON. `overlay` carries what a tool adds on top of
the board (a path found, a line of play), or None.
"""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from django.utils.safestring import SafeString

from cardsdb.web.boards.generic import board_svg


def _module_name(slug: str) -> str:
    return f"{__name__}.{slug.replace('-', '_')}"


def board_picture(slug: str, state: Any, title: str, overlay: Any = None) -> SafeString:
    name = _module_name(slug)
    if slug != "generic" and importlib.util.find_spec(name) is not None:
        return importlib.import_module(name).picture(state, title, overlay)
    return board_svg(state, title)


def ruling_overlay(slug: str, request: Any) -> Any:
    """What a game's picture draws over the board on a ruling page (the disputed move, such as
    a path through the dungeon), or None: its module's `ruling_overlay(request)`, if any."""
    name = _module_name(slug)
    if importlib.util.find_spec(name) is None:
        return None
    found = getattr(importlib.import_module(name), "ruling_overlay", None)
    return found(request) if found is not None else None
