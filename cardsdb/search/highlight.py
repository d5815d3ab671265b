"""Marks and snippets: escape everything, wrap the matched words in <mark>."""

from __future__ import annotations

import re
import threading
from bisect import bisect_left
from collections.abc import Callable, Collection, Iterable, Sequence
from functools import lru_cache
from html import escape as _escape
from itertools import compress, count, islice

from django.utils.safestring import SafeString, mark_safe

from cardsdb.search.query import SearchQuery, Term
from cardsdb.search.text import (
    _ORIGINAL_WORD_RE,
    _word_tokens,
    stem,
    tokens,
)

# Every written word met in a text so far, and the words of each stem: a whole-word query's
# matches among a text's words are then one set intersection (`_Matcher.found`), not a look
# at each word. A word's stems depend on the word alone, so nothing here goes stale; it grows
# with the words of the texts shown, up to _MOST_WORDS (then new words are looked at one by one).
_MOST_WORDS = 200_000  # also how many words `_word_stems` remembers
_words_lock = threading.Lock()
_words_met: set[str] = set()  # registered in full (last of the three)
_words_order: list[str] = []  # in the order registered
_words_of_stem: dict[str, set[str]] = {}


def _register(words: Iterable[str]) -> list[str]:
    """Register written words (their stems); the words left unregistered (past the bound)."""
    left: list[str] = []
    with _words_lock:
        for word in words:
            if word in _words_met:
                continue
            if len(_words_order) >= _MOST_WORDS:
                left.append(word)
                continue
            _words_order.append(word)
            for s in _word_stems(word):
                _words_of_stem.setdefault(s, set()).add(word)
            _words_met.add(word)
    return left


class _Matcher(dict[str, bool]):
    """Whether a written word matches a query: its tokens' stems are the query's, or start
    with one of its prefixes. Called with a word (`hit_word(word)`): a lookup in the words
    already looked at, made in C (`dict.__getitem__`), a new word looked at once per query
    (`__missing__`); a text's distinct words are sorted into matches with set operations
    (`found`): for a whole-word query, the words met so far of the query's stems, and only
    the words met since looked at."""

    __call__ = dict.__getitem__  # no Python frame a word: text scores call it for every word

    def __init__(self, query: SearchQuery) -> None:
        super().__init__()
        exact: set[str] = set()
        prefixes: list[str] = []
        for term in query.positive:
            for i, form in enumerate(term.alternatives):
                if term.prefix and i == 0:
                    exact.update(form[:-1])
                    prefixes.append(form[-1])
                else:
                    exact.update(form)
        self.exact = frozenset(exact)
        self.starts = tuple(prefixes)
        self.hits: set[str] = set()
        self.upto = 0  # the registered words looked at (whole-word queries)
        if not self.starts:
            with _words_lock:
                self.upto = len(_words_order)
                self.hits.update(*(_words_of_stem.get(s, ()) for s in self.exact))

    def _looks(self, word: str) -> bool:
        if not self.exact.isdisjoint(_word_stems(word)):
            return True
        starts = self.starts
        return bool(starts) and any(
            s.startswith(starts) or t.startswith(starts)
            for t, s in zip(_word_tokens(word), _word_stems(word), strict=True)
        )

    def __missing__(self, word: str) -> bool:
        hit = self._looks(word)
        self[word] = hit
        if hit:
            self.hits.add(word)
        return hit

    def _learn(self, words: Collection[str]) -> None:
        found = [w for w in words if self._looks(w)]
        self.update(dict.fromkeys(words, False))
        self.update(dict.fromkeys(found, True))
        self.hits.update(found)

    def found(self, words: Iterable[str]) -> frozenset[str]:
        """The distinct words among `words` that match."""
        distinct = set(words)
        if self.starts:
            new = distinct - self.keys()
            if new:
                self._learn(new)
            return frozenset(distinct & self.hits)
        unknown = distinct - _words_met
        if unknown:  # words never met: registered, or looked at here past the bound
            self._learn(_register(unknown))
        if len(_words_order) > self.upto:  # words registered since: looked at once
            exact, stems_of = self.exact, _word_stems
            upto, self.upto = self.upto, len(_words_order)
            met = _words_order[upto : self.upto]
            self.hits.update(w for w in met if not exact.isdisjoint(stems_of(w)))
        return frozenset(distinct & self.hits)


@lru_cache(maxsize=256)
def _matcher(query: SearchQuery) -> _Matcher:
    return _Matcher(query)


@lru_cache(maxsize=_MOST_WORDS)
def _word_stems(word: str) -> tuple[str, ...]:
    """The stems of a written word's tokens (a word comes back in query after query)."""
    return tuple(stem(t) for t in _word_tokens(word))


def escape(text: str) -> str:
    """Django's escaping (`django.utils.html.escape` is this, made safe), without its check
    for lazy strings on every call: a page of results escapes a hundred texts."""
    return _escape(text, quote=True)


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


# The escaped text cut into words (odd places) and what lies between them (even places): a
# word as `_ORIGINAL_WORD_RE` reads it, with any combining accents.
_WORDS_SPLIT_RE = re.compile(f"({_ORIGINAL_WORD_RE.pattern})")


def _marked(html: str, found: frozenset[str]) -> str:
    """Escaped text with the words in `found` marked: the text cut into words once, by one
    compiled pattern (no pattern compiled for a query's words), each word found wrapped in
    <mark>, unless it is an escaped character's name: right after "&" or "&#" stands one
    (`&lt;`, `&#x27;`), never a word of the text, since escaping leaves no other "&"."""
    parts = _WORDS_SPLIT_RE.split(html)
    # the places of the words found, picked in C (what lies between words is never a word)
    for i in compress(count(), map(found.__contains__, parts)):
        before = parts[i - 1]
        if i % 2 and not (before.endswith("&") or before.endswith("&#")):
            parts[i] = f"<mark>{parts[i]}</mark>"
    return "".join(parts)


# A shown text's words, and its escaped HTML with the places a word can be marked, depend on
# the text alone: they are kept for the texts shown last (a search's hits come back in search
# after search: the same rules, terms and cards answer many queries), up to _MOST_TEXTS of
# each. Keyed on the text itself, so an entry edited is a new text and nothing goes stale.
_MOST_TEXTS = 8192


@lru_cache(maxsize=_MOST_TEXTS)
def _words_in(text: str) -> tuple[tuple[str, ...], dict[str, int]]:
    """A text's written words in order, and how many times each is written."""
    every = tuple(_ORIGINAL_WORD_RE.findall(text))
    written: dict[str, int] = {}
    for word in every:
        written[word] = written.get(word, 0) + 1
    return every, written


@lru_cache(maxsize=_MOST_TEXTS)
def _escaped(text: str) -> tuple[str, dict[str, tuple[int, ...]]]:
    """A text escaped, and where each of its words starts in the escaped text, as `_marked`
    reads them (an escaped character's name, after "&" or "&#", is no word)."""
    html = escape(text)
    parts = _WORDS_SPLIT_RE.split(html)
    places: dict[str, list[int]] = {}
    at = 0
    for i, part in enumerate(parts):
        if i % 2 and not (parts[i - 1].endswith("&") or parts[i - 1].endswith("&#")):
            places.setdefault(part, []).append(at)
        at += len(part)
    return html, {word: tuple(starts) for word, starts in places.items()}


def _marked_at(text: str, found: frozenset[str]) -> str:
    """`_marked(escape(text), found)`, from the text's escaped HTML and its words' places
    (`_escaped`): only the places of the words found are visited."""
    html, places = _escaped(text)
    spans = sorted((at, word) for word in found for at in places.get(word, ()))
    if not spans:
        return html
    out: list[str] = []
    done = 0
    for at, word in spans:
        end = at + len(word)
        out.append(f"{html[done:at]}<mark>{html[at:end]}</mark>")
        done = end
    out.append(html[done:])
    return "".join(out)


def highlight(text: str, query: SearchQuery) -> SafeString:
    """The whole text, escaped, with the matched words marked."""
    found = _matcher(query).found(_words_in(text)[1])
    return mark_safe(_marked_at(text, found) if found else _escaped(text)[0])


def snippet(text: str, query: SearchQuery, words: int = 30) -> tuple[SafeString, int]:
    """A window of about `words` words around the densest run of matches; (html, matches).
    A text of at most `words` words is all shown, marked in one pass (most entries: cards,
    terms, questions); a longer one is cut around its matches."""
    every, written = _words_in(text)
    if not every:
        return mark_safe(escape(text[:200])), 0
    found = _matcher(query).found(written)
    if len(every) <= words:
        if not found:
            return mark_safe(_escaped(text)[0]), 0
        return mark_safe(_marked_at(text, found)), sum(written[w] for w in found)
    hits = list(compress(count(), map(found.__contains__, every)))
    first = 0
    if hits:  # the window of `words` words holding the most matches, a little lead-in
        best = max(range(len(hits)), key=lambda n: bisect_left(hits, hits[n] + words) - n)
        first = max(0, min(hits[best] - 4, len(every) - words))
    last = min(len(every), first + words) - 1
    # only the window's words are located (the rest of a long text is not walked again)
    located = islice(_ORIGINAL_WORD_RE.finditer(text), first, last + 1)
    window = [m.span() for m in located]
    start = 0 if first == 0 else window[0][0]
    end = len(text) if last == len(every) - 1 else window[-1][1]
    html = escape(text[start:end])
    html = _marked(html, found) if found else html
    html = ("… " if start else "") + html + (" …" if end < len(text) else "")
    return mark_safe(html), len(hits)


def _term_in(term: Term, words: Sequence[str], joined: str) -> bool:
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


@lru_cache(maxsize=_MOST_TEXTS)
def words_and_stems(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A shown text's folded words and their stems (a hit's title, a rule's text: read by the
    re-ranking of every search they answer), kept as its words are (`_MOST_TEXTS`)."""
    words = tuple(tokens(text))
    return words, tuple(map(stem, words))


@lru_cache(maxsize=_MOST_TEXTS)
def _stems_joined(text: str) -> tuple[tuple[str, ...], str]:
    words = words_and_stems(text)[1]
    return words, f" {' '.join(words)} "


def terms_matched(text: str, query: SearchQuery) -> int:
    """How many of the query's wanted terms the text holds."""
    words, joined = _stems_joined(text)
    return sum(1 for t in query.positive if _term_in(t, words, joined))


def terms_matched_in(words: Sequence[str], query: SearchQuery) -> int:
    """How many of the query's wanted terms a text holds, given its stems."""
    joined = f" {' '.join(words)} "
    return sum(1 for t in query.positive if _term_in(t, words, joined))
