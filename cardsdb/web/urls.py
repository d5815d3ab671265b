from django.urls import path

from cardsdb.web import views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    path("games/<slug:slug>/", views.game_page, name="game"),
    path("games/<slug:slug>/rules/", views.rules_page, name="rules"),
    path("games/<slug:slug>/glossary/", views.glossary_page, name="glossary"),
    path("games/<slug:slug>/clarifications/", views.clarifications_page, name="clarifications"),
    path("games/<slug:slug>/cards/", views.cards_page, name="cards"),
    path("games/<slug:slug>/cards/<slug:card_slug>/", views.card_page, name="card"),
]
