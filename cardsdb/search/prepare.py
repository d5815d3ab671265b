"""Preparing a query before either database sees it: a game named in it taken as the search's
scope, mark letters read as marks, players' words expanded from the synonym lists, question
and stop words dropped, and words that are neither in the index nor English words corrected."""

from __future__ import annotations

import re
from itertools import pairwise

from cardsdb.search.query import SearchQuery, Term
from cardsdb.search.spelling import is_english_word, nearest_words
from cardsdb.search.synonyms import MARK_CUES, Entry
from cardsdb.search.text import fold, stem, stems
from cardsdb.search.vocabulary import (
    COUNT_START,
    COUNT_VERBS,
    QUESTION_START,
    SIZE_WORDS,
    _stop_words,
    _synonyms_for,
    _Vocabulary,
    _vocabulary,
)

_CYRILLIC_RE = re.compile("[\u0400-\u04ff]")
_LETTER_ALONE_RE = re.compile(r"(?<![^\W_])[^\W\d_](?![^\W_])")


def _capitals_alone(text: str) -> set[str]:
    """The capital letters standing alone in a text, folded ("что значит В", «В»), leaving
    out a sentence's first word ("В углу карты": a preposition)."""
    found = set()
    for match in _LETTER_ALONE_RE.finditer(text):
        letter, before = match.group(), text[: match.start()].rstrip(" «\"'(")
        if letter.isupper() and before and before[-1] not in ".!?":
            found.add(fold(letter))
    return found


def asks_for_a_number(query: SearchQuery) -> bool:
    """It starts "how many", "how much" or "сколько"."""
    first = tuple(t.tokens[0] for t in query.terms[:2] if t.plain)
    return any(first[: len(start)] == start for start in COUNT_START)


def counted_words(terms: list[Term], stop: frozenset[str]) -> list[Term]:
    """The words a count asks the number of: those right after "how many" or "сколько", up to
    the first common word ("how many face down cards can I hold": face down cards)."""
    first = tuple(t.tokens[0] for t in terms[:2] if t.plain)
    start = next((len(s) for s in COUNT_START if first[: len(s)] == s), 0)
    out: list[Term] = []
    for term in terms[start:]:
        if term.negated or (term.plain and term.tokens[0] in stop):
            break
        out.append(term)
    return out


def sized_words(terms: list[Term], stop: frozenset[str]) -> list[Term]:
    """The words a size asks the number of: those right before "size" ("hand size", "boba
    deck size"; «размер колоды»: right after «размер»), up to a common word. Empty when no
    size is asked for."""
    at = next(
        (i for i, t in enumerate(terms) if not t.negated and t.tokens[-1] in SIZE_WORDS), None
    )
    if at is None:
        return []
    if not terms[at].plain:  # a players' phrase ending in "size" ("hand size")
        return [terms[at]]
    before: list[Term] = []
    for term in reversed(terms[:at]):
        if term.negated or (term.plain and term.tokens[0] in stop):
            break
        before.insert(0, term)
    if before:
        return before
    after: list[Term] = []
    for term in terms[at + 1 :]:
        if term.negated or (term.plain and term.tokens[0] in stop):
            break
        after.append(term)
    return after


# "Get" before a past participle only makes it passive ("did I get wounded", "got scrapped"):
# left out as a question word is, the participle says what is asked.
PASSIVE_GET = frozenset({"get", "gets", "got", "getting", "gotten"})


def _passive_gets(terms: list[Term]) -> set[int]:
    return {
        i
        for i, (term, after) in enumerate(pairwise(terms))
        if term.plain
        and term.tokens[0] in PASSIVE_GET
        and after.tokens[-1].endswith("ed")
        and not after.negated
    }


# "how does a battle work", "what does honors mean", «что такое основная фаза», «как работает
# союзник»: a question asking what something is, which the glossary and the rules answer, not
# a dispute's form. Its closing verb ("work", "mean") asks nothing of an entry.
DEFINITION_START = (
    ("how", "does"),
    ("how", "do"),
    ("what", "does"),
    ("what", "do"),
    ("что", "такое"),
    ("что", "означает"),
    ("как", "работает"),
    ("как", "работают"),
)
DEFINITION_END = frozenset({"work", "works", "mean", "means"})
RUSSIAN_DEFINITION = frozenset({("что", "такое"), ("что", "означает")}) | {
    ("как", "работает"),
    ("как", "работают"),
}


def asks_what_it_is(query: SearchQuery) -> tuple[bool, int | None]:
    """Whether it asks what something is ("how does X work", "what does X mean", «что такое
    X», «как работает X»), and the position of its closing verb ("work", "mean": its last word
    but common ones such as "in"), None when there is none."""
    plain = [t.tokens[0] for t in query.terms if t.plain]
    if len(plain) < 3 or tuple(plain[:2]) not in DEFINITION_START:
        return False, None
    if tuple(plain[:2]) in RUSSIAN_DEFINITION:
        return True, None
    stop = _stop_words()
    for i in range(len(query.terms) - 1, 1, -1):
        term = query.terms[i]
        if term.plain and term.tokens[0] in DEFINITION_END:
            return True, i
        if not (term.plain and term.tokens[0] in stop):
            break
    return False, None


RUSSIAN_ASKS = "ли"  # the particle of a Russian yes-or-no question ("можно ли")


def reads_like_a_question(text: str, query: SearchQuery) -> bool:
    """It ends with "?", starts with a question word ("can", "how", «можно», «куда»), or
    is a Russian yes-or-no question: its first word followed by «ли» («есть ли», «работает
    ли», «сбрасывается ли»)."""
    words = [t.tokens[0] for t in query.terms if t.tokens]
    first = words[0] if words else ""
    return text.strip().endswith("?") or first in QUESTION_START or words[1:2] == [RUSSIAN_ASKS]


def named_game(
    typed: SearchQuery, vocabulary: _Vocabulary | None = None
) -> tuple[int, SearchQuery] | None:
    """A game named in the query by one of its names ("battle arena", "HSQ", «Боевая
    тревога»): (its id, the query without the name). None when no game is named, or when the
    name is all there is to search for (then the game's own entry is the answer). A query in
    Russian names the one game whose edition is Russian (a Russian title), when there is one:
    only its rulebook and cards hold Russian words."""
    vocabulary = vocabulary or _vocabulary()
    terms = list(typed.terms)
    # a name's first word is the stem of a term's first token (plain or a "phrase"): the
    # names whose first word no term starts with are not looked at
    firsts = {stem(t.tokens[0]) for t in terms if t.tokens}
    for words, game_id in vocabulary.game_names:
        if words[:1] and words[0] not in firsts:
            continue
        for i in range(len(terms)):
            run = terms[i : i + len(words)]
            if len(run) == len(words) and all(t.plain for t in run):
                found = tuple(stem(t.tokens[0]) for t in run)
            elif len(words) > 1 and not (terms[i].negated or terms[i].prefix):
                run = [terms[i]]  # the name typed as a "phrase"
                found = tuple(stem(w) for w in terms[i].tokens)
            else:
                continue
            if found == words:
                rest = (*terms[:i], *terms[i + len(run) :])
                stop = _stop_words()
                if not any(not t.negated and not (t.plain and t.tokens[0] in stop) for t in rest):
                    return None  # nothing but the name (and common words) to search for
                return game_id, SearchQuery(typed.text, rest)
    russian = [t for t in terms if not t.negated and any(_CYRILLIC_RE.search(w) for w in t.tokens)]
    if russian and len(vocabulary.russian_games) == 1:
        return vocabulary.russian_games[0], typed
    return None


def _marks(typed: SearchQuery, vocabulary: _Vocabulary, game_id: int | None) -> dict[int, Term]:
    """The query's mark letters (by term position): a game's one-letter mark typed after a
    word that names it a mark ("буква В", "символ Т") or as a capital standing alone."""
    marks: dict[str, tuple[tuple[str, ...], ...]] = {}
    for gid, found in vocabulary.marks.items():
        if game_id is None or gid == game_id:
            for letter, forms in found.items():
                marks[letter] = tuple(dict.fromkeys((*marks.get(letter, ()), *forms)))
    if not marks:
        return {}
    capitals = _capitals_alone(typed.text)
    out: dict[int, Term] = {}
    for i, term in enumerate(typed.terms):
        letter = term.tokens[0] if term.plain else ""
        if letter not in marks:
            continue
        before = typed.terms[i - 1] if i else None
        cued = before is not None and before.plain and stem(before.tokens[0]) in MARK_CUES
        if cued or letter in capitals:
            out[i] = Term(term.tokens, forms=marks[letter])
    return out


# Words that only point at what follows ("use a Play", "use my Plays", "use the Play"): in a
# run of players' words, any of them stands for any other.
DETERMINERS = frozenset(stems("a an the my your his her their our its this that these those"))


def _same_words(typed: tuple[str, ...], key: tuple[str, ...]) -> bool:
    """A run of typed stems is a synonym's key, a determiner standing for any determiner."""
    return all(
        t == k or (t in DETERMINERS and k in DETERMINERS) for t, k in zip(typed, key, strict=True)
    )


def _expand(
    terms: list[Term], synonyms: dict[str, list[Entry]], marks: dict[int, Term]
) -> list[Term]:
    """Players' words: a run of words (or a phrase) that is a synonym's key searches for all
    its forms; a mark letter for its mark. `synonyms`: the entries by their key's first stem,
    longest first (only those a term's first word can start are looked at)."""
    out: list[Term] = []
    i = 0
    while i < len(terms):
        term = terms[i]
        if i in marks:
            out.append(marks[i])
            i += 1
            continue
        matched = False
        if not (term.negated or term.prefix):
            for key, forms in synonyms.get(stem(term.tokens[0]), ()):
                # a phrase typed in quotes, or a run of single words
                if len(term.tokens) > 1 and tuple(stem(t) for t in term.tokens) == key:
                    out.append(Term(term.tokens, forms=forms))
                    i, matched = i + 1, True
                    break
                run = terms[i : i + len(key)]
                if (
                    len(run) == len(key)
                    and all(t.plain for t in run)
                    and _same_words(tuple(stem(t.tokens[0]) for t in run), key)
                ):
                    out.append(Term(tuple(t.tokens[0] for t in run), forms=forms))
                    i, matched = i + len(key), True
                    break
        if not matched:
            out.append(term)
            i += 1
    return out


def _correctable(word: str, vocabulary: _Vocabulary) -> bool:
    """A word to correct: not a number, not in the index, not a players' word, not English."""
    return (
        len(word) >= 3
        and not word.isdigit()
        and stem(word) not in vocabulary.stems
        and word not in vocabulary.counts
        and stem(word) not in vocabulary.synonym_stems
        and not is_english_word(word)
    )


def game_of_words(terms: tuple[Term, ...], vocabulary: _Vocabulary) -> str:
    """The one game most of whose glossary terms the query names (every word of a term's
    name or alias among the words typed: a players' word's forms are every game's), by slug;
    "" when no term is named or two games name as many."""
    found = {stem(w) for t in terms if not t.negated for w in t.tokens}
    if not found:
        return ""
    named: dict[str, set[int]] = {}
    for words, slug, pk in vocabulary.term_names:
        if words <= found:
            named.setdefault(slug, set()).add(pk)
    if not named:
        return ""
    ranked = sorted((len(pks) for pks in named.values()), reverse=True)
    if len(ranked) > 1 and ranked[0] == ranked[1]:
        return ""
    return max(named, key=lambda slug: len(named[slug]))


def prepare(typed: SearchQuery, game_id: int | None = None, correct: bool = True) -> SearchQuery:
    """The query the index is asked: mark letters read as marks, players' words expanded from
    the synonym lists (the game's, or every game's, and the gaming words), question and stop
    words dropped (unless nothing else is left, or the word is part of a glossary term's name),
    and, when `correct`, each word that is neither in the index, nor a players' word, nor an
    English word replaced by the nearest word the index holds."""
    if not typed.terms:
        return typed
    vocabulary = _vocabulary()
    definition, verb = asks_what_it_is(typed)
    if verb is not None:  # "how does a battle work": the closing verb asks nothing
        typed = SearchQuery(typed.text, (*typed.terms[:verb], *typed.terms[verb + 1 :]))
    marks = _marks(typed, vocabulary, game_id)
    out = _expand(list(typed.terms), _synonyms_for(vocabulary, game_id), marks)
    typed_words = {t.tokens[0] for t in out if t.plain}
    kept = {w for others, words in vocabulary.keep if others <= typed_words for w in words}
    count = asks_for_a_number(typed)
    stop = (_stop_words() | (COUNT_VERBS if count else frozenset())) - kept
    counted = {id(t) for t in counted_words(out, stop)} if count else set()
    sized = sized_words(out, stop) if not count else []
    if sized:  # "hand size": how many cards a hand holds
        count, counted = True, {id(t) for t in sized}
        stop = stop | COUNT_VERBS | SIZE_WORDS
    passive = _passive_gets(out)
    content = [
        t for i, t in enumerate(out) if not (t.plain and t.tokens[0] in stop) and i not in passive
    ]
    dropped = tuple(t.tokens[0] for t in out if t not in content)
    if not [t for t in content if not t.negated]:
        content, dropped = out, ()
    counted_at = tuple(i for i, t in enumerate(content) if id(t) in counted)
    corrections: list[tuple[str, str]] = []
    if correct:
        fixed = []
        for term in content:
            word = term.tokens[0]
            if term.plain and _correctable(word, vocabulary):
                near = [w for w in nearest_words(word, game_id, 5, vocabulary) if w not in stop]
                if near:
                    corrections.append((word, near[0]))
                    term = Term((near[0],))
            fixed.append(term)
        content = fixed
    return SearchQuery(
        typed.text,
        tuple(content),
        corrections=tuple(corrections),
        dropped=dropped,
        question=reads_like_a_question(typed.text, typed) and not definition,
        count=count,
        counted=counted_at,
        words_of_game=game_of_words(tuple(content), vocabulary) if game_id is None else "",
    )
