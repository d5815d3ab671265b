"""The version of the reference data, and the one cache mechanism every per-version store uses.

The reference data changes only when it is loaded or edited, so whatever is built from it (a
card's JSON, a rules page, the card index, the text of every rule) can be built once per
version of the data. The version is the data fingerprint: every game's data version (which a
load changes), a counter in the database that every save or delete of reference data (an admin
edit) bumps, and a hash of the code that builds the answers (a deploy). It is re-read at most
every `DATA_VERSION_SECONDS` (2) per process, so a reload or an edit is seen by every app
server within that time, at the cost of one tiny query.

`PerVersion` is the cache: a store declares its name, what it keys on, and where it keeps its
values (this process's memory, or Django's cache, shared by every app server when REDIS_URL is
set); every value is filed under the version it was built from and is never served under
another. Stores kept in memory subscribe here and are dropped at once when the data changes in
this process (an edit, a load): nothing above is cleared from below. The staleness tests
(tests/cardsdb/test_data_version.py) run over every store declared.

Imports only the models below it.
"""

from __future__ import annotations

import functools
import hashlib
import threading
import time
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.db.models import F, Subquery
from django.db.models.signals import m2m_changed, post_delete, post_save

from cardsdb.models import DataRevision, Game

FINGERPRINT_SECONDS = 2.0
CODE_FOLDERS = ("games", "cardsdb", "templates", "static")

_fingerprint_lock = threading.Lock()
_fingerprint: tuple[float, str, int] = (0.0, "", 0)


def _fingerprint_seconds() -> float:
    return float(getattr(settings, "DATA_VERSION_SECONDS", FINGERPRINT_SECONDS))


def _state() -> tuple[str, int]:
    """(fingerprint, edits), read from the database at most every DATA_VERSION_SECONDS."""
    global _fingerprint
    now = time.monotonic()
    at, value, edits = _fingerprint
    if value and now - at < _fingerprint_seconds():
        return value, edits
    rows = list(
        Game.objects.order_by("id")
        .annotate(edits=Subquery(DataRevision.objects.filter(pk=1).values("edits")[:1]))
        .values_list("id", "data_version", "edits")
    )
    edits = int(rows[0][2] or 0) if rows else 0
    text = f"{[(pk, version) for pk, version, _ in rows]}|{edits}|{code_fingerprint()}"
    value = hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()[:16]
    with _fingerprint_lock:
        _fingerprint = (now, value, edits)
    return value, edits


@functools.cache
def code_fingerprint() -> str:
    """A hash of the code that builds the answers (the engines, the serializers, the
    templates, the static files their pages link to), read once per process: a deploy that
    changes an engine's wording or a page names a new version, so no prebuilt answer, cached
    response or bulk file built by the old code is served by the new. (Saved rulings are
    records under their permalink; they are ruled again when the data changes, see
    cardsdb/desk.py.)"""
    base = Path(settings.BASE_DIR)
    digest = hashlib.md5(usedforsecurity=False)
    for folder in CODE_FOLDERS:
        for path in sorted((base / folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                digest.update(str(path.relative_to(base)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def data_fingerprint() -> str:
    """Changes whenever the reference data may have: a load (every game's `data_version`), or
    an edit in the admin (the edits counter in the database, `DataRevision`), and whenever
    the code that builds the answers does (`code_fingerprint`: a deploy). Every app server
    reads the same two things, so they agree on it within DATA_VERSION_SECONDS (app servers
    running different code during a rolling deploy keep different versions until it ends)."""
    return _state()[0]


def edits_seen() -> int:
    """How many single-object edits of reference data there have been."""
    return _state()[1]


def fingerprint_forget() -> None:
    """Make the next request re-read the fingerprint from the database."""
    global _fingerprint
    with _fingerprint_lock:
        _fingerprint = (0.0, "", 0)


def still_current(version: str) -> bool:
    """Whether `version` is the current one, read from the database now (not the two-second
    copy): a build that read the data while it changed is not kept under the old name."""
    fingerprint_forget()
    return data_fingerprint() == version


# --- the stores that subscribe ---------------------------------------------------------------

_stores: list[PerVersion[Any, Any]] = []


def stores() -> list[PerVersion[Any, Any]]:
    """Every per-version store declared (the staleness tests run over each)."""
    return list(_stores)


def changed(**_: Any) -> None:
    """The reference data changed in this process (a load, an edit): re-read the version, and
    drop what every store keeps in this process's memory. The counter of an edit rolled back
    can come round again with other data, so memory is dropped, not only renamed."""
    fingerprint_forget()
    for store in _stores:
        store.forget()


def edits_count(**_: Any) -> None:
    """A signal receiver: reference data was saved or deleted one object at a time. The
    counter is a row in the database, written in the editor's own transaction."""
    if not DataRevision.objects.filter(pk=1).update(edits=F("edits") + 1):
        DataRevision.objects.get_or_create(pk=1, defaults={"edits": 1})
    changed()


UNCOUNTED_MODELS = (  # not reference data
    "savedruling",
    "saveddeck",
    "prunedlink",
    "prebuilt",
    "datarevision",
)


def connect_signals() -> None:
    for model in apps.get_app_config("cardsdb").get_models():
        if model._meta.model_name in UNCOUNTED_MODELS:  # rulings are keyed by their content
            continue
        uid = f"response-cache-{model._meta.model_name}"
        post_save.connect(edits_count, sender=model, dispatch_uid=f"{uid}-save")
        post_delete.connect(edits_count, sender=model, dispatch_uid=f"{uid}-delete")
        for m2m in model._meta.local_many_to_many:
            through = m2m.remote_field.through
            m2m_changed.connect(edits_count, sender=through, dispatch_uid=f"{uid}-{m2m.name}")


# --- the cache mechanism ---------------------------------------------------------------------

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class PerVersion(Generic[K, V]):
    """Values built from the reference data, each filed under the version of the data it was
    built from and never served under another.

    - `name` names the store (and prefixes its keys in the shared cache); `keys` says in words
      what a value is keyed on besides the version.
    - `where`: "memory" (this process; dropped when the version changes and at every change of
      the data in this process) or "shared" (Django's cache, every process and app server; a
      new version is a new key, so old values are never read again and expire after
      `seconds`).
    - `most`: in memory, at most this many values (all dropped beyond it).
    - `recheck`: a value whose build took a while is kept only if the version did not move
      while it was read (`still_current`); otherwise `get` answers None and the next call
      builds again.
    - `one_build`: builds run one at a time (a large build, as the card index, is not made
      twice at once by two threads).

    `get(key, build)` answers the kept value or builds it (a build answering None keeps
    nothing). The version is read before the data, so a value is never filed under a version
    newer than the data it was built from."""

    def __init__(
        self,
        name: str,
        *,
        keys: str,
        where: Literal["memory", "shared"] = "memory",
        seconds: int = 3600,
        most: int | None = None,
        recheck: bool = False,
        one_build: bool = False,
    ) -> None:
        self.name, self.keys, self.where = name, keys, where
        self.seconds, self.most, self.recheck = seconds, most, recheck
        self._lock = threading.RLock() if one_build else None
        # the version and its values in one tuple, replaced whole: a reader never pairs a new
        # version with the old values
        self._held: tuple[str | None, dict[K, V]] = (None, {})
        self._held_lock = threading.Lock()
        _stores.append(self)

    def __repr__(self) -> str:
        return f"PerVersion({self.name!r}, keys={self.keys!r}, where={self.where!r})"

    def forget(self) -> None:
        """Drop what this process keeps in memory."""
        with self._held_lock:
            self._held = (None, {})

    def _shared_key(self, key: K, version: str) -> str:
        return f"{self.name}:{version}:{key}"

    def peek(self, key: K, version: str | None = None) -> V | None:
        """The value kept for this version, or None."""
        version = version or data_fingerprint()
        if self.where == "shared":
            found: V | None = cache.get(self._shared_key(key, version))
            return found
        held_version, values = self._held
        if held_version != version:
            return None
        return values.get(key)

    def keep(
        self, key: K, value: V, version: str | None = None, seconds: int | None = None
    ) -> None:
        """File `value` under `version` (the current one if not given); in the shared cache,
        for `seconds` (the store's own if not given)."""
        version = version or data_fingerprint()
        if self.where == "shared":
            cache.set(self._shared_key(key, version), value, seconds or self.seconds)
            return
        with self._held_lock:
            held_version, values = self._held
            if held_version != version or (self.most is not None and len(values) >= self.most):
                values = {}
                self._held = (version, values)
            values[key] = value

    def get(self, key: K, build: Callable[[], V | None], version: str | None = None) -> V | None:
        version = version or data_fingerprint()
        found = self.peek(key, version)
        if found is not None:
            return found
        if self._lock is None:
            return self._build(key, build, version)
        with self._lock:
            found = self.peek(key, version)  # built by the thread this one waited for
            return found if found is not None else self._build(key, build, version)

    def _build(self, key: K, build: Callable[[], V | None], version: str) -> V | None:
        value = build()
        if value is None:
            return None
        if self.recheck and not still_current(version):
            return None  # the data changed while it was read: this request does without
        self.keep(key, value, version)
        return value
