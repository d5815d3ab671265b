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

from cardsdb.search.backends import (
    _backend,
    _bitmaps_only,
    _Indexed,
    _indexed,
    _Postgres,
    _SQLite,
    _stems_of,
)
from cardsdb.search.documents import (
    _QUIET_ATTRIBUTES,
    CARD_FIELDS,
    Document,
    _attribute_texts,
    _DocumentBuilder,
    _join,
    _names,
)
from cardsdb.search.frequencies import _entry_bounds, _entry_estimate, _next_prefix
from cardsdb.search.highlight import (
    _matcher,
    _render,
    _spans,
    _term_in,
    highlight,
    snippet,
    terms_matched,
)
from cardsdb.search.index import (
    _count_entries,
    _count_words,
    _delete_game,
    _delete_keys,
    _uncount,
    index_after_load,
    index_count,
    index_documents,
    index_object,
    index_rebuild,
    index_remove,
)
from cardsdb.search.kinds import (
    _DISPLAY_COLUMNS,
    _KIND_BY_CODE,
    BATCH,
    FREQUENCIES_TABLE,
    KIND_BY_MODEL,
    KIND_BY_SLUG,
    KIND_SLOTS,
    KINDS,
    MAX_QUERY_LENGTH,
    MAX_TERMS,
    QUESTION_SLOTS,
    SAMPLES,
    TABLE,
    TEXT_TABLE,
    VOCAB_TABLE,
    WORDS_TABLE,
    Kind,
    _rowid,
    _samples,
    _scope,
)
from cardsdb.search.prepare import named_game, prepare, reads_like_a_question
from cardsdb.search.query import _QUERY_PART_RE, SearchQuery, SearchQueryError, Term, parse_search
from cardsdb.search.ranking import (
    DROPPED_WEIGHT,
    KIND_WEIGHT,
    QUESTION_WEIGHT,
    WINDOW,
    WINDOW_ONE_KIND,
    Hit,
    _hit,
    _rerank,
    text_score,
    with_text_scores,
)
from cardsdb.search.results import (
    CANDIDATES,
    COUNT_CAP,
    RANK_LIMIT,
    SearchResults,
)
from cardsdb.search.searching import _SLUG_RE, RELAX_BELOW, card_ids_matching_text, search
from cardsdb.search.signals import (
    _active,
    _on_card_factions,
    _on_delete,
    _on_game_delete,
    _on_related_save,
    _on_save,
    _on_synonyms_change,
    _paused,
    connect_signals,
    signals_paused,
)
from cardsdb.search.spelling import _max_distance, is_english_word, nearest_words, suggest
from cardsdb.search.text import (
    _CYRILLIC_RE,
    _ORIGINAL_WORD_RE,
    TOKEN_RE,
    _stemmer,
    _stemmers,
    _word_tokens,
    fold,
    index_text,
    prefix_stem,
    stem,
    stems,
    tokens,
)
from cardsdb.search.vocabulary import (
    _GENERATION_KEY,
    QUESTION_START,
    QUESTION_WORDS,
    _stop_words,
    _synonyms_for,
    _touch,
    _Vocabulary,
    _vocabulary,
    _vocabulary_cache,
    _word_set,
)

__all__ = [
    "BATCH",
    "CANDIDATES",
    "CARD_FIELDS",
    "COUNT_CAP",
    "DROPPED_WEIGHT",
    "FREQUENCIES_TABLE",
    "KINDS",
    "KIND_BY_MODEL",
    "KIND_BY_SLUG",
    "KIND_SLOTS",
    "KIND_WEIGHT",
    "MAX_QUERY_LENGTH",
    "MAX_TERMS",
    "QUESTION_SLOTS",
    "QUESTION_START",
    "QUESTION_WEIGHT",
    "QUESTION_WORDS",
    "RANK_LIMIT",
    "RELAX_BELOW",
    "SAMPLES",
    "TABLE",
    "TEXT_TABLE",
    "TOKEN_RE",
    "VOCAB_TABLE",
    "WINDOW",
    "WINDOW_ONE_KIND",
    "WORDS_TABLE",
    "_CYRILLIC_RE",
    "_DISPLAY_COLUMNS",
    "_GENERATION_KEY",
    "_KIND_BY_CODE",
    "_ORIGINAL_WORD_RE",
    "_QUERY_PART_RE",
    "_QUIET_ATTRIBUTES",
    "_SLUG_RE",
    "Document",
    "Hit",
    "Kind",
    "SearchQuery",
    "SearchQueryError",
    "SearchResults",
    "Term",
    "_DocumentBuilder",
    "_Indexed",
    "_Postgres",
    "_SQLite",
    "_Vocabulary",
    "_active",
    "_attribute_texts",
    "_backend",
    "_bitmaps_only",
    "_count_entries",
    "_count_words",
    "_delete_game",
    "_delete_keys",
    "_entry_bounds",
    "_entry_estimate",
    "_hit",
    "_indexed",
    "_join",
    "_matcher",
    "_max_distance",
    "_names",
    "_next_prefix",
    "_on_card_factions",
    "_on_delete",
    "_on_game_delete",
    "_on_related_save",
    "_on_save",
    "_on_synonyms_change",
    "_paused",
    "_render",
    "_rerank",
    "_rowid",
    "_samples",
    "_scope",
    "_spans",
    "_stemmer",
    "_stemmers",
    "_stems_of",
    "_stop_words",
    "_synonyms_for",
    "_term_in",
    "_touch",
    "_uncount",
    "_vocabulary",
    "_vocabulary_cache",
    "_word_set",
    "_word_tokens",
    "card_ids_matching_text",
    "connect_signals",
    "fold",
    "highlight",
    "index_after_load",
    "index_count",
    "index_documents",
    "index_object",
    "index_rebuild",
    "index_remove",
    "index_text",
    "is_english_word",
    "named_game",
    "nearest_words",
    "parse_search",
    "prefix_stem",
    "prepare",
    "reads_like_a_question",
    "search",
    "signals_paused",
    "snippet",
    "stem",
    "stems",
    "suggest",
    "terms_matched",
    "text_score",
    "tokens",
    "with_text_scores",
]
