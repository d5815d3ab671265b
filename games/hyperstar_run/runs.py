"""Ending a run (rules 8.1-8.8) and checking a setup (rules 2.1-2.6)."""

from __future__ import annotations

from games.core import Reason
from games.hyperstar_run import reasons as rr
from games.hyperstar_run.moves import EndRun
from games.hyperstar_run.outcome import (
    Outcome,
    describe,
    game_over,
    illegal,
    legal,
    reason,
)
from games.hyperstar_run.passing import COST_NAMES, combo_problems
from games.hyperstar_run.payment import first_payment, resources
from games.hyperstar_run.state import LEVEL_SIZE, RUNS, Held, State
from games.hyperstar_run.swapping import swap_unresolved


def available_pass(state: State) -> str | None:
    """A cost of the current card the player could pay now, described; None if there is none.

    Only used to say so in a note: ending a run is allowed either way (reference ruling
    `ending-a-run-voluntarily`)."""
    card = state.level[state.hero].card
    face = state.faces.get(card)
    if face is None:
        return None
    kinds = ["enemy", "combo-start"]
    if state.hero > 0 and not combo_problems(state)[0]:
        kinds.append("combo-continue")
    have = resources(state)
    for kind in kinds:
        cost = face.cost(kind)
        if cost is None:
            continue
        found = first_payment(cost, have)
        if found is not None:
            cards = ", ".join(f"{r.card} {describe(b)}" for r, b in found)
            return f"{card}'s {COST_NAMES[kind]} {describe(cost)} could be paid with {cards}"
    return None


def next_run(state: State) -> State:
    """The five steps of rule 8.3, in order."""
    hand = [*state.hand, *state.discard]  # step 1: discards come back
    first = state.level[0]
    hand.append(Held(card=first.card, face_up=first.face_up))  # step 2: leftmost to hand
    hand = [Held(card=h.card, face_up=True) for h in hand]  # step 3: flip face up
    level = [s.model_copy(update={"pressed": False}) for s in state.level[1:]]  # step 4
    level[0] = level[0].model_copy(update={"face_up": True})  # step 5: hero to the new first
    return state.model_copy(
        update={
            "hand": hand,
            "discard": [],
            "level": level,
            "hero": 0,
            "run": state.run + 1,
            "combo": False,
            "ability_used": False,
            "swap_pending": False,
        }
    )


def judge_end_run(state: State, move: EndRun) -> Outcome:
    blocked = game_over(state) or swap_unresolved(state)
    if blocked is not None:
        return blocked
    card = state.level[state.hero].card
    found = [reason("run-ends", f"run {state.run} ends at {card}, card {state.hero + 1}")]
    used: list[str] = []
    notes: list[str] = []
    could = available_pass(state)
    if could is not None:
        used.append(rr.END_RUN_VOLUNTARILY)
        notes.append(f"You could still pass: {could}. Ending the run now is your choice.")
    if state.run == RUNS:
        found.append(
            reason("fourth-run-lost", "this was the 4th run and the final card is not passed")
        )
        lost = state.model_copy(update={"outcome": "lost"})
        return legal(
            "Legal: your fourth run ends short of the final card, so you lose the game.",
            found,
            lost,
            used,
            notes,
        )
    nxt = next_run(state)
    first = state.level[0].card
    found += [
        reason("discards-return", f"{len(state.discard)} discarded card(s) return to your hand"),
        reason("leftmost-to-hand", f"{first}, the leftmost card of the level, joins your hand"),
        reason("hand-flipped-up", "every face-down card in your hand is flipped face up"),
        reason("pressed-reset", "every pressed card in the level shifts back up"),
        reason(
            "hero-next-run",
            f"the Hero Card turns to {nxt.run} and stands over {nxt.level[0].card}",
        ),
    ]
    return legal(
        f"Legal: run {state.run} ends; run {nxt.run} starts at {nxt.level[0].card} with "
        f"{len(nxt.hand)} cards in hand.",
        found,
        nxt,
        used,
        notes,
    )


def setup_problems(state: State) -> list[Reason]:
    """How the board differs from a fresh setup (rules 2.1-2.6)."""
    problems: list[Reason] = []
    if state.run != 1 or state.hero != 0 or state.outcome != "playing":
        problems.append(
            reason("setup-hero-start", "the hero must stand over the leftmost card, on run 1")
        )
    if state.combo or state.ability_used or state.discard:
        problems.append(reason("setup-hero-start", "play has already begun"))
    if state.level and not state.level[0].face_up:
        problems.append(
            reason("setup-current-face-up", f"the current card {state.level[0].card} is face down")
        )
    up = [s.card for s in state.level[1:] if s.face_up]
    if up:
        problems.append(
            reason("setup-level-face-down", f"{', '.join(up)} should still be face down")
        )
    level_in_hand = [h for h in state.hand if h.card.startswith("L")]
    if len(level_in_hand) != 3 or not all(h.face_up for h in level_in_hand):
        problems.append(
            reason(
                "setup-hand-level-cards",
                f"the hand holds {len(level_in_hand)} Level Card(s); it needs 3, face up",
            )
        )
    equipment = [h for h in state.hand if h.card.startswith("E")]
    if len(equipment) != 2 or not all(h.face_up for h in equipment):
        problems.append(
            reason("setup-hand-equipment", "both Equipment Cards must be in hand, face up")
        )
    return problems


def judge_setup(state: State) -> Outcome:
    problems = setup_problems(state)
    if problems:
        return illegal(f"Not a correct setup: {problems[0].detail}.", problems)
    size = LEVEL_SIZE[state.difficulty]
    found = [
        reason("setup-level-size", f"{state.difficulty.title()} has {size} cards in the level"),
        reason("setup-current-face-up", f"{state.level[0].card} is face up under the hero"),
        reason("setup-hand-level-cards", "3 Level Cards in hand; the rest set aside"),
        reason("setup-hand-equipment", "both Equipment Cards are in hand"),
    ]
    return legal("Legal: this is a correct setup.", found, state)
