"""Prebuilt answers: each object's public JSON and HTML built once per version of the data and
served as bytes.

The reference data changes only when it is loaded or edited, so a card's API detail, its entry
in card lists, a rule's API detail and a card's page are the same bytes for every request until
then. They are kept in the `Prebuilt` table, keyed by (data version, kind, key): the data
version is `data_version.data_fingerprint()` (every game's `data_version` and the database's
edits counter), so a load or an admin edit names a new version and nothing built under the old
one is ever served again. `manage.py load_fixtures` builds every answer of the new version at
once (`build_all`: the JSON, the rules pages and the card pages), and drops the other versions'
rows; whatever is missing (after an admin edit) is built on first use and kept for every worker
and app server.

A request for a prebuilt answer costs one indexed read of one row (plus the fingerprint, read
at most every two seconds per process): no ORM joins, no serializer, no template. The API's
reads of it are lean Django views, not DRF ones (cardsdb/api/prebuilt_views.py).

| kind | what | key |
| --- | --- | --- |
| `card` | `GET /api/v1/cards/<game>/<slug>/` (JSON) | `<game>/<slug>` |
| `card-item` | one card in `GET /api/v1/cards/` lists (JSON) | the card's id |
| `rule` | `GET /api/v1/rules/<key>/` (JSON) | the rule key |
| `card-page` | `/games/<game>/cards/<slug>/` (HTML, anonymous visitors) | `<game>/<slug>` |
| `rules-page` | `/games/<game>/rules/` (HTML, the same for everyone) | the game's slug |
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.utils.http import quote_etag

from cardsdb import data_version
from cardsdb.data_version import PerVersion
from cardsdb.first_statement import run_checked
from cardsdb.models import Prebuilt

JSON = "application/json"
HTML = "text/html; charset=utf-8"
CARD, CARD_ITEM, RULE, CARD_PAGE = "card", "card-item", "rule", "card-page"
RULES_PAGE = "rules-page"
KINDS = (CARD, CARD_ITEM, RULE, CARD_PAGE, RULES_PAGE)
BATCH = 500  # objects serialised per round of queries when building everything
TABLE = "cardsdb_prebuilt"


@dataclass(frozen=True)
class Entry:
    content: bytes
    etag: str


def enabled() -> bool:
    return bool(getattr(settings, "PREBUILT", True))


def etag_of(content: bytes) -> str:
    """The strong ETag Django's ConditionalGetMiddleware would compute for these bytes."""
    return quote_etag(hashlib.md5(content, usedforsecurity=False).hexdigest())


def anonymous(request: HttpRequest) -> bool:
    """No session cookie and no credentials: an HTML page is the same for every such visitor."""
    return (
        settings.SESSION_COOKIE_NAME not in request.COOKIES
        and "HTTP_AUTHORIZATION" not in request.META
    )


# --- reading and keeping --------------------------------------------------------------------


def get(kind: str, key: str, version: str | None = None) -> Entry | None:
    version = version or data_version.data_fingerprint()
    rows = read(
        f"SELECT content, etag FROM {TABLE} WHERE version = %s AND kind = %s AND key = %s",
        [version, kind, key],
    )
    return Entry(bytes(rows[0][0]), rows[0][1]) if rows else None


def read(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """The rows of one read-only query, which is itself the connection's health check
    (cardsdb/first_statement.py): no `SELECT 1` goes before it; a connection found broken is
    replaced and the read sent again."""

    def run() -> list[tuple[Any, ...]]:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall()

    return run_checked(connection, run)


def get_many(kind: str, keys: list[str], version: str | None = None) -> dict[str, bytes]:
    if not keys:
        return {}
    version = version or data_version.data_fingerprint()
    marks = ", ".join(["%s"] * len(keys))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT key, content FROM {TABLE} "
            f"WHERE version = %s AND kind = %s AND key IN ({marks})",
            [version, kind, *keys],
        )
        return {key: bytes(content) for key, content in cursor.fetchall()}


_purged_lock = threading.Lock()
_purged: set[str] = set()


def put_many(kind: str, items: dict[str, bytes], version: str) -> None:
    """Keep answers built under `version` (another worker may have kept the same: fine)."""
    if not items:
        return
    Prebuilt.objects.bulk_create(
        [
            Prebuilt(version=version, kind=kind, key=key, content=content, etag=etag_of(content))
            for key, content in items.items()
        ],
        ignore_conflicts=True,
        batch_size=BATCH,
    )
    with _purged_lock:
        fresh = version not in _purged
        _purged.add(version)
    # the first answer this process keeps under a new version: drop the old ones, once it has
    # checked in the database (not its two-second copy) that this version is still the current
    # one, so a worker a moment behind never drops the newer answers
    if fresh and data_version.still_current(version):
        purge(keep=version)


def purge(keep: str) -> int:
    """Drop every answer built under another version of the data."""
    deleted, _ = Prebuilt.objects.exclude(version=keep).delete()
    return deleted


# A rules page is ~60 KB, one per game: reading it from the database cost more than the rest of
# its request (moving the bytes out of PostgreSQL's TOAST storage and over the socket, not
# decompressing them: storing them uncompressed changed nothing). So each process also keeps
# the few of these it has served, filed under the data version like the rows, and as fresh:
# they are dropped when the version changes, and at every edit in this process (an edit rolled
# back can bring a version's name round again with other data, as the card index knows).
IN_MEMORY = frozenset({RULES_PAGE})
_memory: PerVersion[tuple[str, str], Entry] = PerVersion(
    "prebuilt-in-memory",
    keys="the kind and key of the answer (rules pages only)",
    most=101,  # a handful of games; never more than a few MB
)


def forget() -> None:
    """Drop the answers this process keeps in memory."""
    _memory.forget()


def obtain(kind: str, key: str, build: Callable[[], bytes | None]) -> Entry | None:
    """The answer kept for this version, or built now (None: there is no such object) and
    kept. The version is read before the data, so an answer is never filed under a version
    newer than the data it was built from."""
    version = data_version.data_fingerprint()

    def kept_or_built() -> Entry | None:
        found = get(kind, key, version)
        if found is None:
            content = build()
            if content is None:  # no such object: nothing is kept for it, here or there
                return None
            put_many(kind, {key: content}, version)
            found = Entry(content, etag_of(content))
        return found

    if kind in IN_MEMORY:
        return _memory.get((kind, key), kept_or_built, version)
    return kept_or_built()


def response(entry: Entry, content_type: str) -> HttpResponse:
    answer = HttpResponse(entry.content, content_type=content_type)
    answer["ETag"] = entry.etag
    return answer


def card_key(game_slug: str, card_slug: str) -> str:
    return f"{game_slug}/{card_slug}"
