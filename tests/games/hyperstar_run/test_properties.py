"""Properties over many reachable boards: what legal_moves offers is ruled legal, apply keeps
all 18 cards in one place each, and hostile JSON only ever yields a ruling or a 400-type
error."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Ruling
from games.core.errors import BadInput
from games.hyperstar_run.shorthand import random_board
from games.hyperstar_run.state import ALL_IDS, State
from tests.fuzz_size import examples

from .helpers import RULES, assert_answer_is_plain

SETTINGS = settings(
    max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
ICONS = ("A", "B", "C", "*")


def _with_abilities(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    for card_face in data["faces"].values():
        if rng.random() < 0.35:
            card_face["ability"] = {"text": "", "swap": rng.random() < 0.5}
    return data


def _forget_some_faces(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    """A table rarely knows every face: drop some not needed to rule."""
    current = data["level"][data["hero"]]["card"] if data["hero"] < len(data["level"]) else None
    for card in list(data["faces"]):
        if card != current and rng.random() < 0.1:
            del data["faces"][card]
    return data


@st.composite
def reachable_boards(draw: st.DrawFn) -> State:
    """A random setup at some difficulty and run, then random legal play."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    difficulty = draw(st.sampled_from(["tutorial", "standard", "hard", "expert"]))
    run = draw(st.integers(1, 4))
    data = _with_abilities(rng, random_board(rng, difficulty, run, icons=ICONS))
    state = RULES.parse_state(_forget_some_faces(rng, data))
    for _ in range(draw(st.integers(0, 14))):
        moves = RULES.legal_moves(state)
        if not moves:
            break
        state = RULES.apply(state, rng.choice(moves))
    return state


def _places(state: State) -> list[str]:
    return [
        *(s.card for s in state.level),
        *(h.card for h in state.hand),
        *(h.card for h in state.discard),
        *state.set_aside,
    ]


@SETTINGS
@given(reachable_boards())
def test_every_move_legal_moves_offers_is_ruled_legal(state: State) -> None:
    for move in RULES.legal_moves(state) or []:
        ruling = RULES.adjudicate(state, move)
        assert ruling.legal, (ruling.summary, move)
        assert_answer_is_plain(ruling)


@SETTINGS
@given(reachable_boards())
def test_apply_keeps_every_card_in_exactly_one_place(state: State) -> None:
    for move in (RULES.legal_moves(state) or [])[:25]:
        after = RULES.apply(state, move)
        assert sorted(_places(after)) == sorted(ALL_IDS)  # 17 cards; the Hero Card is implied
        RULES.check_state(after)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 20) | st.sampled_from(["L1", "E1", "A", "*", ""]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)

MOVE_PARTS = st.fixed_dictionaries(
    {
        "kind": st.sampled_from(["pass", "ability", "swap", "end-run", "setup", "claim", "x"]),
        "cost": st.sampled_from(["enemy", "combo-start", "combo-continue", "boss"]),
        "sources": st.lists(
            st.fixed_dictionaries(
                {
                    "card": st.sampled_from([*ALL_IDS, "L16", "H"]),
                    "via": st.sampled_from(["discard", "press", "steal"]),
                    "buttons": st.lists(st.sampled_from(ICONS), max_size=3),
                }
            ),
            max_size=4,
        ),
        "pay": st.sampled_from(["flip", "discard"]),
        "card": st.sampled_from(ALL_IDS),
        "level_card": st.sampled_from(ALL_IDS),
        "hand_card": st.sampled_from(ALL_IDS),
        "claim": st.sampled_from(["win", "combo-pro", "button-masher", "nope"]),
    }
)


def _only_fields_of(move: dict[str, Any]) -> dict[str, Any]:
    keep = {
        "pass": ("cost", "sources"),
        "ability": ("pay", "card"),
        "swap": ("level_card", "hand_card"),
        "claim": ("claim",),
    }.get(move["kind"], ())
    return {"kind": move["kind"], **{k: move[k] for k in keep}}


@SETTINGS
@given(reachable_boards(), MOVE_PARTS)
def test_any_move_on_a_real_board_gets_a_ruling_or_a_clear_error(
    state: State, move: dict[str, Any]
) -> None:
    data = state.model_dump(mode="json")
    try:
        ruling = RULES.rule_json(data, _only_fields_of(move))
    except BadInput as err:
        assert err.field
        return
    assert isinstance(ruling, Ruling)
    if ruling.legal:
        assert ruling.next_state is not None
        RULES.parse_state(ruling.next_state)


@SETTINGS
@given(JSON, JSON)
def test_hostile_json_only_yields_a_ruling_or_bad_input(state: Any, move: Any) -> None:
    try:
        ruling = RULES.rule_json(state, move)
    except BadInput as err:
        assert err.field
        return
    assert isinstance(ruling, Ruling)


@SETTINGS
@given(reachable_boards(), st.data())
def test_a_real_board_with_one_field_spoiled_is_answered_not_crashed(
    state: State, data: st.DataObject
) -> None:
    board = state.model_dump(mode="json")
    key = data.draw(st.sampled_from(sorted(board)))
    board[key] = data.draw(JSON)
    try:
        ruling = RULES.rule_json(board, {"kind": "end-run"})
        moves = RULES.legal_moves_json(board)
    except BadInput as err:
        assert err.field.startswith("state")
        return
    assert isinstance(ruling, Ruling)
    assert moves is None or isinstance(moves, list)


@settings(SETTINGS, max_examples=examples(40))
@given(st.integers(0, 2**32 - 1), st.sampled_from(["tutorial", "standard"]))
def test_a_whole_game_across_the_runs_is_ruled_as_one_log(seed: int, difficulty: str) -> None:
    """Random legal play from a fresh setup, ending runs along the way, as one log: every
    move is legal, and the log ends the game exactly when the board says it is over."""
    rng = random.Random(seed)
    start = RULES.parse_state(random_board(rng, difficulty, 1, icons=ICONS))
    log: list[dict[str, Any]] = [{"kind": "setup"}]
    board = start
    for _ in range(80):
        moves = RULES.legal_moves(board)
        if not moves:
            break
        move = rng.choice(moves)
        log.append(RULES.move_adapter().dump_python(move, mode="json"))
        board = RULES.apply(board, move)
    result = RULES.rule_sequence_json(start.model_dump(mode="json"), log)
    assert result.verdict == "legal", result.summary
    assert result.game_over == (board.outcome != "playing")
    assert (result.winner == "you") == (board.outcome == "won" and board.challenge is None)
