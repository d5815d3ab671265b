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
from typing import Any

from games.core.tools import Reference


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
