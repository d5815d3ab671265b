"""The level builder: a Hyperstar Run board described card by card in a plain form, for
"What's my best line?" without JSON.

The form names each field after what a player reads on the table: the difficulty, the run (the
number on the Hero Card), the card the hero is on, then for each Level Card in the row and in
the hand its buttons and costs as flipped (icons separated by spaces, `*` the star), its combo
line and whether it has an ability, and the two Equipment Cards' buttons. A card whose faces are
left empty stays face down: unknown, never made up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core.errors import InvalidState
from games.hyperstar_run.shorthand import board, face
from games.hyperstar_run.state import HAND_LEVEL_CARDS, RUNS, level_size

DIFFICULTIES = {"tutorial": "Tutorial", "standard": "Standard", "hard": "Hard", "expert": "Expert"}
LINES = {"": "No combo line", "L": "To its left edge", "R": "To its right edge", "LR": "Both edges"}
FACE_FIELDS = ("buttons", "enemy", "start", "cont", "line", "colour", "ability")
MAX_FIELD = 60


@dataclass
class CardFields:
    """One card's inputs as the form shows them again."""

    prefix: str
    label: str
    values: dict[str, str]
    current: bool = False


# What each setting is called on the form, for a refusal that names it in the player's words.
SETTING_LABELS = {
    "difficulty": "The difficulty",
    "run": "The run (the number on the Hero Card)",
    "hero": "The card your hero is on",
    "E1": "Your first Equipment Card",
    "E2": "Your second Equipment Card",
}


def card_label(prefix: str) -> str:
    """The legend of a card's fields: "Level Card 3 in the row", "Level Card 1 in your hand"
    (`L3`, `H1` are the inputs' names, not the player's)."""
    where = "in the row" if prefix.startswith("L") else "in your hand"
    return f"Level Card {prefix[1:]} {where}"


def _text(form: Any, name: str) -> str:
    return str(form.get(name, "") or "").strip()[:MAX_FIELD]


def _face(form: Any, prefix: str) -> dict[str, Any] | None:
    """A card's face from its fields, or None when no button is given (face down)."""
    buttons = _text(form, f"{prefix}-buttons")
    if not buttons:
        return None
    enemy = _text(form, f"{prefix}-enemy") or None
    start = _text(form, f"{prefix}-start") or None
    cont = _text(form, f"{prefix}-cont") or None
    edges = _text(form, f"{prefix}-line")
    if edges not in LINES:
        raise InvalidState(
            f"{prefix}-line",
            f"{card_label(prefix)}: choose which edges the combo line reaches",
        )
    colour = _text(form, f"{prefix}-colour")  # no colour named: none made up
    ability = _text(form, f"{prefix}-ability") or None
    if start is not None and len(start.split()) != 2:
        raise InvalidState(
            f"{prefix}-start", f"{card_label(prefix)}: a combo start cost has two icons"
        )
    return face(
        buttons,
        enemy=enemy,
        start=start,
        cont=cont,
        line=f"{edges} {colour}" if edges else None,
        ability=ability,
    )


def _int(form: Any, name: str, low: int, high: int, default: int) -> int:
    text = _text(form, name)
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise InvalidState(name, f"{SETTING_LABELS[name]}: give a whole number") from None
    if not low <= value <= high:
        raise InvalidState(name, f"{SETTING_LABELS[name]}: give a number from {low} to {high}")
    return value


def settings(form: Any) -> tuple[str, int, int]:
    """(difficulty, run, the hero's card counted from 1)."""
    difficulty = _text(form, "difficulty") or "standard"
    if difficulty not in DIFFICULTIES:
        raise InvalidState("difficulty", f"{SETTING_LABELS['difficulty']}: choose one")
    run = _int(form, "run", 1, RUNS, 1)
    size = level_size(difficulty, run)
    hero = _int(form, "hero", 1, size, 1)
    return difficulty, run, hero


def cards(form: Any) -> list[CardFields]:
    """The inputs of every card of this difficulty and run, with what was typed."""
    difficulty, run, hero = settings(form)
    size = level_size(difficulty, run)
    out = []
    for i in range(1, size + 1):
        prefix = f"L{i}"
        label = card_label(prefix)
        values = {f: _text(form, f"{prefix}-{f}") for f in FACE_FIELDS}
        out.append(CardFields(prefix, label, values, current=i == hero))
    for i in range(1, HAND_LEVEL_CARDS + run):
        prefix = f"H{i}"
        values = {f: _text(form, f"{prefix}-{f}") for f in FACE_FIELDS}
        out.append(CardFields(prefix, card_label(prefix), values))
    return out


def state(form: Any) -> dict[str, Any]:
    """The board the form describes (bad input: InvalidState naming the field)."""
    difficulty, run, hero = settings(form)
    size = level_size(difficulty, run)
    level = [_face(form, f"L{i}") for i in range(1, size + 1)]
    hand = [_face(form, f"H{i}") for i in range(1, HAND_LEVEL_CARDS + run)]
    e1, e2 = _text(form, "E1"), _text(form, "E2")
    for name, value in (("E1", e1), ("E2", e2)):
        if value and len(value.split()) != 2:
            raise InvalidState(name, f"{SETTING_LABELS[name]}: an Equipment Card has two buttons")
    equipment = (e1, e2) if e1 and e2 else None
    # Cards the hero has passed are face up; a passed card whose face is not given is not
    # known, so it stays face down rather than being made up.
    face_down = tuple(i for i in range(hero) if level[i] is None)
    return board(
        difficulty,
        run=run,
        hero=hero - 1,
        level=level,
        hand=hand,
        equipment=equipment,
        face_down_level=face_down,
    )
