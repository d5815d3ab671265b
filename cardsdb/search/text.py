"""Folding, tokens and stems: the one definition of a "word", for indexing, queries and
marks."""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache
from typing import Any

import Stemmer

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
