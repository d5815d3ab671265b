"""Where a rule, a glossary term or a clarification comes from, in a player's words.

Every one carries its provenance (`cardsdb.models.TextProvenance`): the rulebook (with its
section), another public document (one the game's Sources page lists), or our reading. Pages
say which wherever the text appears, so that nothing of ours reads as the rulebook's.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template

from cardsdb.models import Clarification, GlossaryTerm, Rule, TextProvenance

register = template.Library()

OURS_WORDS = "Our reading: the rulebook does not say this"


def origin_words(provenance: str, source: str = "", document: str = "") -> str:
    """ "From the rulebook, “Setup”", "From <document>", or our reading said as such."""
    if provenance == TextProvenance.OURS:
        return f"Our reading: {document} does not say this" if document else OURS_WORDS
    if provenance == TextProvenance.DOCUMENT:
        return f"From {document}" if document else "From another public document"
    return f"From the rulebook, “{source}”" if source else "From the rulebook"


@register.filter
def origin(item: Any) -> str:
    """`{{ rule|origin }}`: where a rule, a term or a clarification comes from."""
    return origin_words(
        str(getattr(item, "provenance", "") or ""),
        str(getattr(item, "source", "") or ""),
        str(getattr(item, "document", "") or ""),
    )


@register.filter
def origin_inline(item: Any) -> str:
    """`origin`, said inside a line ("… · our reading: …")."""
    words = origin(item)
    return words[:1].lower() + words[1:]


@register.filter
def is_ours(item: Any) -> bool:
    return getattr(item, "provenance", "") == TextProvenance.OURS


@register.filter
def section_origin(section: Any) -> str:
    """A section heading's words: its rules' provenance when they share one; when they do not,
    the heading claims none and each rule says its own."""
    provenance = str(getattr(section, "provenance", "") or "")
    if not provenance:
        return "where each rule comes from is said beside it"
    words = origin_words(provenance, section.source, section.document)
    return words[:1].lower() + words[1:]


@register.filter
def rule_origin_differs(rule: Any, section: Any) -> bool:
    """Whether a rule's own provenance needs saying beside its section's heading."""
    if not section.provenance:
        return True
    return bool(
        rule.provenance != section.provenance
        or rule.document != section.document
        or (rule.provenance == TextProvenance.RULEBOOK and rule.source != section.source)
    )


_MODELS: dict[str, Any] = {"rule": Rule, "term": GlossaryTerm, "clarification": Clarification}


@register.simple_tag
def hit_origins(hits: Iterable[Any]) -> dict[str, str]:
    """`{% hit_origins hits as origins %}`: search hit key -> the words saying it is not the
    rulebook's (our reading, another document), for the hits of rules, terms and
    clarifications that are not from the rulebook. One query per kind among the hits."""
    wanted: dict[str, set[str]] = {}
    for hit in hits:
        if hit.kind in _MODELS:
            wanted.setdefault(hit.kind, set()).add(hit.key)
    found: dict[str, str] = {}
    for kind, keys in wanted.items():
        model = _MODELS[kind]
        rows = model.objects.exclude(provenance=TextProvenance.RULEBOOK)
        if kind == "term":
            pairs = [key.split(":", 1) for key in keys]
            games = {game for game, _ in pairs}
            slugs = {slug for _, slug in pairs}
            rows = rows.filter(game__slug__in=games, slug__in=slugs)
            items = rows.values_list("game__slug", "slug", "provenance", "document")
            for game, slug, provenance, document in items:
                key = f"{game}:{slug}"
                if key in keys:
                    found[key] = origin_words(provenance, document=document)
        else:
            for key, provenance, document in rows.filter(key__in=keys).values_list(
                "key", "provenance", "document"
            ):
                found[key] = origin_words(provenance, document=document)
    return found


@register.filter
def origin_of(origins: dict[str, str], key: str) -> str:
    return origins.get(str(key), "")
