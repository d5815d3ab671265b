"""The board state: a battle in progress (any mode), or a deck brought to an event.

A battle state lists every card the players have in play, each with a unique `id`: the seven
Heroes in the Battle Zones, the Bench, the Hero Deck (top first), the Heroes set aside, and in
Playmaker the Plays in Hand, in the Playbook (top first) and already used. Fields of a mode
the game is not in (Hot Dogs in Rookie, Plays in Substitution) must be absent.

What the player did not describe is null, never made up: a Hero whose face was not described
(`power` null, drawn and said as not described), a Hero Deck or a pile of the mode not
described, the Trophies and draws of battles not described. A pile named in a player's
`partly_described` holds the cards given and others not described (the Bench of "can I
substitute?" holds the Hero brought in, and maybe others): its size and the absence of a card
from it are not known. A weapon "none" is no weapon; null is a weapon not described. The
ruling never rests on them: where it truly needs one, the position is refused with the field to
give (`needed`, `whole`).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    PlainSerializer,
    PlainValidator,
    RootModel,
    Tag,
    WithJsonSchema,
    field_validator,
)

from games.bo_jackson_battle_arena.cards import Weapon, _weapon_name
from games.bo_jackson_battle_arena.deck import DeckList
from games.bo_jackson_battle_arena.reasons import Mode
from games.core import InvalidState
from games.core.names import fold, optional_name
from games.core.words import possessive

# 0 or 1, as in `players`; an int, not Literal[0, 1], which would also take `false`/`true`.
PlayerIndex = Annotated[int, Field(ge=0, le=1)]
Phase = Literal["substitution", "plays", "compare", "sudden-death", "game-over"]
MAX_HEROES = 70  # the largest Hero Deck any format allows (SPEC+, Apex Madness)
MAX_PLAYS = 120
CardId = Annotated[str, Field(min_length=1, max_length=80)]
T = TypeVar("T")
Pile = Literal["hero_deck", "set_aside", "bench", "hand", "playbook", "plays_used"]
NoWeapon = Literal["none"]


# The spellings players and the forms write, read without string work: every Hero of a
# board (twice, with its next state) goes through `_hero_weapon`.
_WEAPON_SPELLINGS: dict[str, Weapon | NoWeapon] = {
    **{spelt: w for w in Weapon for spelt in (w.value, w.value.lower(), w.value.upper())},
    **dict.fromkeys(("none", "None", "NONE"), "none"),
}


def _hero_weapon(value: Any) -> Weapon | NoWeapon:
    # One validator, not a union: a bad weapon is refused at the field itself.
    if type(value) is str:  # a Weapon is a str too, but reads as itself below
        known = _WEAPON_SPELLINGS.get(value)
        if known is not None:
            return known
    if isinstance(value, str) and value.strip().casefold() == "none":
        return "none"
    if isinstance(value, Weapon):
        return value
    if isinstance(value, str):
        try:
            return Weapon(_weapon_name(value))
        except ValueError:
            pass
    raise ValueError(f"not a weapon: one of {', '.join(w.value for w in Weapon)}, or none")


HeroWeapon = Annotated[
    Weapon | NoWeapon,
    PlainValidator(_hero_weapon),
    PlainSerializer(str, return_type=str),
    WithJsonSchema({"enum": [*(w.value for w in Weapon), "none"], "type": "string"}),
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Hero(_Strict):
    """A Hero card in the game: its printed Power and weapon."""

    id: CardId = Field(description="Unique in this state, e.g. a card number or 'p1-hero-7'")
    name: str = Field(default="", max_length=100)
    power: int | None = Field(
        ge=0, le=1000, description="Printed Power; null: the card's face was not described"
    )
    weapon: HeroWeapon | None = Field(
        default=None, description='"none": the Hero has no weapon; null: not described'
    )

    @property
    def described(self) -> bool:
        return self.power is not None

    @property
    def super(self) -> bool:
        return self.weapon is Weapon.SUPER

    def label(self) -> str:
        if self.power is None:
            return self.name if self.name and self.name != self.id else NOT_DESCRIBED_HERO
        # The Power with its unit, as the card prints it: "Bo (150 Power, Super Weapon)".
        weapon = ", Super Weapon" if self.super else ""
        # A Hero whose name was not said is "a Hero", never its id (a key, not a word).
        return f"{self.name or 'a Hero'} ({self.power} Power{weapon})"


NOT_DESCRIBED_HERO = "a Hero not described"


class PlayCard(_Strict):
    id: CardId
    name: str = Field(default="", max_length=100)
    cost: int | None = Field(default=None, ge=0, le=99, description="Printed Hot Dog cost")

    def label(self) -> str:
        return self.name or "a Play"  # its name not said: never its id, a key


class Player(_Strict):
    # "" : not named ("Player A"); white space alone, or a control or format character, is
    # refused (core names), before the model's own stripping could make it "".
    name: Annotated[str, BeforeValidator(optional_name)] = Field(default="", max_length=60)
    zones: list[Hero] = Field(min_length=7, max_length=7, description="Battle Zones 1 to 7")
    hero_deck: list[Hero] | None = Field(
        default_factory=list, max_length=MAX_HEROES, description="Top first; null: not described"
    )
    set_aside: list[Hero] | None = Field(
        default_factory=list,
        max_length=MAX_HEROES,
        description="Heroes substituted out, and Heroes revealed in Sudden Death; null: not "
        "described",
    )
    trophies: int | None = Field(default=0, ge=0, le=7, description="null: not described")
    # Substitution and Playmaker: null where the mode uses the pile means not described
    bench: list[Hero] | None = Field(default=None, max_length=MAX_HEROES)
    hot_dogs: int | None = Field(default=None, ge=0, le=99, description="Hot Dogs left to pay")
    hot_dogs_discarded: int | None = Field(default=None, ge=0, le=99)
    substituted: bool | None = Field(default=None, description="Substituted in this battle")
    # Playmaker
    hand: list[PlayCard] | None = Field(default=None, max_length=MAX_PLAYS)
    playbook: list[PlayCard] | None = Field(default=None, max_length=MAX_PLAYS)
    plays_used: list[PlayCard] | None = Field(default=None, max_length=MAX_PLAYS)
    power_change: int | None = Field(
        default=None, ge=-1000, le=1000, description="Plays' total Power change this battle"
    )
    partly_described: list[Pile] = Field(
        default_factory=list,
        max_length=6,
        description="Piles that hold the cards given and others not described: their size, "
        "and whether a card is missing from them, are not known (empty: every pile given is "
        "whole)",
    )

    @field_validator("partly_described")
    @classmethod
    def _once_each(cls, piles: list[str]) -> list[str]:
        return list(dict.fromkeys(piles))  # a pile named twice is one pile

    def partly(self, pile: Pile) -> bool:
        """The pile holds the cards given, and others not described."""
        return pile in self.partly_described

    def whole(self, pile: Pile) -> bool:
        """Every card of the pile is given: its size and what is not in it are known."""
        return getattr(self, pile) is not None and pile not in self.partly_described


class BattleState(_Strict):
    kind: Literal["battle"] = "battle"
    mode: Mode
    battle: int = Field(ge=1, le=7, description="The current battle (7 once the game is over)")
    phase: Phase
    honors: PlayerIndex = Field(default=0, description="The player who goes first")
    to_act: PlayerIndex | None = Field(
        default=None, description="Whose decision it is in the Substitution or Play Phase"
    )
    ties_allowed: bool = Field(default=True, description="False: a tied game goes to Sudden Death")
    draws: int | None = Field(
        default=0, ge=0, le=7, description="Battles drawn so far; null: not described"
    )
    winner: PlayerIndex | None = Field(default=None, description="Game over: the winner, or none")
    players: list[Player] = Field(min_length=2, max_length=2)

    def other(self, player: int) -> int:
        return 1 - player

    def zone_hero(self, player: int) -> Hero:
        return self.players[player].zones[self.battle - 1]


def _state_kind(value: Any) -> str:
    # A state without "kind" is a battle: the common case needs no tag.
    if isinstance(value, dict):
        kind = value.get("kind", "battle")
        return kind if isinstance(kind, str) else "battle"
    return str(getattr(value, "kind", "battle"))


class State(
    RootModel[
        Annotated[
            Annotated[BattleState, Tag("battle")] | Annotated[DeckList, Tag("deck")],
            Discriminator(_state_kind),
        ]
    ]
):
    """A battle in progress (`kind` "battle", the default) or a deck (`kind` "deck")."""


# ----- what cannot exist -----

_MODE_FIELDS: dict[str, tuple[str, ...]] = {
    "rookie": (),
    "substitution": ("bench", "hot_dogs", "hot_dogs_discarded", "substituted"),
    "playmaker": (
        "bench",
        "hot_dogs",
        "hot_dogs_discarded",
        "substituted",
        "hand",
        "playbook",
        "plays_used",
        "power_change",
    ),
}
_PHASES: dict[str, tuple[str, ...]] = {
    "rookie": ("compare", "sudden-death", "game-over"),
    "substitution": ("substitution", "compare", "sudden-death", "game-over"),
    "playmaker": ("substitution", "plays", "compare", "sudden-death", "game-over"),
}
_MODE_NAMES = {"rookie": "Rookie", "substitution": "Substitution", "playmaker": "Playmaker"}


def needed(value: T | None, field: str, why: str) -> T:
    """`value`, which the ruling truly needs: refused, naming the field, when not described."""
    if value is None:
        raise InvalidState(field, f"not described, and {why}")
    return value


def whole(player: Player, index: int, pile: Pile, why: str) -> None:
    """Refused, naming the pile, where the ruling rests on all of it and it is not all given."""
    if player.partly(pile):
        raise InvalidState(
            f"state.players.{index}.{pile}",
            f"only some of its cards are described, and {why}: give the whole pile",
        )
    needed(getattr(player, pile), f"state.players.{index}.{pile}", why)


def check_deck_state(deck: DeckList) -> None:
    for i, card in enumerate(deck.hero_deck):
        if card.kind != "hero":
            continue
        if card.power is None:
            raise InvalidState(f"state.hero_deck.{i}.power", "a Hero's Power is needed")
        if card.weapon is None:
            raise InvalidState(f"state.hero_deck.{i}.weapon", "a Hero's weapon is needed")


def _check_mode_fields(state: BattleState) -> None:
    # A pile the mode uses may be left out (not described: the ruling refuses, naming it, only
    # where it needs it); a pile the mode does not use can still be laid out on a table, and
    # the ruling says which rule it breaks (battle.position_faults): neither is refused here.
    mode = _MODE_NAMES[state.mode]
    if state.phase not in _PHASES[state.mode]:
        raise InvalidState("state.phase", f"{mode} Mode has no {state.phase} phase")


def _check_turn(state: BattleState) -> None:
    deciding = state.phase in ("substitution", "plays")
    if deciding and state.to_act is None:
        raise InvalidState("state.to_act", f"say whose decision it is in the {state.phase} phase")
    if not deciding and state.to_act is not None:
        raise InvalidState("state.to_act", f"nobody is to act in the {state.phase} phase")
    if state.phase == "substitution":
        # Players decide in honors order, so nobody after the one to act has substituted yet.
        assert state.to_act is not None  # checked just above
        waiting = [state.to_act] if state.to_act != state.honors else [0, 1]
        for i in waiting:
            if state.players[i].substituted:
                raise InvalidState(
                    f"state.players.{i}.substituted",
                    "a player who has not yet had their turn to substitute cannot have substituted",
                )


def _check_score(state: BattleState) -> None:
    if state.phase != "game-over" and state.winner is not None:
        raise InvalidState("state.winner", "the game is not over")
    over = state.phase in ("sudden-death", "game-over")
    if over and state.battle != 7:
        raise InvalidState("state.battle", f"the {state.phase} phase comes after battle 7")
    played = 7 if over else state.battle - 1
    said = [p.trophies for p in state.players]
    if state.draws is None or None in said:
        # A score not described: only what was given is checked against the battles played.
        if sum(t or 0 for t in said) + (state.draws or 0) > played:
            raise InvalidState(
                "state.draws", f"more Trophies and draws than the {played} battles played"
            )
        return
    won = [t or 0 for t in said]
    if sum(won) > played:
        # A player with more Trophies than battles played is named; else the second count given.
        alone = next((i for i, t in enumerate(won) if t > played), 1)
        raise InvalidState(
            f"state.players.{alone}.trophies",
            f"{sum(won)} Trophies in all, but only {played} battles have been played",
        )
    if sum(won) + state.draws != played:
        raise InvalidState(
            "state.draws",
            f"{sum(won)} Trophies and {state.draws} draws, but {played} battles have been played",
        )
    _check_result(state, won)


def _check_result(state: BattleState, won: list[int]) -> None:
    tied = won[0] == won[1]
    if state.phase == "sudden-death" and (not tied or state.ties_allowed):
        raise InvalidState(
            "state.phase", "Sudden Death follows only a tied game in which ties are not allowed"
        )
    # A finished game whose result the battles do not give can be laid out on a table: the
    # ruling names the rule it breaks (battle.position_faults).


_CARD_PILES = ("zones", "hero_deck", "set_aside", "bench", "hand", "playbook", "plays_used")
# Each pile as the table calls it, for a refusal a player reads (the path is the field's).
PILE_WORDS = {
    "hero_deck": "Hero Deck",
    "set_aside": "Heroes set aside",
    "bench": "Bench",
    "hand": "Plays in Hand",
    "playbook": "Playbook",
    "plays_used": "Plays used",
}


def who(state: BattleState, player: int) -> str:
    """A player by the name given, else as the forms call them."""
    return state.players[player].name or ("Player A", "Player B")[player]


def card_place(state: BattleState, player: int, pile: str, index: int) -> str:
    """A place in the player's words: "Ana's Hero for battle 3", "card 2 of your Bench"."""
    whose = possessive(who(state, player))
    if pile == "zones":
        return f"{whose} Hero for battle {index + 1}"
    return f"card {index + 1} of {whose} {PILE_WORDS[pile]}"


def _check_cards(state: BattleState) -> None:
    # Where a card is, as a path, is written only for the message of a card met twice.
    seen: dict[str, tuple[int, str, int]] = {}
    for i, player in enumerate(state.players):
        for pile in _CARD_PILES:
            for j, card in enumerate(getattr(player, pile) or ()):
                key = fold(card.id)
                if key in seen:
                    named = f" ({card.name})" if card.name and card.name != card.id else ""
                    raise InvalidState(
                        f"state.players.{i}.{pile}.{j}",
                        f"{card_place(state, i, pile, j)} is the same card{named} as "
                        f"{card_place(state, *seen[key])}: a card is in one place",
                    )
                seen[key] = (i, pile, j)
    for i, p in enumerate(state.players):
        heroes = 7 + len(p.hero_deck or []) + len(p.set_aside or []) + len(p.bench or [])
        if heroes > MAX_HEROES:
            raise InvalidState(
                f"state.players.{i}.hero_deck",
                f"{heroes} Heroes in all; no format allows more than {MAX_HEROES}",
            )


# ----- counts the rules fix (4.2.1, 4.2.2, 4.3.1, 4.3.2), checked where the state gives them

HOT_DOG_DECK = 10  # 4.2.1.2, 4.3.1.5
SUBSTITUTION_COST = 2  # 4.2.2.1, 4.3.2.1 (reference ruling substitution-always-costs-two)
BENCH = 4  # 4.2.1.5, 4.3.1.8
PLAYS_DRAWN_AT_SETUP = 4  # 4.3.1.9; one more at the end of each battle (4.3.2.14)
_MODE_RULE = {"substitution": "4.2", "playmaker": "4.3"}


def _check_names(state: BattleState) -> None:
    """Two players whose names are the same after NFKC and case folding would be one name in
    every answer: "Ana" and "ＡＮＡ" cannot sit across the table from each other."""
    first, second = (p.name for p in state.players)
    if first and second and fold(first) == fold(second):
        raise InvalidState("state.players.1.name", f"both players are named {first!r}")


def _check_hot_dogs(state: BattleState) -> None:
    """Hot Dogs are paid to substitute (2 each, 4.x.2.1) and to run Plays (4.3.2.6): nobody
    pays before their first decision, and every Hero set aside before Sudden Death was
    substituted out (reference ruling substituted-hero-set-aside), for 2 Hot Dogs."""
    if state.mode == "rookie":
        return
    rule = _MODE_RULE[state.mode]
    for i, p in enumerate(state.players):
        # What was paid is what the state says was discarded; Hot Dogs left with a deck that
        # does not come to 10 is ruled on (battle.position_faults), so nothing is worked out.
        so_far = p.hot_dogs_discarded
        if so_far is None:
            continue
        field = f"state.players.{i}.hot_dogs_discarded"
        if state.phase not in ("sudden-death", "game-over"):
            out = len(p.set_aside or [])
            if out * SUBSTITUTION_COST > so_far:
                raise InvalidState(
                    field,
                    f"{out} {'Hero is' if out == 1 else 'Heroes are'} set aside, each "
                    f"substituted out for {SUBSTITUTION_COST} Hot Dogs (rule {rule}.2.1), but "
                    f"{so_far} {'was' if so_far == 1 else 'were'} paid",
                )
        if state.battle == 1 and state.phase == "substitution":
            acted = i == state.honors and state.to_act != state.honors
            most = SUBSTITUTION_COST if acted and p.substituted is not False else 0
            if so_far > most:
                why = (
                    "has not yet had a decision to make"
                    if not acted
                    else "has made one decision, a substitution at most"
                )
                raise InvalidState(
                    field,
                    f"{so_far} Hot Dogs paid in the Substitution Phase of battle 1, by a player "
                    f"who {why} (rule {rule}.2.1)",
                )


def _check_play_power(state: BattleState) -> None:
    """Plays are run in the Play Phase, after the Substitution Phase (4.3.2.6): in the
    Substitution Phase no Play has changed Power in this battle."""
    if state.phase != "substitution":
        return
    for i, p in enumerate(state.players):
        if p.power_change:
            raise InvalidState(
                f"state.players.{i}.power_change",
                "no Play has been run in this battle yet: Plays are run in the Play Phase, "
                "after the Substitution Phase (rule 4.3.2.6)",
            )


def check_battle_counts(state: BattleState) -> None:
    """Counts a setup check rules on (a Bench one short, a Play too many: "not a right setup")
    and every other move refuses, where the state gives the pile whole: the Bench holds 4
    (4.x.1.5/8: a substitution draws a Hero back to it, reference ruling
    replacement-hero-to-bench), and a Hand holds no more Plays than were drawn (4 at setup,
    4.3.1.9, and 1 at the end of each battle, 4.3.2.14)."""
    if state.mode == "rookie":
        return
    rule = _MODE_RULE[state.mode]
    for i, p in enumerate(state.players):
        if p.whole("bench") and len(p.bench or []) < BENCH:
            held = len(p.bench or [])
            raise InvalidState(
                f"state.players.{i}.bench",
                f"{held} {'Hero' if held == 1 else 'Heroes'} on the Bench: it holds {BENCH} "
                f"from the setup (rule {rule}.1.{5 if rule == '4.2' else 8}), and a Hero is "
                "drawn back to it after each substitution (our reading, "
                "replacement-hero-to-bench)",
            )
    if state.mode != "playmaker":
        return
    ended = 7 if state.phase in ("sudden-death", "game-over") else state.battle - 1
    drawn = PLAYS_DRAWN_AT_SETUP + ended
    for i, p in enumerate(state.players):
        plays = len(p.hand or []) + len(p.plays_used or [])
        if plays > drawn:
            where = "hand" if p.hand else "plays_used"
            raise InvalidState(
                f"state.players.{i}.{where}",
                f"{plays} Plays in the Hand and run, but only {drawn} have been drawn by battle "
                f"{state.battle}: 4 at the setup (rule 4.3.1.9) and 1 at the end of each battle "
                "(rule 4.3.2.14)",
            )


def check_battle_state(state: BattleState) -> None:
    _check_mode_fields(state)
    _check_turn(state)
    _check_score(state)
    _check_cards(state)
    _check_names(state)
    _check_hot_dogs(state)
    _check_play_power(state)
