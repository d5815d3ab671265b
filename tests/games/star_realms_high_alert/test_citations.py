"""Every rule key and reference ruling the engine can cite exists in the fixtures."""

from __future__ import annotations

from pathlib import Path

from cardsdb.fixtures_format import read_game_folder

from .helpers import RULES, SLUG

FOLDER = Path(__file__).resolve().parents[3] / "fixtures" / SLUG


def test_every_cited_rule_key_exists_in_rules_toml() -> None:
    fx = read_game_folder(FOLDER)
    keys = {f"{SLUG}:{r.number}" for s in fx.rules.sections for r in s.rules}
    assert RULES.cited_rule_keys(), "the engine cites no rules at all"
    assert RULES.cited_rule_keys() <= keys, RULES.cited_rule_keys() - keys


def test_every_interpretation_is_a_reference_ruling_in_clarifications_toml() -> None:
    fx = read_game_folder(FOLDER)
    rulings = {
        f"{SLUG}:{c.slug}" for c in fx.clarifications.clarifications if c.kind == "reference-ruling"
    }
    assert RULES.interpretations, "the engine declares no interpretations"
    assert rulings >= RULES.interpretations, RULES.interpretations - rulings


def test_every_reason_code_is_kebab_case_and_bound_to_a_rule() -> None:
    for code in RULES.reasons.codes():
        assert code == code.lower() and " " not in code
        assert RULES.reasons.key(code).startswith(f"{SLUG}:")
