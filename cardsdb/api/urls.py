from typing import Any

from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from cardsdb import prebuilt, tools
from cardsdb.api import (
    desk_views,
    health,
    play_table_views,
    prebuilt_views,
    search_views,
    table_views,
    tools_views,
    views,
)
from cardsdb.api.errors import json_404

app_name = "api"
GAME = r"(?P<slug>[a-z0-9-]+)"
TABLE = r"(?P<key>[a-z2-7]+)"

router = DefaultRouter(trailing_slash=True)
router.register("games", views.GameViewSet, basename="game")
router.register("expansions", views.ExpansionViewSet, basename="expansion")
router.register("symbols", views.SymbolViewSet, basename="symbol")
router.register("factions", views.FactionViewSet, basename="faction")
router.register("components", views.ComponentViewSet, basename="component")
router.register("card-types", views.CardTypeViewSet, basename="card-type")
router.register("variants", views.VariantViewSet, basename="variant")
router.register("cards", views.CardViewSet, basename="card")
router.register("rules", views.RuleViewSet, basename="rule")
router.register("glossary", views.GlossaryViewSet, basename="glossary")
router.register("clarifications", views.ClarificationViewSet, basename="clarification")

# The prebuilt reads' common case is answered by lean views ahead of the DRF ones, which stay
# routed behind them for every other case and for the OpenAPI schema
# (cardsdb/api/prebuilt_views.py).
_drf: dict[str, Any] = {
    pattern.name: pattern.callback
    for pattern in router.urls
    if isinstance(pattern, URLPattern) and pattern.name
}


class DocsView(SpectacularSwaggerSplitView):
    """The browsable docs page. DRF's OPTIONS answer would render its metadata through the
    page's HTML template renderer, which has no template for it (a 500): it is answered here,
    the methods the page has and no body."""

    def options(  # type: ignore[override]
        self, request: HttpRequest, *args: Any, **kwargs: Any
    ) -> HttpResponse:
        return HttpResponse(headers={"Allow": "GET, HEAD, OPTIONS"})


urlpatterns = [
    re_path(
        r"^cards/(?P<game_slug>[a-z0-9-]+)/(?P<card_slug>[a-z0-9-]+)/$",
        prebuilt_views.kept_detail(prebuilt.CARD, prebuilt_views.card_key, _drf["card-by-game"]),
        name="card-by-game",
    ),
    re_path(
        r"^rules/(?P<key>[a-z0-9-]+:[0-9.]+)/$",
        prebuilt_views.kept_detail(prebuilt.RULE, prebuilt_views.rule_key, _drf["rule-detail"]),
        name="rule-detail",
    ),
    re_path(r"^cards/$", prebuilt_views.card_list(_drf["card-list"]), name="card-list"),
    path("bulk/<slug:slug>.json", views.bulk_download, name="bulk"),
    # POST endpoints answer with or without the trailing slash: a redirect would drop the body.
    re_path(rf"^games/{GAME}/rulings/?$", desk_views.rulings, name="rulings"),
    re_path(
        rf"^games/{GAME}/rulings/(?P<key>[a-z2-7]+)/?$", desk_views.ruling_detail, name="ruling"
    ),
    re_path(rf"^games/{GAME}/tables/?$", play_table_views.tables, name="tables"),
    re_path(rf"^tables/{TABLE}/?$", play_table_views.table_detail, name="table"),
    re_path(rf"^tables/{TABLE}/moves/?$", play_table_views.table_moves, name="table-moves"),
    re_path(rf"^tables/{TABLE}/undo/?$", play_table_views.table_undo, name="table-undo"),
    re_path(rf"^tables/{TABLE}/log/?$", play_table_views.table_log, name="table-log"),
    re_path(rf"^games/{GAME}/legal-moves/?$", desk_views.legal_moves, name="legal-moves"),
    re_path(rf"^games/{GAME}/sources/?$", table_views.sources, name="game-sources"),
    re_path(rf"^games/{GAME}/quick/?$", table_views.quick, name="game-quick"),
    re_path(rf"^games/{GAME}/example/?$", desk_views.example, name="example"),
    re_path(rf"^games/{GAME}/tools/(?P<tool>[a-z0-9-]+)/?$", tools_views.tool, name="tool"),
    *(
        # The tools' older addresses, still answered the same (deprecated in the schema).
        re_path(
            rf"^games/{slug}/{alias}/?$",
            tools_views.tool,
            {"slug": slug, "tool": tool},
            name=f"tool-alias-{slug}-{tool}",
        )
        for slug, alias, tool in tools.tool_aliases()
    ),
    re_path(r"^health/?$", health.health, name="health"),  # no database; load-test ceiling
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", DocsView.as_view(url_name="api:schema"), name="docs"),
    path("search", search_views.search_view, name="search"),
    path("search/", search_views.search_view_slash, name="search-slash"),
    path("", include(router.urls)),
    re_path(r"^.*$", json_404),  # unknown API paths answer in the error shape, even in DEBUG
]
