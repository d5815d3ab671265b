"""Passing the current Level Card: which cost, which buttons, and where the hero goes next."""

from __future__ import annotations

from collections import Counter

from games.core import Reason
from games.hyperstar_run import reasons as rr
from games.hyperstar_run.moves import PassCard, Source
from games.hyperstar_run.outcome import (
    Outcome,
    describe,
    game_over,
    illegal,
    legal,
    ordinal_place,
    reason,
)
from games.hyperstar_run.payment import cover_gap, is_submultiset
from games.hyperstar_run.state import STAR, Held, LevelFace, State
from games.hyperstar_run.swapping import swap_unresolved

COST_NAMES = {
    "enemy": "enemy cost",
    "combo-start": "combo start cost",
    "combo-continue": "combo continue cost",
}


def connects(before: LevelFace | None, current: LevelFace | None) -> bool:
    """Reference ruling `combo-line-connects`: the earlier line reaches its right edge, the
    current line its left edge, and both are the same colour."""
    if before is None or current is None:
        return False
    a, b = before.combo_line, current.combo_line
    return a is not None and b is not None and a.right and b.left and a.colour == b.colour


def combo_problems(state: State) -> tuple[list[Reason], list[str]]:
    """Why the continue cost may not be paid here (rules 7.3-7.6), with the rulings used."""
    problems: list[Reason] = []
    used: list[str] = [rr.CONTINUE_NEEDS_COMBO]
    if not state.combo:
        where = (
            "this is the first card of the run"
            if state.hero == 0
            else f"{state.level[state.hero - 1].card} was not passed with a combo cost"
        )
        problems.append(reason("no-combo-running", f"no combo is running: {where}"))
    elif state.ability_used:
        problems.append(
            reason(
                "combo-ended-by-ability",
                "an ability was used on the current card, which ended the combo",
            )
        )
        used.append(rr.ABILITY_OUTSIDE_COMBO)
    if state.hero > 0:
        before = state.level[state.hero - 1].card
        current = state.level[state.hero].card
        if not connects(state.faces.get(before), state.faces.get(current)):
            problems.append(
                reason(
                    "combo-line-not-connected",
                    f"the combo line of {current} does not connect to that of {before}",
                )
            )
            used.append(rr.LINE_CONNECTS)
    return problems, used


def _discard_problem(state: State, source: Source) -> tuple[Reason | None, list[str]]:
    index = state.hand_index(source.card)
    if index is None:
        if source.card.startswith("E") and any(h.card == source.card for h in state.discard):
            return reason(
                "equipment-button-lost",
                f"{source.card} is already in the discard pile: a button it did not give "
                "then is lost",
            ), []
        return reason("discard-not-in-hand", f"{source.card} is not in your hand"), []
    if not state.hand[index].face_up:
        return reason(
            "discard-face-down", f"{source.card} is face down; only face-up cards give buttons"
        ), [rr.FACE_DOWN_NO_BUTTONS]
    return None, []


def _press_problem(state: State, source: Source) -> tuple[Reason | None, list[str]]:
    if source.card.startswith("E"):
        return reason(
            "press-equipment", f"{source.card} is an Equipment Card, never in the level"
        ), []
    index = state.level_index(source.card)
    if index is None:
        return reason("press-not-in-level", f"{source.card} is not in the level"), []
    slot = state.level[index]
    if index >= state.hero:
        where = "is your current card" if index == state.hero else "lies ahead of the hero"
        return reason(
            "press-not-passed-this-run",
            f"{source.card} ({ordinal_place(state, index)}) {where}: not passed this run",
        ), [rr.PASSED_THIS_RUN]
    if not slot.face_up:
        return reason("press-face-down", f"{source.card} is face down"), [rr.FACE_DOWN_NO_BUTTONS]
    if slot.pressed:
        return reason("press-already-pressed", f"{source.card} was already pressed this run"), [
            rr.PRESSED_ONCE
        ]
    return None, []


def check_sources(state: State, sources: list[Source]) -> tuple[list[Reason], list[str]]:
    """Every source must be a card that can give those buttons now (rules 5.3-5.6)."""
    problems: list[Reason] = []
    used: list[str] = []
    seen: set[str] = set()
    for source in sources:
        if source.card in seen:
            problems.append(reason("card-used-twice", f"{source.card} is named twice"))
            continue
        seen.add(source.card)
        check = _discard_problem if source.via == "discard" else _press_problem
        problem, rulings = check(state, source)
        used.extend(rulings)
        if problem is not None:
            problems.append(problem)
            continue
        printed = state.buttons_of(source.card) or []
        if not is_submultiset(source.buttons, printed):
            problems.append(
                reason(
                    "button-not-on-card",
                    f"{source.card} shows {describe(printed)}, not {describe(source.buttons)}",
                )
            )
            used.append(rr.FACES_IN_STATE)
        elif len(source.buttons) > 1 and source.via == "press":
            used.append(rr.SEVERAL_BUTTONS)
    return problems, used


def lost_buttons(state: State, sources: list[Source]) -> list[Reason]:
    """Buttons of discarded cards that go unused are lost (rule 5.6)."""
    found: list[Reason] = []
    for source in sources:
        if source.via != "discard":
            continue
        left = Counter(state.buttons_of(source.card) or []) - Counter(source.buttons)
        if left:
            found.append(
                reason(
                    "equipment-button-lost",
                    f"{source.card} is discarded for {describe(source.buttons)}; its unused "
                    f"{describe(sorted(left.elements()))} is lost",
                )
            )
    return found


def after_pass(state: State, move: PassCard) -> State:
    """Discard and press the sources, move the hero on and flip the next card (rule 4.4)."""
    discarded = [s.card for s in move.sources if s.via == "discard"]
    pressed = {s.card for s in move.sources if s.via == "press"}
    level = [
        slot.model_copy(update={"pressed": True}) if slot.card in pressed else slot
        for slot in state.level
    ]
    hero = state.hero + 1
    won = hero == len(level)
    if not won:
        level[hero] = level[hero].model_copy(update={"face_up": True})
    return state.model_copy(
        update={
            "hand": [h for h in state.hand if h.card not in discarded],
            "discard": [*state.discard, *(Held(card=c, face_up=True) for c in discarded)],
            "level": level,
            "hero": hero,
            "combo": move.cost != "enemy",
            "ability_used": False,
            "swap_pending": False,
            "outcome": "won" if won else "playing",
        }
    )


def _paid_with(move: PassCard) -> str:
    parts = [
        f"{'discarding' if s.via == 'discard' else 'pressing'} {s.card} {describe(s.buttons)}"
        for s in move.sources
    ]
    return ", ".join(parts) or "nothing"


def _legal_reasons(
    state: State, move: PassCard, cost: list[str], nxt: State
) -> tuple[list[Reason], list[str]]:
    card = state.level[state.hero].card
    used: list[str] = []
    found = [
        reason(
            "cost-paid",
            f"{card}'s {COST_NAMES[move.cost]} {describe(cost)} is paid by {_paid_with(move)}",
        )
    ]
    played = [b for s in move.sources for b in s.buttons]
    if STAR in cost:
        found.append(
            reason("star-takes-any-button", f"the star in {describe(cost)} takes any button")
        )
        if STAR in played:
            used.append(rr.STAR_BUTTONS)
    found.extend(lost_buttons(state, move.sources))
    if move.cost == "combo-start":
        if state.combo_running():
            found.append(
                reason("combo-ended", "the running combo ends: its continue cost is not paid")
            )
            used.append(rr.START_DURING_COMBO)
        found.append(reason("combo-started", f"a combo starts on {card}"))
    elif move.cost == "combo-continue":
        found.append(reason("combo-continued", f"the combo continues through {card}"))
        used.extend([rr.CONTINUE_NEEDS_COMBO, rr.LINE_CONNECTS])
    elif state.combo_running():
        found.append(reason("combo-ended", "the combo ends: the continue cost is not paid"))
    if nxt.outcome == "won":
        found.append(reason("final-card-passed", f"{card} was the final card: you win"))
    else:
        found.append(reason("hero-moves-on", f"the hero moves on to {nxt.level[nxt.hero].card}"))
    return found, used


def judge_pass(state: State, move: PassCard) -> Outcome:
    blocked = game_over(state) or swap_unresolved(state)
    if blocked is not None:
        return blocked
    card = state.level[state.hero].card
    face = state.faces[card]  # check_move makes sure the current face is given
    cost = face.cost(move.cost)
    if cost is None:
        return illegal(
            f"Illegal: {card} has no {COST_NAMES[move.cost]}.",
            [
                reason(
                    "cost-not-printed",
                    f"the face given for {card} shows no {COST_NAMES[move.cost]}",
                )
            ],
            [rr.FACES_IN_STATE],
        )
    problems: list[Reason] = []
    used: list[str] = []
    if move.cost == "combo-continue":
        problems, used = combo_problems(state)
    source_problems, source_rulings = check_sources(state, move.sources)
    problems += source_problems
    used += source_rulings
    if not source_problems:
        played = [b for s in move.sources for b in s.buttons]
        unpaid, surplus = cover_gap(cost, played)
        if unpaid and not played:
            problems.append(
                reason("no-buttons-played", f"{describe(cost)} is paid with no button at all")
            )
        elif unpaid:
            problems.append(
                reason(
                    "cost-not-covered",
                    f"{describe(cost)} needs {describe(unpaid)} more than {describe(played)} pays",
                )
            )
        if surplus:
            problems.append(
                reason("button-not-needed", f"{describe(surplus)} pays no icon of {describe(cost)}")
            )
            used.append(rr.COVER_EXACTLY)
        if STAR in played and (unpaid or surplus):
            used.append(rr.STAR_BUTTONS)
    if problems:
        return illegal(
            f"Illegal: {card} cannot be passed this way: {problems[0].detail}.", problems, used
        )
    nxt = after_pass(state, move)
    found, more = _legal_reasons(state, move, cost, nxt)
    where = (
        "you win the game"
        if nxt.outcome == "won"
        else f"the hero moves on to {nxt.level[nxt.hero].card}"
    )
    return legal(
        f"Legal: paying {card}'s {COST_NAMES[move.cost]} passes it, and {where}.",
        found,
        nxt,
        used + more,
    )
