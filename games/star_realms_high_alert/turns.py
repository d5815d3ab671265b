"""Turn after turn: drawing a hand, playing cards for their Trade (rules 10.1 to 10.4), and a
move that names a card an earlier move removed, ruled illegal with the rule that removed it.

A log of High Alert moves goes on across turns: `end-turn` puts the play area out of play and
discards the hand (10.3) and leaves the state in the draw phase; `draw` gives the hand the next
turn begins with (10.4); `play-card` puts a card of the hand into the play area with its Trade
(10.1, 10.2). A card named by a move that an earlier move took away (a hero scrapped, a card
bought, a ship of a turn that ended) is not bad input: a board could hold the move, and the
rules forbid it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from games.core import Reason
from games.core.findings import Findings, found_illegal
from games.core.words import listed, sentence
from games.star_realms_high_alert.moves import (
    Acquire,
    AcquireFree,
    AnyMove,
    Draw,
    EndTurn,
    PlayCard,
    ScrapHero,
    UseAlly,
    UseDoubleAlly,
    UseTech,
)
from games.star_realms_high_alert.reasons import ENDED_TURN, REASONS
from games.star_realms_high_alert.state import LooseCard, PlayedCard, State, TableHero, TableTech
from games.star_realms_high_alert.table import facts, label

_TRADE = re.compile(r"\+(\d+) trade")

OUTSIDE_TRADE_NOTE = (
    "The Trade of a card from outside High Alert is taken as you give it: the reference holds "
    "no base-set card data."
)
UNKNOWN_TRADE_NOTE = (
    "The sources disagree on this card's primary ability: the Trade is taken as you give it."
)
MAIN_PHASE_DRAW_NOTE = (
    "Which ability lets you draw is not checked here: the cards are taken as you drew them."
)


def _r(code: str, detail: str) -> Reason:
    return REASONS.reason(code, detail)


def _gone(reason: Reason, answer: str) -> Findings:
    """A card a move names that an earlier move took away: an illegal move, with why (the
    rule that took it away) and the answer's words."""
    interps = [ENDED_TURN] if reason.code == "card-turn-ended" else []
    return found_illegal(sentence(reason.detail), [reason], interps, answer=answer)


def _find(cards: list[PlayedCard] | list[LooseCard], card_id: str) -> str | None:
    found = next((c for c in cards if c.id == card_id), None)
    return None if found is None else label(found)


def gone(state: State, move: AnyMove) -> Findings | None:
    """The card `move` names, where an earlier move put it out of the move's reach; None
    where the move's card is where the move needs it (or nowhere: bad input). A card where the
    move needs it is nowhere else (ids are the state's own, checks.py), so the other places
    are searched only when it is not."""
    if isinstance(move, ScrapHero):
        return None if _holds(state.heroes, move.hero) else _hero_gone(state, move.hero)
    if isinstance(move, Acquire | AcquireFree):
        return None if _holds(state.trade_row, move.card) else _bought(state, move.card)
    if isinstance(move, UseAlly | UseDoubleAlly):
        return None if _holds(state.play_area, move.card) else _not_in_play(state, move.card)
    if isinstance(move, PlayCard):
        return None if _holds(state.hand, move.card) else _not_in_hand(state, move.card)
    if isinstance(move, UseTech):
        if _holds(state.techs, move.tech):
            return None
        found = _in_discard_pile(state, move.tech, "a tech on your table can be used")
        return found or _not_yours(
            state, move.tech, "tech-not-on-table", "a tech on your table can be used"
        )
    return None


# Where else a card may lie that a move names, in the words of a refusal's answer.
_ELSEWHERE = (("trade_row", "in the trade row"), ("scrap_heap", "in the scrap heap"))


def _elsewhere(state: State, card_id: str, types: frozenset[str]) -> tuple[str, str] | None:
    """The name of the card `card_id` and where it lies, among the trade row and the scrap
    heap: cards on the table that are not the player's to play or use; only a card of one of
    `types` (a hero to scrap, a tech to use, a ship or base to play), which the move could
    name (a ship named as a tech is no move a board holds: bad input)."""
    for part, where in _ELSEWHERE:
        card = next((c for c in getattr(state, part) if c.id == card_id), None)
        if card is None:
            continue
        known = facts(card.card)
        kind = known.type if known is not None else (card.type or "ship")
        return (label(card), where) if kind in types else None
    return None


_HERO = frozenset({"hero"})
_TECH = frozenset({"tech"})
_SHIP_OR_BASE = frozenset({"ship", "base", "outpost"})


def _not_yours(state: State, card_id: str, code: str, only: str) -> Findings | None:
    """A hero or tech named to be scrapped or used where it is not on the player's table
    (in the trade row, not yet acquired): the rule that lets only yours be (3.8, 4.4)."""
    found = _elsewhere(state, card_id, _HERO if code == "hero-not-on-table" else _TECH)
    if found is None:
        return None
    name, where = found
    return _gone(
        _r(code, f"{name} is {where}, not on your table"),
        f"No: {name} is {where}, not on your table; only {only}.",
    )


def _holds(cards: Sequence[PlayedCard | LooseCard | TableHero | TableTech], card_id: str) -> bool:
    return any(c.id == card_id for c in cards)


def _hero_gone(state: State, hero_id: str) -> Findings | None:
    name = _find(state.scrap_heap, hero_id)
    if name is None:
        found = _in_discard_pile(state, hero_id, "a hero on your table can be scrapped")
        return found or _not_yours(
            state, hero_id, "hero-not-on-table", "a hero on your table can be scrapped"
        )
    return _gone(
        _r("hero-already-scrapped", f"{name} is in the scrap heap: its scrap ability was used"),
        f"No: {name} has already been scrapped; a hero is scrapped when its scrap ability is "
        "used, and a scrapped hero is no longer on your table.",
    )


def _in_discard_pile(state: State, card_id: str, only: str) -> Findings | None:
    """A hero or tech named from the discard pile, where a free acquire put it (read the other
    way): `only` says what may be done, and with what."""
    name = _find(state.discard_pile, card_id)
    if name is None:
        return None
    return _gone(
        _r("card-in-discard-pile", f"{name} is in your discard pile, not on your table"),
        f"No: {name} is in your discard pile, not on your table; only {only}.",
    )


def _bought(state: State, card_id: str) -> Findings | None:
    places = (
        ("heroes", "is on your table"),
        ("techs", "is on your table"),
        ("discard_pile", "is in your discard pile"),
        ("scrap_heap", "is in the scrap heap"),
        ("play_area", "is in your play area"),
        ("hand", "is in your hand"),
        ("out_of_play", "was played in an earlier turn"),
    )
    for part, where in places:
        found = next((c for c in getattr(state, part) if c.id == card_id), None)
        if found is None:
            continue
        name = label(found) if isinstance(found, PlayedCard | LooseCard) else _table_name(found)
        return _gone(
            _r("card-left-trade-row", f"{name} {where}, not in the trade row"),
            f"No: {name} is no longer in the trade row: it {where}; you acquire only from the "
            "trade row.",
        )
    return None


def _table_name(card: TableHero | TableTech) -> str:
    known = facts(card.card)
    return known.name if known is not None else "that card"


def _not_in_play(state: State, card_id: str) -> Findings | None:
    name = _find(state.out_of_play, card_id)
    if name is not None:
        return _gone(
            _r("card-turn-ended", f"{name} was played in an earlier turn, which has ended"),
            f"No: {name} was played in an earlier turn, and it left your play area when that "
            "turn ended; its abilities cannot be used now.",
        )
    name = _find(state.hand, card_id)
    if name is not None:
        return _gone(
            _r("card-not-played", f"{name} is in your hand, not in your play area"),
            f"No: {name} is in your hand; play it first, and its abilities can be used once it "
            "is in your play area.",
        )
    name = _find(state.discard_pile, card_id)
    if name is not None:
        return _gone(
            _r("card-in-discard-pile", f"{name} is in your discard pile, not in play"),
            f"No: {name} is in your discard pile, not in your play area; its abilities work "
            "only once it is played.",
        )
    found = _elsewhere(state, card_id, _SHIP_OR_BASE)
    if found is not None:
        name, where = found
        return _gone(
            _r("card-not-played", f"{name} is {where}, not in your play area"),
            f"No: {name} is {where}, not in your play area; only the cards you have played "
            "have abilities you can use.",
        )
    return None


def _not_in_hand(state: State, card_id: str) -> Findings | None:
    name = _find(state.play_area, card_id)
    if name is not None:
        return _gone(
            _r("card-already-played", f"{name} is already in your play area"),
            f"No: {name} has already been played this turn; it is in your play area.",
        )
    name = _find(state.out_of_play, card_id)
    if name is not None:
        return _gone(
            _r("card-turn-ended", f"{name} was played in an earlier turn, which has ended"),
            f"No: {name} was played in an earlier turn and left your play area when that turn "
            "ended; it is not in your hand.",
        )
    found = next((c for c in state.discard_pile if c.id == card_id), None)
    if found is None:
        elsewhere = _elsewhere(state, card_id, _SHIP_OR_BASE)
        if elsewhere is None:
            return None
        name, where = elsewhere
        return _gone(
            _r("card-not-in-hand", f"{name} is {where}, not in your hand"),
            f"No: {name} is {where}; you play only the cards in your hand.",
        )
    name = label(found)
    not_in_hand = _r("card-not-in-hand", f"{name} is in your discard pile, not in your hand")
    if found.acquired_this_turn or found.got_there == "acquired":
        # Bought this turn or an earlier one: where an acquired ship or base goes (9.4) is
        # what the player asks ("may I play the ship I bought?"); the first reason decides.
        when = "this turn" if found.acquired_this_turn else "in an earlier turn"
        return found_illegal(
            f"{name} went to your discard pile when you acquired it.",
            [
                _r("card-in-discard-pile", f"{name}, acquired {when}, is in your discard pile"),
                not_in_hand,
            ],
            answer=f"No: {name} went to your discard pile when you acquired it {when}; a ship "
            "or base you acquire goes there, and you play only the cards in your hand.",
        )
    if found.got_there == "left-in-hand":
        # Left in the hand when a turn ended: the end of that turn (10.3) took it from the
        # hand, and that is what the player asks ("may I play the card I kept last turn?").
        return found_illegal(
            f"{name} was discarded from your hand when your last turn ended.",
            [
                _r(
                    "hand-card-discarded",
                    f"{name} was left in your hand when a turn ended, and was discarded",
                ),
                not_in_hand,
            ],
            [ENDED_TURN],
            answer=f"No: {name} was left in your hand when your turn ended, and the cards left "
            "in your hand are discarded then; you play only the cards in your hand now.",
        )
    return _gone(
        not_in_hand, f"No: {name} is in your discard pile; you play only the cards in your hand."
    )


# ----- the Trade a card's primary ability gives


@dataclass(frozen=True)
class TradeCheck:
    allowed: frozenset[int] | None  # None: not known, taken as given
    note: str = ""


def printed_trade(card: PlayedCard) -> TradeCheck:
    """The Trade amounts a card's primary ability can give, from the card data (rule 10.2):
    one amount, a choice among several (or none of them), or no Trade at all."""
    known = facts(card.card)
    if known is None:
        return TradeCheck(None, OUTSIDE_TRADE_NOTE)
    if known.primary is None:
        return TradeCheck(None, UNKNOWN_TRADE_NOTE)
    amounts = {int(n) for n in _TRADE.findall(known.primary)}
    if not amounts:
        return TradeCheck(frozenset({0}))
    if known.primary.startswith("choose"):
        return TradeCheck(frozenset({0, *amounts}))
    return TradeCheck(frozenset(amounts))


# ----- the next states


def play(state: State, move: PlayCard) -> State:
    card = next(c for c in state.hand if c.id == move.card)
    return state.model_copy(
        update={
            "hand": [c for c in state.hand if c.id != move.card],
            "play_area": [*state.play_area, card],
            "trade": state.trade + move.trade,
        }
    )


def draw(state: State, move: Draw) -> State:
    """Cards drawn go to the hand; in the draw phase they are the next turn's hand, and the
    next turn begins (its main phase)."""
    return state.model_copy(update={"hand": [*state.hand, *move.cards], "phase": "main"})


def names(cards: list[PlayedCard]) -> str:
    return listed([label(c) for c in cards])


# ----- a free-acquire effect an earlier move of the log used or let expire


def effect_removed(state: State, move: AnyMove, earlier: State, by: AnyMove) -> Findings | None:
    """`move` takes a card with a free-acquire effect that `earlier` held and the log's move
    `by` took away: spent on the card it took (9.3), or expired when the turn ended (10.3).
    None: not such a move (it stays bad input)."""
    if not isinstance(move, AcquireFree) or any(e.id == move.effect for e in state.free_acquires):
        return None
    effect = next((e for e in earlier.free_acquires if e.id == move.effect), None)
    if effect is None:
        return None
    what = f"the effect to acquire a card costing {effect.max_cost} or less"
    if isinstance(by, AcquireFree) and by.effect == move.effect:
        taken = next((c for c in earlier.trade_row if c.id == by.card), None)
        took = label(taken) if taken is not None else "a card"
        return found_illegal(
            f"{what.capitalize()} was used for {took}; it takes one card.",
            [_r("free-acquire-spent", f"{what} was spent on {took} earlier this turn")],
            answer=f"No: {what} was already used to take {took}; it lets you take one card, "
            "and it is spent.",
        )
    if isinstance(by, EndTurn):
        return found_illegal(
            f"{what.capitalize()} belonged to a turn that has ended.",
            [_r("free-acquire-turn-ended", f"{what} was pending when your last turn ended")],
            [ENDED_TURN],
            answer=f"No: {what} belonged to your last turn, which has ended; an effect of a "
            "turn does not carry into the next.",
        )
    return None
