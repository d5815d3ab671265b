"""Full-text search over rules, cards, clarifications, glossary terms and games.

One interface, two backends chosen by `connection.vendor`: SQLite FTS5 on the embedded default,
PostgreSQL full-text search (a weighted `tsvector` with a GIN index) in production. The tables
are made by migration `0002_search_index`; they are not Django models.

Both backends index the same text: Python folds it first (`fold`: case, accents, ё → е) and
splits it into plain letter-and-digit tokens joined by spaces, so FTS5's `unicode61` tokenizer
and PostgreSQL's `simple` configuration see exactly the same words, and a query matches alike
on both. There is no stemming (it would differ between the backends and between Russian and
English): a prefix (`press*`) finds every form of a word.

Each document has three weighted fields: `title` (a card's name, a rule's number and section,
a question, a term) above `body` (the text) above `meta` (type, set, factions, source).
Ranking is BM25 on SQLite and `ts_rank` on PostgreSQL over those weights; title matches lead on
both. The index is rebuilt by the fixture loader and kept in step with admin edits by signals
(`connect_signals`, called from `CardsdbConfig.ready`).
"""

from __future__ import annotations

import difflib
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.core.cache import cache as django_cache
from django.db import connection, transaction
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from cardsdb import models as m

TABLE = "cardsdb_search"
VOCAB_TABLE = "cardsdb_search_vocab"  # SQLite only: an fts5vocab view of TABLE's terms

MAX_QUERY_LENGTH = 500
MAX_TERMS = 24
BATCH = 1000


# --------------------------------------------------------------------------------------------
# Kinds of document
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind:
    slug: str
    code: int  # rowid = object id * KIND_SLOTS + code: one row per object, found by rowid
    label: str  # the heading of its group of results
    model: type[m.Model]


KINDS: tuple[Kind, ...] = (
    Kind("rule", 1, "Rules", m.Rule),
    Kind("term", 4, "Glossary terms", m.GlossaryTerm),
    Kind("clarification", 3, "Clarifications", m.Clarification),
    Kind("card", 2, "Cards", m.Card),
    Kind("game", 5, "Games", m.Game),
)
KIND_SLOTS = 8
KIND_BY_SLUG = {k.slug: k for k in KINDS}
KIND_BY_MODEL = {k.model: k for k in KINDS}
_KIND_BY_CODE = {k.code: k.slug for k in KINDS}


def _rowid(kind: str, object_id: int) -> int:
    return object_id * KIND_SLOTS + KIND_BY_SLUG[kind].code


# --------------------------------------------------------------------------------------------
# Folding and tokens: the one definition of a "word", used for indexing, queries and marks
# --------------------------------------------------------------------------------------------

TOKEN_RE = re.compile(r"[^\W_]+")
_ORIGINAL_WORD_RE = re.compile(r"[^\W_]+(?:[\u0300-\u036f][^\W_]*)*")


def fold(text: str) -> str:
    """Lower case without accents, ё read as е (й stays й: it is a letter, not an accent)."""
    if text.isascii():
        return text.lower()
    text = text.casefold().replace("ё", "е").replace("й", "\0")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", text).replace("\0", "й")


def tokens(text: str) -> list[str]:
    return TOKEN_RE.findall(fold(text))


def index_text(text: str) -> str:
    """What the backends index: the folded tokens joined by single spaces."""
    return " ".join(tokens(text))


# --------------------------------------------------------------------------------------------
# Queries: words, "phrases", prefix*, -exclusion
# --------------------------------------------------------------------------------------------


class SearchQueryError(ValueError):
    """A search query that cannot be run; `position` is the character it fails at."""

    code = "invalid-search"

    def __init__(self, message: str, position: int = 0, field: str = "q") -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.field = field


@dataclass(frozen=True)
class Term:
    tokens: tuple[str, ...]  # one token is a word, more are a phrase
    prefix: bool = False  # the last token is a prefix
    negated: bool = False


@dataclass(frozen=True)
class SearchQuery:
    text: str
    terms: tuple[Term, ...]

    @property
    def positive(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if not t.negated)

    @property
    def negative(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.negated)

    def __bool__(self) -> bool:
        return bool(self.positive)


_QUERY_PART_RE = re.compile(r'(-?)"([^"]*)("?)(\*?)|(-?)([^\s"]+)')


def parse_search(text: str) -> SearchQuery:
    """Read a search box query. Lenient: stray punctuation is ignored and an unclosed quote
    runs to the end. Only the length and the number of terms are refused."""
    if len(text) > MAX_QUERY_LENGTH:
        raise SearchQueryError(
            f"The query is {len(text)} characters long; at most {MAX_QUERY_LENGTH} are read.",
            MAX_QUERY_LENGTH,
        )
    terms: list[Term] = []
    for match in _QUERY_PART_RE.finditer(text):
        if match.group(2) is not None and match.group(0).lstrip("-").startswith('"'):
            negated, words, star = bool(match.group(1)), match.group(2), bool(match.group(4))
        else:
            negated, words = bool(match.group(5)), match.group(6)
            star = words.endswith("*")
        found = tuple(tokens(words))
        if not found:
            continue
        if len(terms) >= MAX_TERMS:
            raise SearchQueryError(
                f"The query has more than {MAX_TERMS} words; search for fewer.", match.start()
            )
        terms.append(Term(found, prefix=star, negated=negated))
    return SearchQuery(text, tuple(terms))


# --------------------------------------------------------------------------------------------
# Documents
# --------------------------------------------------------------------------------------------


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


CARD_FIELDS = ("id", "game_id", "slug", "name", "card_type_id", "expansion_id", "number")
CARD_FIELDS += ("text", "attributes")


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
        return self._doc(
            "game",
            game.pk,
            game,
            key=game.slug,
            url=reverse("web:game", args=[game.slug]),
            title=_join(*_names(game)),
            body=_join(game.summary, game.edition, game.name_note),
            meta=_join(*(n for obj in expansions + factions for n in _names(obj))),
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
                "set": {e.pk: _names(e) for e in m.Expansion.objects.filter(game_id__in=ids)},
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


# --------------------------------------------------------------------------------------------
# Backends
# --------------------------------------------------------------------------------------------

_DISPLAY_COLUMNS = (
    "kind, object_id, key, url, game_slug, game_name, title_text, body_text, meta_text"
)


def _scope(kind: str | None = None, game_id: int | None = None) -> list[str]:
    """Index tokens that say what a document is, for filtering inside the full-text index.
    They hold '_', which no query word can (a word is letters and digits), so a search for
    words never matches them."""
    out = [f"k_{kind}"] if kind else []
    return out + ([f"g_{game_id}"] if game_id is not None else [])


class _SQLite:
    """FTS5. BM25 weights: title 10, body 4, meta 1, scope 0 (lower is better)."""

    rank_order = "score, rowid"
    score = f"bm25({TABLE}, 10.0, 4.0, 1.0, 0.0)"

    @staticmethod
    def term(term: Term, column: str | None = None) -> str:
        expr = '"' + " ".join(term.tokens) + '"' + ("*" if term.prefix else "")
        return f"{column} : {expr}" if column else expr

    def match(self, query: SearchQuery, column: str | None = None) -> str:
        expr = " AND ".join(self.term(t, column) for t in query.positive)
        for t in query.negative:
            expr = f"({expr}) NOT {self.term(t, column)}"
        return expr

    def where(
        self, query: SearchQuery, scope: list[str], column: str | None = None
    ) -> tuple[str, list[Any]]:
        expr = self.match(query, column)
        if scope:
            expr = f"({expr}) AND " + " AND ".join(f'scope : "{s}"' for s in scope)
        return f"{TABLE} MATCH %s", [expr]

    def card_ids(self, query: SearchQuery) -> RawSQL:
        where, params = self.where(query, _scope("card"), "body")
        return RawSQL(f"SELECT rowid / {KIND_SLOTS} FROM {TABLE} WHERE {where}", params)

    def rank_params(self, query: SearchQuery) -> list[Any]:
        return []

    def insert(self, cursor: Any, docs: Sequence[Document]) -> None:
        cursor.executemany(
            f"INSERT INTO {TABLE} (rowid, title, body, meta, scope, {_DISPLAY_COLUMNS}, game_id) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            [
                (
                    d.rowid,
                    index_text(d.title),
                    index_text(d.body),
                    index_text(d.meta),
                    " ".join(_scope(d.kind, d.game_id)),
                    d.kind,
                    d.object_id,
                    d.key,
                    d.url,
                    d.game_slug,
                    d.game_name,
                    d.title,
                    d.body,
                    d.meta,
                    d.game_id,
                )
                for d in docs
            ],
        )

    def vocabulary(self, cursor: Any) -> list[str]:
        cursor.execute(f"SELECT term FROM {VOCAB_TABLE}")
        return [row[0] for row in cursor.fetchall() if "_" not in row[0]]  # not scope tokens


class _Postgres:
    """A weighted tsvector (A title, B body, C meta, the scope unweighted) with a GIN index;
    `ts_rank` with the weights {D 0, C 0.1, B 0.4, A 1}, length-normalised (higher is better)."""

    rank_order = "score DESC, id"
    score = "ts_rank('{0, 0.1, 0.4, 1}', vector, to_tsquery('simple', %s), 1)"

    @staticmethod
    def term(term: Term, weight: str = "") -> str:
        parts = [f"'{tok}'" + (f":{weight}" if weight else "") for tok in term.tokens]
        if term.prefix:
            parts[-1] = f"'{term.tokens[-1]}':*{weight}"
        expr = " <-> ".join(parts)
        return f"({expr})" if len(parts) > 1 else expr

    def match(self, query: SearchQuery, weight: str = "") -> str:
        expr = " & ".join(self.term(t, weight) for t in query.positive)
        expr += "".join(f" & !{self.term(t, weight)}" for t in query.negative)
        return expr

    def where(
        self, query: SearchQuery, scope: list[str], weight: str = ""
    ) -> tuple[str, list[Any]]:
        # The kind is matched on its column, so the planner can read that kind's own partial
        # GIN index (migration 0005) instead of every kind's postings for the words.
        kinds = [s.removeprefix("k_") for s in scope if s.startswith("k_")]
        clauses, params = (["kind = %s"], kinds[:1]) if kinds else ([], [])
        rest = [s for s in scope if not s.startswith("k_")]
        if rest:
            clauses.append("vector @@ (to_tsquery('simple', %s) && %s::tsquery)")
            params += [self.match(query, weight), " & ".join(f"'{s}'" for s in rest)]
        else:
            clauses.append("vector @@ to_tsquery('simple', %s)")
            params.append(self.match(query, weight))
        return " AND ".join(clauses), params

    def card_ids(self, query: SearchQuery) -> RawSQL:
        where, params = self.where(query, _scope("card"), "B")
        return RawSQL(f"SELECT object_id FROM {TABLE} WHERE {where}", params)

    def rank_params(self, query: SearchQuery) -> list[Any]:
        """Rank by the wanted words alone: `ts_rank` of a query with `!` is 0."""
        return [self.match(SearchQuery(query.text, query.positive))]

    def insert(self, cursor: Any, docs: Sequence[Document]) -> None:
        cursor.executemany(
            f"INSERT INTO {TABLE} (id, {_DISPLAY_COLUMNS}, game_id, vector) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, "
            "setweight(to_tsvector('simple', %s), 'A') || "
            "setweight(to_tsvector('simple', %s), 'B') || "
            "setweight(to_tsvector('simple', %s), 'C') || %s::tsvector)",
            [
                (
                    d.rowid,
                    d.kind,
                    d.object_id,
                    d.key,
                    d.url,
                    d.game_slug,
                    d.game_name,
                    d.title,
                    d.body,
                    d.meta,
                    d.game_id,
                    index_text(d.title),
                    index_text(d.body),
                    index_text(d.meta),
                    " ".join(_scope(d.kind, d.game_id)),
                )
                for d in docs
            ],
        )

    def vocabulary(self, cursor: Any) -> list[str]:
        cursor.execute(f"SELECT word FROM ts_stat('SELECT vector FROM {TABLE}')")
        return [row[0] for row in cursor.fetchall() if "_" not in row[0]]


def _backend() -> _SQLite | _Postgres:
    if connection.vendor == "sqlite":
        return _SQLite()
    if connection.vendor == "postgresql":
        return _Postgres()
    raise NotImplementedError(f"search has no backend for {connection.vendor}")


# --------------------------------------------------------------------------------------------
# Writing the index
# --------------------------------------------------------------------------------------------

_GENERATION_KEY = "search:generation"


def _touch() -> None:
    """Tell every process's vocabulary cache that the index changed."""
    try:
        django_cache.incr(_GENERATION_KEY)
    except ValueError:
        django_cache.set(_GENERATION_KEY, 1, None)


def index_documents(docs: Iterable[Document], replace: bool = True) -> int:
    """Write documents in the index, replacing their old versions unless `replace` is False
    (the caller has just emptied the index); returns how many."""
    backend = _backend()
    count = 0
    batch: list[Document] = []
    # One transaction: SQLite in autocommit would sync the file after every row.
    with transaction.atomic(), connection.cursor() as cursor:

        def flush() -> None:
            if replace:
                key = "rowid" if isinstance(backend, _SQLite) else "id"
                cursor.execute(
                    f"DELETE FROM {TABLE} WHERE {key} IN ({', '.join(['%s'] * len(batch))})",
                    [d.rowid for d in batch],
                )
            backend.insert(cursor, batch)

        for doc in docs:
            batch.append(doc)
            count += 1
            if len(batch) >= BATCH:
                flush()
                batch = []
        if batch:
            flush()
    _touch()
    return count


def index_remove(kind: str, object_ids: Iterable[int]) -> None:
    ids = [_rowid(kind, pk) for pk in object_ids]
    if not ids:
        return
    key = "rowid" if connection.vendor == "sqlite" else "id"
    with connection.cursor() as cursor:
        for start in range(0, len(ids), BATCH):
            chunk = ids[start : start + BATCH]
            cursor.execute(
                f"DELETE FROM {TABLE} WHERE {key} IN ({', '.join(['%s'] * len(chunk))})", chunk
            )


def index_rebuild(game_slugs: Iterable[str] | None = None) -> int:
    """Drop and rebuild the documents of these games (all games when None)."""
    games = m.Game.objects.all()
    if game_slugs is not None:
        games = games.filter(slug__in=list(game_slugs))
    games = list(games)
    with transaction.atomic():
        with connection.cursor() as cursor:
            if game_slugs is None:
                cursor.execute(f"DELETE FROM {TABLE}")
            else:
                for game in games:
                    cursor.execute(f"DELETE FROM {TABLE} WHERE game_id = %s", [game.pk])
        count = index_documents(_DocumentBuilder(games).documents(), replace=False)
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":  # every query scans the GIN pending list
                cursor.execute("SELECT gin_clean_pending_list('cardsdb_search_vector')")
            # Fresh statistics after a bulk load: without them both planners pick poor plans
            # (PostgreSQL scans the index table, SQLite joins cards to games before filtering).
            cursor.execute("ANALYZE")
        return count


def index_after_load(game_slugs: Sequence[str], changed: bool) -> None:
    """The fixture loader's hook: rebuild the loaded games when anything was written, or when
    one of them is missing from the index (a fresh migration, a restored database)."""
    if changed or any(index_count(slug) == 0 for slug in game_slugs):
        index_rebuild(game_slugs)


def index_count(game_slug: str | None = None) -> int:
    """Entries in the index, of one game (found through its scope token) or of all."""
    with connection.cursor() as cursor:
        if game_slug is None:
            cursor.execute(f"SELECT count(*) FROM {TABLE}")
            return int(cursor.fetchone()[0])
        game_id = m.Game.objects.filter(slug=game_slug).values_list("pk", flat=True).first()
        if game_id is None:
            return 0
        token = _scope(game_id=game_id)[0]
        if connection.vendor == "sqlite":
            cursor.execute(
                f"SELECT count(*) FROM {TABLE} WHERE {TABLE} MATCH %s", [f'scope : "{token}"']
            )
        else:
            cursor.execute(f"SELECT count(*) FROM {TABLE} WHERE vector @@ %s::tsquery", [token])
        return int(cursor.fetchone()[0])


def index_object(obj: Any) -> None:
    doc = _DocumentBuilder([]).document_for(obj)
    if doc is not None:
        index_documents([doc])


# --------------------------------------------------------------------------------------------
# Marks and snippets: escape everything, wrap the matched words in <mark>
# --------------------------------------------------------------------------------------------


def _matcher(query: SearchQuery) -> Callable[[str], bool]:
    exact: set[str] = set()
    prefixes: list[str] = []
    for term in query.positive:
        if term.prefix:
            exact.update(term.tokens[:-1])
            prefixes.append(term.tokens[-1])
        else:
            exact.update(term.tokens)
    starts = tuple(prefixes)

    def hit(word: str) -> bool:
        return any(t in exact or (starts and t.startswith(starts)) for t in tokens(word))

    return hit


def _spans(text: str, hit: Callable[[str], bool]) -> list[tuple[int, int, bool]]:
    return [(w.start(), w.end(), hit(w.group())) for w in _ORIGINAL_WORD_RE.finditer(text)]


def _render(text: str, spans: list[tuple[int, int, bool]], start: int, end: int) -> str:
    out, at = [], start
    for s, e, is_hit in spans:
        if not is_hit or s < start or e > end:
            continue
        out.append(escape(text[at:s]))
        out.append(f"<mark>{escape(text[s:e])}</mark>")
        at = e
    out.append(escape(text[at:end]))
    return "".join(out)


def highlight(text: str, query: SearchQuery) -> SafeString:
    """The whole text, escaped, with the matched words marked."""
    return mark_safe(_render(text, _spans(text, _matcher(query)), 0, len(text)))


def snippet(text: str, query: SearchQuery, words: int = 30) -> tuple[SafeString, int]:
    """A window of about `words` words around the densest run of matches; (html, matches)."""
    spans = _spans(text, _matcher(query))
    if not spans:
        return mark_safe(escape(text[:200])), 0
    hits = [i for i, span in enumerate(spans) if span[2]]
    first = 0
    if hits:  # the window of `words` words holding the most matches, a little lead-in
        best = max(hits, key=lambda i: sum(1 for j in hits if i <= j < i + words))
        first = max(0, min(best - 4, len(spans) - words))
    last = min(len(spans), first + words) - 1
    start = 0 if first == 0 else spans[first][0]
    end = len(text) if last == len(spans) - 1 else spans[last][1]
    html = _render(text, spans, start, end)
    html = ("… " if start else "") + html + (" …" if end < len(text) else "")
    return mark_safe(html), len(hits)


# --------------------------------------------------------------------------------------------
# Searching
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Hit:
    kind: str
    key: str
    url: str
    game: str
    game_name: str
    title: str
    title_html: SafeString
    snippet: SafeString
    score: float

    @property
    def kind_label(self) -> str:
        return KIND_BY_SLUG[self.kind].label


def _hit(row: Sequence[Any], query: SearchQuery) -> Hit:
    kind, _object_id, key, url, game_slug, game_name, title, body, meta, score = row[:10]
    html, found = snippet(body, query)
    if not found and meta:
        meta_html, meta_found = snippet(meta, query)
        if meta_found:
            html = mark_safe(f"{html} <small>({meta_html})</small>" if body else meta_html)
    return Hit(
        kind=kind,
        key=key,
        url=url,
        game=game_slug,
        game_name=game_name,
        title=title,
        title_html=highlight(title, query),
        snippet=html,
        score=float(score),
    )


# Counting and ranking every match of a word found in most documents would cost time in
# proportion to the corpus. Instead each kind's matches are counted up to COUNT_CAP (more is
# shown as "1,000+"), and a query with more than RANK_LIMIT matches is listed in document
# order (rulebook order, catalog order) rather than ranked: its words are too common to rank
# by. Both limits keep a search's work bounded whatever the size of the corpus.
COUNT_CAP = 1000
RANK_LIMIT = 1000


@dataclass
class SearchResults:
    """Lazy, sliceable results (a Django Paginator can page them): `count()`, `[a:b]`,
    `counts()` by kind, `grouped(n)` the best n of each kind."""

    query: SearchQuery
    kind: str | None = None
    game_id: int | None = None
    _counts: dict[str, int] | None = field(default=None, repr=False)

    def _kinds(self) -> list[str]:
        return [self.kind] if self.kind else [k.slug for k in KINDS]

    def counts(self) -> dict[str, int]:
        """Matches of each kind with any, each counted up to COUNT_CAP + 1.

        SQLite: one query reads up to RANK_LIMIT + 1 matches; fewer is the exact count, more
        means a broad query, whose kinds are then counted one by one, each up to the cap.
        PostgreSQL: each kind is counted on its own partial index straight away (a GIN scan
        builds its whole bitmap before the first row, so a first broad read costs as much as
        the per-kind reads it would spare)."""
        if self._counts is None:
            self._counts = {}
            if self.query:
                backend = _backend()
                with connection.cursor() as cursor:
                    if isinstance(backend, _Postgres):
                        # A LIMIT tempts the planner into a scan of the table that stops at
                        # the cap, which reads all of it when the kind's rows are stored last;
                        # the kind's own index is never that slow.
                        cursor.execute("SET enable_seqscan = off")
                        try:
                            self._counts = self._capped_counts(backend, cursor)
                        finally:
                            cursor.execute("RESET enable_seqscan")
                    else:
                        self._counts = self._sampled_counts(backend, cursor)
        return self._counts

    def _sampled_counts(self, backend: _SQLite, cursor: Any) -> dict[str, int]:
        where, params = backend.where(self.query, _scope(self.kind, self.game_id))
        # the kind is in the row id: FTS5 need not read the stored row
        cursor.execute(
            f"SELECT rowid FROM {TABLE} WHERE {where} LIMIT %s", [*params, RANK_LIMIT + 1]
        )
        sample = Counter(_KIND_BY_CODE[row[0] % KIND_SLOTS] for row in cursor)
        if sum(sample.values()) <= RANK_LIMIT:
            return dict(sample)
        return self._capped_counts(backend, cursor)

    def _capped_counts(self, backend: _SQLite | _Postgres, cursor: Any) -> dict[str, int]:
        counts = {}
        for kind in self._kinds():
            where, params = backend.where(self.query, _scope(kind, self.game_id))
            cursor.execute(
                f"SELECT count(*) FROM (SELECT 1 FROM {TABLE} WHERE {where} LIMIT %s) AS m",
                [*params, COUNT_CAP + 1],
            )
            n = int(cursor.fetchone()[0])
            if n:
                counts[kind] = n
        return counts

    def capped(self) -> list[str]:
        """The kinds with more than COUNT_CAP matches (their count is a lower bound)."""
        return [k for k, n in self.counts().items() if n > COUNT_CAP]

    def ranked(self, kind: str | None = None) -> bool:
        """False when the query matches too much to rank (document order instead)."""
        counts = self.counts()
        kinds = [kind] if kind else self._kinds()
        return sum(counts.get(k, 0) for k in kinds) <= RANK_LIMIT

    def count(self) -> int:
        counts = self.counts()
        return sum(min(counts.get(k, 0), COUNT_CAP) for k in self._kinds())

    def __len__(self) -> int:
        return self.count()

    def fetch(self, offset: int, limit: int, kind: str | None = None) -> list[Hit]:
        if not self.query or limit <= 0:
            return []
        backend = _backend()
        kind = kind or self.kind
        where, params = backend.where(self.query, _scope(kind, self.game_id))
        if self.ranked(kind):
            columns, order = f"{backend.score} AS score", backend.rank_order
            params = [*backend.rank_params(self.query), *params]
        else:
            columns, order = "0 AS score", "rowid" if isinstance(backend, _SQLite) else "id"
        sql = (
            f"SELECT {_DISPLAY_COLUMNS}, {columns} FROM {TABLE} "
            f"WHERE {where} ORDER BY {order} LIMIT %s OFFSET %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, limit, offset])
            return [_hit(row, self.query) for row in cursor.fetchall()]

    def __getitem__(self, item: slice) -> list[Hit]:
        if not isinstance(item, slice):
            raise TypeError("search results are read in slices")
        start = item.start or 0
        stop = item.stop if item.stop is not None else start + 50
        return self.fetch(start, stop - start)

    def grouped(self, per_kind: int = 5) -> list[tuple[Kind, int, list[Hit]]]:
        """(kind, how many, best hits) for every kind with a match, best group first; a
        count above COUNT_CAP is COUNT_CAP + 1."""
        counts = self.counts()
        groups = []
        for kind in KINDS:
            if counts.get(kind.slug) and (self.kind is None or self.kind == kind.slug):
                groups.append((kind, counts[kind.slug], self.fetch(0, per_kind, kind.slug)))
        sign = -1 if connection.vendor == "sqlite" else 1
        groups.sort(key=lambda g: -sign * g[2][0].score if g[2] else 0.0)
        return groups


_SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def search(text: str, kind: str | None = None, game: str | None = None) -> SearchResults:
    """Parse and prepare a search; raises SearchQueryError (a 400) for an unreadable query."""
    if kind and kind not in KIND_BY_SLUG:
        raise SearchQueryError(
            f"Unknown kind {kind!r}; use one of {', '.join(KIND_BY_SLUG)}.", field="kind"
        )
    if game and not _SLUG_RE.match(game):
        raise SearchQueryError("A game is given by its slug, e.g. hyperstar-run.", field="game")
    game_id = None
    if game:  # an unknown game matches nothing
        game_id = m.Game.objects.filter(slug=game).values_list("pk", flat=True).first() or 0
    return SearchResults(parse_search(text), kind=kind or None, game_id=game_id)


def card_ids_matching_text(query: SearchQuery) -> RawSQL:
    """A subquery of the ids of cards whose text (body) matches: the card query's `o:`."""
    return _backend().card_ids(query)


# --------------------------------------------------------------------------------------------
# Suggestions: the nearest indexed words, for a query without results
# --------------------------------------------------------------------------------------------

_vocabulary_cache: dict[str, Any] = {}


def _vocabulary() -> dict[int, list[str]]:
    """Indexed words of three letters or more, by length; rebuilt when the index changes."""
    generation = (connection.vendor, django_cache.get(_GENERATION_KEY, 0))
    if _vocabulary_cache.get("generation") != generation:
        with connection.cursor() as cursor:
            words = _backend().vocabulary(cursor)
        by_length: dict[int, list[str]] = {}
        for word in words:
            if len(word) >= 3 and not word.isdigit():
                by_length.setdefault(len(word), []).append(word)
        _vocabulary_cache.update(generation=generation, words=by_length)
    return _vocabulary_cache["words"]


def suggest(query: SearchQuery, limit: int = 5) -> list[str]:
    vocabulary = _vocabulary()
    seen: list[str] = []
    for term in query.positive:
        for token in term.tokens:
            near = [w for n in range(len(token) - 2, len(token) + 3) for w in vocabulary.get(n, [])]
            for word in difflib.get_close_matches(token, near, n=3, cutoff=0.72):
                if word != token and word not in seen:
                    seen.append(word)
    return seen[:limit]


# --------------------------------------------------------------------------------------------
# Keeping the index in step with admin edits
# --------------------------------------------------------------------------------------------


_paused = threading.local()


@contextmanager
def signals_paused() -> Iterator[None]:
    """Skip the per-object index updates inside this block (a bulk job that rebuilds the
    index itself afterwards: deleting 100,000 cards would otherwise delete 100,000 rows one
    by one). The game-level cleanup on deleting a game still runs."""
    _paused.on = True
    try:
        yield
    finally:
        _paused.on = False


def _active() -> bool:
    return not getattr(_paused, "on", False)


def _on_save(sender: type, instance: Any, raw: bool = False, **_: Any) -> None:
    if not raw and _active():
        index_object(instance)


def _on_delete(sender: type, instance: Any, **_: Any) -> None:
    if _active():
        index_remove(KIND_BY_MODEL[sender].slug, [instance.pk])


def _on_game_delete(sender: type, instance: m.Game, **_: Any) -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {TABLE} WHERE game_id = %s", [instance.pk])


def _on_card_factions(sender: type, instance: Any, action: str, **_: Any) -> None:
    changed = action in {"post_add", "post_remove", "post_clear"}
    if changed and isinstance(instance, m.Card) and _active():
        index_object(instance)


def _on_related_save(sender: type, instance: Any, raw: bool = False, **_: Any) -> None:
    """A renamed section, type, set or faction changes the documents that show its name."""
    if raw or not _active():
        return
    builder = _DocumentBuilder([])
    if sender is m.RuleSection:
        rules = m.Rule.objects.filter(section=instance).select_related("section")
        index_documents(builder.rule(r) for r in rules)
        return
    related = {m.Faction: "factions", m.Expansion: "expansion", m.CardType: "card_type"}
    cards = m.Card.objects.filter(**{related[sender]: instance})
    index_documents(builder.cards(cards))


@cache
def connect_signals() -> None:
    for kind in KINDS:
        uid = f"search-{kind.slug}"
        post_save.connect(_on_save, sender=kind.model, dispatch_uid=f"{uid}-save")
        post_delete.connect(_on_delete, sender=kind.model, dispatch_uid=f"{uid}-delete")
    pre_delete.connect(_on_game_delete, sender=m.Game, dispatch_uid="search-game-pre-delete")
    m2m_changed.connect(
        _on_card_factions, sender=m.Card.factions.through, dispatch_uid="search-card-factions"
    )
    for model in (m.RuleSection, m.Faction, m.Expansion, m.CardType):
        post_save.connect(
            _on_related_save, sender=model, dispatch_uid=f"search-{model.__name__}-save"
        )
