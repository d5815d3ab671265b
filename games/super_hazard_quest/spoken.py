"""The things on the table named as a player names them, never by the labels the JSON uses.

A Dungeon Card by where it lies, not by its grid coordinates: "the room you started the turn
in", "the room to your right", "the room 2 to Ana's left and 1 above",
counted from where the moving hero stood when the turn began (the one place every player at
the table can point to). An Item Card by what is printed on it ("the Attack / Hide item", "the
Magic Item"), and by the label the asker gave it only where two in the hand read the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from games.core.words import article, is_you, possessive, subject
from games.super_hazard_quest.state import Item

STARTING_CARD = (0, 0)  # the setup lays the Starting Card here (rule 2.3)

Origin = tuple[int, int] | None


def _offset(dx: int, dy: int, mover: str) -> str:
    """ "to your right", "2 to Ana's left", "above you", "1 to your right and 2 below"."""
    side = "right" if dx > 0 else "left"
    across = f"to {possessive(mover)} {side}" if abs(dx) == 1 else f"{abs(dx)} to "
    if abs(dx) > 1:
        across += f"{possessive(mover)} {side}"
    upward = "above" if dy > 0 else "below"
    if not dx:
        them = "you" if is_you(mover) else subject(mover)
        return f"{upward} {them}" if abs(dy) == 1 else f"{abs(dy)} {upward} {them}"
    if not dy:
        return across
    if abs(dx) == 1:  # "1 to your right and 2 above", not "to your right and 2 above"
        across = f"1 {across}"
    return f"{across} and {abs(dy)} {upward}"


@lru_cache(maxsize=4096)  # a turn names the same few cards several times, in the same words
def card_words(x: int, y: int, origin: Origin, mover: str) -> str:
    """The card at (x, y) in words, counted from `origin`, the cell where `mover`'s hero began
    the turn; from the Starting Card where that is not known. Counted from the hero even on the
    Starting Card: a board described for a question may hold any card there."""
    if origin is None:
        return from_start(x, y)
    if (x, y) == origin:
        return f"the room {subject(mover)} started the turn in"
    return f"the room {_offset(x - origin[0], y - origin[1], mover)}"


def from_start(x: int, y: int, noun: str = "room") -> str:
    """The card at (x, y) counted from the Starting Card: "the room 2 to the right of the
    Starting Card and 1 above" (`noun` "space" for a place no card lies on yet)."""
    if (x, y) == STARTING_CARD:
        return "the Starting Card"
    parts = []
    if x:
        n = "" if abs(x) == 1 else f"{abs(x)} "
        parts.append(f"{n}to the {'right' if x > 0 else 'left'} of the Starting Card")
    if y:
        where = "above" if y > 0 else "below"
        parts.append(f"{abs(y)} {where}" if x else f"{where} the Starting Card")
        if not x and abs(y) > 1:
            parts[-1] = f"{abs(y)} {where} the Starting Card"
    return f"the {noun} " + " and ".join(parts)


def station_words(station: str) -> str:
    """A hero's station on a card in words: "the middle", "the left space", "the left edge"."""
    return f"the {station.replace('-', ' ')}"


def _bare(item: Item) -> str:
    """An item as printed, without an article: "Attack / Hide item", "Super Item (Climb)"."""
    if item.kind == "dual-action":
        return f"{item.actions[0].title()} / {item.actions[1].title()} item"
    if item.kind == "super":
        return f"Super Item ({item.action.title()})"
    if item.kind == "magic":
        return "Magic Item"
    if item.kind == "super-magic":
        return "Super Magic Item"
    if item.kind == "hazard":
        return f"{item.hazard.title()} Hazard Item"
    return f"Special Item {item.name}" if item.name else "Special Item"


def _printed(item: Item) -> str:
    return f"the {_bare(item)}"


def counted(item: Item, n: int = 1) -> str:
    """`n` items printed alike: "an Attack / Hide item", "2 Super Items (Climb)"."""
    bare = _bare(item)
    if n == 1:
        return article(bare)
    word = "Item" if "Item" in bare else "item"
    return f"{n} {bare.replace(word, word + 's', 1)}"


def item_words(item: Item, hand: Iterable[Item] = ()) -> str:
    """An item as printed: "the Attack / Hide item", "the Super Item (Climb)"; with the label
    the asker gave it ("the Magic Item “m2”") where another in `hand` reads the same."""
    said = _printed(item)
    alike = (o for o in hand if o.kind == item.kind and o.id != item.id)
    if any(_printed(other) == said for other in alike):
        return f"{said} “{item.id}”"
    return said


def held_item(using: str, hand: Iterable[Item]) -> str:
    """The item a step names by its label, as printed ("the Super Item (Climb)"); the label
    as the asker gave it where the hand does not hold it."""
    items = list(hand)
    item = next((i for i in items if i.id == using), None)
    return item_words(item, items) if item is not None else f"the item “{using}”"


def checkpoint_words(x: int, y: int, origin: Origin, mover: str) -> str:
    """The Checkpoint a turn ends on: "the Checkpoint it began the turn on", "the Checkpoint
    of the room to your right"."""
    if origin is not None and (x, y) == origin:
        return "the Checkpoint it began the turn on"
    return f"the Checkpoint of {card_words(x, y, origin, mover)}"
