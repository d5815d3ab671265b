"""The typed record a game's judge returns, and the one place it becomes a Ruling.

A judge finds what the rules say about a move: whether it is legal, the reasons (each a code
bound to its rule), the parts of a legal move made void, the readings of open points it used,
what the ruling cannot settle, the board after a legal move, and the sentences to say. Core
composes the Ruling from it (`compose`): the verdict, the deciding rule
(games/core/deciding.py) and the board as JSON, the same way for every game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games.core.ruling import Reason, Ruling, Verdict


@dataclass
class Findings:
    legal: bool
    summary: str
    reasons: list[Reason]
    next_state: Any = None  # the board after a legal move (a pydantic model)
    interpretations: list[str] = field(default_factory=list)  # the readings used
    notes: list[str] = field(default_factory=list)
    answer: str = ""
    voided: list[Reason] = field(default_factory=list)


def found_illegal(
    summary: str,
    reasons: list[Reason],
    interpretations: Iterable[str] = (),
    notes: Iterable[str] = (),
    *,
    answer: str = "",
) -> Findings:
    return Findings(
        False, summary, reasons, None, unique(interpretations), list(notes), answer=answer
    )


def found_legal(
    summary: str,
    reasons: list[Reason],
    next_state: Any,
    interpretations: Iterable[str] = (),
    notes: Iterable[str] = (),
    *,
    answer: str = "",
    voided: Iterable[Reason] = (),
) -> Findings:
    return Findings(
        True,
        summary,
        reasons,
        next_state,
        unique(interpretations),
        list(notes),
        answer=answer,
        voided=list(voided),
    )


class Broken(Exception):
    """A judge's way out of a deep walk at the first rule the move breaks: its illegal findings
    (`found_illegal`), which the judge's caller catches (`judged`) and words."""

    def __init__(self, findings: Findings) -> None:
        super().__init__(
            findings.summary or (findings.reasons[0].detail if findings.reasons else "")
        )
        self.findings = findings


def broken(reasons: list[Reason], interpretations: Iterable[str] = ()) -> Broken:
    """The exception to raise for a move that breaks `reasons[0]` (the rest are further faults);
    its summary and answer are said where it is caught."""
    return Broken(found_illegal("", reasons, interpretations))


def unique(keys: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(keys))


def compose(findings: Findings) -> Ruling:
    """The Ruling a judge's findings make. A legal finding without a next board is ruled
    illegal, as it cannot be played."""
    legal = findings.legal and findings.next_state is not None
    next_state = findings.next_state
    if legal and isinstance(next_state, BaseModel):
        dumped: dict[str, Any] | None = next_state.model_dump(mode="json")
    else:
        dumped = dict(next_state) if legal else None
    # Not validated again (`Ruling.composed`): each list is a copy, as validation made one.
    return Ruling.composed(
        Verdict.LEGAL if legal else Verdict.ILLEGAL,
        findings.answer,
        findings.summary,
        list(findings.reasons),
        list(findings.voided) if legal else [],
        list(findings.interpretations),
        list(findings.notes),
        dumped,
    )
