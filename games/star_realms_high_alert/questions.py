"""The common High Alert disputes as flat forms for the website ("settle a dispute").

Each form builds the `(state, move)` JSON the engine rules on. Card choices are enums built
from the catalog, so the forms list exactly the cards the fixtures hold. What a form does not
ask is not described (null), never an empty play area or 0 Trade (`_unasked`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.core import Question
from games.core.rules import labelled
from games.star_realms_high_alert.catalog import (
    CARDS,
    CHOSEN_FACTION_TECH,
    SYMBOL_NAMES,
    requisition_cards,
)
from games.star_realms_high_alert.state import UNDESCRIBABLE, Faction, SymbolSlug


def _choices(name: str, slugs: list[str]) -> type[StrEnum]:
    return StrEnum(name, {slug.replace("-", "_"): slug for slug in slugs})  # type: ignore[return-value]


AllyCard = _choices("AllyCard", [c.slug for c in CARDS.values() if c.has_ally])
RequisitionCard = _choices("RequisitionCard", [c.slug for c in requisition_cards()])
TechCard = _choices("TechCard", [c.slug for c in CARDS.values() if c.is_tech])
HeroCard = _choices("HeroCard", [c.slug for c in CARDS.values() if c.is_hero])
AnyCard = _choices("AnyCard", list(CARDS))

# What the player reads: printed names, never slugs.
CARD_NAMES = {slug: card.name for slug, card in CARDS.items()}
SYMBOLS = {
    slug: name.removesuffix(" symbol") + (" (merged card)" if "+" in name else "")
    for slug, name in SYMBOL_NAMES.items()
}
FACTIONS = {
    "blob": "Blob",
    "machine-cult": "Machine Cult",
    "star-empire": "Star Empire",
    "trade-federation": "Trade Federation",
}


class Form(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _others(symbols: list[str], prefix: str = "o") -> list[dict[str, Any]]:
    """Cards from outside High Alert, each described only by its faction symbol; two of one
    symbol are told apart by number ("Star Empire card 1", as the options page names them)."""
    cards = []
    for i, s in enumerate(symbols, start=1):
        name = SYMBOL_NAMES[s].removesuffix(" symbol")
        copies = symbols.count(s)
        n = symbols[:i].count(s)
        called = f"{name} card {n}" if copies > 1 else f"a {name} card"
        cards.append({"id": f"{prefix}{i}", "name": called, "factions": [s]})
    return cards


def _unasked(state: dict[str, Any]) -> dict[str, Any]:
    """The state with every part of the table the form did not ask set to null."""
    return {part: state.get(part) for part in UNDESCRIBABLE} | state


def _gained(symbols: list[str]) -> list[dict[str, Any]]:
    return [{"symbol": s, "source": "an effect"} for s in symbols]


def _heroes(now: list[Any], earlier: list[Any]) -> list[dict[str, Any]]:
    heroes = [{"id": f"h{i}", "card": str(h), "played_this_turn": True} for i, h in enumerate(now)]
    start = len(heroes)
    heroes += [
        {"id": f"h{start + i}", "card": str(h), "played_this_turn": False}
        for i, h in enumerate(earlier)
    ]
    return heroes


# ----- Is my ally ability live? -----


def _one_star_empire_card() -> list[str]:
    """The ally form's starting cards in play: Cargo Raptor, a Star Empire ship."""
    return [AnyCard("cargo-raptor")]


class AllyLiveForm(Form):
    card: AllyCard = Field(  # type: ignore[valid-type]
        default=AllyCard("hellfire"),
        title="The card whose ally ability you want to use",
        json_schema_extra=labelled(CARD_NAMES),
    )
    ability: Literal["ally", "double-ally"] = Field(
        default="ally",
        title="Which ability",
        json_schema_extra={"options": {"ally": "Ally ability", "double-ally": "Double ally"}},
    )
    # The cards by printed name: their factions and the symbols heroes give are the
    # catalog's, so the player counts no symbols.
    cards_in_play: list[AnyCard] = Field(  # type: ignore[valid-type]
        default_factory=_one_star_empire_card,
        title="Your other cards in play",
        description="Their printed names, a hero you played this turn among them; start "
        "typing to pick each from the card list.",
        json_schema_extra=labelled(CARD_NAMES, widget="names"),
    )
    heroes_from_earlier_turns: list[HeroCard] = Field(  # type: ignore[valid-type]
        default_factory=list,
        title="Heroes in play from earlier turns (optional)",
        json_schema_extra=labelled(CARD_NAMES, widget="names"),
    )
    gained_symbols: list[SymbolSlug] = Field(
        default_factory=list,
        title="Faction symbols you gained as effects this turn (optional)",
        description="A scrapped hero's symbol, for one: its name, such as Star Empire.",
        json_schema_extra=labelled(SYMBOLS, widget="names"),
    )
    already_used_this_turn: bool = Field(
        default=False, title="I have already used this ability this turn"
    )


def _build_ally(form: AllyLiveForm) -> tuple[dict[str, Any], dict[str, Any]]:
    double = form.ability == "double-ally"
    flag = "double_ally_used" if double else "ally_used"
    me = {"id": "c1", "card": str(form.card), flag: form.already_used_this_turn}
    named = [str(c) for c in form.cards_in_play]
    # A hero named among the cards in play was played this turn (its symbol counts now).
    heroes = [c for c in named if CARDS[c].is_hero]
    others = [{"id": f"c{i}", "card": c} for i, c in enumerate(named, start=2) if c not in heroes]
    state = {
        "play_area": [me, *others],
        "gained_symbols": _gained(list(form.gained_symbols)),
        "heroes": _heroes(heroes, form.heroes_from_earlier_turns),
    }
    kind = "use-double-ally" if double else "use-ally"
    return _unasked(state), {"kind": kind, "card": "c1"}


# ----- What does this Requisition card cost me? -----


def _two_star_empire_cards() -> list[SymbolSlug]:
    """The price form's starting cards in play: two Star Empire cards."""
    return ["star-empire", "star-empire"]


class RequisitionPriceForm(Form):
    card: RequisitionCard = Field(  # type: ignore[valid-type]
        default=RequisitionCard("the-armory"),
        title="The Requisition card you want",
        json_schema_extra=labelled(CARD_NAMES),
    )
    cards_in_play: list[SymbolSlug] = Field(
        default_factory=_two_star_empire_cards,
        title="Your cards in play, by faction symbol",
        description="How many of your cards in play show each symbol.",
        json_schema_extra=labelled(SYMBOLS, widget="counts"),
    )
    gained_symbols: list[SymbolSlug] = Field(
        default_factory=list,
        title="Faction symbols you gained as effects this turn",
        json_schema_extra=labelled(SYMBOLS, widget="counts"),
    )
    heroes_played_this_turn: list[HeroCard] = Field(  # type: ignore[valid-type]
        default_factory=list,
        title="Heroes you played this turn",
        json_schema_extra=labelled(CARD_NAMES),
    )
    trade: int = Field(default=5, ge=0, le=99, title="Trade you have")


def _build_price(form: RequisitionPriceForm) -> tuple[dict[str, Any], dict[str, Any]]:
    state = {
        "trade": form.trade,
        "play_area": _others(list(form.cards_in_play)),
        "gained_symbols": _gained(list(form.gained_symbols)),
        # Heroes from earlier turns are not asked: no hero lowers a price (rule 3.5).
        "heroes": _heroes(form.heroes_played_this_turn, []) or None,
        "trade_row": [{"id": "r1", "card": str(form.card)}],
    }
    # The trade row holds the card asked about, and others not asked; so do your heroes.
    state["partly_described"] = ["trade_row"] + (["heroes"] if state["heroes"] else [])
    return _unasked(state), {"kind": "acquire", "card": "r1"}


# ----- Can I use this tech now? -----


class TechForm(Form):
    tech: TechCard = Field(  # type: ignore[valid-type]
        default=TechCard("laser"), title="The tech", json_schema_extra=labelled(CARD_NAMES)
    )
    trade: int = Field(default=1, ge=0, le=99, title="Trade you have")
    used_this_turn: bool = Field(default=False, title="I have already used it this turn")
    acquired_this_turn: bool = Field(default=False, title="I acquired it this turn")
    stealth_faction: Faction = Field(
        default="star-empire",
        title="The faction you choose",
        description="Only for a tech that has you choose a faction.",
        json_schema_extra=labelled(FACTIONS),
    )


def _build_tech(form: TechForm) -> tuple[dict[str, Any], dict[str, Any]]:
    tech = {
        "id": "t1",
        "card": str(form.tech),
        "used_this_turn": form.used_this_turn,
        "acquired_this_turn": form.acquired_this_turn,
    }
    move: dict[str, Any] = {"kind": "use-tech", "tech": "t1"}
    if str(form.tech) in CHOSEN_FACTION_TECH:
        move["faction"] = form.stealth_faction
    # Your table holds this tech, and maybe others not asked.
    state = {"trade": form.trade, "techs": [tech], "partly_described": ["techs"]}
    return _unasked(state), move


# ----- Can I take this card free? -----


class FreeAcquireForm(Form):
    card: AnyCard = Field(  # type: ignore[valid-type]
        default=AnyCard("hellfire"),
        title="The card you want to take",
        json_schema_extra=labelled(CARD_NAMES),
    )
    costing_at_most: int = Field(
        default=4,
        ge=0,
        le=99,
        title="The effect's cost limit",
        description='N in "costing N or less".',
    )
    cards_in_play: list[SymbolSlug] = Field(
        default_factory=list,
        title="Your cards in play, by faction symbol",
        json_schema_extra=labelled(SYMBOLS, widget="counts"),
    )


def _build_free(form: FreeAcquireForm) -> tuple[dict[str, Any], dict[str, Any]]:
    state = {
        "play_area": _others(list(form.cards_in_play)),
        "trade_row": [{"id": "r1", "card": str(form.card)}],
        "free_acquires": [{"id": "e1", "max_cost": form.costing_at_most}],
        # The card and the effect asked about; the rest of the row and effects are not asked.
        "partly_described": ["trade_row", "free_acquires"],
    }
    return _unasked(state), {"kind": "acquire-free", "card": "r1", "effect": "e1"}


# ----- Can I scrap my hero now? -----


class HeroScrapForm(Form):
    hero: HeroCard = Field(  # type: ignore[valid-type]
        default=HeroCard("doctor-clark"),
        title="Your hero",
        json_schema_extra=labelled(CARD_NAMES),
    )
    played_this_turn: bool = Field(default=False, title="I played it this turn")
    phase: Literal["main", "discard", "draw"] = Field(
        default="main",
        title="When",
        json_schema_extra={
            "options": {
                "main": "During my main phase",
                "discard": "During my discard phase",
                "draw": "During my draw phase",
            }
        },
    )


def _build_hero(form: HeroScrapForm) -> tuple[dict[str, Any], dict[str, Any]]:
    hero = {"id": "h1", "card": str(form.hero), "played_this_turn": form.played_this_turn}
    state = _unasked({"phase": form.phase, "heroes": [hero], "partly_described": ["heroes"]})
    return state, {"kind": "scrap-hero", "hero": "h1"}


# ----- a question asked at a table: the form starts from the table's board; what the board
# does not say keeps the form's own default


def _trade(board: dict[str, Any]) -> dict[str, Any]:
    trade = board.get("trade")
    return {"trade": trade} if isinstance(trade, int) else {}


def _heroes_now(board: dict[str, Any]) -> dict[str, Any]:
    heroes = board.get("heroes") or []
    return {"heroes_played_this_turn": [h["card"] for h in heroes if h.get("played_this_turn")]}


def ally_from_board(board: dict[str, Any]) -> dict[str, Any]:
    """The cards in play by printed name: the play area's High Alert cards (the first with an
    ally ability is the one asked about) and the heroes played this turn; the heroes of earlier
    turns and the symbols gained. A card from outside High Alert has no printed name here."""
    play_area, heroes = board.get("play_area"), board.get("heroes")
    if play_area is None and heroes is None:
        return {}
    named = [c["card"] for c in play_area or [] if c.get("card") in CARDS]
    facts: dict[str, Any] = {}
    ally = next((c for c in named if CARDS[c].has_ally), None)
    if ally is not None:
        facts["card"] = ally
        named.remove(ally)
    now = [h["card"] for h in heroes or [] if h.get("played_this_turn")]
    earlier = [h["card"] for h in heroes or [] if not h.get("played_this_turn")]
    facts |= {"cards_in_play": named + now, "heroes_from_earlier_turns": earlier}
    gained = board.get("gained_symbols")
    if gained is not None:
        facts["gained_symbols"] = [g["symbol"] for g in gained]
    return facts


def price_from_board(board: dict[str, Any]) -> dict[str, Any]:
    return {**_trade(board), **_heroes_now(board)}


def tech_from_board(board: dict[str, Any]) -> dict[str, Any]:
    techs = board.get("techs") or []
    first = techs[0] if techs else None
    facts = _trade(board)
    if first is not None:
        facts |= {
            "tech": first["card"],
            "used_this_turn": bool(first.get("used_this_turn")),
            "acquired_this_turn": bool(first.get("acquired_this_turn")),
        }
    return facts


def hero_from_board(board: dict[str, Any]) -> dict[str, Any]:
    heroes = board.get("heroes") or []
    facts: dict[str, Any] = {"phase": board["phase"]} if board.get("phase") else {}
    if heroes:
        facts |= {"hero": heroes[0]["card"], "played_this_turn": heroes[0]["played_this_turn"]}
    return facts


QUESTIONS: tuple[Question, ...] = (
    Question(
        slug="ally-live",
        title="Is my ally ability live?",
        form=AllyLiveForm,
        build=_build_ally,
        from_board=ally_from_board,
        blank=("cards_in_play",),
        help="Before you use an ally ability: is another card of its faction in play?",
        moment="Playing cards",
    ),
    Question(
        slug="requisition-price",
        title="What does this Requisition card cost me?",
        form=RequisitionPriceForm,
        build=_build_price,
        from_board=price_from_board,
        blank=("trade",),
        help="Before you buy a Requisition card: what does it cost you now?",
        moment="Buying cards",
    ),
    Question(
        slug="tech-usable",
        title="Can I use this tech now?",
        form=TechForm,
        build=_build_tech,
        from_board=tech_from_board,
        blank=("trade",),
        help="Before you use a tech: can you pay for it, and have you used it already?",
        moment="Playing cards",
    ),
    Question(
        slug="free-acquire",
        title='Can I take this card with "acquire a card costing N or less"?',
        form=FreeAcquireForm,
        build=_build_free,
        blank=("costing_at_most",),
        help="When an effect lets you take a card free: is this card cheap enough?",
        moment="Buying cards",
    ),
    Question(
        slug="hero-scrap",
        title="Can I scrap my hero now?",
        form=HeroScrapForm,
        build=_build_hero,
        from_board=hero_from_board,
        help="Before you scrap a hero for its scrap ability: is now allowed?",
        moment="Playing cards",
    ),
)
