"""Which swaps a swap ability may make, and whether one is still to be made (rules 6.3, 6.5;
reference ruling `swaps-come-from-abilities`)."""

from __future__ import annotations

from games.core import Reason
from games.hyperstar_run.moves import Swap
from games.hyperstar_run.naming import card_name
from games.hyperstar_run.outcome import Outcome, illegal, reason
from games.hyperstar_run.state import State


def swap_problems(state: State, move: Swap) -> list[Reason]:
    problems: list[Reason] = []
    slot_index = state.level_index(move.level_card)
    hand_index = state.hand_index(move.hand_card)
    if slot_index is None:
        problems.append(
            reason(
                "swap-card-not-in-level", f"{card_name(state, move.level_card)} is not in the level"
            )
        )
    if hand_index is None:
        problems.append(
            reason(
                "swap-card-not-in-hand", f"{card_name(state, move.hand_card)} is not in your hand"
            )
        )
    elif move.hand_card.startswith("E"):
        problems.append(
            reason(
                "swap-equipment-into-level",
                f"{card_name(state, move.hand_card)} is an Equipment Card, which never enters the "
                "level",
            )
        )
    if problems or slot_index is None or hand_index is None:
        return problems
    face_down = [c for c in state.face_down_in_hand() if c != move.hand_card]
    if not state.level[slot_index].face_up:
        face_down.append(move.level_card)
    if len(face_down) > 1:
        problems.append(
            reason(
                "swap-two-face-down",
                f"your hand would hold {len(face_down)} face-down cards",
            )
        )
    return problems


def possible_swaps(state: State) -> list[Swap]:
    found = []
    for slot in state.level:
        for held in state.hand:
            move = Swap(level_card=slot.card, hand_card=held.card)
            if not swap_problems(state, move):
                found.append(move)
    return found


def swap_blocks(state: State) -> bool:
    """A swap ability was used and a swap can be made: it must be made first. With no swap
    possible (no Level Card in hand, say), the ability has nothing to do and play goes on."""
    return state.swap_pending and bool(possible_swaps(state))


def swap_unresolved(state: State) -> Outcome | None:
    """An ability resolves at once (rule 6.5): nothing else happens before its swap."""
    if swap_blocks(state):
        return illegal(
            "Illegal: first carry out the swap of the ability you just used.",
            [reason("swap-not-resolved", "a swap ability was used and its swap is not done")],
            answer="No: first make the swap of the ability you have just used; it resolves at "
            "once.",
        )
    return None
