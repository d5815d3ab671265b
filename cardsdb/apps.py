from django.apps import AppConfig


class CardsdbConfig(AppConfig):
    name = "cardsdb"
    verbose_name = "Table Judge card database"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from cardsdb import response_cache, search

        search.connect_signals()  # keeps the search index in step with edits
        response_cache.connect_signals()  # and cached responses
