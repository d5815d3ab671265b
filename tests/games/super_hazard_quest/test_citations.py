"""Every rule the engine can cite exists, and every reference ruling it may rest on too."""

from __future__ import annotations

from pathlib import Path

from cardsdb.fixtures_format import read_game_folder
from games.super_hazard_quest.rules import RULES

FOLDER = Path(__file__).resolve().parents[3] / "fixtures" / "super-hazard-quest"


def test_every_cited_rule_exists() -> None:
    fx = read_game_folder(FOLDER)
    keys = {f"super-hazard-quest:{r.number}" for s in fx.rules.sections for r in s.rules}
    assert RULES.cited_rule_keys() <= keys, RULES.cited_rule_keys() - keys


def test_every_interpretation_is_a_reference_ruling() -> None:
    fx = read_game_folder(FOLDER)
    rulings = {
        f"super-hazard-quest:{c.slug}"
        for c in fx.clarifications.clarifications
        if c.kind.value == "reference-ruling"
    }
    assert rulings >= RULES.interpretations, RULES.interpretations - rulings
