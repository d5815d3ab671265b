"""What every engine shares: the ruling, the error types, the contract and the registry."""

from games.core.errors import InvalidMove, InvalidState
from games.core.rules import GameRules, Question, ReasonCatalog
from games.core.ruling import Reason, Ruling, SequenceRuling, Verdict

__all__ = [
    "GameRules",
    "InvalidMove",
    "InvalidState",
    "Question",
    "Reason",
    "ReasonCatalog",
    "Ruling",
    "SequenceRuling",
    "Verdict",
]
