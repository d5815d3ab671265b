"""The moves a Hyperstar Run player makes, and the questions they put to the judge."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.hyperstar_run.state import AchievementSlug, CardId, CostKind, Icon, LevelId


class _Move(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Source(_Move):
    """Where buttons come from: a hand card discarded, or a passed level card pressed, and
    which of its printed buttons are played."""

    card: CardId
    via: Literal["discard", "press"]
    buttons: list[Icon] = Field(min_length=1, max_length=4)


class PassCard(_Move):
    """Pass the current Level Card by paying one of its costs (rules 4.2-4.4, 5, 7)."""

    kind: Literal["pass"] = "pass"
    cost: CostKind
    sources: list[Source] = Field(max_length=20)


class UseAbility(_Move):
    """Use the current card's ability, paying by flipping a face-up hand card face down or by
    discarding the face-down one (rule 6.2)."""

    kind: Literal["ability"] = "ability"
    pay: Literal["flip", "discard"]
    card: CardId


class Swap(_Move):
    """What a swap ability does: a card in the level and a card in hand trade places."""

    kind: Literal["swap"] = "swap"
    level_card: LevelId
    hand_card: CardId


class PressCard(_Move):
    """Ask whether a Level Card may be pressed now for one of its buttons (rule 5.5): passed
    this run, face up and not yet pressed. A question, not a move of play: the board does not
    change until the press pays a cost (`pass`), so the current card's costs play no part."""

    kind: Literal["press"] = "press"
    card: CardId
    button: Icon


class EndRun(_Move):
    """End the run at the current card (rules 8.1-8.8)."""

    kind: Literal["end-run"] = "end-run"


class CheckSetup(_Move):
    """Ask whether the board is a correct setup (rules 2.1-2.6)."""

    kind: Literal["setup"] = "setup"


class Claim(_Move):
    """Claim the win, or an achievement, on a finished game (rules 9.1, 11, 12)."""

    kind: Literal["claim"] = "claim"
    claim: Literal["win"] | AchievementSlug = "win"


Move = Annotated[
    PassCard | UseAbility | Swap | EndRun | CheckSetup | Claim | PressCard,
    Field(discriminator="kind"),
]
