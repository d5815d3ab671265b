"""The search page and the syntax page.

One box: words go to the full-text search (results grouped by kind, best group first); a query
with a field term (`faction:blob`, `cost<=4`) is the card query language over every game's
cards. An unreadable query is answered 400 with the error pointing at its token.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode, urlparse

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cardsdb import card_query, search, selectors
from cardsdb.models import Game

PER_KIND = 5
PAGE_SIZE = 20
CARD_PAGE_SIZE = 60


def _pointer(text: str, position: int, token: str) -> dict[str, str]:
    """The query split around the offending token, for the page to underline it."""
    end = min(len(text), position + max(1, len(token)))
    return {"before": text[:position], "token": text[position:end], "after": text[end:]}


def _how_many(n: int) -> str:
    return f"{search.COUNT_CAP:,}+" if n > search.COUNT_CAP else f"{n:,}"


def _link(**params: str | None) -> str:
    return "?" + urlencode({k: v for k, v in params.items() if v})


def _card_results(request: HttpRequest, text: str, context: dict[str, Any]) -> int:
    try:
        cards = card_query.cards_filter(selectors.card_list(), text)
    except card_query.CardQueryError as exc:
        context["error"] = {"message": exc.message, "position": exc.position}
        context["pointer"] = _pointer(text, exc.position, exc.token)
        return 400
    context["mode"] = "cards"
    context["page"] = Paginator(
        cards.order_by("game__position", "position", "id"), CARD_PAGE_SIZE
    ).get_page(request.GET.get("page"))
    return 200


_GAME_PAGE_RE = re.compile(r"^/games/([a-z0-9]+(?:-[a-z0-9]+)*)/")
ALL_GAMES = "all"


def search_scope(request: HttpRequest) -> str | None:
    """The game a search is limited to: `game=<slug>`; `game=all` (or empty) for every game;
    without `game`, the game whose page the search box was used on (the Referer, same-origin
    only), so a search started from a game's pages looks in that game first."""
    if "game" in request.GET:
        game = request.GET.get("game", "")
        return None if game in ("", ALL_GAMES) else game
    referer = urlparse(request.headers.get("referer", ""))
    if referer.netloc and referer.netloc != request.get_host():
        return None
    found = _GAME_PAGE_RE.match(referer.path)
    if found and Game.objects.filter(slug=found.group(1)).exists():
        return found.group(1)
    return None


def _word_results(request: HttpRequest, text: str, context: dict[str, Any]) -> int:
    kind = request.GET.get("kind") or None
    game = context["scope"]
    exact = request.GET.get("exact") == "1"
    from_page = "game" not in request.GET  # a scope read from the page: a named game wins
    try:
        results = search.search(
            text,
            kind=kind,
            game=None if from_page else game,
            page_game=game if from_page else None,
            correct=not exact,
        )
    except search.SearchQueryError as exc:
        context["error"] = {"message": exc.message, "position": exc.position}
        return 400
    query = results.query
    if results.named_game is not None:
        named = Game.objects.filter(pk=results.named_game).values_list("slug", "name").first()
        if named:
            game = named[0]
            context.update(scope=named[0], scope_name=named[1], scope_named=True)
    context.update(
        mode="words",
        results=results,
        total=results.count(),
        total_label=f"About {results.estimate():,}"
        if results.capped()
        else _how_many(sum(results.counts().values())),
        ranked=results.ranked(kind),
        relaxed=results.relaxed,
        dropped=query.dropped,
        corrections=query.corrections,
        corrected_text=query.corrected_text if query.corrections else "",
        instead_link=_link(q=text, kind=kind, game=game or ALL_GAMES, exact="1")
        if query.corrections
        else "",
        questions=results.questions() if not kind and results.count() else [],
    )
    exact_flag = "1" if exact else None
    if not results.query:
        context["empty_query"] = True
    elif kind:  # one kind, paged
        context["kind"] = search.KIND_BY_SLUG[kind]
        # django-stubs' _SupportsPagination asks for iteration and integer indexing too, which
        # Paginator never uses: it counts (`count()` or `len()`) and slices, all SearchResults
        # offers (a sliced page is a list of hits).
        paginator: Paginator[search.Hit] = Paginator(results, PAGE_SIZE)  # type: ignore[arg-type]
        page = paginator.get_page(request.GET.get("page"))
        context["page"] = page
        context["groups"] = [
            {
                "kind": context["kind"],
                "count": _how_many(results.counts().get(kind, 0)),
                "hits": page.object_list,
            }
        ]
    else:
        context["groups"] = [
            {
                "kind": k,
                "count": _how_many(n),
                "hits": hits,
                "more": _link(q=text, kind=k.slug, game=game or ALL_GAMES, exact=exact_flag)
                if n > len(hits)
                else "",
            }
            for k, n, hits in results.grouped(PER_KIND)
            if not (k.slug == "question" and context["questions"])
        ]
    if results.query and not context["total"]:
        game_id = results.game_id
        context["suggestions"] = [
            {"word": w, "link": _link(q=w, game=game or ALL_GAMES)}
            for w in search.suggest(results.original or results.query, game_id=game_id)
        ]
    return 200


def search_page(request: HttpRequest) -> HttpResponse:
    text = request.GET.get("q", "")
    scope = search_scope(request)
    games = list(Game.objects.order_by("position", "slug").values("slug", "name", "names"))
    context: dict[str, Any] = {
        "search_query": text,
        "q": text.strip(),
        "scope": scope,
        "scope_name": next((g["name"] for g in games if g["slug"] == scope), scope),
        "games": games,
        # the games of a Russian edition: their players search in Russian
        "russian_games": [
            f"{g['name']} ({g['names']['ru']})" for g in games if (g["names"] or {}).get("ru")
        ],
        "all_games": ALL_GAMES,
        "kind_param": request.GET.get("kind", ""),
    }
    status = 200
    if len(text) > search.MAX_QUERY_LENGTH:
        context["error"] = {
            "message": f"The query is {len(text)} characters long; at most "
            f"{search.MAX_QUERY_LENGTH} are read.",
            "position": search.MAX_QUERY_LENGTH,
        }
        context["search_query"] = text[: search.MAX_QUERY_LENGTH]
        status = 400
    elif text.strip() and card_query.looks_like_card_query(text):
        status = _card_results(request, text, context)
    elif text.strip():
        status = _word_results(request, text, context)
    if "page" in context:
        context["page_link"] = _link(
            q=text,
            kind=request.GET.get("kind"),
            game=scope or ALL_GAMES,
            exact=request.GET.get("exact"),
        )
    response = render(request, "web/search.html", context, status=status)
    if scope and "game" not in request.GET:
        # The scope came from the page the search was made on, not from the address: this
        # answer is not the address's answer for everyone, so no shared cache may keep it.
        response["Cache-Control"] = "private"
    return response


def search_syntax_page(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "web/search_syntax.html",
        {
            "fields": card_query.FIELDS,
            "examples": card_query.EXAMPLES,
            "attribute_keys": card_query.attribute_keys_by_game().items(),
            "max_length": card_query.MAX_LENGTH,
            "max_depth": card_query.MAX_DEPTH,
            "max_terms": card_query.MAX_TERMS,
            "search_max_length": search.MAX_QUERY_LENGTH,
            "search_max_terms": search.MAX_TERMS,
        },
    )
