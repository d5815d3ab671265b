"""The board state of Higher or Lower, as pydantic models (the moves are in `moves.py`).

Hands are kept hidden at the table (rule 3.5), so a hand is either the list of its card numbers
(when the player shows it) or just how many cards it holds. The same goes for boosters: a list
of their categories, or a count.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from games.core.names import fold, typed_name

# The box's counts, re-exported for the modules that read a state.
from games.higher_lower.box import BOOSTER_CARDS as BOOSTER_CARDS
from games.higher_lower.box import COPIES_PER_VALUE as COPIES_PER_VALUE
from games.higher_lower.box import HIGHEST as HIGHEST
from games.higher_lower.box import LOWEST as LOWEST
from games.higher_lower.box import PLAYING_CARDS as PLAYING_CARDS
from games.higher_lower.cards import BoosterCategory

CATEGORIES: tuple[str, ...] = get_args(BoosterCategory)

Value = Annotated[
    int,
    Field(ge=LOWEST, le=HIGHEST, description=f"A playing card's number, {LOWEST} to {HIGHEST}."),
]
Direction = Literal["higher", "lower"]
# Names are kept in Unicode normal form C and compared after NFKC and case folding; control
# and format characters, and names of white space alone, are refused (`games.core.names`).
Name = Annotated[
    str,
    Field(min_length=1, max_length=40, description="A player's name."),
    AfterValidator(typed_name),
]

# The box's counts come from the card data (`box.py`): the numbers 1 to 15, four copies of
# each (rule 1.1), 60 playing cards and 30 booster cards (rules 1.1, 1.2).
HAND_AT_DEAL = 10  # rule 3.1
MAX_PLAYERS = PLAYING_CARDS // HAND_AT_DEAL  # 10 cards each (rule 3.1; how-many-players)
BOOSTERS_AT_DEAL = 3  # rule 3.3

# A 1 or a 15 carries its own call (rule 4.8).
AUTOMATIC_CALL: dict[int, Direction] = {LOWEST: "higher", HIGHEST: "lower"}


class _Model(BaseModel):
    # Strict: `true` is not a card number and "7" is not 7; hostile input is refused, not coerced.
    model_config = ConfigDict(extra="forbid", strict=True)


class Player(_Model):
    # A hand is a union (cards or a count). Its ranges are checked in `checks.py` rather than
    # here so that a bad card is reported at its plain path, `state.players.0.hand.3`, without
    # the union's member name in the middle.
    name: Name
    # None: the question did not describe it (not "none held"); the engine rules without it.
    hand: list[int] | int | None = Field(
        description="The numbers (1 to 15) of the playing cards in hand, or just how many "
        "(0 to 60) when the hand is hidden; null when not described."
    )
    boosters: list[str] | int | None = Field(
        default=0,
        description="The categories (Common, Rare, Epic, Ultimate) of the booster cards held, "
        "or just how many (0 to 30) when hidden; null when not described.",
    )

    @field_validator("hand", "boosters", mode="wrap")
    @classmethod
    def _plain_path(
        cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo
    ) -> Any:
        """Report a wrong type at the field itself, not inside the union's member name."""
        try:
            return handler(value)
        except ValidationError:
            item_ok, what = _ITEMS[info.field_name or "hand"]
            if isinstance(value, list):
                bad = next((i for i, v in enumerate(value) if not item_ok(v)), None)
                if bad is not None:
                    raise ValueError(f"item {bad} ({value[bad]!r}) is not a {what}") from None
            raise ValueError(f"expected a list of {what}s or a count") from None


def _is_int(item: Any) -> bool:
    return isinstance(item, int) and not isinstance(item, bool)


_ITEMS: dict[str, tuple[Callable[[Any], bool], str]] = {
    "hand": (_is_int, "card number"),
    "boosters": (lambda item: isinstance(item, str), "booster category"),
}


class State(_Model):
    """A moment in the game, between two moves."""

    players: list[Player] = Field(
        min_length=2, max_length=PLAYING_CARDS, description="The players in seat order (leftward)."
    )
    turn: Name = Field(description="The name of the player whose turn it is.")
    # `opened` tells "no card laid yet" from "a card laid that the question did not describe":
    # both leave `last_card` null. Left null, the pile is as `last_card` says (the meaning
    # every state had before `opened` existed).
    opened: bool | None = Field(
        default=None,
        description="Whether the first card has been laid. True: the game is under way, and a "
        "null last_card or call means it was not described. False: no card laid yet. Null: as "
        "last_card says (a card is laid when last_card is given).",
    )
    last_card: Value | None = Field(
        default=None,
        description="The last playing card laid; null before the first card, or not described "
        "when opened is true.",
    )
    call: Direction | None = Field(
        default=None,
        description="The call in force: the last call anyone made; null before the first "
        "card, or not described when opened is true.",
    )
    call_by: Name | None = Field(
        default=None, description="Who made the call in force; null when not described."
    )
    match_chain: list[Name] = Field(
        default_factory=list,
        max_length=COPIES_PER_VALUE,
        description="Who has matched the last card since the call in force was made, in order.",
    )
    discard: list[Value] = Field(
        default_factory=list,
        max_length=PLAYING_CARDS,
        description="Playing cards laid before the last card, oldest first, as far as known.",
    )
    deck: int | None = Field(
        ge=0, le=PLAYING_CARDS, description="Playing cards left in the deck; null: not described."
    )
    booster_deck: int | None = Field(
        default=None, ge=0, le=BOOSTER_CARDS, description="Booster cards left in their deck."
    )
    dealer: Name | None = Field(
        default=None,
        description="Who dealt; the player on the dealer's left opens (rule 3.6). Null: not said.",
    )
    drew: Name | None = Field(
        default=None,
        exclude_if=lambda v: v is None,
        description="Who drew a card on the turn just ended (rules 4.6, 4.7): the card drawn "
        "joins their hand for a later turn; with the deck empty, who had to draw and drew "
        "nothing. Absent: the last move was not a draw, or not said.",
    )

    boosters_played: int = Field(
        default=0,
        ge=0,
        le=BOOSTER_CARDS,
        exclude_if=lambda v: v == 0,
        description="How many booster cards the player whose turn it is has played so far this "
        "turn (rule 5.3: no limit). Absent: none, or not said.",
    )

    @model_validator(mode="after")
    def _names_as_seated(self) -> State:
        """A name given elsewhere in the state is the seated player's name, compared case
        folded ("ana" is Ana); a name that is nobody's is left for the checks to refuse."""
        names = {p.name for p in self.players}
        given = (self.turn, self.call_by, self.dealer, self.drew, *self.match_chain)
        if all(name is None or name in names for name in given):
            return self  # the common case: every name given as seated, nothing to fold
        seated = {fold(p.name): p.name for p in self.players}

        def seat(name: str | None) -> str | None:
            return seated.get(fold(name), name) if name is not None else None

        self.turn = seat(self.turn) or self.turn
        self.call_by = seat(self.call_by)
        self.dealer = seat(self.dealer)
        self.drew = seat(self.drew)
        self.match_chain = [seat(n) or n for n in self.match_chain]
        return self
