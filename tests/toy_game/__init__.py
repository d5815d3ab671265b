"""A sixth game in a few dozen lines, to prove a game needs nothing outside its own folders:
Pebbles, where you take one, two or three pebbles from the pile. A state, a move, one reason,
one rule (its fixture is written by the test), one question, one tool and one picture."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core import GameRules, Question, ReasonCatalog, Ruling
from games.core.pictures import BoardPicture
from games.core.tools import CardCatalog, Reference, Tool

SLUG = "toy-pebbles"
RULE = ("1.1", "On your turn you take one, two or three pebbles from the pile.")


class State(BaseModel):
    pile: int = Field(ge=0, le=30)


class Take(BaseModel):
    kind: Literal["take"] = "take"
    pebbles: int = Field(ge=1, le=30)


class TakeForm(BaseModel):
    pile: int = Field(ge=0, le=30, description="Pebbles in the pile")
    pebbles: int = Field(ge=1, le=30, description="Pebbles you take")


class TakesRequest(BaseModel):
    state: State


def takes(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    state = RULES.parse_state(body.get("state"))
    return {"takes": list(range(1, min(3, state.pile) + 1))}


def layout(state: State, title: str, overlay: Any, reference: Reference | None) -> dict[str, Any]:
    return {"title": title, "pebbles": [{"x": 20 + 30 * i} for i in range(state.pile)]}


class PebblesRules(GameRules[State, Take]):
    slug = SLUG
    Move = Take
    reasons = ReasonCatalog(SLUG, {"one-to-three": RULE[0]})
    questions = (
        Question(
            "how-many",
            "How many pebbles may I take?",
            TakeForm,
            lambda f: ({"pile": f.pile}, {"kind": "take", "pebbles": f.pebbles}),
        ),
    )
    tools = {
        "takes": Tool(
            "takes",
            "What can I take?",
            "Every take allowed now.",
            TakesRequest,
            {"type": "object"},
            takes,
        )
    }
    picture = BoardPicture(layout=layout)

    def adjudicate(self, state: State, move: Take) -> Ruling:
        allowed = move.pebbles <= min(3, state.pile)
        why = self.reasons.reason("one-to-three", f"{move.pebbles} from a pile of {state.pile}")
        if not allowed:
            return self.illegal(f"No: you cannot take {move.pebbles}.", [why])
        return self.legal("Yes.", [why], State(pile=state.pile - move.pebbles))

    def apply(self, state: State, move: Take) -> State:
        return self.apply_checked(state, move)

    def example(self) -> dict[str, Any]:
        return {"state": {"pile": 5}, "move": {"kind": "take", "pebbles": 2}}


RULES = PebblesRules()
