"""The bulk download: everything about a game in one document, built from flat `values()`
queries (a few queries per game, whatever the number of cards), written once per version of
the data as a file and served from it.

The file is `BULK_DIR/<data version>/<slug>.json` (BULK_DIR is var/bulk/ by default): the data
version is `data_version.data_fingerprint()`, so a load or an admin edit names a new folder
and an old file is never served again. Each app server builds its own copy on the first
request of a version, from the database they share (a file lock lets one thread build while
the others wait); the bytes, and so the ETag, which is the version and the game, are the same
on every server. Nothing has to be shared between app servers but the database.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings

from cardsdb import data_version
from cardsdb import models as m
from cardsdb.json_bytes import dumps


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
        m.Clarification.objects.filter(**g),
        "id",
        "key",
        "kind",
        "question",
        "answer",
        "source",
        "provenance",
        "document",
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
        .values("section_id", "key", "number", "text", "source", "provenance", "document")
    ):
        rule: dict[str, Any] = dict(r)
        rules_by_section[rule.pop("section_id")].append(rule)
    for row in (
        m.RuleSection.objects.filter(**g)
        .order_by("position")
        .values("id", "number", "title", "source", "provenance", "document")
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
            m.GlossaryTerm.objects.filter(**g),
            "slug",
            "term",
            "aliases",
            "definition",
            "source",
            "provenance",
            "document",
        ),
        "clarifications": clarifications,
        "quick": {
            "setup": game.quick_setup,
            "turn": game.quick_turn,
            "turn_note": game.quick_turn_note,
        },
        "setup_phrases": game.setup_phrases,
        "sources": _rows(
            m.Source.objects.filter(**g).order_by("position"), "title", "kind", "about", "url"
        ),
        "cards": cards,
    }


def bulk_document(games: list[m.Game]) -> dict[str, Any]:
    return {
        "data_versions": {g.slug: g.data_version for g in games},
        "games": [game_document(g) for g in games],
    }


@dataclass(frozen=True)
class BulkFile:
    path: Path
    etag: str
    size: int


OLD_VERSIONS_KEPT_SECONDS = 60.0  # a process a moment behind may still open an older file


def bulk_dir() -> Path:
    return Path(getattr(settings, "BULK_DIR", settings.VAR_DIR / "bulk"))


def bulk_file(slug: str, games: list[m.Game]) -> BulkFile:
    """The file of `slug` (a game, or "all" for `games`) for the current version of the
    data, written now if this server does not have it yet."""
    version = data_version.data_fingerprint()
    folder = bulk_dir() / version
    path = folder / f"{slug}.json"
    etag = f'"{version}-{slug}"'
    if not path.exists():
        folder.mkdir(parents=True, exist_ok=True)
        with (folder / f".{slug}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # one builder; the others wait, then read it
            if not path.exists():
                content = dumps(bulk_document(games))
                fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{slug}.")
                with os.fdopen(fd, "wb") as out:
                    out.write(content)
                os.replace(tmp, path)
                _old_versions_remove(keep=version)
    return BulkFile(path=path, etag=etag, size=path.stat().st_size)


def _old_versions_remove(keep: str) -> None:
    now = time.time()
    for folder in bulk_dir().iterdir():
        if folder.name == keep or not folder.is_dir():
            continue
        with contextlib.suppress(OSError):
            if now - folder.stat().st_mtime > OLD_VERSIONS_KEPT_SECONDS:
                shutil.rmtree(folder)
