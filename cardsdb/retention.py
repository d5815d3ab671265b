"""How long what visitors save is kept: saved rulings and checked decks (and any other kind
listed in `PRUNABLE`) are removed by `manage.py prune` once nobody has opened them for a while.
A removed permalink is remembered by its id alone (`PrunedLink`), so it answers 410 with words
("removed after N days unopened"), not 404.

Reading a permalink marks it opened, at most once a day per record: a read costs one extra
UPDATE only when the mark is older than `OPENED_RESOLUTION`, never on the hot path of the
same link read again and again.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import Model
from django.utils import timezone

from cardsdb.models import PlayTable, PrunedLink, SavedDeck, SavedRuling

OPENED_RESOLUTION = datetime.timedelta(days=1)
DEFAULT_BATCH = 500
TABLE_IDLE_DAYS = 30  # a table nobody has moved on for this long is removed (said on its page)


class LinkPruned(Exception):
    """The permalink's record was removed for not being opened (answered 410)."""

    def __init__(self, kind: str, key: str) -> None:
        self.kind, self.key = kind, key
        super().__init__(
            f"This {kind} link was removed: nobody had opened it for a long time, and saved "
            f"{kind}s are kept only while they are used. Ask again to get a new link."
        )


def opened_mark(model: type[Model], record: Any) -> None:
    """Note that `record` was opened now, if its mark is older than a day."""
    now = timezone.now()
    if record.opened is None or now - record.opened >= OPENED_RESOLUTION:
        model._default_manager.filter(pk=record.pk).update(opened=now)
        record.opened = now


def pruned_check(kind: str, key: str) -> None:
    """Raise LinkPruned if `key` names a record `prune` removed (the caller found none)."""
    if PrunedLink.objects.filter(kind=kind, key=key).exists():
        raise LinkPruned(kind, key)


def _prune_saved(
    model: type[Model], kind: str, days: int, batch: int, last_used: str = "opened"
) -> int:
    """Remove records of `model` not used (`last_used`: opened, or for a table moved) for
    `days`, `batch` at a time, each batch in one transaction that also records their ids as
    pruned. Returns how many were removed."""
    cutoff = timezone.now() - datetime.timedelta(days=days)
    manager: Any = model._default_manager
    removed = 0
    while True:
        rows = list(
            manager.filter(**{f"{last_used}__lt": cutoff})
            .order_by(last_used, "pk")
            .values_list("pk", "game__slug")[:batch]
        )
        if not rows:
            return removed
        with transaction.atomic():
            PrunedLink.objects.bulk_create(
                [PrunedLink(kind=kind, key=key, game_slug=slug) for key, slug in rows],
                ignore_conflicts=True,
            )
            removed += manager.filter(pk__in=[key for key, _ in rows]).delete()[0]


def prune_rulings(days: int, batch: int) -> int:
    return _prune_saved(SavedRuling, "ruling", days, batch)


def prune_decks(days: int, batch: int) -> int:
    return _prune_saved(SavedDeck, "deck", days, batch)


def prune_tables(days: int, batch: int) -> int:
    """Tables where nobody has recorded or undone a move for `days` (polling the page does not
    keep a table: a game nobody plays is over)."""
    return _prune_saved(PlayTable, "table", days, batch, last_used="updated")


@dataclass(frozen=True)
class Prunable:
    """A kind `manage.py prune` removes: what it is called in its report, the days unopened
    after which it goes (overridable with `--days KIND=N`), and the function that removes a
    kind's records older than that, in batches, returning how many."""

    label: str
    days: int
    prune: Callable[[int, int], int]


PRUNABLE: dict[str, Prunable] = {
    "rulings": Prunable("saved rulings", 180, prune_rulings),
    "decks": Prunable("saved decks", 180, prune_decks),
    "tables": Prunable("idle tables", TABLE_IDLE_DAYS, prune_tables),
}
