"""The moves a player can make, and the one a deck is checked with.

Players are numbered 0 and 1, as in `state.players`. Plays' effects are text the engine does
not read: a `run-play` move states how the Play changes each Hero's Power in this battle.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.bo_jackson_battle_arena.state import CardId, HeroWeapon, PlayerIndex


class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Substitute(_Move):
    """Pay 2 Hot Dogs to put a Hero from the Bench into the current Battle Zone."""

    kind: Literal["substitute"] = "substitute"
    player: PlayerIndex
    hero: CardId = Field(description="id of the Bench Hero to bring in")


class KeepHero(_Move):
    """Decline to substitute in this battle's Substitution Phase."""

    kind: Literal["keep-hero"] = "keep-hero"
    player: PlayerIndex


class RunPlay(_Move):
    """Run one Play from the Hand, paying Hot Dogs; the Power changes are stated here."""

    kind: Literal["run-play"] = "run-play"
    player: PlayerIndex
    play: CardId = Field(description="id of the Play in the player's Hand")
    name: str = Field(
        default="", max_length=100, description="Its printed name, if said (optional)"
    )
    hot_dogs: int | None = Field(
        default=None, ge=0, le=99, description="Hot Dogs paid; default: the printed cost"
    )
    power_change: int = Field(default=0, ge=-1000, le=1000, description="To your own Hero")
    opponent_power_change: int = Field(default=0, ge=-1000, le=1000, description="To theirs")


class Pass(_Move):
    """End your opportunity to run Plays in this battle."""

    kind: Literal["pass"] = "pass"
    player: PlayerIndex


class RevealedHero(_Move):
    """One Hero as it was turned face up: its printed Power and weapon, and its name if said."""

    name: str = Field(default="", max_length=100, description="Its printed name (optional)")
    power: int = Field(ge=0, le=1000, description="Its printed Power")
    weapon: HeroWeapon = Field(description='Its weapon; "none": the Hero has no weapon')


class RevealHeroes(_Move):
    """Both players turn face up the Heroes of the current battle: Player A's first."""

    kind: Literal["reveal-heroes"] = "reveal-heroes"
    heroes: list[RevealedHero] = Field(
        min_length=2, max_length=2, description="The Hero of each player, as in `players`"
    )


class ResolveBattle(_Move):
    """Reveal, compare and place the Trophy; `claim` is who a player says won, if anyone."""

    kind: Literal["resolve-battle"] = "resolve-battle"
    claim: PlayerIndex | Literal["draw"] | None = None


class SuddenDeath(_Move):
    """Both players reveal the top Hero of their Hero Deck; `claim` says who wins the game."""

    kind: Literal["sudden-death"] = "sudden-death"
    claim: PlayerIndex | None = None


class CheckSetup(_Move):
    """Is the position in the state a correct setup for its mode, before battle 1?"""

    kind: Literal["check-setup"] = "check-setup"


class CheckDeck(_Move):
    """Is the deck in the state legal for this mode or tournament format?"""

    kind: Literal["check-deck"] = "check-deck"
    format: str = Field(max_length=60, description="A mode or format slug, e.g. spec-playmaker")


BattleMove = (
    Substitute | KeepHero | RunPlay | Pass | RevealHeroes | ResolveBattle | SuddenDeath | CheckSetup
)
Move = Annotated[BattleMove | CheckDeck, Field(discriminator="kind")]
