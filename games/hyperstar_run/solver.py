"""What is my best line? The furthest this run can get, and whether the game can still be won.

The search is over passes only: ability texts are not public, so no line uses an ability
(a proof that no line wins means "without abilities"). Within a run it works on a compact
position: the hero's place, whether a combo runs, and how many usable cards of each kind are
left (a kind is discard-or-press plus the buttons shown; same-kind cards are interchangeable for
the rest of the run). Only payments that use no card they do not need are tried: spending less
never hurts later in the run. Positions are memoized.

Across runs, what one run spends does not carry over (end of run gives everything back), so
without abilities each later run starts from the same board whatever happened before; the game
can be won iff this run, or one of the runs left from its fresh start, can pass every card.

Every line found is replayed through the engine (`RULES.judge`), so it is a legal line, and
each step carries the reference rulings (interpretations) its ruling rests on. The search
follows the engine's readings: a pressed card gives one of its buttons, a discarded one any of
its buttons (`card-with-several-buttons`), and lines connect by their edges whatever their
colours (`combo-line-connects`). A continue cost is paid only where a combo runs into the card
(`continue-needs-a-running-combo`); read the other way, wherever the lines connect. A run
ends only when the current card cannot be passed (`ending-a-run-voluntarily`), so a winning
line on a later run first plays this run (and each run before the winning one) to where it
stops, then ends it. Where the rulebook leaves a reading open (a star in a start cost, a start
cost paid during a combo, a continue cost, a star button), the search is run twice: once
allowing only steps that rest on no interpretation, and once allowing every step the rulings
allow. The first line is preferred whenever it gets as far: it is legal under every reading.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from itertools import product
from typing import Any

from pydantic import BaseModel, Field

from games.core import InvalidMove
from games.core.readings import ReadingTurn, consulted_while, ours, turning_readings
from games.hyperstar_run.checks import needs_hand, needs_part
from games.hyperstar_run.moves import EndRun, PassCard, Source
from games.hyperstar_run.naming import card_name, names
from games.hyperstar_run.passing import connects
from games.hyperstar_run.payment import pays, resources, submultisets
from games.hyperstar_run.reasons import (
    ABILITY_OUTSIDE_COMBO,
    CONTINUE_NEEDS_COMBO,
    COVER_EXACTLY,
    END_RUN_VOLUNTARILY,
    LINE_CONNECTS,
    PASSED_THIS_RUN,
    PRESSED_ONCE,
    SEVERAL_BUTTONS,
    SLUG,
    STAR_BUTTONS,
    STAR_IN_START,
    START_DURING_COMBO,
    THREE_STARS,
)
from games.hyperstar_run.rules import RULES
from games.hyperstar_run.runs import table_problems
from games.hyperstar_run.state import RUNS, STAR, State
from games.hyperstar_run.swapping import swap_blocks

ABILITY_NOTE = (
    "Lines that use abilities are not searched: the ability texts are not public, so their "
    "effects are yours to judge."
)

# Past this many card groups tried for one cost, the board is refused as too big to search
# (a made-up cost of many stars against many different cards).
PICK_LIMIT = 20000


class SearchTooBig(Exception):
    pass


Kind = tuple[str, tuple[str, ...]]  # ("discard" | "press", sorted buttons)
Step = tuple[int, str, tuple[int, ...]]  # (position, cost kind, kinds of cards used)


class RunSearch(BaseModel):
    """One run searched to the end: how far it gets, and the line that gets there, with the
    interpretations each step rests on."""

    run: int
    start: int = Field(description="Index of the card the hero starts this search over")
    furthest: int = Field(description="Index of the card where the hero stops (level size: won)")
    cards_passed: int
    wins: bool
    blocked_by_unknown: str | None = Field(
        default=None, description="A card whose face is not given, where the search stopped"
    )
    line: list[dict[str, Any]] = Field(description="The moves, in order")
    line_interpretations: list[list[str]] = Field(
        default_factory=list,
        description="For each move of the line, the reference rulings its ruling rests on",
    )
    interpretations: list[str] = Field(
        default_factory=list, description="Every reference ruling the line rests on"
    )
    legal_under_every_reading: bool = Field(
        default=True, description="True when no step rests on a reference ruling"
    )
    states_explored: int


class Solution(BaseModel):
    this_run: RunSearch | None
    winnable: bool | None = Field(description="None when some face needed is not given")
    winning_line: list[dict[str, Any]] | None = None
    winning_line_interpretations: list[str] = Field(
        default_factory=list, description="Every reference ruling the winning line rests on"
    )
    proof: list[RunSearch] = Field(
        default_factory=list,
        description="Each run searched, exhaustively: when none wins, no winning line exists",
    )
    states_explored: int = 0
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings of open points the answer turns on: searched the other way, whether "
            "the game can be won (or how far this run gets) would differ; with what it answers."
        ),
    )
    deciding_rule: str = Field(
        default="",
        description=(
            "The rule that settles the answer: where it turns on a reading, the rule that "
            "reading reads (a pressed card's button, 5.5); else passing the final card wins "
            "(9.1), a fourth run that cannot pass it loses (8.2), a run ends where its current "
            "card cannot be passed (8.1), or the rule the table breaks"
        ),
    )
    seconds: float = 0.0
    notes: list[str] = Field(default_factory=list)


# ----- the compact search of one run -----


@dataclass(frozen=True)
class Costs:
    enemy: tuple[str, ...] | None
    start: tuple[str, ...] | None
    cont: tuple[str, ...] | None


class RunModel:
    """The level ahead of the hero and the kinds of usable cards, as plain tuples."""

    def __init__(self, state: State, strict: bool = False) -> None:
        self.state = state
        self.strict = strict  # only steps that rest on no interpretation
        self.size = len(state.level)
        self.start = state.hero
        self.costs: list[Costs | None] = []
        self.links: list[bool] = []  # links[p]: card p's line connects to card p-1's
        self.kinds: list[Kind] = []
        self.kind_index: dict[Kind, int] = {}
        for i, slot in enumerate(state.level):
            face = state.faces.get(slot.card)
            self.costs.append(
                None
                if face is None
                else Costs(
                    _tup(face.enemy),
                    _tup(face.combo_start),
                    (face.combo_continue,) if face.combo_continue else None,
                )
            )
            before = state.faces.get(state.level[i - 1].card) if i > 0 else None
            self.links.append(i > 0 and connects(before, face))
        counts: Counter[int] = Counter()
        for r in resources(state):
            if strict and r.via == "press" and r.card in state.swapped_in:
                continue  # pressable on our reading of the cards passed this run only
            counts[self._kind("discard" if r.via == "discard" else "press", r.buttons)] += 1
        # What each card ahead gives once passed: a press of its buttons (rule 5.5).
        self.press_kind: list[int | None] = [None] * self.size
        for i in range(self.start, self.size):
            face = state.faces.get(state.level[i].card)
            # (`needs_described` refused a card here whose buttons were not described.)
            if (
                face is not None
                and face.buttons is not None
                and (i > self.start or state.level[i].face_up)
            ):
                self.press_kind[i] = self._kind("press", tuple(face.buttons))
        self.initial = tuple(counts[k] for k in range(len(self.kinds)))
        self.memo: dict[tuple[int, tuple[int, ...], bool], tuple[int, tuple[Step, ...]]] = {}
        self.pick_memo: dict[tuple[tuple[str, ...], tuple[int, ...]], list[tuple[int, ...]]] = {}
        # The readings a start cost rests on, as the search is being run: looked at without
        # counting as consulted, since the search only avoids what the reading forbids; the
        # replay through the rulings consults each reading a step of the line rests on.
        self.start_in_combo = _peek(START_DURING_COMBO)
        self.start_after_ability = _peek(ABILITY_OUTSIDE_COMBO)
        self.star_start_wild = _peek(STAR_IN_START)
        # A continue cost with no combo running: our reading forbids it, so the search itself
        # asks the reading (`ours`) where the other would allow one, the first time it does.
        self.continue_anywhere: bool | None = None

    def start_costs(self, pos: int, combo: bool) -> list[tuple[str, ...]]:
        """The start cost at `pos` as the readings searched under allow it: none, itself, or,
        where its star must match the other button, each way of matching."""
        costs = self.costs[pos]
        start = costs.start if costs is not None else None
        if start is None:
            return []
        if combo and not self.start_in_combo:
            return []
        if pos == self.start and self.state.ability_used and not self.start_after_ability:
            return []
        if STAR in start and not self.star_start_wild:
            named = sorted({icon for icon in start if icon != STAR})
            icons = named or sorted({b for _, buttons in self.kinds for b in buttons} - {STAR})
            return [tuple(icon for _ in start) for icon in icons]
        return [start]

    def continue_without_combo(self, pos: int) -> bool:
        """Whether the continue cost at `pos`, where the lines connect and no combo runs, may
        be paid: read the other way of `continue-needs-a-running-combo` only, and never on the
        card whose ability was used (`passing.combo_problems`)."""
        if pos == self.start and self.state.ability_used:
            return False
        if self.continue_anywhere is None:
            self.continue_anywhere = not ours(CONTINUE_NEEDS_COMBO)
        return self.continue_anywhere

    def _kind(self, via: str, buttons: Sequence[str]) -> int:
        key = (via, tuple(sorted(buttons)))
        if key not in self.kind_index:
            self.kind_index[key] = len(self.kinds)
            self.kinds.append(key)
        return self.kind_index[key]

    def best(self, pos: int, counts: tuple[int, ...], combo: bool) -> tuple[int, tuple[Step, ...]]:
        """(furthest index reachable, the steps): a depth-first search, memoized."""
        key = (pos, counts, combo)
        found = self.memo.get(key)
        if found is not None:
            return found
        result: tuple[int, tuple[Step, ...]] = (pos, ())
        costs = self.costs[pos] if pos < self.size else None
        if pos < self.size and costs is not None:
            options = [("enemy", costs.enemy)]
            start = costs.start
            start_is_open = start is not None and (STAR in start or combo)
            if not (self.strict and start_is_open):
                options += [("combo-start", c) for c in self.start_costs(pos, combo)]
            if (
                not self.strict
                and self.links[pos]
                and costs.cont is not None
                and (combo or self.continue_without_combo(pos))
            ):
                options.append(("combo-continue", costs.cont))
            result = self._try(pos, counts, options, result)
        self.memo[key] = result
        return result

    def _try(
        self,
        pos: int,
        counts: tuple[int, ...],
        options: list[tuple[str, tuple[str, ...] | None]],
        result: tuple[int, tuple[Step, ...]],
    ) -> tuple[int, tuple[Step, ...]]:
        gain = self.press_kind[pos]
        for kind, cost in options:
            if cost is None:
                continue
            for pick in self.picks(cost, counts):
                after = list(counts)
                for k in pick:
                    after[k] -= 1
                if gain is not None:
                    after[gain] += 1
                reach, steps = self.best(pos + 1, tuple(after), kind != "enemy")
                if reach > result[0]:
                    result = (reach, ((pos, kind, pick), *steps))
                    if reach == self.size:
                        return result
        return result

    def picks(self, cost: tuple[str, ...], counts: tuple[int, ...]) -> list[tuple[int, ...]]:
        key = (cost, counts)
        found = self.pick_memo.get(key)
        if found is None:
            found = self.pick_memo[key] = minimal_picks(cost, counts, self.kinds, self.strict)
        return found

    def search(self) -> tuple[int, tuple[Step, ...]]:
        counts = self.initial + (0,) * (len(self.kinds) - len(self.initial))
        return self.best(self.start, counts, self.state.combo_running())


def _peek(key: str) -> bool:
    """Whether the search runs on our reading of `key`, without consulting it."""
    return consulted_while(partial(ours, key))[0]


def _tup(icons: Sequence[str] | None) -> tuple[str, ...] | None:
    return tuple(icons) if icons is not None else None


def button_options(kind: Kind, strict: bool) -> list[tuple[str, ...]]:
    """The ways one card of this kind may give buttons: a discarded card any non-empty part of
    its buttons, a pressed card one of them (reference ruling `card-with-several-buttons`); in
    a strict search, no star button is played (the reading `star-buttons`)."""
    via, buttons = kind
    options = [
        sub
        for sub in submultisets(buttons)
        if sub and (via == "discard" or len(sub) == 1 or not ours(SEVERAL_BUTTONS))
    ]
    if strict:
        options = [sub for sub in options if STAR not in sub]
    return options


def _feasible(cost: tuple[str, ...], cards: Sequence[Kind], strict: bool = False) -> bool:
    """Some choice of at least one button per card pays the cost exactly."""
    options = [button_options(c, strict) for c in cards]
    for choice in product(*options):
        played = [b for sub in choice for b in sub]
        if len(played) == len(cost) and pays(cost, played):
            return True
    return False


def minimal_picks(
    cost: tuple[str, ...], counts: tuple[int, ...], kinds: Sequence[Kind], strict: bool = False
) -> list[tuple[int, ...]]:
    """Every multiset of card kinds that can pay `cost` and has no smaller one inside it."""
    wild = STAR in cost
    named = set(cost) - {STAR}
    useful = [
        k for k, n in enumerate(counts) if n > 0 and any(wild or b in named for b in kinds[k][1])
    ]
    found: list[tuple[int, ...]] = []
    tried = 0

    def walk(i: int, picked: list[int]) -> None:
        nonlocal tried
        if i == len(useful) or len(picked) == len(cost):
            return
        k = useful[i]
        for n in range(min(counts[k], len(cost) - len(picked)), 0, -1):
            tried += 1
            if tried > PICK_LIMIT:
                raise SearchTooBig(cost)
            more = picked + [k] * n
            if _feasible(cost, [kinds[j] for j in more], strict):
                found.append(tuple(more))  # anything bigger through it is not minimal
            else:
                walk(i + 1, more)
        walk(i + 1, picked)

    walk(0, [])
    return [p for p in found if not any(_smaller(q, p) for q in found)]


def _smaller(small: tuple[int, ...], big: tuple[int, ...]) -> bool:
    if len(small) >= len(big):
        return False
    a, b = Counter(small), Counter(big)
    return all(b[k] >= n for k, n in a.items())


# ----- turning steps into engine moves, replayed through the engine -----


def _assign(cost: Sequence[str], cards: list[Kind], strict: bool) -> list[tuple[str, ...]]:
    options = [button_options(c, strict) for c in cards]
    for choice in product(*options):
        played = [b for sub in choice for b in sub]
        if pays(cost, played):
            return list(choice)
    raise AssertionError("a feasible pick has a button assignment")


def to_moves(
    model: RunModel, state: State, steps: Sequence[Step]
) -> tuple[list[Any], list[list[str]], State]:
    """Concrete moves for the steps, each ruled (and so checked) by the engine, with the
    interpretations each ruling rests on."""
    moves: list[Any] = []
    rests_on: list[list[str]] = []
    for pos, kind, pick in steps:
        available = resources(state)
        chosen = []
        for k in pick:
            via, buttons = model.kinds[k]
            match = next(
                r
                for r in available
                if r.via == via and tuple(sorted(r.buttons)) == buttons and r not in chosen
            )
            chosen.append(match)
        face = state.faces[state.level[pos].card]
        cost = face.cost(kind) or []
        subs = _assign(cost, [(r.via, r.buttons) for r in chosen], model.strict)
        move = PassCard(
            cost=kind,  # type: ignore[arg-type]
            sources=[
                Source(card=r.card, via=r.via, buttons=list(sub))
                for r, sub in zip(chosen, subs, strict=True)
            ],
        )
        out = RULES.judge(state, move)
        if not out.legal or out.next_state is None:
            raise AssertionError(f"the solver's step is ruled illegal: {out.summary}")
        state = out.next_state
        moves.append(move)
        rests_on.append(list(out.interpretations))
    return moves, rests_on, state


def _search_once(state: State, strict: bool) -> RunSearch:
    model = RunModel(state, strict=strict)
    reach, steps = model.search()
    moves, rests_on, _ = to_moves(model, state, steps)
    blocked = None
    if reach < model.size and model.costs[reach] is None:
        blocked = state.level[reach].card
    every = list(dict.fromkeys(key for keys in rests_on for key in keys))
    return RunSearch(
        run=state.run,
        start=state.hero,
        furthest=reach,
        cards_passed=reach - state.hero,
        wins=reach == model.size,
        blocked_by_unknown=blocked,
        line=[m.model_dump(mode="json") for m in moves],
        line_interpretations=rests_on,
        interpretations=every,
        legal_under_every_reading=not every,
        states_explored=len(model.memo),
    )


def search_run(state: State) -> RunSearch:
    """The furthest this run gets, by a line legal under every reading when one gets as far."""
    full = _search_once(state, strict=False)
    if full.legal_under_every_reading:
        return full
    safe = _search_once(state, strict=True)
    if safe.furthest >= full.furthest:
        safe.states_explored += full.states_explored
        return safe
    return full


def unknown_faces(state: State) -> list[str]:
    """Cards whose faces a full search needs and the board does not give."""
    held = [h.card for h in (*state.hand, *state.discard)]
    cards = [s.card for s in state.level] + held
    return [c for c in cards if state.buttons_of(c) is None]


SEARCH_RESTS_ON_IT = "the best line rests on it"


def needs_described(state: State) -> None:
    """Refuse (InvalidMove naming the field, a 400) a board whose search would read a part of
    a face the question did not describe; the search never guesses one. It reads the cards
    from the hero on, up to the first card whose face is not given at all (where it stops,
    `blocked_by_unknown`): each one's enemy and combo start costs; its continue cost and the
    lines that meet at its left edge where a combo may run into it; and its buttons where a
    card after it can be reached to be paid by pressing it. A hand card whose buttons are not
    described is left out, as a card whose face is not given is; a hand not described in full
    is refused where the search reads any card, since a card left out of it would pay."""
    if state.outcome != "playing" or state.hero >= len(state.level):
        return
    why = SEARCH_RESTS_ON_IT
    level, hero = state.level, state.hero
    reach = hero
    while reach < len(level) and level[reach].card in state.faces:
        reach += 1
    # read the other way of `continue-needs-a-running-combo`, a continue cost may be paid on
    # the current card with no combo running (the search asks the reading where it matters)
    continue_open_at_hero = not state.ability_used and not _peek(CONTINUE_NEEDS_COMBO)
    for i in range(hero, reach):
        card = level[i].card
        needs_part(state, card, "enemy", why)
        needs_part(state, card, "combo_start", why)
        if i > hero or state.combo_running() or continue_open_at_hero:
            before = level[i - 1].card if i > 0 else None
            if before is not None and before in state.faces:
                needs_part(state, card, "combo_continue", why)
                for side, edge in ((before, "right"), (card, "left")):
                    needs_part(state, side, "combo_line", why)
                    _needs_edge(state, side, edge, why)
        if i + 1 < reach:
            needs_part(state, card, "buttons", why)
    if reach > hero:
        # The search pays the cards it reads from the hand: a card left out of it would
        # leave a line out.
        needs_hand(state, why)


def _needs_edge(state: State, card: str, edge: str, why: str) -> None:
    line = state.faces[card].combo_line
    if line is not None and getattr(line, edge) is None:
        raise InvalidMove(
            f"state.faces.{card}.combo_line.{edge}",
            f"whether the combo line of {card_name(state, card)} reaches its {edge} edge was "
            f"not described: {why}",
        )


def solve(state: State) -> Solution:
    """The search, with the readings its answer turns on (`readings_deciding`): searched again
    under the other reading of each open point the search consulted. Raises InvalidMove when
    the search would rest on a part not described."""
    solution, keys = consulted_while(lambda: _solve_once(state))
    if keys:

        def differs(other: Solution) -> tuple[str, str] | None:
            return None if said(other) == said(solution) else ("", said(other))

        solution.readings_deciding = turning_readings(lambda: _solve_once(state), keys, differs)
    solution.deciding_rule = _deciding_rule(state, solution)
    return solution


# The rule each open point the search may turn on reads: where the answer turns on one, that
# rule is what settles it (the other reading of the same words gives the other answer).
KEY = f"{SLUG}:"
READING_RULE = {
    SEVERAL_BUTTONS: "5.5",
    PRESSED_ONCE: "5.5",
    PASSED_THIS_RUN: "5.5",
    STAR_BUTTONS: "5.2",
    STAR_IN_START: "7.2",
    START_DURING_COMBO: "7.2",
    LINE_CONNECTS: "7.3",
    CONTINUE_NEEDS_COMBO: "7.3",
    COVER_EXACTLY: "5.1",
    END_RUN_VOLUNTARILY: "8.1",
    ABILITY_OUTSIDE_COMBO: "6.1",
    THREE_STARS: "11.2",
}


def _deciding_rule(state: State, solution: Solution) -> str:
    """The one rule that settles the best line's answer (`deciding_rule`)."""
    for turn in solution.readings_deciding:
        if turn.key in READING_RULE:
            return KEY + READING_RULE[turn.key]
    if solution.this_run is None and solution.winnable is None:
        problems = table_problems(state) if state.outcome == "playing" else []
        if problems:
            return problems[0].rule
        return KEY + ("6.5" if swap_blocks(state) else "8.1")
    run = solution.this_run
    if solution.winnable is True or (run is not None and run.wins):
        return KEY + "9.1"
    if solution.winnable is False:
        return KEY + "8.2"
    return KEY + "8.1"


def said(solution: Solution) -> str:
    """What the search answers, in a player's words: whether the game can still be won, or,
    where a face it needs is not given, how far this run gets."""
    if solution.winnable is True:
        return "the game can still be won from here"
    if solution.winnable is False:
        return "the game cannot be won from here"
    run = solution.this_run
    if run is None:
        return "it cannot be told from what was described"
    if run.wins:
        return "this run can pass the final card"
    return f"this run gets past {run.cards_passed} {'card' if run.cards_passed == 1 else 'cards'}"


def _solve_once(state: State) -> Solution:
    needs_described(state)
    started = time.perf_counter()
    try:
        return _solve(state, started)
    except SearchTooBig as err:
        return Solution(
            this_run=None,
            winnable=None,
            notes=[f"Too many ways to pay {' '.join(err.args[0])} to search this board."],
        )


def _solve(state: State, started: float) -> Solution:
    if state.outcome != "playing":
        return Solution(
            this_run=None,
            winnable=state.outcome == "won",
            notes=[f"The game is already {state.outcome}."],
        )
    if swap_blocks(state):
        return Solution(
            this_run=None,
            winnable=None,
            notes=["A swap is waiting to be carried out; solve the board after it."],
        )
    problems = table_problems(state)
    if problems:
        return Solution(
            this_run=None,
            winnable=None,
            notes=[f"This table does not fit the rules: {problems[0].detail}."],
        )
    this_run = search_run(state)
    notes = [ABILITY_NOTE]
    proof = [this_run]
    solution = Solution(this_run=this_run, winnable=None, proof=proof, notes=notes)
    if this_run.wins:
        solution.winnable = True
        solution.winning_line = this_run.line
        solution.winning_line_interpretations = this_run.interpretations
    elif unknown := unknown_faces(state):
        notes.append(f"Whether the game can be won needs the faces of {names(state, unknown)}.")
    elif state.not_described:
        # The later runs take the discard pile back into the hand (rule 8.3).
        notes.append("Whether the game can be won needs your hand and discard pile in full.")
    else:
        solution.winnable = False
        board, attempt = state, this_run
        played: list[dict[str, Any]] = []
        rests_on: list[str] = []
        while board.run < RUNS:
            # The run ends only where it stops (rule 8.1): play its line there, then end it.
            board = _play_to_the_end(board, attempt)
            played += [*attempt.line, EndRun().model_dump(mode="json")]
            rests_on += attempt.interpretations
            attempt = search_run(board)
            proof.append(attempt)
            if attempt.wins:
                solution.winnable = True
                solution.winning_line = played + attempt.line
                every = [*rests_on, *attempt.interpretations]
                solution.winning_line_interpretations = list(dict.fromkeys(every))
                break
    solution.proof = proof  # pydantic copied the list given at construction
    solution.notes = notes
    solution.states_explored = sum(r.states_explored for r in proof)
    solution.seconds = time.perf_counter() - started
    return solution


def _play_to_the_end(state: State, search: RunSearch) -> State:
    """The board after the run's line is played to where it stops and the run is ended, each
    move ruled by the engine (which refuses to end a run while a pass is open)."""
    for data in search.line:
        state = RULES.apply_fast(state, RULES.parse_move(data, state))
    return RULES.apply_fast(state, EndRun())


def solve_json(state_data: Any) -> dict[str, Any]:
    """For the API: parse (InvalidState on a bad board), solve, answer as JSON."""
    state = RULES.parse_state(state_data)
    return solve(state).model_dump(mode="json")
