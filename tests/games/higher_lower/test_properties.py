"""Properties over many reachable states: what legal_moves offers is ruled legal, apply keeps
every card in one place, and hostile JSON only ever yields a ruling or a 400-type error."""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.errors import BadInput
from games.higher_lower.moves import DrawCard, PlayBooster
from games.higher_lower.state import AUTOMATIC_CALL, CATEGORIES, Player, State
from tests.fuzz_size import examples
from tests.games.ruled_or_refused import assert_ruled_or_refused

from .helpers import RULES, assert_answer_is_plain

SETTINGS = settings(
    max_examples=examples(int(os.environ.get("HL_EXAMPLES", "100"))),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _deal(rng: random.Random, seats: int) -> tuple[State, list[int]]:
    """A fresh deal (rules 3.1 to 3.4): 10 cards and 3 boosters each, the rest in decks."""
    cards = [v for v in range(1, 16) for _ in range(4)]
    rng.shuffle(cards)
    players = [
        Player(
            name=f"P{i}",
            hand=cards[i * 10 : (i + 1) * 10],
            boosters=[rng.choice(CATEGORIES) for _ in range(3)],
        )
        for i in range(seats)
    ]
    deck = cards[seats * 10 :]
    state = State(players=players, turn="P0", deck=len(deck), booster_deck=30 - 3 * seats)
    return state, deck


def _play_out(rng: random.Random, state: State, deck: list[int], steps: int) -> State:
    """Random legal play; a draw takes the real top card so the hand stays shown."""
    for _ in range(steps):
        moves = RULES.legal_moves(state)
        if not moves:
            break
        move = rng.choice(moves)
        if isinstance(move, DrawCard) and deck:
            move = DrawCard(kind="draw", drawn=deck.pop())
        state = RULES.apply(state, move)
    return state


def _hide(rng: random.Random, state: State) -> State:
    """Hide some hands and boosters, and forget the bottom of the pile, as a table might."""
    players = []
    for p in state.players:
        hand = p.hand if rng.random() < 0.6 else _size(p.hand)
        boosters = p.boosters if rng.random() < 0.6 else _size(p.boosters)
        players.append(p.model_copy(update={"hand": hand, "boosters": boosters}))
    keep = rng.randint(0, len(state.discard))
    discard = state.discard[len(state.discard) - keep :]
    return state.model_copy(update={"players": players, "discard": discard})


def _size(items: list[Any] | int) -> int:
    return len(items) if isinstance(items, list) else items


@st.composite
def states(draw: st.DrawFn) -> State:
    rng = random.Random(draw(st.integers(0, 2**32)))
    state, deck = _deal(rng, draw(st.integers(2, 6)))
    state = _play_out(rng, state, deck, draw(st.integers(0, 60)))
    if draw(st.booleans()):
        state = _hide(rng, state)
    RULES.check_state(state)  # every generated state must be one that can exist
    return state


def _dump(state: State) -> dict[str, Any]:
    return state.model_dump(mode="json")


def _total(state: State) -> int:
    in_hands = sum(_size(p.hand) for p in state.players)
    return in_hands + state.deck + len(state.discard) + (state.last_card is not None)


def _known(state: State) -> Counter[int]:
    known = Counter(state.discard)
    known.update([state.last_card] if state.last_card is not None else [])
    for p in state.players:
        if isinstance(p.hand, list):
            known.update(p.hand)
    return known


@SETTINGS
@given(states())
def test_every_move_from_legal_moves_is_ruled_legal(state: State) -> None:
    adapter = RULES.move_adapter()
    for move in RULES.legal_moves(state):
        ruling = RULES.rule_json(_dump(state), adapter.dump_python(move, mode="json"))
        assert ruling.legal, (move, ruling.summary)
        assert_answer_is_plain(ruling)


@SETTINGS
@given(states())
def test_apply_keeps_every_card_in_exactly_one_place(state: State) -> None:
    for move in RULES.legal_moves(state):
        after = RULES.parse_state(_dump(RULES.apply(state, move)))  # still a possible state
        assert _total(after) == _total(state)
        boosters_before = sum(_size(p.boosters) for p in state.players)
        boosters_after = sum(_size(p.boosters) for p in after.players)
        assert boosters_after == boosters_before - (move.kind == "booster")
        if move.kind in ("play", "match"):
            mover = next(p for p in state.players if p.name == state.turn)
            extra = Counter() if isinstance(mover.hand, list) else Counter([after.last_card])
            assert _known(after) == _known(state) + extra


@SETTINGS
@given(states())
def test_a_shown_hand_gets_every_legal_card_move_and_no_other(state: State) -> None:
    mover = next(p for p in state.players if p.name == state.turn)
    if not isinstance(mover.hand, list):
        return
    offered = {
        json.dumps(RULES.move_adapter().dump_python(m, mode="json"), sort_keys=True)
        for m in RULES.legal_moves(state)
    }
    tries: list[dict[str, Any]] = [{"kind": "draw"}]
    for value in set(mover.hand):
        tries.append({"kind": "match", "value": value})
        tries += [{"kind": "play", "value": value, "call": c} for c in ("higher", "lower", None)]
    # What each offered move leads to: a move whose void parts are struck out leads to the
    # same table as the move offered without them.
    reached = {
        json.dumps(RULES.adjudicate(state, m).next_state, sort_keys=True)
        for m in RULES.legal_moves(state)
    }
    for data in tries:
        move = RULES.parse_move(data, state)
        ruling = RULES.adjudicate(state, move)
        assert_answer_is_plain(ruling)
        key = json.dumps(RULES.move_adapter().dump_python(move, mode="json"), sort_keys=True)
        if data["kind"] == "match" and data["value"] == state.last_card:
            key = key.replace(f'"value": {state.last_card}', '"value": null')
        if data["kind"] == "play" and data["value"] in AUTOMATIC_CALL:
            # A 1 or a 15 calls for itself: naming that same call is the same move (rule 4.8).
            automatic = AUTOMATIC_CALL[data["value"]]
            key = key.replace(f'"call": "{automatic}"', '"call": null')
        if ruling.legal:
            assert json.dumps(ruling.next_state, sort_keys=True) in reached, data
        assert ruling.legal or key not in offered, (data, ruling.summary)
        assert ruling.legal or not ruling.voided


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 70)
    | st.text(max_size=8)
    | st.sampled_from(
        ["Ana", "P0", "P1", "higher", "lower", "play", "match", "draw", "booster", "Rare"]
    ),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


def _rule_or_refuse(state: Any, move: Any) -> None:
    assert_ruled_or_refused(RULES, state, move)


@SETTINGS
@given(JSON_VALUES, JSON_VALUES)
def test_arbitrary_json_is_ruled_or_refused_never_crashes(state: Any, move: Any) -> None:
    _rule_or_refuse(state, move)


def _mutate(data: Any, rng: random.Random, value: Any) -> Any:
    """Replace one leaf or field of a JSON document with `value`."""
    if isinstance(data, dict) and data:
        key = rng.choice(sorted(data))
        if rng.random() < 0.5:
            return {**data, key: value}
        return {**data, key: _mutate(data[key], rng, value)}
    if isinstance(data, list) and data:
        index = rng.randrange(len(data))
        copy = list(data)
        copy[index] = value if rng.random() < 0.5 else _mutate(data[index], rng, value)
        return copy
    return value


@SETTINGS
@given(states(), st.integers(0, 2**32), JSON_VALUES, st.booleans())
def test_a_damaged_real_state_or_move_is_ruled_or_refused(
    state: State, seed: int, value: Any, damage_move: bool
) -> None:
    rng = random.Random(seed)
    moves = RULES.legal_moves(state) or [DrawCard(kind="draw")]
    move = RULES.move_adapter().dump_python(rng.choice(moves), mode="json")
    data = _dump(state)
    if damage_move:
        move = _mutate(move, rng, value)
    else:
        data = _mutate(data, rng, value)
    _rule_or_refuse(data, move)
    with contextlib.suppress(BadInput):
        RULES.legal_moves_json(data)


@settings(SETTINGS, max_examples=max(10, SETTINGS.max_examples // 4))
@given(st.integers(0, 2**32 - 1), st.integers(2, 4))
def test_a_whole_game_from_the_deal_is_ruled_legal_and_names_who_ran_out(
    seed: int, seats: int
) -> None:
    """Random legal play from a fresh deal, as a log from the setup check on: every move is
    legal, and when someone runs out of playing cards the log names them the winner."""
    rng = random.Random(seed)
    state, deck = _deal(rng, seats)
    start = state.model_copy(update={"dealer": state.players[-1].name})
    log: list[dict[str, Any]] = [{"kind": "setup"}]
    board = start
    for _ in range(400):
        moves = [m for m in RULES.legal_moves(board) if not isinstance(m, PlayBooster)]
        if not moves:
            break
        move = rng.choice(moves)
        if isinstance(move, DrawCard) and deck:
            move = DrawCard(kind="draw", drawn=deck.pop())
        log.append(RULES.move_adapter().dump_python(move, mode="json"))
        board = RULES.apply(board, move)
    result = RULES.rule_sequence_json(_dump(start), log)
    assert result.verdict == "legal", result.summary
    out = [
        p.name for p in board.players if (p.hand if isinstance(p.hand, int) else len(p.hand)) == 0
    ]
    assert result.game_over == bool(out)
    assert result.winner == (out[0] if out else None)


SEATS_AS_ASKED = ("You", "the player on your left", "the player on your right")


@settings(SETTINGS, max_examples=max(10, SETTINGS.max_examples // 2))
@given(st.integers(0, 2**32 - 1))
def test_every_answer_reads_right_when_you_are_one_of_the_players(seed: int) -> None:
    """The website seats the asker as "You": every answer agrees with it ("you hold", "your
    turn"), for every move a shown hand might try and every booster."""
    rng = random.Random(seed)
    state, deck = _deal(rng, 3)
    names = {f"P{i}": name for i, name in enumerate(SEATS_AS_ASKED)}
    data = _dump(state)
    for p in data["players"]:
        p["name"] = names[p["name"]]
    data["turn"] = names[data["turn"]]
    state = _play_out(rng, RULES.parse_state(data), deck, rng.randint(0, 30))
    tries: list[dict[str, Any]] = [{"kind": "draw"}, {"kind": "setup"}]
    for p in state.players:
        tries.append({"kind": "play", "value": 7, "call": "higher", "player": p.name})
        tries.append({"kind": "booster", "category": "Rare", "target": p.name})
    for move in RULES.legal_moves(state):
        tries.append(RULES.move_adapter().dump_python(move, mode="json"))
    for data in tries:
        try:
            ruling = RULES.rule_json(_dump(state), data)
        except BadInput:
            continue
        assert_answer_is_plain(ruling)
