"""Reading a Higher or Lower state: who sits where, what each hand holds, what can be laid."""

from __future__ import annotations

from collections import Counter

from games.core.names import fold
from games.core.readings import ours
from games.higher_lower import reasons as R
from games.higher_lower.state import (
    AUTOMATIC_CALL,
    COPIES_PER_VALUE,
    HIGHEST,
    LOWEST,
    Direction,
    Player,
    State,
)

ALL_VALUES = range(LOWEST, HIGHEST + 1)


def player_index(state: State, name: str) -> int | None:
    """The seat of the player of that name, compared case folded (NFC)."""
    # Names are seated as the state is read (`State._names_as_seated`): the name as seated
    # is the common case, and needs no folding.
    for index, player in enumerate(state.players):
        if player.name == name:
            return index
    key = fold(name)
    for index, player in enumerate(state.players):
        if fold(player.name) == key:
            return index
    return None


def seated_name(state: State, name: str) -> str:
    """The name as the player is seated, for a name given in any case."""
    index = player_index(state, name)
    return state.players[index].name if index is not None else name


def player(state: State, name: str) -> Player:
    index = player_index(state, name)
    if index is None:
        raise KeyError(name)
    return state.players[index]


def next_player(state: State, name: str) -> str:
    """The player on the left (rule 4.1): the next one in seat order, wrapping round. Read
    the other way of clarification game-ends-when-someone-is-out, play goes on past a player
    who is out (on our reading nobody is asked to move once someone is out)."""
    index = player_index(state, name) or 0
    seats = len(state.players)
    nxt = state.players[(index + 1) % seats]
    if nxt.hand or nxt.hand is None:  # holds cards (or not described): not out
        return nxt.name
    for step in range(1, seats):
        p = state.players[(index + step) % seats]
        if not (is_out(p) and not ours(R.GAME_ENDS_WHEN_SOMEONE_IS_OUT)):
            return p.name
    return state.players[(index + 1) % seats].name


def hand_size(p: Player) -> int:
    """Cards known to be held: a hand not described counts none (it is not said to be empty)."""
    if p.hand is None:
        return 0
    return len(p.hand) if isinstance(p.hand, list) else p.hand


def booster_count(p: Player) -> int:
    if p.boosters is None:
        return 0
    return len(p.boosters) if isinstance(p.boosters, list) else p.boosters


def is_out(p: Player) -> bool:
    """Whether `p` has got rid of all their playing cards (rule 2.1). Booster cards still held
    do not count (clarification winning-with-boosters-left); read the other way, they must go
    too. Asked only of a hand shown to be empty, so a plain ruling consults nothing. Boosters
    not described may be held: the win then rests on the same reading."""
    if p.hand is None or hand_size(p) != 0:
        return False
    none_held = p.boosters is not None and booster_count(p) == 0
    return none_held or ours(R.WINNING_WITH_BOOSTERS_LEFT)


def winner(state: State) -> str | None:
    """The player with no playing cards left, if any: the game is over (rule 2.1)."""
    for p in state.players:
        if p.hand is not None and not p.hand and is_out(p):
            return p.name
    return None


def players_left(state: State) -> int:
    """How many players still hold playing cards (or boosters, read the other way)."""
    return sum(1 for p in state.players if not is_out(p))


def seen_copies(state: State) -> Counter[int]:
    """How many copies of each number are accounted for on the table and in shown hands.

    The matches since the call in force were laid on the last card, so at least that many
    copies of its number lie on the pile even when `discard` leaves them out."""
    seen: Counter[int] = Counter(state.discard)
    for p in state.players:
        if isinstance(p.hand, list):
            seen.update(p.hand)
    if state.last_card is not None:
        in_discard = state.discard.count(state.last_card)
        seen[state.last_card] += 1 + max(0, len(state.match_chain) - in_discard)
    return seen


def unseen_values(state: State) -> list[int]:
    """Numbers of which some copy is not accounted for: what a hidden hand might hold."""
    seen = seen_copies(state)
    return [v for v in ALL_VALUES if seen[v] < COPIES_PER_VALUE]


def under_way(state: State) -> bool:
    """A card has been laid, whether or not the question described it."""
    return state.last_card is not None or state.opened is True


def pile_not_described(state: State) -> bool:
    """A card has been laid but the question did not say which."""
    return state.last_card is None and state.opened is True


def call_not_described(state: State) -> bool:
    """A card has been laid but the question did not say the call in force (a game won with a
    last card laid holds none: rule 2.1)."""
    return state.call is None and under_way(state) and winner(state) is None


def obeys_call(value: int, last: int, call: Direction) -> bool:
    return value > last if call == "higher" else value < last


def playable(value: int, state: State, *, wild: bool = True) -> bool:
    """Whether a card of this number may be laid now: any card opens; after that it must obey
    the call in force or match (rules 3.6, 4.2, 4.4). Where the question did not describe the
    last card, no card is known to be playable; where it did not describe the call, only a
    match is (a match is laid whatever the call). `wild` False: by the call alone, without
    asking whether a 1 or a 15 goes on any card (clarification automatic-calls-1-and-15)."""
    if not under_way(state):
        return True
    if state.last_card is None:
        return False
    if state.call is None:
        return value == state.last_card
    if wild and value in AUTOMATIC_CALL and not ours(R.AUTOMATIC_CALLS):
        return True  # read the other way, a 1 or a 15 goes on any card
    return value == state.last_card or obeys_call(value, state.last_card, state.call)


def candidate_values(state: State, p: Player) -> list[int]:
    """The numbers this player might lay: their shown hand, or any unseen number when hidden."""
    if isinstance(p.hand, list):
        return sorted(set(p.hand))
    return unseen_values(state) if p.hand is None or p.hand > 0 else []


def playable_values(state: State, p: Player, *, wild: bool = True) -> list[int]:
    return [v for v in candidate_values(state, p) if playable(v, state, wild=wild)]


def resolved_call(value: int, call: Direction | None) -> Direction | None:
    """The call a laid card makes: its own for a 1 or a 15 (rule 4.8), else the player's."""
    return AUTOMATIC_CALL.get(value, call)
