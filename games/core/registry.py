"""Find every game's engine and card schema by convention, so a new game is a new package.

A game package `games/<slug with underscores>/` holds `cards.py` (its `CARD_ATTRIBUTES`) and,
once it has an engine, `rules.py` (its `RULES` instance). Every package keeps one layout:
`state.py` (the State model), `moves.py` (the Move types), `reasons.py` (the ReasonCatalog,
naming the module that rules on each reason), `rules.py`, `cards.py`, `questions.py` (the
website's forms); `checks.py`, `transitions.py`, `legal.py`, `table.py` where a game has those
roles; the rest are named for what they rule (`battle.py`, `deck.py`, `passing.py`, ...).
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:
    from games.core.rules import GameRules

_GAMES_DIR = Path(__file__).resolve().parent.parent


def package_name(slug: str) -> str:
    return "games." + slug.replace("-", "_")


def _game_packages() -> list[str]:
    return sorted(
        info.name
        for info in pkgutil.iter_modules([str(_GAMES_DIR)])
        if info.ispkg and info.name != "core"
    )


def _submodule(slug: str, name: str) -> ModuleType | None:
    package = package_name(slug)
    if importlib.util.find_spec(package) is None:
        return None
    if importlib.util.find_spec(f"{package}.{name}") is None:
        return None
    return importlib.import_module(f"{package}.{name}")


@cache
def _engines() -> dict[str, GameRules[Any, Any]]:
    engines: dict[str, GameRules[Any, Any]] = {}
    for pkg in _game_packages():
        slug = pkg.replace("_", "-")
        module = _submodule(slug, "rules")
        if module is not None:
            engine: GameRules[Any, Any] = module.RULES
            tools = _submodule(slug, "tools")
            if tools is not None:
                engine.tools = MappingProxyType(dict(tools.TOOLS))
            picture = _submodule(slug, "picture")
            if picture is not None:
                engine.picture = picture.PICTURE
            opening = _submodule(slug, "opening")
            if opening is not None:
                engine.opening = opening.OPENING
            engines[slug] = engine
    return engines


def register(engine: GameRules[Any, Any]) -> None:
    """Serve one more game, declared outside `games/` (a test's toy game): its engine carries
    its own tools, picture and questions."""
    _engines()[engine.slug] = engine


def unregister(slug: str) -> None:
    _engines().pop(slug, None)


class _Registry(Mapping[str, "GameRules[Any, Any]"]):
    """slug -> GameRules, for every game package that has a `rules` module."""

    def __getitem__(self, slug: str) -> GameRules[Any, Any]:
        return _engines()[slug]

    def __iter__(self) -> Iterator[str]:
        return iter(_engines())

    def __len__(self) -> int:
        return len(_engines())


registry = _Registry()


def card_attribute_schemas(slug: str) -> Mapping[str, type[BaseModel]]:
    """card type slug -> the pydantic model its `attributes` must satisfy ("*" for any type).

    A game without `cards.py` declares no attributes: its cards must carry none.
    """
    module = _submodule(slug, "cards")
    if module is None:
        return {}
    schemas: Mapping[str, type[BaseModel]] = module.CARD_ATTRIBUTES
    return schemas
