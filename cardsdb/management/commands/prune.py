"""`manage.py prune`: remove saved records nobody has opened for a while (cardsdb/retention.py),
in batches, and say how many of each kind went. Meant for a daily cron line (README,
"Deploying")."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardsdb.retention import DEFAULT_BATCH, PRUNABLE


def _days(text: str) -> tuple[str, int]:
    kind, _, number = text.partition("=")
    if kind not in PRUNABLE or not number.isdigit() or int(number) < 1:
        raise ValueError(text)
    return kind, int(number)


class Command(BaseCommand):
    help = (
        "Remove saved records nobody has opened for a while: "
        + "; ".join(f"{kind}, {p.label}, after {p.days} days" for kind, p in PRUNABLE.items())
        + ". Their permalinks then answer 410."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "kinds",
            nargs="*",
            metavar="KIND",
            help=f"the kinds to prune, of {', '.join(sorted(PRUNABLE))} (default: every kind)",
        )
        parser.add_argument(
            "--days",
            action="append",
            default=[],
            metavar="KIND=N",
            help="keep KIND for N days unopened instead of its default (repeatable)",
        )
        parser.add_argument(
            "--batch",
            type=int,
            default=DEFAULT_BATCH,
            help=f"records removed per transaction (default {DEFAULT_BATCH})",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            days = dict(_days(text) for text in options["days"])
        except ValueError as exc:
            raise CommandError(
                f"--days takes KIND=N, KIND one of {', '.join(sorted(PRUNABLE))}: not {exc}"
            ) from exc
        if options["batch"] < 1:
            raise CommandError("--batch takes a number of at least 1")
        unknown = [kind for kind in options["kinds"] if kind not in PRUNABLE]
        if unknown:
            raise CommandError(f"No kind {unknown[0]!r}: one of {', '.join(sorted(PRUNABLE))}")
        for kind in options["kinds"] or list(PRUNABLE):
            prunable = PRUNABLE[kind]
            keep = days.get(kind, prunable.days)
            removed = prunable.prune(keep, options["batch"])
            self.stdout.write(f"{removed} {prunable.label} removed (not opened for {keep} days)")
