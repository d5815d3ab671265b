"""Errors for input that cannot be ruled on.

A board state that cannot exist is bad input, not an illegal move: it is refused with the path
of the offending field, and the desk answers it with a 400.
"""

from __future__ import annotations


class BadInput(ValueError):
    """Input that no ruling can be made on. `field` is a dotted path such as `state.hand.3`."""

    code = "bad-input"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class InvalidState(BadInput):
    """The board state describes a position that cannot exist in the game."""

    code = "invalid-state"


class InvalidMove(BadInput):
    """The move is malformed for this state (it names a card or player the state lacks)."""

    code = "invalid-move"
