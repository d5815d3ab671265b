"""Building the prebuilt answers (cardsdb/prebuilt.py keeps them): each object's public JSON, by
the API's serializers, and its HTML, by the website's templates, for the current version of
the data; and the card lists' pages read with their kept entries.

`build_all` builds every answer of a new version at once (`manage.py load_fixtures`,
`manage.py prebuild`); whatever is missing (after an admin edit) is built on first use.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from django.db import connection
from django.db.models import CharField, Count, OuterRef, Subquery
from django.db.models.functions import Cast
from django.http import HttpRequest
from django.template.loader import render_to_string

from cardsdb import card_groups, data_version, selectors
from cardsdb.api.serializers import CardDetailSerializer, CardSerializer, RuleSerializer
from cardsdb.glossary_links import link_terms
from cardsdb.json_bytes import dumps
from cardsdb.models import Card, Game, Prebuilt, Rule
from cardsdb.prebuilt import (
    BATCH,
    CARD,
    CARD_ITEM,
    CARD_PAGE,
    KINDS,
    RULE,
    RULES_PAGE,
    TABLE,
    card_key,
    get_many,
    purge,
    put_many,
    read,
)

# --- building -------------------------------------------------------------------------------


def _serialized(serializer: Any, objects: list[Any]) -> list[bytes]:
    """Each object's JSON bytes; one serializer for all (DRF builds its fields once)."""
    return [dumps(item) for item in serializer(objects, many=True).data]


def card_detail_bytes(card: Any) -> bytes:
    return _serialized(CardDetailSerializer, [card])[0]


def card_item_bytes(card: Any) -> bytes:
    return _serialized(CardSerializer, [card])[0]


def rule_bytes(rule: Any) -> bytes:
    return _serialized(RuleSerializer, [rule])[0]


def card_page_context(card: Any, printings: TextPrintings | None = None) -> dict[str, Any]:
    """What the card page shows: the card, its game, and the printing that carries its text."""
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
    game = Game.objects.filter(slug=slug).first()
    if game is None:
        return None
    sections = list(selectors.rule_sections(game))
    for section in sections:
        for rule in section.rules.all():
            rule.html = link_terms(rule.text, game)  # type: ignore[attr-defined]  # for the page
    return render_to_string("web/rules.html", {"game": game, "sections": sections}).encode()


def card_items(cards: Iterable[Any]) -> list[bytes]:
    """Each card's list entry, in order: kept ones read in one query, the rest built now
    from the rows given (which carry the joins the list serializer reads) and kept."""
    cards = list(cards)
    version = data_version.data_fingerprint()
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
            f"SELECT key, content FROM {TABLE} WHERE version = %s AND kind = %s "
            "AND key = ANY(string_to_array(%s, ','))",
            [version, CARD_ITEM, ",".join(keys)],
        )
    else:
        rows = read(  # CROSS JOIN: SQLite then probes the unique index per card, in that
            # order, rather than scanning the table for the cards
            f"SELECT u.value, p.content FROM json_each(%s) AS u CROSS JOIN {TABLE} p "
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
        entry = Prebuilt.objects.filter(
            version=data_version.data_fingerprint(),
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
    data_version.changed()  # a load: every store of this process is rebuilt on its next use
    version = data_version.data_fingerprint()
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
            cursor.execute(f"ANALYZE {TABLE}")
    return counts
