"""The worked example shown in the docs: pressing a card passed this run to finish a cost."""

from __future__ import annotations

from typing import Any

from games.hyperstar_run.shorthand import board, face


def example_state() -> dict[str, Any]:
    """Run 1 of a Tutorial game: L1 was passed; the hero stands over L2, whose enemy cost is
    [A *]."""
    return board(
        "tutorial",
        hero=1,
        level=[
            face("B", enemy="B", start="A A", line="R red"),
            face("C", enemy="A *", start="C C", cont="A", line="L blue"),
        ],
        hand=[face("A"), face("C"), face("B")],
        equipment=("A B", "C *"),
    )


def example_move() -> dict[str, Any]:
    """Pay L2's enemy cost: discard L10 (in hand) for its A, and press L1 for the star."""
    return {
        "kind": "pass",
        "cost": "enemy",
        "sources": [
            {"card": "L10", "via": "discard", "buttons": ["A"]},
            {"card": "L1", "via": "press", "buttons": ["B"]},
        ],
    }
