"""The board state of a Hyperstar Run game, with the faces of the cards it involves.

Cards are named `L1`..`L15` (Level Cards) and `E1`, `E2` (Equipment Cards); the Hero Card is
implied by `run` and `hero`. Icons are named by the player (no icon name is public); `*` is the
star. A Level Card's face is either given whole in `faces` or unknown.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    model_validator,
)

from games.core.names import fold, nfc, typed_icon

STAR = "*"

Difficulty = Literal["tutorial", "standard", "hard", "expert"]
AchievementSlug = Literal["button-masher", "well-equipped", "speed-runner", "combo-pro"]
Outcome = Literal["playing", "won", "lost"]

# Setup, rule 2.1: Level Cards in the level by difficulty.
LEVEL_SIZE: dict[str, int] = {"tutorial": 9, "standard": 10, "hard": 11, "expert": 12}
# Rule 11.x: each achievement's difficulty (challenge mode plays it, rule 12.1).
ACHIEVEMENT_DIFFICULTY: dict[str, str] = {
    "button-masher": "tutorial",
    "well-equipped": "standard",
    "speed-runner": "hard",
    "combo-pro": "expert",
}
RUNS = 4  # rule 3.1
HAND_LEVEL_CARDS = 3  # rule 2.3
LEVEL_IDS: tuple[str, ...] = tuple(f"L{n}" for n in range(1, 16))
EQUIPMENT_IDS: tuple[str, ...] = ("E1", "E2")
ALL_IDS: tuple[str, ...] = LEVEL_IDS + EQUIPMENT_IDS

# Icons are named by the player: kept in Unicode NFC and compared case folded, so "a" and "A",
# or an accent typed two ways, are one icon (the board's first spelling is the one kept).
# An icon of invisible characters (a zero-width space, a bidi control) is refused: in a move
# by its type (`Icon`); on a board, where a score of icons are read on every ruling, by
# `checks.check_icons` in one pass (a validator an icon cost a fifth of reading a board).


def _typed_icon(text: str) -> str:
    """`typed_icon`, the common case first: an icon of printable ASCII hides no character and
    is NFC already, and the strip before it left something."""
    if text.isascii() and text.isprintable():
        return text
    return typed_icon(text)


_ICON_TEXT = StringConstraints(strip_whitespace=True, min_length=1, max_length=24)
Icon = Annotated[str, _ICON_TEXT, AfterValidator(_typed_icon)]
BoardIcon = Annotated[str, _ICON_TEXT]  # checked by `checks.check_icons`; NFC by the board's
# own spelling (`State._one_spelling_per_icon`)
LevelId = Annotated[str, StringConstraints(pattern=r"^L(?:[1-9]|1[0-5])$")]
EquipmentId = Annotated[str, StringConstraints(pattern=r"^E[12]$")]
CardId = Annotated[str, StringConstraints(pattern=r"^(?:L(?:[1-9]|1[0-5])|E[12])$")]
EquipmentButtons = Annotated[list[BoardIcon], Field(min_length=2, max_length=2)]  # rule 1.3
CostKind = Literal["enemy", "combo-start", "combo-continue"]


class Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ComboLine(Frozen):
    """A card's coloured combo line and which edges of the card it reaches. An edge left
    null was not described (the question asked only the other one)."""

    left: bool | None = False
    right: bool | None = False
    # For the picture only: lines connect by their edges, whatever their colours (reference
    # ruling `combo-line-connects`). Empty when the player names no colour.
    colour: Annotated[str, StringConstraints(strip_whitespace=True, max_length=24)] = ""


class Ability(Frozen):
    """Part E. Its text is the player's to give; `swap` says it makes two cards trade places."""

    text: Annotated[str, StringConstraints(max_length=500)] = ""
    swap: bool = False


# The parts of a face a question may leave not described (every card prints buttons, so
# buttons left null are not described without being listed).
FacePart = Literal["enemy", "combo_start", "combo_continue", "combo_line", "ability"]
FACE_PARTS: tuple[str, ...] = get_args(FacePart)
PART_NAMES = {
    "buttons": "buttons",
    "enemy": "enemy cost",
    "combo_start": "combo start cost",
    "combo_continue": "combo continue cost",
    "combo_line": "combo line",
    "ability": "ability",
}
COST_PARTS = {"enemy": "enemy", "combo-start": "combo_start", "combo-continue": "combo_continue"}


class LevelFace(Frozen):
    """Parts A to E of one Level Card, as the player reads them. None: not printed, unless
    the part is listed in `not_described` (the question did not describe it)."""

    buttons: list[BoardIcon] | None = Field(
        min_length=1, max_length=4, description="The buttons printed; null: not described."
    )
    combo_start: list[BoardIcon] | None = Field(default=None, min_length=2, max_length=2)
    combo_continue: BoardIcon | None = None
    enemy: list[BoardIcon] | None = Field(default=None, min_length=1, max_length=8)
    combo_line: ComboLine | None = None
    ability: Ability | None = None
    not_described: list[FacePart] = Field(
        default_factory=list,
        max_length=len(FACE_PARTS),
        description="Parts the question did not describe: each is null here and is neither "
        "printed nor absent as far as the ruling knows.",
    )

    @model_validator(mode="after")
    def _unsaid_parts_are_null(self) -> LevelFace:
        for part in self.not_described:
            if getattr(self, part) is not None:
                raise ValueError(
                    f"the {PART_NAMES[part]} is given, so it cannot also be not described"
                )
        return self

    def described(self, part: str) -> bool:
        """Whether the question described this part (as printed or as absent)."""
        if part == "buttons":
            return self.buttons is not None
        return part not in self.not_described

    def unsaid(self, parts: tuple[str, ...] | list[str]) -> str | None:
        """The first of these parts not described, or None."""
        return next((p for p in parts if not self.described(p)), None)

    def cost(self, kind: str) -> list[str] | None:
        if kind == "enemy":
            return self.enemy
        if kind == "combo-start":
            return self.combo_start
        return [self.combo_continue] if self.combo_continue is not None else None


class Slot(Frozen):
    """A place in the level row: which card, face up or down, pressed or not."""

    card: LevelId
    face_up: bool = False
    pressed: bool = False


# The places a question may leave not described in full (the level is always laid out, and
# the set-aside pile is fixed by the difficulty, rule 2.3). "hand": face-up cards beyond those
# listed may be in your hand; "face_down_card": a face-down card not listed may be in it (at
# most one, rule 6.3); "discard": the discard pile may hold cards beyond those listed.
Place = Literal["hand", "face_down_card", "discard"]
PLACES: tuple[str, ...] = get_args(Place)


class Held(Frozen):
    """A card in the hand or the discard pile, face up or down."""

    card: CardId
    face_up: bool = True


def _none_swapped_in(cards: list[str]) -> bool:
    """`State.swapped_in` is written only when it holds a card (boards before it had none)."""
    return not cards


class State(Frozen):
    """A Hyperstar Run board.

    `hero` is the index in `level` of the current Level Card (equal to `len(level)` once the
    final card is passed). Cards left of the hero are the ones passed this run (reference
    ruling `passed-this-run-means-behind-the-hero`), those a swap brought in behind the hero
    (`swapped_in`) among them on our reading. `combo` is true when the card left of the
    hero was passed this run by paying a combo cost; the combo is still running only while no
    ability has been used on the current card (`ability_used`). `swap_pending` is true between
    using a swap ability and carrying out the swap.
    """

    difficulty: Difficulty
    challenge: AchievementSlug | None = None
    run: int = Field(ge=1, le=RUNS)
    hero: int = Field(default=0, ge=0, le=12)
    level: list[Slot] = Field(max_length=12)
    hand: list[Held] = Field(max_length=17)
    discard: list[Held] = Field(default_factory=list, max_length=17)
    set_aside: list[LevelId] = Field(default_factory=list, max_length=3)
    faces: dict[LevelId, LevelFace] = Field(default_factory=dict)
    equipment: dict[EquipmentId, EquipmentButtons] = Field(default_factory=dict)
    combo: bool = False
    ability_used: bool = False
    swap_pending: bool = False
    outcome: Outcome = "playing"
    swapped_in: list[LevelId] = Field(
        default_factory=list,
        max_length=12,
        exclude_if=_none_swapped_in,
        description="Level Cards a swap brought into the level behind the hero during this "
        "run: they sit among the cards passed this run, though the hero never passed them "
        "(reference ruling passed-this-run-means-behind-the-hero). Empty: none.",
    )
    # Empty (every state before this field, and the default): every card is placed, as
    # listed. Otherwise a card placed nowhere is in one of these places, the ruling does not
    # know which.
    not_described: list[Place] = Field(
        default_factory=list,
        max_length=len(PLACES),
        description="Places the question did not describe in full; a card placed nowhere is "
        "in one of them. hand: face-up cards beyond those listed may be in your hand; "
        "face_down_card: a face-down card not listed may be in it; discard: the discard pile "
        "may hold cards beyond those listed. Empty: every card is placed.",
    )

    @model_validator(mode="after")
    def _one_spelling_per_icon(self) -> State:
        """Every icon of the board spelt as it is first spelt on it (NFC, case folded), in the
        order the board gives them: faces, then Equipment Cards. Run after the fields are read
        (a validator before them has every board's JSON built as Python objects first, a
        third of reading it); a face is rebuilt only where an icon is spelt otherwise."""
        spelling: dict[str, str] = {}

        def spelt(icons: list[str]) -> list[str]:
            out = []
            for text in icons:
                # ASCII, as most icons are, is NFC already and folds by lower() (names.fold).
                plain = text.isascii()
                key = text.lower() if plain else fold(text)
                first = spelling.get(key)
                if first is None:
                    first = spelling[key] = text if plain else nfc(text)
                out.append(first)
            return out

        faces: dict[str, LevelFace] | None = None
        for card, face in self.faces.items():
            update: dict[str, Any] = {}
            for part in ("buttons", "combo_start", "enemy"):
                icons = getattr(face, part)
                if icons is not None:
                    same = spelt(icons)
                    if same != icons:
                        update[part] = same
            if face.combo_continue is not None:
                (same_one,) = spelt([face.combo_continue])
                if same_one != face.combo_continue:
                    update["combo_continue"] = same_one
            if update:
                faces = dict(self.faces) if faces is None else faces
                faces[card] = face.model_copy(update=update)
        equipment: dict[str, list[str]] | None = None
        for card, buttons in self.equipment.items():
            same = spelt(buttons)
            if same != buttons:
                equipment = dict(self.equipment) if equipment is None else equipment
                equipment[card] = same
        # The model is frozen to its users; its own reading may still settle its spelling.
        if faces is not None:
            object.__setattr__(self, "faces", faces)
        if equipment is not None:
            object.__setattr__(self, "equipment", equipment)
        return self

    def spelling(self, icon: str) -> str:
        """An icon as this board spells it (a move may type it in another case)."""
        key = fold(icon)
        for printed in self.all_icons():
            if fold(printed) == key:
                return printed
        return nfc(icon)

    def all_icons(self) -> list[str]:
        found: list[str] = []
        for face in self.faces.values():
            found += (face.buttons or []) + (face.combo_start or []) + (face.enemy or [])
            found += [face.combo_continue] if face.combo_continue else []
        for buttons in self.equipment.values():
            found += buttons
        return found

    # ----- small queries the engine and the solver share -----

    def described(self, place: str) -> bool:
        """Whether the question described this place in full (see `not_described`)."""
        return place not in self.not_described

    def hand_described(self) -> bool:
        """Whether every card of the hand is listed, face up or down."""
        return self.described("hand") and self.described("face_down_card")

    def may_hold(self, card: str) -> bool:
        """Whether a card placed nowhere may be in the hand (a place not described)."""
        placed = {s.card for s in self.level} | {h.card for h in (*self.hand, *self.discard)}
        return card not in placed and card not in self.set_aside and not self.hand_described()

    def current(self) -> Slot | None:
        return self.level[self.hero] if self.hero < len(self.level) else None

    def combo_running(self) -> bool:
        return self.combo and not self.ability_used

    def buttons_of(self, card: str) -> list[str] | None:
        """The buttons printed on a card, or None when its face is not given."""
        if card.startswith("E"):
            return self.equipment.get(card)
        face = self.faces.get(card)
        return list(face.buttons) if face is not None and face.buttons is not None else None

    def hand_index(self, card: str) -> int | None:
        return next((i for i, h in enumerate(self.hand) if h.card == card), None)

    def level_index(self, card: str) -> int | None:
        return next((i for i, s in enumerate(self.level) if s.card == card), None)

    def face_down_in_hand(self) -> list[str]:
        return [h.card for h in self.hand if not h.face_up]


def level_size(difficulty: str, run: int) -> int:
    """Cards in the level during `run`: one leaves for the hand at each end of run (8.5)."""
    return LEVEL_SIZE[difficulty] - (run - 1)


def set_aside_size(difficulty: str) -> int:
    return len(LEVEL_IDS) - LEVEL_SIZE[difficulty] - HAND_LEVEL_CARDS
