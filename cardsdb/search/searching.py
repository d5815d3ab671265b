"""The entry point: parse, prepare and run a search."""

from __future__ import annotations

import re

from django.db.models.expressions import RawSQL

from cardsdb import models as m
from cardsdb.search.backends import (
    _backend,
)
from cardsdb.search.kinds import (
    KIND_BY_SLUG,
)
from cardsdb.search.prepare import named_game, prepare
from cardsdb.search.query import SearchQuery, SearchQueryError, parse_search
from cardsdb.search.results import SearchResults

_SLUG_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
# Fewer entries than this holding every word: also list those holding some of them, ranked
# below (the re-ranking puts entries holding more of the words first).
RELAX_BELOW = 3


def search(
    text: str,
    kind: str | None = None,
    game: str | None = None,
    correct: bool = True,
    page_game: str | None = None,
) -> SearchResults:
    """Parse, prepare and run a search; raises SearchQueryError (a 400) for an unreadable
    query. `correct=False` searches the words as typed (no spelling corrections). A game named
    in the query ("hyperstar", «Боевая тревога») scopes the search to it, its name not searched
    as words, unless `game` chose one; `page_game` is the game of the page the search was made
    on, which a named game replaces."""
    if kind and kind not in KIND_BY_SLUG:
        raise SearchQueryError(
            f"Unknown kind {kind!r}; use one of {', '.join(KIND_BY_SLUG)}.", field="kind"
        )
    if game and not _SLUG_RE.match(game):
        raise SearchQueryError(
            "A game is given by its slug, as in its address (/games/<slug>/).", field="game"
        )
    game_id = None
    if game:  # an unknown game matches nothing
        game_id = m.Game.objects.filter(slug=game).values_list("pk", flat=True).first() or 0
    typed = parse_search(text)
    named = named_game(typed) if not game else None
    searched = typed
    if named is not None:
        game_id, searched = named
    elif page_game and _SLUG_RE.match(page_game):
        game_id = m.Game.objects.filter(slug=page_game).values_list("pk", flat=True).first()
    query = prepare(searched, game_id, correct=correct)
    results = SearchResults(query, kind=kind or None, game_id=game_id, original=typed)
    results.named_game = named[0] if named else None
    if query and len(query.positive) > 1 and results.fewer_than(RELAX_BELOW):
        results = SearchResults(  # the same words: the same frequencies
            query,
            kind=kind or None,
            game_id=game_id,
            relaxed=True,
            original=typed,
            named_game=results.named_game,
            _held=results._held,
        )
    return results


def card_ids_matching_text(query: SearchQuery) -> RawSQL:
    """A subquery of the ids of cards whose text (body) matches: the card query's `o:`."""
    return _backend().card_ids(query)
