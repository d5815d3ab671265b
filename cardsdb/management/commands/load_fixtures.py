from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardsdb.api import prebuild
from cardsdb.loaders import FixtureError, fixtures_load, game_folders


class Command(BaseCommand):
    help = "Validate and load fixtures/<game>/ for every game (or the folders given), atomically."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("folders", nargs="*", help="game folders (default: all)")
        parser.add_argument(
            "--no-prebuild",
            action="store_true",
            help="do not build the new data version's prebuilt answers now (every card's and "
            "rule's JSON, card-list entries, card pages and rules pages); they are then built "
            "on first use",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        folders = [Path(f) for f in options["folders"]] or game_folders()
        started = time.perf_counter()
        try:
            report = fixtures_load(folders, progress=lambda msg: self.stdout.write(msg))
        except FixtureError as exc:
            raise CommandError(f"nothing loaded: {exc}") from None
        seconds = time.perf_counter() - started
        if not options["no_prebuild"]:
            built = time.perf_counter()
            counts = prebuild.build_all(progress=lambda msg: self.stdout.write(msg))
            self.stdout.write(
                f"prebuilt {sum(counts.values())} answers in {time.perf_counter() - built:.1f}s"
            )
        self.stdout.write(
            self.style.SUCCESS(
                f"loaded {len(report.games)} games in {seconds:.1f}s: {report.created} created, "
                f"{report.updated} updated, {report.deleted} deleted"
            )
        )
