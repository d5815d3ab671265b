"""The common disputes of Higher or Lower as flat forms the website renders, each with a
`build` that turns the filled-in form into `(state, move)` JSON for the engine."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core import Question
from games.higher_lower.cards import BoosterCategory

JSON = dict[str, Any]
# You sit as Ana; Ben is on your left; Cy, on your right, made the call in force.
ME, LEFT, OTHER = "Ana", "Ben", "Cy"


def _table(
    my_hand: list[int] | int, last_card: int | None, call: str | None, deck: int, boosters: Any = 0
) -> JSON:
    """A two- or three-seat table where it is your turn and the player before you (seated
    last, so on your right) made the call in force."""
    return {
        "players": [
            {"name": ME, "hand": my_hand, "boosters": boosters},
            {"name": LEFT, "hand": 5, "boosters": 2},
            {"name": OTHER, "hand": 5, "boosters": 2},
        ],
        "turn": ME,
        "last_card": last_card,
        "call": call if last_card is not None else None,
        "call_by": OTHER if last_card is not None else None,
        "deck": deck,
    }


class CanIPlayThisCard(BaseModel):
    last_card: int = Field(
        default=7, ge=0, le=15, description="The last card laid (0 if none has been laid yet)."
    )
    call_in_force: Literal["higher", "lower"] = Field(
        default="higher", description="The call you must obey."
    )
    my_card: int = Field(default=9, ge=1, le=15, description="The card you want to lay.")
    my_call: Literal["higher", "lower", "none"] = Field(
        default="lower",
        description="Your call for the next player ('none' for a match, or a 1 or a 15).",
    )
    cards_in_my_hand: int = Field(
        default=5, ge=1, le=30, description="How many playing cards you hold, this one included."
    )


def build_play(form: CanIPlayThisCard) -> tuple[JSON, JSON]:
    last = form.last_card or None
    state = _table(form.cards_in_my_hand, last, form.call_in_force, deck=20)
    if last is not None and form.my_card == last and form.my_call == "none":
        return state, {"kind": "match", "value": form.my_card}
    call = None if form.my_call == "none" else form.my_call
    return state, {"kind": "play", "value": form.my_card, "call": call}


class CanIDrawInstead(BaseModel):
    last_card: int = Field(default=7, ge=1, le=15, description="The last card laid.")
    call_in_force: Literal["higher", "lower"] = Field(
        default="higher", description="The call you must obey."
    )
    my_hand: list[int] = Field(
        default_factory=lambda: [3, 5, 9], description="The numbers of the cards in your hand."
    )
    deck_size: int = Field(default=20, ge=0, le=40, description="Cards left in the deck.")


def build_draw(form: CanIDrawInstead) -> tuple[JSON, JSON]:
    state = _table(list(form.my_hand), form.last_card, form.call_in_force, deck=form.deck_size)
    return state, {"kind": "draw"}


class CanIPlayABooster(BaseModel):
    my_turn: bool = Field(default=True, description="Is it your turn?")
    category: BoosterCategory = Field(default="Rare", description="The booster's category.")
    booster_name: str = Field(default="", max_length=80, description="Its name, if you like.")
    aimed_at: Literal["the player on my left", "another opponent", "myself", "nobody"] = Field(
        default="another opponent", description="Whom the booster is aimed at."
    )


_TARGETS = {
    "the player on my left": LEFT,
    "another opponent": OTHER,
    "myself": ME,
    "nobody": None,
}


def build_booster(form: CanIPlayABooster) -> tuple[JSON, JSON]:
    state = _table(5, 7, "higher", deck=20, boosters=[form.category])
    if not form.my_turn:
        state["turn"] = LEFT
    move: JSON = {
        "kind": "booster",
        "player": ME,
        "category": form.category,
        "name": form.booster_name or None,
        "target": _TARGETS[form.aimed_at],
    }
    return state, move


QUESTIONS: tuple[Question, ...] = (
    Question(
        slug="can-i-play-this-card",
        title="Can I play this card?",
        form=CanIPlayThisCard,
        build=build_play,
        help="You are Ana; Cy, on your right, made the call. Give the last card, the call "
        "you must obey, your card and the call you make. To match, lay the same number and "
        "choose 'none'.",
    ),
    Question(
        slug="can-i-draw-instead",
        title="Can I draw instead of playing?",
        form=CanIDrawInstead,
        build=build_draw,
        help="You are Ana. List the numbers in your hand: you may draw only if none of them "
        "can be laid.",
    ),
    Question(
        slug="can-i-play-a-booster",
        title="Can I play a booster now, at this player?",
        form=CanIPlayABooster,
        build=build_booster,
        help="You are Ana; Ben is on your left. Boosters go on your own turn, at any opponent "
        "or at nobody. What the booster itself does is not in our reference.",
    ),
)
