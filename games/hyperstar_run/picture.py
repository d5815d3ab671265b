"""Hyperstar Run's board picture: the level row as cards, the hero over the current card, the
hand, the discard pile, the combo in progress; with a line of play drawn over it.

This module lays the board out here (coordinates and the short texts each card shows) and
`templates/games/hyperstar-run/picture.svg` draws it; the template escapes every text. A state that
is not a Hyperstar Run board gets the generic drawing. `overlay` is a line of play (a list of
moves in the API's shape, as the solver gives it, or `{"line": [...]}`) or None: the cards it
passes get their step numbers, the cards it spends are marked with theirs.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.core.pictures import BoardPicture, listed, plural, sentences, short, wrapped
from games.core.tools import Reference
from games.core.words import agree, cap
from games.hyperstar_run.naming import level_place
from games.hyperstar_run.state import PART_NAMES, RUNS, ComboLine, LevelFace, State

WIDTH = 360  # a 390 px phone's column, so the picture is never scaled down nor scrolled
COLS = 3
CARD_W = 106
GAP = 10
LEFT = (WIDTH - COLS * CARD_W - (COLS - 1) * GAP) // 2
LANE = 28  # above each level row: the hero and the step marks
LEVEL_H = 180
PRESS_DROP = 8  # a pressed card is shifted down (rule 5.5)
HAND_H = 74
LINE = 18
CHARS = 14  # what fits on one line of a card
TITLE_CHARS = 30  # 18 px, bold, across the picture
HEAD_CHARS = 38  # 15 px, semibold, across the picture
STATUS_CHARS = 44  # 14 px

# Combo line colours the picture can paint; any other name is drawn in a neutral colour and
# still printed as the player wrote it.
PAINTS = frozenset(
    [
        "red",
        "blue",
        "green",
        "yellow",
        "orange",
        "purple",
        "pink",
        "black",
        "grey",
        "gray",
        "brown",
        "cyan",
        "magenta",
        "teal",
        "violet",
        "gold",
        "silver",
        "lime",
        "navy",
        "white",
    ]
)
HEX = re.compile(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?")
NEUTRAL = "#6b5bd2"
COST_WORDS = {"enemy": "enemy", "combo-start": "start", "combo-continue": "continue"}


def _wrap(text: str, limit: int) -> list[str]:
    """`text` on lines of at most `limit` characters, broken between words."""
    return wrapped(text.split(" "), " ", limit)


def _short(text: str, limit: int = CHARS) -> str:
    return short(text, limit)


def _icons(icons: Sequence[str] | None) -> str:
    return " ".join(icons) if icons else ""


def _paint(colour: str) -> str:
    name = colour.strip().lower()
    if name in PAINTS:
        return name
    if HEX.fullmatch(name):
        return name
    return NEUTRAL


@dataclass
class Card:
    """One card as the template draws it."""

    card: str
    x: int
    y: int
    w: int
    h: int
    classes: list[str]
    lines: list[tuple[str, str]] = field(default_factory=list)  # (text, css class)
    tooltip: str = ""
    badge: str = ""  # "pressed", "face down"
    step: str = ""  # the step numbers of the overlay line that pass this card
    uses: str = ""  # the steps of the overlay line that spend this card
    bar: dict[str, Any] | None = None  # the combo line: x1, x2, y, paint

    @property
    def cls(self) -> str:
        return " ".join(self.classes)

    @property
    def texts(self) -> list[dict[str, Any]]:
        """The card's lines with their baselines, top down."""
        return [
            {"text": text, "cls": cls, "y": self.y + 18 + k * LINE}
            for k, (text, cls) in enumerate(self.lines)
        ]

    @property
    def face_down(self) -> bool:
        return "hr-face-down" in self.classes

    @property
    def badge_y(self) -> int:
        if self.face_down:
            return self.y + (self.h // 2 if self.h > HAND_H else 44)
        return self.y + self.h - (22 if self.h > HAND_H else 8)

    @property
    def step_w(self) -> int:
        return 12 + 7 * len(self.step)

    @property
    def step_x(self) -> int:
        return self.x + self.w - self.step_w

    @property
    def uses_y(self) -> int:
        return self.y + self.h - 6 if self.h > HAND_H else self.y + 60


@dataclass
class Marks:
    """What a line of play does to the cards on this board."""

    passed: dict[str, list[int]] = field(default_factory=dict)
    spent: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # (step, via)
    stop: str | None = None
    runs_ended: int = 0


def _line(overlay: Any) -> list[Mapping[str, Any]] | None:
    moves = overlay.get("line") if isinstance(overlay, Mapping) else overlay
    if not isinstance(moves, list):
        return None
    return [m for m in moves if isinstance(m, Mapping)]


def _marks(state: State, moves: list[Mapping[str, Any]]) -> Marks:
    """Follow the line over the board: each end of run takes the leftmost card out of the
    level (rule 8.5), so the next run starts one card further along the row as drawn."""
    marks = Marks()
    size = len(state.level)
    at = state.hero
    for number, move in enumerate(moves, start=1):
        kind = move.get("kind")
        if kind == "end-run":
            marks.runs_ended += 1
            at = marks.runs_ended
            continue
        if kind != "pass" or at >= size:
            continue
        marks.passed.setdefault(state.level[at].card, []).append(number)
        for source in move.get("sources") or []:
            if isinstance(source, Mapping) and isinstance(source.get("card"), str):
                via = "press" if source.get("via") == "press" else "discard"
                marks.spent.setdefault(source["card"], []).append((number, via))
        at += 1
    if at < size:
        marks.stop = state.level[at].card
    return marks


def _uses(steps: list[tuple[int, str]]) -> str:
    """How the line spends a card: "discard in 2", "press in 3, 5", "press 3, discard 6"."""
    vias = {via for _, via in steps}
    if len(vias) == 1:
        return f"{vias.pop()} in " + ", ".join(str(n) for n, _ in steps)
    return _short(", ".join(f"{via} {n}" for n, via in steps), 16)


UNKNOWN = "?"  # what a part not described shows on the card: never a made-up icon


def _edges(line: ComboLine) -> str:
    """The edges a line reaches, "◂▸"; an edge not described is "?"."""
    left = "◂" if line.left else (UNKNOWN if line.left is None else "")
    right = "▸" if line.right else (UNKNOWN if line.right is None else "")
    return left + right


def _drawn(line: ComboLine | None) -> bool:
    """A line is drawn when it reaches an edge or an edge is not described."""
    return line is not None and any(e is None or e for e in (line.left, line.right))


def _face_lines(face: LevelFace) -> list[tuple[str, str]]:
    if face.buttons is None:
        lines = [(f"buttons {UNKNOWN}", "hr-unknown")]
    else:
        lines = [(_short(f"buttons {_icons(face.buttons)}"), "hr-btn")]
    for word, part, icons in (
        ("enemy", "enemy", face.enemy),
        ("start", "combo_start", face.combo_start),
        ("continue", "combo_continue", [face.combo_continue] if face.combo_continue else None),
    ):
        if not face.described(part):
            lines.append((f"{word} {UNKNOWN}", "hr-unknown"))
        elif icons:
            lines.append((_short(f"{word} {_icons(icons)}"), "hr-cost"))
    if not face.described("ability"):
        lines.append((f"ability {UNKNOWN}", "hr-unknown"))
    elif face.ability is not None:
        words = "swap ability" if face.ability.swap else "ability"
        lines.append((_short(f"✦ {words}"), "hr-ab"))
    if not face.described("combo_line"):
        lines.append((f"line {UNKNOWN}", "hr-unknown"))
    elif face.combo_line is not None and _drawn(face.combo_line):
        edges = _edges(face.combo_line)
        lines.append((_short(f"line {edges} {face.combo_line.colour}".strip()), "hr-cost"))
    return lines


def _unsaid(face: LevelFace) -> list[str]:
    """The parts of a face not described, in players' words ("buttons", "enemy cost")."""
    parts = ["buttons", "enemy", "combo_start", "combo_continue", "ability", "combo_line"]
    return [PART_NAMES[p] for p in parts if not face.described(p)]


def _line_words(line: ComboLine) -> str:
    """ "combo line to the right edge", with an edge not described said so."""
    sides = [s for s, on in (("left", line.left), ("right", line.right)) if on]
    unsaid = [s for s, on in (("left", line.left), ("right", line.right)) if on is None]
    said = f"combo line to the {' and '.join(sides)} edge" if sides else "combo line"
    if unsaid:
        said += f" (whether it reaches its {' and '.join(unsaid)} edge was not described)"
    return said


def _discarded(state: State, card: str, face_up: bool) -> str:
    """A card of the discard pile as the picture lists it: what it shows (no card's name or
    number is printed)."""
    if not face_up:
        return "face down"
    buttons = state.buttons_of(card)
    return _icons(buttons) if buttons else "not described"


def _face_tooltip(face: LevelFace) -> str:
    parts = [f"buttons {_icons(face.buttons) if face.buttons else 'not described'}"]
    if face.enemy:
        parts.append(f"enemy cost {_icons(face.enemy)}")
    if face.combo_start:
        parts.append(f"combo start cost {_icons(face.combo_start)}")
    if face.combo_continue:
        parts.append(f"combo continue cost {face.combo_continue}")
    line = face.combo_line
    if line is not None and _drawn(line):
        parts.append(_line_words(line) + (f", {line.colour}" if line.colour else ""))
    if face.ability is not None:
        kind = "swap ability" if face.ability.swap else "ability"
        parts.append(f"{kind}{f': {face.ability.text}' if face.ability.text else ''}")
    unsaid = _unsaid(face)
    if unsaid:
        parts.append(f"not described: {', '.join(unsaid)}")
    return "; ".join(parts)


def _bar(face: LevelFace | None, x: int, y: int) -> dict[str, Any] | None:
    line = face.combo_line if face is not None else None
    if line is None or not (line.left or line.right):
        return None  # an edge not described is not drawn: only the edges said are
    middle = x + CARD_W // 2
    return {
        "x1": x if line.left else middle,
        "x2": x + CARD_W if line.right else middle,
        "y": y,
        "paint": _paint(line.colour),
    }


def _level_cards(state: State, marks: Marks | None, top: int) -> tuple[list[Card], int]:
    cards: list[Card] = []
    row_h = LANE + LEVEL_H + PRESS_DROP + GAP
    for i, slot in enumerate(state.level):
        x = LEFT + (i % COLS) * (CARD_W + GAP)
        y = top + (i // COLS) * row_h + LANE + (PRESS_DROP if slot.pressed else 0)
        face = state.faces.get(slot.card)
        classes = ["hr-card", "hr-row", "hr-level"]
        where = f"card {i + 1} of {len(state.level)}"
        item = Card(slot.card, x, y, CARD_W, LEVEL_H, classes)
        item.lines.append((f"card {i + 1}", "hr-id"))
        if not slot.face_up:
            classes.append("hr-face-down")
            item.badge = "face down"
            item.tooltip = f"{cap(where)}: face down"
            if face is not None:
                item.lines.append(("", "hr-gap"))
                item.lines.append(("(face given)", "hr-given"))
                item.tooltip += f"; the face given: {_face_tooltip(face)}"
        elif face is None:
            classes.append("hr-face-up")
            item.lines.append(("not described", "hr-unknown"))
            item.tooltip = f"{cap(where)}: face up, its face not described"
        else:
            classes.append("hr-face-up")
            item.lines.extend(_face_lines(face))
            item.tooltip = f"{cap(where)}: {_face_tooltip(face)}"
            item.bar = _bar(face, x, y + 138)
        if slot.pressed:
            classes.append("hr-pressed")
            item.badge = "▼ pressed"
            item.tooltip += "; pressed this run"
        if i < state.hero:
            classes.append("hr-behind")
        if i == state.hero and state.outcome != "won":
            classes.append("hr-current")
        if marks is not None:
            if slot.card in marks.passed:
                classes.append("hr-line")
                item.step = ", ".join(str(n) for n in marks.passed[slot.card])
            if slot.card in marks.spent:
                item.uses = _uses(marks.spent[slot.card])
            if slot.card == marks.stop:
                classes.append("hr-stop")
        cards.append(item)
    # Room for the hero past the final card when the game is won.
    slots = len(state.level) + (1 if state.hero >= len(state.level) else 0)
    rows = -(-max(slots, 1) // COLS)
    return cards, top + rows * row_h


def _hero(state: State, top: int) -> dict[str, Any]:
    index = min(state.hero, len(state.level))
    row_h = LANE + LEVEL_H + PRESS_DROP + GAP
    x = LEFT + (index % COLS) * (CARD_W + GAP)
    y = top + (index // COLS) * row_h
    over = state.level[index].card if index < len(state.level) else ""
    text = f"HERO run {state.run}" if over else "HERO · won"
    return {
        "x": x,
        "y": y,
        "over": over,
        "over_words": level_place(index) if over else "",
        "text": text,
        "run": state.run,
        "tip_x": x + 18,
    }


def _held_cards(
    state: State, held: Sequence[Any], marks: Marks | None, top: int
) -> tuple[list[Card], int]:
    cards: list[Card] = []
    for i, one in enumerate(held):
        x = LEFT + (i % COLS) * (CARD_W + GAP)
        y = top + (i // COLS) * (HAND_H + GAP)
        kind = "Equipment Card" if one.card.startswith("E") else "Level Card"
        classes = [
            "hr-card",
            "hr-held",
            "hr-equipment" if kind == "Equipment Card" else "hr-level",
        ]
        item = Card(one.card, x, y, CARD_W, HAND_H, classes)
        item.lines.append((kind, "hr-id"))
        buttons = state.buttons_of(one.card)
        if not one.face_up:
            classes.append("hr-face-down")
            item.badge = "face down"
            item.tooltip = f"{kind}: face down"
        else:
            classes.append("hr-face-up")
            text = f"buttons {_icons(buttons)}" if buttons else "not described"
            item.lines.append((_short(text), "hr-btn" if buttons else "hr-unknown"))
            item.tooltip = f"{kind}: " + (
                f"buttons {_icons(buttons)}" if buttons else "buttons not described"
            )
        if marks is not None and one.card in marks.spent:
            item.uses = _uses(marks.spent[one.card])
        cards.append(item)
    rows = -(-len(held) // COLS)
    return cards, top + rows * (HAND_H + GAP)


def _status(state: State) -> list[str]:
    found = []
    if state.outcome == "won":
        found.append("Won: the hero has passed the final card.")
    elif state.outcome == "lost":
        found.append("Lost: the fourth run ended short of the final card.")
    if state.combo and not state.ability_used:
        found.append("Combo in progress: the next card may take its continue cost.")
    elif state.combo:
        found.append("The combo ended: an ability was used on the current card.")
    elif state.ability_used:
        found.append("The current card's ability has been used.")
    if state.swap_pending:
        found.append("A swap is waiting to be carried out.")
    return found


def layout(
    state: State, title: str, overlay: Any = None, reference: Reference | None = None
) -> dict[str, Any]:
    """Everything the template draws, as plain values."""
    moves = _line(overlay)
    marks = _marks(state, moves) if moves else None
    status = _status(state)
    heading = f"{state.difficulty.title()} · run {state.run} of {RUNS}"
    if state.challenge:
        heading += f" · challenge: {state.challenge.replace('-', ' ')}"
    texts: list[dict[str, Any]] = []
    y = 4
    for line in _wrap(title, TITLE_CHARS):
        y += 22
        texts.append({"x": LEFT, "y": y, "text": line, "cls": "hr-title"})
    y += 4
    for line in _wrap(heading, HEAD_CHARS):
        y += 20
        texts.append({"x": LEFT, "y": y, "text": line, "cls": "hr-head"})
    for line in (part for said in status for part in _wrap(said, STATUS_CHARS)):
        y += 20
        texts.append({"x": LEFT, "y": y, "text": line, "cls": "hr-status"})
    if marks is not None:
        y += 20
        steps = sum(len(v) for v in marks.passed.values())
        say = f"The line in green: {steps} pass{'es' if steps != 1 else ''}"
        if marks.runs_ended:
            ends = marks.runs_ended
            say += f", after {ends} end{'s' if ends != 1 else ''} of run"
        for k, line in enumerate(_wrap(say + ".", STATUS_CHARS)):
            y += 20 if k else 0
            texts.append({"x": LEFT, "y": y, "text": line, "cls": "hr-status hr-line-say"})
    y += 16
    level_top = y
    texts.append(
        {"x": LEFT, "y": y + 14, "text": f"The level ({len(state.level)} cards)", "cls": "hr-h"}
    )
    level, y = _level_cards(state, marks, y + 20)
    hero = _hero(state, level_top + 20)
    # A place the question did not describe in full is said so: its cards are the ones
    # given, never a made-up full hand or an empty pile.
    whole_hand = state.hand_described()
    if whole_hand:
        heading = f"Hand ({len(state.hand)})"
    elif state.hand:
        heading = f"Hand: {len(state.hand)} shown, rest not described"
    else:
        heading = "Hand: not described"
    texts.append({"x": LEFT, "y": y + 14, "text": heading, "cls": "hr-h"})
    hand, y = _held_cards(state, state.hand, marks, y + 22)
    if not state.hand:
        empty = "(empty)" if whole_hand else "(no card of it was described)"
        texts.append({"x": LEFT, "y": y + 16, "text": empty, "cls": "hr-status"})
        y += 22
    down = sum(1 for h in state.discard if not h.face_up)
    whole_pile = state.described("discard")
    pile = f"Discard pile: {len(state.discard)} card{'s' if len(state.discard) != 1 else ''}"
    if down:
        pile += f" ({down} face down)"
    if not whole_pile:
        pile = f"Discard pile: {len(state.discard)} shown, rest not described"
        pile = pile if state.discard else "Discard pile: not described"
    discard = {
        "x": LEFT,
        "y": y + 6,
        "count": len(state.discard) if whole_pile else "?",
        "down": down,
        "said": f"The {pile[:1].lower()}{pile[1:]}",
    }
    pile_lines = _wrap(pile, 34)  # 15 px, bold, beside the pile
    for k, line in enumerate(pile_lines):
        texts.append({"x": LEFT + 44, "y": y + 22 + 18 * k, "text": line, "cls": "hr-h"})
    below = y + 22 + 18 * len(pile_lines)
    if state.discard:
        listed = ", ".join(_discarded(state, h.card, h.face_up) for h in state.discard)
        texts.append({"x": LEFT + 44, "y": below, "text": _short(listed, 40), "cls": "hr-small"})
    y += 56 + 18 * (len(pile_lines) - 1)
    aside = len(state.set_aside)
    texts.append(
        {
            "x": LEFT,
            "y": y + 8,
            "text": f"Set aside, out of play: {aside} Level Card{'s' if aside != 1 else ''}",
            "cls": "hr-small",
        }
    )
    height = y + 22
    return {
        "width": WIDTH,
        "height": height,
        "title": title,
        "texts": texts,
        "level": level,
        "hand": hand,
        "hero": hero,
        "discard": discard,
    }


# ----- the text alternative: the board in sentences -----


def _icon_list(icons: Sequence[str]) -> str:
    return listed(list(icons))


def _cost(icons: Sequence[str]) -> str:
    """A cost as printed, in brackets so that it reads as one thing in a list: "(A, A, *)"."""
    return "(" + ", ".join(icons) + ")"


def _face_words(face: LevelFace) -> str:
    """ "button A, an enemy cost of A and *" and so on, as the card prints them; the parts
    the question did not describe are said so ("button A (its combo line and ability not
    described)")."""
    said: list[str] = []
    if face.buttons is not None:
        n = len(face.buttons)
        said.append(f"{'button' if n == 1 else 'buttons'} {_icon_list(face.buttons)}")
    if face.enemy:
        said.append(f"an enemy cost {_cost(face.enemy)}")
    if face.combo_start:
        said.append(f"a combo start cost {_cost(face.combo_start)}")
    if face.combo_continue:
        said.append(f"a combo continue cost {_cost([face.combo_continue])}")
    line = face.combo_line
    if line is not None and _drawn(line):
        colour = f"{line.colour} " if line.colour else ""
        said.append(f"a {colour}{_line_words(line).replace('the ', 'its ', 1)}")
    if face.ability is not None:
        said.append("a swap ability" if face.ability.swap else "an ability")
    unsaid = _unsaid(face)
    if not unsaid:
        return listed(said)
    rest = f"its {listed(unsaid)} not described"
    return f"{listed(said)} ({rest})" if said else rest


def _spans(numbers: list[int]) -> str:
    """ "3", "3 and 5", "3 to 10": card positions, runs of three or more joined."""
    parts: list[str] = []
    start = prev = numbers[0]
    for n in [*numbers[1:], -1]:
        if n == prev + 1:
            prev = n
            continue
        parts.append(
            str(start)
            if start == prev
            else f"{start} to {prev}"
            if prev > start + 1
            else f"{start} and {prev}"
        )
        start = prev = n
    return listed(parts)


def _level_words(state: State) -> list[str]:
    said = [f"The level has {len(state.level)} cards"]
    down: list[int] = []
    unknown: list[int] = []
    for i, slot in enumerate(state.level, start=1):
        face = state.faces.get(slot.card)
        pressed = ", pressed this run" if slot.pressed else ""
        if not slot.face_up:
            down.append(i)
        elif face is None:
            unknown.append(i)
        else:
            said.append(f"Card {i} is face up{pressed}, with {_face_words(face)}")
    if unknown:
        cards = agree(unknown, "Card", "Cards")
        verb = agree(unknown, "is", "are")
        faces = "its face" if len(unknown) == 1 else "their faces"
        said.append(f"{cards} {_spans(unknown)} {verb} face up, {faces} not described")
    if down:
        cards = "Card" if len(down) == 1 else "Cards"
        said.append(f"{cards} {_spans(down)} {'is' if len(down) == 1 else 'are'} face down")
    if state.hero >= len(state.level):
        if state.outcome != "won":  # a win says so already
            said.append("The hero has passed the final card")
    else:
        said.append(f"The hero is on card {state.hero + 1}")
    return said


def _held_words(state: State, held: Sequence[Any], where: str) -> str:
    if not held:
        return f"{where} is empty"
    parts: list[str] = []
    unknown = down = unknown_equipment = 0
    for one in held:
        if one.card in state.equipment:
            buttons = _icon_list(state.equipment[one.card])
            parts.append(f"an Equipment Card with buttons {buttons}")
        elif one.card.startswith("E") and one.face_up:
            unknown_equipment += 1  # an Equipment Card whose buttons the question did not ask
        elif not one.face_up:
            down += 1
        elif one.card in state.faces:
            parts.append(f"a Level Card with {_face_words(state.faces[one.card])}")
        else:
            unknown += 1
    if unknown:
        parts.append(
            "a Level Card whose face was not described"
            if unknown == 1
            else f"{unknown} Level Cards whose faces were not described"
        )
    if unknown_equipment:
        many = unknown_equipment > 1
        parts.append(
            f"{unknown_equipment if many else 'an'} Equipment {'Cards' if many else 'Card'} "
            "whose buttons were not described"
        )
    if down:
        parts.append(f"{plural(down, 'card')} face down")
    return f"{where} holds {listed(parts)}"


def _place_words(state: State, held: Sequence[Any], place: str, where: str) -> list[str]:
    """A place in words, saying what of it the question did not describe."""
    if state.described(place):
        return [_held_words(state, held, where)]
    if not held:
        return [f"{where} was not described"]
    return [_held_words(state, held, where), f"The rest of {where.lower()} was not described"]


def describe(state: State, overlay: Any = None) -> str:
    """The picture's text alternative: the board in sentences."""
    head = f"{state.difficulty.capitalize()} difficulty, run {state.run} of {RUNS}"
    said = [head, *_status(state), *_level_words(state)]
    said += _place_words(state, state.hand, "hand", "Your hand")
    if state.described("hand") and not state.described("face_down_card"):
        said.append("Whether your hand holds a face-down card was not described")
    if state.discard or not state.described("discard"):
        said += _place_words(state, state.discard, "discard", "The discard pile")
    if state.set_aside:
        said.append(f"{len(state.set_aside)} Level Cards are set aside, out of play")
    return sentences(*said)


PICTURE = BoardPicture(layout=layout, describe=describe)
