"""The rules a ruling cites: every rule's number and text by key, kept per version of the data,
and the links a ruling's reasons carry to them (`/games/<game>/rules/#<number>`)."""

from __future__ import annotations

from typing import Any

from cardsdb.data_version import PerVersion
from cardsdb.models import Rule

# Every rule's text, read once per version of the data and process (~2,000 short rows), not on
# every ruling.
_rule_texts: PerVersion[str, dict[str, tuple[str, str]]] = PerVersion(
    "rule-texts", keys="nothing else: every rule of every game"
)


def _rule_texts_read() -> dict[str, tuple[str, str]]:
    return dict(
        (key, (number, text))
        for key, number, text in Rule.objects.values_list("key", "number", "text")
    )


def rule_texts() -> dict[str, tuple[str, str]]:
    """Every rule's (number, text) by key, for this version of the data."""
    found = _rule_texts.get("all", _rule_texts_read)
    assert found is not None  # a dict is always built, if an empty one
    return found


def _rule_links(slug: str, keys: list[str]) -> dict[str, dict[str, str]]:
    rules = rule_texts()
    return {
        key: {"key": key, "url": f"/games/{slug}/rules/#{rules[key][0]}", "text": rules[key][1]}
        for key in keys
        if key in rules
    }


def ruling_links_add(slug: str, ruling: dict[str, Any]) -> dict[str, Any]:
    """Give each reason the link to its rule, and the ruling the full text of what it cites."""
    rulings = ruling.get("rulings") or [ruling]
    grounds = [r for one in rulings for r in [*one["reasons"], *one.get("voided", [])]]
    keys = sorted({r["rule"] for r in grounds})
    links = _rule_links(slug, keys)
    for reason in grounds:
        reason["url"] = links.get(reason["rule"], {}).get("url", "")
    ruling["cited_rules"] = [links[k] for k in keys if k in links]
    return ruling
