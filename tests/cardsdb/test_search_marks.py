"""Marks from a text's kept words and places (`_words_in`, `_escaped`, `_marked_at`) are the
marks the text cut on every request gave: the same HTML for any text and any words found,
escaped characters' names never marked, a word written twice marked twice."""

from __future__ import annotations

import pytest
from django.utils.html import escape as django_escape
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from cardsdb.search.highlight import (
    _MOST_TEXTS,
    _escaped,
    _marked,
    _marked_at,
    _words_in,
    escape,
    snippet,
    terms_matched,
    words_and_stems,
)
from cardsdb.search.query import SearchQuery, Term
from cardsdb.search.text import _ORIGINAL_WORD_RE, stem, stems, tokens

TRICKY = [
    "Tom's mark: lt < x27 & marked",
    "A&B <b>bold</b> \"quoted\" 'single' amp quot x27 gt lt",
    "Ёлка — ёжик «персонаж» e\u0301te\u0301 cafe\u0301 naïve",
    "",
    "&&&& ####",
    "draw draw DRAW draw, draw.",
]


@pytest.mark.parametrize("text", TRICKY)
def test_kept_places_mark_as_the_text_cut_each_time(text: str) -> None:
    words = set(_ORIGINAL_WORD_RE.findall(text))
    for found in [frozenset(), frozenset(words), *(frozenset({w}) for w in words)]:
        assert _marked_at(text, found) == _marked(escape(text), found)
    assert _escaped(text)[0] == django_escape(text)


def test_a_word_written_twice_is_counted_and_marked_twice() -> None:
    every, written = _words_in("draw a card, then draw again")
    assert every == ("draw", "a", "card", "then", "draw", "again")
    assert written["draw"] == 2
    assert _marked_at("draw a card, then draw again", frozenset({"draw"})) == (
        "<mark>draw</mark> a card, then <mark>draw</mark> again"
    )


@hypothesis_settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.text(alphabet="ab x27ltampё&<>'\"#;\u0301 ", max_size=60),
    st.sets(st.sampled_from(["a", "ab", "b", "x27", "lt", "amp", "ё", "a\u0301", "ba"])),
)
def test_any_text_and_words_mark_the_same(text: str, chosen: set[str]) -> None:
    assert _marked_at(text, frozenset(chosen)) == _marked(escape(text), frozenset(chosen))


def test_kept_words_and_stems_are_the_texts() -> None:
    text = "Ally abilities: Ёлки and cafe\u0301s"
    assert words_and_stems(text) == (tuple(tokens(text)), tuple(stem(t) for t in tokens(text)))
    assert words_and_stems(text)[1] == tuple(stems(text))


def test_a_snippet_and_the_terms_held_from_kept_words() -> None:
    query = SearchQuery("draw", (Term(("draw",)),))
    short = "Draw a card & draw again."
    assert snippet(short, query) == ("<mark>Draw</mark> a card &amp; <mark>draw</mark> again.", 2)
    long = " ".join(["filler"] * 40 + ["draw"] + ["more"] * 40)
    html, found = snippet(long, query)
    assert found == 1 and "<mark>draw</mark>" in html and html.startswith("… ")
    assert terms_matched("You draw.", query) == 1
    assert terms_matched("You discard.", query) == 0


def test_the_kept_texts_are_bounded() -> None:
    for kept in (_words_in, _escaped, words_and_stems):
        assert kept.cache_info().maxsize == _MOST_TEXTS
