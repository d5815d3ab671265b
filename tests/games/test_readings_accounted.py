"""Higher or Lower, Star Realms: High Alert and Hyperstar Run: every open point each engine lists
is accounted for. It is ruled both ways (the engine asks `ours` where it applies the point, so
a ruling is flagged only where its answer turns on it, and a dispute test rules it both ways),
or it is declared never to turn (`NEVER_TURNS`: a model of what the book shows, or what the
reference lacks taken at the player's word), or it is one of the few named here as still ruled
one way only."""

from __future__ import annotations

import re
from pathlib import Path
from types import ModuleType

import pytest

from games.higher_lower import reasons as HL
from games.hyperstar_run import reasons as HS
from games.star_realms_high_alert import reasons as HA

ROOT = Path(__file__).resolve().parents[2]

FLIPPED: dict[str, frozenset[str]] = {
    "higher_lower": frozenset(
        {
            HL.DRAW_ONLY_WHEN_UNABLE,
            HL.EQUAL_NUMBER_IS_A_MATCH,
            HL.CALL_AFTER_A_MATCH,
            HL.DRAWING_ENDS_THE_TURN,
            HL.CALL_AFTER_A_DRAW,
            HL.EMPTY_DECK_PASS,
            HL.AUTOMATIC_CALLS,
            HL.BOOSTERS_BEFORE_YOUR_CARD,
            HL.BOOSTER_TARGET,
            HL.BOOSTER_TEXT_NOT_IN_REFERENCE,
            HL.WINNING_WITH_BOOSTERS_LEFT,
            HL.GAME_ENDS_WHEN_SOMEONE_IS_OUT,
        }
    ),
    "star_realms_high_alert": frozenset(
        {
            HA.MERGED_DISCOUNT,
            HA.SOME_PACKS,
            HA.HERO_NO_FACTION,
            HA.MERGED_DOUBLE_ALLY,
            HA.STEALTH_EFFECT,
            HA.HERO_SCRAP_SAME_TURN,
            HA.TECH_SAME_TURN,
            HA.FREE_HERO_OR_TECH,
            HA.ALLY_ONCE,
        }
    ),
    "hyperstar_run": frozenset(
        {
            HS.PASSED_THIS_RUN,
            HS.SEVERAL_BUTTONS,
            HS.PRESSED_ONCE,
            HS.END_RUN_VOLUNTARILY,
            HS.LINE_CONNECTS,
            HS.START_DURING_COMBO,
            HS.ABILITY_OUTSIDE_COMBO,
            HS.STAR_IN_START,
            HS.STAR_BUTTONS,
            HS.THREE_STARS,
            HS.COVER_EXACTLY,
            HS.CONTINUE_NEEDS_COMBO,
        }
    ),
}

# Open points with another reading that the engine does not yet rule both ways.
ONE_WAY: dict[str, frozenset[str]] = {
    "higher_lower": frozenset(),
    "star_realms_high_alert": frozenset(),
    "hyperstar_run": frozenset(),
}

MODULES: dict[str, ModuleType] = {
    "higher_lower": HL,
    "star_realms_high_alert": HA,
    "hyperstar_run": HS,
}

GAMES = sorted(MODULES)


def _names(module: ModuleType) -> dict[str, str]:
    """Each reading's key by the constant's name in the game's reasons.py."""
    return {
        name: value
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and value in module.INTERPRETATIONS
    }


def consulted(package: str) -> set[str]:
    """The readings a game's code asks `ours(...)` about."""
    names = _names(MODULES[package])
    text = "\n".join(p.read_text() for p in (ROOT / "games" / package).glob("*.py"))
    return {names[n] for n in re.findall(r"\bours\((?:R\.|rr\.)?([A-Z_]+)\)", text)}


@pytest.mark.parametrize("package", GAMES)
def test_the_readings_asked_about_are_the_ones_ruled_both_ways(package: str) -> None:
    assert consulted(package) == FLIPPED[package]


@pytest.mark.parametrize("package", GAMES)
def test_every_listed_reading_is_ruled_both_ways_never_turns_or_is_named_one_way(
    package: str,
) -> None:
    module = MODULES[package]
    never = module.NEVER_TURNS
    assert never <= module.INTERPRETATIONS
    assert not never & FLIPPED[package]
    assert not ONE_WAY[package] & (never | FLIPPED[package])
    assert FLIPPED[package] | never | ONE_WAY[package] == module.INTERPRETATIONS


@pytest.mark.parametrize("package", GAMES)
def test_every_reading_ruled_both_ways_has_a_dispute_that_turns_on_it(package: str) -> None:
    """Each is named by a test that rules it both ways (`flipped`) in the game's tests or in
    tests/games/test_readings_that_decide.py."""
    tests = [*(ROOT / "tests" / "games" / package).glob("test_*.py")]
    tests.append(ROOT / "tests" / "games" / "test_readings_that_decide.py")
    text = "\n".join(p.read_text() for p in tests)
    by_key = {value: name for name, value in _names(MODULES[package]).items()}
    for key in FLIPPED[package]:
        name = by_key[key]
        assert re.search(rf"\b{name}\b", text), f"no dispute names {name}"
