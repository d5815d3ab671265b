from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from cardsdb.api import desk_views, health, search_views, tools_views, views
from cardsdb.api.errors import json_404

app_name = "api"
GAME = r"(?P<slug>[a-z0-9-]+)"

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

urlpatterns = [
    path("bulk/<slug:slug>.json", views.bulk_download, name="bulk"),
    # POST endpoints answer with or without the trailing slash: a redirect would drop the body.
    re_path(rf"^games/{GAME}/rulings/?$", desk_views.rulings, name="rulings"),
    re_path(
        rf"^games/{GAME}/rulings/(?P<key>[a-z2-7]+)/?$", desk_views.ruling_detail, name="ruling"
    ),
    re_path(rf"^games/{GAME}/legal-moves/?$", desk_views.legal_moves, name="legal-moves"),
    re_path(rf"^games/{GAME}/example/?$", desk_views.example, name="example"),
    re_path(
        r"^games/bo-jackson-battle-arena/decks/check/?$",
        tools_views.deck_check,
        name="boba-deck-check",
    ),
    re_path(
        r"^games/star-realms-high-alert/options/?$",
        tools_views.high_alert_options,
        name="high-alert-options",
    ),
    re_path(r"^games/hyperstar-run/solve/?$", tools_views.hyperstar_solve, name="hyperstar-solve"),
    re_path(
        r"^games/super-hazard-quest/reachable/?$",
        tools_views.hazard_quest_reachable,
        name="hazard-quest-reachable",
    ),
    re_path(r"^health/?$", health.health, name="health"),  # no database; load-test ceiling
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("search", search_views.search_view, name="search"),
    path("search/", search_views.search_view_slash, name="search-slash"),
    path("", include(router.urls)),
    re_path(r"^.*$", json_404),  # unknown API paths answer in the error shape, even in DEBUG
]
