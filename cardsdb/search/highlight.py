"""Marks and snippets: escape everything, wrap the matched words in <mark>."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from cardsdb.search.query import SearchQuery, Term
from cardsdb.search.text import (
    _ORIGINAL_WORD_RE,
    _word_tokens,
    stem,
    stems,
)


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
