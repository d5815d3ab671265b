"""How a table starts from a setup: what a game declares in `games/<pkg>/opening.py` as
`OPENING`, which the registry puts on the engine (`GameRules.opening`).

A setup says what the box and the players fix (how many play, their names, the variant); the
board it deals holds those facts and leaves the rest "not described" (a hidden hand is a count,
never made-up cards), exactly as a question's form does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games.core.rules import read_body


@dataclass(frozen=True)
class Opening:
    """`input`: the setup as a player gives it; `deal`: the board after the setup."""

    input: type[BaseModel]
    deal: Callable[[Any], BaseModel]
    example: dict[str, Any] = field(default_factory=dict)

    def board(self, body: Any) -> dict[str, Any]:
        """The opening board for a setup request body, as JSON; BadInput naming the field."""
        return self.deal(read_body(self.input, body)).model_dump(mode="json")
