"""The board state of one player's turn in a game with High Alert cards (moves: `moves.py`).

The state is the current player's side of the table in their turn: the play area (this
turn's ships and the bases in play), the faction symbols gained as effects, heroes and tech on
the table, the Trade left, the trade row, and the pending "acquire a card costing N or less"
effects; for a log that goes on from turn to turn, the hand and the cards of turns that ended
(`turns.py`). Cards from High Alert are named by slug and their facts come from the catalog; a
card from outside High Alert (a base set ship or base) is described by its factions, its ally
abilities and, in the trade row, its type and cost.

List lengths are sanity bounds on input, not rules of the game.

A part of the table the question did not describe is null (the Trade, the play area, the
heroes, the trade row, ...): never taken as empty or as 0. Inside the engine such a part reads
as empty and `state.described(part)` is False; a ruling that rests on it is refused naming it
(`checks.NEEDS`), and the picture says it was not described. A JSON omitting a part keeps the
old meaning (none, or 0 Trade).

A part named in `partly_described` holds the cards given and others not described (the trade
row of "what does this card cost me?" holds that card, and four more not asked): its size and
whether a card is missing from it are not known, and a ruling resting on them is refused,
naming it (`checks.WHOLE`). A part not described that a move puts a known card in (the card you
acquire, the symbol a scrapped hero gives) comes out holding that card and partly described.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import SchemaValidator

from games.core.names import fold

CardId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,32}$", description="Unique in the state")]
Faction = Literal["blob", "machine-cult", "star-empire", "trade-federation"]


# A faction symbol or one of the six merged symbols (slugs as in game.toml).
def _slug(value: Any) -> Any:
    """A card or symbol named as a player types it: NFC, case folded, spaces as hyphens
    ("The Armory" is `the-armory`)."""
    if not isinstance(value, str):
        return value
    return "-".join(fold(value).split())


SymbolSlug = Literal[
    "blob",
    "machine-cult",
    "star-empire",
    "trade-federation",
    "star-empire-trade-federation",
    "machine-cult-trade-federation",
    "machine-cult-blob",
    "star-empire-blob",
    "star-empire-machine-cult",
    "trade-federation-blob",
]
# As typed in a state: "Star Empire" is `star-empire` (NFC, case folded).
TypedSymbol = Annotated[SymbolSlug, BeforeValidator(_slug)]
FactionSlug = Annotated[
    Literal["blob", "machine-cult", "star-empire", "trade-federation"], BeforeValidator(_slug)
]
# The length checked on the slug by the string's own validator (a constraint after the
# BeforeValidator would be checked in Python, and said as "items").
CardSlug = Annotated[str, Field(max_length=60), BeforeValidator(_slug)]
ExpansionSlug = Literal["requisition", "tech", "invasion", "heroes"]
# How a card reached the discard pile in an earlier turn of a log (rules 9.4, 10.3).
Discarded = Literal["acquired", "left-in-hand"]
OutsideType = Literal["ship", "base", "outpost"]
Name = Annotated[str, Field(max_length=80)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayedCard(Strict):
    """A ship played this turn or a base in play. For a High Alert card give `card`; leave
    `factions`, `ally` and `double_ally` out (or give them as the card data has them)."""

    id: CardId
    card: CardSlug | None = Field(default=None, description="High Alert card slug")
    name: Name = ""
    factions: list[TypedSymbol] | None = Field(
        default=None, max_length=4, description="Faction and merged symbols on the card"
    )
    ally: bool | None = Field(default=None, description="Has an ally ability")
    double_ally: bool | None = Field(default=None, description="Has a double ally ability")
    ally_used: bool = False
    double_ally_used: bool = False


class GainedSymbol(Strict):
    """A faction or merged symbol gained this turn as an effect (rule 7.2). A hero's primary
    ability is not listed here: it is counted from the hero's `played_this_turn`."""

    symbol: TypedSymbol
    source: Name = ""
    card: CardSlug | None = Field(
        default=None, description="High Alert card whose ability gave it, if any"
    )


class TableHero(Strict):
    id: CardId
    card: CardSlug = Field(description="High Alert hero slug")
    played_this_turn: bool = Field(default=False, description="Acquired (and played) this turn")


class TableTech(Strict):
    id: CardId
    card: CardSlug = Field(description="High Alert tech slug")
    used_this_turn: bool = False
    acquired_this_turn: bool = False


class LooseCard(Strict):
    """A card in the trade row, the discard pile or the scrap heap."""

    id: CardId
    card: CardSlug | None = Field(default=None, description="High Alert card slug")
    name: Name = ""
    type: OutsideType | None = Field(default=None, description="Outside High Alert only")
    factions: list[TypedSymbol] | None = Field(default=None, max_length=4)
    cost: int | None = Field(default=None, ge=0, le=99)
    acquired_this_turn: bool = Field(
        default=False,
        description="In the discard pile: acquired this turn, so it went there by rule 9.4 "
        "(never in the trade row)",
    )
    got_there: Discarded | None = Field(
        default=None,
        description="In the discard pile, how the card got there in an earlier turn: "
        "`acquired` (rule 9.4) or `left-in-hand` when the turn ended (rule 10.3); a card "
        "acquired this turn is marked `acquired_this_turn` instead (never in the trade row)",
    )


class FreeAcquire(Strict):
    """A pending effect "acquire a card costing N or less without paying Trade"."""

    id: CardId
    max_cost: int = Field(ge=0, le=99)
    source: Name = ""


NOT_DESCRIBED = " (null: not described)"
# The parts that hold cards, which may be described in part.
PartList = Literal[
    "play_area",
    "gained_symbols",
    "heroes",
    "techs",
    "trade_row",
    "free_acquires",
    "discard_pile",
    "scrap_heap",
]
# The parts a question may leave not described (null in JSON): the Trade and every card part.
UNDESCRIBABLE: tuple[str, ...] = ("trade", *get_args(PartList))


def _undescribable_in_schema(schema: dict[str, Any]) -> None:
    """The schema says what the state accepts: each part in UNDESCRIBABLE may be null."""
    kept = ("title", "description", "default")
    for part in UNDESCRIBABLE:
        field = schema["properties"][part]
        given = {k: v for k, v in field.items() if k not in kept}
        schema["properties"][part] = {
            **{k: v for k, v in field.items() if k in kept},
            "anyOf": [given, {"type": "null"}],
        }


def not_described(data: dict[str, Any]) -> list[str]:
    """The parts a state's JSON object gives as null: not described."""
    return [part for part in UNDESCRIBABLE if part in data and data[part] is None]


class State(Strict):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_undescribable_in_schema)

    phase: Literal["main", "discard", "draw"] = "main"
    trade: int = Field(
        default=0, ge=0, le=999, description="Trade still available this turn" + NOT_DESCRIBED
    )
    play_area: list[PlayedCard] = Field(
        default_factory=list,
        max_length=40,
        description="This turn's ships and the bases in play" + NOT_DESCRIBED,
    )
    gained_symbols: list[GainedSymbol] = Field(
        default_factory=list,
        max_length=40,
        description="Faction symbols gained as effects this turn" + NOT_DESCRIBED,
    )
    heroes: list[TableHero] = Field(
        default_factory=list, max_length=12, description="Heroes on the table" + NOT_DESCRIBED
    )
    techs: list[TableTech] = Field(
        default_factory=list, max_length=12, description="Tech on the table" + NOT_DESCRIBED
    )
    trade_row: list[LooseCard] = Field(
        default_factory=list, max_length=10, description="The trade row's cards" + NOT_DESCRIBED
    )
    free_acquires: list[FreeAcquire] = Field(
        default_factory=list,
        max_length=5,
        description="Pending free-acquire effects" + NOT_DESCRIBED,
    )
    discard_pile: list[LooseCard] = Field(
        default_factory=list, max_length=60, description="The discard pile" + NOT_DESCRIBED
    )
    scrap_heap: list[LooseCard] = Field(
        default_factory=list, max_length=60, description="The scrap heap" + NOT_DESCRIBED
    )
    hand: list[PlayedCard] = Field(
        default_factory=list,
        max_length=20,
        description="The ships and bases in your hand, described as in the play area: the "
        "cards you drew (rule 10.4) and may play in your main phase (rule 10.1)",
    )
    out_of_play: list[PlayedCard] = Field(
        default_factory=list,
        max_length=60,
        description="Cards played in an earlier turn, which left your play area when that turn "
        "ended (rule 10.3): a move naming one is ruled, not refused",
    )
    expansions: list[ExpansionSlug] | None = Field(
        default=None,
        max_length=4,
        description="The mini-expansions shuffled into the trade deck (rules 2.3, 2.4); "
        "null: not said",
    )
    partly_described: list[PartList] = Field(
        default_factory=list,
        max_length=8,
        description="Parts that hold the cards given and others not described: their size, "
        "and whether a card is missing from them, are not known (empty: every part given is "
        "whole)",
    )
    _undescribed: frozenset[str] = PrivateAttr(default_factory=frozenset)

    @field_validator("partly_described")
    @classmethod
    def _once_each(cls, parts: list[str]) -> list[str]:
        return list(dict.fromkeys(parts))  # a part named twice is one part

    @model_validator(mode="wrap")
    @classmethod
    def _not_described(cls, data: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        missing: list[str] = []
        if isinstance(data, dict):
            missing = not_described(data)
            data = {k: v for k, v in data.items() if k not in missing}
        state = handler(data)
        if missing:
            state._undescribed = frozenset(missing)
        return state

    @model_serializer(mode="wrap")
    def _say_not_described(self, handler: SerializerFunctionWrapHandler) -> Any:
        data = handler(self)
        # A part not described stays null; one that has since had a card put in it (a hero
        # acquired) holds that card, which is known, not a made-up pile.
        if not isinstance(data, dict):
            return data
        partly: list[str] = list(self.partly_described)
        undescribed = self.undescribed()
        # In the parts' own order: a frozenset's order is the hash seed's, so that two
        # workers wrote the same ruling's partly_described in different orders.
        for part in (part for part in UNDESCRIBABLE if part in undescribed):
            if not getattr(self, part):
                data[part] = None
            elif part not in partly:
                partly.append(part)  # the card put in it is known, the rest is not
        if partly:
            data["partly_described"] = partly
        else:
            data.pop("partly_described", None)  # as a state of before: every part whole
        for part in ("hand", "out_of_play"):  # a turn's state of before holds neither
            if not data.get(part):
                data.pop(part, None)
        for part in ("trade_row", "discard_pile", "scrap_heap"):  # said only where true
            for card in data.get(part) or ():
                if not isinstance(card, dict):
                    continue
                if not card.get("acquired_this_turn", True):
                    del card["acquired_this_turn"]
                if "got_there" in card and card["got_there"] is None:
                    del card["got_there"]
        return data

    def undescribed(self) -> frozenset[str]:
        """The parts not described (`_undescribed`), read from where pydantic keeps private
        attributes: `self._undescribed` goes through `BaseModel.__getattr__`, which raises
        and catches an AttributeError on the way, and the checks ask it for every part."""
        try:
            found: frozenset[str] = self.__pydantic_private__["_undescribed"]  # type: ignore[index]
        except (KeyError, TypeError):
            return self._undescribed
        return found

    def described(self, part: str) -> bool:
        return part not in self.undescribed()

    def partly(self, part: str) -> bool:
        """The part holds the cards given, and others not described."""
        if part in self.partly_described:
            return True
        return part in self.undescribed() and bool(getattr(self, part))

    def whole(self, part: str) -> bool:
        """Every card of the part is given: its size and what is not in it are known."""
        return self.described(part) and part not in self.partly_described


def _fields_only() -> SchemaValidator:
    """`State`'s validator without the `_not_described` wrap around it: the same model, with
    the same fields, field validators and messages. A validator in Python around a model has
    pydantic turn the whole JSON into Python objects and validate those (some 40,000
    instructions a ruling); `read_json` does the wrap's work where the state is read."""
    schema = State.__pydantic_core_schema__
    assert schema["type"] == "definitions" and schema["schema"]["type"] == "function-wrap"
    model = schema["schema"]["schema"]
    return SchemaValidator(
        {"type": "definitions", "schema": model, "definitions": schema["definitions"]},
        model.get("config"),
    )


_FIELDS_ONLY = _fields_only()


def read_json(text: str, missing: list[str]) -> State:
    """The state `State.model_validate_json(text, strict=True)` reads, for the JSON `text` of
    a state object whose parts `missing` (`not_described`) were null and are left out of it:
    they are the state's parts not described, as `_not_described` marks them."""
    state: State = _FIELDS_ONLY.validate_json(text, strict=True)
    if missing:
        state._undescribed = frozenset(missing)
    return state
