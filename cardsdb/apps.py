from django.apps import AppConfig


class CardsdbConfig(AppConfig):
    name = "cardsdb"
    verbose_name = "Table Judge card database"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # imported here, not at the top: Django imports this module before the app registry
        # is ready, and these modules import the models
        from cardsdb import data_version, search

        search.connect_signals()  # keeps the search index in step with edits
        data_version.connect_signals()  # and every per-version store
