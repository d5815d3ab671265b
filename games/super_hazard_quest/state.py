"""The board state: placed Dungeon Cards on a grid, heroes with their hands, the deck counts.

Card faces are not public (see games-public-facts.md, section C), so a state carries the faces
of the cards it talks about: the rooms on the table and the items in the hands it knows.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from games.core import InvalidState
from games.core.names import fold as fold  # re-exported: engines compare names with it
from games.core.names import typed_name

Action = Literal["stomp", "attack", "defend", "hide", "climb", "dig", "lift", "unlock"]
COMBAT_ACTIONS: tuple[Action, ...] = ("stomp", "attack", "defend", "hide")
DIRECTION_ACTIONS: tuple[Action, ...] = ("climb", "dig", "lift", "unlock")
ALL_ACTIONS: tuple[Action, ...] = COMBAT_ACTIONS + DIRECTION_ACTIONS

Direction = Literal["up", "down", "left", "right"]
DIRECTIONS: tuple[Direction, ...] = ("up", "down", "left", "right")
# The action a printed exit normally asks for (rule 4.7); a Hazard Item may change it.
DIRECTION_ACTION: dict[Direction, Action] = {
    "up": "climb",
    "down": "dig",
    "left": "lift",
    "right": "unlock",
}
OPPOSITE: dict[Direction, Direction] = {
    "up": "down",
    "down": "up",
    "left": "right",
    "right": "left",
}
DELTA: dict[Direction, tuple[int, int]] = {
    "up": (0, 1),
    "down": (0, -1),
    "left": (-1, 0),
    "right": (1, 0),
}

Colour = Literal["red", "blue"]
Space = Literal["left", "right"]
SPACE_NAMES: tuple[Space, ...] = ("left", "right")
Prize = Literal["any-future-item", "any-discarded-item", "red-crystal", "blue-crystal"]
HazardKind = Literal["combat", "direction"]

BOX_ITEMS = 54
BOX_DUNGEON_CARDS = 26
HAND_SIZE = 5
MAX_HEROES = 8
COORD = 40  # no dungeon of 26 cards reaches further than this from the Starting Card

# Item ids are labels the asker picks ("a", "sword-1"); "inherent" names the hero's own action.
INHERENT = "inherent"
# A step's `using` when the question did not say what passed it: allowed only where nothing
# else can rest on it (leaving by a side of a card the question did not describe).
NOT_DESCRIBED = "not-described"
RESERVED_IDS = (INHERENT, NOT_DESCRIBED)
ItemId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,24}$")]
# A player's name: NFC, no control or format character, not white space alone (core names).
PlayerName = Annotated[
    str, StringConstraints(min_length=1, max_length=32), AfterValidator(typed_name)
]
Coord = Annotated[int, Field(ge=-COORD, le=COORD)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ----------------------------------------------------------------- items (rule 9)


class DualActionItem(Strict):
    kind: Literal["dual-action"]
    id: ItemId
    actions: tuple[Action, Action]


class SuperItem(Strict):
    kind: Literal["super"]
    id: ItemId
    action: Action


class MagicItem(Strict):
    kind: Literal["magic"]
    id: ItemId


class SuperMagicItem(Strict):
    kind: Literal["super-magic"]
    id: ItemId


class HazardItem(Strict):
    kind: Literal["hazard"]
    id: ItemId
    hazard: HazardKind


class SpecialItem(Strict):
    kind: Literal["special"]
    id: ItemId
    name: Annotated[str, StringConstraints(max_length=80)] | None = None


Item = Annotated[
    DualActionItem | SuperItem | MagicItem | SuperMagicItem | HazardItem | SpecialItem,
    Field(discriminator="kind"),
]


# ----------------------------------------------------------------- dungeon cards


class MiniBoss(Strict):
    actions: list[Action] = Field(min_length=4, max_length=4)
    prize: Prize


class Room(Strict):
    """One Dungeon Card's face: what the rules say a card can hold."""

    stage: int | None = Field(default=None, ge=0, le=999)
    checkpoint: bool = True
    exits: dict[Direction, Action] = Field(
        default_factory=dict, description="exit side -> the action its Direction Hazard asks"
    )
    walls: list[Direction] | None = Field(
        default=None,
        description=(
            "the sides described as walls. Absent or null (as before): every side without an "
            "exit is a wall. A list: only the sides in it are walls, and a side in neither "
            "`exits` nor `walls` was not described: it is drawn as not described, and a "
            "ruling that rests on it (a step through it, a wound that depends on it) asks "
            "for it with a 400 naming the field."
        ),
        max_length=4,
    )
    left_space: Action | None = Field(
        default=None, description="the combat hazard in the left space; null: none (see `blank`)"
    )
    right_space: Action | None = Field(
        default=None, description="the combat hazard in the right space; null: none (see `blank`)"
    )
    blank: list[Space] | None = Field(
        default=None,
        description=(
            "the combat hazard spaces described as blank. Absent or null (as before): every "
            "space without a hazard is blank. A list: only the spaces in it are blank, and a "
            "space neither holding a hazard nor in `blank` was not described: it is drawn as "
            "not described, the path finder does not search through it, and a ruling that "
            "rests on it (a step into it) asks for it with a 400 naming the field."
        ),
        max_length=2,
    )
    mini_boss: MiniBoss | None = None
    scrambler: Colour | None = None
    dead_end: bool = False
    trap_door: bool = False

    @field_validator("walls")
    @classmethod
    def _one_wall_a_side(cls, walls: list[Direction] | None) -> list[Direction] | None:
        if walls is not None and len(set(walls)) != len(walls):
            raise ValueError("a side is named twice")
        return walls

    @field_validator("blank")
    @classmethod
    def _one_blank_a_space(cls, blank: list[Space] | None) -> list[Space] | None:
        if blank is not None and len(set(blank)) != len(blank):
            raise ValueError("a space is named twice")
        return blank

    @model_validator(mode="after")
    def _exit_or_wall(self) -> Self:
        both = [side for side in self.walls or [] if side in self.exits]
        if both:
            raise ValueError(f"the {both[0]} side is given as an exit and as a wall")
        held = [space for space in self.blank or [] if self.space(space) is not None]
        if held:
            raise ValueError(f"the {held[0]} space is given as blank and as holding a hazard")
        return self

    def space(self, space: Space) -> Action | None:
        return self.left_space if space == "left" else self.right_space

    def unknown_space(self, space: Space) -> bool:
        """Whether the question left this combat space undescribed: no hazard, not blank."""
        return self.blank is not None and self.space(space) is None and space not in self.blank

    def unknown_spaces(self) -> list[Space]:
        return [space for space in SPACE_NAMES if self.unknown_space(space)]

    def unknown_side(self, side: Direction) -> bool:
        """Whether the question left this side undescribed: neither an exit nor a wall."""
        return self.walls is not None and side not in self.exits and side not in self.walls

    def unknown_sides(self) -> list[Direction]:
        return [side for side in DIRECTIONS if self.unknown_side(side)]


class PlacedRoom(Room):
    x: Coord
    y: Coord


# ----------------------------------------------------------------- heroes


class Crystals(Strict):
    red: int = Field(default=0, ge=0, le=99)
    blue: int = Field(default=0, ge=0, le=99)

    def total(self) -> int:
        return self.red + self.blue


class Hero(Strict):
    player: PlayerName
    hero: Annotated[str, StringConstraints(max_length=40)] | None = None
    # None: the question did not describe it. The mover's is always needed (rules.check_move);
    # another hero's only where it could decide the ruling (a battle answer).
    inherent: Action | None = Field(description="the hero's Inherent Action; null: not described")
    # None: where the hero stands was not described (or, before setup, it is not placed).
    # Needed only where a ruling rests on it: the mover's start, a battle's opponent, a Trap
    # Door's target (each refused with a 400 naming the field when missing).
    x: Coord | None = Field(default=None, description="null: not described")
    y: Coord | None = Field(default=None, description="null: not described")
    # None: how many crystals the hero holds was not described. Asked only where a ruling
    # rests on it: reaching a Scrambler (won or wounded), a way on past one.
    crystals: Crystals | None = Field(
        default_factory=Crystals, description="absent: none, as before; null: not described"
    )
    hand: list[Item] = Field(default_factory=list, max_length=BOX_ITEMS)
    # None: how many cards the hand holds beyond those given was not described. The mover's
    # is always needed (its turn ends drawing back up to five, rule 5.10: rules.check_move).
    unseen: int | None = Field(
        default=0,
        ge=0,
        le=BOX_ITEMS,
        description="held cards not given; null: how many was not described",
    )

    def action(self) -> Action:
        """The Inherent Action of a hero whose turn or answer is ruled on: it must have been
        described, since which hazards the hero passes depends on it (rule 4.8)."""
        if self.inherent is None:
            raise InvalidState(
                "state.heroes.inherent",
                f"the Inherent Action of {self.player}'s hero was not described: it decides "
                "which actions that hero can give",
            )
        return self.inherent

    def gems(self, field: str, why: str) -> Crystals:
        """The crystals of a hero whose ruling rests on them: they must have been described."""
        if self.crystals is None:
            raise InvalidState(
                field,
                f"how many crystals {self.player} holds was not described, and {why}",
            )
        return self.crystals

    def held(self) -> int:
        """The cards held, those given and those not; with `unseen` not described, only the
        ones given (the checks that rest on a count leave such a hero out)."""
        return len(self.hand) + (self.unseen or 0)

    def item(self, item_id: str) -> Item | None:
        wanted = fold(item_id)
        return next((i for i in self.hand if fold(i.id) == wanted), None)


class State(Strict):
    dungeon: list[PlacedRoom] = Field(default_factory=list, max_length=BOX_DUNGEON_CARDS)
    heroes: list[Hero] = Field(min_length=2, max_length=MAX_HEROES, description="clockwise")
    turn: PlayerName | None = Field(default=None, description="whose turn; None before setup")
    # The counts of the decks and the discard pile: null means not described (a question that
    # does not ask them). A ruling never rests on a count not described: a card the move says
    # was drawn was drawn, and the count stays not described; the checks that the box's cards
    # add up leave it out.
    dungeon_deck: int | None = Field(
        default=None,
        ge=0,
        le=BOX_DUNGEON_CARDS,
        description="cards left in the Dungeon deck; absent or null: not described",
    )
    item_deck: int | None = Field(
        default=None,
        ge=0,
        le=BOX_ITEMS,
        description="cards left in the Item deck; absent or null: not described",
    )
    discard: int | None = Field(
        default=0,
        ge=0,
        le=BOX_ITEMS,
        description="cards in the discard pile (absent: 0, as before); null: not described",
    )
    winner: PlayerName | None = None
    traded: PlayerName | None = Field(
        default=None,
        exclude_if=lambda v: v is None,
        description="the player whose turn just ended with a trade (rule 6.5: a trade takes "
        "the place of a Discard Turn, and nothing else is done in that turn); absent: the last "
        "turn was not a trade, or it was not said",
    )
    looked: PlayerName | None = Field(
        default=None,
        exclude_if=lambda v: v is None,
        description="the player whose turn just ended with a Look (rule 8.8: a Look ends the "
        "turn at once); absent: the last turn did not end with a Look, or it was not said",
    )

    def field_of(self, hero: Hero) -> str:
        """Where a hero is in the state, for a 400 naming its field."""
        k = next((k for k, h in enumerate(self.heroes) if fold(h.player) == fold(hero.player)), 0)
        return f"state.heroes.{k}"

    def room(self, x: int, y: int) -> PlacedRoom | None:
        return next((r for r in self.dungeon if r.x == x and r.y == y), None)

    def hero(self, player: str) -> Hero | None:
        for h in self.heroes:  # most often named as seated; names differ once folded (checks)
            if h.player == player:
                return h
        wanted = fold(player)
        return next((h for h in self.heroes if fold(h.player) == wanted), None)
