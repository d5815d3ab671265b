"""Higher or Lower's board picture: the table as the players see it.

The deck and the booster deck, the last card laid on top of the pile with the call in force
beside it (who made it, whether the card makes it by itself, who has matched since), the cards
laid before it, and each seat in playing order: its hand (the numbers when the hand is shown,
the card backs when only a count is given, the cards that may be laid now marked for the
player whose turn it is) and its boosters (categories or a count).

This module lays the table out here and `templates/games/higher-lower/picture.svg` draws it; the
template escapes every text (player names are free text). A state the engine refuses gets the
generic drawing. `overlay` is not used: no tool draws over this board yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.pictures import BoardPicture, listed, sentences, spoken, who_does, whose
from games.core.pictures import plural as _plural
from games.core.pictures import short as _short
from games.core.pictures import wrapped as _wrapped
from games.core.tools import Reference
from games.core.words import article, possessive
from games.higher_lower.state import AUTOMATIC_CALL, Player, State
from games.higher_lower.table import (
    booster_count,
    hand_size,
    pile_not_described,
    playable,
    under_way,
    winner,
)

WIDTH = 360  # a 390 px phone's column, so the picture is never scaled down nor scrolled
LEFT = 16
INNER = WIDTH - 2 * LEFT
CARD_W, CARD_H, CARD_GAP = 30, 40, 5
PER_ROW = (INNER - 16 + CARD_GAP) // (CARD_W + CARD_GAP)  # cards a seat shows on one line
BACKS_SHOWN = 12  # a hidden hand is drawn as at most this many backs
BACK_STEP = 12
CHIP_W, CHIP_H, CHIP_GAP = 74, 20, 6
CHIPS_PER_ROW = (INNER - 16 + CHIP_GAP) // (CHIP_W + CHIP_GAP)
LAID_SHOWN = 12  # earlier cards listed under the pile
NAME_CHARS = 22
SEAT_LINE_CHARS = 36  # a seat's bold heading across its frame
ORDER_LINE_CHARS = 46  # 13 px, about 6.7 px a character: the 328 px inside the picture
ORDER_LINE_H = 17
CALL_LINE_CHARS = 25  # the lines beside the call badge, from x 178 to the picture's edge
NEXT_LINE_CHARS = 40  # 15 px, bold (about 8 px a character)
NOTE_LINE_CHARS = 44  # 13 px, semibold
SEAT_FACTS_CHARS = 44  # 13 px, inside a seat's frame
LAID_PER_ROW = 9
CALL_LINE_H = 18


@dataclass
class Card:
    """A playing card as the template draws it."""

    value: int
    x: int
    y: int
    ok: bool = False  # may be laid now (the player whose turn it is)

    @property
    def cls(self) -> str:
        return "hl-card hl-ok" if self.ok else "hl-card"


@dataclass
class Chip:
    text: str
    x: int
    y: int
    cls: str


@dataclass
class Seat:
    """One player's place at the table."""

    name: str
    x: int
    y: int
    w: int
    h: int
    count: int
    shown: bool
    boosters: int
    turn: bool = False
    out: bool = False
    texts: list[dict[str, Any]] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    backs: list[dict[str, int]] = field(default_factory=list)
    chips: list[Chip] = field(default_factory=list)
    tooltip: str = ""

    @property
    def cls(self) -> str:
        classes = ["hl-seat"]
        if self.turn:
            classes.append("hl-turn")
        if self.out:
            classes.append("hl-out")
        return " ".join(classes)


def _words(text: str, limit: int) -> list[str]:
    """`text` on lines of at most `limit` characters, broken between words: a seat's name
    ("the player three seats to your left") is said whole, never cut off."""
    return _wrapped(text.split(" "), " ", limit)


def _next_card_text(state: State) -> str:
    """What the player whose turn it is must lay, in words."""
    last, call = state.last_card, state.call
    if pile_not_described(state):
        return "The last card laid was not described."
    if last is None:
        return "Any card may open the game."
    if call is None:
        return f"Next: {article(str(last))} to match; the call was not described."
    side = "above" if call == "higher" else "below"
    return f"Next: a card {side} {last}, or {article(str(last))} to match."


def _call_block(state: State) -> dict[str, Any]:
    """The call in force, as a badge with its facts under it."""
    lines: list[str] = []
    if state.call is None:
        unsaid = under_way(state)
        if unsaid:
            lines.append("the call was not described")
        return {
            "call": "",
            "by": "",
            "badge": "call: ?" if unsaid else "no call yet",
            "tip": "The call in force was not described" if unsaid else "No call has been made yet",
            "cls": "hl-call hl-call-none",
            "lines": lines,
        }
    arrow = "▲" if state.call == "higher" else "▼"
    if state.call_by is not None:
        lines += _words(f"called by {spoken(state.call_by)}", CALL_LINE_CHARS)
    if state.last_card is not None and AUTOMATIC_CALL.get(state.last_card) == state.call:
        lines.append(f"a {state.last_card} always calls {state.call}")
    if state.match_chain:
        matched = ", ".join(spoken(n) for n in state.match_chain)
        lines += _words(f"matched since: {matched}", CALL_LINE_CHARS)
    return {
        "call": state.call,
        "by": state.call_by or "",
        "badge": f"{arrow} {state.call.upper()}",
        "tip": f"The call in force: {state.call}"
        + (f", made by {spoken(state.call_by)}" if state.call_by else ""),
        "cls": f"hl-call hl-call-{state.call}",
        "lines": lines,
    }


def _seat(state: State, p: Player, y: int, out: str | None) -> Seat:
    count = hand_size(p)
    shown = isinstance(p.hand, list)
    turn = p.name == state.turn and out is None
    seat = Seat(
        name=p.name,
        x=LEFT,
        y=y,
        w=INNER,
        h=0,
        count=count,
        shown=shown,
        boosters=booster_count(p),
        turn=turn,
        out=p.name == out,
    )
    x0 = LEFT + 8
    # The seat's name is cut only where the line would run out of its frame: "the player
    # three seats to your left" is said whole, a long name typed in the API is shortened.
    before, after = ("▶ ", " · to play") if turn else ("", "")
    after += " · out of cards: wins" if seat.out else ""
    room = max(NAME_CHARS, SEAT_LINE_CHARS - len(before) - len(after))
    head = f"{before}{_short(p.name, room)}{after}"
    seat.texts.append({"x": x0, "y": y + 20, "text": head, "cls": "hl-name"})
    cards = _plural(count, "playing card")
    cards += "" if shown else " (hidden)"
    cards = "cards not described" if p.hand is None else cards
    boosters = _plural(seat.boosters, "booster")
    boosters += "" if isinstance(p.boosters, list) else " (hidden)"
    boosters = "boosters not described" if p.boosters is None else boosters
    facts = _wrapped([cards, boosters], " · ", SEAT_FACTS_CHARS)
    for k, line in enumerate(facts):
        seat.texts.append({"x": x0, "y": y + 38 + 17 * k, "text": line, "cls": "hl-small"})
    seat.tooltip = f"{p.name}: {cards}, {boosters}" + (", whose turn it is" if turn else "")
    top = y + 48 + 17 * (len(facts) - 1)
    if shown and isinstance(p.hand, list):
        for i, value in enumerate(sorted(p.hand)):
            cx = x0 + (i % PER_ROW) * (CARD_W + CARD_GAP)
            cy = top + (i // PER_ROW) * (CARD_H + CARD_GAP)
            seat.cards.append(Card(value, cx, cy, ok=turn and playable(value, state)))
        rows = -(-len(p.hand) // PER_ROW)
        top += rows * (CARD_H + CARD_GAP)
        if turn and p.hand:
            laid = sum(1 for c in seat.cards if c.ok)
            if pile_not_described(state):
                say = "Which may be laid rests on the last card (not described)"
            elif state.last_card is None:
                say = "Any of these may open the game"
            elif laid:
                say = f"In green: {_plural(laid, 'card')} that may be laid now"
            else:
                say = "None of these may be laid now: draw"
            for line in _words(say, NOTE_LINE_CHARS):
                seat.texts.append({"x": x0, "y": top + 10, "text": line, "cls": "hl-note"})
                top += 18
    elif count:
        for i in range(min(count, BACKS_SHOWN)):
            seat.backs.append({"x": x0 + i * BACK_STEP, "y": top})
        top += CARD_H + CARD_GAP
    if isinstance(p.boosters, list) and p.boosters:
        for i, category in enumerate(p.boosters):
            cx = x0 + (i % CHIPS_PER_ROW) * (CHIP_W + CHIP_GAP)
            cy = top + (i // CHIPS_PER_ROW) * (CHIP_H + CHIP_GAP)
            seat.chips.append(Chip(category, cx, cy, f"hl-chip hl-{category.lower()}"))
        top += -(-len(p.boosters) // CHIPS_PER_ROW) * (CHIP_H + CHIP_GAP)
    seat.h = top - y + 4
    return seat


def layout(
    state: State, title: str, overlay: Any = None, reference: Reference | None = None
) -> dict[str, Any]:
    """Everything the template draws, as plain values."""
    out = winner(state)
    texts: list[dict[str, Any]] = [{"x": LEFT, "y": 26, "text": title, "cls": "hl-title"}]
    if out is not None:
        who = who_does(_short(out, NAME_CHARS), "has", "have", True)
        heading = f"{who} no playing cards left: the game is over"
    else:
        heading = (
            f"{len(state.players)} players · {possessive(_short(state.turn, NAME_CHARS))} turn"
        )
    texts.append({"x": LEFT, "y": 50, "text": heading, "cls": "hl-head"})
    # The playing order is wrapped between names, never cut: with five or six long names
    # the last seats would otherwise fall off the picture's edge.
    order = [p.name for p in state.players] + [state.players[0].name]
    lines = _wrapped(order, " → ", ORDER_LINE_CHARS, "Play passes left: ")
    for k, line in enumerate(lines):
        texts.append({"x": LEFT, "y": 70 + ORDER_LINE_H * k, "text": line, "cls": "hl-small"})

    top = 84 + ORDER_LINE_H * (len(lines) - 1)
    # A deck not described is drawn as an outline marked "?", never as a count.
    deck = {"x": LEFT + 4, "y": top + 6, "count": "?" if state.deck is None else state.deck}
    texts.append({"x": LEFT + 36, "y": top + 128, "text": "Deck", "cls": "hl-label hl-mid"})
    boosters = "not described" if state.booster_deck is None else str(state.booster_deck)
    texts.append(
        {"x": LEFT, "y": top + 145, "text": f"booster deck: {boosters}", "cls": "hl-small"}
    )
    unknown = pile_not_described(state)
    pile = {
        "x": LEFT + 126,
        "y": top + 4,
        "value": state.last_card,
        "under": len(state.discard),
        "unknown": unknown,
    }
    # One line under the pile: a second would run into the booster deck's line on its left.
    if unknown:
        # A card was laid but the question did not say which: an outline marked "?", never
        # a made-up number.
        pile_say = ["Last card: not described"]
    elif state.last_card is None:
        pile_say = ["No card laid yet"]
    else:
        pile_say = ["Last card laid"]
        if state.discard:
            pile_say = [f"Last card (+{len(state.discard)} below)"]
    for k, line in enumerate(pile_say):
        texts.append(
            {"x": LEFT + 165, "y": top + 128 + 17 * k, "text": line, "cls": "hl-small hl-mid"}
        )
    # The call's badge on a row of its own under the deck and the pile, its facts beside it.
    call = _call_block(state)
    call_y = top + 160
    call.update({"x": LEFT, "y": call_y})
    for k, line in enumerate(call["lines"]):
        texts.append(
            {"x": LEFT + 162, "y": call_y + 16 + CALL_LINE_H * k, "text": line, "cls": "hl-small"}
        )
    y = call_y + max(46, 16 + CALL_LINE_H * len(call["lines"])) + 24
    next_lines = _words(_next_card_text(state), NEXT_LINE_CHARS)
    for k, line in enumerate(next_lines):
        texts.append({"x": LEFT, "y": y + 20 * k, "text": line, "cls": "hl-next"})
    y += 20 * (len(next_lines) - 1)

    laid: list[Chip] = []
    if state.discard:
        y += 24
        shown = state.discard[-LAID_SHOWN:]
        earlier = len(state.discard) - len(shown)
        say = "Laid before, oldest first" + (f" ({earlier} earlier not shown)" if earlier else "")
        texts.append({"x": LEFT, "y": y, "text": say + ":", "cls": "hl-small"})
        for i, value in enumerate(shown):
            x, row = LEFT + (i % LAID_PER_ROW) * 36, i // LAID_PER_ROW
            laid.append(Chip(str(value), x, y + 8 + 28 * row, "hl-laid"))
        y += 8 + 28 * -(-len(shown) // LAID_PER_ROW)
    y += 14
    seats: list[Seat] = []
    for p in state.players:
        seat = _seat(state, p, y, out)
        seats.append(seat)
        y += seat.h + 8
    return {
        "width": WIDTH,
        "height": y + 6,
        "title": title,
        "texts": texts,
        "deck": deck,
        "pile": pile,
        "call": call,
        "laid": laid,
        "seats": seats,
        "card_w": CARD_W,
        "card_h": CARD_H,
    }


# ----- the text alternative: the table in sentences -----


def _cards(values: list[int]) -> str:
    return listed([str(v) for v in values])


def _hand_words(p: Player) -> str:
    """ "You hold 3, 5 and 9 and a Rare booster", "Ben holds 6 playing cards, not shown";
    what the question did not describe is said so ("Ben's boosters were not described")."""
    holds = who_does(p.name, "holds", "hold", True)
    if p.hand is None and p.boosters is None:
        return f"{whose(p.name, True)} playing cards and boosters were not described"
    if isinstance(p.hand, list):
        held = _cards(p.hand) if p.hand else "no playing cards"
    elif p.hand is not None:
        held = _plural(p.hand, "playing card") + (", not shown" if p.hand else "")
        held = held if p.hand else "no playing cards"
    if isinstance(p.boosters, list):
        names = [f"a {c}" for c in p.boosters]
        boosters = f"the boosters {listed(p.boosters)}" if len(names) > 1 else "".join(names)
        boosters += " booster" if len(names) == 1 else ""
    elif p.boosters is not None:
        boosters = _plural(p.boosters, "booster") + (", not shown" if p.boosters else "")
    if p.boosters is not None and (boosters == "" or boosters.startswith("0 ")):
        boosters = "no boosters"  # an empty list of categories (the last booster played) too
    if p.hand is None:
        said = f"{whose(p.name, True)} playing cards were not described. "
        return said + f"{holds} {boosters}"
    if p.boosters is None:
        return f"{holds} {held}. {whose(p.name, True)} boosters were not described"
    return f"{holds} {held}, and {boosters}"


def _pile_words(state: State) -> list[str]:
    last, call = state.last_card, state.call
    if pile_not_described(state):
        said = "A card has been laid, but the last card laid was not described"
        if call is None:
            return [said + ", nor the call in force"]
        by = f" by {spoken(state.call_by)}" if state.call_by else ""
        return [said + f"; the call in force is {call}{by}"]
    if last is None:
        return ["No card has been laid yet: any card may open the game"]
    said = f"The last card laid is {article(str(last))}"
    if call is None:
        said += "; the call in force was not described"
    else:
        by = f" by {spoken(state.call_by)}" if state.call_by else ""
        side = "above" if call == "higher" else "below"
        said += f", and the call in force is {call}{by}: the next card must be {side} {last}"
        said += f", or {article(str(last))} to match it"
    lines = [said]
    if state.match_chain:
        lines.append(f"Matched since the call: {listed([spoken(n) for n in state.match_chain])}")
    if state.discard:
        lines.append(f"Laid before it, oldest first: {_cards(state.discard)}")
    return lines


def describe(state: State, overlay: Any = None) -> str:
    """The picture's text alternative: the table in sentences."""
    order = listed([spoken(p.name) for p in state.players])
    said = [f"{len(state.players)} players, in playing order: {order}"]
    out = winner(state)
    if out is not None:
        said.append(f"{who_does(out, 'has', 'have', True)} no playing cards left: the game is over")
    else:
        said.append(f"It is {whose(state.turn)} turn")
    said += _pile_words(state)
    if state.deck is None:
        said.append("The deck was not described")
    else:
        said.append(f"The deck holds {_plural(state.deck, 'playing card')}")
    if state.booster_deck is None:
        said.append("The booster deck was not described")
    else:
        said.append(f"The booster deck holds {_plural(state.booster_deck, 'booster')}")
    said += [_hand_words(p) for p in state.players]
    return sentences(*said)


__all__ = ["describe", "layout"]


PICTURE = BoardPicture(layout=layout, describe=describe)
