"""Properties over reachable games: legal moves are legal, cards never vanish or double, and
no input, however hostile, gets anything but a ruling or a 400-style error."""

from __future__ import annotations

import contextlib
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bo_jackson_battle_arena.moves import Pass, RunPlay
from games.bo_jackson_battle_arena.state import BattleState
from games.core import InvalidMove, InvalidState, Ruling
from tests.fuzz_size import examples

from .helpers import RULES, game, hero, play_card

WEAPONS = ["Fire", "Ice", "Steel", "Super", None]
SETTINGS = settings(
    max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
WALK_SETTINGS = settings(
    max_examples=examples(50), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def opening(draw: st.DrawFn) -> dict[str, Any]:
    """Battle 1 of a game in any mode, with random Heroes and Play costs."""
    mode = draw(st.sampled_from(["rookie", "substitution", "playmaker"]))
    powers = st.integers(min_value=90, max_value=130)  # narrow, so ties happen
    weapons = st.sampled_from(WEAPONS)

    def heroes(prefix: str, n: int) -> list[dict[str, Any]]:
        return [hero(f"{prefix}{i}", draw(powers), draw(weapons)) for i in range(n)]

    def side(who: str) -> dict[str, Any]:
        kw: dict[str, Any] = {"deck": heroes(f"{who}-deck-", draw(st.integers(1, 6)))}
        if mode != "rookie":
            kw |= {"bench": heroes(f"{who}-bench-", 4), "hot_dogs": draw(st.integers(0, 10))}
        if mode == "playmaker":
            costs = st.integers(min_value=0, max_value=4)
            kw["hand"] = [play_card(f"{who}-play-{i}", draw(costs)) for i in range(4)]
            kw["playbook"] = [play_card(f"{who}-pb-{i}", draw(costs)) for i in range(8)]
        return kw

    state = game(
        mode,
        honors=draw(st.sampled_from([0, 1])),
        ties_allowed=draw(st.booleans()),
        ana=side("Ana"),
        ben=side("Ben"),
    )
    for p, who in zip(state["players"], ("Ana", "Ben"), strict=True):
        p["zones"] = heroes(f"{who}-zone-", 7)
    return state


def _moves(state: Any, draw: st.DrawFn) -> tuple[list[Any], bool]:
    """The moves to try, and whether they are `legal_moves`' complete list."""
    moves = RULES.legal_moves(state)
    if moves is not None:
        return list(moves), True
    inner: BattleState = state.root
    player = inner.to_act if inner.to_act is not None else inner.honors
    hand = inner.players[player].hand or []
    picks: list[Any] = [Pass(player=player)]
    for card in hand:
        picks.append(
            RunPlay(
                player=player,
                play=card.id,
                power_change=draw(st.integers(-20, 20)),
                opponent_power_change=draw(st.integers(-20, 20)),
            )
        )
    return picks, False


def _card_ids(state: Any) -> list[str]:
    ids: list[str] = []
    for p in state.root.players:
        for pile in ("zones", "hero_deck", "set_aside", "bench", "hand", "playbook", "plays_used"):
            ids += [c.id for c in getattr(p, pile) or []]
    return ids


@WALK_SETTINGS
@given(start=opening(), data=st.data())
def test_legal_moves_are_legal_and_cards_stay_in_exactly_one_place(
    start: dict[str, Any], data: st.DataObject
) -> None:
    state = RULES.parse_state(start)
    ids = sorted(_card_ids(state))
    for _ in range(data.draw(st.integers(0, 50))):
        moves, complete = _moves(state, data.draw)
        legal = [m for m in moves if RULES.adjudicate(state, m).legal]
        if complete:
            assert legal == moves, "legal_moves offered a move ruled illegal"
        if not legal:
            break
        move = data.draw(st.sampled_from(legal))
        state = RULES.apply(state, move)
        # The next state is one that can exist, and holds the same cards, each once.
        RULES.parse_state(state.model_dump(mode="json"))
        assert sorted(_card_ids(state)) == ids


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 300) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)


@st.composite
def mangled(draw: st.DrawFn) -> Any:
    """A real state with one field replaced by junk, or junk outright."""
    if draw(st.booleans()):
        return draw(JSONISH)
    state = draw(opening())
    target: Any = state
    path = draw(
        st.lists(
            st.sampled_from(
                [
                    "players",
                    0,
                    1,
                    "zones",
                    "bench",
                    "hand",
                    3,
                    "power",
                    "battle",
                    "phase",
                    "hot_dogs",
                    "trophies",
                    "id",
                ]
            ),
            max_size=4,
        )
    )
    for step in path[:-1]:
        try:
            target = target[step]
        except (KeyError, IndexError, TypeError):
            break
    if isinstance(target, dict | list) and path:
        with contextlib.suppress(IndexError, TypeError):
            target[path[-1]] = draw(JSONISH)
    return state


MOVES = st.one_of(
    JSONISH,
    st.fixed_dictionaries(
        {
            "kind": st.sampled_from(
                [
                    "substitute",
                    "keep-hero",
                    "run-play",
                    "pass",
                    "resolve-battle",
                    "sudden-death",
                    "check-deck",
                ]
            ),
            "player": JSONISH,
            "hero": JSONISH,
            "play": JSONISH,
        }
    ),
)


@SETTINGS
@given(state=mangled(), move=MOVES)
def test_hostile_json_gets_a_ruling_or_a_named_error(state: Any, move: Any) -> None:
    try:
        ruling = RULES.rule_json(state, move)
    except (InvalidState, InvalidMove) as error:
        assert error.field.startswith(("state", "move"))
        return
    assert isinstance(ruling, Ruling)
