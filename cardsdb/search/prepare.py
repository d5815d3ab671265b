"""Preparing a query before either database sees it: players' words expanded from the
synonym lists, question and stop words dropped, words the index does not hold corrected."""

from __future__ import annotations

from cardsdb.search.query import SearchQuery, Term
from cardsdb.search.spelling import nearest_words
from cardsdb.search.text import (
    stem,
)
from cardsdb.search.vocabulary import (
    QUESTION_START,
    _stop_words,
    _synonyms_for,
    _vocabulary,
)


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
