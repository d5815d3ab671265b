"""Reading a search box query: words, "phrases", prefix*, -exclusion."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from cardsdb.search.kinds import (
    MAX_QUERY_LENGTH,
    MAX_TERMS,
)
from cardsdb.search.text import (
    prefix_stem,
    stem,
    tokens,
)


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
    count: bool = False  # it asks for a number ("how many", "сколько"): the rule stating it
    # what a count asks the number of: the words right after "how many" ("how many booster
    # cards does ..." counts booster cards), by their position in `terms`
    counted: tuple[int, ...] = ()
    # the one game whose glossary terms the query's words name most ("run two plays in one
    # battle": Battle Arena's Play, Battle, Run a Play), by slug; "" when none or a tie
    words_of_game: str = ""

    @cached_property  # read for every hit and every kind's and game's bounds
    def positive(self) -> tuple[Term, ...]:
        return tuple(t for t in self.terms if not t.negated)

    @cached_property
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
# An apostrophe inside a word typed outside quotes ("player's", "can't", "don't") joins a
# word and a clitic, not the words of a phrase: each is a word of its own (the clitics, s, t,
# re, ll..., are stop words).
_APOSTROPHE_RE = re.compile(r"[^\W_]['\u2019\u02bc][^\W_]")


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
        quoted = match.group(2) is not None and match.group(0).lstrip("-").startswith('"')
        if quoted:
            negated, words, star = bool(match.group(1)), match.group(2), bool(match.group(4))
        else:
            negated, words = bool(match.group(5)), match.group(6)
            star = words.endswith("*")
        found = tuple(tokens(words))
        if not found:
            continue
        split = len(found) > 1 and not (quoted or negated or star) and _APOSTROPHE_RE.search(words)
        for part in [(t,) for t in found] if split else [found]:
            if len(terms) >= MAX_TERMS:
                raise SearchQueryError(
                    f"The query has more than {MAX_TERMS} words; search for fewer.", match.start()
                )
            terms.append(Term(part, prefix=star, negated=negated))
    return SearchQuery(text, tuple(terms))
