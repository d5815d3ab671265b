"""A result (`Hit`) and the re-ranking of the best of each kind, the same on both
databases."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.db import connection
from django.utils.safestring import SafeString, mark_safe

from cardsdb.search.highlight import (
    _matcher,
    highlight,
    snippet,
    terms_matched,
    terms_matched_in,
    words_and_stems,
)
from cardsdb.search.kinds import (
    KIND_BY_SLUG,
    _rowid,
)
from cardsdb.search.query import SearchQuery
from cardsdb.search.text import (
    stem,
    stems,
    tokens,
)


@dataclass
class Hit:
    kind: str
    key: str
    url: str
    game: str
    game_name: str
    title: str
    score: float
    rowid: int = 0
    matched: int = 0  # how many of the query's words it holds
    in_title: bool = False  # its title holds every word (a card's name, a term, a question)
    title_terms: int = 0  # how many of the query's words its title holds
    named: bool = False  # the query is one of its names (a term's name or alias, a card's name)
    title_share: float = 0.0  # the share of its title's words that are the query's
    dropped_in_title: int = 0  # how many of the left-out words its title holds
    rank: float = 0.0  # the re-ranking's score (higher is better)
    body: str = field(default="", repr=False)
    meta: str = field(default="", repr=False)
    query: SearchQuery | None = field(default=None, repr=False)

    @property
    def kind_label(self) -> str:
        return KIND_BY_SLUG[self.kind].label

    @cached_property
    def title_html(self) -> SafeString:
        """The title, escaped, the matched words in <mark> (made when shown)."""
        return highlight(self.title, self.query or SearchQuery("", ()))

    @cached_property
    def snippet(self) -> SafeString:
        """A short excerpt, escaped, the matched words in <mark> (made when shown)."""
        query = self.query or SearchQuery("", ())
        html, found = snippet(self.body, query)
        if not found and self.meta:
            meta_html, meta_found = snippet(self.meta, query)
            if meta_found:
                html = mark_safe(f"{html} <small>({meta_html})</small>" if self.body else meta_html)
        return html


def _hit(row: Sequence[Any], query: SearchQuery, relaxed: bool = False) -> Hit:
    """A result; `matched` is counted in its text only when the search is relaxed (otherwise
    the database has matched every word)."""
    kind, object_id, key, url, game_slug, game_name, title, body, meta, score = row[:10]
    wanted = len(query.positive)
    title_words, title_stems = words_and_stems(title)
    hit_word = _matcher(query)
    share = sum(map(hit_word, title_words)) / len(title_words) if title_words else 0
    title_terms = terms_matched_in(title_stems, query) if wanted else 0
    named = title_terms == wanted and wanted > 0 and is_named(title, query)
    return Hit(
        kind=kind,
        key=key,
        url=url,
        game=game_slug,
        game_name=game_name,
        title=title,
        score=float(score),
        rowid=_rowid(kind, int(object_id)),
        matched=terms_matched(f"{title} · {body} · {meta}", query) if relaxed else wanted,
        in_title=bool(wanted) and title_terms == wanted,
        title_terms=title_terms,
        named=named,
        title_share=share,
        dropped_in_title=len(set(query.dropped) & set(title_words)) if query.dropped else 0,
        body=body,
        meta=meta,
        query=query,
    )


def is_named(title: str, query: SearchQuery) -> bool:
    """The query's words are one of the title's names, no more and no fewer ("allies": the
    term "ally ability · ally abilities · ally"; "warrior pod": the card)."""
    typed = tuple(stem(w) for t in query.positive for w in t.tokens)
    one = query.positive[0].alternatives if len(query.positive) == 1 else ()
    for name in title.split(" · "):
        found = tuple(stems(name))
        if found and (found == typed or found in one):
            return True
    return False


# The re-ranking (`_rerank`), the same on both databases: the best WINDOW entries of each kind
# by the database's own score are ordered by how many of the words they hold, then by a score
# adding up (weights below) a title holding every word and how much of the title they are,
# the kind, a dispute question for a search that reads like a question, left-out question
# words in the title, and the database's score (scaled to 0..1 within the window).
WINDOW = 10  # of each kind, when all kinds are listed
WINDOW_ONE_KIND = 20
# of each kind for a count ("how many ..."): the rule that states the number may not be among
# the best 10 by the database's score of a word most of a game's rules hold (hero, card, run)
COUNT_WINDOW = 30
# The kinds' weights: a rule, then a clarification or glossary term, above a dispute question's
# form (which QUESTION_WEIGHT puts first when the search reads like a question), a game, a card.
# A rule weighs a little more than a clarification: a clarification's title is a question that
# often holds the query's words (the database's title weight), where the rule states the answer.
KIND_WEIGHT = {"rule": 0.7, "clarification": 0.6, "term": 0.6, "question": 0.4, "game": 0.3}
# Equal otherwise, the kinds in this order: what answers a rules question first.
KIND_ORDER = {"question": 0, "rule": 1, "clarification": 2, "term": 3, "game": 4, "card": 5}
QUESTION_WEIGHT = 1.2  # a dispute question's extra weight when the search reads like a question
# a glossary term's weight when the search reads like a question: the rule or clarification
# that answers it above the term that names what it asks about
QUESTION_TERM_WEIGHT = 0.4
TITLE_SHARE = 0.5  # the share of a title that is the query's words
# ... for a glossary term when the search reads like a question: the words of a question
# naming a term make its whole title, which does not make it the answer
QUESTION_TERM_SHARE = 0.25
DROPPED_WEIGHT = 0.4  # the left-out question words, when a title holds them
# the query is one of an entry's names: "allies" asks what the term Ally is, the rules of the
# section "Ally and double ally abilities" come after it
NAME_WEIGHT = 0.5
RULE_TITLE_WEIGHT = 0.5  # a rule's heading holding every word, in a count (any other title: 1)
# an entry of the game whose glossary the query's words name ("run two plays in one battle":
# Battle Arena's Plays and battles, not a Super Hazard Quest item played in a Hero Battle;
# "the same play in my playbook twice": Battle Arena's unique Plays above a High Alert
# clarification holding "same" and "twice", which 0.5 left first)
GAME_WORDS_WEIGHT = 0.7
RULE_TEXT_WEIGHT = 0.3  # a rule's own text holding the words its heading holds (0.6: worse)
# ... the words of a question, its heading holding some or none; the words of any longer search
# (QUESTION_TERM_WORDS or more, not a count), its heading holding at most one
QUESTION_RULE_TEXT_WEIGHT = 0.1
# a rule whose own text holds every word of a question or longer search, its heading not: it
# states the answer, where a clarification or term whose title holds the words asks or names it
# ("есть ли у героя фракция": 3.5, "A hero has no faction", above the clarifications whose
# titles hold hero and faction)
RULE_ANSWER_WEIGHT = 0.5
# a glossary term's share of the database's score when the search reads like a question of
# QUESTION_TERM_WORDS words or more (not a count): a term's short summary holds the words most
# densely (BM25), the rule that answers the question states them once in a longer text. Not a
# term whose title holds two of the words or more: the question names it ("can i keep moving
# after a special item" asks about the term Special Item)
QUESTION_TERM_SCORE = 0.5
QUESTION_TERM_WORDS = 3


# "any number of", "no limit on": a count's answer too ("how many crystals can I carry": "A hero
# may hold any number of crystals"), read as a number at the second word
NO_LIMIT = frozenset({("any", "number"), ("no", "limit")})
COUNT_WEIGHT = 1.2  # an entry stating a number of what is asked for ("how many heroes")
COUNT_REACH = 4  # words between the number and a word of the query ("deal 3" of "booster cards")
COUNT_NEXT = 2  # words from a number to what it counts ("7 Heroes", "60 Hero cards")
# a number as rulebooks print it: digits, or a number word (English, Russian). Not "one" (один):
# rulebooks use it as an article more often than as a count ("any one playing card", "grows by
# one card"); the digit 1 ("draws 1 Play") still counts.
NUMBER_WORDS = frozenset(
    """two three four five six seven eight nine ten eleven twelve
    два две три четыре пять шесть семь восемь девять десять""".split()  # noqa: SIM905
)


def counted_query(query: SearchQuery) -> SearchQuery:
    """The words a count asks the number of ("how many booster cards ...": booster cards), as
    a query of their own; the whole query when they are not known."""
    if not query.counted:
        return query
    return SearchQuery(query.text, tuple(query.terms[i] for i in query.counted))


def states_a_count(hit: Hit, query: SearchQuery) -> float:
    """How plainly its title or text states the number a count asks for: 1 when a number
    comes right before a word the count asks about ("draws 7 Heroes", "up to 4 runs", "has up
    to four exits", "60 Hero cards"), 0.5 when one is within a few words of it ("deal 3" of
    "the booster cards"), else 0. A rule's heading is not read (a section "End of run" does
    not make "Step 3" a number of runs). Only the counted words are read: "how many exits
    does a room have" is answered by the number of exits, not a number of rooms."""
    text = hit.body if hit.kind == "rule" else f"{hit.title} . {hit.body}"
    words = tokens(text)
    numbers = [
        i
        for i, w in enumerate(words)
        if w.isdigit()
        or w in NUMBER_WORDS
        or (i and (words[i - 1], w) in NO_LIMIT)  # "any number of crystals" answers how many
        or w == "unlimited"
    ]
    if not numbers:
        return 0.0
    hit_word = _matcher(counted_query(query))
    if any(hit_word(w) for i in numbers for w in words[i + 1 : i + COUNT_NEXT + 1]):
        return 1.0
    if any(
        hit_word(w) for i in numbers for w in words[max(0, i - COUNT_REACH) : i + COUNT_REACH + 1]
    ):
        return 0.5
    return 0.0


FIELD_WEIGHTS = (10.0, 4.0, 1.0)  # title, body, meta: the databases' weights


def text_score(hit: Hit, query: SearchQuery) -> float:
    """A score made in Python, the same on both databases, for entries ranked outside the index
    (a broad kind's candidates): the weighted share of each field's words that are the query's
    (a short text that is all about the words above a long one that mentions them)."""
    hit_word = _matcher(query)
    score = 0.0
    for weight, text in zip(FIELD_WEIGHTS, (hit.title, hit.body, hit.meta), strict=True):
        words = tokens(text)
        if words:
            found = sum(1 for w in words if hit_word(w))
            score += weight * found / (len(words) + 5)
    return score


def with_text_scores(hits: list[Hit], query: SearchQuery) -> list[Hit]:
    """The hits with `text_score` as their database score (its sign as the database's)."""
    sign = -1.0 if connection.vendor == "sqlite" else 1.0  # BM25: lower is better
    for h in hits:
        h.score = sign * text_score(h, query)
    return hits


def _rerank(hits: list[Hit], query: SearchQuery) -> list[Hit]:
    wanted = max(1, len(query.positive))
    sign = -1.0 if connection.vendor == "sqlite" else 1.0  # BM25: lower is better
    raw = [sign * h.score for h in hits]
    top = max((r for r in raw if r > 0), default=1.0)
    long_question = query.question and not query.count and wanted >= QUESTION_TERM_WORDS
    long_query = not query.count and wanted >= QUESTION_TERM_WORDS
    ranked = []
    for h, r in zip(hits, raw, strict=True):
        held = max(1, min(h.matched, wanted))  # the query's words it holds
        rank = 2.0 * min(h.matched, wanted) / wanted
        if h.in_title:
            # a count does not read a rule's heading (`states_a_count`): the section "End of
            # run" is about runs, its rules need not state how many there are; nor does a
            # term's or a game's name say how many ("hand size in hazard quest": the rule on
            # the five items a player holds, not the term Active Hand)
            # A rule stating no number gains nothing by its heading in a count.
            if not query.count or h.kind == "card":
                rank += 1.0
            elif h.kind != "rule" or states_a_count(h, query):
                rank += RULE_TITLE_WEIGHT
        kind_weight = KIND_WEIGHT.get(h.kind, 0.0)
        # the share of the title that is the query's words, by the share of the words it
        # holds that its title holds: a title holding one word of a longer query, however
        # short, is not all of its answer
        share = h.title_share * min(h.title_terms, held) / held
        if query.question and h.kind == "term":  # a rules question: the rule, then the term
            kind_weight = QUESTION_TERM_WEIGHT
            rank += QUESTION_TERM_SHARE * share
        else:
            rank += TITLE_SHARE * share
        db_share = max(0.0, r) / top
        if long_question and h.kind == "term" and h.title_terms < 2:
            db_share *= QUESTION_TERM_SCORE
        rank += kind_weight + db_share
        if h.kind == "question" and query.question and not query.count:
            # a dispute's form settles a question; it states no number ("how many guys go on
            # my bench" asks for the rule that says 4, not "Can I substitute now?")
            rank += QUESTION_WEIGHT
        if query.count and h.kind != "card":
            # "how many heroes do I get": the rule that says "7 Heroes"
            rank += COUNT_WEIGHT * states_a_count(h, query)
        if h.kind == "rule" and h.in_title and wanted > 1:
            # every rule of a section whose heading holds the words holds them all: the one
            # whose own text says them answers ("loot from a mini boss": the rule listing the
            # Boss Prizes, not another rule of "Mini-bosses and prizes")
            rank += RULE_TEXT_WEIGHT * terms_matched(h.body, query) / wanted
        elif h.kind == "rule" and (long_question or (long_query and h.title_terms < 2)):
            # a question: the rule whose own text holds its words, not one of the same section
            # whose heading holds them ("who gets to sub first": 4.2.2.1, "the player with
            # honors first ... substitute", not the section's rule on who goes first). So too a
            # longer search that is not a question, when the heading holds at most one of its
            # words ("toss my equipment card to pay": 5.6, "discard an Equipment Card to pay a
            # cost"); a heading holding more says which rule of its section the database found
            # ("burn a card to pay a cost": 5.4 of "Paying costs")
            rank += QUESTION_RULE_TEXT_WEIGHT * terms_matched(h.body, query) / wanted
        if (
            h.kind == "rule"
            and h.title_terms < 2
            and wanted >= QUESTION_TERM_WORDS
            and not query.count
            and (query.question or long_query)
            and terms_matched(h.body, query) >= wanted
        ):
            rank += RULE_ANSWER_WEIGHT
        if h.named:
            rank += NAME_WEIGHT
        if query.words_of_game and h.game == query.words_of_game:
            rank += GAME_WORDS_WEIGHT
        if query.dropped:  # "How many people can play?" for "how many players can play"
            rank += DROPPED_WEIGHT * h.dropped_in_title / len(query.dropped)
        h.rank = round(rank, 6)
        ranked.append(h)
    # more words first, then the higher score, then the kind (KIND_ORDER)
    ranked.sort(key=lambda h: (-min(h.matched, wanted), -h.rank, KIND_ORDER.get(h.kind, 9)))
    return ranked
