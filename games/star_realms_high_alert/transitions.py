"""The state after a move, once the move has been ruled legal. No checks here."""

from __future__ import annotations

from games.star_realms_high_alert.catalog import CARDS, SYMBOL_NAMES
from games.star_realms_high_alert.state import (
    Faction,
    GainedSymbol,
    LooseCard,
    State,
    TableHero,
    TableTech,
)


def mark_ally_used(state: State, card_id: str, *, double: bool) -> State:
    flag = "double_ally_used" if double else "ally_used"
    play_area = [
        c.model_copy(update={flag: True}) if c.id == card_id else c for c in state.play_area
    ]
    return state.model_copy(update={"play_area": play_area})


def _take_from_row(state: State, card_id: str, price: int, *, into_play: bool = True) -> State:
    """Pay `price` and put the card where it goes: heroes and tech straight into play (rules
    3.3, 4.3), ships and bases to the discard pile (9.4). `into_play` false: a hero or tech
    goes to the discard pile too (read the other way of free-acquire-hero-or-tech)."""
    card = next(c for c in state.trade_row if c.id == card_id)
    row = [c for c in state.trade_row if c.id != card_id]
    bought = card.model_copy(update={"acquired_this_turn": True})  # to the discard pile
    update: dict[str, object] = {"trade_row": row, "trade": state.trade - price}
    known = CARDS.get(card.card) if card.card else None
    if not into_play:
        update["discard_pile"] = [*state.discard_pile, bought]
    elif known is not None and known.is_hero:
        hero = TableHero(id=card.id, card=known.slug, played_this_turn=True)
        update["heroes"] = [*state.heroes, hero]
    elif known is not None and known.is_tech:
        tech = TableTech(id=card.id, card=known.slug, acquired_this_turn=True)
        update["techs"] = [*state.techs, tech]
    else:
        update["discard_pile"] = [*state.discard_pile, bought]
    return state.model_copy(update=update)


def acquire(state: State, card_id: str, price: int) -> State:
    return _take_from_row(state, card_id, price)


def acquire_free(state: State, card_id: str, effect_id: str, *, into_play: bool = True) -> State:
    after = _take_from_row(state, card_id, 0, into_play=into_play)
    effects = [e for e in state.free_acquires if e.id != effect_id]
    return after.model_copy(update={"free_acquires": effects})


def use_tech(state: State, tech_id: str, faction: Faction | None) -> State:
    tech = next(t for t in state.techs if t.id == tech_id)
    cost = CARDS[tech.card].tech_cost or 0
    techs = [
        t.model_copy(update={"used_this_turn": True}) if t.id == tech_id else t for t in state.techs
    ]
    update: dict[str, object] = {"techs": techs, "trade": state.trade - cost}
    if faction is not None:
        name = CARDS[tech.card].name
        gained = GainedSymbol(
            symbol=faction, source=f"the symbol you chose with {name}", card=tech.card
        )
        update["gained_symbols"] = [*state.gained_symbols, gained]
    return state.model_copy(update=update)


def scrap_hero(state: State, hero_id: str) -> State:
    """The hero goes to the scrap heap. The symbol its scrap ability gives is gained for the
    rest of the turn; if it was played this turn, the symbol its primary ability gave stays
    too (an effect outlives the card that made it)."""
    hero = next(h for h in state.heroes if h.id == hero_id)
    known = CARDS[hero.card]
    symbol = known.grants_symbol or ""
    gained = list(state.gained_symbols)
    if hero.played_this_turn:
        gained.append(
            GainedSymbol(symbol=symbol, source=f"{known.name}'s primary ability", card=known.slug)  # type: ignore[arg-type]
        )
    gained.append(
        GainedSymbol(symbol=symbol, source=f"{known.name}'s scrap ability", card=known.slug)  # type: ignore[arg-type]
    )
    heroes = [h for h in state.heroes if h.id != hero_id]
    scrapped = LooseCard(id=hero.id, card=hero.card)
    return state.model_copy(
        update={
            "heroes": heroes,
            "gained_symbols": gained,
            "scrap_heap": [*state.scrap_heap, scrapped],
        }
    )


def symbol_name(symbol: str) -> str:
    return SYMBOL_NAMES.get(symbol, symbol)
