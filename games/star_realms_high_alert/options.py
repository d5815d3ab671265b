"""What can I do now? For a state: every ally ability and whether it is live, every card in
the trade row with its price for this player now, every tech and hero on the table.

Built on the same functions as the rulings (`board.py`), so an option listed as available is
ruled legal when taken (a property test holds the engine to it).
"""

from __future__ import annotations

from functools import partial
from typing import Literal

from pydantic import BaseModel, Field

from games.core import InvalidState
from games.core.readings import ReadingTurn, consulted_while, flipped
from games.star_realms_high_alert.catalog import CARDS, CHOSEN_FACTION_TECH, FACTIONS
from games.star_realms_high_alert.moves import (
    Acquire,
    AcquireFree,
    AnyMove,
    EndTurn,
    PlayCard,
    ScrapHero,
    UseAlly,
    UseDoubleAlly,
    UseTech,
)
from games.star_realms_high_alert.reasons import MERGED_DISCOUNT, REASONS
from games.star_realms_high_alert.setup import expansion_problems
from games.star_realms_high_alert.state import UNDESCRIBABLE, PlayedCard, State
from games.star_realms_high_alert.table import (
    ally_count,
    faction_list,
    factions_of,
    has_ally,
    has_double_ally,
    label,
    price_quote,
    symbols_of,
)
from games.star_realms_high_alert.turns import printed_trade


class AllyOption(BaseModel):
    card: str = Field(description="Id of the card in the play area")
    name: str
    ability: Literal["ally", "double-ally"]
    status: Literal["live", "used", "not-live"]
    why: str
    rule: str = Field(description="Rule key that settles it")
    interpretations: list[str] = Field(
        default_factory=list,
        description="Reference rulings the option rests on, where the sheet leaves it open",
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings the ruling on taking it turns on: read the other way, its answer "
            "would differ; with what the other reading answers"
        ),
    )


class TradeRowOption(BaseModel):
    card: str = Field(description="Id of the card in the trade row")
    name: str
    printed_cost: int
    price: int = Field(description="What it costs this player now, in Trade")
    discount: int
    affordable: bool
    why: str
    rule: str
    free_with: list[str] = Field(
        default_factory=list, description="Ids of pending free-acquire effects that can take it"
    )
    interpretations: list[str] = Field(
        default_factory=list,
        description="Reference rulings the option rests on, where the sheet leaves it open",
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings its price turns on: read the other way, it would cost otherwise; "
            "with what the other reading answers"
        ),
    )


class TechOption(BaseModel):
    tech: str
    name: str
    cost: int
    usable: bool
    why: str
    rule: str
    interpretations: list[str] = Field(
        default_factory=list,
        description="Reference rulings the option rests on, where the sheet leaves it open",
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings the ruling on taking it turns on: read the other way, its answer "
            "would differ; with what the other reading answers"
        ),
    )


class HeroOption(BaseModel):
    hero: str
    name: str
    can_scrap: bool
    why: str
    rule: str
    interpretations: list[str] = Field(
        default_factory=list,
        description="Reference rulings the option rests on, where the sheet leaves it open",
    )
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description=(
            "The readings the ruling on taking it turns on: read the other way, its answer "
            "would differ; with what the other reading answers"
        ),
    )


class PlayAreaEntry(BaseModel):
    """A card in the play area with its faction symbols, for pictures of the board."""

    card: str
    name: str
    symbols: list[str] = Field(description="Faction and merged symbols on the card")
    factions: list[str] = Field(description="Every faction the card counts for")


class EffectSymbol(BaseModel):
    """A symbol that counts this turn as one more card, for ally abilities only (rule 7.2)."""

    symbol: str
    source: str


class Options(BaseModel):
    trade: int
    phase: str
    play_area: list[PlayAreaEntry]
    effect_symbols: list[EffectSymbol]
    allies: list[AllyOption]
    trade_row: list[TradeRowOption]
    techs: list[TechOption]
    heroes: list[HeroOption]

    def live_allies(self) -> list[AllyOption]:
        return [a for a in self.allies if a.status == "live"]


def _ally_option(state: State, card: PlayedCard, *, double: bool) -> AllyOption:
    count = ally_count(state, card)
    needed = 2 if double else 1
    ability: Literal["ally", "double-ally"] = "double-ally" if double else "ally"
    used = card.double_ally_used if double else card.ally_used
    if used:
        code = "double-ally-already-used" if double else "ally-already-used"
        status: Literal["live", "used", "not-live"] = "used"
        why = "already used this turn"
    elif len(count.supporters) >= needed:
        code = "double-ally-triggered" if double else "ally-triggered"
        status, why = "live", count.describe()
    else:
        code = "double-ally-not-triggered" if double else "ally-not-triggered"
        status = "not-live"
        why = (
            f"needs {needed} other card(s) of {faction_list(count.factions)}, has "
            f"{len(count.supporters)}: {count.describe()}"
        )
    if state.phase != "main":  # checked first, as the ruling on using it does
        status, why, code = "not-live", "not in your main phase", "outside-main-phase"
    return AllyOption(
        card=card.id,
        name=label(card),
        ability=ability,
        status=status,
        why=why,
        rule=REASONS.key(code),
    )


def _allies(state: State) -> list[AllyOption]:
    out: list[AllyOption] = []
    for card in state.play_area:
        if has_ally(card):
            out.append(_ally_option(state, card, double=False))
        if has_double_ally(card):
            out.append(_ally_option(state, card, double=True))
    return out


def _trade_row(state: State) -> list[TradeRowOption]:
    out: list[TradeRowOption] = []
    main = state.phase == "main"
    for card in state.trade_row:
        quote, keys = consulted_while(partial(price_quote, state, card))
        affordable = main and quote.price <= state.trade
        discounted = quote.discount or quote.ignored_effects or quote.ignored_heroes
        code = "requisition-discount" if quote.discount_faction and discounted else "price-paid"
        if not main:
            code = "outside-main-phase"
        elif not affordable:
            code = "not-enough-trade"
        free = [e.id for e in state.free_acquires if main and quote.printed_cost <= e.max_cost]
        turns: list[ReadingTurn] = []
        for key in keys:  # the readings its price rests on: merged cards, heroes, Stealth
            with flipped(key):
                other = price_quote(state, card)
            if other.price != quote.price:
                can = main and other.price <= state.trade
                pays = ", which you can pay" if can else ", more than you have"
                turns.append(
                    ReadingTurn(
                        key=key,
                        other_verdict="legal" if can else "illegal",
                        other_answer=f"it costs {other.price} Trade{pays}",
                    )
                )
        out.append(
            TradeRowOption(
                card=card.id,
                name=label(card),
                printed_cost=quote.printed_cost,
                price=quote.price,
                discount=quote.printed_cost - quote.price,
                affordable=affordable,
                why=quote.describe(),
                rule=REASONS.key(code),
                free_with=free,
                interpretations=[MERGED_DISCOUNT] if quote.merged_counted else [],
                readings_deciding=turns,
            )
        )
    return out


def _techs(state: State) -> list[TechOption]:
    out: list[TechOption] = []
    for tech in state.techs:
        known = CARDS[tech.card]
        cost = known.tech_cost or 0
        if state.phase != "main":
            usable, why, code = False, "not in your main phase", "outside-main-phase"
        elif tech.used_this_turn:
            usable, why, code = False, "already used this turn", "tech-already-used"
        elif cost > state.trade:
            usable, code = False, "tech-not-enough-trade"
            why = f"costs {cost} Trade, you have {state.trade}"
        else:
            usable, why, code = True, f"{cost} Trade, not yet used this turn", "tech-used"
        out.append(
            TechOption(
                tech=tech.id,
                name=known.name,
                cost=cost,
                usable=usable,
                why=why,
                rule=REASONS.key(code),
            )
        )
    return out


def _heroes(state: State) -> list[HeroOption]:
    out: list[HeroOption] = []
    for hero in state.heroes:
        known = CARDS[hero.card]
        if state.phase == "main":
            can, why, code = True, "on your table, in your main phase", "hero-scrapped"
        else:
            can, why, code = False, "only in your main phase", "hero-scrap-outside-main-phase"
        out.append(
            HeroOption(
                hero=hero.id, name=known.name, can_scrap=can, why=why, rule=REASONS.key(code)
            )
        )
    return out


def _play_area(state: State) -> list[PlayAreaEntry]:
    return [
        PlayAreaEntry(
            card=card.id,
            name=label(card),
            symbols=symbols_of(card),
            factions=sorted(factions_of(card)),
        )
        for card in state.play_area
    ]


def _effect_symbols(state: State) -> list[EffectSymbol]:
    out = [
        EffectSymbol(symbol=g.symbol, source=g.source or "an effect") for g in state.gained_symbols
    ]
    for hero in state.heroes:
        known = CARDS[hero.card]
        if hero.played_this_turn and known.grants_symbol:
            out.append(EffectSymbol(symbol=known.grants_symbol, source=f"{known.name} (primary)"))
    return out


def options(state: State) -> Options:
    """Every option, each held to the ruling on taking it: an option offered as available is
    ruled legal, with the interpretations that ruling rests on. A part of the table not
    described is refused, naming it: the list would otherwise take it as empty."""
    for part in UNDESCRIBABLE:
        if part not in ("discard_pile", "scrap_heap") and not state.described(part):
            raise InvalidState(
                f"state.{part}", "not described, and what you can do now rests on it"
            )
    found = Options(
        trade=state.trade,
        phase=state.phase,
        play_area=_play_area(state),
        effect_symbols=_effect_symbols(state),
        allies=_allies(state),
        trade_row=_trade_row(state),
        techs=_techs(state),
        heroes=_heroes(state),
    )
    _agree_with_rulings(state, found)
    return found


def _agree_with_rulings(state: State, found: Options) -> None:
    from games.star_realms_high_alert.rules import RULES  # the rulings use this module

    turns: list[ReadingTurn] = []  # the readings of the last ruling made, as a ruling flags

    def ruled(move: AnyMove) -> tuple[bool, list[str], str, str]:
        ruling = RULES.settle(state, move)
        turns[:] = ruling.readings_deciding
        rule = ruling.deciding_rule or ""
        return ruling.legal, ruling.interpretations, ruling.summary, rule

    # Each option names the rule its ruling names as deciding: the one a player taking it
    # would be read (a hero's symbol, a merged card, an effect), not the general one.
    main = state.phase == "main"
    for ally in found.allies:
        if not main:
            continue
        move_type = UseDoubleAlly if ally.ability == "double-ally" else UseAlly
        legal, interps, summary, rule = ruled(move_type(card=ally.card))
        ally.interpretations = interps
        ally.rule = rule or ally.rule
        ally.readings_deciding = list(turns)
        if ally.status == "live" and not legal:
            ally.status, ally.why = "not-live", summary
    for row in found.trade_row:
        if main:
            legal, interps, summary, rule = ruled(Acquire(card=row.card))
            row.interpretations = list(dict.fromkeys([*row.interpretations, *interps]))
            if row.affordable == legal:
                row.rule = rule or row.rule
            elif row.affordable:
                row.affordable, row.why, row.rule = False, summary, rule
        kept = []
        for effect in row.free_with:
            legal, interps, _, _ = ruled(AcquireFree(card=row.card, effect=effect))
            if legal:
                kept.append(effect)
                row.interpretations = list(dict.fromkeys([*row.interpretations, *interps]))
        row.free_with = kept
    # A tech or hero not usable now is ruled too: its option carries the readings the ruling
    # on taking it turns on (one acquired this turn, say), and none where it is refused either
    # way. Outside the main phase no reading turns it (9.5 and 3.8 refuse it on both).
    for tech in found.techs:
        if not main:
            continue
        slug = next(t.card for t in state.techs if t.id == tech.tech)
        faction = FACTIONS[0] if slug in CHOSEN_FACTION_TECH else None
        legal, interps, summary, rule = ruled(UseTech(tech=tech.tech, faction=faction))  # type: ignore[arg-type]
        tech.readings_deciding = list(turns)
        if not tech.usable:
            continue
        tech.interpretations = interps
        tech.rule = rule or tech.rule
        if not legal:
            tech.usable, tech.why = False, summary
    for hero in found.heroes:
        if not hero.can_scrap:
            continue
        legal, interps, summary, rule = ruled(ScrapHero(hero=hero.hero))
        hero.interpretations = interps
        hero.rule = rule or hero.rule
        hero.readings_deciding = list(turns)
        if not legal:
            hero.can_scrap, hero.why = False, summary


def legal_moves(state: State) -> list[AnyMove]:
    """Every legal move, read off the options."""
    opts = options(state)
    moves: list[AnyMove] = []
    for ally in opts.live_allies():
        move_type = UseDoubleAlly if ally.ability == "double-ally" else UseAlly
        moves.append(move_type(card=ally.card))
    for row in opts.trade_row:
        if row.affordable:
            moves.append(Acquire(card=row.card))
        moves.extend(AcquireFree(card=row.card, effect=e) for e in row.free_with)
    for tech in opts.techs:
        if not tech.usable:
            continue
        slug = next(t.card for t in state.techs if t.id == tech.tech)
        if slug in CHOSEN_FACTION_TECH:
            moves.extend(UseTech(tech=tech.tech, faction=f) for f in FACTIONS)  # type: ignore[arg-type]
        else:
            moves.append(UseTech(tech=tech.tech))
    moves.extend(ScrapHero(hero=h.hero) for h in opts.heroes if h.can_scrap)
    moves.extend(_plays(state))

    if not expansion_problems(state) and state.phase != "draw":  # ended already (10.4)
        moves.append(EndTurn())
    return moves


def _plays(state: State) -> list[AnyMove]:
    """The cards of the hand played in the main phase (rule 10.1), with each Trade their
    primary ability can give (10.2); a card whose Trade the card data does not give is listed
    giving none (any other amount is the player's word, and legal too)."""
    if state.phase != "main":
        return []
    moves: list[AnyMove] = []
    for card in state.hand:
        allowed = printed_trade(card).allowed
        for trade in sorted(allowed) if allowed is not None else [0]:
            moves.append(PlayCard(card=card.id, trade=trade))
    return moves


__all__ = ["Options", "legal_moves", "options"]
