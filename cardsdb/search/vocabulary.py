"""What the index holds, read once per process and per version of the index: its words and
their counts (for spelling), glossary names holding stop words, the synonym lists; and the
stop and question words."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any

import stopwords as stopword_lists
from django.core.cache import cache as django_cache
from django.db import connection

from cardsdb import models as m
from cardsdb.search.kinds import (
    WORDS_TABLE,
)
from cardsdb.search.text import (
    stem,
    stems,
    tokens,
)

_GENERATION_KEY = "search:generation"


def _touch() -> None:
    """Tell every process's vocabulary cache that the index changed."""
    try:
        django_cache.incr(_GENERATION_KEY)
    except ValueError:
        django_cache.set(_GENERATION_KEY, 1, None)


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
