"""What a state means: each card's factions, who triggers an ally ability, what a card costs.

Pure functions of a checked state (see `checks.py`); the rulings and the "what can I do now?"
list are both built on them, so they can never disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from games.core.readings import ours
from games.core.words import listed
from games.star_realms_high_alert.catalog import (
    CARDS,
    CHOSEN_FACTION_TECH,
    FACTION_NAMES,
    SYMBOL_FACTIONS,
    SYMBOL_NAMES,
    CardFacts,
)
from games.star_realms_high_alert.reasons import HERO_NO_FACTION, MERGED_DISCOUNT, STEALTH_EFFECT
from games.star_realms_high_alert.state import (
    GainedSymbol,
    LooseCard,
    PlayedCard,
    State,
    TableHero,
)

# ----- naming -----


def symbol_phrase(slug: str) -> str:
    """ "Blob symbol", "Machine Cult + Blob symbol": a symbol named in players' words."""
    return SYMBOL_NAMES.get(slug, slug).removesuffix(" symbol") + " symbol"


# Sources that say only that a symbol came from an effect: the symbol itself names it better
# ("a Star Empire symbol gained as an effect", never "an effect gained as an effect").
_GENERIC_SOURCES = frozenset({"", "effect", "an effect", "a effect"})


def effect_label(gained: GainedSymbol) -> str:
    """A symbol gained as an effect, in players' words: its source where one is given."""
    if " ".join(gained.source.casefold().split()) in _GENERIC_SOURCES:
        return f"a {symbol_phrase(gained.symbol)}"
    return gained.source


def facts(card: str | None) -> CardFacts | None:
    return CARDS.get(card) if card else None


def label(card: PlayedCard | LooseCard) -> str:
    """How a ruling names a card: its High Alert name, else the name given, else by its
    factions ("the Blob card"), never by the id a program gave it."""
    known = facts(card.card)
    if known is not None:
        return known.name
    if card.name:
        return card.name
    factions = factions_of(card)
    return f"the {faction_list(factions)} card" if factions else "the unnamed card"


def hero_label(hero: TableHero) -> str:
    return CARDS[hero.card].name


def faction_list(factions: frozenset[str]) -> str:
    names = sorted(FACTION_NAMES[f] for f in factions)
    return " / ".join(names) if names else "no faction"


# ----- a played card's faction symbols and abilities -----


def symbols_of(card: PlayedCard | LooseCard) -> list[str]:
    """The faction symbols on the card (merged ones included): the catalog's for a High Alert
    card, else what the state gives."""
    known = facts(card.card)
    if known is not None:
        return sorted(known.factions)
    return list(card.factions or [])


def factions_of(card: PlayedCard | LooseCard) -> frozenset[str]:
    """Every faction the card belongs to: a merged symbol stands for both (rule 6.2)."""
    out: set[str] = set()
    for symbol in symbols_of(card):
        out |= SYMBOL_FACTIONS[symbol]
    return frozenset(out)


def is_merged(symbols: list[str]) -> bool:
    return any(len(SYMBOL_FACTIONS[s]) > 1 for s in symbols)


def has_ally(card: PlayedCard) -> bool:
    known = facts(card.card)
    return known.has_ally if known is not None else bool(card.ally)


def has_double_ally(card: PlayedCard) -> bool:
    known = facts(card.card)
    return known.has_double_ally if known is not None else bool(card.double_ally)


# ----- who triggers an ally ability -----

Via = Literal["card", "effect", "hero-primary"]


@dataclass(frozen=True)
class Supporter:
    """One card, or one symbol gained as an effect, that counts toward an ally ability."""

    label: str
    via: Via
    merged: bool  # the supporter's symbol stands for two factions
    # it shares two factions with the ability it counts for (a merged card toward a merged
    # ability): once on our reading, twice read the other way (merged-symbols-and-double-ally)
    shares_both: bool = False


@dataclass(frozen=True)
class AllyCount:
    card: PlayedCard
    factions: frozenset[str]  # the factions that trigger this card's ally abilities
    supporters: list[Supporter]
    # Heroes on the table that would have counted if a hero had a faction: from earlier
    # turns, their primary ability no longer applies (rules 3.5, 3.7).
    idle_heroes: list[str] = field(default_factory=list)
    # Techs on the table that choose a faction (Stealth) and were not used this turn: a
    # faction chosen with one counts only for the rest of the turn it is chosen (rule 7.2).
    idle_choosers: list[str] = field(default_factory=list)

    @property
    def merged_involved(self) -> bool:
        return len(self.factions) > 1 or any(s.merged for s in self.supporters)

    def describe(self) -> str:
        if not self.supporters:
            return f"no other card or gained symbol of {faction_list(self.factions)}"
        parts = []
        for s in self.supporters:
            how = {"card": "in play", "effect": "gained as an effect", "hero-primary": ""}[s.via]
            parts.append(f"{s.label} {how}".strip())
        return listed(parts)


def ally_count(state: State, card: PlayedCard, needed: int | None = None) -> AllyCount:
    """The other cards and gained symbols sharing a faction with `card` (rules 5.3, 5.4, 6.4,
    6.5, 7.2). Each counts once, whatever number of factions it stands for. With `needed`, a
    hero of an earlier turn is weighed only where the count falls short without it: beside
    enough cards, whether it is a card of its factions (3.5) changes nothing."""
    mine = factions_of(card)
    supporters: list[Supporter] = []
    for other in state.play_area:
        if other.id == card.id:
            continue
        shared = factions_of(other) & mine
        if shared:
            merged = is_merged(symbols_of(other))
            supporters.append(Supporter(label(other), "card", merged, len(shared) > 1))
    for gained in state.gained_symbols:
        if SYMBOL_FACTIONS[gained.symbol] & mine:
            name = effect_label(gained)
            merged = len(SYMBOL_FACTIONS[gained.symbol]) > 1
            supporters.append(Supporter(name, "effect", merged))
    idle: list[str] = []
    heroes = [h for h in state.heroes if SYMBOL_FACTIONS[CARDS[h.card].grants_symbol or ""] & mine]
    for hero in heroes:
        if hero.played_this_turn:
            text = f"the merged symbol from {hero_label(hero)}'s primary ability"
            supporters.append(Supporter(text, "hero-primary", True))
    if needed is not None and len(supporters) >= needed:
        return AllyCount(card, mine, supporters, idle)
    for hero in heroes:
        if hero.played_this_turn:
            continue
        if not ours(HERO_NO_FACTION):
            # read the other way, a hero on the table is a card of its symbol's factions
            supporters.append(Supporter(hero_label(hero), "card", True))
        else:
            idle.append(hero_label(hero))
    # A Stealth not used this turn is weighed only where the one card its faction would
    # give this turn is all the count lacks.
    choosers = [
        CARDS[t.card].name
        for t in state.techs
        if t.card in CHOSEN_FACTION_TECH and not t.used_this_turn
    ]
    if needed is not None and len(supporters) + len(choosers) < needed:
        choosers = []
    return AllyCount(card, mine, supporters, idle, choosers)


# ----- what a trade-row card costs this player now -----


@dataclass(frozen=True)
class PriceQuote:
    card: LooseCard
    printed_cost: int
    price: int
    discount_faction: str | None  # None: not a Requisition card
    counted: list[str]  # play-area cards that lower the price (rule 8.2)
    merged_counted: bool  # a merged card among them (reference ruling)
    ignored_effects: list[str]  # gained symbols of that faction, which do not count (8.3)
    ignored_heroes: list[str]  # heroes on the table, which have no faction (3.5)
    stealth_ignored: bool

    @property
    def discount(self) -> int:
        return len(self.counted)

    @property
    def floored(self) -> bool:
        return self.discount > self.printed_cost

    def describe(self) -> str:
        if self.discount_faction is None:
            return f"{self.printed_cost} Trade, its printed cost (not a Requisition card)"
        faction = FACTION_NAMES[self.discount_faction]
        if not self.counted:
            return f"{self.printed_cost} Trade: no {faction} card in your play area"
        return (
            f"{self.price} Trade: printed cost {self.printed_cost}, less 1 for each {faction} "
            f"card in your play area ({listed(self.counted)})"
        )


def printed_cost(card: LooseCard) -> int:
    known = facts(card.card)
    if known is not None:
        return known.cost
    return card.cost or 0  # checks.py requires a cost for cards outside High Alert


def price_quote(state: State, card: LooseCard) -> PriceQuote:
    cost = printed_cost(card)
    known = facts(card.card)
    faction = known.discount_faction if known is not None else None
    if faction is None:
        return PriceQuote(card, cost, cost, None, [], False, [], [], False)
    counted: list[str] = []
    merged = False
    for other in state.play_area:
        if faction in factions_of(other):
            if is_merged(symbols_of(other)):
                merged = True
                # our reading: a merged card belongs to both its factions; read the other
                # way, it lowers no Requisition card's price
                if not ours(MERGED_DISCOUNT):
                    continue
            counted.append(label(other))
    ignored: list[str] = []
    stealth = False
    for g in state.gained_symbols:
        if faction not in SYMBOL_FACTIONS[g.symbol]:
            continue
        source = effect_label(g)
        if g.card in CHOSEN_FACTION_TECH:
            # our reading: the faction chosen with Stealth is an effect; read the other way,
            # the tech is a card of that faction and lowers the price
            if not ours(STEALTH_EFFECT):
                counted.append(source)
                continue
            stealth = True
        ignored.append(source)
    heroes: list[str] = []
    for hero in state.heroes:
        if faction not in SYMBOL_FACTIONS[CARDS[hero.card].grants_symbol or ""]:
            continue
        # Read the other way, a hero left on the table from an earlier turn is a card of its
        # faction. One played this turn is settled by the sheet: its symbol is an effect (8.3).
        if not hero.played_this_turn and not ours(HERO_NO_FACTION):
            counted.append(hero_label(hero))
            continue
        heroes.append(hero_label(hero))  # on the table, but a hero has no faction (3.5)
        if hero.played_this_turn:  # its primary ability's symbol is an effect (8.3)
            ignored.append(f"the symbol from {hero_label(hero)}'s primary ability")
    price = max(0, cost - len(counted))  # never below 0 (reference ruling)
    return PriceQuote(card, cost, price, faction, counted, merged, ignored, heroes, stealth)


# ----- finding things by id -----


def find_played(state: State, card_id: str) -> PlayedCard | None:
    return next((c for c in state.play_area if c.id == card_id), None)


def find_row(state: State, card_id: str) -> LooseCard | None:
    return next((c for c in state.trade_row if c.id == card_id), None)
