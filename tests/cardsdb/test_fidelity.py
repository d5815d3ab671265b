"""Each game's rules, glossary and clarifications say where they come from, and nothing of ours
passes for the rulebook's: no entry without a provenance, no section headed with a provenance
that one of its rules does not have, and no ruling that cites a rule of ours without the
reference ruling that reads it (walked over each engine's reason catalog, its questions and
the recorded rulings of the golden file)."""

from __future__ import annotations

import functools
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from cardsdb import fidelity
from cardsdb.fixtures_format import GameFixtures, TextProvenance, read_game_folder
from games.core import Ruling
from games.core.errors import BadInput
from games.core.registry import registry
from games.core.ruling import Reason, Verdict
from tests.games.golden.recorder import read

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (ROOT / "fixtures").iterdir() if (p / "rules.toml").exists())
GOLDEN = ROOT / "tests" / "games" / "golden" / "rulings.jsonl.gz"
SAMPLE = 400  # recorded boards ruled again per game, spread over the file


@functools.cache
def fixtures(slug: str) -> GameFixtures:
    return read_game_folder(ROOT / "fixtures" / slug)


@functools.cache
def recorded_calls() -> dict[str, list[list[Any]]]:
    """game -> the arguments of its recorded single-move rulings."""
    _, entries = read(GOLDEN)
    calls: dict[str, list[list[Any]]] = {}
    for entry in entries:
        if entry["kind"] == "rule":
            calls.setdefault(entry["game"], []).append(entry["args"])
    return calls


def question_rulings(slug: str) -> list[Ruling]:
    """Each common dispute of the game, as its form comes filled in by default."""
    engine = registry[slug]
    out: list[Ruling] = []
    for question in engine.questions:
        try:
            state, move = question.build(question.form())
            out.append(engine.rule_json(state, move))
        except (BadInput, ValueError):  # a form that needs the player's own answers
            continue
    return out


def sampled_rulings(slug: str) -> list[Ruling]:
    engine = registry[slug]
    calls = recorded_calls().get(slug, [])
    step = max(1, len(calls) // SAMPLE)
    out: list[Ruling] = []
    for args in calls[::step]:
        try:
            out.append(engine.rule_json(*args))
        except BadInput:
            continue
    return out


@pytest.mark.parametrize("slug", GAMES)
def test_every_rule_term_and_clarification_says_where_it_comes_from(slug: str) -> None:
    assert fidelity.provenance_problems(fixtures(slug)) == []


@pytest.mark.parametrize("slug", GAMES)
def test_every_reason_citing_a_rule_of_ours_comes_with_its_reading(slug: str) -> None:
    assert fidelity.catalog_problems(fixtures(slug), registry[slug]) == []


@pytest.mark.parametrize("slug", GAMES)
def test_rulings_that_cite_a_rule_of_ours_list_the_reading(slug: str) -> None:
    fx = fixtures(slug)
    rulings = [*question_rulings(slug), *sampled_rulings(slug)]
    assert len(rulings) >= 50, "too few rulings to walk"
    problems = [p for r in rulings for p in fidelity.ruling_problems(fx, r)]
    assert problems == []
    ours = fidelity.ours_rules(fx)
    cited = {
        r.rule.rsplit(":", 1)[-1]
        for ruling in rulings
        for r in ruling.reasons
        if r.rule.rsplit(":", 1)[-1] in ours
    }
    catalog = {
        registry[slug].reasons.key(c).rsplit(":", 1)[-1] for c in registry[slug].reasons.codes()
    }
    if ours & catalog and not cited:
        # The sample is every n-th recorded call, so it moves when calls are recorded; the
        # walk must still meet a ruling citing a rule of ours: the first recorded one that does.
        found = _first_citing(slug, ours & catalog)
        assert found is not None, f"no ruling recorded cites any of {sorted(ours & catalog)}"
        assert fidelity.ruling_problems(fx, found) == []


def _first_citing(slug: str, rules: set[str]) -> Ruling | None:
    engine = registry[slug]
    for args in recorded_calls().get(slug, []):
        try:
            ruling = engine.rule_json(*args)
        except BadInput:
            continue
        if any(r.rule.rsplit(":", 1)[-1] in rules for r in ruling.reasons):
            return ruling
    return None


# ----- the checks catch what they are for -----


def _with_rule(fx: GameFixtures, section: str, number: str, **changes: Any) -> GameFixtures:
    doctored = fx.model_copy(deep=True)
    for s in doctored.rules.sections:
        for rule in s.rules:
            if s.number == section and rule.number == number:
                for name, value in changes.items():
                    setattr(rule, name, value)
    return doctored


def test_a_rule_of_ours_under_a_heading_of_the_rulebook_is_caught() -> None:
    fx = fixtures("hyperstar-run")
    doctored = _with_rule(fx, "7", "7.7", provenance=TextProvenance.OURS)
    assert fidelity.provenance_problems(doctored) == [
        "rule 7.7 is ours under section 7, headed rulebook"
    ]


def test_a_rule_without_provenance_is_caught() -> None:
    fx = fixtures("higher-lower").model_copy(deep=True)
    section = next(s for s in fx.rules.sections if s.number == "4")
    rule = next(r for r in section.rules if r.number == "4.2")
    rule.provenance = None
    assert section.provenance is None  # the section's rules each say their own
    assert "rule 4.2 has no provenance" in fidelity.provenance_problems(fx)


def test_a_reference_ruling_not_marked_as_ours_is_caught() -> None:
    fx = fixtures("higher-lower").model_copy(deep=True)
    fx.clarifications.clarifications[0].provenance = TextProvenance.RULEBOOK
    slug = fx.clarifications.clarifications[0].slug
    assert f"clarification {slug} is a reference ruling but not marked as ours" in (
        fidelity.provenance_problems(fx)
    )


def test_an_engine_citing_a_rule_of_ours_without_a_reading_is_caught() -> None:
    # Higher or Lower cites rule 4.1 (turns go left, ours) for whose turn it is; an engine
    # that did not rest on the reading of it would be caught.
    engine = registry["higher-lower"]
    bare = SimpleNamespace(reasons=engine.reasons, interpretations=frozenset())
    problems = fidelity.catalog_problems(fixtures("higher-lower"), bare)
    expected = (
        "reason not-your-turn cites rule 4.1, ours, and no reference ruling of the engine reads it"
    )
    assert expected in problems


def test_a_ruling_citing_a_rule_of_ours_without_its_reading_is_caught() -> None:
    ruling = Ruling(
        verdict=Verdict.ILLEGAL,
        summary="Not your turn.",
        reasons=[Reason(code="not-your-turn", rule="higher-lower:4.1", detail="the turn is Ben's")],
    )
    assert fidelity.ruling_problems(fixtures("higher-lower"), ruling) == [
        "the ruling cites rule 4.1 (not-your-turn), ours, and lists no reading of it"
    ]
    ruling.interpretations = ["higher-lower:turns-go-left"]
    assert fidelity.ruling_problems(fixtures("higher-lower"), ruling) == []
