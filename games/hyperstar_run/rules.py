"""The Hyperstar Run adjudicator: the engine contract of `games.core.GameRules`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from games.core import GameRules, Ruling
from games.core.rules import Question
from games.hyperstar_run.abilities import judge_ability, judge_swap
from games.hyperstar_run.checks import check_move, check_state
from games.hyperstar_run.claims import judge_claim
from games.hyperstar_run.example import example_move, example_state
from games.hyperstar_run.legal import legal_moves
from games.hyperstar_run.moves import (
    CheckSetup,
    Claim,
    EndRun,
    Move,
    PassCard,
    Swap,
    UseAbility,
)
from games.hyperstar_run.outcome import Outcome
from games.hyperstar_run.passing import judge_pass
from games.hyperstar_run.questions import QUESTIONS
from games.hyperstar_run.reasons import INTERPRETATIONS, REASONS, SLUG
from games.hyperstar_run.runs import judge_end_run, judge_setup
from games.hyperstar_run.state import State

JUDGES: dict[type, Callable[[State, Any], Outcome]] = {
    PassCard: judge_pass,
    UseAbility: judge_ability,
    Swap: judge_swap,
    EndRun: judge_end_run,
    CheckSetup: lambda state, move: judge_setup(state),
    Claim: judge_claim,
}


class HyperstarRunRules(GameRules[State, Any]):
    slug = SLUG
    Move = Move
    reasons = REASONS
    interpretations: ClassVar[frozenset[str]] = INTERPRETATIONS
    questions: ClassVar[tuple[Question, ...]] = QUESTIONS

    def check_state(self, state: State) -> None:
        check_state(state)

    def check_move(self, state: State, move: Any, field: str) -> None:
        check_move(state, move, field)

    def judge(self, state: State, move: Any) -> Outcome:
        """The outcome of a move, for a board and move already checked."""
        return JUDGES[type(move)](state, move)

    def adjudicate(self, state: State, move: Any) -> Ruling:
        # Checked again here so that callers from code get InvalidState/InvalidMove, never a
        # crash, even without going through the JSON parsers.
        check_state(state)
        check_move(state, move, "move")
        out = self.judge(state, move)
        if out.legal and out.next_state is not None:
            return self.legal(
                out.summary, out.reasons, out.next_state, out.interpretations, out.notes
            )
        return self.illegal(out.summary, out.reasons, out.interpretations, out.notes)

    def apply(self, state: State, move: Any) -> State:
        return self.apply_checked(state, move)

    def apply_fast(self, state: State, move: Any) -> State:
        """`apply` without the JSON round trip, for the solver's replay and the tests."""
        from games.core.rules import IllegalMove

        out = self.judge(state, move)
        if not out.legal or out.next_state is None:
            raise IllegalMove(self.illegal(out.summary, out.reasons))
        return out.next_state

    def legal_moves(self, state: State) -> list[Any] | None:
        return legal_moves(state)

    def example(self) -> dict[str, Any]:
        return {"state": example_state(), "move": example_move()}


RULES = HyperstarRunRules()
