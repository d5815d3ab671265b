"""Every legal move of a position: the finite move space of Hyperstar Run.

Claims and setup checks are questions, not moves of play, so they are not listed.
"""

from __future__ import annotations

from games.core.rules import TooManyMoves
from games.hyperstar_run.checks import needs_edges, needs_hand, needs_part
from games.hyperstar_run.moves import EndRun, PassCard, Source, Swap, UseAbility
from games.hyperstar_run.passing import combo_problems
from games.hyperstar_run.payment import TooManyPayments, payments, resources
from games.hyperstar_run.runs import available_pass
from games.hyperstar_run.state import State
from games.hyperstar_run.swapping import possible_swaps, swap_blocks

# Past this many ways to pay one card, the position is not listed (a hostile board of many
# star icons could otherwise have millions).
PAYMENT_LIMIT = 5000


def ability_moves(state: State) -> list[UseAbility]:
    card = state.level[state.hero].card
    face = state.faces.get(card)
    if face is not None and not state.ability_used:
        needs_part(state, card, "ability", "whether it can be used rests on it")
    if face is None or face.ability is None or state.ability_used:
        return []
    needs_hand(state, "the ways to pay for the ability rest on it")
    face_down = state.face_down_in_hand()
    if face_down:
        return [UseAbility(pay="discard", card=face_down[0])]
    return [UseAbility(pay="flip", card=h.card) for h in state.hand if h.face_up]


def pass_moves(state: State) -> list[PassCard]:
    card = state.level[state.hero].card
    face = state.faces.get(card)
    if face is None:
        return []
    # The list is complete or refused: a cost or a combo line not described would leave
    # moves out (or in) by a guess.
    for part in ("enemy", "combo_start"):
        needs_part(state, card, part, "the moves you can make rest on it")
    needs_edges(state)
    needs_hand(state, "the cards that can pay rest on it")
    kinds = ["enemy", "combo-start"]
    if state.hero > 0 and not combo_problems(state)[0]:
        needs_part(state, card, "combo_continue", "the moves you can make rest on it")
        kinds.append("combo-continue")
    have = resources(state)
    found: list[PassCard] = []
    for kind in kinds:
        cost = face.cost(kind)
        if cost is None:
            continue
        try:
            for payment in payments(cost, have, limit=PAYMENT_LIMIT):
                sources = [Source(card=r.card, via=r.via, buttons=list(b)) for r, b in payment]
                found.append(PassCard(cost=kind, sources=sources))  # type: ignore[arg-type]
        except TooManyPayments:
            raise TooManyMoves from None
    return found


def legal_moves(state: State) -> list[PassCard | UseAbility | Swap | EndRun]:
    """Raises TooManyMoves when the position has too many ways to pay to list them."""
    if state.outcome != "playing":
        return []
    if state.swap_pending:
        needs_hand(state, "the swaps you can make rest on it")
    if swap_blocks(state):
        return list(possible_swaps(state))
    passes = pass_moves(state)
    # The run ends only when the current card cannot be passed (rules 3.2, 8.1; reference
    # ruling `ending-a-run-voluntarily`): never while a pass is listed.
    ends = [] if passes or available_pass(state) is not None else [EndRun()]
    return [*passes, *ability_moves(state), *ends]
