"""Load `fixtures/<game>/` into the database: validate everything, then upsert in one
transaction. A bad file loads nothing and the error names the file and the entry; loading the
same files twice changes nothing (rows are matched by their natural keys and only changed rows
are written; rows no longer in the files are removed)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection, models, transaction

from cardsdb import data_version, search
from cardsdb import models as m
from cardsdb.fixtures_format import (
    FixtureError,
    GameFixtures,
    SynonymsFile,
    check_synonym_entries,
    read_game_folder,
    read_toml,
    rule_provenance,
)
from games.core.names import name_fold

Progress = Callable[[str], None]
BATCH = 1000


@dataclass
class LoadReport:
    games: list[str] = field(default_factory=list)
    created: int = 0
    updated: int = 0
    deleted: int = 0

    @property
    def changed(self) -> int:
        return self.created + self.updated + self.deleted


def game_folders(root: Path | None = None) -> list[Path]:
    root = Path(root or settings.FIXTURES_DIR)
    return sorted(p for p in root.iterdir() if (p / "game.toml").exists())


def folder_version(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.suffix in {".toml", ".csv"}:
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def fixtures_load(
    folders: Iterable[Path] | None = None, progress: Progress = lambda _msg: None
) -> LoadReport:
    """Read and validate every folder first, then write all of them in one transaction."""
    folders = list(folders) if folders is not None else game_folders()
    parsed: list[tuple[GameFixtures, str]] = []
    for folder in folders:
        progress(f"reading {folder}")
        parsed.append((read_game_folder(folder), folder_version(folder)))
    gaming = read_gaming_words()
    report = LoadReport()
    with transaction.atomic():
        for position, (fx, version) in enumerate(parsed):
            _GameLoader(fx, version, position, report, progress).load()
            report.games.append(fx.game.slug)
        load_gaming_words(gaming, report)
        search.index_after_load(report.games, changed=report.changed > 0)
        if report.changed:
            statistics_refresh()
    if report.changed:
        data_version.changed()  # this process sees the new data at once
    return report


GAMING_WORDS = "gaming-words.toml"


def read_gaming_words() -> SynonymsFile:
    """The cross-game gaming words (`fixtures/gaming-words.toml`, the synonyms.toml format),
    validated like a game's synonyms; none when the file is absent."""
    path = Path(settings.FIXTURES_DIR) / GAMING_WORDS
    if not path.exists():
        return SynonymsFile()
    found = read_toml(SynonymsFile, path)
    check_synonym_entries(path, found)
    return found


def load_gaming_words(found: SynonymsFile, report: LoadReport) -> None:
    """The gaming words as synonyms of no game (search reads them from the database)."""
    _GamingWordsLoader(report).sync(
        m.Synonym,
        "words",
        [
            {"words": s.words, "means": s.means, "note": s.note, "position": i}
            for i, s in enumerate(found.synonyms)
        ],
        scope={"game": None},
    )


def statistics_refresh() -> None:
    """Have the database re-read the card tables' statistics after a bulk write. SQLite keeps
    none until asked, and without them it may pick the wrong index for a card query (a
    game's index to read 100,000 cards instead of the power index to read a few hundred)."""
    tables = [m.Card._meta.db_table, m.Card.factions.through._meta.db_table]
    if connection.vendor == "postgresql":
        # the search table too: without statistics the planner reads a common word's whole
        # posting list through a kind's index where a scan would stop after a page of rows
        tables.append(search.TABLE)
    with connection.cursor() as cursor:
        for table in tables:
            cursor.execute(f"ANALYZE {connection.ops.quote_name(table)}")


def _by_id(row: dict[str, Any]) -> dict[str, Any]:
    """Foreign keys as `<name>_id`, so comparing a row never fetches the related object."""
    return {
        (f"{name}_id" if isinstance(value, models.Model) else name): (
            value.pk if isinstance(value, models.Model) else value
        )
        for name, value in row.items()
    }


def _differs(obj: models.Model, values: dict[str, Any]) -> bool:
    return any(getattr(obj, name) != value for name, value in values.items())


class _GameLoader:
    def __init__(
        self,
        fx: GameFixtures,
        version: str,
        position: int,
        report: LoadReport,
        progress: Progress,
    ) -> None:
        self.fx = fx
        self.version = version
        self.position = position
        self.report = report
        self.progress = progress
        self.folder = Path(fx.folder)

    # -- a generic, bulk, idempotent sync of one model's rows for this game --

    def sync(
        self,
        model: type[models.Model],
        key_field: str,
        rows: list[dict[str, Any]],
        scope: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        scope = scope if scope is not None else {"game": self.game}
        existing = {getattr(o, key_field): o for o in model._default_manager.filter(**scope)}
        to_create: list[models.Model] = []
        to_update: list[models.Model] = []
        changed_fields: set[str] = set()
        rows = [_by_id(row) for row in rows]
        for row in rows:
            key = row[key_field]
            obj = existing.get(key)
            if obj is None:
                to_create.append(model(**scope, **row))
            elif _differs(obj, row):
                for name, value in row.items():
                    if getattr(obj, name) != value:
                        changed_fields.add(name)
                    setattr(obj, name, value)
                to_update.append(obj)
        wanted = {row[key_field] for row in rows}
        stale = [o.pk for k, o in existing.items() if k not in wanted]
        if stale:
            model._default_manager.filter(pk__in=stale).delete()
        for start in range(0, len(to_create), BATCH):
            model._default_manager.bulk_create(to_create[start : start + BATCH])
        if to_update:
            model._default_manager.bulk_update(to_update, sorted(changed_fields), batch_size=BATCH)
        self.report.created += len(to_create)
        self.report.updated += len(to_update)
        self.report.deleted += len(stale)
        if to_create and to_create[0].pk is None:  # a backend that returns no ids
            return {getattr(o, key_field): o for o in model._default_manager.filter(**scope)}
        result = {k: o for k, o in existing.items() if k in wanted}
        result.update({getattr(o, key_field): o for o in to_create})
        return result

    def sync_m2m(
        self,
        through: type[models.Model],
        left: str,
        right: str,
        left_ids: Iterable[int],
        pairs: set[tuple[int, int]],
    ) -> None:
        """Make the links of `left_ids` in a many-to-many table exactly `pairs`."""
        left_ids = list(left_ids)
        current: set[tuple[int, int]] = set()
        for start in range(0, len(left_ids), BATCH):
            chunk = left_ids[start : start + BATCH]
            current |= set(
                through._default_manager.filter(**{f"{left}_id__in": chunk}).values_list(
                    f"{left}_id", f"{right}_id"
                )
            )
        stale = current - pairs
        new = pairs - current
        for a, b in stale:
            through._default_manager.filter(**{f"{left}_id": a, f"{right}_id": b}).delete()
        through._default_manager.bulk_create(
            [through(**{f"{left}_id": a, f"{right}_id": b}) for a, b in sorted(new)],
            batch_size=BATCH,
        )
        self.report.created += len(new)
        self.report.deleted += len(stale)

    # -- the game, in dependency order --

    def load(self) -> None:
        g = self.fx.game
        self.progress(f"loading {g.slug}")
        values = {
            "name": g.name,
            "names": g.names,
            "name_note": g.name_note,
            "summary": g.summary,
            "rulebook": g.rulebook,
            "min_players": g.min_players,
            "max_players": g.max_players,
            "edition": g.edition,
            "facts": [f.model_dump(mode="json") for f in g.facts],
            "quick_setup": self.fx.table.quick.setup,
            "quick_turn": self.fx.table.quick.turn,
            "quick_turn_note": self.fx.table.quick.turn_note,
            "setup_phrases": self.fx.table.setup_phrases(),
            "data_version": self.version,
            "position": self.position,
            "short_names": self.fx.synonyms.game_names,
        }
        game = m.Game.objects.filter(slug=g.slug).first()
        if game is None:
            game = m.Game.objects.create(slug=g.slug, **values)
            self.report.created += 1
        elif _differs(game, values):
            for name, value in values.items():
                setattr(game, name, value)
            game.save()
            self.report.updated += 1
        self.game = game
        self.load_box()
        self.load_rules()
        self.load_cards()
        self.load_glossary()
        self.load_clarifications()
        self.load_synonyms()
        self.load_sources()

    def load_box(self) -> None:
        g = self.fx.game
        symbols = self.sync(
            m.Symbol,
            "slug",
            [
                {
                    "slug": s.slug,
                    "name": s.name,
                    "kind": s.kind.value,
                    "glyph": s.glyph,
                    "meaning": s.meaning,
                    "source": s.source,
                    "position": i,
                }
                for i, s in enumerate(g.symbols)
            ],
        )
        self.factions = self.sync(
            m.Faction,
            "slug",
            [
                {
                    "slug": f.slug,
                    "name": f.name,
                    "names": f.names,
                    "symbol": symbols.get(f.symbol) if f.symbol else None,
                    "description": f.description,
                    "source": f.source,
                    "position": i,
                }
                for i, f in enumerate(g.factions)
            ],
        )
        self.sync_m2m(
            m.Symbol.factions.through,
            "symbol",
            "faction",
            [s.pk for s in symbols.values()],
            {(symbols[s.slug].pk, self.factions[f].pk) for s in g.symbols for f in s.factions},
        )
        self.expansions = self.sync(
            m.Expansion,
            "slug",
            [
                {
                    "slug": e.slug,
                    "name": e.name,
                    "names": e.names,
                    "kind": e.kind.value,
                    "symbol": symbols.get(e.symbol) if e.symbol else None,
                    "code": e.code,
                    "year": e.year,
                    "description": e.description,
                    "source": e.source,
                    "position": i,
                }
                for i, e in enumerate(g.expansions)
            ],
        )
        self.card_types = self.sync(
            m.CardType,
            "slug",
            [
                {
                    "slug": t.slug,
                    "name": t.name,
                    "count": t.count,
                    "faces_known": t.faces_known,
                    "categories": t.categories,
                    "description": t.description,
                    "source": t.source,
                    "position": i,
                }
                for i, t in enumerate(g.card_types)
            ],
        )
        self.sync(
            m.Component,
            "name",
            [
                {
                    "name": c.name,
                    "count": c.count,
                    "description": c.description,
                    "source": c.source,
                    "position": i,
                }
                for i, c in enumerate(g.components)
            ],
        )
        variants = self.sync(
            m.Variant,
            "slug",
            [
                {
                    "slug": v.slug,
                    "name": v.name,
                    "kind": v.kind.value,
                    "setup": v.setup,
                    "description": v.description,
                    "provenance": v.provenance.value,
                    "source": v.source,
                    "position": i,
                }
                for i, v in enumerate(g.variants)
            ],
        )
        self.sync(
            m.Achievement,
            "slug",
            [
                {
                    "slug": a.slug,
                    "name": a.name,
                    "variant": variants.get(a.variant) if a.variant else None,
                    "requirement": a.requirement,
                    "source": a.source,
                    "position": i,
                }
                for i, a in enumerate(g.achievements)
            ],
        )

    def load_rules(self) -> None:
        sections = self.fx.rules.sections
        by_number = self.sync(
            m.RuleSection,
            "number",
            [
                {
                    "number": s.number,
                    "title": s.title,
                    "source": s.source,
                    "provenance": s.provenance.value if s.provenance else "",
                    "document": s.document,
                    "position": i,
                }
                for i, s in enumerate(sections)
            ],
        )
        rows = []
        position = 0
        for s in sections:
            for r in s.rules:
                provenance, document = rule_provenance(s, r)
                rows.append(
                    {
                        "number": r.number,
                        "key": f"{self.game.slug}:{r.number}",
                        "section": by_number[s.number],
                        "text": r.text,
                        "source": r.source or s.source,
                        "provenance": provenance.value if provenance else "",
                        "document": document,
                        "position": position,
                    }
                )
                position += 1
        self.rules = self.sync(m.Rule, "number", rows)

    def load_cards(self) -> None:
        cards = self.fx.cards
        self.progress(f"  {len(cards)} cards from {', '.join(self.fx.card_files) or 'no file'}")
        rows = [
            {
                "slug": c.slug,
                "name": c.name,
                "name_folded": name_fold(c.name),
                "card_type": self.card_types.get(c.type) if c.type else None,
                "expansion": self.expansions.get(c.expansion) if c.expansion else None,
                "cost": c.cost,
                "power": c.power,
                "copies": c.copies,
                "number": c.number,
                "text": c.text,
                "attributes": c.attributes,
                "provenance": c.provenance.value,
                "source": c.source,
                "notes": c.notes,
                "position": i,
            }
            for i, c in enumerate(cards)
        ]
        self.cards = self.sync(m.Card, "slug", rows)
        self.sync_m2m(
            m.Card.factions.through,
            "card",
            "faction",
            [c.pk for c in self.cards.values()],
            {(self.cards[c.slug].pk, self.factions[f].pk) for c in cards for f in c.factions},
        )
        self.sync(
            m.CardRedirect,
            "former_slug",
            [{"former_slug": r.former_slug, "card": self.cards[r.slug]} for r in self.fx.redirects],
        )

    def load_glossary(self) -> None:
        terms = self.fx.glossary.terms
        by_slug = self.sync(
            m.GlossaryTerm,
            "slug",
            [
                {
                    "slug": t.slug,
                    "term": t.term,
                    "aliases": t.aliases,
                    "definition": t.definition,
                    "source": t.source,
                    "provenance": t.provenance.value,
                    "document": t.document,
                    "position": i,
                }
                for i, t in enumerate(terms)
            ],
        )
        self.sync_m2m(
            m.GlossaryTerm.rules.through,
            "glossaryterm",
            "rule",
            [t.pk for t in by_slug.values()],
            {(by_slug[t.slug].pk, self.rules[n].pk) for t in terms for n in t.rules},
        )

    def load_clarifications(self) -> None:
        items = self.fx.clarifications.clarifications
        by_slug = self.sync(
            m.Clarification,
            "slug",
            [
                {
                    "slug": c.slug,
                    "key": f"{self.game.slug}:{c.slug}",
                    "kind": c.kind.value,
                    "question": c.question,
                    "answer": c.answer,
                    "source": c.source,
                    "provenance": c.provenance.value,
                    "document": c.document,
                    "position": i,
                }
                for i, c in enumerate(items)
            ],
        )
        self.sync(
            m.ClarificationRedirect,
            "former_key",
            [
                {
                    "former_key": f"{self.game.slug}:{former}",
                    "former_slug": former,
                    "clarification": by_slug[c.slug],
                }
                for c in items
                for former in c.former_slugs
            ],
        )
        ids = [c.pk for c in by_slug.values()]
        self.sync_m2m(
            m.Clarification.rules.through,
            "clarification",
            "rule",
            ids,
            {(by_slug[c.slug].pk, self.rules[n].pk) for c in items for n in c.rules},
        )
        self.sync_m2m(
            m.Clarification.cards.through,
            "clarification",
            "card",
            ids,
            {(by_slug[c.slug].pk, self.cards[s].pk) for c in items for s in c.cards},
        )

    def load_synonyms(self) -> None:  # the game's short names are loaded with the game
        self.sync(
            m.Synonym,
            "words",
            [
                {"words": s.words, "means": s.means, "note": s.note, "position": i}
                for i, s in enumerate(self.fx.synonyms.synonyms)
            ],
        )

    def load_sources(self) -> None:
        self.sync(
            m.Source,
            "title",
            [
                {
                    "title": s.title,
                    "kind": s.kind.value,
                    "about": s.about,
                    "url": s.url,
                    "position": i,
                }
                for i, s in enumerate(self.fx.table.sources)
            ],
        )


__all__ = ["FixtureError", "LoadReport", "fixtures_load", "game_folders"]


class _GamingWordsLoader(_GameLoader):
    """Only the generic sync, for rows of no game (the gaming words)."""

    def __init__(self, report: LoadReport) -> None:  # no game's fixtures
        self.report = report
