"""Board pictures for the ruling page and the tools' pages.

A game with its own picture declares it (games/core/pictures.py): `layout(state, title,
overlay, reference)` in `games/<pkg>/picture.py` lays the board out in plain Python and
`templates/games/<slug>/picture.svg` draws it. A game without one, or a state its engine
refuses (a ruling saved under an older engine), gets the generic drawing of the state's JSON.
`overlay` carries what a tool adds on top of the board (a path found, a line of play), or None.
"""

from __future__ import annotations

import html
import re
from typing import Any

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from cardsdb.reference import DatabaseReference
from cardsdb.web.boards.generic import board_svg
from games.core.errors import BadInput
from games.core.names import escaped_controls
from games.core.registry import registry


def board_picture(slug: str, state: Any, title: str, overlay: Any = None) -> SafeString:
    picture = registry[slug].picture if slug in registry else None
    if picture is None:
        return board_svg(_escaped(state), title)
    try:
        parsed = registry[slug].parse_state(state)
    except BadInput:
        return board_svg(_escaped(state), title)  # a position the engine refuses: draw its JSON
    context = picture.layout(parsed, title, overlay, DatabaseReference(slug))
    svg = render_to_string(f"games/{slug}/{picture.template}", context)
    if picture.describe is not None:
        # The game's own sentences about the position; the label list is only the fallback.
        return mark_safe(with_desc(svg, picture.describe(parsed, overlay)))
    return mark_safe(described(svg))  # the templates escape every text node and attribute


def _escaped(node: Any) -> Any:
    """The JSON drawn as it was sent, each control or format character in a text written as
    its escape (a right-to-left override saved in a name would turn the label around)."""
    if isinstance(node, str):
        return escaped_controls(node)
    if isinstance(node, dict):
        return {escaped_controls(str(k)): _escaped(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_escaped(v) for v in node]
    return node


_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)
_TAGS = re.compile(r"<[^>]+>")
DESCRIPTION_CHARS = 900


def described(svg: str) -> str:
    """The picture with a text alternative that says the position: its own words (every label
    it draws, in drawing order, each once) as the SVG's description, read after its title."""
    words: list[str] = []
    for raw in _TEXT.findall(svg):
        text = " ".join(html.unescape(_TAGS.sub("", raw)).split())
        if text and text not in words:
            words.append(text)
    if not words or "<desc" in svg:
        return svg
    said = "; ".join(words)
    if len(said) > DESCRIPTION_CHARS:
        said = said[: DESCRIPTION_CHARS - 1].rsplit(";", 1)[0] + "; …"
    return with_desc(svg, said)


def with_desc(svg: str, said: str) -> str:
    """The picture with `said` as its <desc>, read after its <title> (a picture that has its
    own <desc> keeps it)."""
    if not said or "<desc" in svg:
        return svg
    desc = f"<desc>{html.escape(said, quote=False)}</desc>"
    head_end = svg.find(">") + 1
    if "</title>" in svg:
        at = svg.index("</title>") + len("</title>")
        return svg[:at] + desc + svg[at:]
    return svg[:head_end] + desc + svg[head_end:]


def ruling_overlay(slug: str, request: Any) -> Any:
    """What a game's picture draws over the board on a ruling page (the disputed move, such as
    a path through the dungeon), or None."""
    picture = registry[slug].picture if slug in registry else None
    if picture is None or picture.ruling_overlay is None:
        return None
    return picture.ruling_overlay(request)
