"""The picture contract: how a game lays out the picture of its board, in plain Python.

A game declares `PICTURE = BoardPicture(layout=...)` in `games/<pkg>/picture.py` (the registry
puts it on the engine as `GameRules.picture`). `layout(state, title, overlay, reference)` gets
the board parsed by the game's engine and returns the context of the game's SVG template,
`templates/games/<slug>/picture.svg` (coordinates are arithmetic, which templates do badly;
the template escapes every text). `overlay` is what a tool draws on top of the board (a path
found, a line of play), or None; `reference` the game's reference data (factions, symbols)
for a picture that colours by them. `ruling_overlay(request)`, if given, is what a ruling
page draws over its board for the disputed request (a path through the dungeon).

Also: words on a board picture, cut to fit and counted in the singular or plural.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.tools import Reference

Layout = Callable[[Any, str, Any, Reference], dict[str, Any]]


@dataclass(frozen=True)
class BoardPicture:
    layout: Layout
    template: str = "picture.svg"  # a file of templates/games/<slug>/
    ruling_overlay: Callable[[dict[str, Any]], Any] | None = None


def short(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, the cut marked with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"
