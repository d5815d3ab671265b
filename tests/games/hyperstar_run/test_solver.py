"""The solver's answers, checked against a brute-force search over the engine's own
`legal_moves` and `apply` on small levels."""

from __future__ import annotations

import random

import pytest

from games.hyperstar_run.moves import EndRun, PassCard
from games.hyperstar_run.shorthand import random_board
from games.hyperstar_run.solver import solve, solve_json
from games.hyperstar_run.state import RUNS, State

from .helpers import RULES, board, face


def brute_reach(state: State, memo: dict[tuple, int]) -> int:
    """The furthest card index this run reaches, trying every legal pass the engine lists.

    Positions are remembered by what matters for the rest of the run (the hero, the cards
    still in hand, the pressed cards, the combo), not by the order of the discard pile."""
    key = (
        state.hero,
        frozenset(h.card for h in state.hand),
        frozenset(s.card for s in state.level if s.pressed),
        state.combo,
    )
    if key in memo:
        return memo[key]
    best = len(state.level) if state.outcome == "won" else state.hero
    for move in RULES.legal_moves(state) or []:
        if isinstance(move, PassCard):
            best = max(best, brute_reach(RULES.apply_fast(state, move), memo))
    memo[key] = best
    return best


def _stopped(state: State) -> State:
    """The run played on, by the first pass the engine lists, to where no pass is left: only
    there may it end (reference ruling `ending-a-run-voluntarily`)."""
    while True:
        passes = [m for m in RULES.legal_moves(state) or [] if isinstance(m, PassCard)]
        if not passes:
            return state
        state = RULES.apply_fast(state, passes[0])


def brute_winnable(state: State) -> bool:
    board_now = state
    while True:
        if brute_reach(board_now, {}) == len(board_now.level):
            return True
        if board_now.run == RUNS:
            return False
        board_now = _stopped(board_now)
        assert EndRun() in (RULES.legal_moves(board_now) or [])
        board_now = RULES.apply(board_now, EndRun())


def replay(state: State, line: list[dict]) -> State:
    for move in line:
        state = RULES.apply(state, RULES.parse_move(move, state))
    return state


@pytest.mark.parametrize("seed", range(10))
def test_solver_agrees_with_brute_force_on_small_levels(seed: int) -> None:
    rng = random.Random(seed)
    state = RULES.parse_state(random_board(rng, "tutorial", run=3))
    answer = solve(state)
    assert answer.this_run is not None
    assert answer.this_run.furthest == brute_reach(state, {})
    assert answer.winnable == brute_winnable(state)


def _mid_run(seed: int) -> State:
    """A small level part-way through a run: some cards passed, some pressed or discarded,
    perhaps a combo running; reached by random passes the engine lists."""
    rng = random.Random(seed)
    state = RULES.parse_state(random_board(rng, "tutorial", run=rng.choice((2, 3))))
    for _ in range(rng.randint(1, 3)):
        passes = [m for m in RULES.legal_moves(state) or [] if isinstance(m, PassCard)]
        if not passes or state.outcome != "playing":
            break
        state = RULES.apply_fast(state, rng.choice(passes))
    return state


@pytest.mark.parametrize("seed", range(12))
def test_solver_agrees_with_brute_force_part_way_through_a_run(seed: int) -> None:
    state = _mid_run(seed)
    answer = solve(state)
    if state.outcome == "won":
        assert answer.winnable is True
        return
    assert answer.this_run is not None
    assert answer.this_run.furthest == brute_reach(state, {})
    assert answer.winnable == brute_winnable(state)
    if answer.winnable:
        assert answer.winning_line is not None
        assert replay(state, answer.winning_line).outcome == "won"


@pytest.mark.parametrize("seed", range(10))
def test_the_lines_the_solver_gives_are_legal_and_get_where_it_says(seed: int) -> None:
    state = RULES.parse_state(random_board(random.Random(seed), "expert"))
    answer = solve(state)
    assert answer.this_run is not None
    after = replay(state, answer.this_run.line)
    assert after.hero == answer.this_run.furthest or after.outcome == "won"
    if answer.winnable:
        assert answer.winning_line is not None
        assert replay(state, answer.winning_line).outcome == "won"
    else:
        assert [r.run for r in answer.proof] == [1, 2, 3, 4]
        assert not any(r.wins for r in answer.proof)


def test_a_level_that_can_be_passed_in_one_run_is_solved_with_its_line() -> None:
    state = board(
        "tutorial",
        run=4,
        level=[face("A", enemy="A")] * 6,
        hand=[face("A")] * 6,
        equipment=("A A", "A A"),
    )
    answer = solve_json(state)
    assert answer["winnable"] is True
    assert answer["this_run"]["wins"] is True
    assert len(answer["winning_line"]) == 6


def test_the_search_stops_at_a_card_whose_face_is_not_given() -> None:
    state = board(
        "tutorial", level=[face("A", enemy="A"), face("B", enemy="B")], hand=[face("A")] * 3
    )
    answer = solve_json(state)
    assert answer["this_run"]["furthest"] == 2
    assert answer["this_run"]["blocked_by_unknown"] == "L3"
    assert answer["winnable"] is None


def test_a_hopeless_level_is_proved_hopeless_run_by_run() -> None:
    state = board(
        "tutorial",
        level=[face("A", enemy="D D D")] * 9,
        hand=[face("A")] * 3,
        equipment=("A B", "B C"),
    )
    answer = solve_json(state)
    assert answer["winnable"] is False
    assert [r["run"] for r in answer["proof"]] == [1, 2, 3, 4]
    assert answer["winning_line"] is None


# ----- the interpretations a line rests on -----


def _press_or_discard(hand: str) -> State:
    """L1 [A B] passed behind the hero; L2's enemy costs [A B]; the hand's Level Cards show
    `hand` (one icon each)."""
    return RULES.parse_state(
        board(
            "tutorial",
            hero=1,
            level=[face("A B", enemy="A"), face("C", enemy="A B")],
            hand=[face(icon) for icon in hand.split()],
            equipment=("C D", "C D"),
        )
    )


def test_the_solver_never_presses_a_card_for_two_buttons() -> None:
    """Discarding L10 and L11 pays L2's [A B]; pressing L1 for both its buttons is no line at
    all, since a pressed card gives one button (`card-with-several-buttons`)."""
    answer = solve(_press_or_discard("A B C"))
    assert answer.this_run is not None and answer.this_run.furthest == 2
    assert answer.this_run.legal_under_every_reading
    assert answer.this_run.line_interpretations == [[]]
    ruling = RULES.rule_json(
        _press_or_discard("A B C").model_dump(mode="json"), answer.this_run.line[0]
    )
    assert ruling.legal and ruling.interpretations == []


def test_a_pressed_card_with_two_buttons_pays_one_so_the_solver_stops_there() -> None:
    """Only L1 [A B] shows an A or a B: pressed, it gives one of them, and [A B] needs both."""
    answer = solve(_press_or_discard("C C C"))
    assert answer.this_run is not None and answer.this_run.furthest == 1
    assert answer.this_run.line == []


def test_a_line_that_needs_a_reading_says_which() -> None:
    """L2's start cost [A *] can be paid by pressing L1 for A and a C for the star: that rests
    on our reading of a star in a start cost, and no line without it gets as far."""
    state = _press_or_discard("C C C")
    faces = state.faces | {"L2": state.faces["L2"].model_copy(update={"combo_start": ["A", "*"]})}
    answer = solve(state.model_copy(update={"faces": faces}))
    assert answer.this_run is not None and answer.this_run.furthest == 2
    assert not answer.this_run.legal_under_every_reading
    assert "hyperstar-run:star-in-a-combo-start-cost" in answer.this_run.line_interpretations[0]
    assert "hyperstar-run:star-in-a-combo-start-cost" in answer.this_run.interpretations


@pytest.mark.parametrize("seed", range(8))
def test_every_step_of_a_line_replays_legal_with_the_same_interpretations(seed: int) -> None:
    state = _mid_run(seed + 100)
    answer = solve(state)
    if answer.this_run is None:
        return
    board_now = state
    for move, rests_on in zip(
        answer.this_run.line, answer.this_run.line_interpretations, strict=True
    ):
        ruling = RULES.rule_json(board_now.model_dump(mode="json"), move)
        assert ruling.legal, ruling.summary
        assert ruling.interpretations == rests_on
        board_now = RULES.State.model_validate(ruling.next_state)
    assert answer.this_run.legal_under_every_reading == (not answer.this_run.interpretations)


def test_a_table_that_breaks_the_difficulty_is_not_solved() -> None:
    data = board("standard", level=[face("A", enemy="A")], hand=[face("A")])
    data["difficulty"] = "hard"
    answer = solve(RULES.parse_state(data))
    assert answer.this_run is None and answer.winnable is None
    assert "does not fit the rules" in answer.notes[0]
