"""Staleness, once for every per-version store (cardsdb/data_version.py).

A player reads a card, an editor fixes its text in the admin, the player reloads: whatever
keeps answers built from the data (the desk's games, the rules a ruling cites, the card index,
the prebuilt pages kept in memory, a game's factions and symbols, whole responses) must answer
from the new data. Every store is declared through `PerVersion`, and each test here runs over
every store declared, so a new store is tested by declaring it.
"""

from __future__ import annotations

import uuid
from typing import Any

import pytest

import cardsdb.response_cache
import cardsdb.urls  # every view, and through them every store, is imported
from cardsdb import data_version
from cardsdb.data_version import PerVersion
from cardsdb.models import Game, Rule

assert cardsdb.urls and cardsdb.response_cache  # imported for the stores they declare

pytestmark = pytest.mark.django_db

STORES = data_version.stores()


def _key() -> str:
    return f"test-{uuid.uuid4().hex}"  # no test sees another's value in a shared cache


def test_every_store_says_what_it_keys_on() -> None:
    names = [store.name for store in STORES]
    assert len(names) == len(set(names))
    # the five caches that were hand-made, and the rule texts, all declared the one way
    assert {
        "desk-games",
        "rule-texts",
        "card-index",
        "prebuilt-in-memory",
        "reference",
        "response",
    } <= set(names)
    assert all(store.keys for store in STORES)


@pytest.mark.parametrize("store", STORES, ids=lambda store: store.name)
def test_a_value_is_built_once_per_version(store: PerVersion[Any, Any]) -> None:
    key, builds = _key(), []

    def build() -> str:
        builds.append(1)
        return "built"

    assert store.get(key, build) == "built"
    assert store.get(key, build) == "built"
    assert len(builds) == 1


@pytest.mark.parametrize("store", STORES, ids=lambda store: store.name)
def test_an_edit_in_the_admin_is_seen_at_once(store: PerVersion[Any, Any]) -> None:
    key = _key()
    assert store.get(key, lambda: "before the edit") == "before the edit"
    rule = Rule.objects.get(key="hyperstar-run:1.1")
    rule.text = "Edited by an editor."
    rule.save()  # as the admin saves: one object, with its signals
    assert store.get(key, lambda: "after the edit") == "after the edit"


@pytest.mark.parametrize("store", STORES, ids=lambda store: store.name)
def test_a_load_elsewhere_is_seen_when_the_version_is_read_again(
    store: PerVersion[Any, Any], settings: Any
) -> None:
    settings.DATA_VERSION_SECONDS = 3600  # the version is not read again on its own
    data_version.fingerprint_forget()
    key = _key()
    assert store.get(key, lambda: "before the load") == "before the load"
    Game.objects.filter(slug="hyperstar-run").update(data_version="loaded-elsewhere")
    assert store.get(key, lambda: "after the load") == "before the load"  # not read yet
    data_version.fingerprint_forget()  # as every process does within DATA_VERSION_SECONDS
    assert store.get(key, lambda: "after the load") == "after the load"


@pytest.mark.parametrize("store", STORES, ids=lambda store: store.name)
def test_a_value_is_never_served_under_another_version(store: PerVersion[Any, Any]) -> None:
    key = _key()
    store.keep(key, "built from older data", version="an-older-version")
    current = data_version.data_fingerprint()
    assert store.peek(key, current) is None
    assert store.get(key, lambda: "built now", current) == "built now"


@pytest.mark.parametrize("store", STORES, ids=lambda store: store.name)
def test_what_does_not_exist_is_kept_nowhere(store: PerVersion[Any, Any]) -> None:
    key = _key()
    assert store.get(key, lambda: None) is None
    assert store.peek(key) is None


@pytest.mark.parametrize("store", [s for s in STORES if s.recheck], ids=lambda store: store.name)
def test_a_build_the_data_changed_under_is_not_kept(store: PerVersion[Any, Any]) -> None:
    key = _key()
    version = data_version.data_fingerprint()

    def build_while_a_load_lands() -> str:
        Game.objects.filter(slug="hyperstar-run").update(data_version="loaded-meanwhile")
        return "read across two versions"

    assert store.get(key, build_while_a_load_lands, version) is None
    assert store.peek(key, version) is None
