"""The picture contract: how a game lays out the picture of its board, in plain Python.

A game declares `PICTURE = BoardPicture(layout=...)` in `games/<pkg>/picture.py` (the registry
puts it on the engine as `GameRules.picture`). `layout(state, title, overlay, reference)` gets
the board parsed by the game's engine and returns the context of the game's SVG template,
`templates/games/<slug>/picture.svg` (coordinates are arithmetic, which templates do badly;
the template escapes every text). `overlay` is what a tool draws on top of the board (a path
found, a line of play), or None; `reference` the game's reference data (factions, symbols)
for a picture that colours by them. `ruling_overlay(request)`, if given, is what a ruling
page draws over its board for the disputed request (a path through the dungeon).
`describe(state, overlay)`, if given, is the picture's text alternative: the position in
sentences, in players' words, saying what the question left out as not described (the
website puts it in the SVG's <desc>; without it, the drawn labels stand in).

Also: words on a board picture, cut to fit (`short`, `wrapped`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.tools import Reference

# Sentences are built in games/core/words.py; the names pictures have always used stay here.
from games.core.words import count as plural
from games.core.words import listed as listed
from games.core.words import sentences as sentences
from games.core.words import spoken as spoken
from games.core.words import who_does as who_does
from games.core.words import whose as whose

__all__ = [
    "BoardPicture",
    "listed",
    "plural",
    "sentences",
    "short",
    "spoken",
    "who_does",
    "whose",
    "wrapped",
]

Layout = Callable[[Any, str, Any, Reference], dict[str, Any]]
Describe = Callable[[Any, Any], str]


@dataclass(frozen=True)
class BoardPicture:
    layout: Layout
    template: str = "picture.svg"  # a file of templates/games/<slug>/
    ruling_overlay: Callable[[dict[str, Any]], Any] | None = None
    describe: Describe | None = None


def short(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, the cut marked with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def wrapped(parts: list[str], sep: str, limit: int, first: str = "") -> list[str]:
    """`first` and `parts` joined by `sep` on lines of at most `limit` characters, broken
    only between parts (a part longer than a line is cut), so that no name is cut off at the
    picture's edge. Each line but the last ends with `sep` stripped of its trailing space,
    saying the list goes on."""
    lines: list[str] = []
    line, fresh = first, True  # nothing listed on this line yet
    for part in parts:
        if fresh:
            line, fresh = line + short(part, limit - len(line)), False
            continue
        part = short(part, limit)
        if len(line + sep + part) <= limit:
            line += sep + part
        else:
            lines.append(line + sep.rstrip())
            line = part
    lines.append(line)
    return lines
