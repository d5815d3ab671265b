"""Kinds of entry in the search index, the index tables' names, and the scope and sample
marks that say what an entry is inside the full-text index."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Model

from cardsdb import models as m

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
# the stored texts a result is shown from
_DISPLAY_COLUMNS = (
    "kind, object_id, key, url, game_slug, game_name, title_text, body_text, meta_text"
)


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
