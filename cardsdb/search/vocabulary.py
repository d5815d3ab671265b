"""What the index holds, read once per process and per version of the index: its words and
their counts (for spelling), glossary names holding stop words, the synonym lists; and the
stop and question words."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import stopwords as stopword_lists
from django.core.cache import cache as django_cache
from django.db import connection

from cardsdb import models as m
from cardsdb.search.kinds import (
    WORDS_TABLE,
)
from cardsdb.search.synonyms import (
    Entry,
    Forms,
    game_name_keys,
    group_entries,
    longest_first,
    merged,
    with_gaming_words,
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
    "possible many much ли можно нельзя сколько "
    # asking a form to check something ("check my playbook is legal" asks "is my playbook
    # legal"): the rules never check anything, only our clarifications' own words do
    "check"
)
QUESTION_START = _word_set(
    "can may must could should would will do does did is are am was were who what when where "
    "which why how if whose whom ли можно как кто что когда где сколько почему зачем чей "
    "куда откуда какой какая какое какие каких чем разве нужно "
    # asking a form to check something ("check my playbook is legal")
    "check"
)
# Words the stop word lists lack that ask nothing of an entry ("after every battle", "attack
# another player", "if I can't play anything"), and the pronouns players type short on a phone
# ("how do u win", "ur hero"), and "ones" standing for cards already named ("draw fresh
# ones"): left out as stop words are.
MORE_STOP_WORDS = _word_set(
    "every another anything something everything anyone someone everyone everybody somebody "
    "u ur ya ones"
)
# Words of the stop word lists that rules turn on: "the same Power" is a draw, "the same
# number" a match, "the same turn" (kept, not left out).
NOT_STOP_WORDS = _word_set("same")


# A question asking for a number ("how many heroes do I get", "сколько карт нужно") is
# answered by the rule that states it, whatever verb the rule uses: these verbs only carry the
# asking, and are left out of such a question ("get" where the rule says "deal", "need" where
# it says "the majority of").
COUNT_START = (("how", "many"), ("how", "much"), ("сколько",))
# "deck size", "hand size", «размер колоды»: a number asked for as the size of the word next to
# it; the word "size" is left out as a count's verbs are (rules state sizes as numbers).
SIZE_WORDS = _word_set("size sizes размер размера")
COUNT_VERBS = _word_set(
    "get gets getting got need needs needed have has having receive receives received take "
    "takes taking keep keeps hold holds start starts begin given give gives come comes contain "
    "contains go goes "
    "получить получаю получает получают нужно надо нужен нужна нужны иметь есть дают даётся"
)


@cache
def _stop_words() -> frozenset[str]:
    words = set(QUESTION_WORDS) | MORE_STOP_WORDS
    for language in ("english", "russian"):
        for word in stopword_lists.get_stopwords(language):
            words.update(tokens(word))
    return frozenset(w for w in words if w and w not in NOT_STOP_WORDS)


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
    # each game's synonyms and the gaming words (`synonyms.py`), the longest phrase first
    synonyms: dict[int, list[Entry]]
    every_game: list[Entry] = field(default_factory=list)  # every game's together
    synonym_stems: frozenset[str] = frozenset()  # every stem a synonym is called up by
    # the mark letters each game prints: glyph -> the mark's forms (the letter, its name)
    marks: dict[int, dict[str, Forms]] = field(default_factory=dict)
    # the words of every game's names, longest first: (words, game id)
    game_names: list[tuple[tuple[str, ...], int]] = field(default_factory=list)
    # the games with a Russian title (`names.ru`): the ones a Russian query is about
    russian_games: tuple[int, ...] = ()
    # the synonym entries by their key's first stem, by game (None: every game), made when
    # first asked (`_synonyms_for`)
    by_first_stem: dict[int | None, dict[str, list[Entry]]] = field(default_factory=dict)
    # each glossary term's names as stems (stop words left out): (stems, game slug, term id),
    # to tell which game's words a query is in (`game_of_words`)
    term_names: list[tuple[frozenset[str], str, int]] = field(default_factory=list)


_vocabulary_cache: dict[str, Any] = {}


def _keep_words() -> list[tuple[frozenset[str], frozenset[str]]]:
    keep: list[tuple[frozenset[str], frozenset[str]]] = []
    stop = _stop_words()
    for term, aliases in m.GlossaryTerm.objects.values_list("term", "aliases"):
        for name in [term, *(aliases or [])]:
            name_words = set(tokens(name))
            if name_words & stop and name_words - stop:
                keep.append((frozenset(name_words - stop), frozenset(name_words & stop)))
    return keep


def _term_names() -> list[tuple[frozenset[str], str, int]]:
    """Every glossary term's name and aliases as sets of stems, without stop words."""
    stop = _stop_words()
    found: dict[tuple[frozenset[str], str], int] = {}
    rows = m.GlossaryTerm.objects.values_list("pk", "game__slug", "term", "aliases")
    for pk, slug, term, aliases in rows:
        for name in [term, *(aliases or [])]:
            words = frozenset(stem(w) for w in tokens(name) if w not in stop)
            if words:
                found.setdefault((words, slug), pk)
    return [(words, slug, pk) for (words, slug), pk in found.items()]


def _own_words(
    own: dict[int, list[Entry]],
    gaming: list[Entry],
    slugs: dict[int, str],
    term_names: list[tuple[frozenset[str], str, int]],
) -> list[tuple[frozenset[str], str, int]]:
    """The players' words of one game's synonym list only (not another game's, not a gaming
    word), as `_term_names` gives a glossary term's names: "sub" is Battle Arena's word for a
    substitution, as its glossary's "substitute" is. Numbered below zero (no term has them).
    Not a word another game's glossary names a term with: "number" is Battle Arena's word
    for Power, and Higher or Lower's number cards are numbers too."""
    stop = _stop_words()
    named_by: dict[str, set[str]] = {}
    for names, slug, _ in term_names:
        for word in names:
            named_by.setdefault(word, set()).add(slug)
    games_of: dict[frozenset[str], set[int]] = {}
    for owner, entries in own.items():
        for key, _ in entries:
            games_of.setdefault(frozenset(key), set()).add(owner)
    for key, _ in gaming:
        games_of.setdefault(frozenset(key), set()).add(0)
    out: list[tuple[frozenset[str], str, int]] = []
    for n, (stems_, found) in enumerate(games_of.items(), start=1):
        words = frozenset(w for w in stems_ if w not in stop)
        if len(found) == 1 and words and (game_id := next(iter(found))) in slugs:
            slug = slugs[game_id]
            if all(named_by.get(w, set()) - {slug} for w in words):
                continue
            out.append((words, slug, -n))
    return out


def _marks() -> dict[int, dict[str, Forms]]:
    """Each game's expansion marks printed as one letter, with the mark's name."""
    marks: dict[int, dict[str, Forms]] = {}
    kind = m.Symbol.Kind.EXPANSION_MARK
    for game_id, name, glyph in m.Symbol.objects.filter(kind=kind).values_list(
        "game_id", "name", "glyph"
    ):
        letter = tokens(glyph or "")
        if len(letter) == 1 and len(letter[0]) == 1:
            forms = ((letter[0],), tuple(stems(name)))
            marks.setdefault(game_id, {})[letter[0]] = forms
    return marks


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
        own: dict[int, list[Entry]] = {}
        gaming: list[Entry] = []  # the synonyms of no game: the gaming words
        rows = m.Synonym.objects.order_by("position", "pk").values_list("game_id", "words", "means")
        for game_id, words, means in rows:
            entries = group_entries(words, means)
            if game_id is None:
                gaming.extend(entries)
            else:
                own.setdefault(game_id, []).extend(entries)
        games = list(m.Game.objects.values_list("pk", "name", "names", "short_names"))
        synonyms = {pk: with_gaming_words(own.get(pk, []), gaming) for pk, *_ in games}
        slugs = dict(m.Game.objects.values_list("pk", "slug"))
        every_game = longest_first(merged({**own, 0: gaming}))
        term_names = _term_names()
        vocabulary = _Vocabulary(
            counts=dict(counts),
            by_game=by_game,
            stems={stem(w) for w in counts},
            by_length=by_length,
            keep=_keep_words(),
            term_names=term_names + _own_words(own, gaming, slugs, term_names),
            synonyms=synonyms,
            every_game=every_game,
            synonym_stems=frozenset(s for key, _ in every_game for s in key),
            marks=_marks(),
            game_names=game_name_keys(games),
            russian_games=tuple(pk for pk, _, names, _ in games if (names or {}).get("ru")),
        )
        _vocabulary_cache.update(generation=generation, vocabulary=vocabulary)
    return _vocabulary_cache["vocabulary"]


def _synonyms_for(vocabulary: _Vocabulary, game_id: int | None) -> dict[str, list[Entry]]:
    """A game's synonym entries (every game's when None) by their key's first stem, longest
    first: a query's word looks only at the entries it can start."""
    found = vocabulary.by_first_stem.get(game_id)
    if found is None:
        entries = vocabulary.synonyms.get(game_id, []) if game_id is not None else None
        found = {}
        for entry in entries if entries is not None else vocabulary.every_game:
            found.setdefault(entry[0][0], []).append(entry)
        vocabulary.by_first_stem[game_id] = found
    return found
