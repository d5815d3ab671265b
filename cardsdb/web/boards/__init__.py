"""Board pictures for the ruling page.

A game with its own picture has a module here named after its package
(`cardsdb/web/boards/hyperstar_run.py`) with `layout(state, title, overlay) -> dict`: the
board parsed by the game's engine, laid out in Python (coordinates are arithmetic, which
templates do badly) for its SVG template, `templates/boards/<slug>.svg`. A game without one,
or a state its engine refuses (a ruling saved under an older engine), gets the generic drawing
of the state's JSON. `overlay` carries what a tool adds on top of the board (a path found, a
line of play), or None.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from cardsdb.web.boards.generic import board_svg
from cardsdb.web.per_game import game_module
from games.core.errors import BadInput
from games.core.registry import registry


def _module(slug: str) -> ModuleType | None:
    return None if slug in ("generic", "text") else game_module(__name__, slug)


def board_picture(slug: str, state: Any, title: str, overlay: Any = None) -> SafeString:
    module = _module(slug)
    if module is None or slug not in registry:
        return board_svg(state, title)
    try:
        parsed = registry[slug].parse_state(state)
    except BadInput:
        return board_svg(state, title)  # a position the engine refuses: draw its JSON
    svg = render_to_string(f"boards/{slug}.svg", module.layout(parsed, title, overlay))
    return mark_safe(svg)  # the templates escape every text node and attribute


def ruling_overlay(slug: str, request: Any) -> Any:
    """What a game's picture draws over the board on a ruling page (the disputed move, such as
    a path through the dungeon), or None: its module's `ruling_overlay(request)`, if any."""
    module = _module(slug)
    found = getattr(module, "ruling_overlay", None) if module is not None else None
    return found(request) if found is not None else None
