from django.apps import AppConfig


class CardsdbConfig(AppConfig):
    name = "cardsdb"
    verbose_name = "Table Judge card database"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from cardsdb.search import connect_signals  # keeps the search index in step with edits

        connect_signals()
