"""The ruling an engine returns: a verdict, the sentence read aloud, and the rules behind it."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from games.core.deciding import deciding_rule
from games.core.readings import ReadingTurn

_DECIDING = (
    "The key of the one rule whose text, read aloud to the other player, settles the question "
    "asked: the rule an illegal move breaks; for a legal move, the rule that permits the part "
    "in doubt (not the general turn rule); the rule that voids part of a move; null only when "
    "the ruling gives no reason."
)
_READINGS_DECIDING = (
    "The readings of open points (reference rulings) the answer turns on: read the other way, "
    "the verdict, the answer or the next state would differ; each with what the other reading "
    "answers. The readings merely used on the way are in `interpretations`."
)


_set_slot = object.__setattr__  # as pydantic's model_construct sets a model's slots


class Verdict(StrEnum):
    LEGAL = "legal"
    ILLEGAL = "illegal"


class Reason(BaseModel):
    """One ground of a ruling: a stable machine code, the rule key it rests on, and the fact
    in this state that made it so."""

    code: str = Field(description="Stable machine-readable code, e.g. `press-not-passed-this-run`.")
    rule: str = Field(description="Rule key `<game>:<number>` that this reason cites.")
    detail: str = Field(description="What in this state made it so, in plain words.")

    @classmethod
    def bound(cls, code: str, rule: str, detail: str) -> Reason:
        """A reason made from the three strings an engine holds, as `model_construct` makes a
        model without validating it, less its general work: a ruling makes several, and
        three strings (the types say so) leave nothing to validate."""
        reason = cls.__new__(cls)
        _set_slot(reason, "__dict__", {"code": code, "rule": rule, "detail": detail})
        _set_slot(reason, "__pydantic_fields_set__", {"code", "rule", "detail"})
        _set_slot(reason, "__pydantic_extra__", None)
        _set_slot(reason, "__pydantic_private__", None)
        return reason


class Ruling(BaseModel):
    verdict: Verdict
    answer: str = Field(
        default="",
        description=(
            'The question answered in plain words, first: "Yes, you can substitute", '
            '"No: a 5 is not higher than the 7", "Your opponent wins battle 3". '
            "Falls back to the summary where an engine gives none."
        ),
    )
    deciding_rule: str | None = Field(default=None, description=_DECIDING)
    summary: str = Field(description="One sentence a player can read aloud at the table.")
    reasons: list[Reason] = Field(default_factory=list)
    voided: list[Reason] = Field(
        default_factory=list,
        description=(
            "Parts of a legal move that the rules make void (the move stands without them), "
            "each with the rule that voids it; next_state is the corrected state."
        ),
    )
    interpretations: list[str] = Field(
        default_factory=list,
        description=(
            "Keys of the reference rulings (clarifications) used on the way to this ruling; "
            "those the answer turns on are in `readings_deciding`."
        ),
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list, description=_READINGS_DECIDING
    )
    notes: list[str] = Field(
        default_factory=list,
        description="What the ruling cannot settle, e.g. a card text the reference lacks.",
    )
    next_state: dict[str, Any] | None = Field(
        default=None, description="The state after the move, when the move is legal."
    )
    reference_version: str = Field(
        default="", description="Version of the rules data the ruling was made under."
    )

    def model_post_init(self, context: Any, /) -> None:
        if not self.answer:
            self.answer = self.summary
        if self.deciding_rule is None:
            self.deciding_rule = deciding_rule(self.reasons, self.voided)

    @classmethod
    def composed(
        cls,
        verdict: Verdict,
        answer: str,
        summary: str,
        reasons: list[Reason],
        voided: list[Reason],
        interpretations: list[str],
        notes: list[str],
        next_state: dict[str, Any] | None,
    ) -> Ruling:
        """The ruling `Ruling(verdict=..., ..., next_state=...)` makes from these fields, as
        `model_construct` makes a model without validating it (`Reason.bound`): every ruling
        passes here (games/core/findings.py `compose`), and its fields arrive typed (the
        reasons made by `Reason.bound`, the next state a model's JSON dump), so validating them
        again is work without effect. The fields set are those the keywords set, and
        `model_post_init`'s two."""
        ruling = cls.__new__(cls)
        _set_slot(
            ruling,
            "__dict__",
            {
                "verdict": verdict,
                "answer": answer or summary,
                "deciding_rule": deciding_rule(reasons, voided),
                "summary": summary,
                "reasons": reasons,
                "voided": voided,
                "interpretations": interpretations,
                "readings_deciding": [],
                "notes": notes,
                "next_state": next_state,
                "reference_version": "",
            },
        )
        _set_slot(ruling, "__pydantic_fields_set__", set(_COMPOSED_SET))
        _set_slot(ruling, "__pydantic_extra__", None)
        _set_slot(ruling, "__pydantic_private__", None)
        return ruling

    @property
    def legal(self) -> bool:
        return self.verdict is Verdict.LEGAL

    def cited_rules(self) -> list[str]:
        return list(dict.fromkeys(r.rule for r in [*self.reasons, *self.voided]))


_COMPOSED_SET = frozenset(
    (
        "verdict",
        "answer",
        "deciding_rule",
        "summary",
        "reasons",
        "voided",
        "interpretations",
        "notes",
        "next_state",
    )
)


class SequenceRuling(BaseModel):
    """A game log ruled move by move: every ruling up to and including the first that breaks.

    A log that runs to the end of the game is ruled whole: `game_over` is true and `winner`
    names who won (or `result` says how it ended); a log that breaks names the first illegal
    move and who made it."""

    verdict: Verdict
    answer: str = Field(
        default="", description="The log ruled in plain words: who won, or which move broke."
    )
    deciding_rule: str | None = Field(
        default=None,
        description=(
            "The rule that settles the log: the deciding rule of its first illegal move; when "
            "the log ends the game, the rule that says who won; else that of its last move."
        ),
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description="The readings the deciding ruling turns on (see Ruling.readings_deciding).",
    )
    summary: str
    rulings: list[Ruling]
    first_illegal: int | None = Field(
        default=None, description="Index of the first illegal move, or null when all are legal."
    )
    first_illegal_by: str | None = Field(
        default=None, description="Who made the first illegal move, where the game says."
    )
    game_over: bool = Field(
        default=False, description="Whether the log reaches the end of the game."
    )
    winner: str | None = Field(
        default=None, description="Who won, when the log reaches the end of the game."
    )
    result: str = Field(default="", description="How the game ended, in plain words, when it did.")
    final_state: dict[str, Any] | None = None

    def model_post_init(self, context: Any, /) -> None:
        if not self.answer:
            self.answer = self.summary


class GameResult(BaseModel):
    """How a game stands at the end of a log: over or not, who won, in plain words."""

    over: bool = False
    winner: str | None = None
    result: str = ""
    reasons: list[Reason] = Field(default_factory=list)
