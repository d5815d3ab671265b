"""The Higher or Lower adjudicator: rules on laying, matching, drawing and boosters.

The boosters' own texts are not in the reference, so the engine rules only on when a booster
may be played and at whom, and says so in the ruling's notes.
"""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import GameRules, Ruling
from games.core.findings import Findings, compose, found_illegal
from games.core.ruling import GameResult
from games.core.words import Who
from games.higher_lower import checks, legal, plays
from games.higher_lower.moves import (
    CheckSetup,
    DrawCard,
    MatchCard,
    Move,
    PlayBooster,
    PlayCard,
)
from games.higher_lower.moves import Move as MoveType
from games.higher_lower.questions import QUESTIONS
from games.higher_lower.reasons import INTERPRETATIONS, REASONS, SLUG
from games.higher_lower.setup import SetupPlan, fresh_deal, judge_setup, setup_plan
from games.higher_lower.state import State
from games.higher_lower.table import player, winner


class HigherLowerRules(GameRules[State, MoveType]):
    slug: ClassVar[str] = SLUG
    Move: ClassVar[Any] = Move
    reasons = REASONS
    interpretations = INTERPRETATIONS
    questions = QUESTIONS

    def check_state(self, state: State) -> None:
        checks.check_state(state)

    def check_move(self, state: State, move: MoveType, field: str) -> None:
        checks.check_move(state, move, field)

    def adjudicate(self, state: State, move: MoveType) -> Ruling:
        return compose(self.judge(state, move))

    def judge(self, state: State, move: MoveType) -> Findings:
        """The findings on `move` (games/core/findings.py), which core composes into the
        Ruling."""
        if isinstance(move, PlayCard):
            return plays.judge_play(state, move)
        if isinstance(move, MatchCard):
            return plays.judge_match(state, move)
        if isinstance(move, DrawCard):
            return plays.judge_draw(state, move)
        if isinstance(move, PlayBooster):
            return plays.judge_booster(state, move)
        if isinstance(move, CheckSetup):
            return judge_setup(state)
        raise TypeError(f"not a Higher or Lower move: {move!r}")  # unreachable after parsing

    def apply(self, state: State, move: MoveType) -> State:
        return self.apply_checked(state, move)

    def legal_moves(self, state: State) -> list[MoveType]:
        return legal.legal_moves(state)

    def game_result(self, state: State) -> GameResult:
        """The game ends when the first player is out of playing cards (rule 2.1)."""
        out = winner(state)
        if out is None:
            return GameResult()
        who = Who(out)
        has, wins = who.verb("has", "have"), who.verb("wins", "win")
        return GameResult(
            over=True,
            winner=out,
            result=f"{who.start} {has} no playing cards left and {wins}.",
            reasons=[REASONS.reason("player-wins", f"{who} {has} laid the last playing card")],
        )

    def named_removed(
        self, state: State, move: MoveType, earlier: State, by: MoveType
    ) -> Ruling | None:
        """A card laid again: the move `by` laid it earlier in the log, so it is on the pile,
        no longer in the hand (rule 4.2: a card laid leaves the hand)."""
        if not isinstance(move, PlayCard | MatchCard) or move.value is None:
            return None
        if not isinstance(by, PlayCard | MatchCard) or by.value != move.value:
            return None
        name = checks.mover(state, move)
        if name != checks.mover(earlier, by):
            return None
        before, now = player(earlier, name).hand, player(state, name).hand
        if not isinstance(before, list) or not isinstance(now, list):
            return None
        if before.count(move.value) <= now.count(move.value):
            return None
        who = Who(name)
        detail = (
            f"{who} laid the {move.value} earlier in this log: it is on the pile, no longer in "
            f"{who.poss} hand"
        )
        return compose(
            found_illegal(
                f"No: {detail}.",
                [REASONS.reason("card-already-laid", detail)],
                answer=f"No: {detail}.",
            )
        )

    def mover(self, state: State, move: MoveType) -> str | None:
        return None if isinstance(move, CheckSetup) else checks.mover(state, move)

    def plan_setup(self, players: int) -> SetupPlan:
        """How do we set up? The deal for `players` (`setup_plan`), with the deciding rule and
        the readings of the ruling on that very deal, found as for any ruling (`settle`).
        Raises ValueError as `setup_plan`."""
        plan = setup_plan(players)
        ruling = self.settle(fresh_deal(players), CheckSetup(kind="setup"))
        plan.deciding_rule = ruling.deciding_rule or plan.deciding_rule
        plan.interpretations = list(ruling.interpretations)
        plan.readings_deciding = list(ruling.readings_deciding)
        return plan

    def example(self) -> dict[str, Any]:
        """Ana, with a 9 in hand, lays it on Cy's 7 under the call 'higher' and calls 'lower'."""
        return {
            "state": {
                "players": [
                    {"name": "Ana", "hand": [3, 9, 12, 7], "boosters": ["Rare", "Common"]},
                    {"name": "Ben", "hand": 6, "boosters": 3},
                    {"name": "Cy", "hand": 8, "boosters": 2},
                ],
                "turn": "Ana",
                "last_card": 7,
                "call": "higher",
                "call_by": "Cy",
                "match_chain": [],
                "discard": [4, 11],
                "deck": 30,
                "booster_deck": 21,
            },
            "move": {"kind": "play", "value": 9, "call": "lower"},
        }


RULES = HigherLowerRules()
