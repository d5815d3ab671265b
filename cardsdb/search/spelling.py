"""Spelling: the indexed words nearest a word the index does not hold, for a word that is not
an English word (pyspellchecker's English word frequency list, a maintained list built from
subtitles and web text: "threw", "skip" and "guy" are words, never typos of "three", "ship" or
"gum")."""

from __future__ import annotations

import math
import threading
from functools import cache

from rapidfuzz import process
from rapidfuzz.distance import OSA
from spellchecker import SpellChecker

from cardsdb.search.query import SearchQuery
from cardsdb.search.vocabulary import (
    _Vocabulary,
    _vocabulary,
)

# A word this common in the English list is an English word: rarer entries of the list are
# mostly misspellings and names that made it into the source texts.
ENGLISH_MIN_COUNT = 200
_english_lock = threading.Lock()


@cache
def _english_words() -> frozenset[str]:
    """The English list's words, read once per process (about half a second)."""
    with _english_lock:
        counts = SpellChecker(language="en", distance=1).word_frequency.dictionary
        return frozenset(w for w, n in counts.items() if n >= ENGLISH_MIN_COUNT and len(w) > 1)


def is_english_word(word: str) -> bool:
    """Whether a folded word is an English word (a Latin-letter word of the English list)."""
    return word.isascii() and word in _english_words()


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
