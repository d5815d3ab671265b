"""States that cannot exist, beyond what `rules.check_state` refuses: counts the box and the
rules fix, checked where the state describes them in full."""

from __future__ import annotations

from games.core import InvalidState
from games.core.words import cap, possessive
from games.super_hazard_quest.state import HAND_SIZE, State

# The Boss Prizes that put an Item Card in a hand (rule 7.5).
ITEM_PRIZES = ("any-future-item", "any-discarded-item")


def check_hand_limit(state: State) -> None:
    """A player holds five Item Cards at a time (rules 3.9, 5.10: "Players hold five ITEMS in
    their hand at a time"). The one way past five is an item won as a Boss Prize and kept in
    hand (rule 7.6), and a Mini-Boss can be beaten again and again, its four actions paid by the
    Inherent Action alone (reference ruling `mini-boss-fight-mid-turn`): so a hand of more than
    five is refused only where no prize could have put it there, in a dungeon described whole
    (the Dungeon deck counted) with no Mini-Boss whose prize is an item."""
    if not state.dungeon or state.dungeon_deck is None:
        return
    if any(r.mini_boss is not None and r.mini_boss.prize in ITEM_PRIZES for r in state.dungeon):
        return
    for k, hero in enumerate(state.heroes):
        if hero.held() > HAND_SIZE:
            raise InvalidState(
                f"state.heroes.{k}.hand",
                f"{cap(possessive(hero.player))} hand holds {hero.held()} Item Cards; a player "
                f"holds {HAND_SIZE} at a time (rule 5.10), and no Mini-Boss in this dungeon "
                "gives an item as its prize",
            )
