"""Matching buttons to a cost (rules 5.1, 5.2) and listing the ways a cost can be paid.

A payment is exact: every icon of the cost is paid by one button and every button played pays
one icon (reference ruling `buttons-cover-cost-exactly`). Its other reading, buttons beyond
the cost may be played, adds only payments that hold an exact one and spend more, so whether a
cost can be paid does not turn on it and these lists do not ask it (passing.py does, of a
payment named with a card to spare). A star in a cost takes any button; a
named icon takes only a button of the same name (reference ruling `star-buttons`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from games.core.readings import ours
from games.hyperstar_run.reasons import PASSED_THIS_RUN, SEVERAL_BUTTONS
from games.hyperstar_run.state import STAR, State


def cover_gap(cost: Sequence[str], buttons: Sequence[str]) -> tuple[list[str], list[str]]:
    """(icons left unpaid, buttons left over). Both empty means the buttons pay the cost.

    Named icons are matched first, since only their own button pays them; whatever is left
    then goes to the stars, which take anything.
    """
    have = Counter(buttons)
    unpaid: list[str] = []
    for icon in cost:
        if icon == STAR:
            continue
        if have[icon] > 0:
            have[icon] -= 1
        else:
            unpaid.append(icon)
    stars = sum(1 for icon in cost if icon == STAR)
    left = sorted(have.elements())
    used = min(stars, len(left))
    unpaid.extend([STAR] * (stars - used))
    return unpaid, left[used:]


def pays(cost: Sequence[str], buttons: Sequence[str]) -> bool:
    unpaid, surplus = cover_gap(cost, buttons)
    return not unpaid and not surplus


def submultisets(buttons: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct sub-multiset of a card's buttons, the empty one first."""
    ordered = sorted(buttons)
    found: set[tuple[str, ...]] = set()
    for size in range(len(ordered) + 1):
        found.update(combinations(ordered, size))
    return sorted(found, key=lambda sub: (len(sub), sub))


def is_submultiset(part: Sequence[str], whole: Sequence[str]) -> bool:
    need, have = Counter(part), Counter(whole)
    return all(have[icon] >= n for icon, n in need.items())


@dataclass(frozen=True)
class Resource:
    """A card that can give buttons now: a face-up hand card (discard) or a face-up, unpressed
    level card passed this run (press)."""

    card: str
    via: Literal["discard", "press"]
    buttons: tuple[str, ...]


def resources(state: State) -> list[Resource]:
    """The cards that could pay a cost in `state`, as far as their faces are given."""
    found: list[Resource] = []
    for held in state.hand:
        buttons = state.buttons_of(held.card)
        if held.face_up and buttons is not None:
            found.append(Resource(held.card, "discard", tuple(buttons)))
    for slot in state.level[: state.hero]:
        buttons = state.buttons_of(slot.card)
        if slot.face_up and not slot.pressed and buttons is not None:
            # A card swapped in behind the hero counts as passed on our reading only.
            if slot.card in state.swapped_in and not ours(PASSED_THIS_RUN):
                continue
            found.append(Resource(slot.card, "press", tuple(buttons)))
    return found


class TooManyPayments(Exception):
    """More ways to pay than the caller asked to list."""


def payments(
    cost: Sequence[str], available: Sequence[Resource], limit: int | None = None
) -> Iterator[list[tuple[Resource, tuple[str, ...]]]]:
    """Every distinct way to pay `cost` from `available`: per card, which buttons it gives.

    Raises TooManyPayments after `limit` payments, so hostile states cannot stall the engine.
    """
    size = len(cost)
    wild = STAR in cost
    named = set(cost) - {STAR}
    # Only buttons that can pay some icon are worth offering; a pressed card gives one of its
    # buttons (rule 5.5, reference ruling `card-with-several-buttons`).
    options = [
        [
            sub
            for sub in submultisets(r.buttons)
            if all(wild or b in named for b in sub)
            and (r.via == "discard" or len(sub) <= 1 or not ours(SEVERAL_BUTTONS))
        ]
        for r in available
    ]
    capacity = [0] * (len(available) + 1)
    for i in range(len(available) - 1, -1, -1):
        capacity[i] = capacity[i + 1] + len(options[i][-1]) if options[i] else capacity[i + 1]
    need = Counter(icon for icon in cost if icon != STAR)
    # suffix[i][x]: buttons x still offered by cards i.. (to cut branches that cannot finish).
    suffix: list[Counter[str]] = [Counter() for _ in range(len(available) + 1)]
    for i in range(len(available) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + Counter(available[i].buttons)
    yielded = 0

    def can_finish(i: int, played: list[str]) -> bool:
        got = Counter(played)
        return all(min(got[x], n) + suffix[i][x] >= n for x, n in need.items())

    def walk(
        i: int, chosen: list[tuple[Resource, tuple[str, ...]]], played: list[str]
    ) -> Iterator[list[tuple[Resource, tuple[str, ...]]]]:
        nonlocal yielded
        if len(played) == size:
            if pays(cost, played):
                yielded += 1
                if limit is not None and yielded > limit:
                    raise TooManyPayments
                yield list(chosen)
            return
        if i == len(available) or len(played) + capacity[i] < size:
            return
        if not can_finish(i, played):
            return
        for sub in options[i]:
            if len(played) + len(sub) > size:
                break
            if sub:
                chosen.append((available[i], sub))
            yield from walk(i + 1, chosen, played + list(sub))
            if sub:
                chosen.pop()

    yield from walk(0, [], [])


def first_payment(
    cost: Sequence[str], available: Sequence[Resource]
) -> list[tuple[Resource, tuple[str, ...]]] | None:
    return next(iter(payments(cost, available)), None)
