"""Every legal move in a state, for `legal_moves`: a finite list, since a card is one of 15
numbers, a call one of two, and a booster one of four categories at one of at most six
players."""

from __future__ import annotations

from games.higher_lower.checks import check_dealt, needs_pile
from games.higher_lower.moves import DrawCard, MatchCard, PlayBooster, PlayCard
from games.higher_lower.moves import Move as MoveType
from games.higher_lower.state import AUTOMATIC_CALL, CATEGORIES, Direction, State
from games.higher_lower.table import candidate_values, player, winner
from games.higher_lower.transitions import goes_out


def legal_moves(state: State) -> list[MoveType]:
    if winner(state) is not None:
        return []
    check_dealt(state)
    moves: list[MoveType] = [*_card_moves(state), *_booster_moves(state)]
    return moves


def _card_moves(state: State) -> list[MoveType]:
    needs_pile(state)  # which cards can be laid rests on the last card and the call
    me = player(state, state.turn)
    values = candidate_values(state, me)
    last, call = state.last_card, state.call
    moves: list[MoveType] = []
    for value in values:
        if last is not None and value == last:
            moves.append(MatchCard(kind="match"))
        elif last is None or call is None or _obeys(value, last, call):
            moves.extend(_plays(value, last=goes_out(state, me.name, value)))
    hidden = not isinstance(me.hand, list)
    # A shown hand draws only when it cannot play (rule 4.6); a hidden one is taken on trust.
    if last is not None and (hidden or not moves):
        moves.append(DrawCard(kind="draw"))
    return moves


def _obeys(value: int, last: int, call: str) -> bool:
    return value > last if call == "higher" else value < last


CALLS: tuple[Direction, ...] = ("higher", "lower")


def _plays(value: int, last: bool) -> list[MoveType]:
    if value in AUTOMATIC_CALL:
        return [PlayCard(kind="play", value=value)]
    calls = (*CALLS, None) if last else CALLS  # a last card needs no call (rule 2.1)
    return [PlayCard(kind="play", value=value, call=c) for c in calls]


def _booster_moves(state: State) -> list[MoveType]:
    me = player(state, state.turn)
    if isinstance(me.boosters, list):
        categories = [c for c in CATEGORIES if c in me.boosters]
    else:
        held = me.boosters is None or me.boosters > 0  # not described: taken on trust
        categories = list(CATEGORIES) if held else []
    targets: list[str | None] = [None, *(p.name for p in state.players if p.name != me.name)]
    return [
        PlayBooster(kind="booster", category=c, target=t)  # type: ignore[arg-type]
        for c in categories
        for t in targets
    ]
