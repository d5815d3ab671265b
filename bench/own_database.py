"""A benchmark's database of its own, beside the one it was given, so that what it loads and
measures touches no one else's data: `var/<name>.sqlite3` on SQLite, `<database>_<name>` on the
PostgreSQL server (one per user, as each user names their own database)."""

from __future__ import annotations


def name_own_database(name: str) -> str:
    """Name the test database (`create_test_db` makes it) after `name`, `search-bench` for
    instance; the name of the database the settings gave, for `destroy_test_db`. Call after
    `django.setup()`."""
    from django.conf import settings
    from django.db import connection

    db = settings.DATABASES["default"]
    original: str = db["NAME"]
    db.setdefault("TEST", {})["NAME"] = (
        str(settings.VAR_DIR / f"{name}.sqlite3")
        if connection.vendor == "sqlite"
        else f"{original}_{name.replace('-', '_')}"
    )
    return original
