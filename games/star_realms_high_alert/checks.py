"""Refuse states that cannot exist and moves that name what the state does not hold.

These raise `InvalidState` / `InvalidMove` (bad input, a 400), never a ruling: a hero in the
play area or three copies of a one-copy card is not an illegal move, it is not a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from games.core import InvalidMove, InvalidState
from games.core.words import listed
from games.star_realms_high_alert.catalog import CARDS, CHOSEN_FACTION_TECH, CardFacts
from games.star_realms_high_alert.moves import (
    Acquire,
    AcquireFree,
    AnyMove,
    CheckSetup,
    Draw,
    PlayCard,
    ScrapHero,
    UseAlly,
    UseDoubleAlly,
    UseTech,
)
from games.star_realms_high_alert.state import LooseCard, PlayedCard, State
from games.star_realms_high_alert.table import (
    facts,
    symbol_phrase,
)
from games.star_realms_high_alert.turns import gone

# Where each card type may lie. Heroes and tech never reach the play area or the discard
# pile: they go to the table when acquired (rules 3.3, 4.3) and are not discarded (3.6, 4.6).
_ZONE_TYPES = {
    "play_area": {"ship", "base", "outpost"},
    "hand": {"ship", "base", "outpost"},
    "out_of_play": {"ship", "base", "outpost"},
    "discard_pile": {"ship", "base", "outpost"},
    "heroes": {"hero"},
    "techs": {"tech"},
}


_ZONES = ("play_area", "trade_row", "discard_pile", "scrap_heap", "hand", "out_of_play")
# Each place as a player says it, for a refusal they read (the path is the field's). The ids
# and slugs of a state are its writer's, never a player's: a refusal names neither.
_PLACE_WORDS = {
    "play_area": ("card", "of your play area"),
    "trade_row": ("card", "of the trade row"),
    "discard_pile": ("card", "of your discard pile"),
    "scrap_heap": ("card", "of the scrap heap"),
    "hand": ("card", "of your hand"),
    "out_of_play": ("card", "played in an earlier turn"),
    "heroes": ("hero", "on your table"),
    "techs": ("tech", "on your table"),
    "free_acquires": ("free-acquire effect", "pending"),
    "cards": ("card", "you draw"),
}
_IN_ZONE = {
    "play_area": "in your play area",
    "hand": "in your hand",
    "out_of_play": "among the cards played in an earlier turn",
    "discard_pile": "in your discard pile",
    "heroes": "among your heroes",
    "techs": "among your tech",
}
NOT_A_CARD = "not a High Alert card: no card of the set goes by it"


def place_words(zone: str, index: int) -> str:
    """ "card 2 of your play area", "hero 1 on your table", "card 1 you draw"."""
    what, where = _PLACE_WORDS[zone]
    return f"{what} {index + 1} {where}"


def _placed(state: State) -> Iterator[tuple[str, int, str, str | None]]:
    """(zone, index, card id, High Alert slug or None) for every card in the state."""
    for zone in _ZONES:
        for i, card in enumerate(getattr(state, zone)):
            yield zone, i, card.id, card.card
    for i, hero in enumerate(state.heroes):
        yield "heroes", i, hero.id, hero.card
    for i, tech in enumerate(state.techs):
        yield "techs", i, tech.id, tech.card


def _path(zone: str, index: int) -> str:
    return f"state.{zone}.{index}"


def _known(path: str, slug: str) -> CardFacts:
    card = CARDS.get(slug)
    if card is None:
        raise InvalidState(f"{path}.card", NOT_A_CARD)
    return card


# Every place that holds cards, in the order `_placed` gives them.
_CARD_ZONES = (*_ZONES, "heroes", "techs")


def _check_zones(state: State) -> None:
    # In `_placed`'s order, without its generator: every ruling checks every card here. The
    # paths are written only for a card refused: most states have none.
    seen: dict[str, tuple[str, int]] = {}
    copies: dict[str, int] = {}
    for zone in _CARD_ZONES:
        cards: list[Any] = getattr(state, zone)
        if not cards:
            continue
        allowed = _ZONE_TYPES.get(zone)
        for i, placed in enumerate(cards):
            card_id = placed.id
            if card_id in seen:
                raise InvalidState(
                    f"{_path(zone, i)}.id",
                    f"{place_words(zone, i)} has the same id as {place_words(*seen[card_id])}: "
                    "each card has an id of its own",
                )
            seen[card_id] = (zone, i)
            slug = placed.card
            if slug is None:
                continue
            card = CARDS.get(slug)
            if card is None:
                raise InvalidState(f"{_path(zone, i)}.card", NOT_A_CARD)
            if allowed is not None and card.type not in allowed:
                raise InvalidState(
                    f"{_path(zone, i)}.card",
                    f"a {card.type} ({card.name}) cannot be {_IN_ZONE[zone]}",
                )
            held = copies.get(slug, 0) + 1
            copies[slug] = held
            if held > card.copies:
                raise InvalidState(
                    f"{_path(zone, i)}.card",
                    f"the set holds only {card.copies} {card.name}, the state more",
                )
    for i, effect in enumerate(state.free_acquires):
        if effect.id in seen:
            raise InvalidState(
                f"state.free_acquires.{i}.id",
                f"{place_words('free_acquires', i)} has the same id as "
                f"{place_words(*seen[effect.id])}: each has an id of its own",
            )
        seen[effect.id] = ("free_acquires", i)


def _check_described(path: str, card: PlayedCard | LooseCard) -> None:
    """A High Alert card described by hand must agree with the card data."""
    known = facts(card.card)
    if known is None:
        return
    _check_agrees(known, card, path, None)


def _at(where: str, index: int | None) -> str:
    return where if index is None else f"{where}.{index}"


def _check_agrees(
    known: CardFacts, card: PlayedCard | LooseCard, where: str, index: int | None
) -> None:
    """`_check_described` for a card of the set (`known`) at `where` (and `index` in it), its
    path written only for a card refused (`_at`)."""
    if card.factions is not None and set(card.factions) != set(known.factions):
        printed = listed([symbol_phrase(f) for f in sorted(known.factions)])
        raise InvalidState(f"{_at(where, index)}.factions", f"{known.name} carries the {printed}")
    if isinstance(card, PlayedCard):
        for flag, value in (("ally", known.has_ally), ("double_ally", known.has_double_ally)):
            given = getattr(card, flag)
            if given is not None and given != value:
                raise InvalidState(
                    f"{_at(where, index)}.{flag}", f"{known.name}: the card data says {value}"
                )
    else:
        if card.cost is not None and card.cost != known.cost:
            raise InvalidState(f"{_at(where, index)}.cost", f"{known.name} costs {known.cost}")
        if card.type is not None and card.type != known.type:
            raise InvalidState(f"{_at(where, index)}.type", f"{known.name} is a {known.type}")


_STATE_PATH = {zone: f"state.{zone}" for zone in _ZONES}


def _check_play_area(state: State) -> None:
    # The paths are written only for a card refused, and a card of the set is looked up once.
    for zone in ("hand", "out_of_play"):
        for i, held in enumerate(getattr(state, zone)):
            if held.card:
                known = CARDS.get(held.card)
                if known is not None:
                    _check_agrees(known, held, _STATE_PATH[zone], i)
    for i, card in enumerate(state.play_area):
        known = CARDS.get(card.card) if card.card else None
        if known is not None:
            _check_agrees(known, card, "state.play_area", i)
            ally, double = known.has_ally, known.has_double_ally
        else:
            ally, double = bool(card.ally), bool(card.double_ally)
        if card.ally_used and not ally:
            raise InvalidState(
                f"state.play_area.{i}.ally_used", "this card has no ally ability to have used"
            )
        if card.double_ally_used and not double:
            raise InvalidState(
                f"state.play_area.{i}.double_ally_used",
                "this card has no double ally ability to have used",
            )
        if (ally or double) and not (known.factions if known is not None else card.factions):
            raise InvalidState(
                f"state.play_area.{i}.factions", "a card with an ally ability has a faction"
            )


def _check_loose(state: State) -> None:
    for zone in ("trade_row", "discard_pile", "scrap_heap"):
        for i, card in enumerate(getattr(state, zone)):
            if card.card:
                known = CARDS.get(card.card)
                if known is not None:
                    _check_agrees(known, card, _STATE_PATH[zone], i)
            if zone == "trade_row" and card.acquired_this_turn:
                raise InvalidState(
                    f"state.{zone}.{i}.acquired_this_turn",
                    "a card in the trade row has not been acquired",
                )
            if zone == "trade_row" and card.got_there is not None:
                raise InvalidState(
                    f"state.{zone}.{i}.got_there",
                    "a card in the trade row has not been acquired or discarded",
                )
            if card.acquired_this_turn and card.got_there is not None:
                raise InvalidState(
                    f"state.{zone}.{i}.got_there",
                    "a card acquired this turn went to your discard pile this turn, not in an "
                    "earlier one",
                )
            if zone == "trade_row" and card.card is None and card.cost is None:
                raise InvalidState(
                    f"state.{zone}.{i}.cost", "a card from outside High Alert needs its cost"
                )


def _check_gained(state: State) -> None:
    """A symbol gained as an effect names the card that gave it, and that card is where it
    could have given it: so one hero's symbol cannot count twice (rules 3.4, 3.8, 7.2)."""
    from_card: Counter[str] = Counter()
    for i, symbol in enumerate(state.gained_symbols):
        if symbol.card is None:
            continue
        path = f"state.gained_symbols.{i}"
        card = _known(path, symbol.card)
        from_card[card.slug] += 1
        if card.is_hero:
            _check_hero_symbol(state, path, card, symbol.symbol, from_card[card.slug])
        elif card.is_tech:
            used = [t for t in state.techs if t.card == card.slug and t.used_this_turn]
            if from_card[card.slug] > len(used):
                raise InvalidState(
                    f"{path}.card",
                    f"{card.name} gives its symbol when used, and no {card.name} on your "
                    "table is marked used this turn" + (" for this one too" if used else ""),
                )
        elif not any(c.card == card.slug for c in state.play_area):
            raise InvalidState(
                f"{path}.card", f"{card.name} is not in your play area to have given it"
            )


def _check_hero_symbol(state: State, path: str, card: CardFacts, symbol: str, count: int) -> None:
    if symbol != card.grants_symbol:
        raise InvalidState(
            f"{path}.symbol",
            f"{card.name} gives the {symbol_phrase(card.grants_symbol or '')}, not the "
            f"{symbol_phrase(symbol)}",
        )
    if any(h.card == card.slug for h in state.heroes):
        raise InvalidState(
            f"{path}.card",
            f"{card.name} is on your table: its primary ability's symbol is counted from the "
            "hero itself (played this turn), so listing it here would count it twice",
        )
    scrapped = sum(1 for c in state.scrap_heap if c.card == card.slug)
    if not state.whole("scrap_heap"):
        return  # the hero may be among the cards of the scrap heap not described
    if not scrapped:
        raise InvalidState(
            f"{path}.card",
            f"{card.name} is neither on your table nor in the scrap heap: no hero gave this",
        )
    if count > 2 * scrapped:
        raise InvalidState(
            f"{path}.card",
            f"{card.name} gives its symbol at most twice (its primary ability the turn it is "
            "played, its scrap ability once)",
        )


def _check_setup(move: CheckSetup, field: str) -> None:
    for slug, copies in move.added.items():
        path = f"{field}.added.{slug}"
        card = CARDS.get(slug)
        if card is None:
            raise InvalidMove(path, f"{slug!r} is not a High Alert card")
        if not 0 <= copies <= card.copies:
            raise InvalidMove(
                path, f"the set holds {card.copies} {card.name}, so 0 to {card.copies} (rule 1.2)"
            )


def check_state(state: State) -> None:
    _check_zones(state)
    _check_play_area(state)
    _check_loose(state)
    _check_gained(state)


# What each ruling rests on: a part of the table not described is refused, naming it, rather
# than ruled on as empty (a play area not described is not one with no card of the faction).
NEEDS: dict[type[Any], dict[str, str]] = {
    UseAlly: {
        "play_area": "whether the ally ability is live rests on your other cards in play",
        "gained_symbols": "a faction symbol gained as an effect counts for an ally ability",
        "heroes": "a hero played this turn gives a faction symbol",
    },
    Acquire: {
        "trade": "whether you can pay rests on the Trade you have",
        "play_area": "a Requisition card's price rests on your cards in play",
        "trade_row": "the card is taken from the trade row",
    },
    AcquireFree: {
        "trade_row": "the card is taken from the trade row",
        "free_acquires": "the effect that lets you take it is needed",
    },
    UseTech: {"techs": "the tech must be on your table"},
    ScrapHero: {"heroes": "the hero must be on your table"},
}
NEEDS[UseDoubleAlly] = NEEDS[UseAlly]
# Of those, the parts a ruling reads whole: it rests on the cards not in them too (no other
# card of the faction in play), so a part described only in part is refused, naming it.
WHOLE: dict[type[Any], tuple[str, ...]] = {
    UseAlly: ("play_area", "gained_symbols", "heroes"),
    UseDoubleAlly: ("play_area", "gained_symbols", "heroes"),
    Acquire: ("play_area",),
}


def _in_part(part: str, why: str) -> InvalidState:
    return InvalidState(
        f"state.{part}", f"only some of its cards are described, and {why}: give all of them"
    )


def _check_needs(state: State, move: AnyMove) -> None:
    if not state.partly_described and not state.undescribed():
        return  # every part is described whole: nothing a ruling rests on is missing
    for part, why in NEEDS.get(type(move), {}).items():
        if not state.described(part):
            raise InvalidState(f"state.{part}", f"not described, and {why}")
        if part in WHOLE.get(type(move), ()) and state.partly(part):
            raise _in_part(part, why)
    if isinstance(move, UseTech) and not state.described("trade"):
        tech = next((t for t in state.techs if t.id == move.tech), None)
        if tech is not None and (CARDS[tech.card].tech_cost or 0) > 0:
            raise InvalidState("state.trade", "not described, and using this tech costs Trade")


def _check_drawn(state: State, move: Draw, field: str) -> None:
    """Cards drawn are ships and bases (heroes and tech never reach a deck: 3.3, 4.3, 3.6,
    4.6), each with an id no other card of the state has."""
    taken = {card_id: place_words(zone, i) for zone, i, card_id, _ in _placed(state)}
    for i, card in enumerate(move.cards):
        path = f"{field}.cards.{i}"
        if card.id in taken:
            raise InvalidMove(
                f"{path}.id",
                f"{place_words('cards', i)} has the same id as {taken[card.id]}: each card has "
                "an id of its own",
            )
        taken[card.id] = place_words("cards", i)
        if card.card is not None:
            known = CARDS.get(card.card)
            if known is None:
                raise InvalidMove(f"{path}.card", NOT_A_CARD)
            if known.type not in _ZONE_TYPES["hand"]:
                raise InvalidMove(f"{path}.card", f"a {known.type} ({known.name}) is not drawn")
        if card.ally_used or card.double_ally_used:
            raise InvalidMove(path, "a card drawn has not been played: no ability is used")
        try:
            _check_described(path, card)
        except InvalidState as exc:
            raise InvalidMove(exc.field, exc.message) from None


def check_move(state: State, move: AnyMove, field: str) -> None:
    _check_needs(state, move)
    if gone(state, move) is not None:
        return  # an earlier move took the card away: ruled, not refused
    if isinstance(move, Draw):
        _check_drawn(state, move, field)
    elif isinstance(move, PlayCard):
        if not any(c.id == move.card for c in state.hand):
            raise InvalidMove(f"{field}.card", "the card you play is not in your hand")
    elif isinstance(move, CheckSetup):
        _check_setup(move, field)
    elif isinstance(move, UseAlly | UseDoubleAlly):
        if not any(c.id == move.card for c in state.play_area):
            _not_given(state, "play_area", "the card whose ability you use")
            raise InvalidMove(
                f"{field}.card", "the card whose ability you use is not in your play area"
            )
    elif isinstance(move, Acquire | AcquireFree):
        if not any(c.id == move.card for c in state.trade_row):
            _not_given(state, "trade_row", "the card you acquire")
            raise InvalidMove(f"{field}.card", "the card you acquire is not in the trade row")
        if isinstance(move, Acquire) and move.pay is not None and move.pay > state.trade:
            # Trade is paid from what you have this turn (rules 9.1, 9.2): an offer beyond it
            # is no payment a table could see.
            raise InvalidMove(
                f"{field}.pay",
                f"you have {state.trade} Trade this turn, so you cannot pay {move.pay} "
                "(rules 9.1, 9.2)",
            )
        if isinstance(move, AcquireFree) and not any(
            e.id == move.effect for e in state.free_acquires
        ):
            _not_given(state, "free_acquires", "the free-acquire effect you use")
            raise InvalidMove(
                f"{field}.effect", "the free-acquire effect you use is not one pending"
            )
    elif isinstance(move, UseTech):
        tech = next((t for t in state.techs if t.id == move.tech), None)
        if tech is None:
            _not_given(state, "techs", "the tech you use")
            raise InvalidMove(f"{field}.tech", "the tech you use is not on your table")
        chooses = tech.card in CHOSEN_FACTION_TECH
        if chooses and move.faction is None:
            raise InvalidMove(f"{field}.faction", f"{CARDS[tech.card].name} needs a faction")
        if not chooses and move.faction is not None:
            raise InvalidMove(f"{field}.faction", f"{CARDS[tech.card].name} takes no faction")
    elif isinstance(move, ScrapHero) and not any(h.id == move.hero for h in state.heroes):
        _not_given(state, "heroes", "the hero you scrap")
        raise InvalidMove(f"{field}.hero", "the hero you scrap is not on your table")


def _not_given(state: State, part: str, what: str) -> None:
    """A card not among those given of a part described in part may be among the rest: refused,
    naming the part, rather than ruled absent. `what`: the card as the move uses it."""
    if state.partly(part):
        raise _in_part(part, f"{what} is not among the cards given")
