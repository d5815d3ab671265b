"""The High Alert picture: one player's turn with its faction symbols.

The play area (each card with its faction symbols, a merged symbol drawn as one circle split
between its two factions' colours, and which of its ally abilities were used), the symbols
gained as effects this turn, heroes and tech on the table, the Trade available and the trade
row with printed costs. Faction names and colours come from the game's reference data, its
factions and symbols (the colour named in a faction's description); the layout is computed
here and drawn by `templates/games/star-realms-high-alert/picture.svg`, which escapes every
text node.

`overlay` is an optional {card id: note} mapping a tool adds (for "what can I do now?": which
ally abilities are live, which cards you can buy, which tech you can use).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from games.core.pictures import BoardPicture, listed, plural, sentences, wrapped
from games.core.tools import Reference
from games.core.words import agree, cap
from games.star_realms_high_alert.catalog import CARDS, FACTIONS, SYMBOL_FACTIONS
from games.star_realms_high_alert.state import LooseCard, PlayedCard, State
from games.star_realms_high_alert.table import (
    faction_list,
    factions_of,
    has_ally,
    has_double_ally,
    label,
    price_quote,
    symbol_phrase,
    symbols_of,
)

SLUG = "star-realms-high-alert"

WIDTH = 360  # a 390 px phone's column, so the picture is never scaled down nor scrolled
MARGIN = 16
CARD_W, CARD_H, GAP = 136, 92, 10
PER_ROW = 2
# Characters a line holds across the picture: 13 px semibold, 12 px and 11 px text.
LINE_CHARS = {"h": 44, "k": 50, "s": 54}
SYMBOL_R = 11
HEADING = 26

# The colour words the fixtures use in a faction's description ("Green.", "Yellow star."),
# drawn as these fills; a faction whose description names no colour gets a neutral one.
COLOUR_WORDS = {
    "green": "#237a33",
    "red": "#c62828",
    "yellow": "#e3b000",
    "blue": "#1f5fbf",
    "purple": "#7b3fb0",
    "black": "#333a45",
    "white": "#f2f2f2",
    "orange": "#e07000",
}
NEUTRAL = ["#6d7687", "#8c6d4f", "#4f7d8c", "#8c4f7a"]
TYPE_NAMES = {"ship": "Ship", "base": "Base", "outpost": "Outpost", "tech": "Tech", "hero": "Hero"}


# ----- faction looks from the fixtures -----


@dataclass(frozen=True)
class Look:
    name: str
    colour: str
    ink: str  # text colour readable on `colour`
    initials: str


def _luminance(colour: str) -> float:
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _ink(colour: str) -> str:
    """Dark or white text, whichever contrasts more with `colour` (WCAG)."""
    fill = _luminance(colour)
    on_white = 1.05 / (fill + 0.05)
    on_dark = (fill + 0.05) / (_luminance("#1d2330") + 0.05)
    return "#ffffff" if on_white >= on_dark else "#1d2330"


def _initials(name: str) -> str:
    words = [w for w in re.split(r"[\s-]+", name) if w]
    return "".join(w[0].upper() for w in words[:2]) or "?"


def _colour_named(*texts: str) -> str | None:
    for text in texts:
        match = re.search(r"\b(" + "|".join(COLOUR_WORDS) + r")\b", text or "", re.IGNORECASE)
        if match:
            return COLOUR_WORDS[match.group(1).lower()]
    return None


def looks(reference: Reference | None) -> tuple[dict[str, Look], dict[str, str]]:
    """(faction slug -> Look, symbol slug -> name), read from the game's reference data (the
    website keeps it per version of the data); the engine's catalog names stand in for a game
    that is not loaded."""
    rows = {f.slug: f for f in reference.factions()} if reference is not None else {}
    out: dict[str, Look] = {}
    for index, slug in enumerate(FACTIONS):
        row = rows.get(slug)
        name = row.name if row else slug.replace("-", " ").title()
        meaning = row.symbol_meaning if row else ""
        colour = _colour_named(row.description if row else "", meaning)
        colour = colour or NEUTRAL[index % len(NEUTRAL)]
        out[slug] = Look(name, colour, _ink(colour), _initials(name))
    kinds = {"faction", "merged-faction"}
    symbols = reference.symbols() if reference is not None else []
    names = {s.slug: s.name for s in symbols if s.kind in kinds}
    for slug, factions in SYMBOL_FACTIONS.items():
        names.setdefault(slug, " + ".join(out[f].name for f in _ordered(factions)))
    return out, names


def _ordered(factions: frozenset[str]) -> list[str]:
    return [f for f in FACTIONS if f in factions]


# ----- what the template draws -----


@dataclass
class Half:
    path: str
    colour: str
    initials: str
    ink: str
    tx: float


def _half(x: float, y: float, r: float, look: Look, sweep: int) -> Half:
    """Half a circle: the left one (sweep 0) or the right one (sweep 1)."""
    path = f"M{x},{y - r} A{r},{r} 0 0 {sweep} {x},{y + r} Z"
    return Half(path, look.colour, look.initials, look.ink, x + (r / 2 if sweep else -r / 2))


@dataclass
class Glyph:
    """One faction symbol: a circle, or for a merged symbol a circle split in two halves."""

    slug: str
    name: str
    factions: list[str]
    x: float
    y: float
    r: float
    effect: bool = False
    colour: str = ""
    ink: str = ""
    initials: str = ""
    halves: list[Half] = field(default_factory=list)

    @property
    def merged(self) -> bool:
        return bool(self.halves)

    @property
    def top(self) -> float:
        return self.y - self.r

    @property
    def bottom(self) -> float:
        return self.y + self.r

    @property
    def text_y(self) -> float:
        return self.y + 3


@dataclass
class Badge:
    x: float
    y: float
    w: float
    text: str
    cls: str

    @property
    def text_x(self) -> float:
        return self.x + 5

    @property
    def text_y(self) -> float:
        return self.y + 11


@dataclass
class Text:
    x: float
    y: float
    text: str
    cls: str = "k"
    anchor: str = "start"


@dataclass
class Box:
    """A card on the table or in the trade row."""

    id: str
    kind: str
    x: float
    y: float
    w: float = CARD_W
    h: float = CARD_H
    texts: list[Text] = field(default_factory=list)
    glyphs: list[Glyph] = field(default_factory=list)
    badges: list[Badge] = field(default_factory=list)
    cost: int | None = None
    note: str = ""

    @property
    def cost_x(self) -> float:
        return self.x + self.w - 16

    @property
    def cost_y(self) -> float:
        return self.y + 17

    @property
    def cost_text_y(self) -> float:
        return self.cost_y + 4

    @property
    def note_y(self) -> float:
        return self.y - 7

    @property
    def note_text(self) -> tuple[float, float]:
        return self.x + 6, self.y + 4


@dataclass
class Canvas:
    faction_looks: dict[str, Look]
    symbol_names: dict[str, str]
    overlay: dict[str, str]
    y: float = 0
    texts: list[Text] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)
    glyphs: list[Glyph] = field(default_factory=list)  # loose ones: symbols gained as effects

    def glyph(
        self, slug: str, x: float, y: float, r: float = SYMBOL_R, effect: bool = False
    ) -> Glyph:
        factions = _ordered(SYMBOL_FACTIONS.get(slug, frozenset()))
        name = self.symbol_names.get(slug, slug)
        g = Glyph(slug=slug, name=name, factions=factions, x=x, y=y, r=r, effect=effect)
        if len(factions) == 2:
            left, right = (self.faction_looks[f] for f in factions)
            g.halves = [_half(x, y, r, left, sweep=0), _half(x, y, r, right, sweep=1)]
        elif factions:
            look = self.faction_looks[factions[0]]
            g.colour, g.ink, g.initials = look.colour, look.ink, look.initials
        else:
            g.colour, g.ink, g.initials = NEUTRAL[0], "#ffffff", "?"
        return g

    def heading(self, text: str) -> None:
        for k, part in enumerate(wrapped(text.split(" "), " ", LINE_CHARS["h"])):
            self.y += 17 if k else HEADING
            self.texts.append(Text(MARGIN, self.y - 8, part, "h"))

    def line(self, text: str, cls: str = "k", indent: float = 0) -> None:
        for part in wrapped(text.split(" "), " ", LINE_CHARS.get(cls, LINE_CHARS["k"])):
            self.y += 18
            self.texts.append(Text(MARGIN + indent, self.y - 5, part, cls))

    def row_of(self, count: int) -> list[tuple[float, float]]:
        """Positions for `count` cards, PER_ROW a row; moves the pen below them."""
        spots: list[tuple[float, float]] = []
        for i in range(count):
            row, col = divmod(i, PER_ROW)
            spots.append((MARGIN + col * (CARD_W + GAP), self.y + 4 + row * (CARD_H + GAP)))
        rows = (count + PER_ROW - 1) // PER_ROW
        self.y += 4 + rows * (CARD_H + GAP)
        return spots


def _wrap(text: str, width: int, lines: int = 2) -> list[str]:
    """At most `lines` lines of at most `width` characters, cut with an ellipsis."""
    words = text.split()
    out: list[str] = []
    current = ""
    used = 0
    while used < len(words) and len(out) < lines:
        candidate = f"{current} {words[used]}".strip()
        if len(candidate) <= width:
            current, used = candidate, used + 1
            continue
        if not current:  # one word longer than a line
            current, used = words[used][: width - 1] + "…", used + 1
        out.append(current)
        current = ""
    if current and len(out) < lines:
        out.append(current)
        current = ""
    if (used < len(words) or current) and out and not out[-1].endswith("…"):
        out[-1] = out[-1][: width - 1] + "…"
    return out or [""]


def _card_texts(box: Box, name: str, subs: list[str], width: int) -> float:
    """Name (two lines at most) and small lines under it; returns the y below them."""
    y = box.y + 17
    for part in _wrap(name, width):
        box.texts.append(Text(box.x + 30, y, part, "n"))
        y += 13
    for sub in subs:
        box.texts.append(Text(box.x + 30, y, sub, "s"))
        y += 12
    return y + 1


def _badges(box: Box, marks: list[tuple[str, str]]) -> None:
    x = box.x + 6
    for text, cls in marks:
        w = 10 + 5.2 * len(text)
        box.badges.append(Badge(x, box.y + box.h - 21, w, text, cls))
        x += w + 4


# ----- the sections -----


def _unsaid(canvas: Canvas, state: State, part: str, heading: str) -> bool:
    """A part of the table the question did not describe: its heading and "Not described"."""
    if state.described(part):
        return False
    canvas.heading(heading)
    canvas.line("Not described.", "s")
    return True


def _heading(canvas: Canvas, state: State, part: str, heading: str, count: int) -> None:
    """A part's heading with its size, or, for a part described only in part, the cards given
    and "the rest not described": no count shown as fact."""
    if state.partly(part):
        given = f"{count} given" if count else "none given"
        canvas.heading(f"{heading}: {given}, the rest not described")
    else:
        canvas.heading(f"{heading} ({count})")


def _play_area(canvas: Canvas, state: State) -> None:
    if _unsaid(canvas, state, "play_area", "Play area"):
        return
    _heading(canvas, state, "play_area", "Play area", len(state.play_area))
    if not state.play_area:
        if not state.partly("play_area"):
            canvas.line("No cards in play this turn.", "s")
        return
    for card, (x, y) in zip(state.play_area, canvas.row_of(len(state.play_area)), strict=True):
        known = CARDS.get(card.card) if card.card else None
        box = Box(card.id, "played", x, y, note=canvas.overlay.get(card.id, ""))
        subs = [TYPE_NAMES.get(known.type, known.type) if known else "outside High Alert"]
        symbols = symbols_of(card)
        if not symbols:
            subs.append("no faction")
        elif any(len(SYMBOL_FACTIONS[s]) > 1 for s in symbols):
            subs.append("merged: " + " + ".join(_initials_of(canvas, factions_of(card))))
        _card_texts(box, label(card), subs, 16)
        for i, symbol in enumerate(symbols_of(card)):
            box.glyphs.append(canvas.glyph(symbol, x + 15, y + 17 + i * 25))
        _badges(box, _ally_marks(card))
        canvas.boxes.append(box)


def _initials_of(canvas: Canvas, factions: frozenset[str]) -> list[str]:
    return [canvas.faction_looks[f].initials for f in _ordered(factions)]


def _ally_marks(card: PlayedCard) -> list[tuple[str, str]]:
    marks = []
    if has_ally(card):
        marks.append(("Ally ✓ used", "used") if card.ally_used else ("Ally", "open"))
    if has_double_ally(card):
        marks.append(("2×Ally ✓ used", "used") if card.double_ally_used else ("2×Ally", "open"))
    return marks


def _effects(canvas: Canvas, state: State) -> None:
    gained: list[tuple[str, str]] = [
        (g.symbol, g.source or "an effect") for g in state.gained_symbols
    ]
    for hero in state.heroes:
        known = CARDS[hero.card]
        if hero.played_this_turn and known.grants_symbol:
            gained.append((known.grants_symbol, f"{known.name} (primary ability)"))
    if not state.described("gained_symbols") and not gained:
        _unsaid(canvas, state, "gained_symbols", "Faction symbols gained as effects")
        return
    _heading(canvas, state, "gained_symbols", "Faction symbols gained as effects", len(gained))
    if not gained:
        if not state.partly("gained_symbols"):
            canvas.line("None this turn.", "s")
        return
    canvas.line("Each counts as one more card, for ally abilities only.", "s")
    per_row = 1
    col_w = (WIDTH - 2 * MARGIN) / per_row
    for i, (symbol, source) in enumerate(gained):
        row, col = divmod(i, per_row)
        x = MARGIN + col * col_w + SYMBOL_R
        y = canvas.y + 16 + row * 30
        canvas.glyphs.append(canvas.glyph(symbol, x, y, effect=True))
        text = _wrap(source, 30, 1)[0]
        canvas.texts.append(Text(x + SYMBOL_R + 8, y + 4, text, "k"))
    canvas.y += 6 + ((len(gained) + per_row - 1) // per_row) * 30


def _heroes(canvas: Canvas, state: State) -> None:
    if _unsaid(canvas, state, "heroes", "Heroes on the table"):
        return
    _heading(canvas, state, "heroes", "Heroes on the table", len(state.heroes))
    if not state.heroes:
        if not state.partly("heroes"):
            canvas.line("None.", "s")
        return
    for hero, (x, y) in zip(state.heroes, canvas.row_of(len(state.heroes)), strict=True):
        known = CARDS[hero.card]
        box = Box(hero.id, "hero", x, y, note=canvas.overlay.get(hero.id, ""))
        below = _card_texts(box, known.name, ["Hero · no faction"], 16)
        if known.grants_symbol:
            box.texts.append(Text(x + 30, below + 3, "gives", "s"))
            box.glyphs.append(canvas.glyph(known.grants_symbol, x + 15, below - 1, r=10))
        mark = ("played this turn", "open") if hero.played_this_turn else ("earlier turn", "used")
        _badges(box, [mark])
        canvas.boxes.append(box)


def _techs(canvas: Canvas, state: State) -> None:
    if _unsaid(canvas, state, "techs", "Tech on the table"):
        return
    _heading(canvas, state, "techs", "Tech on the table", len(state.techs))
    if not state.techs:
        if not state.partly("techs"):
            canvas.line("None.", "s")
        return
    for tech, (x, y) in zip(state.techs, canvas.row_of(len(state.techs)), strict=True):
        known = CARDS[tech.card]
        box = Box(tech.id, "tech", x, y, note=canvas.overlay.get(tech.id, ""))
        below = _card_texts(box, known.name, ["Tech · no faction"], 16)
        box.texts.append(Text(x + 30, below, f"use: {known.tech_cost or 0} Trade", "k"))
        marks = [("used ✓ this turn", "used") if tech.used_this_turn else ("not used yet", "open")]
        if tech.acquired_this_turn:
            marks.append(("new", "open"))
        _badges(box, marks)
        canvas.boxes.append(box)


def _trade_row(canvas: Canvas, state: State) -> None:
    if not state.described("trade_row"):
        _unsaid(canvas, state, "trade_row", "Trade row")
    else:
        _heading(canvas, state, "trade_row", "Trade row", len(state.trade_row))
    if state.whole("trade_row") and not state.trade_row:
        canvas.line("Empty.", "s")
    for card, (x, y) in zip(state.trade_row, canvas.row_of(len(state.trade_row)), strict=True):
        box = _row_card(canvas, state, card, x, y)
        canvas.boxes.append(box)
    for effect in state.free_acquires:
        source = f" ({effect.source})" if effect.source else ""
        canvas.line(
            f"Pending: acquire a card costing {effect.max_cost} or less without paying{source}"
        )


def _row_card(canvas: Canvas, state: State, card: LooseCard, x: float, y: float) -> Box:
    known = CARDS.get(card.card) if card.card else None
    quote = price_quote(state, card)
    box = Box(card.id, "row", x, y, cost=quote.printed_cost, note=canvas.overlay.get(card.id, ""))
    kind = known.type if known else (card.type or "card")
    subs = [TYPE_NAMES.get(kind, kind)]
    if known is None:
        subs.append("outside High Alert")
    elif known.is_hero or known.is_tech:
        subs.append("no faction")
    below = _card_texts(box, label(card), subs, 12)
    if quote.discount_faction is not None and quote.price != quote.printed_cost:
        box.texts.append(Text(x + 30, below, f"you pay {quote.price}", "pay"))
    for i, symbol in enumerate(symbols_of(card)):
        box.glyphs.append(canvas.glyph(symbol, x + 15, y + 17 + i * 25))
    return box


# ----- the picture -----


def _pile_count(state: State, part: str) -> str:
    cards: list[LooseCard] = getattr(state, part)
    if not state.described(part) and not cards:
        return "not described"
    names = listed([label(c) for c in cards]) if cards else "none given"
    if state.partly(part):
        return f"{names}, the rest not described"
    return plural(len(cards), "card")


def layout(
    state: State, title: str, overlay: Any = None, reference: Reference | None = None
) -> dict[str, Any]:
    faction_looks, symbol_names = looks(reference)
    notes = {str(k): str(v) for k, v in overlay.items()} if isinstance(overlay, dict) else {}
    canvas = Canvas(faction_looks, symbol_names, notes, y=56)
    canvas.texts.append(Text(MARGIN, 26, title, "t"))
    phase = "" if state.phase == "main" else f" · {state.phase} phase"
    trade = str(state.trade) if state.described("trade") else "not described"
    canvas.texts.append(Text(MARGIN, 46, f"Trade available: {trade}{phase}", "trade"))
    _play_area(canvas, state)
    _effects(canvas, state)
    _heroes(canvas, state)
    _techs(canvas, state)
    _trade_row(canvas, state)
    if state.discard_pile or state.scrap_heap:
        canvas.line(
            f"Discard pile: {_pile_count(state, 'discard_pile')} · scrap heap: "
            f"{_pile_count(state, 'scrap_heap')}",
            "s",
        )
    canvas.y += 10
    legend_y = canvas.y + 12
    legend_glyphs, legend_texts = [], []
    # the factions, in their colours, two a row under the board
    for i, (slug, look) in enumerate(faction_looks.items()):
        x, y = MARGIN + 8 + (i % 2) * 164, legend_y + (i // 2) * 22
        legend_glyphs.append(canvas.glyph(slug, x, y, r=8))
        legend_texts.append(Text(x + 14, y + 4, look.name, "s"))
    height = legend_y + 20 + 22 * ((len(faction_looks) - 1) // 2 if faction_looks else 0)
    return {
        "title": title,
        "width": WIDTH,
        "height": height,
        "texts": canvas.texts + legend_texts,
        "boxes": canvas.boxes,
        "glyphs": canvas.glyphs + legend_glyphs,
    }


# ----- the text alternative: the turn in sentences -----


def _played_words(card: PlayedCard) -> str:
    """ "Hellfire (Star Empire, its ally ability not used)"."""
    name = label(card)
    facts = [faction_list(factions_of(card))] if factions_of(card) else []
    if facts and all(part in name for part in facts[0].split(" / ")):
        facts = []  # the name says its factions already ("a Star Empire symbol card")
    if has_ally(card):
        facts.append("its ally ability " + ("used" if card.ally_used else "not used"))
    if has_double_ally(card):
        facts.append("its double ally ability " + ("used" if card.double_ally_used else "not used"))
    return name + (f" ({', '.join(facts)})" if facts else "")


def _row_words(state: State, card: LooseCard) -> str:
    """ "The Armory (printed cost 7, you pay 5)"."""
    quote = price_quote(state, card)
    facts = [f"printed cost {quote.printed_cost}"]
    if quote.discount_faction is not None and quote.price != quote.printed_cost:
        facts.append(f"you pay {quote.price}")
    return f"{label(card)} ({', '.join(facts)})"


def _rest(state: State, part: str) -> str:
    return " (the rest not described)" if state.partly(part) else ""


def describe(state: State, overlay: Any = None) -> str:
    """The picture's text alternative: the turn in sentences."""
    phase = "" if state.phase == "main" else f", in the {state.phase} phase"
    trade = f": you have {state.trade} Trade available" if state.described("trade") else ""
    said = [f"Your turn{phase}{trade}"]
    if state.play_area:
        said.append(
            f"In your play area: {listed([_played_words(c) for c in state.play_area])}"
            + _rest(state, "play_area")
        )
    elif state.described("play_area"):
        said.append("Your play area is empty")
    gained = [
        f"a {symbol_phrase(g.symbol)}" + (f" from {g.source}" if g.source else "")
        for g in state.gained_symbols
    ]
    for hero in state.heroes:
        known = CARDS[hero.card]
        if hero.played_this_turn and known.grants_symbol:
            gained.append(f"a {symbol_phrase(known.grants_symbol)} from {known.name}")
    if gained:
        said.append(
            f"You gained {listed(gained)} as effects this turn" + _rest(state, "gained_symbols")
        )
    if state.heroes:
        heroes = [
            CARDS[h.card].name
            + (" (played this turn)" if h.played_this_turn else " (from an earlier turn)")
            for h in state.heroes
        ]
        said.append(f"Heroes on the table: {listed(heroes)}" + _rest(state, "heroes"))
    if state.techs:
        techs = [
            CARDS[t.card].name + (" (used this turn)" if t.used_this_turn else " (not used yet)")
            for t in state.techs
        ]
        said.append(f"Tech on the table: {listed(techs)}" + _rest(state, "techs"))
    if state.trade_row:
        said.append(
            f"The trade row holds {listed([_row_words(state, c) for c in state.trade_row])}"
            + _rest(state, "trade_row")
        )
    elif state.whole("trade_row"):
        said.append("The trade row is empty")
    for effect in state.free_acquires:
        source = f", from {effect.source}" if effect.source else ""
        said.append(
            f"You may acquire a card costing {effect.max_cost} or less without paying{source}"
        )
    for pile, words in (("discard_pile", "Your discard pile"), ("scrap_heap", "The scrap heap")):
        cards: list[LooseCard] = getattr(state, pile)
        if cards and state.partly(pile):
            said.append(f"{words} holds {listed([label(c) for c in cards])}{_rest(state, pile)}")
        elif cards and pile == "discard_pile":
            said.append(f"{words} holds {plural(len(cards), 'card')}")
    unsaid = [words for part, words in _PART_WORDS.items() if not state.described(part)]
    # A part described in part whose given cards have all left it: its other cards are unsaid.
    unsaid += [
        f"the rest of {words}"
        for part, words in _PART_WORDS.items()
        if state.partly(part) and not getattr(state, part)
    ]
    if unsaid:
        said.append(f"{cap(listed(unsaid))} {agree(unsaid, 'was', 'were')} not described")
    return sentences(*said)


_PART_WORDS = {
    "trade": "your Trade",
    "play_area": "your play area",
    "gained_symbols": "the faction symbols you gained as effects",
    "heroes": "your heroes on the table",
    "techs": "your tech on the table",
    "trade_row": "the trade row",
}


PICTURE = BoardPicture(layout=layout, describe=describe)
