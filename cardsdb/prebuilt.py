"""Prebuilt answers: each object's public JSON and HTML built once per version of the data and
served as bytes.

The reference data changes only when it is loaded or edited, so a card's API detail, its entry
in card lists, a rule's API detail and a card's page are the same bytes for every request until
then. They are kept in the `Prebuilt` table, keyed by (data version, kind, key): the data
version is `response_cache.data_fingerprint()` (every game's `data_version` and the database's
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
import json
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import InterfaceError, OperationalError, connection
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.http import quote_etag

from cardsdb import response_cache

JSON = "application/json"
HTML = "text/html; charset=utf-8"
CARD, CARD_ITEM, RULE, CARD_PAGE = "card", "card-item", "rule", "card-page"
RULES_PAGE = "rules-page"
KINDS = (CARD, CARD_ITEM, RULE, CARD_PAGE, RULES_PAGE)
BATCH = 500  # objects serialised per round of queries when building everything
_TABLE = "cardsdb_prebuilt"


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
    version = version or response_cache.data_fingerprint()
    rows = read(
        f"SELECT content, etag FROM {_TABLE} WHERE version = %s AND kind = %s AND key = %s",
        [version, kind, key],
    )
    return Entry(bytes(rows[0][0]), rows[0][1]) if rows else None


def read(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    """The rows of one read-only query, which is itself the connection's health check.

    With CONN_HEALTH_CHECKS, Django sends `SELECT 1` before a request's first query on a
    persistent connection, so that one a PostgreSQL restart broke is replaced before use. For
    a lean read that round trip was a tenth of the request's CPU (~60 us here and ~30 us in
    PostgreSQL, against ~0.8 ms for a whole card detail), so the read goes first instead: if
    the connection turns out broken, it is closed and the read sent again on a new one, which
    is what the health check would have done. Inside a transaction nothing is retried (the
    failure is the transaction's), and the check is left to Django as before."""
    db: Any = connection  # the health check's two flags are not in django-stubs
    check_is_ours = (
        db.connection is not None
        and db.health_check_enabled
        and not db.health_check_done
        and not db.in_atomic_block
    )
    if check_is_ours:
        db.health_check_done = True
    try:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            return cursor.fetchall()
    except (OperationalError, InterfaceError):
        if not check_is_ours:
            raise
    connection.close()
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def get_many(kind: str, keys: list[str], version: str | None = None) -> dict[str, bytes]:
    if not keys:
        return {}
    version = version or response_cache.data_fingerprint()
    marks = ", ".join(["%s"] * len(keys))
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT key, content FROM {_TABLE} "
            f"WHERE version = %s AND kind = %s AND key IN ({marks})",
            [version, kind, *keys],
        )
        return {key: bytes(content) for key, content in cursor.fetchall()}


_purged_lock = threading.Lock()
_purged: set[str] = set()


def put_many(kind: str, items: dict[str, bytes], version: str) -> None:
    """Keep answers built under `version` (another worker may have kept the same: fine)."""
    from cardsdb.models import Prebuilt

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
    if fresh:  # the first answer this process keeps under a new version: drop the old ones,
        # once it has checked in the database (not its two-second copy) that this version is
        # still the current one, so a worker a moment behind never drops the newer answers
        response_cache.fingerprint_forget()
        if response_cache.data_fingerprint() == version:
            purge(keep=version)


def purge(keep: str) -> int:
    """Drop every answer built under another version of the data."""
    from cardsdb.models import Prebuilt

    deleted, _ = Prebuilt.objects.exclude(version=keep).delete()
    return deleted


# A rules page is ~60 KB, one per game: reading it from the database cost more than the rest of
# its request (moving the bytes out of PostgreSQL's TOAST storage and over the socket, not
# decompressing them: storing them uncompressed changed nothing). So each process also keeps
# the few of these it has served, filed under the data version like the rows, and as fresh:
# they are dropped when the version changes, and at every edit in this process (an edit rolled
# back can bring a version's name round again with other data, as the card index knows).
IN_MEMORY = frozenset({RULES_PAGE})
_memory_lock = threading.Lock()
_memory: dict[tuple[str, str], tuple[str, Entry]] = {}


def forget(**_: Any) -> None:
    """Drop the answers this process keeps in memory (an edit of reference data; a load)."""
    with _memory_lock:
        _memory.clear()


def obtain(kind: str, key: str, build: Callable[[], bytes | None]) -> Entry | None:
    """The answer kept for this version, or built now (None: there is no such object) and
    kept. The version is read before the data, so an answer is never filed under a version
    newer than the data it was built from."""
    version = response_cache.data_fingerprint()
    held = _memory.get((kind, key)) if kind in IN_MEMORY else None
    if held is not None and held[0] == version:
        return held[1]
    found = get(kind, key, version)
    if found is None:
        content = build()
        if content is None:  # no such object: nothing is kept for it, here or there
            return None
        put_many(kind, {key: content}, version)
        found = Entry(content, etag_of(content))
    if kind in IN_MEMORY:
        with _memory_lock:
            if len(_memory) > 100:  # a handful of games; never more than a few MB
                _memory.clear()
            _memory[(kind, key)] = (version, found)
    return found


def response(entry: Entry, content_type: str) -> HttpResponse:
    answer = HttpResponse(entry.content, content_type=content_type)
    answer["ETag"] = entry.etag
    return answer


# --- building -------------------------------------------------------------------------------


def _serialized(serializer: Any, objects: list[Any]) -> list[bytes]:
    """Each object's JSON bytes; one serializer for all (DRF builds its fields once)."""
    from cardsdb.api.renderers import dumps

    return [dumps(item) for item in serializer(objects, many=True).data]


def card_detail_bytes(card: Any) -> bytes:
    from cardsdb.api.serializers import CardDetailSerializer

    return _serialized(CardDetailSerializer, [card])[0]


def card_item_bytes(card: Any) -> bytes:
    from cardsdb.api.serializers import CardSerializer

    return _serialized(CardSerializer, [card])[0]


def rule_bytes(rule: Any) -> bytes:
    from cardsdb.api.serializers import RuleSerializer

    return _serialized(RuleSerializer, [rule])[0]


def card_page_context(card: Any, printings: TextPrintings | None = None) -> dict[str, Any]:
    """What the card page shows: the card, its game, and the printing that carries its text."""
    from cardsdb import card_groups

    text_card = printings.of(card) if printings else card_groups.text_printing(card)
    return {"game": card.game, "card": card, "text_card": text_card}


def card_page_bytes(
    card: Any, request: HttpRequest | None = None, printings: TextPrintings | None = None
) -> bytes:
    """The card page as the website renders it for an anonymous visitor (no per-user part:
    no CSRF token, no sign-in state)."""
    context = card_page_context(card, printings)
    return render_to_string("web/card.html", context, request=request).encode()


def _group_value(card: Any, field: str) -> Any:
    if field.startswith("attributes."):
        return card.attributes.get(field.removeprefix("attributes."))
    return getattr(card, field)


class TextPrintings:
    """`card_groups.text_printing` for every card of a build: most printings of a Battle Arena
    card carry no text and show the text of the printing that does, which was one query per
    page (two thirds of building one). Here each game's printings with text are read once and
    found by the card's type and group fields, the first in catalogue order, as that query
    orders them; a card missing a group attribute (which that query then does not filter on)
    still asks the database."""

    def __init__(self) -> None:
        self._tables: dict[int, dict[tuple[Any, ...], Any]] = {}

    def of(self, card: Any) -> Any:
        from cardsdb import card_groups

        if card.text or card.card_type_id is None:
            return None
        fields = card_groups.group_fields(card.game.slug)
        if not fields:
            return None
        values = tuple(_group_value(card, f) for f in fields)
        if any(v is None for f, v in zip(fields, values, strict=True) if f.startswith("attr")):
            return card_groups.text_printing(card)
        return self._table(card.game_id, fields).get((card.card_type_id, *values))

    def _table(self, game_id: int, fields: tuple[str, ...]) -> dict[tuple[Any, ...], Any]:
        from cardsdb.models import Card

        if game_id not in self._tables:
            rows = (
                Card.objects.filter(game_id=game_id, card_type__isnull=False)
                .exclude(text="")
                .select_related("expansion", "game")
                .order_by("position", "id")
            )
            table: dict[tuple[Any, ...], Any] = {}
            for row in rows:
                key = (row.card_type_id, *(_group_value(row, f) for f in fields))
                table.setdefault(key, row)
            self._tables[game_id] = table
        return self._tables[game_id]


def rules_page_bytes(slug: str) -> bytes | None:
    """A game's rules page (None: no such game), with its glossary terms linked."""
    from cardsdb import selectors
    from cardsdb.glossary_links import link_terms
    from cardsdb.models import Game

    game = Game.objects.filter(slug=slug).first()
    if game is None:
        return None
    sections = list(selectors.rule_sections(game))
    for section in sections:
        for rule in section.rules.all():
            rule.html = link_terms(rule.text, game)  # type: ignore[attr-defined]  # for the page
    return render_to_string("web/rules.html", {"game": game, "sections": sections}).encode()


def card_key(game_slug: str, card_slug: str) -> str:
    return f"{game_slug}/{card_slug}"


def card_items(cards: Iterable[Any]) -> list[bytes]:
    """Each card's list entry, in order: kept ones read in one query, the rest built now
    from the rows given (which carry the joins the list serializer reads) and kept."""
    from cardsdb.api.serializers import CardSerializer

    cards = list(cards)
    version = response_cache.data_fingerprint()
    found = get_many(CARD_ITEM, [str(c.pk) for c in cards], version)
    missing = [c for c in cards if str(c.pk) not in found]
    built = dict(
        zip([str(c.pk) for c in missing], _serialized(CardSerializer, missing), strict=True)
    )
    put_many(CARD_ITEM, built, version)
    return [found.get(str(c.pk)) or built[str(c.pk)] for c in cards]


def card_items_by_id(ids: list[int], version: str) -> list[bytes]:
    """These cards' list entries, in this order: the kept ones in one query, the rest built
    now from their rows and kept (a card gone since is left out)."""
    from cardsdb import selectors

    found = get_many(CARD_ITEM, [str(pk) for pk in ids], version)
    missing = [pk for pk in ids if str(pk) not in found]
    if missing:
        rows = list(selectors.card_list().filter(pk__in=missing).order_by("id"))
        found.update(zip([str(c.pk) for c in rows], card_items(rows), strict=True))
    return [found[str(pk)] for pk in ids if str(pk) in found]


def card_items_joined(ids: list[int], version: str) -> bytes:
    """These cards' list entries, in this order, joined by commas (a JSON array's inside), in
    one query with one parameter for all the cards, not one per card (PostgreSQL: an array
    read by the unique index, which measured cheaper for both sides than an IN list or
    having the database join them in order). A card without a kept entry:
    `card_items_by_id` builds it."""
    if not ids:
        return b""
    keys = [str(pk) for pk in ids]
    if connection.vendor == "postgresql":
        rows = read(
            f"SELECT key, content FROM {_TABLE} WHERE version = %s AND kind = %s "
            "AND key = ANY(string_to_array(%s, ','))",
            [version, CARD_ITEM, ",".join(keys)],
        )
    else:
        rows = read(  # CROSS JOIN: SQLite then probes the unique index per card, in that
            # order, rather than scanning the table for the cards
            f"SELECT u.value, p.content FROM json_each(%s) AS u CROSS JOIN {_TABLE} p "
            "ON p.version = %s AND p.kind = %s AND p.key = u.value",
            [json.dumps(keys), version, CARD_ITEM],
        )
    found = dict(rows)
    if len(found) == len(keys):
        return b",".join([bytes(found[key]) for key in keys])
    return b",".join(card_items_by_id(ids, version))


class Indexed:
    """A card list answered by the in-memory index (cardsdb/card_index.py), for the
    paginator: the count, then the page's ids with their kept entries in one query."""

    ordered = True

    def __init__(self, found: Any, version: str) -> None:
        self.found = found
        self.version = version

    def count(self) -> int:
        return int(self.found.count)

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, item: slice) -> list[bytes]:
        return card_items_by_id(self.found.page(item.start or 0, item.stop), self.version)


class WithEntries:
    """A card list for the paginator whose page is read with each card's kept entry in the
    same query (a subquery on the prebuilt table's index, run for the page's rows only): the
    count, then the page. Entries not kept yet are built from their rows and kept."""

    def __init__(self, queryset: Any) -> None:
        self.queryset = queryset
        self.ordered = queryset.ordered

    def count(self) -> int:
        return int(self.queryset.count())

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, item: slice) -> list[bytes]:
        from django.db.models import CharField, OuterRef, Subquery
        from django.db.models.functions import Cast

        from cardsdb import selectors
        from cardsdb.models import Prebuilt

        entry = Prebuilt.objects.filter(
            version=response_cache.data_fingerprint(),
            kind=CARD_ITEM,
            key=Cast(OuterRef("pk"), output_field=CharField()),
        ).values("content")[:1]
        rows = list(
            self.queryset.annotate(_entry=Subquery(entry)).values_list("pk", "_entry")[item]
        )
        entries = {pk: bytes(content) for pk, content in rows if content is not None}
        missing = [pk for pk, content in rows if content is None]
        if missing:
            built = card_items(selectors.IdsFirst(self.queryset).rows(missing))
            entries.update(zip(missing, built, strict=True))
        return [entries[pk] for pk, _ in rows]


def _chunks(ids: list[int]) -> Iterator[list[int]]:
    for start in range(0, len(ids), BATCH):
        yield ids[start : start + BATCH]


def build_all(
    kinds: Iterable[str] = KINDS,
    progress: Callable[[str], None] = print,
    games: list[str] | None = None,
    force: bool = False,
) -> dict[str, int]:
    """Build every answer of the given kinds (of every game, or of `games`) for the current
    version of the data, in batches (a bounded number of queries per batch, whatever their
    size), and drop other versions' answers. Kinds already complete for this version are
    left as they are, unless `force`."""
    from cardsdb import card_index, selectors
    from cardsdb.api.serializers import CardDetailSerializer, CardSerializer, RuleSerializer
    from cardsdb.models import Card, Game, Prebuilt, Rule

    response_cache.fingerprint_forget()
    card_index.forget()  # a load: this process's card index is rebuilt on its next use
    forget()
    version = response_cache.data_fingerprint()
    kinds = set(kinds)
    if games is None and not force:  # what is already complete for this version is kept
        total = {CARD: Card.objects.count(), CARD_ITEM: Card.objects.count()}
        total |= {CARD_PAGE: total[CARD], RULE: Rule.objects.count()}
        total[RULES_PAGE] = Game.objects.count()
        kept = Prebuilt.objects.filter(version=version, kind__in=kinds).values("kind")
        have = {k["kind"]: k["n"] for k in kept.annotate(n=Count("id"))}
        kinds = {k for k in kinds if have.get(k, 0) != total[k]}
    counts = dict.fromkeys(sorted(kinds), 0)
    if kinds & {CARD, CARD_ITEM, CARD_PAGE}:
        cards = Card.objects.order_by("id")
        if games is not None:
            cards = cards.filter(game__slug__in=games)
        ids = list(cards.values_list("id", flat=True))
        printings = TextPrintings()
        for chunk in _chunks(ids):
            detail = CARD in kinds or CARD_PAGE in kinds
            rows = list(
                (selectors.card_detail() if detail else selectors.card_list()).filter(pk__in=chunk)
            )
            keys = [card_key(card.game.slug, card.slug) for card in rows]
            batch: dict[str, dict[str, bytes]] = {}
            if CARD in kinds:
                batch[CARD] = dict(zip(keys, _serialized(CardDetailSerializer, rows), strict=True))
            if CARD_ITEM in kinds:
                entries = _serialized(CardSerializer, rows)
                batch[CARD_ITEM] = dict(zip([str(c.pk) for c in rows], entries, strict=True))
            if CARD_PAGE in kinds:
                batch[CARD_PAGE] = {
                    k: card_page_bytes(c, printings=printings)
                    for k, c in zip(keys, rows, strict=True)
                }
            for kind, built in batch.items():
                put_many(kind, built, version)
                counts[kind] += len(built)
        progress(f"prebuilt {len(ids)} cards")
    if RULE in kinds:
        rule_rows = selectors.rule_list()
        if games is not None:
            rule_rows = rule_rows.filter(game__slug__in=games)
        rules = list(rule_rows)
        items = dict(zip([r.key for r in rules], _serialized(RuleSerializer, rules), strict=True))
        put_many(RULE, items, version)
        counts[RULE] = len(items)
        progress(f"prebuilt {len(items)} rules")
    if RULES_PAGE in kinds:
        slugs = Game.objects.order_by("position")
        if games is not None:
            slugs = slugs.filter(slug__in=games)
        pages = {slug: rules_page_bytes(slug) for slug in slugs.values_list("slug", flat=True)}
        put_many(RULES_PAGE, {k: v for k, v in pages.items() if v is not None}, version)
        counts[RULES_PAGE] = len(pages)
        progress(f"prebuilt {len(pages)} rules pages")
    purge(keep=version)
    if connection.vendor == "postgresql":  # fresh statistics for the one index it is read by
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {_TABLE}")
    return counts
