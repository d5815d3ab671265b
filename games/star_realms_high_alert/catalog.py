"""High Alert's card facts, read from the fixtures at import so engine and data can't disagree.

Only what the rules engine needs: type, factions, cost, copies, which ally abilities a card
has, a tech's activation cost, a Requisition card's discount faction and the merged symbol a
hero grants. The card texts themselves stay in `fixtures/star-realms-high-alert/cards.toml`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "star-realms-high-alert"


@dataclass(frozen=True)
class CardFacts:
    slug: str
    name: str
    type: str  # ship | base | outpost | tech | hero
    expansion: str
    factions: frozenset[str]  # empty for heroes and tech (rules 3.5, 4.5)
    cost: int
    copies: int
    primary: str | None
    scrap: str | None
    has_ally: bool
    has_double_ally: bool
    tech_cost: int | None
    discount_faction: str | None  # Requisition cards only (rule 8.2)
    grants_symbol: str | None  # heroes only: the merged symbol their abilities give

    @property
    def is_hero(self) -> bool:
        return self.type == "hero"

    @property
    def is_tech(self) -> bool:
        return self.type == "tech"


def _read(name: str) -> dict[str, Any]:
    with (FIXTURES / name).open("rb") as handle:
        return tomllib.load(handle)


def _facts(raw: dict[str, Any]) -> CardFacts:
    attrs = raw.get("attributes", {})
    return CardFacts(
        slug=raw["slug"],
        name=raw["name"],
        type=raw["type"],
        expansion=raw["expansion"],
        factions=frozenset(raw.get("factions", [])),
        cost=raw["cost"],
        copies=raw["copies"],
        primary=attrs.get("primary"),
        scrap=attrs.get("scrap"),
        has_ally=attrs.get("ally") is not None,
        has_double_ally=attrs.get("double_ally") is not None,
        tech_cost=attrs.get("tech_activation_cost"),
        discount_faction=attrs.get("requisition_discount_faction"),
        grants_symbol=attrs.get("ally_symbol"),
    )


_GAME = _read("game.toml")

FACTIONS: tuple[str, ...] = tuple(f["slug"] for f in _GAME["factions"])

# symbol slug -> the factions it stands for: the four faction symbols and the six merged ones
SYMBOL_FACTIONS: dict[str, frozenset[str]] = {
    s["slug"]: frozenset(s["factions"])
    for s in _GAME["symbols"]
    if s["kind"] in ("faction", "merged-faction")
}
SYMBOL_NAMES: dict[str, str] = {
    s["slug"]: s["name"] for s in _GAME["symbols"] if s["slug"] in SYMBOL_FACTIONS
}
FACTION_NAMES: dict[str, str] = {f["slug"]: f["name"] for f in _GAME["factions"]}

CARDS: dict[str, CardFacts] = {c["slug"]: _facts(c) for c in _read("cards.toml")["cards"]}

# Tech whose ability grants a faction of the player's choosing as an effect. The card text
# lives in the fixtures; the engine only needs to know which tech asks for a faction.
CHOSEN_FACTION_TECH: frozenset[str] = frozenset({"stealth"})


def _check() -> None:
    """Fail at import, not mid-ruling, if the fixtures and the engine's assumptions part."""
    problems = [s for s in CHOSEN_FACTION_TECH if s not in CARDS or not CARDS[s].is_tech]
    for card in CARDS.values():
        if not card.factions <= set(FACTIONS):
            problems.append(f"{card.slug}: unknown faction")
        if card.is_hero and card.grants_symbol not in SYMBOL_FACTIONS:
            problems.append(f"{card.slug}: hero without a known merged symbol")
        if card.is_tech and card.tech_cost is None:
            problems.append(f"{card.slug}: tech without an activation cost")
    if problems:
        raise RuntimeError(f"{FIXTURES}: {'; '.join(problems)}")


_check()


def by_type(*types: str) -> list[CardFacts]:
    return [c for c in CARDS.values() if c.type in types]


def requisition_cards() -> list[CardFacts]:
    return [c for c in CARDS.values() if c.discount_faction is not None]
