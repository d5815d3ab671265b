"""The state after each kind of move, computed only once a move has been ruled legal."""

from __future__ import annotations

from games.core.readings import ours
from games.higher_lower.box import PLAYING_CARDS
from games.higher_lower.reasons import DRAWING_ENDS_THE_TURN, EMPTY_DECK_PASS
from games.higher_lower.state import Player, State
from games.higher_lower.table import (
    hand_size,
    next_player,
    playable,
    player_index,
    resolved_call,
    winner,
)


def _with_player(state: State, name: str, updated: Player) -> list[Player]:
    index = player_index(state, name)
    return [updated if i == index else p for i, p in enumerate(state.players)]


def _without_card(p: Player, value: int) -> Player:
    if isinstance(p.hand, list):
        hand = list(p.hand)
        hand.remove(value)
        return p.model_copy(update={"hand": hand})
    return p.model_copy(update={"hand": None if p.hand is None else p.hand - 1})


def _pile(state: State) -> list[int]:
    """The laid cards once a new card covers the last one."""
    return [*state.discard, state.last_card] if state.last_card is not None else []


def after_play(state: State, name: str, value: int, call: str | None) -> State:
    p = state.players[player_index(state, name) or 0]
    return state.model_copy(
        update={
            "players": _with_player(state, name, _without_card(p, value)),
            "discard": _pile(state),
            "last_card": value,
            # A card is laid: a board that said "no card laid yet" is under way now (left
            # null, `last_card` says so itself).
            "opened": None if state.opened is None else True,
            "call": resolved_call(value, call),  # type: ignore[arg-type]
            "call_by": name,
            "match_chain": [],
            "turn": next_player(state, name),
            "drew": None,
            "boosters_played": 0,
        }
    )


def goes_out(state: State, name: str, value: int) -> bool:
    """Whether laying `value`, the player's one card left, wins (rule 2.1): no one is left to
    follow a call, so none is needed. Read the other way of `winning-with-boosters-left`, a
    player still holding boosters has not won, and must call."""
    hand = state.players[player_index(state, name) or 0].hand
    one_left = len(hand) == 1 if isinstance(hand, list) else hand == 1
    return one_left and winner(after_play(state, name, value, None)) == name


def after_match(state: State, name: str, value: int) -> State:
    """A match covers the last card with its twin and passes the call on (rule 4.5)."""
    p = state.players[player_index(state, name) or 0]
    return state.model_copy(
        update={
            "players": _with_player(state, name, _without_card(p, value)),
            "discard": _pile(state),
            "match_chain": [*state.match_chain, name],
            "turn": next_player(state, name),
            "drew": None,
            "boosters_played": 0,
        }
    )


def cards_under_last(state: State) -> int | None:
    """How many playing cards lie under the last one; None: some may, how many is not known.
    The pile lists them "as far as known": with every hand given and the deck empty, the rest
    of the 60 (rule 1.1) lie there."""
    if state.last_card is None:
        return 0
    if any(p.hand is None for p in state.players) or state.deck is None:
        return len(state.discard) or None
    rest = PLAYING_CARDS - sum(hand_size(p) for p in state.players) - state.deck - 1
    return max(len(state.discard), rest)


def reshuffles(state: State) -> bool:
    """Whether a draw from an empty deck takes the cards laid under the last one, shuffled,
    as a new deck: never on our reading (clarification empty-deck-pass: the book never
    mentions reshuffling, so the turn passes), always read the other way. Asked only when the
    deck is empty and cards lie, or may lie, under the last one."""
    return state.deck == 0 and cards_under_last(state) != 0 and not ours(EMPTY_DECK_PASS)


def drawn_may_go(state: State, drawn: int | None) -> bool:
    """Whether the card drawn could go on the last card (obeying the call or matching it):
    unknown when not named, so it might."""
    if drawn is None or state.last_card is None or state.call is None:
        return True
    return playable(drawn, state)


def after_draw(state: State, name: str, drawn: int | None) -> State:
    """The drawn card joins the hand; the turn ends; the call stays (rule 4.7). An empty deck
    gives nothing (clarification empty-deck-pass). A shown hand whose new card is not named
    becomes a count: we no longer know every card in it. Read the other way (the drawn card
    may be laid at once: clarification drawing-ends-the-turn), the turn stays with the
    player who drew, unless the card drawn is named and cannot go: then it ends either way."""
    keeps = drawn_may_go(state, drawn) and not ours(DRAWING_ENDS_THE_TURN)
    turn = name if keeps else next_player(state, name)
    if reshuffles(state):
        state = state.model_copy(update={"deck": cards_under_last(state), "discard": []})
    elif state.deck == 0:
        # nothing to draw: the turn ends as after a draw, and the call passes on unchanged
        # (clarification empty-deck-pass)
        return state.model_copy(
            update={"turn": next_player(state, name), "drew": name, "boosters_played": 0}
        )
    p = state.players[player_index(state, name) or 0]
    hand: list[int] | int | None = None  # a hand not described stays not described
    if isinstance(p.hand, list):
        hand = [*p.hand, drawn] if drawn is not None else len(p.hand) + 1
    elif p.hand is not None:
        hand = p.hand + 1
    return state.model_copy(
        update={
            "players": _with_player(state, name, p.model_copy(update={"hand": hand})),
            "deck": None if state.deck is None else state.deck - 1,
            "turn": turn,
            # the card drawn is for a later turn (rule 4.7); read the other way, it is not
            "drew": name if turn != name else None,
            "boosters_played": 0 if turn != name else state.boosters_played,
        }
    )


def after_booster(state: State, name: str, category: str) -> State:
    """The booster leaves the hand; its effect is unknown, so nothing else changes."""
    p = state.players[player_index(state, name) or 0]
    if isinstance(p.boosters, list):
        kept = list(p.boosters)
        kept.remove(category)
        boosters: list[str] | int | None = kept
    else:
        boosters = None if p.boosters is None else p.boosters - 1
    updated = p.model_copy(update={"boosters": boosters})
    # played after one's own draw (read the other way of boosters-before-your-card), the turn
    # is the next player's: nothing is counted for it
    played = state.boosters_played + 1 if state.turn == name else state.boosters_played
    return state.model_copy(
        update={
            "players": _with_player(state, name, updated),
            "drew": None,
            "boosters_played": played,
        }
    )
