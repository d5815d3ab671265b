"""Pages a game adds beyond the shared ones: its tools on the website.

A game's module here, named after its package (`cardsdb/web/game_pages/hyperstar_run.py`),
may define
- `PAGES`: {tool slug: GamePage}, standalone pages under /games/<slug>/tools/<tool>/;
- `RULING_TOOLS`: {tool slug: RulingTool}, buttons on a ruling page that run the tool on that
  ruling's board, under /games/<slug>/rulings/<id>/<tool>/.
The shared views find them here, so a game's tools live in one module and one template folder.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from django.http import HttpRequest, HttpResponse

from cardsdb.models import Game, SavedRuling
from cardsdb.web.per_game import game_module


@dataclass(frozen=True)
class GamePage:
    title: str
    view: Callable[[HttpRequest, Game], HttpResponse]


@dataclass(frozen=True)
class RulingTool:
    label: str  # the button's words, e.g. "What's my best line?"
    view: Callable[[HttpRequest, SavedRuling], HttpResponse]


def _module(slug: str) -> ModuleType | None:
    return game_module(__name__, slug)


def pages_for(slug: str) -> dict[str, GamePage]:
    module = _module(slug)
    return dict(getattr(module, "PAGES", {})) if module else {}


def ruling_tools_for(slug: str) -> dict[str, RulingTool]:
    module = _module(slug)
    return dict(getattr(module, "RULING_TOOLS", {})) if module else {}
