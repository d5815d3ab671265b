from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView
from rest_framework.routers import DefaultRouter

from cardsdb.api import views
from cardsdb.api.errors import json_404

app_name = "api"

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
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api:schema"), name="docs"),
    path("", include(router.urls)),
    re_path(r"^.*$", json_404),  # unknown API paths answer in the error shape, even in DEBUG
]
