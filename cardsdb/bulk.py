"""The bulk download: everything about a game in one document, built from flat `values()`
queries (a few queries per game, whatever the number of cards) and cached per data version."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.core.cache import cache

from cardsdb import models as m


def _rows(qs: Any, *fields: str) -> list[dict[str, Any]]:
    return list(qs.values(*fields))


def game_document(game: m.Game) -> dict[str, Any]:
    g = {"game": game}
    faction_slug = dict(m.Faction.objects.filter(**g).values_list("id", "slug"))
    symbol_factions: dict[int, list[str]] = defaultdict(list)
    for sid, fid in m.Symbol.factions.through.objects.filter(symbol__game=game).values_list(
        "symbol_id", "faction_id"
    ):
        symbol_factions[sid].append(faction_slug[fid])
    card_factions: dict[int, list[str]] = defaultdict(list)
    for cid, fid in m.Card.factions.through.objects.filter(card__game=game).values_list(
        "card_id", "faction_id"
    ):
        card_factions[cid].append(faction_slug[fid])
    symbols = _rows(
        m.Symbol.objects.filter(**g), "id", "slug", "name", "kind", "glyph", "meaning", "source"
    )
    for s in symbols:
        s["factions"] = symbol_factions.pop(s.pop("id"), [])
    cards = _rows(
        m.Card.objects.filter(**g).order_by("position"),
        "id",
        "slug",
        "name",
        "card_type__slug",
        "expansion__slug",
        "cost",
        "power",
        "copies",
        "number",
        "text",
        "attributes",
        "provenance",
        "source",
        "notes",
    )
    for c in cards:
        c["factions"] = card_factions.get(c.pop("id"), [])
        c["type"] = c.pop("card_type__slug")
        c["expansion"] = c.pop("expansion__slug")
    rule_key = dict(m.Rule.objects.filter(**g).values_list("id", "key"))
    clar_rules: dict[int, list[str]] = defaultdict(list)
    for cid, rid in m.Clarification.rules.through.objects.filter(
        clarification__game=game
    ).values_list("clarification_id", "rule_id"):
        clar_rules[cid].append(rule_key[rid])
    clar_cards: dict[int, list[str]] = defaultdict(list)
    for cid, slug in m.Clarification.cards.through.objects.filter(
        clarification__game=game
    ).values_list("clarification_id", "card__slug"):
        clar_cards[cid].append(f"{game.slug}:{slug}")
    clarifications = _rows(
        m.Clarification.objects.filter(**g), "id", "key", "kind", "question", "answer", "source"
    )
    for c in clarifications:
        cid = c.pop("id")
        c["rules"] = clar_rules.get(cid, [])
        c["cards"] = clar_cards.get(cid, [])
    sections = []
    rules_by_section: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in (
        m.Rule.objects.filter(**g)
        .order_by("position")
        .values("section_id", "key", "number", "text", "source")
    ):
        rule: dict[str, Any] = dict(r)
        rules_by_section[rule.pop("section_id")].append(rule)
    for row in (
        m.RuleSection.objects.filter(**g)
        .order_by("position")
        .values("id", "number", "title", "source")
    ):
        section: dict[str, Any] = dict(row)
        section["rules"] = rules_by_section.get(section.pop("id"), [])
        sections.append(section)
    return {
        "slug": game.slug,
        "name": game.name,
        "names": game.names,
        "name_note": game.name_note,
        "summary": game.summary,
        "players": game.players,
        "edition": game.edition,
        "rulebook": game.rulebook,
        "data_version": game.data_version,
        "facts": game.facts,
        "components": _rows(
            m.Component.objects.filter(**g), "name", "count", "description", "source"
        ),
        "symbols": symbols,
        "factions": _rows(
            m.Faction.objects.filter(**g),
            "slug",
            "name",
            "names",
            "symbol__slug",
            "description",
            "source",
        ),
        "expansions": _rows(
            m.Expansion.objects.filter(**g),
            "slug",
            "name",
            "names",
            "kind",
            "code",
            "year",
            "symbol__slug",
            "description",
            "source",
        ),
        "card_types": _rows(
            m.CardType.objects.filter(**g),
            "slug",
            "name",
            "count",
            "faces_known",
            "categories",
            "description",
            "source",
        ),
        "variants": _rows(
            m.Variant.objects.filter(**g),
            "slug",
            "name",
            "kind",
            "setup",
            "description",
            "provenance",
            "source",
        ),
        "achievements": _rows(
            m.Achievement.objects.filter(**g),
            "slug",
            "name",
            "variant__slug",
            "requirement",
            "source",
        ),
        "rule_sections": sections,
        "glossary": _rows(
            m.GlossaryTerm.objects.filter(**g), "slug", "term", "aliases", "definition", "source"
        ),
        "clarifications": clarifications,
        "cards": cards,
    }


def bulk_document(games: list[m.Game]) -> dict[str, Any]:
    versions = ",".join(f"{g.slug}@{g.data_version}" for g in games)
    key = f"bulk:{versions}"
    document = cache.get(key)
    if document is None:
        document = {
            "data_versions": {g.slug: g.data_version for g in games},
            "games": [game_document(g) for g in games],
        }
        cache.set(key, document, timeout=3600)
    return document
