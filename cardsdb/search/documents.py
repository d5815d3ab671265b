"""The entries of the index: each rule, glossary term, clarification, dispute question, card
and game as a document of three weighted fields (title, body, meta)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.urls import reverse

from cardsdb import models as m
from cardsdb.search.kinds import (
    BATCH,
    KIND_BY_MODEL,
    QUESTION_SLOTS,
    _rowid,
)
from games import registry


@dataclass(frozen=True)
class Document:
    kind: str
    object_id: int
    game_id: int
    game_slug: str
    game_name: str
    key: str
    url: str
    title: str
    body: str
    meta: str

    @property
    def rowid(self) -> int:
        return _rowid(self.kind, self.object_id)


# Attribute values that are bookkeeping, not printed on the card.
_QUIET_ATTRIBUTES = {"sources", "source", "confidence", "open_points"}


def _join(*parts: Any) -> str:
    return " · ".join(str(p) for p in parts if p not in (None, ""))


def _names(obj: Any) -> list[str]:
    """An object's name followed by its names in other languages."""
    names = [obj.name]
    names += [n for n in (getattr(obj, "names", None) or {}).values() if n and n not in names]
    return names


def _attribute_texts(attributes: Any) -> tuple[list[str], list[str]]:
    """A card's printed attribute values: (phrases, single words). Phrases (ability texts)
    count as the card's text; single words (a weapon, a release code) as its details."""
    phrases: list[str] = []
    words: list[str] = []
    if isinstance(attributes, dict):
        for key, value in attributes.items():
            if isinstance(value, str) and key not in _QUIET_ATTRIBUTES and not key.endswith("_id"):
                (phrases if " " in value.strip() else words).append(value)
    return phrases, words


CARD_FIELDS: tuple[str, ...] = ("id", "game_id", "slug", "name", "card_type_id", "expansion_id")
CARD_FIELDS += ("number", "text", "attributes")


class _DocumentBuilder:
    """Builds documents for a set of games. Cards, the bulk of the index, are read as plain
    rows with their types, sets and factions looked up in dicts: no model instances."""

    def __init__(self, games: Iterable[m.Game]) -> None:
        self.games = {g.pk: g for g in games}
        self._lookups: dict[str, dict[int, list[str]]] | None = None

    def _game_of(self, game_id: int) -> m.Game:
        if game_id not in self.games:
            self.games[game_id] = m.Game.objects.get(pk=game_id)
            self._lookups = None
        return self.games[game_id]

    def _doc(self, kind: str, object_id: int, game: m.Game, **fields: str) -> Document:
        return Document(
            kind=kind,
            object_id=object_id,
            game_id=game.pk,
            game_slug=game.slug,
            game_name=game.name,
            **fields,
        )

    def game(self, game: m.Game) -> Document:
        expansions = list(m.Expansion.objects.filter(game=game).order_by("position"))
        factions = list(m.Faction.objects.filter(game=game).order_by("position"))
        symbols = list(m.Symbol.objects.filter(game=game).order_by("position"))
        return self._doc(
            "game",
            game.pk,
            game,
            key=game.slug,
            url=reverse("web:game", args=[game.slug]),
            title=_join(*_names(game)),
            body=_join(game.summary, game.edition, game.name_note),
            meta=_join(
                *(n for obj in expansions + factions for n in _names(obj)),
                *(part for sym in symbols for part in (sym.name, sym.glyph)),
            ),
        )

    def questions(self, game: m.Game) -> Iterator[Document]:
        """The game's common disputes, each a form on its disputes page (`#q-<slug>`)."""
        if game.slug not in registry:
            return
        url = reverse("web:disputes", args=[game.slug])
        for i, question in enumerate(registry[game.slug].questions[:QUESTION_SLOTS]):
            yield self._doc(
                "question",
                game.pk * QUESTION_SLOTS + i,
                game,
                key=f"{game.slug}:{question.slug}",
                url=f"{url}#q-{question.slug}",
                title=question.title,
                body=question.help,
                meta="settle a dispute",
            )

    def rule(self, rule: m.Rule) -> Document:
        game = self._game_of(rule.game_id)
        return self._doc(
            "rule",
            rule.pk,
            game,
            key=rule.key,
            url=reverse("web:rules", args=[game.slug]) + f"#{rule.number}",
            title=f"{rule.number} {rule.section.title}",
            body=rule.text,
            meta=rule.source,
        )

    def clarification(self, item: m.Clarification) -> Document:
        game = self._game_of(item.game_id)
        return self._doc(
            "clarification",
            item.pk,
            game,
            key=item.key,
            url=reverse("web:clarifications", args=[game.slug]) + f"#{item.slug}",
            title=item.question,
            body=item.answer,
            meta=_join(item.get_kind_display(), item.source),
        )

    def term(self, term: m.GlossaryTerm) -> Document:
        game = self._game_of(term.game_id)
        return self._doc(
            "term",
            term.pk,
            game,
            key=f"{game.slug}:{term.slug}",
            url=reverse("web:glossary", args=[game.slug]) + f"#term-{term.slug}",
            title=_join(term.term, *term.aliases),
            body=term.definition,
            meta=term.source,
        )

    # -- cards --

    def lookups(self) -> dict[str, dict[int, list[str]]]:
        if self._lookups is None:
            ids = list(self.games)
            self._lookups = {
                "type": {t.pk: [t.name] for t in m.CardType.objects.filter(game_id__in=ids)},
                "set": {
                    e.pk: _names(e) + ([e.symbol.glyph] if e.symbol and e.symbol.glyph else [])
                    for e in m.Expansion.objects.filter(game_id__in=ids).select_related("symbol")
                },
                "faction": {f.pk: _names(f) for f in m.Faction.objects.filter(game_id__in=ids)},
                "url": {g.pk: [reverse("web:cards", args=[g.slug])] for g in self.games.values()},
            }
        return self._lookups

    def card(self, row: dict[str, Any], faction_ids: list[int]) -> Document:
        game = self._game_of(row["game_id"])
        look = self.lookups()
        phrases, words = _attribute_texts(row["attributes"])
        meta = [row["number"], *words, *look["type"].get(row["card_type_id"] or 0, [])]
        meta += look["set"].get(row["expansion_id"] or 0, [])
        for faction_id in faction_ids:
            meta += look["faction"].get(faction_id, [])
        return self._doc(
            "card",
            row["id"],
            game,
            key=f"{game.slug}:{row['slug']}",
            url=f"{look['url'][game.pk][0]}{row['slug']}/",
            title=row["name"],
            body=_join(row["text"], *phrases),
            meta=_join(*meta),
        )

    def cards(self, cards: QuerySet[m.Card]) -> Iterator[Document]:
        """Documents for these cards, read in keyset pages so memory stays flat."""
        rows = cards.order_by("pk").values(*CARD_FIELDS)
        through = m.Card.factions.through.objects
        last = 0
        while True:
            page = list(rows.filter(pk__gt=last)[:BATCH])
            if not page:
                return
            factions: dict[int, list[int]] = {}
            pairs = through.filter(card_id__in=[r["id"] for r in page]).order_by("faction_id")
            for card_id, faction_id in pairs.values_list("card_id", "faction_id"):
                factions.setdefault(card_id, []).append(faction_id)
            for row in page:
                yield self.card(row, factions.get(row["id"], []))
            last = page[-1]["id"]

    def documents(self) -> Iterator[Document]:
        ids = list(self.games)
        for game in list(self.games.values()):
            yield self.game(game)
            yield from self.questions(game)
        for rule in m.Rule.objects.filter(game_id__in=ids).select_related("section"):
            yield self.rule(rule)
        for item in m.Clarification.objects.filter(game_id__in=ids):
            yield self.clarification(item)
        for term in m.GlossaryTerm.objects.filter(game_id__in=ids):
            yield self.term(term)
        yield from self.cards(m.Card.objects.filter(game_id__in=ids))

    def document_for(self, obj: Any) -> Document | None:
        kind = KIND_BY_MODEL.get(type(obj))
        if kind is None:
            return None
        if kind.slug == "game":
            return self.game(obj)
        if kind.slug == "card":
            return next(self.cards(m.Card.objects.filter(pk=obj.pk)), None)
        return getattr(self, kind.slug)(obj)
