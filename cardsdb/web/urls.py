from django.urls import path

from cardsdb.web import (
    deck_views,
    desk_views,
    moves_views,
    offline_views,
    play_table_views,
    search_views,
    table_views,
    views,
)

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("sw.js", offline_views.service_worker, name="service-worker"),
    path("offline/", offline_views.offline_page, name="offline"),
    path("offline/kept/", offline_views.offline_form_kept, name="offline-kept"),
    path("search/", search_views.search_page, name="search"),
    path("search/syntax/", search_views.search_syntax_page, name="search-syntax"),
    path("games/<slug:slug>/", views.game_page, name="game"),
    path("games/<slug:slug>/rules/", views.rules_page, name="rules"),
    path("games/<slug:slug>/glossary/", views.glossary_page, name="glossary"),
    path("games/<slug:slug>/clarifications/", views.clarifications_page, name="clarifications"),
    path("games/<slug:slug>/cards/", views.cards_page, name="cards"),
    path("games/<slug:slug>/quick/", table_views.quick_reference, name="quick"),
    path("games/<slug:slug>/sources/", table_views.sources_page, name="sources"),
    path("games/<slug:slug>/cards/<slug:card_slug>/", views.card_page, name="card"),
    path("games/<slug:slug>/disputes/", desk_views.disputes, name="disputes"),
    path("games/<slug:slug>/disputes/json/", desk_views.dispute_json, name="dispute-json"),
    path(
        "games/<slug:slug>/disputes/<slug:question>/",
        desk_views.dispute_question,
        name="dispute-question",
    ),
    path("games/<slug:slug>/tools/<slug:tool>/", desk_views.game_tool_page, name="game-tool"),
    path("games/<slug:slug>/rulings/<str:key>/", desk_views.ruling_page, name="ruling"),
    path("games/<slug:slug>/rulings/<str:key>/what-now/", moves_views.what_now, name="what-now"),
    path("games/<slug:slug>/decks/", deck_views.deck_check_page, name="deck-check"),
    path("games/<slug:slug>/tables/", play_table_views.play_table_start, name="play-table-start"),
    path(
        "games/<slug:slug>/rulings/<str:key>/continue/",
        play_table_views.play_table_from_ruling,
        name="play-table-from-ruling",
    ),
    path("tables/<str:key>/", play_table_views.play_table_page, name="play-table"),
    path("tables/<str:key>/move/", play_table_views.play_table_move, name="play-table-move"),
    path(
        "tables/<str:key>/move/<slug:form>/",
        play_table_views.play_table_move_form,
        name="play-table-move-form",
    ),
    path("tables/<str:key>/undo/", play_table_views.play_table_undo, name="play-table-undo"),
    path(
        "tables/<str:key>/version/", play_table_views.play_table_version, name="play-table-version"
    ),
    path(
        "tables/<str:key>/ask/<slug:question>/",
        play_table_views.play_table_ask,
        name="play-table-ask",
    ),
    path("games/<slug:slug>/decks/<str:key>/", deck_views.deck_page, name="deck"),
    path(
        "games/<slug:slug>/rulings/<str:key>/<slug:tool>/",
        desk_views.ruling_tool,
        name="ruling-tool",
    ),
]
