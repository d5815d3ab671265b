"""The website: server-rendered pages over the same selectors as the API."""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.utils.http import quote_etag

from cardsdb import card_groups, desk, response_cache, selectors
from cardsdb.api.filters import CardFilter
from cardsdb.card_query import CardQueryError, attribute_keys_by_game, cards_filter
from cardsdb.glossary_links import link_terms
from cardsdb.models import Card, Clarification, Game
from cardsdb.services import card_redirect_target


def _game(slug: str) -> Game:
    return get_object_or_404(Game, slug=slug)


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "web/home.html", {"games": selectors.game_list()})


def game_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(selectors.game_detail(slug))
    return render(request, "web/game.html", {"game": game, "tools": desk.tools_listed(slug)})


# Rendered rule pages are cached per game and rules data version: a fixture load that changes
# a game's data gives it a new `data_version`, hence a new key, and the old page is never read
# again (it expires). An edit in the admin bumps the edits counter, also in the key. The page
# holds nothing per user (no CSRF token, no login state): keep it that way, or stop caching it.
RULES_PAGE_CACHE_SECONDS = 3600


def rules_page_cache_key(slug: str, data_version: str) -> str:
    return f"web:rules-page:{slug}:{data_version}:{response_cache.edits_seen()}"


def rules_page(request: HttpRequest, slug: str) -> HttpResponse:
    # The one query a cached page costs: the game's data version, which is in the key.
    version = Game.objects.filter(slug=slug).values_list("data_version", flat=True).first()
    if version is None:
        raise Http404(f"No game called {slug!r}.")
    key = rules_page_cache_key(slug, version)
    cached: tuple[bytes, str] | None = cache.get(key)
    if cached is None:
        game = _game(slug)
        sections = list(selectors.rule_sections(game))
        for section in sections:
            for rule in section.rules.all():
                rule.html = link_terms(rule.text, game)  # type: ignore[attr-defined]  # for the page
        content = render_to_string(
            "web/rules.html", {"game": game, "sections": sections}, request=request
        ).encode()
        # The ETag ConditionalGetMiddleware would compute, computed once instead of per view.
        etag = quote_etag(hashlib.md5(content, usedforsecurity=False).hexdigest())
        cached = (content, etag)
        cache.set(key, cached, RULES_PAGE_CACHE_SECONDS)
    content, etag = cached
    response = HttpResponse(content)
    response["ETag"] = etag
    return response


def glossary_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    terms = list(selectors.glossary_list().filter(game=game).order_by("term"))
    for term in terms:
        term.html = link_terms(term.definition, game, skip=term.slug)  # type: ignore[attr-defined]
    return render(request, "web/glossary.html", {"game": game, "terms": terms})


def clarifications_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = _game(slug)
    items = selectors.clarification_list().filter(game=game)
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
    card = selectors.card_detail().filter(game__slug=slug, slug=card_slug).first()
    if card is None:
        moved = card_redirect_target(slug, card_slug)
        if moved is None:
            raise Http404(f"No card {card_slug!r} in {slug}.")
        return HttpResponsePermanentRedirect(moved.get_absolute_url())
    context = {"game": card.game, "card": card, "text_card": card_groups.text_printing(card)}
    return render(request, "web/card.html", context)
