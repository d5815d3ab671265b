"""The search page and the syntax page.

One box: words go to the full-text search (results grouped by kind, best group first); a query
with a field term (`faction:blob`, `cost<=4`) is the card query language over every game's
cards. An unreadable query is answered 400 with the error pointing at its token.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from cardsdb import card_query, search, selectors

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


def _word_results(request: HttpRequest, text: str, context: dict[str, Any]) -> int:
    kind = request.GET.get("kind") or None
    game = request.GET.get("game") or None
    try:
        results = search.search(text, kind=kind, game=game)
    except search.SearchQueryError as exc:
        context["error"] = {"message": exc.message, "position": exc.position}
        return 400
    context.update(
        mode="words",
        results=results,
        total=results.count(),
        total_label=_how_many(sum(results.counts().values())),
        ranked=results.ranked(kind),
    )
    if not results.query:
        context["empty_query"] = True
    elif kind:  # one kind, paged
        context["kind"] = search.KIND_BY_SLUG[kind]
        page = Paginator(results, PAGE_SIZE).get_page(request.GET.get("page"))
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
                "more": _link(q=text, kind=k.slug, game=game) if n > len(hits) else "",
            }
            for k, n, hits in results.grouped(PER_KIND)
        ]
    if results.query and not context["total"]:
        context["suggestions"] = [
            {"word": w, "link": _link(q=w, game=game)} for w in search.suggest(results.query)
        ]
    return 200


def search_page(request: HttpRequest) -> HttpResponse:
    text = request.GET.get("q", "")
    context: dict[str, Any] = {"search_query": text, "q": text.strip()}
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
            q=text, kind=request.GET.get("kind"), game=request.GET.get("game")
        )
    return render(request, "web/search.html", context, status=status)


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
