"""Full-text search over rules, cards, clarifications, glossary terms, dispute questions and
games.

One interface, two backends chosen by `connection.vendor`: SQLite FTS5 on the embedded default,
PostgreSQL full-text search (a weighted `tsvector` with a GIN index) in production. The tables
are made by migrations `0002_search_index` .. `0010_search_frequencies`; they are not
Django models.

Both backends index the same words: Python folds the text (`fold`: case, accents, ё → е),
splits it into letter-and-digit tokens and replaces each by its Snowball stem (PyStemmer:
English for Latin words, Russian for Cyrillic ones), so FTS5's `unicode61` tokenizer and
PostgreSQL's `simple` configuration see exactly the same stems, and a query, stemmed the same
way, matches alike on both ("allies" finds "ally", "Персонажи" finds "персонаж").

A query is prepared in Python before either backend sees it (`prepare`): players' words are
expanded from the game's synonym list (`fixtures/<game>/synonyms.toml`), question words and
stop words are dropped, and a word the index does not hold is corrected to the nearest word it
does hold (edit distance from rapidfuzz, weighted by how often the word occurs and by whether
it is the current game's). When not every word matches anywhere, the search is relaxed to any
of the words and ranked by how many match.

Each document has three weighted fields: `title` (a card's name, a rule's number and section,
a question, a term) above `body` (the text) above `meta` (type, set, factions, source).
The databases rank by BM25 (SQLite) or `ts_rank` (PostgreSQL) over those weights; the best of
each kind are then re-ranked in Python by one rule on both (`_rerank`): how many of the words
match, a title holding every word (a card's name), the kind (a rule, term or clarification
above a card; a dispute question when the search reads like a question), then the database's
score. The index is rebuilt by the fixture loader and kept in step with admin edits by signals
(`connect_signals`, called from `CardsdbConfig.ready`).

Counts come first from how many entries of each kind and game hold each stem (the frequencies
table, kept exact by every write of the index): a kind over the count cap, or whose count the
frequencies tell, is not read in the index; a kind too broad to rank is listed from a sample
of its entries (`SAMPLES`), so a word on most of 100,000 cards never reads all their postings.
"""

from __future__ import annotations

import math
import re
import threading
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from typing import Any

import Stemmer
import stopwords as stopword_lists
from django.core.cache import cache as django_cache
from django.db import connection, transaction
from django.db.models import Model, QuerySet
from django.db.models.expressions import RawSQL
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from rapidfuzz import process
from rapidfuzz.distance import OSA

from cardsdb import models as m
from games import registry

TABLE = "cardsdb_search"
VOCAB_TABLE = "cardsdb_search_vocab"  # SQLite only: an fts5vocab view of TABLE's terms
WORDS_TABLE = "cardsdb_search_words"  # both: every indexed word, its stem, game and count
# both: how many entries of each kind and game hold each stem (the empty stem: how many entries)
FREQUENCIES_TABLE = "cardsdb_search_frequencies"
# SQLite only: the entries of every kind but cards again (their indexed fields), so that
# ranking them reads only their postings: bm25 weighs a word by reading its whole doclist in
# the table it ranks, and a word on most cards has one of about as many entries as cards.
TEXT_TABLE = "cardsdb_search_text"

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
    model: type[Model] | None  # None: not a database row (a game engine's dispute question)


KINDS: tuple[Kind, ...] = (
    Kind("rule", 1, "Rules", m.Rule),
    Kind("term", 4, "Glossary terms", m.GlossaryTerm),
    Kind("clarification", 3, "Clarifications", m.Clarification),
    Kind("question", 6, "Settle it with a question", None),
    Kind("card", 2, "Cards", m.Card),
    Kind("game", 5, "Games", m.Game),
)
KIND_SLOTS = 8
KIND_BY_SLUG = {k.slug: k for k in KINDS}
KIND_BY_MODEL = {k.model: k for k in KINDS if k.model is not None}
_KIND_BY_CODE = {k.code: k.slug for k in KINDS}
QUESTION_SLOTS = 64  # a question's object id: game id * QUESTION_SLOTS + its place in the list


def _rowid(kind: str, object_id: int) -> int:
    return object_id * KIND_SLOTS + KIND_BY_SLUG[kind].code


# --------------------------------------------------------------------------------------------
# Folding, tokens and stems: the one definition of a "word", for indexing, queries and marks
# --------------------------------------------------------------------------------------------

TOKEN_RE = re.compile(r"[^\W_]+")
_ORIGINAL_WORD_RE = re.compile(r"[^\W_]+(?:[\u0300-\u036f][^\W_]*)*")
_CYRILLIC_RE = re.compile("[\u0400-\u04ff]")


def fold(text: str) -> str:
    """Lower case without accents, ё read as е (й stays й: it is a letter, not an accent)."""
    if text.isascii():
        return text.lower()
    text = text.casefold().replace("ё", "е").replace("й", "\0")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return unicodedata.normalize("NFC", text).replace("\0", "й")


@lru_cache(maxsize=200_000)
def _word_tokens(word: str) -> tuple[str, ...]:
    return tuple(TOKEN_RE.findall(fold(word)))


def tokens(text: str) -> list[str]:
    """The folded words of a text: each written word (letters and digits, with any combining
    accents) folded on its own, and remembered, since the same words come back again and
    again."""
    if text.isascii():
        return TOKEN_RE.findall(text.lower())
    return [t for word in _ORIGINAL_WORD_RE.findall(text) for t in _word_tokens(word)]


_stemmers = threading.local()  # PyStemmer's stemmers are not thread-safe: one per thread


def _stemmer(language: str) -> Any:
    found = getattr(_stemmers, language, None)
    if found is None:
        found = Stemmer.Stemmer(language)
        setattr(_stemmers, language, found)
    return found


@lru_cache(maxsize=200_000)
def stem(token: str) -> str:
    """The Snowball stem of a folded token: Russian for Cyrillic words, English for Latin
    ones; numbers and other scripts stay as they are."""
    if token.isdigit():
        return token
    if _CYRILLIC_RE.search(token):
        return str(_stemmer("russian").stemWord(token))
    if token.isascii():
        return str(_stemmer("english").stemWord(token))
    return token


def prefix_stem(token: str) -> str:
    """What a prefix (`press*`, `happy*`) looks for among stems: the stem when it starts the
    word, else the part the word and its stem share (`happy` -> `happ`, as `happi` is)."""
    found = stem(token)
    if token.startswith(found):
        return found
    n = 0
    while n < min(len(found), len(token)) and found[n] == token[n]:
        n += 1
    return token[: max(n, 1)]


def stems(text: str) -> list[str]:
    return [stem(t) for t in tokens(text)]


def index_text(text: str) -> str:
    """What the backends index: the stems of the folded tokens joined by single spaces."""
    return " ".join(stems(text))


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
    tokens: tuple[str, ...]  # folded words as typed: one is a word, more are a phrase
    prefix: bool = False  # the last token is a prefix
    negated: bool = False
    # What the index is searched for: stem sequences, any of which matches (a synonym adds
    # its forms). Empty: the stems of `tokens`.
    forms: tuple[tuple[str, ...], ...] = ()

    @cached_property  # read for every hit and every game's frequencies: stemmed once
    def alternatives(self) -> tuple[tuple[str, ...], ...]:
        if self.forms:
            return self.forms
        if self.prefix:
            return ((*(stem(t) for t in self.tokens[:-1]), prefix_stem(self.tokens[-1])),)
        return (tuple(stem(t) for t in self.tokens),)

    @property
    def plain(self) -> bool:
        """One word, neither a prefix nor excluded, without synonyms."""
        return len(self.tokens) == 1 and not (self.prefix or self.negated or self.forms)

    @property
    def text(self) -> str:
        return " ".join(self.tokens)


@dataclass(frozen=True)
class SearchQuery:
    text: str
    terms: tuple[Term, ...]
    # what `prepare` did to the words typed
    corrections: tuple[tuple[str, str], ...] = ()  # (typed, corrected)
    dropped: tuple[str, ...] = ()  # question words and stop words left out
    question: bool = False  # it reads like a question

    @property
    def positive(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if not t.negated)

    @property
    def negative(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if t.negated)

    @property
    def corrected_text(self) -> str:
        """The query as searched after corrections, for "Showing results for ..."."""
        text = self.text
        for typed, corrected in self.corrections:
            pattern = rf"(?i)(?<![\w]){re.escape(typed)}(?![\w])"
            text, found = re.subn(pattern, corrected, text, count=1)
            if not found:  # typed with accents or other letters that fold: say the words
                return " ".join(
                    ("-" if t.negated else "") + t.text + ("*" if t.prefix else "")
                    for t in self.terms
                )
        return text

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


# Sample marks: one entry in 32 (by its object id) holds `s_32`, one in 1,024 `s_1024`. A kind
# with more matches than the count cap is listed from the matches in a sample instead of from
# all of them: the words and the rare mark together are a short read in both indexes (FTS5
# and GIN step through the common word's postings by the rare mark's), where all the matches
# of a word most entries hold are a long one.
SAMPLES = (1024, 32)


def _samples(object_id: int) -> list[str]:
    return [f"s_{n}" for n in SAMPLES if object_id % n == 0]


@dataclass(frozen=True)
class _Indexed:
    """A document as the backends store it: its fields' stems, and its words for spelling."""

    doc: Document
    title: str
    body: str
    meta: str
    words: Counter[str]

    @property
    def scope(self) -> str:
        return " ".join(_scope(self.doc.kind, self.doc.game_id) + _samples(self.doc.object_id))

    @property
    def stems(self) -> frozenset[str]:
        return frozenset(f"{self.title} {self.body} {self.meta}".split())


def _indexed(doc: Document) -> _Indexed:
    words: Counter[str] = Counter()
    fields = []
    for text in (doc.title, doc.body, doc.meta):
        found = tokens(text)
        words.update(found)
        fields.append(" ".join(stem(t) for t in found))
    return _Indexed(doc, fields[0], fields[1], fields[2], words)


def _stems_of(*texts: str) -> frozenset[str]:
    """The stems an entry with these texts is indexed under (what `_indexed` writes)."""
    return frozenset(s for text in texts for s in stems(text))


class _SQLite:
    """FTS5. BM25 weights: title 10, body 4, meta 1, scope 0 (lower is better)."""

    rank_order = "score, rowid"
    score = f"bm25({TABLE}, 10.0, 4.0, 1.0, 0.0)"
    key = "rowid"

    @staticmethod
    def term(term: Term, column: str | None = None) -> str:
        star = "*" if term.prefix else ""
        parts = []
        for i, form in enumerate(term.alternatives):
            expr = '"' + " ".join(form) + '"' + (star if i == 0 else "")
            parts.append(f"{column} : {expr}" if column else expr)
        return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"

    def match(self, query: SearchQuery, column: str | None = None, relaxed: bool = False) -> str:
        joiner = " OR " if relaxed else " AND "
        expr = joiner.join(self.term(t, column) for t in query.positive)
        for t in query.negative:
            expr = f"({expr}) NOT {self.term(t, column)}"
        return expr

    def where(
        self,
        query: SearchQuery,
        scope: list[str],
        column: str | None = None,
        relaxed: bool = False,
    ) -> tuple[str, list[Any]]:
        expr = self.match(query, column, relaxed)
        if scope:
            expr = f"({expr}) AND " + " AND ".join(f'scope : "{s}"' for s in scope)
        return f"{TABLE} MATCH %s", [expr]

    def card_ids(self, query: SearchQuery) -> RawSQL:
        where, params = self.where(query, _scope("card"), "body")
        return RawSQL(f"SELECT rowid / {KIND_SLOTS} FROM {TABLE} WHERE {where}", params)

    def rank_params(self, query: SearchQuery, relaxed: bool = False) -> list[Any]:
        return []

    def insert(self, cursor: Any, docs: Sequence[_Indexed]) -> None:
        cursor.executemany(
            f"INSERT INTO {TABLE} (rowid, title, body, meta, scope, {_DISPLAY_COLUMNS}, game_id) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            [
                (
                    x.doc.rowid,
                    x.title,
                    x.body,
                    x.meta,
                    x.scope,
                    x.doc.kind,
                    x.doc.object_id,
                    x.doc.key,
                    x.doc.url,
                    x.doc.game_slug,
                    x.doc.game_name,
                    x.doc.title,
                    x.doc.body,
                    x.doc.meta,
                    x.doc.game_id,
                )
                for x in docs
            ],
        )
        cursor.executemany(  # OR REPLACE: a row left behind by a bulk delete of the main table
            f"INSERT OR REPLACE INTO {TEXT_TABLE} (rowid, title, body, meta, scope) "
            "VALUES (%s, %s, %s, %s, %s)",
            [(x.doc.rowid, x.title, x.body, x.meta, x.scope) for x in docs if x.doc.kind != "card"],
        )


class _Postgres:
    """A weighted tsvector (A title, B body, C meta, the scope unweighted) with a GIN index;
    `ts_rank` with the weights {D 0, C 0.1, B 0.4, A 1}, length-normalised (higher is better)."""

    rank_order = "score DESC, id"
    score = "ts_rank('{0, 0.1, 0.4, 1}', vector, to_tsquery('simple', %s), 1)"
    key = "id"

    @staticmethod
    def term(term: Term, weight: str = "") -> str:
        alternatives = []
        for i, form in enumerate(term.alternatives):
            parts = [f"'{tok}'" + (f":{weight}" if weight else "") for tok in form]
            if term.prefix and i == 0:
                parts[-1] = f"'{form[-1]}':*{weight}"
            expr = " <-> ".join(parts)
            alternatives.append(f"({expr})" if len(parts) > 1 else expr)
        if len(alternatives) == 1:
            return alternatives[0]
        return "(" + " | ".join(alternatives) + ")"

    def match(self, query: SearchQuery, weight: str = "", relaxed: bool = False) -> str:
        if relaxed:
            expr = "(" + " | ".join(self.term(t, weight) for t in query.positive) + ")"
        else:
            expr = " & ".join(self.term(t, weight) for t in query.positive)
        expr += "".join(f" & !{self.term(t, weight)}" for t in query.negative)
        return expr

    def where(
        self,
        query: SearchQuery,
        scope: list[str],
        weight: str = "",
        relaxed: bool = False,
    ) -> tuple[str, list[Any]]:
        # The kind is matched on its column, so the planner can read that kind's own partial
        # GIN index (migrations 0005, 0007) instead of every kind's postings for the words.
        kinds = [s.removeprefix("k_") for s in scope if s.startswith("k_")]
        clauses, params = (["kind = %s"], kinds[:1]) if kinds else ([], [])
        rest = [s for s in scope if not s.startswith("k_")]
        if rest:
            clauses.append("vector @@ (to_tsquery('simple', %s) && %s::tsquery)")
            params += [self.match(query, weight, relaxed), " & ".join(f"'{s}'" for s in rest)]
        else:
            clauses.append("vector @@ to_tsquery('simple', %s)")
            params.append(self.match(query, weight, relaxed))
        return " AND ".join(clauses), params

    def card_ids(self, query: SearchQuery) -> RawSQL:
        where, params = self.where(query, _scope("card"), "B")
        return RawSQL(f"SELECT object_id FROM {TABLE} WHERE {where}", params)

    def rank_params(self, query: SearchQuery, relaxed: bool = False) -> list[Any]:
        """Rank by the wanted words alone: `ts_rank` of a query with `!` is 0."""
        return [self.match(SearchQuery(query.text, query.positive), relaxed=relaxed)]

    def insert(self, cursor: Any, docs: Sequence[_Indexed]) -> None:
        cursor.executemany(
            f"INSERT INTO {TABLE} (id, {_DISPLAY_COLUMNS}, game_id, vector) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, "
            "setweight(to_tsvector('simple', %s), 'A') || "
            "setweight(to_tsvector('simple', %s), 'B') || "
            "setweight(to_tsvector('simple', %s), 'C') || %s::tsvector)",
            [
                (
                    x.doc.rowid,
                    x.doc.kind,
                    x.doc.object_id,
                    x.doc.key,
                    x.doc.url,
                    x.doc.game_slug,
                    x.doc.game_name,
                    x.doc.title,
                    x.doc.body,
                    x.doc.meta,
                    x.doc.game_id,
                    x.title,
                    x.body,
                    x.meta,
                    x.scope,
                )
                for x in docs
            ],
        )


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


def _count_words(cursor: Any, docs: Sequence[_Indexed]) -> None:
    """Add the documents' words to the words table (its counts feed spelling corrections)."""
    counts: Counter[tuple[int, str]] = Counter()
    for x in docs:
        for word, n in x.words.items():
            if 2 <= len(word) <= 100 and not word.isdigit():
                counts[(x.doc.game_id, word)] += n
    cursor.executemany(
        f"INSERT INTO {WORDS_TABLE} (game_id, word, stem, count) VALUES (%s, %s, %s, %s) "
        f"ON CONFLICT (game_id, word) DO UPDATE SET count = {WORDS_TABLE}.count + excluded.count",
        [(game_id, word, stem(word), n) for (game_id, word), n in counts.items()],
    )


def _delete_keys(cursor: Any, key: str, rowids: Sequence[int]) -> None:
    marks = ", ".join(["%s"] * len(rowids))
    cursor.execute(f"DELETE FROM {TABLE} WHERE {key} IN ({marks})", list(rowids))
    if connection.vendor == "sqlite":
        cursor.execute(f"DELETE FROM {TEXT_TABLE} WHERE rowid IN ({marks})", list(rowids))


def _delete_game(cursor: Any, game_id: int | None) -> None:
    """Every index table's rows of a game (of all games when None)."""
    for table in (TABLE, WORDS_TABLE, FREQUENCIES_TABLE):
        if game_id is None:
            cursor.execute(f"DELETE FROM {table}")
        else:
            cursor.execute(f"DELETE FROM {table} WHERE game_id = %s", [game_id])
    if connection.vendor == "sqlite":
        if game_id is None:
            cursor.execute(f"DELETE FROM {TEXT_TABLE}")
        else:  # found by its own scope mark, so rows whose main entry went first go too
            cursor.execute(
                f"DELETE FROM {TEXT_TABLE} WHERE rowid IN "
                f"(SELECT rowid FROM {TEXT_TABLE} WHERE {TEXT_TABLE} MATCH %s)",
                [f'scope : "{_scope(game_id=game_id)[0]}"'],
            )


def _count_entries(
    cursor: Any, entries: Iterable[tuple[str, int, frozenset[str]]], sign: int
) -> None:
    """Add (sign 1) or take off (-1) entries of (kind, game, stems) in the frequencies table:
    one more or one fewer entry holding each of its stems, and one more or fewer entry of its
    kind and game (the empty stem)."""
    counts: Counter[tuple[str, str, int]] = Counter()
    for kind, game_id, found in entries:
        counts[("", kind, game_id)] += sign
        for s in found:
            counts[(s, kind, game_id)] += sign
    cursor.executemany(
        f"INSERT INTO {FREQUENCIES_TABLE} (stem, kind, game_id, docs) VALUES (%s, %s, %s, %s) "
        f"ON CONFLICT (stem, kind, game_id) "
        f"DO UPDATE SET docs = {FREQUENCIES_TABLE}.docs + excluded.docs",
        [(*key, n) for key, n in counts.items() if n],
    )


def _uncount(cursor: Any, key: str, rowids: Sequence[int]) -> None:
    """Take the stored entries of these row keys off the frequencies table (before they are
    replaced or removed): their stems are read again from their stored texts."""
    cursor.execute(
        f"SELECT kind, game_id, title_text, body_text, meta_text FROM {TABLE} "
        f"WHERE {key} IN ({', '.join(['%s'] * len(rowids))})",
        list(rowids),
    )
    old = [(kind, int(game), _stems_of(*texts)) for kind, game, *texts in cursor.fetchall()]
    _count_entries(cursor, old, -1)


def index_documents(docs: Iterable[Document], replace: bool = True) -> int:
    """Write documents in the index, replacing their old versions unless `replace` is False
    (the caller has just emptied the index); returns how many. Their words are counted in the
    words table (an edit counts a document's words again: the counts are a guide, made exact
    by the next rebuild)."""
    backend = _backend()
    count = 0
    batch: list[_Indexed] = []
    # One transaction: SQLite in autocommit would sync the file after every row.
    with transaction.atomic(), connection.cursor() as cursor:

        def flush() -> None:
            if replace:
                rowids = [x.doc.rowid for x in batch]
                _uncount(cursor, backend.key, rowids)
                _delete_keys(cursor, backend.key, rowids)
            backend.insert(cursor, batch)
            _count_words(cursor, batch)
            _count_entries(cursor, ((x.doc.kind, x.doc.game_id, x.stems) for x in batch), 1)

        for doc in docs:
            batch.append(_indexed(doc))
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
    key = _backend().key
    with transaction.atomic(), connection.cursor() as cursor:
        for start in range(0, len(ids), BATCH):
            chunk = ids[start : start + BATCH]
            _uncount(cursor, key, chunk)
            _delete_keys(cursor, key, chunk)


def index_rebuild(game_slugs: Iterable[str] | None = None) -> int:
    """Drop and rebuild the documents of these games (all games when None)."""
    chosen = m.Game.objects.all()
    if game_slugs is not None:
        chosen = chosen.filter(slug__in=list(game_slugs))
    games = list(chosen)
    with transaction.atomic():
        with connection.cursor() as cursor:
            if game_slugs is None:
                _delete_game(cursor, None)
            else:
                for game in games:
                    _delete_game(cursor, game.pk)
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


@lru_cache(maxsize=256)
def _matcher(query: SearchQuery) -> Callable[[str], bool]:
    exact: set[str] = set()
    prefixes: list[str] = []
    for term in query.positive:
        for i, form in enumerate(term.alternatives):
            if term.prefix and i == 0:
                exact.update(form[:-1])
                prefixes.append(form[-1])
            else:
                exact.update(form)
    starts = tuple(prefixes)

    seen: dict[str, bool] = {}

    def hit(word: str) -> bool:
        found = seen.get(word)
        if found is None:
            found = seen[word] = any(
                (s := stem(t)) in exact
                or bool(starts and (s.startswith(starts) or t.startswith(starts)))
                for t in _word_tokens(word)
            )
        return found

    return hit


def _spans(text: str, hit: Callable[[str], bool]) -> list[tuple[int, int, bool]]:
    return [(w.start(), w.end(), hit(w.group())) for w in _ORIGINAL_WORD_RE.finditer(text)]


def _render(text: str, spans: list[tuple[int, int, bool]], start: int, end: int) -> str:
    out: list[str] = []
    at = start
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


def _term_in(term: Term, words: list[str], joined: str) -> bool:
    """Whether a text (its stems, and those joined with spaces around) holds the term."""
    for i, form in enumerate(term.alternatives):
        if term.prefix and i == 0:
            head = " ".join(form[:-1])
            lead = f" {head} {form[-1]}" if head else f" {form[-1]}"
            if lead in joined:
                return True
        elif len(form) == 1:
            if form[0] in words:
                return True
        elif f" {' '.join(form)} " in joined:
            return True
    return False


def terms_matched(text: str, query: SearchQuery) -> int:
    """How many of the query's wanted terms the text holds."""
    words = stems(text)
    joined = f" {' '.join(words)} "
    return sum(1 for t in query.positive if _term_in(t, words, joined))


# --------------------------------------------------------------------------------------------
# Searching
# --------------------------------------------------------------------------------------------


@dataclass
class Hit:
    kind: str
    key: str
    url: str
    game: str
    game_name: str
    title: str
    score: float
    rowid: int = 0
    matched: int = 0  # how many of the query's words it holds
    in_title: bool = False  # its title holds every word (a card's name, a term, a question)
    title_share: float = 0.0  # the share of its title's words that are the query's
    dropped_in_title: int = 0  # how many of the left-out words its title holds
    rank: float = 0.0  # the re-ranking's score (higher is better)
    body: str = field(default="", repr=False)
    meta: str = field(default="", repr=False)
    query: SearchQuery | None = field(default=None, repr=False)

    @property
    def kind_label(self) -> str:
        return KIND_BY_SLUG[self.kind].label

    @cached_property
    def title_html(self) -> SafeString:
        """The title, escaped, the matched words in <mark> (made when shown)."""
        return highlight(self.title, self.query or SearchQuery("", ()))

    @cached_property
    def snippet(self) -> SafeString:
        """A short excerpt, escaped, the matched words in <mark> (made when shown)."""
        query = self.query or SearchQuery("", ())
        html, found = snippet(self.body, query)
        if not found and self.meta:
            meta_html, meta_found = snippet(self.meta, query)
            if meta_found:
                html = mark_safe(f"{html} <small>({meta_html})</small>" if self.body else meta_html)
        return html


def _hit(row: Sequence[Any], query: SearchQuery, relaxed: bool = False) -> Hit:
    """A result; `matched` is counted in its text only when the search is relaxed (otherwise
    the database has matched every word)."""
    kind, object_id, key, url, game_slug, game_name, title, body, meta, score = row[:10]
    wanted = len(query.positive)
    title_words = tokens(title)
    hit_word = _matcher(query)
    share = sum(1 for w in title_words if hit_word(w)) / len(title_words) if title_words else 0
    return Hit(
        kind=kind,
        key=key,
        url=url,
        game=game_slug,
        game_name=game_name,
        title=title,
        score=float(score),
        rowid=_rowid(kind, int(object_id)),
        matched=terms_matched(f"{title} · {body} · {meta}", query) if relaxed else wanted,
        in_title=bool(wanted) and terms_matched(title, query) == wanted,
        title_share=share,
        dropped_in_title=len(set(query.dropped) & set(title_words)) if query.dropped else 0,
        body=body,
        meta=meta,
        query=query,
    )


# The re-ranking (`_rerank`), the same on both databases: the best WINDOW entries of each kind
# by the database's own score are ordered by how many of the words they hold, then by a score
# adding up (weights below) a title holding every word and how much of the title they are,
# the kind, a dispute question for a search that reads like a question, left-out question
# words in the title, and the database's score (scaled to 0..1 within the window).
WINDOW = 10  # of each kind, when all kinds are listed
WINDOW_ONE_KIND = 20
KIND_WEIGHT = {"rule": 0.6, "term": 0.6, "clarification": 0.6, "question": 0.4, "game": 0.3}
QUESTION_WEIGHT = 1.2  # a dispute question's extra weight when the search reads like a question
DROPPED_WEIGHT = 0.4  # the left-out question words, when a title holds them


def _rerank(hits: list[Hit], query: SearchQuery) -> list[Hit]:
    wanted = max(1, len(query.positive))
    sign = -1.0 if connection.vendor == "sqlite" else 1.0  # BM25: lower is better
    raw = [sign * h.score for h in hits]
    top = max((r for r in raw if r > 0), default=1.0)
    ranked = []
    for h, r in zip(hits, raw, strict=True):
        rank = 2.0 * min(h.matched, wanted) / wanted
        rank += (1.0 if h.in_title else 0.0) + 0.5 * h.title_share
        rank += KIND_WEIGHT.get(h.kind, 0.0) + max(0.0, r) / top
        if h.kind == "question" and query.question:
            rank += QUESTION_WEIGHT
        if query.dropped:  # "How many people can play?" for "how many players can play"
            rank += DROPPED_WEIGHT * h.dropped_in_title / len(query.dropped)
        h.rank = round(rank, 6)
        ranked.append(h)
    ranked.sort(key=lambda h: (-min(h.matched, wanted), -h.rank))  # more words first
    return ranked


# Counting and ranking every match of a word found in most documents would cost time in
# proportion to the corpus. Instead each kind's matches are counted up to COUNT_CAP (more is
# shown as "1,000+"; known from the frequencies table when they tell), and a query with more
# than RANK_LIMIT matches is listed in document order (rulebook order, catalog order) rather
# than ranked: its words are too common to rank by (its kinds with few matches are still
# ranked; one with more is listed from a sample). Both limits keep a search's work bounded
# whatever the size of the corpus.
COUNT_CAP = 1000
RANK_LIMIT = 1000


@contextmanager
def _bitmaps_only(cursor: Any) -> Iterator[None]:
    """PostgreSQL: read through the GIN indexes only, not by walking the table or its id
    index (which a LIMIT tempts the planner into, and which reads all of it when a kind's
    matches are stored last)."""
    cursor.execute("SET enable_seqscan = off; SET enable_indexscan = off")
    try:
        yield
    finally:
        cursor.execute("RESET enable_seqscan; RESET enable_indexscan")


def _next_prefix(prefix: str) -> str:
    """The first string after every string starting with `prefix`, in code point order."""
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


def _entry_bounds(
    query: SearchQuery, relaxed: bool, held: dict[str, int], entries: int
) -> tuple[int, int]:
    """How many entries of one kind and game match at least and at most, from how many of
    them hold each stem (`held`) and how many there are (`entries`). A word's count is exact;
    a prefix matches at least as many entries as its commonest stem and at most all of its
    stems' entries; a phrase at most as many as its rarest word. Every word of a query: at
    least the entries left when each word's non-holders are taken away (Bonferroni's bound:
    two words each in 80% of the entries are together in at least 60% of them)."""

    def term(t: Term) -> tuple[int, int]:
        low, high = 0, 0
        for i, form in enumerate(t.alternatives):
            bounds = []
            for k, s in enumerate(form):
                if t.prefix and i == 0 and k == len(form) - 1:
                    found = [n for x, n in held.items() if x.startswith(s)]
                    bounds.append((max(found, default=0), min(entries, sum(found))))
                else:
                    bounds.append((held.get(s, 0), held.get(s, 0)))
            if len(bounds) == 1:
                form_low, form_high = bounds[0]
            else:  # a phrase: its words in that order, which the counts do not tell
                form_low, form_high = 0, min(b[1] for b in bounds)
            low, high = max(low, form_low), high + form_high
        return low, min(entries, high)

    wanted = [term(t) for t in query.positive]
    if relaxed:
        low, high = max(b[0] for b in wanted), min(entries, sum(b[1] for b in wanted))
    else:
        low = max(0, sum(b[0] for b in wanted) - (len(wanted) - 1) * entries)
        high = min(b[1] for b in wanted)
    low -= sum(term(t)[1] for t in query.negative)
    return max(0, low), high


@dataclass
class SearchResults:
    """Lazy, sliceable results (a Django Paginator can page them): `count()`, `[a:b]`,
    `counts()` by kind, `grouped(n)` the best n of each kind.

    `relaxed`: entries holding any of the words rather than all of them (a search where
    not every word is found together), ranked by how many they hold."""

    query: SearchQuery
    kind: str | None = None
    game_id: int | None = None
    relaxed: bool = False
    original: SearchQuery | None = None  # the query as typed, when `prepare` changed it
    _counts: dict[str, int] | None = field(default=None, repr=False)
    _bounds: dict[str, tuple[int, int]] | None = field(default=None, repr=False)
    # the frequencies table's rows of the query's stems, by (kind, game): stem -> entries
    _held: dict[tuple[str, int], dict[str, int]] | None = field(default=None, repr=False)
    _windows: dict[str, list[Hit]] = field(default_factory=dict, repr=False)
    _first: dict[str, list[int]] = field(default_factory=dict, repr=False)

    def _kinds(self) -> list[str]:
        return [self.kind] if self.kind else [k.slug for k in KINDS]

    def _where(self, backend: _SQLite | _Postgres, kind: str | None) -> tuple[str, list[Any]]:
        return backend.where(self.query, _scope(kind, self.game_id), relaxed=self.relaxed)

    def bounds(self) -> dict[str, tuple[int, int]]:
        """Each kind's matches at least and at most, read from the frequencies table (one
        read of the query's stems' rows, whatever the size of the index): see
        `_entry_bounds`. A kind with none is left out."""
        if self._bounds is None:
            totals: dict[str, list[int]] = {}
            for (kind, _), found in self._held_rows().items() if self.query else ():
                low, high = _entry_bounds(self.query, self.relaxed, found, found.get("", 0))
                total = totals.setdefault(kind, [0, 0])
                total[0] += low
                total[1] += high
            self._bounds = {k: (low, high) for k, (low, high) in totals.items() if high}
        return self._bounds

    def _held_rows(self) -> dict[tuple[str, int], dict[str, int]]:
        if self._held is None:
            terms = [*self.query.positive, *self.query.negative]
            exact = sorted({s for t in terms for form in t.alternatives for s in form})
            prefixes = sorted({t.alternatives[0][-1] for t in terms if t.prefix})
            clauses = [f"stem IN ({', '.join(['%s'] * (len(exact) + 1))})"]
            params: list[Any] = ["", *exact]  # the empty stem: how many entries there are
            for prefix in prefixes:
                clauses.append("(stem >= %s AND stem < %s)")
                params += [prefix, _next_prefix(prefix)]
            sql = (
                f"SELECT stem, kind, game_id, docs FROM {FREQUENCIES_TABLE} "
                f"WHERE ({' OR '.join(clauses)})"
            )
            if self.game_id is not None:
                sql += " AND game_id = %s"
                params.append(self.game_id)
            if self.kind:
                sql += " AND kind = %s"
                params.append(self.kind)
            held: dict[tuple[str, int], dict[str, int]] = {}
            with connection.cursor() as cursor:
                cursor.execute(sql, params)
                for stem_, kind, game_id, docs in cursor.fetchall():
                    held.setdefault((kind, int(game_id)), {})[stem_] = int(docs)
            self._held = held
        return self._held

    def counts(self) -> dict[str, int]:
        """Matches of each kind with any, each counted up to COUNT_CAP + 1.

        First from the frequencies table (`bounds`): a kind whose least and most are the same
        (one word) is counted, one whose least is over the cap is over it, one whose most is 0
        has none. Only the other kinds are read in the index. SQLite: when every kind is to be
        read, one query reads up to RANK_LIMIT + 1 matches; fewer is the exact count, more
        means a broad query, whose kinds are then counted one by one, each up to the cap.
        PostgreSQL: each kind is counted on its own straight away (a GIN scan builds its whole
        bitmap before the first row, so a first broad read costs as much as the per-kind reads
        it would spare). Each kind's count read in the index is a read of its matches' row
        keys in row order, which also gives its first entries (`_first`): a kind too broad to
        rank is then listed without reading the index again."""
        if self._counts is None:
            self._counts = {}
            if self.query:
                known: dict[str, int] = {}
                unknown: list[str] = []
                for kind, (low, high) in self.bounds().items():
                    if low > COUNT_CAP:
                        known[kind] = COUNT_CAP + 1
                    elif low == high:
                        known[kind] = low
                    else:
                        unknown.append(kind)
                counted: dict[str, int] = {}
                backend = _backend()
                with connection.cursor() as cursor:
                    if not unknown:
                        pass
                    elif isinstance(backend, _Postgres):
                        # A LIMIT tempts the planner into a walk of the table (or of its id
                        # index) that stops at the cap, which reads all of it when the kind's
                        # matches are stored last; a GIN bitmap reads only the matches.
                        with _bitmaps_only(cursor):
                            counted = self._capped_counts(backend, cursor, unknown)
                    elif known:
                        counted = self._capped_counts(backend, cursor, unknown)
                    else:
                        counted = self._sampled_counts(backend, cursor)
                order = {k: i for i, k in enumerate(self._kinds())}
                both = {**known, **counted}
                self._counts = dict(sorted(both.items(), key=lambda item: order[item[0]]))
        return self._counts

    def _sampled_counts(self, backend: _SQLite, cursor: Any) -> dict[str, int]:
        where, params = self._where(backend, self.kind)
        # the kind is in the row id: FTS5 need not read the stored row
        cursor.execute(
            f"SELECT rowid FROM {TABLE} WHERE {where} LIMIT %s", [*params, RANK_LIMIT + 1]
        )
        sample = Counter(_KIND_BY_CODE[row[0] % KIND_SLOTS] for row in cursor)
        if sum(sample.values()) <= RANK_LIMIT:
            return dict(sample)
        return self._capped_counts(backend, cursor)

    def _capped_counts(
        self, backend: _SQLite | _Postgres, cursor: Any, kinds: Sequence[str] | None = None
    ) -> dict[str, int]:
        """Each kind's matches up to the cap (of every kind, or of `kinds`), keeping the row
        keys of its first entries: FTS5 returns matches in row order; PostgreSQL's bitmap in
        the order they are stored. On PostgreSQL the kinds' reads are one statement (one round
        trip), each its own LIMIT."""
        wheres = {kind: self._where(backend, kind) for kind in (kinds or self._kinds())}
        keys: dict[str, list[int]] = {}
        if isinstance(backend, _SQLite):
            for kind, (where, params) in wheres.items():
                cursor.execute(
                    f"SELECT rowid FROM {TABLE} WHERE {where} ORDER BY rowid LIMIT %s",
                    [*params, COUNT_CAP + 1],
                )
                keys[kind] = [row[0] for row in cursor.fetchall()]
        else:
            parts = [f"(SELECT %s, id FROM {TABLE} WHERE {w} LIMIT %s)" for w, _ in wheres.values()]
            cursor.execute(
                " UNION ALL ".join(parts),
                [x for kind, (_, params) in wheres.items() for x in (kind, *params, COUNT_CAP + 1)],
            )
            for kind, key in cursor.fetchall():
                keys.setdefault(kind, []).append(key)
        counts = {}
        for kind, found in keys.items():
            if found:
                counts[kind] = len(found)
                self._first[kind] = found[:WINDOW_ONE_KIND]
        return counts

    def fewer_than(self, n: int) -> bool:
        """Whether fewer than n entries match. From the frequencies table when it tells;
        else SQLite: from the counts (their first read is of at most RANK_LIMIT + 1 row ids,
        and they are needed anyway when the search stands); PostgreSQL: one read of at most n
        rows (its counts are a GIN read per kind)."""
        bounds = self.bounds().values()
        if sum(low for low, _ in bounds) >= n:
            return False
        if sum(high for _, high in bounds) < n:
            return True
        if self._counts is not None or isinstance(_backend(), _SQLite):
            return self.count() < n
        where, params = self._where(_backend(), self.kind)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT 1 FROM {TABLE} WHERE {where} LIMIT %s", [*params, n])
            return len(cursor.fetchall()) < n

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

    def _fetch_rows(
        self,
        offset: int,
        limit: int,
        kind: str | None,
        exclude: Sequence[int] = (),
        any_order: bool = False,
    ) -> list[Hit]:
        """Hits in the database's own order (ranked when not too broad), leaving out rows.
        A kind too broad to rank, wanted from its first entry, is listed without reading all
        its matches when it can be (`_listed`): from the entries its count read (`_first`): on
        SQLite its first in row order; on PostgreSQL, with `any_order` (a kind listed beside
        others), the first its GIN bitmap gave (walking the table in id order to find them can
        read most of it), shown in row order; or from a sample of its entries."""
        wanted_first = kind and not offset and not exclude and self.query and limit > 0
        if wanted_first and kind and not self.ranked(kind):
            listed = self._listed([kind], limit, any_order)
            if kind in listed:
                return listed[kind]
        if not self.query or limit <= 0:
            return []
        backend = _backend()
        where, params = self._where(backend, kind)
        if exclude:
            where += f" AND {TABLE}.{backend.key} NOT IN ({', '.join(['%s'] * len(exclude))})"
            params = [*params, *exclude]
        if self.ranked(kind):
            columns, order = f"{backend.score} AS score", backend.rank_order
            params = [*backend.rank_params(self.query, self.relaxed), *params]
        else:
            columns, order = "0 AS score", backend.key
        sql = (
            f"SELECT {_DISPLAY_COLUMNS}, {columns} FROM {TABLE} "
            f"WHERE {where} ORDER BY {order} LIMIT %s OFFSET %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, limit, offset])
            return [_hit(row, self.query, self.relaxed) for row in cursor.fetchall()]

    def _listed(self, kinds: Sequence[str], limit: int, any_order: bool) -> dict[str, list[Hit]]:
        """The first `limit` entries of kinds too broad to rank, of those that can be listed
        without reading all their matches, in row order: from the keys their count read
        (`_fetch_rows`), else from a sample (`SAMPLES`): the sparsest sample expected to hold
        twice as many matches as wanted (by the kind's least matches, `bounds`), then the
        denser ones. All the kinds' reads of a sample are one statement."""
        keys: dict[str, list[int]] = {}
        sampled: dict[str, list[int]] = {}
        for kind in kinds:
            first = self._first.get(kind) if self._counts is not None else None
            if isinstance(_backend(), _Postgres) and not any_order:
                first = None
            if first and limit <= len(first):
                keys[kind] = first[:limit]
            else:
                low = self.bounds().get(kind, (0, 0))[0]
                sampled[kind] = [n for n in SAMPLES if low >= 2 * limit * n]
        while any(sampled.values()):
            wanted = {kind: sizes.pop(0) for kind, sizes in sampled.items() if sizes}
            for kind, found in self._sample_keys(wanted, limit).items():
                if len(found) == limit:
                    keys[kind] = found
                    del sampled[kind]
        every = self._hits_for(dict.fromkeys((k for found in keys.values() for k in found), 0))
        return {
            kind: sorted((h for h in every if h.kind == kind), key=lambda h: h.rowid)
            for kind in keys
        }

    def _sample_keys(self, sizes: dict[str, int], limit: int) -> dict[str, list[int]]:
        """Each kind's first `limit` matches in row order among the entries of its sample."""
        backend = _backend()
        parts: list[str] = []
        params: list[Any] = []
        for kind, size in sizes.items():
            scope = [*_scope(kind, self.game_id), f"s_{size}"]
            where, found = backend.where(self.query, scope, relaxed=self.relaxed)
            parts.append(
                f"SELECT * FROM (SELECT %s AS part, {backend.key} FROM {TABLE} WHERE {where} "
                f"ORDER BY {backend.key} LIMIT %s) AS part_{len(parts)}"
            )
            params += [kind, *found, limit]
        sql = " UNION ALL ".join(parts)
        out: dict[str, list[int]] = {kind: [] for kind in sizes}
        with connection.cursor() as cursor:
            if isinstance(backend, _Postgres):
                with _bitmaps_only(cursor):
                    cursor.execute(sql, params)
                    rows = cursor.fetchall()
            else:
                cursor.execute(sql, params)
                rows = cursor.fetchall()
        for kind, key in rows:
            out[kind].append(key)
        return out

    def _best_of_each_kind(self, per: int, kinds: Sequence[str] | None = None) -> list[Hit]:
        """The `per` best-ranked entries of each kind in one read, of every kind or of
        `kinds` (kinds with few enough matches to rank them all, RANK_LIMIT)."""
        backend = _backend()
        rank = backend.rank_params(self.query, self.relaxed)
        if isinstance(backend, _Postgres) and kinds is not None:
            # One ranked read per kind, joined: `kind = ...` lets each read use its kind's
            # partial GIN index (migrations 0005, 0007); `kind IN (...)` would read the whole
            # table's index, every card's postings for a common word included.
            parts, params = [], []
            for k in kinds:
                where, found = self._where(backend, k)
                parts.append(
                    f"(SELECT id AS row_key, {backend.score} AS score FROM {TABLE} "
                    f"WHERE {where} ORDER BY score DESC, id LIMIT %s)"
                )
                params += [*rank, *found, per]
            sql = " UNION ALL ".join(parts)
            with connection.cursor() as cursor:
                cursor.execute("SET enable_seqscan = off")
                try:
                    cursor.execute(sql, params)
                    return self._hits_for(dict(cursor.fetchall()))
                finally:
                    cursor.execute("RESET enable_seqscan")
        where, params = self._where(backend, None)
        table, score, others = TABLE, backend.score, set(self.counts())
        if isinstance(backend, _SQLite) and kinds is not None and "card" not in kinds:
            # kinds other than cards are ranked in their own table (TEXT_TABLE): bm25 reads
            # the words' doclists there, not the cards' postings of a word most cards hold
            table, score, others = TEXT_TABLE, score.replace(TABLE, TEXT_TABLE), others - {"card"}
            where = where.replace(TABLE, TEXT_TABLE)
        # bm25 weighs every phrase of the query by how many entries hold it, read in full: a
        # kind's scope phrase costs as many reads as the kind has entries (all the cards). It
        # is left out when the kinds are every kind with a match in the table: the same rows,
        # the same scores (the scope column weighs 0).
        if kinds is not None and not others <= set(kinds):
            either = " OR ".join(f'scope : "{s}"' for k in kinds for s in _scope(k))
            params = [f"({params[0]}) AND ({either})"]
        order = backend.rank_order.replace("rowid", "row_key").replace("id", "row_key")
        # The kind of a row is its row id modulo KIND_SLOTS: ranking reads no stored text, and
        # only the chosen rows' texts are read afterwards.
        sql = (
            f"SELECT row_key, score FROM ("
            f"SELECT row_key, score, ROW_NUMBER() OVER "
            f"(PARTITION BY row_key %% {KIND_SLOTS} ORDER BY {order}) AS place FROM ("
            f"SELECT {backend.key} AS row_key, {score} AS score "
            f"FROM {table} WHERE {where}) AS matches) AS ranked WHERE place <= %s"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*rank, *params, per])
            return self._hits_for(dict(cursor.fetchall()))

    def _hits_for(self, scores: dict[int, float]) -> list[Hit]:
        """Hits for these rows (row key -> the database's score), their texts read now."""
        if not scores:
            return []
        backend = _backend()
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {_DISPLAY_COLUMNS}, {backend.key} FROM {TABLE} "
                f"WHERE {backend.key} IN ({', '.join(['%s'] * len(scores))})",
                list(scores),
            )
            rows = [(*row[:-1], scores[row[-1]]) for row in cursor.fetchall()]
        return [_hit(row, self.query, self.relaxed) for row in rows]

    def window(self, kind: str | None = None) -> list[Hit]:
        """The first results, re-ranked: the best of each kind by the database's score,
        ordered by `_rerank`."""
        kind = kind or self.kind
        slot = kind or ""
        if slot not in self._windows:
            counts = self.counts()
            kinds = [kind] if kind else [k for k in self._kinds() if counts.get(k)]
            per = WINDOW_ONE_KIND if kind else WINDOW
            if kind is None and self.ranked():
                hits = self._best_of_each_kind(per)
            elif kind is None:  # the kinds with few matches ranked together, the others listed
                few = [k for k in kinds if self.ranked(k)]
                hits = self._best_of_each_kind(per, few) if few else []
                broad = [k for k in kinds if k not in few]
                listed = self._listed(broad, per, any_order=True)
                hits += [
                    h
                    for k in broad
                    for h in listed.get(k) or self._fetch_rows(0, per, k, any_order=True)
                ]
            else:
                hits = self._fetch_rows(0, per, kind)
            self._windows[slot] = _rerank(hits, self.query)
        return self._windows[slot]

    def fetch(self, offset: int, limit: int, kind: str | None = None) -> list[Hit]:
        """Results offset..offset+limit: the re-ranked window first, then the rest in the
        database's order (never a row twice)."""
        if not self.query or limit <= 0:
            return []
        kind = kind or self.kind
        first = self.window(kind)
        out = first[offset : offset + limit]
        if len(out) < limit:
            rest = max(0, offset - len(first))
            out += self._fetch_rows(rest, limit - len(out), kind, [h.rowid for h in first])
        return out

    def __getitem__(self, item: slice) -> list[Hit]:
        if not isinstance(item, slice):
            raise TypeError("search results are read in slices")
        start = item.start or 0
        stop = item.stop if item.stop is not None else start + 50
        return self.fetch(start, stop - start)

    def grouped(self, per_kind: int = 5) -> list[tuple[Kind, int, list[Hit]]]:
        """(kind, how many, best hits) for every kind with a match, the group of the best
        hit first; a count above COUNT_CAP is COUNT_CAP + 1."""
        counts = self.counts()
        hits = self.window()
        groups = []
        for slug in dict.fromkeys(h.kind for h in hits):
            if self.kind is None or self.kind == slug:
                best = [h for h in hits if h.kind == slug][:per_kind]
                groups.append((KIND_BY_SLUG[slug], counts.get(slug, len(best)), best))
        return groups

    def questions(self, limit: int = 3) -> list[Hit]:
        """The dispute questions this search offers, when it reads like a question."""
        if not self.query.question or self.kind not in (None, "question"):
            return []
        # one offer a question, however many index rows hold it
        offered = {h.key: h for h in reversed(self.window()) if h.kind == "question"}
        return list(reversed(offered.values()))[:limit]


_SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# Fewer entries than this holding every word: also list those holding some of them, ranked
# below (the re-ranking puts entries holding more of the words first).
RELAX_BELOW = 3


def search(
    text: str, kind: str | None = None, game: str | None = None, correct: bool = True
) -> SearchResults:
    """Parse, prepare and run a search; raises SearchQueryError (a 400) for an unreadable
    query. `correct=False` searches the words as typed (no spelling corrections)."""
    if kind and kind not in KIND_BY_SLUG:
        raise SearchQueryError(
            f"Unknown kind {kind!r}; use one of {', '.join(KIND_BY_SLUG)}.", field="kind"
        )
    if game and not _SLUG_RE.match(game):
        raise SearchQueryError(
            "A game is given by its slug, as in its address (/games/<slug>/).", field="game"
        )
    game_id = None
    if game:  # an unknown game matches nothing
        game_id = m.Game.objects.filter(slug=game).values_list("pk", flat=True).first() or 0
    typed = parse_search(text)
    query = prepare(typed, game_id, correct=correct)
    results = SearchResults(query, kind=kind or None, game_id=game_id, original=typed)
    if query and len(query.positive) > 1 and results.fewer_than(RELAX_BELOW):
        results = SearchResults(  # the same words: the same frequencies
            query,
            kind=kind or None,
            game_id=game_id,
            relaxed=True,
            original=typed,
            _held=results._held,
        )
    return results


def card_ids_matching_text(query: SearchQuery) -> RawSQL:
    """A subquery of the ids of cards whose text (body) matches: the card query's `o:`."""
    return _backend().card_ids(query)


# --------------------------------------------------------------------------------------------
# Preparing a query: synonyms, question and stop words, spelling
# --------------------------------------------------------------------------------------------


# The stop word lists are the `stopwords` package's English and Russian ones (Snowball's
# lists); these are the question words it leaves out, which a player's question starts with.
def _word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


QUESTION_WORDS = _word_set(
    "can may must might could would should will shall happen happens happened allowed "
    "possible many much ли можно нельзя сколько"
)
QUESTION_START = _word_set(
    "can may must could should would will do does did is are am was were who what when where "
    "which why how if whose whom ли можно как кто что когда где сколько почему зачем чей"
)


@cache
def _stop_words() -> frozenset[str]:
    words = set(QUESTION_WORDS)
    for language in ("english", "russian"):
        for word in stopword_lists.get_stopwords(language):
            words.update(tokens(word))
    return frozenset(w for w in words if w)


@dataclass
class _Vocabulary:
    """What the index holds, for corrections, and the data that shape a query."""

    counts: dict[str, int]  # word -> occurrences, all games
    by_game: dict[int, dict[str, int]]
    stems: set[str]
    by_length: dict[int, list[str]]
    # glossary term names holding stop words ("face down", "run a play"): (the name's other
    # words, its stop words); a query holding all the other words keeps those stop words
    keep: list[tuple[frozenset[str], frozenset[str]]]
    synonyms: dict[int, list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]]


_vocabulary_cache: dict[str, Any] = {}


def _vocabulary() -> _Vocabulary:
    """Read once per process and per version of the index (the generation counter)."""
    generation = (connection.vendor, django_cache.get(_GENERATION_KEY, 0))
    if _vocabulary_cache.get("generation") != generation:
        counts: Counter[str] = Counter()
        by_game: dict[int, dict[str, int]] = {}
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT game_id, word, count FROM {WORDS_TABLE}")
            for game_id, word, n in cursor.fetchall():
                counts[word] += n
                by_game.setdefault(int(game_id), {})[word] = n
        by_length: dict[int, list[str]] = {}
        for word in counts:
            if len(word) >= 3 and not word.isdigit():
                by_length.setdefault(len(word), []).append(word)
        keep: list[tuple[frozenset[str], frozenset[str]]] = []
        stop = _stop_words()
        for term, aliases in m.GlossaryTerm.objects.values_list("term", "aliases"):
            for name in [term, *(aliases or [])]:
                name_words = set(tokens(name))
                if name_words & stop and name_words - stop:
                    keep.append((frozenset(name_words - stop), frozenset(name_words & stop)))
        synonyms: dict[int, list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]]] = {}
        for game_id, words, means in m.Synonym.objects.values_list("game_id", "words", "means"):
            group = [tuple(stems(words)), *(tuple(stems(x)) for x in means)]
            forms = tuple(dict.fromkeys(f for f in group if f))
            for key in forms:  # any of its words stands for all of them
                synonyms.setdefault(game_id, []).append((key, forms))
        for entries in synonyms.values():
            entries.sort(key=lambda e: -len(e[0]))  # the longest phrase first
        vocabulary = _Vocabulary(
            counts=dict(counts),
            by_game=by_game,
            stems={stem(w) for w in counts},
            by_length=by_length,
            keep=keep,
            synonyms=synonyms,
        )
        _vocabulary_cache.update(generation=generation, vocabulary=vocabulary)
    return _vocabulary_cache["vocabulary"]


def _synonyms_for(vocabulary: _Vocabulary, game_id: int | None) -> list[Any]:
    if game_id is not None:
        return vocabulary.synonyms.get(game_id, [])
    merged: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
    for entries in vocabulary.synonyms.values():
        for key, forms in entries:
            merged.setdefault(key, set()).update(forms)
    found = [(key, tuple(sorted(forms, key=lambda f: f != key))) for key, forms in merged.items()]
    return sorted(found, key=lambda e: -len(e[0]))


def _max_distance(word: str) -> int:
    return 1 if len(word) <= 4 else 2


def nearest_words(
    word: str, game_id: int | None = None, limit: int = 5, vocabulary: _Vocabulary | None = None
) -> list[str]:
    """The indexed words nearest a word (optimal string alignment distance: a swapped pair of
    letters is one edit), best first: nearer, then the current game's, then more frequent."""
    vocabulary = vocabulary or _vocabulary()
    limit_distance = _max_distance(word)
    near = [
        w
        for n in range(len(word) - limit_distance, len(word) + limit_distance + 1)
        for w in vocabulary.by_length.get(n, [])
    ]
    found = process.extract(word, near, scorer=OSA.distance, score_cutoff=limit_distance, limit=50)
    in_game = vocabulary.by_game.get(game_id or -1, {})

    def weight(item: tuple[str, float, int]) -> float:
        candidate, distance = item[0], item[1]
        frequency = in_game.get(candidate) or vocabulary.counts.get(candidate, 0)
        return distance - 0.25 * math.log10(1 + frequency) - (0.6 if candidate in in_game else 0)

    ranked = sorted((f for f in found if f[0] != word), key=weight)
    return list(dict.fromkeys(f[0] for f in ranked))[:limit]


def reads_like_a_question(text: str, query: SearchQuery) -> bool:
    first = next((t.tokens[0] for t in query.terms if t.tokens), "")
    return text.strip().endswith("?") or first in QUESTION_START


def prepare(typed: SearchQuery, game_id: int | None = None, correct: bool = True) -> SearchQuery:
    """The query the index is asked: players' words expanded from the synonym lists (the
    game's, or every game's), question and stop words dropped (unless nothing else is left,
    or the word is part of a glossary term's name), and, when `correct`, each word the index
    does not hold replaced by the nearest word it does."""
    if not typed.terms:
        return typed
    vocabulary = _vocabulary()
    synonyms = _synonyms_for(vocabulary, game_id)
    terms = list(typed.terms)
    out: list[Term] = []
    i = 0
    while i < len(terms):
        term = terms[i]
        matched = False
        if not (term.negated or term.prefix):
            for key, forms in synonyms:
                # a phrase typed in quotes, or a run of single words
                if len(term.tokens) > 1 and tuple(stem(t) for t in term.tokens) == key:
                    out.append(Term(term.tokens, forms=forms))
                    i, matched = i + 1, True
                    break
                run = terms[i : i + len(key)]
                if (
                    len(run) == len(key)
                    and all(t.plain for t in run)
                    and tuple(stem(t.tokens[0]) for t in run) == key
                ):
                    out.append(Term(tuple(t.tokens[0] for t in run), forms=forms))
                    i, matched = i + len(key), True
                    break
        if not matched:
            out.append(term)
            i += 1
    typed_words = {t.tokens[0] for t in out if t.plain}
    kept = {w for others, words in vocabulary.keep if others <= typed_words for w in words}
    stop = _stop_words() - kept
    content = [t for t in out if not (t.plain and t.tokens[0] in stop)]
    dropped = tuple(t.tokens[0] for t in out if t not in content)
    if not [t for t in content if not t.negated]:
        content, dropped = out, ()
    corrections: list[tuple[str, str]] = []
    if correct:
        fixed = []
        for term in content:
            word = term.tokens[0]
            if (
                term.plain
                and len(word) >= 3
                and not word.isdigit()
                and stem(word) not in vocabulary.stems
                and word not in vocabulary.counts
            ):
                near = [w for w in nearest_words(word, game_id, 5, vocabulary) if w not in stop]
                if near:
                    corrections.append((word, near[0]))
                    term = Term((near[0],))
            fixed.append(term)
        content = fixed
    query = SearchQuery(typed.text, tuple(content), corrections=tuple(corrections), dropped=dropped)
    return SearchQuery(
        query.text,
        query.terms,
        query.corrections,
        query.dropped,
        question=reads_like_a_question(typed.text, typed),
    )


def suggest(query: SearchQuery, limit: int = 5, game_id: int | None = None) -> list[str]:
    """Did you mean: the indexed words nearest the words of a query without results."""
    vocabulary = _vocabulary()
    seen: list[str] = []
    for term in query.positive:
        for token in term.tokens:
            for word in nearest_words(token, game_id, 3, vocabulary):
                if word not in seen:
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
        _delete_game(cursor, instance.pk)
    _touch()


def _on_synonyms_change(sender: type, instance: Any, **_: Any) -> None:
    """Synonyms and glossary names are read at query time: tell the caches."""
    _touch()


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
    related: dict[type, str] = {
        m.Faction: "factions",
        m.Expansion: "expansion",
        m.CardType: "card_type",
    }
    cards = m.Card.objects.filter(**{related[sender]: instance})
    index_documents(builder.cards(cards))
    if sender in (m.Faction, m.Expansion):  # the game's entry lists their names too
        index_documents([builder.game(instance.game)])


@cache
def connect_signals() -> None:
    for kind in KINDS:
        if kind.model is None:
            continue
        uid = f"search-{kind.slug}"
        post_save.connect(_on_save, sender=kind.model, dispatch_uid=f"{uid}-save")
        post_delete.connect(_on_delete, sender=kind.model, dispatch_uid=f"{uid}-delete")
    pre_delete.connect(_on_game_delete, sender=m.Game, dispatch_uid="search-game-pre-delete")
    for signal in (post_save, post_delete):
        signal.connect(_on_synonyms_change, sender=m.Synonym, dispatch_uid=f"search-syn-{signal}")
    m2m_changed.connect(
        _on_card_factions, sender=m.Card.factions.through, dispatch_uid="search-card-factions"
    )
    for model in (m.RuleSection, m.Faction, m.Expansion, m.CardType):
        post_save.connect(
            _on_related_save, sender=model, dispatch_uid=f"search-{model.__name__}-save"
        )
