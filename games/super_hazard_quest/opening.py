"""A table's opening board from the setup (section 3): the heroes chosen, nobody placed yet,
the whole box in its decks. The first move is the setup itself: each player draws a Dungeon
Card and the lowest Stage Number goes first (`setup`), then the dungeon grows card by card.

The Dungeon and Item decks are shuffled, so no card is described until a player says what
they drew; a hero's Inherent Action is the player's to give (left empty: not described)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.names import fold
from games.core.openings import Opening
from games.core.rules import labelled
from games.super_hazard_quest.state import (
    ALL_ACTIONS,
    BOX_DUNGEON_CARDS,
    BOX_ITEMS,
    MAX_HEROES,
    Action,
    PlayerName,
    State,
)

ACTIONS = {action: action.title() for action in ALL_ACTIONS}


class TableSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    players: int = Field(
        ge=2, le=MAX_HEROES, title="Players at the table", description=f"2 to {MAX_HEROES}."
    )
    names: list[PlayerName] | None = Field(
        default=None,
        title="Your names (optional)",
        description="One a line, clockwise. Left empty: Player 1, Player 2, ...",
    )
    inherent_actions: list[Action] | None = Field(
        default=None,
        title="Each hero's Inherent Action (optional)",
        description="One a line, in the same order as the names.",
        json_schema_extra=labelled(ACTIONS),
    )

    @model_validator(mode="after")
    def _one_each(self) -> TableSetup:
        if self.names:
            if len(self.names) != self.players:
                raise ValueError(f"give {self.players} names, one for each player")
            if len({fold(n) for n in self.names}) != len(self.names):
                raise ValueError("give every player a different name")
        if self.inherent_actions and len(self.inherent_actions) != self.players:
            raise ValueError(f"give {self.players} Inherent Actions, one for each hero")
        return self


def deal(setup: TableSetup) -> State:
    """Before the setup draw: no Dungeon Card on the table, every Item Card in its deck."""
    names = setup.names or [f"Player {seat}" for seat in range(1, setup.players + 1)]
    actions: list[Action | None] = [*(setup.inherent_actions or [])] or [None] * setup.players
    return State.model_validate(
        {
            "dungeon": [],
            "heroes": [
                {"player": name, "inherent": action}
                for name, action in zip(names, actions, strict=True)
            ],
            "turn": None,
            "dungeon_deck": BOX_DUNGEON_CARDS,
            "item_deck": BOX_ITEMS,
            "discard": 0,
        }
    )


OPENING = Opening(input=TableSetup, deal=deal, example={"players": 3})
