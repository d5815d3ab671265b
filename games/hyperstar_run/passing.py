"""Passing the current Level Card: which cost, which buttons, and where the hero goes next."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import product
from math import prod

from games.core import InvalidMove, Reason
from games.core.readings import ours
from games.core.words import agree
from games.hyperstar_run import reasons as rr
from games.hyperstar_run.checks import needs_lines
from games.hyperstar_run.claims import NAMES, achievement
from games.hyperstar_run.moves import PassCard, PressCard, Source
from games.hyperstar_run.naming import card_name, giving, level_place
from games.hyperstar_run.outcome import (
    Outcome,
    describe,
    game_over,
    illegal,
    legal,
    reason,
    set_aside,
)
from games.hyperstar_run.payment import cover_gap, is_submultiset, pays, submultisets
from games.hyperstar_run.state import STAR, Held, LevelFace, State
from games.hyperstar_run.swapping import swap_unresolved

COST_NAMES = {
    "enemy": "enemy cost",
    "combo-start": "combo start cost",
    "combo-continue": "combo continue cost",
}


def connects(before: LevelFace | None, current: LevelFace | None) -> bool:
    """Reference ruling `combo-line-connects`: the earlier line reaches its right edge and the
    current line its left edge, so the two meet. Their colours play no part: the book never
    makes a match of colours a condition (a line's colour is kept for the picture only). Read
    the other way, two lines of different colours, both named, do not connect."""
    if before is None or current is None:
        return False
    a, b = before.combo_line, current.combo_line
    if a is None or b is None or a.right is not True or b.left is not True:
        return False
    if a.colour and b.colour and a.colour.casefold() != b.colour.casefold():
        return ours(rr.LINE_CONNECTS)
    return True


def lines_described(before: LevelFace | None, current: LevelFace | None) -> bool:
    """Whether the right edge of the card before and the left edge of the current card were
    both described (a face not given at all is ruled as showing no line, as before)."""
    for face, edge in ((before, "right"), (current, "left")):
        if face is None:
            continue
        if not face.described("combo_line"):
            return False
        if face.combo_line is not None and getattr(face.combo_line, edge) is None:
            return False
    return True


def combo_problems(state: State) -> tuple[list[Reason], list[str]]:
    """Why the continue cost may not be paid here (rules 7.3-7.6), with the rulings used.

    Reference ruling `continue-needs-a-running-combo`: only the card before passed with a combo
    cost lets the continue cost be paid. Read the other way, it may be paid wherever the current
    card's line connects to that of the card before, however that card was passed (no ability
    used on the current card, on either reading). The reading is asked only there: where the
    lines do not connect, or an ability was used, both readings refuse alike."""
    problems: list[Reason] = []
    used: list[str] = [rr.CONTINUE_NEEDS_COMBO]
    if not state.combo:
        where = (
            "this is the first card of the run"
            if state.hero == 0
            else f"{level_place(state.hero - 1)} was not passed with a combo cost"
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
        before = state.faces.get(state.level[state.hero - 1].card)
        current = state.faces.get(state.level[state.hero].card)
        open_either_way = not state.combo and not state.ability_used
        # Lines not described are not guessed at: a running combo needs them (`check_move`
        # refuses), and with none running the ruling does not rest on them (on our reading).
        if not lines_described(before, current):
            if open_either_way and not ours(rr.CONTINUE_NEEDS_COMBO):
                needs_lines(state, "whether the combo lines connect rests on it")
            return problems, used
        if not connects(before, current):
            problems.append(
                reason(
                    "combo-line-not-connected",
                    f"the combo line of your current card does not connect to that of "
                    f"{level_place(state.hero - 1)}",
                )
            )
            used.append(rr.LINE_CONNECTS)
        elif open_either_way and not ours(rr.CONTINUE_NEEDS_COMBO):
            problems = []  # read the other way, the lines connecting is enough
            used.append(rr.LINE_CONNECTS)
    return problems, used


def _discard_problem(state: State, source: Source) -> tuple[Reason | None, list[str]]:
    index = state.hand_index(source.card)
    aside = set_aside(state, source.card)
    if aside is not None:
        return aside, []
    if index is None:
        gone = any(h.card == source.card for h in state.discard)
        # Named for a button it did not give when it was discarded: that button is lost (5.6).
        # Named for all its buttons, it is simply no longer in your hand (5.4).
        whole = Counter(source.buttons) == Counter(state.buttons_of(source.card) or [])
        if source.card.startswith("E") and gone and not whole:
            return reason(
                "equipment-button-lost",
                f"{card_name(state, source.card)} is already in the discard pile: a button "
                "it did not give "
                "then is lost",
            ), []
        return reason(
            "discard-not-in-hand", f"{card_name(state, source.card)} is not in your hand"
        ), []
    if not state.hand[index].face_up:
        return reason(
            "discard-face-down",
            f"{card_name(state, source.card)} is face down; only face-up cards give buttons",
        ), [rr.FACE_DOWN_NO_BUTTONS]
    return None, []


def _press_problem(state: State, source: Source) -> tuple[Reason | None, list[str]]:
    if source.card.startswith("E"):
        return reason(
            "press-equipment",
            f"{card_name(state, source.card)} is an Equipment Card, never in the level",
        ), []
    index = state.level_index(source.card)
    aside = set_aside(state, source.card)
    if aside is not None:
        return aside, []
    if index is None:
        return reason(
            "press-not-in-level", f"{card_name(state, source.card)} is not in the level"
        ), []
    slot = state.level[index]
    if index >= state.hero:
        where = "is your current card" if index == state.hero else "lies ahead of the hero"
        return reason(
            "press-not-passed-this-run",
            f"{level_place(index)} {where}: not passed this run",
        ), [rr.PASSED_THIS_RUN]
    if not slot.face_up:
        return reason("press-face-down", f"{level_place(index)} is face down"), [
            rr.FACE_DOWN_NO_BUTTONS
        ]
    if slot.pressed and ours(rr.PRESSED_ONCE):  # read the other way, it may be pressed again
        return reason(
            "press-already-pressed", f"{level_place(index)} was already pressed this run"
        ), [rr.PRESSED_ONCE]
    if source.card in state.swapped_in:
        # Reference ruling `passed-this-run-means-behind-the-hero`: a card a swap brought in
        # behind the hero counts as passed; read the other way, the hero never passed it.
        if not ours(rr.PASSED_THIS_RUN):
            return reason(
                "press-not-passed-this-run",
                f"{level_place(index)} was swapped in behind the hero, not passed this run",
            ), [rr.PASSED_THIS_RUN]
        return None, [rr.PASSED_THIS_RUN]
    return None, []


def judge_press(state: State, move: PressCard) -> Outcome:
    """May this card be pressed now for this button? Rule 5.5 alone: the card is in the
    level, behind the hero (passed this run), face up and not pressed yet, and the button is
    printed on it (5.3). Which cost it then pays is the pass's question, not this one."""
    blocked = game_over(state) or swap_unresolved(state)
    if blocked is not None:
        return blocked
    button = state.spelling(move.button)
    source = Source(card=move.card, via="press", buttons=[button])
    named = card_name(state, move.card)
    problem, used = _press_problem(state, source)
    if problem is not None:
        return illegal(
            f"Illegal: {named} cannot be pressed now: {problem.detail}.",
            [problem],
            used,
            answer=f"No: you cannot press {named}: {problem.detail}.",
        )
    printed = state.buttons_of(move.card)
    if printed is None:
        given = move.card in state.faces
        raise InvalidMove(
            f"state.faces.{move.card}" + (".buttons" if given else ""),
            f"the buttons of {named} were not described: whether it shows {button} rests on them",
        )
    if not is_submultiset([button], printed):
        return illegal(
            f"Illegal: {named} shows {describe(printed)}, not {button}.",
            [reason("button-not-on-card", f"{named} shows {describe(printed)}, not {button}")],
            [rr.FACES_IN_STATE],
            answer=f"No: {named} does not show {button}; a pressed card gives one of its "
            "own buttons.",
        )
    swapped = move.card in state.swapped_in
    passed = "swapped in behind the hero" if swapped else "passed this run"
    found = [
        reason(
            "press-allowed",
            f"{named} is face up, {passed} and not yet pressed: you may press it for its {button}",
        )
    ]
    return legal(
        f"You may press {named} for its {button} to pay a cost of your current card.",
        found,
        state,
        [rr.PASSED_THIS_RUN, rr.PRESSED_ONCE],
        answer=f"Yes, you can press {named} for its {button}: "
        + (
            "it was swapped in behind the hero, which counts as passed this run"
            if swapped
            else "you passed it this run"
        )
        + ", it is face up and you have not pressed it yet.",
    )


def check_sources(state: State, sources: list[Source]) -> tuple[list[Reason], list[str]]:
    """Every source must be a card that can give those buttons now (rules 5.3-5.6)."""
    problems: list[Reason] = []
    used: list[str] = []
    seen: set[str] = set()
    for source in sources:
        if source.card in seen:
            # Discarded once, it is no longer in your hand (5.4); pressed once, it is shifted
            # down and cannot be pressed again this run (5.5).
            if source.via == "press":
                problems.append(
                    reason(
                        "press-already-pressed",
                        f"{card_name(state, source.card)} is pressed twice: once pressed, "
                        "it is shifted down",
                    )
                )
            else:
                problems.append(
                    reason(
                        "card-used-twice",
                        f"{card_name(state, source.card)} is named twice: once discarded, it "
                        "is no longer in your hand",
                    )
                )
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
                    f"{card_name(state, source.card)} shows {describe(printed)}, not "
                    f"{describe(source.buttons)}",
                )
            )
            used.append(rr.FACES_IN_STATE)
    return problems, used


def pressed_for_several(sources: list[Source]) -> list[Source]:
    """Pressed cards named for more than one button: a pressed card gives one (rule 5.5,
    reference ruling `card-with-several-buttons`)."""
    several = [s for s in sources if s.via == "press" and len(s.buttons) > 1]
    # read the other way, a pressed card gives any of its buttons, as a discarded one does
    return several if not several or ours(rr.SEVERAL_BUTTONS) else []


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
                    f"{card_name(state, source.card)} is discarded for "
                    f"{describe(source.buttons)}; its unused "
                    f"{describe(sorted(left.elements()))} is lost",
                )
            )
    return found


TRIM_LIMIT = 4096  # ways of keeping some of the named buttons, tried before giving up


def trimmed(cost: list[str], sources: list[Source]) -> list[Source] | None:
    """The sources with the buttons the cost does not need struck out, each card still giving
    at least one button and a pressed card exactly one (rule 5.5); None when no such choice
    pays the cost exactly."""
    options = [
        [sub for sub in submultisets(s.buttons) if sub and (s.via == "discard" or len(sub) == 1)]
        for s in sources
    ]
    if prod(len(o) for o in options) > TRIM_LIMIT:
        return None
    for choice in product(*options):
        played = [b for sub in choice for b in sub]
        if pays(cost, played):
            return [
                s.model_copy(update={"buttons": list(sub)})
                for s, sub in zip(sources, choice, strict=True)
            ]
    return None


def voided_buttons(state: State, given: list[Source], kept: list[Source]) -> list[Reason]:
    """A button named but not needed is void: a discarded card's unused button is lost and a
    pressed card stays pressed (rule 5.6; reference rulings on exact payment). A pressed card
    gives one of its buttons, so any other named with it is void (rule 5.5)."""
    found: list[Reason] = []
    for before, after in zip(given, kept, strict=True):
        left = Counter(before.buttons) - Counter(after.buttons)
        if not left:
            continue
        extra = describe(sorted(left.elements()))
        named = card_name(state, before.card)
        if before.via == "press" and len(before.buttons) > 1:
            found.append(
                reason(
                    "press-extra-button-void",
                    f"{named} is pressed for {describe(after.buttons)}; a pressed card "
                    f"gives one of its buttons, so the {extra} also named is void",
                )
            )
            continue
        gone = "is lost with the discarded card" if before.via == "discard" else "goes unused"
        found.append(
            reason(
                "unneeded-button-void",
                f"{named} pays with {describe(after.buttons)}; the {extra} also named is "
                f"not needed, so it is void and {gone}",
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


def _paid_with(state: State, move: PassCard) -> str:
    parts = [
        f"{'discarding' if s.via == 'discard' else 'pressing'} {giving(state, s.card, s.buttons)}"
        for s in move.sources
    ]
    if len(parts) > 1:
        return ", ".join(parts[:-1]) + " and " + parts[-1]
    return parts[0] if parts else "nothing"


def _legal_reasons(
    state: State, move: PassCard, cost: list[str], nxt: State
) -> tuple[list[Reason], list[str], list[str]]:
    card = "your current card"
    used: list[str] = []
    notes: list[str] = []
    found = [
        reason(
            "cost-paid",
            f"{card}'s {COST_NAMES[move.cost]} {describe(cost)} is paid by "
            f"{_paid_with(state, move)}",
        )
    ]
    for source in move.sources:
        if source.via == "discard":
            found.append(
                reason(
                    "paid-by-discard",
                    f"{card_name(state, source.card)} is face up in your hand: discarded",
                )
            )
        else:
            found.append(
                reason(
                    "paid-by-press",
                    f"{card_name(state, source.card)} is face up, passed this run and not yet "
                    "pressed, so you press it",
                )
            )
    played = [b for s in move.sources for b in s.buttons]
    if STAR in cost:
        found.append(
            reason("star-takes-any-button", f"the star in {describe(cost)} takes any button")
        )
        if STAR in played:
            used.append(rr.STAR_BUTTONS)
    # an Equipment Card's button lost (rule 5.6) is what a player doubts of the payment: it
    # comes before the ways of paying and decides over them (not over a void, nor a press)
    found[1:1] = lost_buttons(state, move.sources)
    if move.cost == "combo-start":
        if STAR in cost:
            used.append(rr.STAR_IN_START)
            notes.append(STAR_IN_START_NOTE)
        if state.combo_running():
            found.append(
                reason("combo-ended", "the running combo ends: its continue cost is not paid")
            )
            used.append(rr.START_DURING_COMBO)
        found.append(reason("combo-started", f"a combo starts on {card}"))
    elif move.cost == "combo-continue":
        if state.combo:
            found.append(reason("combo-continued", f"the combo continues through {card}"))
        else:  # read the other way of continue-needs-a-running-combo: the lines connecting
            found.append(
                reason(
                    "combo-continued",
                    f"{card}'s combo line connects to that of {level_place(state.hero - 1)}: "
                    f"the combo goes on through {card}",
                )
            )
        used.extend([rr.CONTINUE_NEEDS_COMBO, rr.LINE_CONNECTS])
    elif state.combo_running():
        found.append(reason("combo-ended", "the combo ends: the continue cost is not paid"))
    if nxt.outcome == "won":
        found += _final_card(state, nxt, card, used, notes)
    else:
        found.append(reason("hero-moves-on", f"the hero moves on to {level_place(nxt.hero)}"))
    return found, used, notes


def _final_card(
    state: State, nxt: State, card: str, used: list[str], notes: list[str]
) -> list[Reason]:
    """Passing the final card wins (9.1); in challenge mode only with the achievement's
    requirement met (12.2)."""

    if state.challenge is None:
        return [reason("final-card-passed", f"{card} was the final card: you win")]
    met, why, more = achievement(nxt, state.challenge)
    name = NAMES[state.challenge]
    used.append(rr.JUDGED_AT_WIN)
    if state.challenge == "button-masher":
        used.append(rr.THREE_STARS)
    notes += more
    if met:
        return [
            reason("final-card-passed", f"{card} was the final card"),
            why,
            reason("challenge-met", f"{name}'s requirement is met: you win the challenge"),
        ]
    return [
        reason("final-card-passed", f"{card} was the final card"),
        why,
        reason("challenge-not-met", f"{name}: {why.detail}"),
    ]


STAR_IN_START_NOTE = (
    "This combo start cost shows a star. The rulebook calls a start cost two matching buttons "
    "and makes a star payable by any button; it does not say whether a star still has to "
    "match the other icon. We let the star take any button."
)


def start_problems(state: State) -> list[Reason]:
    """Why a start cost may not be paid now, read the other way of an open point; none on our
    readings (start-cost-during-a-combo, ability-outside-a-combo). Asked only where a combo runs
    or an ability was used, so a plain start consults nothing."""
    if state.combo_running() and not ours(rr.START_DURING_COMBO):
        return [
            reason(
                "combo-ended",
                "a combo is running: a new one starts only once it has ended",
            )
        ]
    if state.ability_used and not state.combo_running() and not ours(rr.ABILITY_OUTSIDE_COMBO):
        return [
            reason(
                "combo-ended-by-ability",
                "an ability was used on the current card, so no combo starts on it",
            )
        ]
    return []


def matching(buttons: Sequence[str]) -> bool:
    """Whether the buttons are all the same (a start cost's two matching buttons)."""
    return len(set(buttons)) <= 1


def _star_matching(cost: list[str], played: list[str]) -> list[Reason]:
    """Read the other way of star-in-a-combo-start-cost, the buttons paying a start cost must
    match each other, the star included. Asked only when they do not."""
    if matching(played) or ours(rr.STAR_IN_START):
        return []
    return [
        reason(
            "cost-not-covered",
            f"{describe(cost)} is a start cost, two matching buttons, and {describe(played)} "
            "do not match",
        )
    ]


def _stars_wild(cost: Sequence[str], played: Sequence[str]) -> tuple[list[str], list[str]]:
    """(icons left unpaid, buttons left over) with star buttons read as wild: the other buttons
    pay what they match, then each star button pays any one icon left."""
    wild = sum(1 for b in played if b == STAR)
    unpaid, surplus = cover_gap(cost, [b for b in played if b != STAR])
    take = min(wild, len(unpaid))
    return unpaid[take:], [*surplus, *[STAR] * (wild - take)]


def judge_pass(state: State, move: PassCard) -> Outcome:
    blocked = game_over(state) or swap_unresolved(state)
    if blocked is not None:
        return blocked
    face = state.faces[state.level[state.hero].card]  # check_move: the current face is given
    card = "your current card"
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
            answer=f"No: {card} has no {COST_NAMES[move.cost]} to pay.",
        )
    problems: list[Reason] = []
    used: list[str] = []
    if move.cost == "combo-continue":
        problems, used = combo_problems(state)
    elif move.cost == "combo-start":
        problems += start_problems(state)
    source_problems, source_rulings = check_sources(state, move.sources)
    problems += source_problems
    used += source_rulings
    voided: list[Reason] = []
    overpaid: list[str] = []  # buttons played beyond the cost, on the other exact-cover reading
    if not source_problems:
        played = [b for s in move.sources for b in s.buttons]
        unpaid, surplus = cover_gap(cost, played)
        if STAR in played and unpaid and not ours(rr.STAR_BUTTONS):
            unpaid, surplus = _stars_wild(cost, played)  # read the other way: stars are wild
        several = pressed_for_several(move.sources)
        kept = trimmed(cost, move.sources) if (surplus or several) and not unpaid else None
        if kept is not None:
            voided = voided_buttons(state, move.sources, kept)
            if surplus:
                used.append(rr.COVER_EXACTLY)
            used.append(rr.SEVERAL_BUTTONS)
            move = move.model_copy(update={"sources": kept})
            played = [b for s in kept for b in s.buttons]
            unpaid, surplus = cover_gap(cost, played)
        elif several:
            for source in several:
                problems.append(
                    reason(
                        "press-gives-one-button",
                        f"{card_name(state, source.card)} is pressed for "
                        f"{describe(source.buttons)}, but a "
                        "pressed card gives only one of its buttons",
                    )
                )
            used.append(rr.SEVERAL_BUTTONS)
        if surplus and not unpaid and not ours(rr.COVER_EXACTLY):
            # Read the other way, buttons beyond the cost may be played: they pay nothing, and
            # the card that gives them is spent all the same. Asked only of a payment that
            # covers the cost with a whole card to spare (a spare button on a card that pays
            # is void on either reading).
            overpaid, surplus = surplus, []
            used.append(rr.COVER_EXACTLY)
        if unpaid and not played:
            problems.append(
                reason("no-buttons-played", f"{describe(cost)} is paid with no button at all")
            )
        elif unpaid:
            problems.append(
                reason(
                    "cost-not-covered",
                    f"{describe(cost)} needs {describe(unpaid)} more than {describe(played)} pays"
                    + (
                        " (a star button is not wild: it pays only a star in a cost)"
                        if STAR in played and any(i != STAR for i in unpaid)
                        else ""
                    ),
                )
            )
        if surplus:
            problems.append(
                reason("button-not-needed", f"{describe(surplus)} pays no icon of {describe(cost)}")
            )
            used.append(rr.COVER_EXACTLY)
        if STAR in played and (unpaid or surplus):
            used.append(rr.STAR_BUTTONS)
        if move.cost == "combo-start" and STAR in cost and not unpaid and not surplus:
            paying = list((Counter(played) - Counter(overpaid)).elements())
            problems += _star_matching(cost, paying)
    if problems:
        # Buttons that do not cover the cost fail on every reading of when a continue cost may
        # be paid (rules 7.3-7.6): the cost (rule 5.1) decides, and is said first.
        unpaid_first = ("cost-not-covered", "no-buttons-played")
        problems.sort(key=lambda p: p.code not in unpaid_first)
        return illegal(
            f"Illegal: {card} cannot be passed this way: {problems[0].detail}.",
            problems,
            used,
            answer=f"No: you cannot pass {card} this way: {problems[0].detail}.",
        )
    nxt = after_pass(state, move)
    found, more, notes = _legal_reasons(state, move, cost, nxt)
    where = (
        "you win the game"
        if nxt.outcome == "won"
        else f"the hero moves on to {level_place(nxt.hero)}"
    )
    pays = agree(move.sources, "pays", "pay")
    answer = (
        f"Yes, you can pass {card}: {_paid_with(state, move)} {pays} its {COST_NAMES[move.cost]} "
        f"{describe(cost)}. {_then(state, nxt, found)}"
    )
    if voided:
        answer += " " + " ".join(f"{v.detail[0].upper()}{v.detail[1:]}." for v in voided)
    if overpaid:
        answer += (
            f" The {describe(overpaid)} also played pays no icon of {describe(cost)}; buttons "
            "beyond a cost may be played, and the card that gives them is spent."
        )
    return legal(
        f"Paying {card}'s {COST_NAMES[move.cost]} passes it, and {where}.",
        found,
        nxt,
        used + more,
        notes,
        answer=answer,
        voided=voided,
    )


def _then(state: State, nxt: State, found: list[Reason]) -> str:
    codes = {r.code for r in found}
    if nxt.outcome != "won":
        return f"The hero moves on to {level_place(nxt.hero)}."
    if "challenge-not-met" in codes:
        why = next(r.detail for r in found if r.code == "challenge-not-met")
        return f"That is the final card, but the challenge is not met ({why}), so it is lost."
    if "challenge-met" in codes:
        return "That is the final card and the challenge is met: you win."
    return "That is the final card: you win."
