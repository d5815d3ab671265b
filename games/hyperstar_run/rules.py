"""The Hyperstar Run adjudicator: the engine contract of `games.core.GameRules`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from games.core import GameRules, Ruling
from games.core.findings import compose
from games.core.rules import IllegalMove, Question
from games.core.ruling import GameResult
from games.hyperstar_run.abilities import judge_ability, judge_swap
from games.hyperstar_run.checks import check_move, check_state
from games.hyperstar_run.claims import NAMES, achievement, judge_claim
from games.hyperstar_run.example import example_move, example_state
from games.hyperstar_run.legal import legal_moves
from games.hyperstar_run.moves import (
    CheckSetup,
    Claim,
    EndRun,
    Move,
    PassCard,
    PressCard,
    Swap,
    UseAbility,
)
from games.hyperstar_run.outcome import Outcome, illegal
from games.hyperstar_run.passing import judge_pass, judge_press
from games.hyperstar_run.questions import QUESTIONS
from games.hyperstar_run.reasons import INTERPRETATIONS, REASONS, SLUG
from games.hyperstar_run.runs import (
    SetupPlan,
    judge_end_run,
    judge_setup,
    setup_plan,
    table_problems,
)
from games.hyperstar_run.shorthand import board
from games.hyperstar_run.state import State

JUDGES: dict[type, Callable[[State, Any], Outcome]] = {
    PassCard: judge_pass,
    UseAbility: judge_ability,
    Swap: judge_swap,
    EndRun: judge_end_run,
    CheckSetup: lambda state, move: judge_setup(state),
    Claim: judge_claim,
    PressCard: judge_press,
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
        """The outcome of a move, for a board and move already checked. A table that breaks
        the difficulty's numbers is ruled on before any move is (rules 2.1, 2.3, 8.5)."""
        if not isinstance(move, CheckSetup | Claim):
            problems = table_problems(state)
            if problems:
                return illegal(
                    f"Illegal: this table does not fit the rules: {problems[0].detail}.",
                    problems,
                    answer=f"No: before any move, this table does not fit the rules: "
                    f"{problems[0].detail}.",
                )
        return JUDGES[type(move)](state, canonical_move(state, move))

    def adjudicate(self, state: State, move: Any) -> Ruling:
        # Checked again here so that callers from code get InvalidState/InvalidMove, never a
        # crash, even without going through the JSON parsers.
        check_state(state)
        check_move(state, move, "move")
        return self.adjudicate_checked(state, move)

    def adjudicate_checked(self, state: State, move: Any) -> Ruling:
        return compose(self.judge(state, move))

    def apply(self, state: State, move: Any) -> State:
        return self.apply_checked(state, move)

    def apply_fast(self, state: State, move: Any) -> State:
        """`apply` without the JSON round trip, for the solver's replay and the tests."""

        out = self.judge(state, move)
        if not out.legal or out.next_state is None:
            raise IllegalMove(self.illegal(out.summary, out.reasons, answer=out.answer))
        after: State = out.next_state  # a legal finding's next board is the game's State
        return after

    def legal_moves(self, state: State) -> list[Any] | None:
        return legal_moves(state)

    def game_result(self, state: State) -> GameResult:
        """Won when the final card is passed (9.1; in challenge mode, 12.2), lost when the
        fourth run ends short of it (8.2)."""
        if state.outcome == "lost":
            return GameResult(
                over=True,
                result="Your fourth run ended short of the final card: you lose.",
                reasons=[REASONS.reason("fourth-run-lost", "the fourth run has ended")],
            )
        if state.outcome != "won":
            return GameResult()
        if state.challenge is not None:
            met, why, _ = achievement(state, state.challenge)
            name = NAMES[state.challenge]
            # Who won a challenge is said by 12.2 (the final card and the requirement); the
            # achievement's own rule stands beside it.
            if not met:
                return GameResult(
                    over=True,
                    result=f"You passed the final card, but the {name} challenge is not met "
                    f"({why.detail}), so it is lost.",
                    reasons=[
                        REASONS.reason("challenge-not-met", f"{name}: {why.detail}"),
                        why,
                    ],
                )
            return GameResult(
                over=True,
                winner="you",
                result=f"You passed the final card and met the {name} challenge: you win.",
                reasons=[REASONS.reason("challenge-met", f"{name}'s requirement is met"), why],
            )
        return GameResult(
            over=True,
            winner="you",
            result=f"You passed the final card on run {state.run}: you win.",
            reasons=[REASONS.reason("game-won", "the final Level Card is passed")],
        )

    def plan_setup(self, difficulty: Any = None, challenge: str | None = None) -> SetupPlan:
        """How do we set up? The plan (`setup_plan`) with the deciding rule and the readings
        of the ruling on that very setup, found as for any ruling (`settle`); a challenge is
        settled by the rule that plays it at its achievement's difficulty (12.1). Raises
        ValueError as `setup_plan`."""
        plan = setup_plan(difficulty, challenge)
        fresh = board(plan.difficulty)
        if challenge is not None:
            fresh["challenge"] = challenge
        ruling = self.settle(self.parse_state(fresh), CheckSetup())
        plan.deciding_rule = ruling.deciding_rule or plan.deciding_rule
        if challenge is not None and ruling.legal:
            plan.deciding_rule = self.reasons.key("challenge-played")
        plan.interpretations = list(ruling.interpretations)
        plan.readings_deciding = list(ruling.readings_deciding)
        return plan

    def example(self) -> dict[str, Any]:
        return {"state": example_state(), "move": example_move()}


def canonical_move(state: State, move: Any) -> Any:
    """A move's icons spelt as the board spells them (NFC, case folded): "a" pays "A"."""
    if isinstance(move, PressCard):
        return move.model_copy(update={"button": state.spelling(move.button)})
    if not isinstance(move, PassCard):
        return move
    sources = [
        s.model_copy(update={"buttons": [state.spelling(b) for b in s.buttons]})
        for s in move.sources
    ]
    return move.model_copy(update={"sources": sources})


RULES = HyperstarRunRules()
