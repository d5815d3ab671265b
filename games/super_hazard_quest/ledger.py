"""What the items of one hand have given in the current turn (rules 4.9, 5.9, 9.3 to 9.6).

A `Ledger` is never changed once made (each use makes a new one) and hashable, so that the path
finder can use it in its search keys. It is a dataclass neither frozen nor copied with
`dataclasses.replace`: a turn makes one at each use, and both cost several times a plain
construction.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from games.super_hazard_quest.spoken import item_words
from games.super_hazard_quest.state import INHERENT, Action, Item, fold


@dataclass(slots=True, unsafe_hash=True)
class Ledger:
    dual: frozenset[tuple[str, Action]] = frozenset()  # (item, action) uses taken
    # Dual Action Items printing one action twice whose second use is taken too (rule 9.3)
    doubled: frozenset[str] = frozenset()
    magic: frozenset[str] = frozenset()  # Magic Items whose one use is taken
    supers: frozenset[str] = frozenset()  # Super Items in play
    super_magic: frozenset[tuple[str, Action]] = frozenset()  # (item, chosen action)
    other: frozenset[str] = field(default=frozenset())  # Hazard and Special Items played

    def active(self) -> frozenset[str]:
        """The Active Hand: every item laid out this turn (rule 5.8)."""
        return (
            frozenset(i for i, _ in self.dual)
            | self.magic
            | self.supers
            | frozenset(i for i, _ in self.super_magic)
            | self.other
        )

    def play_other(self, item_id: str) -> Ledger:
        return Ledger(
            self.dual,
            self.doubled,
            self.magic,
            self.supers,
            self.super_magic,
            self.other | {item_id},
        )


@dataclass(slots=True, unsafe_hash=True)
class Refusal:
    """Why a use cannot be taken: a reason code of the engine and the words for it."""

    code: str
    detail: str


def spend(
    ledger: Ledger, inherent: Action, item: Item | None, source: str, action: Action
) -> Ledger | Refusal:
    """Take one use of `action` from `source` (an item id, or "inherent")."""
    if fold(source) == INHERENT:
        if inherent != action:
            return Refusal(
                "inherent-action-differs",
                f"the hero's Inherent Action is {inherent.title()}, not {action.title()}",
            )
        return ledger
    if item is None:  # the caller checks ids first; kept total for safety
        return Refusal("item-gives-no-action", f"no item {source!r} in hand")
    if item.kind == "dual-action":
        if action not in item.actions:
            names = " and ".join(a.title() for a in item.actions)
            return Refusal(
                "dual-action-lacks-action",
                f"{item_words(item)} gives {names}, not {action.title()}",
            )
        if (item.id, action) in ledger.dual:
            if item.actions[0] == item.actions[1] and item.id not in ledger.doubled:
                return Ledger(
                    ledger.dual,
                    ledger.doubled | {item.id},
                    ledger.magic,
                    ledger.supers,
                    ledger.super_magic,
                    ledger.other,
                )
            return Refusal(
                "dual-action-use-spent",
                f"the one use of {action.title()} that {item_words(item)} gives is already "
                "taken this turn",
            )
        return Ledger(
            ledger.dual | {(item.id, action)},
            ledger.doubled,
            ledger.magic,
            ledger.supers,
            ledger.super_magic,
            ledger.other,
        )
    if item.kind == "super":
        if item.action != action:
            return Refusal(
                "super-item-other-action",
                f"{item_words(item)} gives {item.action.title()}, not {action.title()}",
            )
        return Ledger(
            ledger.dual,
            ledger.doubled,
            ledger.magic,
            ledger.supers | {item.id},
            ledger.super_magic,
            ledger.other,
        )
    if item.kind == "magic":
        if item.id in ledger.magic:
            return Refusal(
                "magic-item-used-up", f"{item_words(item)} has already given its one use"
            )
        return Ledger(
            ledger.dual,
            ledger.doubled,
            ledger.magic | {item.id},
            ledger.supers,
            ledger.super_magic,
            ledger.other,
        )
    if item.kind == "super-magic":
        chosen = next((a for i, a in ledger.super_magic if i == item.id), None)
        if chosen is not None and chosen != action:
            return Refusal(
                "super-magic-other-action",
                f"{item_words(item)} was set to {chosen.title()} this turn",
            )
        return Ledger(
            ledger.dual,
            ledger.doubled,
            ledger.magic,
            ledger.supers,
            ledger.super_magic | {(item.id, action)},
            ledger.other,
        )
    if item.kind == "special":
        # Whatever the card says (its text is not known), a Special Item is played on a
        # Checkpoint and ends the turn (rule 9.13): nothing is passed with it on the way.
        return Refusal(
            "special-passes-no-hazard",
            f"{item_words(item)} is played on a Checkpoint and ends the turn: it passes no "
            "hazard on the way",
        )
    return Refusal("item-gives-no-action", f"{item_words(item)} gives no action to pass a hazard")


def options(
    ledger: Ledger, inherent: Action, hand: Iterable[Item], action: Action
) -> Iterator[tuple[str, Ledger]]:
    """Every way to take one use of `action` now: (source, ledger after)."""
    if inherent == action:
        yield INHERENT, ledger
    for item in hand:
        after = spend(ledger, inherent, item, item.id, action)
        if isinstance(after, Ledger):
            yield item.id, after


def can_give(ledger: Ledger, inherent: Action, hand: Iterable[Item], action: Action) -> bool:
    return next(options(ledger, inherent, hand, action), None) is not None
