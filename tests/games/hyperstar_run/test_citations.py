"""Every rule key and reference ruling the engine can cite exists in the fixtures."""

from __future__ import annotations

from pathlib import Path

from cardsdb.fixtures_format import read_game_folder

from .helpers import RULES

FOLDER = Path(__file__).resolve().parents[3] / "fixtures" / "hyperstar-run"


def test_every_cited_rule_key_exists_in_rules_toml() -> None:
    fx = read_game_folder(FOLDER)
    keys = {f"hyperstar-run:{r.number}" for s in fx.rules.sections for r in s.rules}
    assert RULES.cited_rule_keys(), "the engine cites no rules at all"
    assert RULES.cited_rule_keys() <= keys, RULES.cited_rule_keys() - keys


def test_every_interpretation_is_a_reference_ruling_in_clarifications_toml() -> None:
    fx = read_game_folder(FOLDER)
    rulings = {
        f"hyperstar-run:{c.slug}"
        for c in fx.clarifications.clarifications
        if c.kind == "reference-ruling"
    }
    assert RULES.interpretations, "the engine declares no interpretations"
    assert rulings >= RULES.interpretations, RULES.interpretations - rulings


def test_every_rule_section_of_the_rulebook_is_covered() -> None:
    fx = read_game_folder(FOLDER)
    sources = {s.source for s in fx.rules.sections}
    for heading in (
        "Components",
        "Setup",
        "Gameplay",
        "Passing Level Cards",
        "Paying Costs",
        "Abilities",
        "Combos",
        "End of Run",
        "Winning the Game",
        "Clarifications",
        "Achievements",
        "Challenge Mode",
    ):
        assert heading in sources, heading


def test_box_counts_match_the_rulebook() -> None:
    game = read_game_folder(FOLDER).game
    counts = {c.slug: c.count for c in game.card_types}
    assert counts == {"hero-card": 1, "equipment-card": 2, "level-card": 15}
    sizes = {v.slug: v.setup.get("level_cards") for v in game.variants if v.kind == "difficulty"}
    assert sizes == {"tutorial": 9, "standard": 10, "hard": 11, "expert": 12}
    assert {a.slug: a.variant for a in game.achievements} == {
        "button-masher": "tutorial",
        "well-equipped": "standard",
        "speed-runner": "hard",
        "combo-pro": "expert",
    }


def test_interpretations_the_engine_uses_are_all_declared() -> None:
    """A ruling may only rest on a reference ruling the engine declares."""
    ex = RULES.example()
    ruling = RULES.rule_json(ex["state"], ex["move"])
    assert set(ruling.interpretations) <= RULES.interpretations
