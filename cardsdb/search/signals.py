"""Keeping the index in step with admin edits."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from django.db import connection
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete

from cardsdb import models as m
from cardsdb.search.documents import (
    _DocumentBuilder,
)
from cardsdb.search.index import (
    _delete_game,
    index_documents,
    index_object,
    index_remove,
)
from cardsdb.search.kinds import (
    KIND_BY_MODEL,
    KINDS,
)
from cardsdb.search.vocabulary import (
    _touch,
)

_paused = threading.local()


@contextmanager
def signals_paused() -> Iterator[None]:
    """Skip the per-object index updates inside this block (a bulk job that rebuilds the
    index itself afterwards: deleting 100,000 cards would otherwise delete 100,000 rows one
    by one). The game-level cleanup on deleting a game still runs."""
    _paused.on = True
    try:
        yield
    finally:
        _paused.on = False


def _active() -> bool:
    return not getattr(_paused, "on", False)


def _on_save(sender: type, instance: Any, raw: bool = False, **_: Any) -> None:
    if not raw and _active():
        index_object(instance)


def _on_delete(sender: type, instance: Any, **_: Any) -> None:
    if _active():
        index_remove(KIND_BY_MODEL[sender].slug, [instance.pk])


def _on_game_delete(sender: type, instance: m.Game, **_: Any) -> None:
    with connection.cursor() as cursor:
        _delete_game(cursor, instance.pk)
    _touch()


def _on_synonyms_change(sender: type, instance: Any, **_: Any) -> None:
    """Synonyms and glossary names are read at query time: tell the caches."""
    _touch()


def _on_card_factions(sender: type, instance: Any, action: str, **_: Any) -> None:
    changed = action in {"post_add", "post_remove", "post_clear"}
    if changed and isinstance(instance, m.Card) and _active():
        index_object(instance)


def _on_related_save(sender: type, instance: Any, raw: bool = False, **_: Any) -> None:
    """A renamed section, type, set or faction changes the documents that show its name."""
    if raw or not _active():
        return
    builder = _DocumentBuilder([])
    if sender is m.RuleSection:
        rules = m.Rule.objects.filter(section=instance).select_related("section")
        index_documents(builder.rule(r) for r in rules)
        return
    related: dict[type, str] = {
        m.Faction: "factions",
        m.Expansion: "expansion",
        m.CardType: "card_type",
    }
    cards = m.Card.objects.filter(**{related[sender]: instance})
    index_documents(builder.cards(cards))
    if sender in (m.Faction, m.Expansion):  # the game's entry lists their names too
        index_documents([builder.game(instance.game)])


@cache
def connect_signals() -> None:
    for kind in KINDS:
        if kind.model is None:
            continue
        uid = f"search-{kind.slug}"
        post_save.connect(_on_save, sender=kind.model, dispatch_uid=f"{uid}-save")
        post_delete.connect(_on_delete, sender=kind.model, dispatch_uid=f"{uid}-delete")
    pre_delete.connect(_on_game_delete, sender=m.Game, dispatch_uid="search-game-pre-delete")
    for signal in (post_save, post_delete):
        signal.connect(_on_synonyms_change, sender=m.Synonym, dispatch_uid=f"search-syn-{signal}")
    m2m_changed.connect(
        _on_card_factions, sender=m.Card.factions.through, dispatch_uid="search-card-factions"
    )
    for model in (m.RuleSection, m.Faction, m.Expansion, m.CardType):
        post_save.connect(
            _on_related_save, sender=model, dispatch_uid=f"search-{model.__name__}-save"
        )
