"""What every "How do we set up?" page shares: its form fields as plain data, and each step of
the setup with the rules it rests on, as the page shows them (rule numbers linking the rules
page, never a rule's key).

A game's setup page (`games/<pkg>/pages.py`) reads the player's choice from the query, runs
the game's setup tool on it and hands these to its template. The fields have the shape the
website's question forms render (`templates/web/forms/field.html`), so a setup page looks and
behaves like any other question form; they are built here because games/ knows no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Self

from pydantic import BaseModel, Field, model_validator

from games.core.readings import ReadingTurn
from games.core.tools import Reference


class CitedSetup(BaseModel):
    """What every game's setup plan (the setup tool's answer) shares: the steps in words, every
    rule key the setup rests on, and the keys each step rests on, so an app can cite a step's
    rule as the setup page does. A game's `SetupPlan` adds its numbers."""

    steps: list[str]
    rules: list[str] = Field(description="Every rule key the setup rests on, in order")
    rules_by_step: list[list[str]] = Field(
        description="The rule keys each step rests on: one list a step, in the order of steps"
    )

    @model_validator(mode="after")
    def _each_step_cited(self) -> Self:
        # A step citing a rule the setup does not list, or a step left out, would let the page
        # and an app disagree about what a step rests on.
        if len(self.rules_by_step) != len(self.steps):
            raise ValueError(
                f"{len(self.steps)} steps but rules for {len(self.rules_by_step)} of them"
            )
        named = {key for keys in self.rules_by_step for key in keys}
        if named != set(self.rules):
            raise ValueError("the steps' rules and the setup's rules differ")
        return self


def field(
    name: str,
    label: str,
    widget: str,
    value: Any,
    *,
    choices: Iterable[tuple[str, str]] = (),
    help: str = "",
    error: str = "",
    minimum: int | None = None,
    maximum: int | None = None,
) -> dict[str, Any]:
    """One form field (`widget`: number, radio or multi), with its options in words."""
    picked = value if isinstance(value, list) else [value]
    return {
        "name": name,
        "label": label,
        "help": help,
        "widget": widget,
        "value": value,
        "choices": [{"value": v, "label": words} for v, words in choices],
        "selected": {str(v) for v in picked},
        "error": error,
        "minimum": minimum,
        "maximum": maximum,
        "step": "1",
    }


def cited_steps(
    steps: Sequence[str],
    rules: Sequence[str],
    per_step: Sequence[Sequence[str]],
    reference: Reference,
    rules_url: str,
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(each step with the rules it cites, every rule cited in rulebook order).

    `rules` is the tool's list of rule keys for the whole setup; `per_step` the keys each step
    rests on, a list a step. When they do not fit the tool's answer (the tool changed), no step
    claims a rule it may not rest on: the rules are listed for the whole setup only."""
    found = {rule.key: rule for rule in reference.rules(rules)}

    def cite(keys: Iterable[str]) -> list[dict[str, Any]]:
        return [
            {
                "number": found[key].number,
                "url": f"{rules_url}#{found[key].number}",
                "text": found[key].text,
            }
            for key in keys
            if key in found
        ]

    every = cite(found)
    named = {key for keys in per_step for key in keys}
    if len(per_step) != len(steps) or named != set(rules):
        return [{"text": text, "rules": []} for text in steps], every
    return [
        {"text": text, "rules": cite(keys)} for text, keys in zip(steps, per_step, strict=True)
    ], every


def reading_turns(
    turns: Sequence[ReadingTurn], reference: Reference, clarifications_url: str
) -> list[dict[str, Any]]:
    """The readings a setup plan turns on, as its page shows them: the reference ruling's
    question, its link, and what the other reading answers."""
    keys = [t.key for t in turns]
    questions = {c.key: c.question for c in reference.clarifications(keys)}
    return [
        {
            "question": questions.get(t.key, ""),
            "url": f"{clarifications_url}#{t.key.partition(':')[2]}",
            "other_answer": t.other_answer,
        }
        for t in turns
    ]


def plan_steps(
    plan: CitedSetup, reference: Reference, rules_url: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A setup plan's steps with their rules, for its page: the same keys the tool's answer
    gives an app (`rules_by_step`)."""
    return cited_steps(plan.steps, plan.rules, plan.rules_by_step, reference, rules_url)
