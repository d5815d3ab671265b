"""What a judging function returns (core's Findings, which core composes into a Ruling); and
the check every move shares (the game is over)."""

from __future__ import annotations

from collections.abc import Iterable

from games.core import Reason
from games.core.findings import Findings, found_illegal, found_legal
from games.hyperstar_run.reasons import REASONS
from games.hyperstar_run.state import State

# A judge's findings (games/core/findings.py): core composes the Ruling from them.
Outcome = Findings
illegal = found_illegal
legal = found_legal


def reason(code: str, detail: str) -> Reason:
    return REASONS.reason(code, detail)


def set_aside(state: State, card: str) -> Reason | None:
    """A Level Card set aside at setup takes no part in the game (rule 2.3): it pays no cost and
    no ability, whatever it shows, so its face is never needed."""
    if card not in state.set_aside:
        return None
    return reason(
        "set-aside-card-used",
        "that Level Card was set aside at setup and takes no part in this game",
    )


def game_over(state: State) -> Outcome | None:
    """No move is made once the game is decided (rules 9.1, 8.2)."""
    if state.outcome == "won":
        return illegal(
            "Illegal: the game is already won; there is nothing left to play.",
            [reason("game-already-won", "the hero has passed the final Level Card")],
            answer="No: the final card is passed and the game is over; there is nothing left "
            "to play.",
        )
    if state.outcome == "lost":
        return illegal(
            "Illegal: the game is already lost; the fourth run has ended.",
            [reason("game-already-lost", "the fourth run ended before the final card")],
            answer="No: your fourth run has ended and the game is lost; there is nothing left "
            "to play.",
        )
    return None


def describe(buttons: Iterable[str]) -> str:
    """Icons as a player writes them: `[A A *]`."""
    return "[" + " ".join(buttons) + "]"


def ordinal_place(state: State, index: int) -> str:
    return f"card {index + 1} of {len(state.level)} in the level"
