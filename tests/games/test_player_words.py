"""What a player reads in every ruling a dispute form gives, as the form opens, and in every
game's worked example: the answer, the sentence read aloud, each reason and each note are
English a player reads at the table, not a program's: counts agree with their nouns ("1 step",
"2 crystals", never "1 step(s)"), no Python value ("None", "[]", "{'"), no capital "Your" or
"You" in mid-sentence."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from games.core.registry import registry

JSON = dict[str, Any]
NOT_ENGLISH = [
    (re.compile(r"\w\(s\)"), "a plural said as (s)"),
    (re.compile(r"\bNone\b|\[\]|\{'|\bnull\b"), "a Python or JSON value"),
    (re.compile(r"\b1 (?:cards|items|steps|crystals|times|requests|players|buttons)\b"), "1 …s"),
    (re.compile(r"(?:, but|: but|, and|, so) (?:Your|You)\b"), "a capital in mid-sentence"),
]


def cases() -> Iterator[tuple[str, str]]:
    for slug in sorted(registry):
        yield slug, "example"
        for question in registry[slug].questions:
            yield slug, question.slug


def dispute(slug: str, case: str) -> JSON:
    if case == "example":
        return dict(registry[slug].example())
    question = next(q for q in registry[slug].questions if q.slug == case)
    state, move = question.build(question.form())
    return {"state": state, "move": move}


def said(slug: str, case: str) -> list[str]:
    """Every sentence of the ruling a player reads."""
    asked = dispute(slug, case)
    rules = registry[slug]
    if "moves" in asked:
        ruling: Any = rules.rule_sequence_json(asked["state"], asked["moves"])
        rulings = list(ruling.rulings)
    else:
        ruling = rules.rule_json(asked["state"], asked["move"])
        rulings = [ruling]
    texts = [ruling.answer, ruling.summary]
    for one in rulings:
        texts += [one.answer, one.summary, *one.notes]
        texts += [r.detail for r in [*one.reasons, *one.voided]]
    return [t for t in texts if t]


@pytest.mark.parametrize(("slug", "case"), list(cases()))
def test_every_ruling_a_form_gives_reads_as_english(slug: str, case: str) -> None:
    wrong = [
        (why, text)
        for text in said(slug, case)
        for pattern, why in NOT_ENGLISH
        if pattern.search(text)
    ]
    assert not wrong, wrong


def test_a_heroes_power_is_said_with_its_unit() -> None:
    asked = dispute("bo-jackson-battle-arena", "who-wins-this-battle")
    ruling = registry["bo-jackson-battle-arena"].rule_json(asked["state"], asked["move"])
    details = [r.detail for r in ruling.reasons]
    # Before: "Your Hero has 100; your opponent's Hero has 100".
    assert "Your Hero has 100 Power; your opponent's Hero has 100 Power" in details


def test_higher_or_lower_names_the_card_you_can_lay_and_the_opponent_you_aim_at() -> None:
    rules = registry["higher-lower"]
    asked = dispute("higher-lower", "can-i-draw-instead")
    ruling = rules.rule_json(asked["state"], asked["move"])
    # Before: "No: you can lay a card (9) on the 7 under the call 'higher', ..."
    assert ruling.summary.startswith("No: you can lay the 9 on the 7 under the call 'higher'")
    asked = dispute("higher-lower", "can-i-play-a-booster")
    ruling = rules.rule_json(asked["state"], asked["move"])
    # Before: "another opponent is an opponent of you".
    assert "another opponent is one of your opponents" in [r.detail for r in ruling.reasons]
