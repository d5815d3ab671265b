"""A table's opening board from the setup: the deal (rules 3.1-3.6), with every hand hidden."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from games.core.names import fold
from games.core.openings import Opening
from games.higher_lower.setup import MIN_PLAYERS
from games.higher_lower.state import (
    BOOSTER_CARDS,
    BOOSTERS_AT_DEAL,
    HAND_AT_DEAL,
    MAX_PLAYERS,
    PLAYING_CARDS,
    Name,
    Player,
    State,
)


class TableSetup(BaseModel):
    """How many play and, if they like, their names in seat order (leftward). The last seat
    deals, so the first seat opens (rule 3.6)."""

    model_config = ConfigDict(extra="forbid")
    players: int = Field(
        ge=MIN_PLAYERS,
        le=MAX_PLAYERS,
        title="Players at the table",
        description="How many play, 2 to 6 (10 cards each from 60).",
    )
    names: list[Name] | None = Field(
        default=None,
        title="Your names (optional)",
        description="One a line, in seat order to the left; the last one deals. Left empty: "
        "Player 1, Player 2, ...",
    )

    @model_validator(mode="after")
    def _one_name_each(self) -> TableSetup:
        if self.names:  # none given (an empty box): the seats are numbered
            if len(self.names) != self.players:
                raise ValueError(f"give {self.players} names, one for each player")
            if len({fold(n) for n in self.names}) != len(self.names):
                raise ValueError("give every player a different name")
        return self


def deal(setup: TableSetup) -> State:
    """The board after the deal: ten hidden cards and three hidden boosters each, the rest in
    their decks; the player on the dealer's left lays the first card."""
    names = setup.names or [f"Player {seat}" for seat in range(1, setup.players + 1)]
    return State(
        players=[Player(name=n, hand=HAND_AT_DEAL, boosters=BOOSTERS_AT_DEAL) for n in names],
        turn=names[0],
        deck=PLAYING_CARDS - HAND_AT_DEAL * setup.players,
        booster_deck=BOOSTER_CARDS - BOOSTERS_AT_DEAL * setup.players,
        dealer=names[-1],
    )


OPENING = Opening(input=TableSetup, deal=deal, example={"players": 3})
