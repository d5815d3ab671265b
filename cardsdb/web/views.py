"""The website: server-rendered pages over the same selectors as the API."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404, render

from cardsdb import card_groups, prebuilt, selectors, tools
from cardsdb.api import prebuild
from cardsdb.api.filters import CardFilter
from cardsdb.card_query import CardQueryError, attribute_keys_by_game, cards_filter
from cardsdb.glossary_links import link_terms
from cardsdb.models import Card, Clarification, Game
from cardsdb.services import CardMoved, card_by_slug
from cardsdb.web.play_table_views import start_table_fields


def _game(slug: str) -> Game:
    return get_object_or_404(Game, slug=slug)


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"games": selectors.game_list()})


def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(selectors.game_detail(slug))
    return render(
        request,
        "web/game.html",
        {
            "game": game,
            "tools": tools.tools_listed(slug),
            "start_table": start_table_fields(slug),
        },
    )


# A game's rules page is built once per version of the data (at load time, or on first use) and
# kept in the database for every worker and app server (cardsdb/prebuilt.py): a load or an admin
# edit names a new version, and the old page is never served again. The page holds nothing per
# user (no CSRF token, no login state): keep it that way, or stop prebuilding it.


def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    if prebuilt.enabled():
        entry = prebuilt.obtain(prebuilt.RULES_PAGE, slug, lambda: prebuild.rules_page_bytes(slug))
        if entry is None:
            raise Http404(f"No game called {slug!r}.")
        return prebuilt.response(entry, prebuilt.HTML)
    content = prebuild.rules_page_bytes(slug)
    if content is None:
        raise Http404(f"No game called {slug!r}.")
    return HttpResponse(content)


def glossary_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    terms = list(selectors.glossary_list().filter(game=game).order_by("term"))
    for term in terms:
        term.html = link_terms(term.definition, game, skip=term.slug)  # type: ignore[attr-defined]
    return render(request, "web/glossary.html", {"game": game, "terms": terms})


def clarifications_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    items = selectors.clarification_list().filter(game=game).prefetch_related("redirects")
    kinds = [
        (value, label, [c for c in items if c.kind == value])
        for value, label in Clarification.Kind.choices
    ]
    return render(request, "web/clarifications.html", {"game": game, "kinds": kinds})


CARD_PAGE_SIZE = 60
CARD_GROUP_PAGE_SIZE = 30


def cards_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(selectors.game_detail(slug))
    params = request.GET.copy()
    params["game"] = slug
    filterset = CardFilter(params, queryset=selectors.card_list().order_by("position", "id"))
    errors: Any = None
    if filterset.is_valid():
        try:  # `q`: the card query language, on top of the filters
            cards = cards_filter(filterset.qs, request.GET.get("q", ""))
        except CardQueryError as exc:
            errors = {"q": [str(exc)]}
            cards = Card.objects.none()
    else:
        errors = filterset.errors
        cards = Card.objects.none()
    fields = card_groups.group_fields(slug)
    grouped = bool(fields) and request.GET.get("printings") != "all"
    groups: list[dict[str, Any]] = []
    if grouped and fields:  # one row per card, its printings under it
        page = Paginator(card_groups.card_groups(cards, fields), CARD_GROUP_PAGE_SIZE).get_page(
            request.GET.get("page")
        )
        groups = card_groups.groups_with_printings(cards, list(page), fields)
    else:
        page = Paginator(selectors.IdsFirst(cards), CARD_PAGE_SIZE).get_page(
            request.GET.get("page")
        )
    query = request.GET.copy()
    query.pop("page", None)
    if request.GET.get("partial") == "groups" and grouped:  # the list alone, as you type
        return render(
            request,
            "web/card_groups.html",
            {"game": game, "page": page, "groups": groups, "query": query.urlencode()},
        )
    weapons = []
    if "weapon" in attribute_keys_by_game().get(game.slug, ()):  # a game whose cards have one
        weapons = [s for s in game.symbols.all() if s.kind == "icon"]
    return render(
        request,
        "web/cards.html",
        {
            "game": game,
            "page": page,
            "form": request.GET,
            "errors": errors,
            "query": query.urlencode(),
            "weapons": weapons,
            "grouped": grouped,
            "groups": groups,
        },
    )


def card_page(request: HttpRequest, slug: str, card_slug: str) -> HttpResponse:
    def card() -> Card:
        found = card_by_slug(slug, card_slug)
        if found is None:
            raise Http404(f"No card {card_slug!r} in {slug}.")
        return found

    try:
        if prebuilt.enabled() and prebuilt.anonymous(request) and not request.GET:
            # built once per data version for every anonymous visitor (cardsdb/prebuilt.py)
            key = prebuilt.card_key(slug, card_slug)
            entry = prebuilt.obtain(
                prebuilt.CARD_PAGE, key, lambda: prebuild.card_page_bytes(card(), request)
            )
            assert entry is not None  # a missing card raised Http404 or moved
            return prebuilt.response(entry, prebuilt.HTML)
        return render(request, "web/card.html", prebuild.card_page_context(card()))
    except CardMoved as moved:  # a former slug: the card's page under its slug now
        return HttpResponsePermanentRedirect(moved.card.get_absolute_url())
