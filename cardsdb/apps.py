from django.apps import AppConfig


class CardsdbConfig(AppConfig):
    name = "cardsdb"
    verbose_name = "Table Judge card database"
    default_auto_field = "django.db.models.BigAutoField"
