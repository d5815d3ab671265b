"""What the box holds, read from the game's card data (`fixtures/higher-lower/`) at import, so
that the engine's counts and the cards the site lists cannot part.

The playing cards are the number cards of `cards.toml` with their copies; the booster cards are
counted by `game.toml` (their faces are not in the rulebook, so `cards.toml` lists none).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "higher-lower"


def _read(name: str) -> dict[str, Any]:
    with (FIXTURES / name).open("rb") as handle:
        return tomllib.load(handle)


def _card_type_count(game: dict[str, Any], slug: str) -> int:
    counts = [t["count"] for t in game["card_types"] if t["slug"] == slug]
    if len(counts) != 1:
        raise RuntimeError(f"{FIXTURES / 'game.toml'}: card type {slug!r} is not listed once")
    return int(counts[0])


_GAME = _read("game.toml")
_NUMBERS: dict[int, int] = {
    int(c["attributes"]["value"]): int(c["copies"])
    for c in _read("cards.toml")["cards"]
    if c["type"] == "number-card"
}

LOWEST, HIGHEST = min(_NUMBERS), max(_NUMBERS)
PLAYING_CARDS = sum(_NUMBERS.values())
BOOSTER_CARDS = _card_type_count(_GAME, "booster")
COPIES_PER_VALUE = max(_NUMBERS.values())


def _check() -> None:
    """Fail at import, not mid-ruling, if the card data and the engine's assumptions part:
    every number from the lowest to the highest, each in the same number of copies (rule
    1.1), adding up to the count the game lists."""
    problems = []
    if sorted(_NUMBERS) != list(range(LOWEST, HIGHEST + 1)):
        problems.append("the number cards do not run without a gap")
    if len(set(_NUMBERS.values())) != 1:
        problems.append("the numbers do not all have the same copies")
    if _card_type_count(_GAME, "number-card") != PLAYING_CARDS:
        problems.append("the number cards' copies do not add up to the number-card count")
    if problems:
        raise RuntimeError(f"{FIXTURES}: {'; '.join(problems)}")


_check()
