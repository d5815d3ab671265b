"""Judging a finished game: the win (9.1), each achievement (11.2-11.5), challenge mode (12.2).

Achievements are judged on the board as it stands when the final card is passed (reference
ruling `achievements-judged-at-the-win`).
"""

from __future__ import annotations

from collections.abc import Callable

from games.core import InvalidMove, Reason
from games.core.pictures import plural
from games.core.readings import ours
from games.core.words import article
from games.hyperstar_run import reasons as rr
from games.hyperstar_run.moves import Claim
from games.hyperstar_run.naming import names
from games.hyperstar_run.outcome import Outcome, illegal, legal, reason
from games.hyperstar_run.state import ACHIEVEMENT_DIFFICULTY, STAR, State

NAMES = {
    "button-masher": "Button Masher",
    "well-equipped": "Well Equipped",
    "speed-runner": "Speed Runner",
    "combo-pro": "Combo Pro",
}


def _three_star(cost: list[str]) -> bool:
    """A "three star cost" is a cost of exactly three stars (reference ruling
    `three-star-cost`); read the other way, any cost with a star in it. Asked of a cost that
    holds a star, so a level without stars consults nothing."""
    if STAR not in cost:
        return False
    return cost == [STAR, STAR, STAR] or not ours(rr.THREE_STARS)


def three_star_run(state: State) -> tuple[list[str] | None, list[str]]:
    """Three neighbouring level cards each with a cost of exactly three stars (reference
    ruling `three-star-cost`), and the cards whose faces were not given."""
    unknown = [
        s.card
        for s in state.level
        if s.card not in state.faces or state.faces[s.card].unsaid(["enemy", "combo_start"])
    ]
    streak: list[str] = []
    for slot in state.level:
        face = state.faces.get(slot.card)
        costs = [face.enemy, face.combo_start] if face is not None else []
        if any(c is not None and _three_star(c) for c in costs):
            streak.append(slot.card)
            if len(streak) == 3:
                return streak, unknown
        else:
            streak = []
    return None, unknown


def _button_masher(state: State) -> tuple[bool, str, list[str]]:
    found, unknown = three_star_run(state)
    notes = [f"Faces not given, so not counted: {names(state, unknown)}."] if unknown else []
    if found:
        return True, f"{names(state, found)} stand together, each with a [* * *] cost", notes
    return False, "no 3 neighbouring cards in the level each have a [* * *] cost", notes


def _well_equipped(state: State) -> tuple[bool, str, list[str]]:
    kept = [h.card for h in state.hand if h.card.startswith("E")]
    if kept:
        return True, f"{names(state, kept)} still in your hand", []
    unsaid = [card for card in ("E1", "E2") if state.may_hold(card)]
    if unsaid:
        raise InvalidMove(
            "state.hand",
            "whether an Equipment Card is still in your hand was not described: the "
            "achievement rests on it",
        )
    return False, "no Equipment Card is left in hand", []


def _speed_runner(state: State) -> tuple[bool, str, list[str]]:
    return state.run <= 3, f"won on run {state.run}", []


def _combo_pro(state: State) -> tuple[bool, str, list[str]]:
    unpressed = sum(1 for s in state.level if not s.pressed)
    return unpressed >= 3, f"{plural(unpressed, 'unpressed card')} in the level", []


CHECKS: dict[str, Callable[[State], tuple[bool, str, list[str]]]] = {
    "button-masher": _button_masher,
    "well-equipped": _well_equipped,
    "speed-runner": _speed_runner,
    "combo-pro": _combo_pro,
}


def achievement(state: State, slug: str) -> tuple[bool, Reason, list[str]]:
    """Whether a won game earns the achievement, with the reason and any notes."""
    difficulty = ACHIEVEMENT_DIFFICULTY[slug]
    if state.difficulty != difficulty:
        return (
            False,
            reason(
                f"{slug}-not-earned",
                f"it needs {article(difficulty.title() + ' game')}, not "
                f"{article(state.difficulty.title() + ' one')}",
            ),
            [],
        )
    met, detail, notes = CHECKS[slug](state)
    return met, reason(f"{slug}-{'earned' if met else 'not-earned'}", detail), notes


def judge_claim(state: State, move: Claim) -> Outcome:
    used = [rr.JUDGED_AT_WIN]
    if state.outcome != "won":
        how = "the fourth run ended short" if state.outcome == "lost" else "the game goes on"
        lost = state.outcome == "lost"
        if move.claim == "win":
            words = (
                "No: your fourth run ended short of the final card, so you lost the game."
                if lost
                else "No: the final card is not passed yet, so you have not won."
            )
        else:
            words = (
                "No: your fourth run ended short of the final card, so the game is lost and "
                "earns no achievement."
                if lost
                else "No: the game is not won yet, so it earns no achievement."
            )
        return illegal(
            words,
            [reason("game-not-won", f"the final card is not passed: {how}")],
            used,
        )
    won = reason("game-won", "the final Level Card is passed")
    if move.claim == "win":
        if state.challenge is None:
            return legal("Yes: you passed the final Level Card and win.", [won], state)
        met, why, notes = achievement(state, state.challenge)
        name = NAMES[state.challenge]
        if state.challenge == "button-masher":
            used.append(rr.THREE_STARS)
        if met:
            return legal(
                f"Yes: you win the {name} challenge.",
                [won, why, reason("challenge-met", f"{name}'s requirement is met")],
                state,
                used,
                notes,
            )
        return illegal(
            f"No: the final card is passed, but the {name} challenge is not met.",
            [why, reason("challenge-not-met", f"{name}: {why.detail}")],
            used,
            notes,
        )
    met, why, notes = achievement(state, move.claim)
    name = NAMES[move.claim]
    if move.claim == "button-masher":
        used.append(rr.THREE_STARS)
    if met:
        return legal(f"Yes: this game earns {name}.", [won, why], state, used, notes)
    return illegal(f"No: this game does not earn {name}: {why.detail}.", [why], used, notes)
