"""An SVG picture of a submitted board state.

Any engine's state is JSON, so one drawing serves every game: scalar facts as labels, lists of
numbers or names as rows of cards, lists of objects (players, a level row, a grid) as labelled
rows. All text is escaped; long lists are cut with a "+N more" card so the picture stays small.
"""

from __future__ import annotations

from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.core.pictures import short

CARD_W, CARD_H, GAP, LINE = 46, 30, 6, 22
MAX_ITEMS = 16
WIDTH = 760


def _label(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    return short(str(value), 40)


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


class _Canvas:
    def __init__(self) -> None:
        self.parts: list[str] = []
        self.y = 10

    def text(self, x: int, text: str, cls: str = "k") -> None:
        self.y += LINE
        self.parts.append(f'<text x="{x}" y="{self.y - 6}" class="{cls}">{escape(text)}</text>')

    def cards(self, x: int, items: list[Any]) -> None:
        shown = items[:MAX_ITEMS]
        cx = x
        for item in shown:
            label = _label(item if _is_scalar(item) else _summary(item))
            self.parts.append(
                f'<rect x="{cx}" y="{self.y + 2}" width="{CARD_W}" height="{CARD_H}" rx="4" '
                f'class="card"/><text x="{cx + CARD_W / 2}" y="{self.y + 22}" class="c" '
                f'text-anchor="middle">{escape(label[:6])}</text>'
            )
            cx += CARD_W + GAP
        if len(items) > MAX_ITEMS:
            self.parts.append(
                f'<text x="{cx + 4}" y="{self.y + 22}" class="k">+{len(items) - MAX_ITEMS} '
                "more</text>"
            )
        self.y += CARD_H + 8


def _summary(obj: dict[str, Any]) -> str:
    for key in ("name", "id", "slug", "value", "card", "kind"):
        if key in obj and _is_scalar(obj[key]):
            return str(obj[key])
    return "…"


def _draw(canvas: _Canvas, key: str, value: Any, x: int, depth: int) -> None:
    if depth > 4:
        return
    if _is_scalar(value):
        canvas.text(x, f"{key}: {_label(value)}")
    elif isinstance(value, list) and all(_is_scalar(v) for v in value):
        canvas.text(x, f"{key} ({len(value)})", "h")
        if value:
            canvas.cards(x, value)
    elif isinstance(value, list):
        canvas.text(x, f"{key} ({len(value)})", "h")
        for index, item in enumerate(value[:MAX_ITEMS]):
            if isinstance(item, dict):
                _draw_object(canvas, f"{_summary(item)}", item, x + 16, depth + 1)
            else:
                _draw(canvas, str(index), item, x + 16, depth + 1)
        if len(value) > MAX_ITEMS:
            canvas.text(x + 16, f"+{len(value) - MAX_ITEMS} more")
    else:
        _draw_object(canvas, key, value, x, depth)


def _draw_object(canvas: _Canvas, title: str, obj: dict[str, Any], x: int, depth: int) -> None:
    canvas.text(x, title, "h")
    for key, value in obj.items():
        _draw(canvas, key, value, x + 16, depth + 1)


def board_svg(state: Any, title: str = "Board") -> SafeString:
    canvas = _Canvas()
    canvas.text(12, title, "t")
    if isinstance(state, dict):
        for key, value in state.items():
            _draw(canvas, key, value, 12, 0)
    else:
        canvas.text(12, _label(state))
    height = canvas.y + 16
    body = "".join(canvas.parts)
    return mark_safe(  # every text node above is escaped
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="{escape(title)}" '
        f'viewBox="0 0 {WIDTH} {height}" width="100%" class="board">'
        "<style>.t{font:700 16px sans-serif}.h{font:600 13px sans-serif;fill:#1d2330}"
        ".k{font:13px sans-serif;fill:#384152}.c{font:600 13px sans-serif}"
        ".card{fill:#fff;stroke:#2457c5;stroke-width:1.5}</style>"
        f'<rect width="{WIDTH}" height="{height}" fill="#f3f6fc" rx="8"/>{body}</svg>'
    )
