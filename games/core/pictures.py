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

Also: words on a board picture, cut to fit and counted in the singular or plural.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.core.tools import Reference
from games.core.words import cap, is_you, verb

Layout = Callable[[Any, str, Any, Reference], dict[str, Any]]
Describe = Callable[[Any, Any], str]


@dataclass(frozen=True)
class BoardPicture:
    layout: Layout
    template: str = "picture.svg"  # a file of templates/games/<slug>/
    ruling_overlay: Callable[[dict[str, Any]], Any] | None = None
    describe: Describe | None = None


def sentences(*parts: str) -> str:
    """Sentences joined into one text alternative: each stripped, ended with a full stop if it
    has no end of its own, the empty ones dropped."""
    said = []
    for part in parts:
        text = " ".join(part.split())
        if text:
            said.append(text if text[-1] in ".!?" else text + ".")
    return " ".join(said)


def listed(items: list[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


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


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def spoken(name: str) -> str:
    """A player's name inside a sentence: "you", "your opponent", "the player on your left",
    "Ana" (a seat name that starts with "Your" or "The" reads in lower case mid-sentence)."""
    if is_you(name):
        return "you"
    first, _, rest = name.partition(" ")
    if rest and first in ("Your", "The"):
        return f"{first.lower()} {rest}"
    return name


def whose(name: str, start: bool = False) -> str:
    """Before a noun: "your", "your opponent's", "Ana's"."""
    said = "your" if is_you(name) else f"{spoken(name)}'s"
    return cap(said) if start else said


def who_does(name: str, third: str, plain: str, start: bool = False) -> str:
    """The player and the verb agreeing: "you have", "your opponent has", "Ana has"."""
    said = f"{spoken(name)} {verb(name, third, plain)}"
    return cap(said) if start else said
