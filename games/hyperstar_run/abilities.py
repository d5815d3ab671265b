"""Using the current card's ability (rules 6.1-6.6, 7.6) and the swap some abilities make
(rules 10.1, 10.2)."""

from __future__ import annotations

from games.core import Reason
from games.core.words import cap
from games.hyperstar_run import reasons as rr
from games.hyperstar_run.moves import Swap, UseAbility
from games.hyperstar_run.naming import card_name
from games.hyperstar_run.outcome import Outcome, game_over, illegal, legal, reason, set_aside
from games.hyperstar_run.state import Held, Slot, State
from games.hyperstar_run.swapping import swap_problems, swap_unresolved

EFFECT_NOTE = (
    "The reference does not hold this card's ability text: carrying out its effect is yours."
)
SWAP_NOTE = (
    "Which cards this ability may swap is printed on the card, which the reference does not "
    "hold: check that the card allows this pair."
)


def _payment_problem(state: State, move: UseAbility) -> Reason | None:
    index = state.hand_index(move.card)
    aside = set_aside(state, move.card)
    if aside is not None:
        return aside
    if index is None:
        return reason(
            "ability-card-not-in-hand", f"{card_name(state, move.card)} is not in your hand"
        )
    held = state.hand[index]
    if move.pay == "flip":
        if not held.face_up:
            return reason(
                "ability-flip-needs-face-up", f"{card_name(state, move.card)} is already face down"
            )
    elif held.face_up:
        return reason(
            "ability-discard-needs-face-down",
            f"{card_name(state, move.card)} is face up: a face-up card pays for an ability by "
            "being flipped",
        )
    return None


def after_ability(state: State, move: UseAbility) -> State:
    face = state.faces[state.level[state.hero].card]
    swaps = face.ability is not None and face.ability.swap
    if move.pay == "flip":
        hand = [Held(card=h.card, face_up=False) if h.card == move.card else h for h in state.hand]
        discard = list(state.discard)
    else:
        hand = [h for h in state.hand if h.card != move.card]
        discard = [*state.discard, Held(card=move.card, face_up=False)]
    return state.model_copy(
        update={"hand": hand, "discard": discard, "ability_used": True, "swap_pending": swaps}
    )


def judge_ability(state: State, move: UseAbility) -> Outcome:
    blocked = game_over(state) or swap_unresolved(state)
    if blocked is not None:
        return blocked
    face = state.faces[state.level[state.hero].card]  # check_move: the current face is given
    card = "your current card"
    if face.ability is None:
        return illegal(
            f"Illegal: {card} has no ability to use.",
            [reason("no-ability", f"the face given for {card} shows no ability")],
            [rr.FACES_IN_STATE],
            answer=f"No: {card} has no ability to use.",
        )
    if state.ability_used:
        return illegal(
            f"Illegal: {card}'s ability was already used; it may be used once.",
            [reason("ability-already-used", "its ability has been used while it is current")],
            answer=f"No: you have already used {card}'s ability, and it may be used once while "
            "it is your current card.",
        )
    problem = _payment_problem(state, move)
    if problem is not None:
        return illegal(
            f"Illegal: the ability cannot be paid this way: {problem.detail}.",
            [problem],
            answer=f"No: you cannot pay for {card}'s ability that way: {problem.detail}.",
        )
    voided: list[Reason] = []
    face_down = state.face_down_in_hand()
    paid = card_name(state, move.card)
    if move.pay == "flip" and face_down:
        # Rule 6.4 overrides the payment chosen: the ability stands, paid with the card
        # already face down.
        voided.append(
            reason(
                "flip-void-discard-instead",
                f"you already hold a face-down card, so flipping {paid} is void: your "
                f"face-down card is discarded to pay instead and {paid} stays face up",
            )
        )
        move = UseAbility(pay="discard", card=face_down[0])
        paid = "your face-down card"
    how = "flipping" if move.pay == "flip" else "discarding"  # `paid` says face-down
    # Paid by discarding a face-down card, that way of paying (rule 6.2) is what is disputed:
    # it comes first and decides (a flip voided for it is decided by its void, rule 6.4).
    # An Equipment Card flipped to pay: whether it is a face-up card of your hand (6.2) is
    # the part in doubt, so it decides over the use (6.1).
    equipment = move.pay == "flip" and move.card.startswith("E")
    found = [
        *(
            [reason("ability-paid-by-discard", f"discarding {paid} pays for an ability")]
            if move.pay == "discard"
            else []
        ),
        *(
            [
                reason(
                    "ability-paid-by-equipment",
                    f"{paid} is a face-up card in your hand: flipping it pays for an ability",
                )
            ]
            if equipment
            else []
        ),
        reason("ability-used", f"{card}'s ability is used, paid by {how} {paid}"),
        reason(
            "ability-paid",
            f"{paid} goes to the discard pile face down"
            if move.pay == "discard"
            else f"{paid} is flipped face down in your hand",
        ),
    ]
    used: list[str] = []
    if state.combo_running():
        found.append(reason("combo-ended-by-ability", "the running combo ends"))
    elif state.combo:
        used.append(rr.ABILITY_OUTSIDE_COMBO)
    notes: list[str] = []
    if face.ability.swap:
        found.append(
            reason("ability-swap-next", "its swap is carried out now, before anything else")
        )
    else:
        found.append(reason("ability-effect-is-yours", "it resolves at once; apply its effect"))
        used.append(rr.ABILITY_EFFECTS)
        notes.append(EFFECT_NOTE)
    text = f' ("{face.ability.text}")' if face.ability.text else ""
    answer = f"Yes, you can use {card}'s ability{text} by {how} {paid}."
    if voided:
        answer = (
            f"Yes, you can use {card}'s ability{text}, but not by flipping: you already hold "
            "a face-down card, so you discard it to pay."
        )
    if state.combo_running():
        answer += " Using it ends your combo."
    return legal(
        f"You may use {card}'s ability{text} by {how} {paid}.",
        found,
        after_ability(state, move),
        used,
        notes,
        answer=answer,
        voided=voided,
    )


def after_swap(state: State, move: Swap) -> State:
    """Each card keeps its face (10.1); the incoming one takes the slot's pressed state (10.2)."""
    slot_index = state.level_index(move.level_card)
    hand_index = state.hand_index(move.hand_card)
    assert slot_index is not None and hand_index is not None
    slot, held = state.level[slot_index], state.hand[hand_index]
    level = list(state.level)
    level[slot_index] = Slot(card=held.card, face_up=held.face_up, pressed=slot.pressed)
    hand = list(state.hand)
    hand[hand_index] = Held(card=slot.card, face_up=slot.face_up)
    fresh = slot_index == state.hero
    # A card swapped in behind the hero was never passed this run; the card it replaces, if
    # it came in that way too, has left the level.
    swapped_in = [c for c in state.swapped_in if c != slot.card]
    if slot_index < state.hero:
        swapped_in.append(held.card)
    if fresh and not held.face_up:
        # The card under the hero is the current card and is played face up (rules 2.6,
        # 4.4); see `judge_swap`.
        level[slot_index] = level[slot_index].model_copy(update={"face_up": True})
    return state.model_copy(
        update={
            "level": level,
            "hand": hand,
            "swap_pending": False,
            "swapped_in": swapped_in,
            # A new current card's ability may be used (6.6); the combo the swap ability
            # ended stays ended (7.6).
            "ability_used": False if fresh else state.ability_used,
            "combo": False if fresh else state.combo,
        }
    )


def judge_swap(state: State, move: Swap) -> Outcome:
    blocked = game_over(state)
    if blocked is not None:
        return blocked
    if not state.swap_pending:
        return illegal(
            "Illegal: cards swap only as the effect of a swap ability you have just used.",
            [reason("no-swap-pending", "no swap ability is waiting to be carried out")],
            [rr.SWAPS],
            answer="No: cards swap only as the effect of a swap ability you have just used.",
        )
    problems = swap_problems(state, move)
    if problems:
        return illegal(
            f"Illegal: this swap cannot be made: {problems[0].detail}.",
            problems,
            [rr.SWAPS],
            answer=f"No: you cannot make this swap: {problems[0].detail}.",
        )
    nxt = after_swap(state, move)
    index = state.level_index(move.level_card)
    assert index is not None
    slot = state.level[index]
    going, coming = card_name(state, move.level_card), card_name(state, move.hand_card)
    found = [
        reason("swap-keeps-face", f"{coming} and {going} keep their faces"),
        reason(
            "swap-enters-pressed" if slot.pressed else "swap-takes-pressed-state",
            f"{coming} enters the level {'pressed' if slot.pressed else 'unpressed'}",
        ),
    ]
    notes = [SWAP_NOTE]
    if index == state.hero:
        found.append(
            reason(
                "swap-fresh-current-card",
                f"{coming} is now your current card; its ability may be used",
            )
        )
        held = state.hand[state.hand_index(move.hand_card) or 0]
        if not held.face_up:
            found.append(
                reason(
                    "current-card-flipped-up",
                    f"{coming} arrives face down as your current card and is flipped face up",
                )
            )
            notes.append(
                "A swapped card keeps its face (rule 10.1), and your current card is played "
                "face up (rules 2.6, 4.4); the rulebook does not say which comes first when a "
                "face-down card is swapped in under the hero. We flip it face up."
            )
    return legal(
        f"{cap(going)} goes to your hand and {coming} takes its place.",
        found,
        nxt,
        [rr.SWAPS],
        notes,
        answer=f"Yes, you can swap: {going} goes to your hand and {coming} "
        "takes its place in the level"
        + (", pressed, as the card it swapped with was." if slot.pressed else "."),
    )
