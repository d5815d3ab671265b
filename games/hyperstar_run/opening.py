"""A table's opening board from the setup (rules 2.1-2.6): the level laid face down with its
first card turned up, three Level Cards and both Equipment Cards in hand, the rest set aside.

The Level Cards are shuffled and no face is public, so every face (and the Equipment Cards'
buttons) is not described until a player says it in a move: the ids L1.. are places, not
printed cards."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.openings import Opening
from games.core.rules import labelled
from games.hyperstar_run.shorthand import board
from games.hyperstar_run.state import ACHIEVEMENT_DIFFICULTY, Difficulty, State

DIFFICULTIES = {
    "tutorial": "Tutorial",
    "standard": "Standard",
    "hard": "Hard",
    "expert": "Expert",
}
CHALLENGES = {
    "none": "No challenge",
    "button-masher": "Button Masher (Tutorial)",
    "well-equipped": "Well Equipped (Standard)",
    "speed-runner": "Speed Runner (Hard)",
    "combo-pro": "Combo Pro (Expert)",
}


class TableSetup(BaseModel):
    """The difficulty, or a challenge (played at its achievement's difficulty, rule 12.1)."""

    model_config = ConfigDict(extra="forbid")
    difficulty: Difficulty = Field(
        title="Difficulty",
        description="It sets how many Level Cards make the level (rule 2.1).",
        json_schema_extra=labelled(DIFFICULTIES),
    )
    challenge: Literal["none", "button-masher", "well-equipped", "speed-runner", "combo-pro"] = (
        Field(
            default="none",
            title="Challenge (optional)",
            description="A challenge is played at its achievement's difficulty (rule 12.1).",
            json_schema_extra=labelled(CHALLENGES),
        )
    )

    @model_validator(mode="after")
    def _challenge_at_its_difficulty(self) -> TableSetup:
        if self.challenge != "none":
            wanted = ACHIEVEMENT_DIFFICULTY[self.challenge]
            if wanted != self.difficulty:
                raise ValueError(
                    f"that challenge is played at {DIFFICULTIES[wanted]} (rule 12.1): "
                    "choose that difficulty"
                )
        return self


def deal(setup: TableSetup) -> State:
    """Run 1 at the leftmost card; no face described (the shuffle decides them)."""
    dealt = board(setup.difficulty, equipment=None)
    if setup.challenge != "none":
        dealt["challenge"] = setup.challenge
    return State.model_validate(dealt)


OPENING = Opening(input=TableSetup, deal=deal, example={"difficulty": "standard"})
