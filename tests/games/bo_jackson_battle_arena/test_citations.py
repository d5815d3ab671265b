"""Every rule key and reference ruling the engine can cite exists in the fixtures."""

from __future__ import annotations

from .helpers import RULES, SLUG, fixtures


def test_every_cited_rule_key_exists_in_rules_toml() -> None:
    fx = fixtures()
    keys = {f"{SLUG}:{r.number}" for s in fx.rules.sections for r in s.rules}
    assert RULES.cited_rule_keys(), "the engine cites no rules at all"
    assert RULES.cited_rule_keys() <= keys, RULES.cited_rule_keys() - keys


def test_every_interpretation_is_a_reference_ruling_in_clarifications_toml() -> None:
    fx = fixtures()
    rulings = {
        f"{SLUG}:{c.slug}" for c in fx.clarifications.clarifications if c.kind == "reference-ruling"
    }
    assert RULES.interpretations, "the engine declares no interpretations"
    assert rulings >= RULES.interpretations, RULES.interpretations - rulings
