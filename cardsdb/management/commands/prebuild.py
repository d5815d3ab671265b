from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from cardsdb import prebuilt
from cardsdb.api import prebuild


class Command(BaseCommand):
    help = (
        "Build every card's and rule's public JSON and every rules page (and with --pages every "
        "card page) for the "
        "current version of the data, and drop answers kept for other versions."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--pages", action="store_true", help="the card pages (HTML) too")

    def handle(self, *args: Any, **options: Any) -> None:
        kinds = [prebuilt.CARD, prebuilt.CARD_ITEM, prebuilt.RULE, prebuilt.RULES_PAGE]
        if options["pages"]:
            kinds.append(prebuilt.CARD_PAGE)
        started = time.perf_counter()
        counts = prebuild.build_all(kinds, progress=lambda msg: self.stdout.write(msg), force=True)
        self.stdout.write(
            self.style.SUCCESS(f"prebuilt {counts} in {time.perf_counter() - started:.1f}s")
        )
