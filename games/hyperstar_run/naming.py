"""Cards named as a player names them at the table.

No Level Card's name or number is public (fixtures/hyperstar-run/game.toml: nothing of a
card's face is), so the ids a board uses (`L1`..`L15`, `E1`, `E2`) are ours, not printed; a
player points at a card by where it lies and what it shows: "card 3 of the level", "your
Level Card [A B]", "your Equipment Card [A C]". The ids stay in the JSON and in field paths
(for developers); every sentence a player reads names cards here.
"""

from __future__ import annotations

from games.core.words import listed
from games.hyperstar_run.state import Held, State


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def _icons(buttons: list[str]) -> str:
    return "[" + " ".join(buttons) + "]"


def level_place(index: int) -> str:
    """A place in the level row, 0 first, counted from the left as the forms count it: "card 3
    of the level"."""
    return f"card {index + 1} of the level"


def place(zone: str, index: int) -> str:
    """A place on the board as the forms count it, 0 first: "card 3 of the level", "the 2nd
    card in your hand", "the 1st card in the discard pile", "the 1st card set aside"."""
    if zone == "level":
        return level_place(index)
    where = {"hand": "in your hand", "discard": "in the discard pile", "set_aside": "set aside"}
    return f"the {ordinal(index + 1)} card {where[zone]}"


def counted(cards: list[str]) -> str:
    """Cards no place holds, counted by kind (no Level Card's number is printed): "2 Level
    Cards and your second Equipment Card"."""
    level = sum(1 for c in cards if not c.startswith("E"))
    kinds = [f"{level} Level Card{'s' if level != 1 else ''}"] if level else []
    equipment = [c for c in cards if c.startswith("E")]
    if len(equipment) == 2:
        kinds.append("both Equipment Cards")
    elif equipment:
        kinds.append(f"your {equipment_place(equipment[0])} Equipment Card")
    return " and ".join(kinds)


def equipment_place(card: str) -> str:
    """ "first" or "second": the Equipment Cards are told apart by their order on the board."""
    return "first" if card == "E1" else "second"


def giving(state: State, card: str, buttons: list[str]) -> str:
    """A card named with the buttons it gives: "your Level Card [A B] for [A]"; a card named
    by the very buttons it gives is not named twice ("your Level Card [B]")."""
    named = card_name(state, card)
    shown = _icons(buttons)
    return named if named.endswith(shown) else f"{named} for {shown}"


def card_name(state: State, card: str) -> str:
    """`card` as the player names it on `state`: by its place in the level; in the hand or the
    discard pile by the buttons it shows, where no other card there shows the same, else by
    its place there; an Equipment Card as such."""
    index = state.level_index(card)
    if index is not None:
        return level_place(index)
    for pile, where in ((state.hand, "in your hand"), (state.discard, "in the discard pile")):
        for i, held in enumerate(pile):
            if held.card == card:
                return _held_name(state, pile, i, where)
    kind = "Equipment Card" if card.startswith("E") else "Level Card"
    if card in state.set_aside:
        return "a Level Card set aside"
    return f"{'an' if kind[0] == 'E' else 'a'} {kind} not described"


def _held_name(state: State, pile: list[Held], i: int, where: str) -> str:
    held = pile[i]
    equipment = held.card.startswith("E")
    kind = "Equipment Card" if equipment else "Level Card"
    mine = where == "in your hand"
    if not held.face_up:
        return "your face-down card" if mine else f"the face-down card {where}"
    buttons = state.buttons_of(held.card)
    if buttons is not None:
        same = [
            h
            for h in pile
            if h.face_up
            and h.card.startswith("E") == equipment
            and state.buttons_of(h.card) == buttons
        ]
        if len(same) == 1:
            shown = f"{kind} {_icons(buttons)}"
            return f"your {shown}" if mine else f"the {shown} {where}"
    if equipment:
        first = equipment_place(held.card)
        return f"your {first} Equipment Card" if mine else f"the {first} Equipment Card {where}"
    return f"the {ordinal(i + 1)} card {where}"


def names(state: State, cards: list[str]) -> str:
    """Several cards named: "a, b and c"."""
    said = [card_name(state, c) for c in cards]
    return listed(said)
