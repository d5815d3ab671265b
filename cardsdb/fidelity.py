"""Is every rule, glossary term and clarification of a game honest about where it comes from?

Plain functions over a game's parsed fixtures (`cardsdb.fixtures_format`) and its engine's
reason catalog, no database: each returns the problems it finds, in words naming the entry, so
that a test can fail on them and an editor can run them on a folder.

- every rule, term and clarification has a provenance: the rulebook (with its section),
  another public document (one the Sources page lists), or ours;
- a section whose heading names one provenance holds only rules of that provenance (a heading
  never says "from the rulebook" over a rule that is not);
- the kinds of clarification agree with their provenance: a rulebook FAQ or clarification is
  the rulebook's, a reference ruling is our reading;
- a rule of ours that an engine cites comes with a reference ruling of ours that reads it, among
  the engine's interpretations; and a ruling that cites such a rule lists that reading.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardsdb.fixtures_format import (
    ClarificationKind,
    GameFixtures,
    TextProvenance,
    rule_provenance,
)

RULEBOOK_KINDS = {ClarificationKind.FAQ, ClarificationKind.RULEBOOK_CLARIFICATION}


def _number(key: str) -> str:
    return key.rsplit(":", 1)[-1]


def _slug(key: str) -> str:
    return key.split(":", 1)[-1]


def provenance_problems(fx: GameFixtures) -> list[str]:
    """What in the fixtures has no provenance, or a heading or kind that says otherwise."""
    problems: list[str] = []
    titles = {s.title for s in fx.table.sources}
    for section in fx.rules.sections:
        for rule in section.rules:
            provenance, document = rule_provenance(section, rule)
            where = f"rule {rule.number}"
            if provenance is None:
                problems.append(f"{where} has no provenance")
                continue
            if provenance == TextProvenance.RULEBOOK and not (rule.source or section.source):
                problems.append(f"{where} is from the rulebook but names no section")
            if provenance == TextProvenance.DOCUMENT and document not in titles:
                problems.append(f"{where} names no document of the Sources page")
            if section.provenance is not None and (
                provenance != section.provenance or document != section.document
            ):
                problems.append(
                    f"{where} is {provenance.value}"
                    + (f" ({document})" if document else "")
                    + f" under section {section.number}, headed {section.provenance.value}"
                )
    for term in fx.glossary.terms:
        if term.provenance == TextProvenance.DOCUMENT and term.document not in titles:
            problems.append(f"term {term.slug} names no document of the Sources page")
    for clar in fx.clarifications.clarifications:
        where = f"clarification {clar.slug}"
        if clar.kind in RULEBOOK_KINDS and clar.provenance != TextProvenance.RULEBOOK:
            problems.append(f"{where} is a rulebook {clar.kind.value} of {clar.provenance.value}")
        if (
            clar.kind == ClarificationKind.REFERENCE_RULING
            and clar.provenance != TextProvenance.OURS
        ):
            problems.append(f"{where} is a reference ruling but not marked as ours")
        if clar.provenance == TextProvenance.DOCUMENT and clar.document not in titles:
            problems.append(f"{where} names no document of the Sources page")
    return problems


def ours_rules(fx: GameFixtures) -> set[str]:
    """The numbers of the rules that are our reading."""
    return {
        rule.number
        for section in fx.rules.sections
        for rule in section.rules
        if rule_provenance(section, rule)[0] == TextProvenance.OURS
    }


def readings_of(fx: GameFixtures, interpretations: Iterable[str]) -> dict[str, set[str]]:
    """rule number -> the slugs of the engine's reference rulings (of ours) that read it."""
    wanted = {_slug(key) for key in interpretations}
    out: dict[str, set[str]] = {}
    for clar in fx.clarifications.clarifications:
        if clar.slug not in wanted or clar.provenance != TextProvenance.OURS:
            continue
        for number in clar.rules:
            out.setdefault(number, set()).add(clar.slug)
    return out


def catalog_problems(fx: GameFixtures, engine: Any) -> list[str]:
    """Every reason the engine may give that cites a rule of ours must have a reading of ours,
    among the engine's interpretations, that reads that rule; every interpretation the engine
    may list must be a reference ruling of this game."""
    problems: list[str] = []
    ours = ours_rules(fx)
    readings = readings_of(fx, engine.interpretations)
    for code in engine.reasons.codes():
        number = _number(engine.reasons.key(code))
        if number in ours and not readings.get(number):
            problems.append(
                f"reason {code} cites rule {number}, ours, and no reference ruling of the "
                "engine reads it"
            )
    slugs = {
        c.slug: c
        for c in fx.clarifications.clarifications
        if c.kind == ClarificationKind.REFERENCE_RULING
    }
    for key in sorted(engine.interpretations):
        if _slug(key) not in slugs:
            problems.append(f"interpretation {key} is no reference ruling of the game")
    return problems


def ruling_problems(fx: GameFixtures, ruling: Any) -> list[str]:
    """A ruling that cites a rule of ours lists a reading of ours that reads that rule."""
    ours = ours_rules(fx)
    listed = readings_of(fx, ruling.interpretations)
    problems: list[str] = []
    for reason in [*ruling.reasons, *ruling.voided]:
        number = _number(reason.rule)
        if number in ours and not listed.get(number):
            problems.append(
                f"the ruling cites rule {number} ({reason.code}), ours, and lists no reading of it"
            )
    return problems
