"""Refusing states that cannot exist and moves that name what the state lacks.

Each check raises InvalidState / InvalidMove naming the offending field, so the desk can answer
400 with a path such as `state.players.1.hand.3`.
"""

from __future__ import annotations

from games.core import InvalidMove, InvalidState
from games.core.names import fold
from games.core.words import article, owns, says
from games.higher_lower.moves import CheckSetup, DrawCard, MatchCard, PlayBooster, PlayCard
from games.higher_lower.moves import Move as MoveType
from games.higher_lower.state import (
    AUTOMATIC_CALL,
    BOOSTER_CARDS,
    CATEGORIES,
    COPIES_PER_VALUE,
    HIGHEST,
    LOWEST,
    MAX_PLAYERS,
    PLAYING_CARDS,
    State,
)
from games.higher_lower.table import (
    booster_count,
    call_not_described,
    hand_size,
    pile_not_described,
    player,
    player_index,
    seated_name,
    seen_copies,
    under_way,
    winner,
)


def check_state(state: State) -> None:
    _check_hands(state)
    _check_players(state)
    _check_names(state)
    _check_opening(state)
    _check_call(state)
    _check_copies(state)
    _check_totals(state)
    _check_one_winner(state)


def _check_hands(state: State) -> None:
    """Card numbers 1 to 15, counts within the box, known booster categories (rule 1.1, 1.2)."""
    for pi, p in enumerate(state.players):
        where = f"state.players.{pi}"
        if isinstance(p.hand, list):
            if len(p.hand) > PLAYING_CARDS:
                raise InvalidState(f"{where}.hand", f"the box has only {PLAYING_CARDS} cards")
            for i, value in enumerate(p.hand):
                if not LOWEST <= value <= HIGHEST:
                    raise InvalidState(f"{where}.hand.{i}", _no_such_card(value))
        elif p.hand is not None and not 0 <= p.hand <= PLAYING_CARDS:
            raise InvalidState(f"{where}.hand", f"a hand holds 0 to {PLAYING_CARDS} cards")
        if isinstance(p.boosters, list):
            if len(p.boosters) > BOOSTER_CARDS:
                raise InvalidState(f"{where}.boosters", f"the box has only {BOOSTER_CARDS}")
            for i, category in enumerate(p.boosters):
                if category not in CATEGORIES:
                    raise InvalidState(
                        f"{where}.boosters.{i}",
                        f"{category!r} is not a booster category ({', '.join(CATEGORIES)})",
                    )
        elif p.boosters is not None and not 0 <= p.boosters <= BOOSTER_CARDS:
            raise InvalidState(f"{where}.boosters", f"a player holds 0 to {BOOSTER_CARDS}")


def _no_such_card(value: int) -> str:
    return f"no playing card is numbered {value}: they run from {LOWEST} to {HIGHEST}"


def _check_players(state: State) -> None:
    if len(state.players) > MAX_PLAYERS:
        raise InvalidState(
            "state.players",
            f"{len(state.players)} players cannot each be dealt 10 of the 60 playing cards "
            f"(at most {MAX_PLAYERS}; rule 3.1)",
        )
    seen: set[str] = set()
    for index, p in enumerate(state.players):
        key = fold(p.name)
        if key in seen:
            raise InvalidState(f"state.players.{index}.name", f"two players are named {p.name!r}")
        seen.add(key)


def _check_names(state: State) -> None:
    if player_index(state, state.turn) is None:
        raise InvalidState("state.turn", f"{state.turn!r} is not one of the players")
    if state.call_by is not None and player_index(state, state.call_by) is None:
        raise InvalidState("state.call_by", f"{state.call_by!r} is not one of the players")
    if state.drew is not None and player_index(state, state.drew) is None:
        raise InvalidState("state.drew", f"{state.drew!r} is not one of the players")
    if state.drew is not None and state.drew == state.turn:
        raise InvalidState("state.drew", "drawing ends the turn: who drew is not who moves now")
    _check_drew_before_turn(state)
    if state.dealer is not None and player_index(state, state.dealer) is None:
        raise InvalidState("state.dealer", f"{state.dealer!r} is not one of the players")
    for index, name in enumerate(state.match_chain):
        if player_index(state, name) is None:
            raise InvalidState(f"state.match_chain.{index}", f"{name!r} is not one of the players")


def _check_drew_before_turn(state: State) -> None:
    """Who drew on the turn just ended sits just before the player to move: the turn passes
    to the left (rule 4.1). Unchecked once a player is out of cards, when the game is over
    (clarification game-ends-when-someone-is-out) or, read the other way, play skips them."""
    if state.drew is None or any(p.hand in (0, []) for p in state.players):
        return
    drew, turn = player_index(state, state.drew), player_index(state, state.turn)
    if drew is None or turn is None or (drew + 1) % len(state.players) == turn:
        return
    after = state.players[(drew + 1) % len(state.players)].name
    raise InvalidState(
        "state.drew",
        f"the turn after {owns(state.drew)} passes to {after}, not "
        f"{state.turn}: who drew on the turn just ended sits just before the player to move "
        "(rule 4.1)",
    )


def _check_opening(state: State) -> None:
    """Before the first card is laid there is no call, no match and no pile (rule 3.6)."""
    if state.opened is False and state.last_card is not None:
        raise InvalidState(
            "state.opened",
            f"{article(str(state.last_card))} has been laid, so the game is under way",
        )
    if under_way(state):
        return
    for field, present in (
        ("call", state.call is not None),
        ("call_by", state.call_by is not None),
        ("match_chain", bool(state.match_chain)),
        ("discard", bool(state.discard)),
    ):
        if present:
            raise InvalidState(f"state.{field}", "no card has been laid yet (last_card is null)")


def _check_call(state: State) -> None:
    """Once a card is laid some call is in force (rule 3.7), until a player goes out with
    their last card, which needs none (rule 2.1). With `opened` true the question may leave the
    call, or who made it, not described; without it they must be given."""
    if not under_way(state):
        return
    described_on_purpose = state.opened is True
    if state.call is None and not described_on_purpose and winner(state) is None:
        raise InvalidState("state.call", "a card has been laid, so some call is in force")
    if state.call is not None and state.call_by is None and not described_on_purpose:
        raise InvalidState("state.call_by", "say who made the call in force")
    if state.last_card is None or state.call is None:
        return
    automatic = AUTOMATIC_CALL.get(state.last_card)
    if automatic is not None and state.call != automatic:
        raise InvalidState(
            "state.call",
            f"after a {state.last_card} the call is always {automatic!r} (rule 4.8)",
        )


def _check_copies(state: State) -> None:
    """No number may appear more than four times (rule 1.1)."""
    # The discard pile, the last card, then the hands shown: the first card over four is
    # refused, its field written only then.
    counts: dict[int, int] = {}  # a plain dict: a Counter calls Python for each new number
    for i, value in enumerate(state.discard):
        counts[value] = counts.get(value, 0) + 1
        if counts[value] > COPIES_PER_VALUE:
            raise InvalidState(f"state.discard.{i}", _too_many(value))
    if state.last_card is not None:
        counts[state.last_card] = counts.get(state.last_card, 0) + 1
        if counts[state.last_card] > COPIES_PER_VALUE:
            raise InvalidState("state.last_card", _too_many(state.last_card))
    for pi, p in enumerate(state.players):
        if isinstance(p.hand, list):
            for i, value in enumerate(p.hand):
                counts[value] = counts.get(value, 0) + 1
                if counts[value] > COPIES_PER_VALUE:
                    raise InvalidState(f"state.players.{pi}.hand.{i}", _too_many(value))
    # As `seen_copies` counts the last card's number: the matches on it beyond those the
    # discard pile shows lie on the pile too.
    last = state.last_card
    unshown = 0 if last is None else max(0, len(state.match_chain) - state.discard.count(last))
    if last is not None and counts[last] + unshown > COPIES_PER_VALUE:
        raise InvalidState(
            "state.match_chain",
            f"{len(state.match_chain)} matches of the last card leave too many: " + _too_many(last),
        )


def _too_many(value: int) -> str:
    return f"more than {COPIES_PER_VALUE} cards numbered {value} (the box has {COPIES_PER_VALUE})"


def _check_totals(state: State) -> None:
    total = sum(hand_size(p) for p in state.players) + (state.deck or 0) + len(state.discard)
    total += 0 if state.last_card is None else 1
    if total > PLAYING_CARDS:
        raise InvalidState(
            "state.deck",
            f"hands, deck and laid cards come to {total} playing cards; the box has "
            f"{PLAYING_CARDS}",
        )
    boosters = sum(booster_count(p) for p in state.players) + (state.booster_deck or 0)
    if boosters > BOOSTER_CARDS:
        field = "state.booster_deck" if state.booster_deck is not None else "state.players"
        raise InvalidState(
            field, f"{boosters} booster cards in hands and deck; the box has {BOOSTER_CARDS}"
        )


def check_dealt(state: State) -> None:
    """Before the first card is laid every playing card is in a hand or in the deck (rules 1.1,
    3.1, 3.2): where the question gives every hand and the deck, they hold the whole box.

    Checked for every move but the setup check, whose ruling says what a deal got wrong (a
    deck one short is "not a correct setup", rule 3.2), and for the moves `legal_moves` lists."""
    if under_way(state) or state.deck is None or any(p.hand is None for p in state.players):
        return
    held = sum(hand_size(p) for p in state.players)
    if held + state.deck != PLAYING_CARDS:
        raise InvalidState(
            "state.deck",
            f"no card has been laid, so the hands ({held}) and the deck ({state.deck}) hold "
            f"all {PLAYING_CARDS} playing cards; they hold {held + state.deck} (rules 1.1, 3.2)",
        )


def _check_one_winner(state: State) -> None:
    """The game ends when the first player runs out (rule 2.1): two can never both be out."""
    out = [i for i, p in enumerate(state.players) if p.hand is not None and hand_size(p) == 0]
    if len(out) > 1:
        raise InvalidState(
            f"state.players.{out[1]}.hand",
            "two players cannot both be out of playing cards: the game ended with the first",
        )


# ----- moves -----


def mover(state: State, move: MoveType) -> str:
    """Who makes the move, as seated (a name given in any case is the seated player's)."""
    name = getattr(move, "player", None)
    return seated_name(state, name) if name is not None else state.turn


def check_move(state: State, move: MoveType, field: str) -> None:
    if isinstance(move, CheckSetup):
        return
    check_dealt(state)
    if move.player is not None and player_index(state, move.player) is None:
        raise InvalidMove(f"{field}.player", f"{move.player!r} is not one of the players")
    name = mover(state, move)
    if not isinstance(move, PlayBooster):
        needs_pile(state, move)
    if isinstance(move, PlayCard):
        _check_holds(state, name, move.value, f"{field}.value")
    elif isinstance(move, MatchCard):
        value = move.value if move.value is not None else state.last_card
        if value is not None:
            _check_holds(state, name, value, f"{field}.value")
    elif isinstance(move, DrawCard):
        _check_draw(state, move, f"{field}.drawn")
    elif isinstance(move, PlayBooster):
        _check_booster(state, name, move, field)


NOT_DESCRIBED = "was not described"


def needs_pile(state: State, move: MoveType | None = None) -> None:
    """Refuse a question whose ruling rests on the pile the question left not described: the
    last card for laying, matching or drawing (rules 4.2, 4.4, 4.6), and the call for all
    but a match (a match is laid whatever the call, rule 4.5). `move` None: every card move
    at once, as `legal_moves` lists them."""
    if pile_not_described(state):
        what = _what(move)
        raise InvalidMove(
            "state.last_card",
            f"the last card laid {NOT_DESCRIBED}: {what} rests on it (rules 4.2, 4.4)",
        )
    if not call_not_described(state) or isinstance(move, MatchCard):
        return
    if isinstance(move, PlayCard) and move.value == state.last_card:
        return  # the same number is a match (rule 4.4)
    raise InvalidMove(
        "state.call",
        f"the call in force {NOT_DESCRIBED}: {_what(move)} rests on it (rules 4.2, 4.6)",
    )


def _what(move: MoveType | None) -> str:
    if isinstance(move, PlayCard):
        return f"whether {article(str(move.value))} may be laid"
    if isinstance(move, MatchCard):
        return "whether the card matches it"
    if isinstance(move, DrawCard):
        return "whether the player may draw instead of laying a card"
    return "which cards may be laid, and whether the player may draw,"


def _check_holds(state: State, name: str, value: int, field: str) -> None:
    hand = player(state, name).hand
    if isinstance(hand, list):
        if value not in hand:
            raise InvalidMove(field, f"{says(name, 'holds', 'hold', True)} no {value}")
    elif hand == 0:
        raise InvalidMove(field, f"{says(name, 'holds', 'hold', True)} no playing cards")
    elif seen_copies(state)[value] >= COPIES_PER_VALUE:
        raise InvalidMove(
            field, f"all {COPIES_PER_VALUE} cards numbered {value} are accounted for elsewhere"
        )


def _check_draw(state: State, move: DrawCard, field: str) -> None:
    if move.drawn is None:
        return
    if state.deck == 0:
        raise InvalidMove(field, "the deck is empty: nothing can be drawn")
    if seen_copies(state)[move.drawn] >= COPIES_PER_VALUE:
        raise InvalidMove(
            field,
            f"all {COPIES_PER_VALUE} cards numbered {move.drawn} are accounted for elsewhere",
        )


def _check_booster(state: State, name: str, move: PlayBooster, field: str) -> None:
    if move.target is not None and player_index(state, move.target) is None:
        raise InvalidMove(f"{field}.target", f"{move.target!r} is not one of the players")
    boosters = player(state, name).boosters
    if isinstance(boosters, list):
        if move.category not in boosters:
            raise InvalidMove(
                f"{field}.category",
                f"{says(name, 'holds', 'hold', True)} no {move.category} booster",
            )
    elif boosters == 0:
        raise InvalidMove(
            f"{field}.category",
            f"{says(name, 'holds', 'hold', True)} no booster cards",
        )
