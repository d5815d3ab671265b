"""The dispute desk: JSON in, a saved ruling out, through the engine registry.

The desk is the only place the Django side touches the engines' adjudication. It resolves the
game, lets the engine parse and rule, stamps the data version, and stores the ruling under an id
derived from the request, so the same state and move always give the same permalink.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
from dataclasses import dataclass
from typing import Any

import orjson
from django.db import connections, router
from django.http import Http404
from django.urls import reverse

from cardsdb import response_cache, retention
from cardsdb.api import renderers
from cardsdb.json_text import text_written
from cardsdb.models import Game, Rule, SavedRuling
from games import registry
from games.core.errors import InvalidMove, InvalidState
from games.core.rules import GameRules
from games.core.ruling import Ruling, SequenceRuling
from games.core.tools import Tool

MAX_MOVES = 500  # a game log longer than this is not a dispute


@dataclass(frozen=True)
class Desk:
    game: Game
    engine: GameRules


# What a ruling needs that changes only with the data (the game row, the text of every rule it
# may cite) is read once per version of the data and process, not on every request: the key
# is `response_cache.data_fingerprint()`, which a load or an admin edit changes.
_per_version_lock = threading.Lock()
_per_version: dict[str, Any] = {"version": None, "games": {}, "rules": None}


def _version_cached() -> dict[str, Any]:
    version = response_cache.data_fingerprint()
    if _per_version["version"] != version:
        with _per_version_lock:
            if _per_version["version"] != version:
                _per_version.update(version=version, games={}, rules=None)
    return _per_version


def desk_for(slug: str) -> Desk:
    if slug not in registry:
        raise Http404(f"No adjudicator for a game called {slug!r}.")
    games = _version_cached()["games"]
    game = games.get(slug)
    if game is None:
        game = Game.objects.filter(slug=slug).first()
        if game is None:
            raise Http404(f"The game {slug!r} is not loaded.")
        games[slug] = game
    return Desk(game=game, engine=registry[slug])


def ruling_id(slug: str, request: dict[str, Any]) -> str:
    digest = hashlib.sha256(canonical_json([slug, request])).digest()
    # the first 10 base32 letters spell the first 50 bits: 7 bytes are enough to encode
    return base64.b32encode(digest[:7]).decode().lower()[:10]


# Every digit read as 0 and every `.`, `e`, `E` as `.`: a float's spelling is then `0.`.
_NUMBER_EDGES = bytes.maketrans(b"0123456789.eE", b"0000000000...")


def _not_same_bytes(written: bytes) -> bool:
    """Where orjson's sorted output may not be `json.dumps`'s byte for byte: a float (1e-05
    is written 0.00001), any byte beyond ASCII (json escapes it, DEL included), and null
    (orjson also writes NaN and infinities as null). A string that merely looks like one
    ("rule 3.2") only takes the slower path. It is the regular expression
    `[0-9][.eE]|[\\x7f-\\xff]|null` (tested), without one: ~7 us on a 2 KB board, not ~40."""
    return (
        not written.isascii()
        or b"\x7f" in written
        or b"null" in written
        or b"0." in written.translate(_NUMBER_EDGES)
    )


_ORJSON_SORTED = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)


def _refuse(value: Any) -> Any:
    raise TypeError(type(value).__name__)  # what json.dumps refuses, orjson is not to write


def canonical_json(value: Any) -> bytes:
    """The bytes of `json.dumps(value, sort_keys=True, separators=(",", ":"))`, which permalink
    ids have always hashed (so they must never change), written by orjson when its bytes are
    the same for what a JSON parser hands over (most boards: plain ASCII and whole numbers;
    5-15x faster), otherwise by json.dumps itself."""
    try:
        written = orjson.dumps(value, default=_refuse, option=_ORJSON_SORTED)
    except (TypeError, orjson.JSONEncodeError):  # beyond 64 bits, a non-text key, a surrogate
        written = None
    if written is None or _not_same_bytes(written):
        return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()
    return written


def _rules() -> dict[str, tuple[str, str]]:
    """Every rule's (number, text) by key, for this version of the data."""
    cached = _version_cached()
    rules = cached["rules"]
    if rules is None:
        rules = dict(
            (key, (number, text))
            for key, number, text in Rule.objects.values_list("key", "number", "text")
        )
        cached["rules"] = rules
    return rules


def _rule_links(slug: str, keys: list[str]) -> dict[str, dict[str, str]]:
    rules = _rules()
    return {
        key: {"key": key, "url": f"/games/{slug}/rules/#{rules[key][0]}", "text": rules[key][1]}
        for key in keys
        if key in rules
    }


def ruling_links_add(slug: str, ruling: dict[str, Any]) -> dict[str, Any]:
    """Give each reason the link to its rule, and the ruling the full text of what it cites."""
    rulings = ruling.get("rulings") or [ruling]
    grounds = [r for one in rulings for r in [*one["reasons"], *one.get("voided", [])]]
    keys = sorted({r["rule"] for r in grounds})
    links = _rule_links(slug, keys)
    for reason in grounds:
        reason["url"] = links.get(reason["rule"], {}).get("url", "")
    ruling["cited_rules"] = [links[k] for k in keys if k in links]
    return ruling


UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def text_check_storable(body: Any) -> None:
    """Refuse (InvalidState, naming the field) a NUL character or half a surrogate pair
    anywhere in a request, keys included: JSON's \\u escapes can spell both, and PostgreSQL can
    neither store nor compare them. Most requests hold neither: orjson's encoder refuses a
    lone surrogate and spells a NUL `\\u0000`, so one C call tells; only then is the request
    walked to name the field."""
    try:
        if b"\\u0000" not in orjson.dumps(body):
            return
    except (TypeError, orjson.JSONEncodeError):
        pass  # a lone surrogate (or something orjson cannot write): walk to find it
    stack: list[tuple[str, Any]] = [("", body)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if UNSTORABLE.search(str(key)):
                    raise InvalidState(path or "body", "a key holds a NUL or a lone surrogate")
                stack.append((f"{path}.{key}" if path else str(key), value))
        elif isinstance(node, list):
            stack.extend((f"{path}.{i}", value) for i, value in enumerate(node))
        elif isinstance(node, str) and UNSTORABLE.search(node):
            raise InvalidState(path or "body", "the text holds a NUL or a lone surrogate")


def _insert_new(saved: SavedRuling, ruling_text: str) -> bool:
    """Keep a ruling unless one is kept under its id (True: this call kept it), in one
    statement: `INSERT ... ON CONFLICT DO NOTHING`, not a look-up and then an insert.
    `ruling_text` is the ruling's JSON as already written for the response: the column keeps
    those very bytes (cardsdb/json_text.py); the request was read from JSON, so it is written
    without the NaN check an admin's edit gets.

    A saved ruling is derived data: its id is the hash of the request, and the same request
    rules and saves it again. So on PostgreSQL its commit need not wait for the disk
    (`synchronous_commit` off for its own transaction only, by `set_config(..., true)` in the
    statement itself): a crash can lose the last moment's rulings, never corrupt anything, and
    the request that saved one still got its answer. That statement binds its values on the
    server (the two documents go as parameters, not quoted into the SQL text), which costs
    less on both sides than psycopg's client-side binding of large text."""
    db = connections[router.db_for_write(SavedRuling)]  # looked up once, not per attribute
    insert, fields = _insert_statement(db)
    postgresql = db.vendor == "postgresql"
    values = [
        ruling_text
        if f.attname == "ruling"
        else text_written(saved.request)
        if f.attname == "request"
        else f.get_db_prep_save(f.pre_save(saved, add=True), db)
        for f in fields
    ]
    with _server_bound_cursor(db) if postgresql else db.cursor() as cursor:
        cursor.execute(insert, values)
        kept = cursor.rowcount == 1
    if kept:
        saved._state.adding = False
    return kept


def _server_bound_cursor(db: Any) -> Any:
    """What `db.cursor()` gives (Django's wrapper: query logging, execute wrappers, its error
    types, the health check), around a psycopg cursor that binds on the server, on the same
    connection and transaction."""
    import psycopg

    db.close_if_health_check_failed()
    db.ensure_connection()
    db.validate_thread_sharing()
    with db.wrap_database_errors:
        raw = psycopg.Cursor(db.connection)
    return db.make_debug_cursor(raw) if db.queries_logged else db.make_cursor(raw)


_statements: dict[tuple[str, str], tuple[str, list[Any]]] = {}

# On PostgreSQL the statement is its own implicit transaction (Django's autocommit), or part of
# the caller's, and `set_config`'s third argument keeps the setting to that transaction, as
# `SET LOCAL` would; the session's setting is untouched (tested).
_SYNC_OFF = "WITH sync_off AS (SELECT set_config('synchronous_commit', 'off', true)) "


def _insert_statement(db: Any) -> tuple[str, list[Any]]:
    """The INSERT's text and its columns' fields, made once per database (it never changes)."""
    found = _statements.get((db.alias, db.vendor))
    if found is None:
        meta = SavedRuling._meta
        fields = list(meta.local_concrete_fields)
        quote = db.ops.quote_name
        columns = ", ".join(quote(f.column) for f in fields)
        placeholders = ", ".join(["%s"] * len(fields))
        conflict = f"ON CONFLICT ({quote(meta.pk.column)}) DO NOTHING"
        if db.vendor == "postgresql":
            insert = (
                f"{_SYNC_OFF}INSERT INTO {quote(meta.db_table)} ({columns}) "
                f"SELECT {placeholders} FROM sync_off {conflict}"
            )
        else:
            insert = (
                f"INSERT INTO {quote(meta.db_table)} ({columns}) VALUES ({placeholders}) {conflict}"
            )
        found = _statements[(db.alias, db.vendor)] = (insert, fields)
    return found


def ruling_make(slug: str, request: dict[str, Any]) -> SavedRuling:
    """Rule on `{state, move}` or `{state, moves: [...]}`; BadInput propagates as a 400."""
    return ruling_make_written(slug, request)[0]


def ruling_make_written(slug: str, request: dict[str, Any]) -> tuple[SavedRuling, bytes]:
    """`ruling_make`, with the ruling's JSON as the API writes it (`renderers.dumps`): for a
    new board, the bytes the row keeps too, written once."""
    text_check_storable(request)
    desk = desk_for(slug)
    state = request.get("state")
    result: Ruling | SequenceRuling
    if "moves" in request:
        moves = request["moves"]
        if not isinstance(moves, list) or not moves or len(moves) > MAX_MOVES:
            raise InvalidMove("moves", f"give a list of 1 to {MAX_MOVES} moves")
        result = desk.engine.rule_sequence_json(state, moves)
        body = result.model_dump(mode="json")
        for one in body["rulings"]:
            one["reference_version"] = desk.game.data_version
        canonical = {"state": state, "moves": moves}
    else:
        result = desk.engine.rule_json(state, request.get("move"))
        body = result.model_dump(mode="json")
        canonical = {"state": state, "move": request.get("move")}
    body["reference_version"] = desk.game.data_version
    body = ruling_links_add(slug, body)
    key = ruling_id(slug, canonical)
    body["id"] = key
    body["game"] = slug
    body["url"] = f"/games/{slug}/rulings/{key}/"
    written = renderers.dumps(body)
    saved = SavedRuling(id=key, game=desk.game, request=canonical, ruling=body)
    if _insert_new(saved, written.decode()):  # a new board: one statement, no look-up first
        return saved, written
    saved = SavedRuling.objects.get(pk=key)  # ruled before (or by a concurrent request)
    if saved.ruling != body:
        # made under older data, or by older code (a reworded answer, a fixed engine): ruled
        # again and kept under the same id (and its first date), so the same board never gets
        # two answers depending on whether it was asked before
        SavedRuling.objects.filter(pk=key).update(request=canonical, ruling=body)
        saved.request, saved.ruling = canonical, body
        return saved, written
    return saved, renderers.dumps(saved.ruling)


def ruling_get(slug: str, key: str) -> SavedRuling:
    """The saved ruling, marked opened (at most once a day); LinkPruned (410) if `manage.py
    prune` removed it, Http404 if it never was."""
    saved = SavedRuling.objects.select_related("game").filter(pk=key, game__slug=slug).first()
    if saved is None:
        retention.pruned_check("ruling", key)
        raise Http404(f"No ruling {key!r} for {slug}.")
    retention.opened_mark(SavedRuling, saved)
    return saved


def legal_moves_list(slug: str, state: Any) -> list[dict[str, Any]] | None:
    return desk_for(slug).engine.legal_moves_json(state)


def example_request(slug: str) -> dict[str, Any]:
    return desk_for(slug).engine.example()


# ----- tools: every game's declared tools, run one way (games/core/tools.py) -----


def tool_for(slug: str, tool: str) -> tuple[Desk, Tool]:
    desk = desk_for(slug)
    found = desk.engine.tools.get(tool)
    if found is None:
        raise Http404(f"{desk.game.name} has no tool called {tool!r}.")
    return desk, found


def tool_run(slug: str, tool: str, body: dict[str, Any]) -> dict[str, Any]:
    """Run a game's tool on a request body; BadInput propagates as a 400. A tool that answers
    with a ruling gets the data version and its cited rules' links, as any ruling does."""
    from cardsdb.reference import DatabaseCardCatalog

    desk, found = tool_for(slug, tool)
    answer = found.run(body, DatabaseCardCatalog() if found.needs_cards else None)
    if found.answers_ruling:
        answer["reference_version"] = desk.game.data_version
        answer = ruling_links_add(slug, answer)
    if found.permalink:  # kept under a hash of its text (a checked deck's page)
        from cardsdb.decks import deck_keep

        answer = deck_keep(desk.game, found.permalink, answer)
    return answer


def tool_aliases() -> list[tuple[str, str, str]]:
    """(game slug, older path under games/<slug>/, tool slug) for every declared alias."""
    return [
        (slug, alias, tool.slug)
        for slug in sorted(registry)
        for tool in registry[slug].tools.values()
        for alias in tool.aliases
    ]


def _tool_page(slug: str, tool: Any) -> str | None:
    """Where a player uses the tool on the website: its own page, or the page that keeps its
    answers (a deck's paste box); None for a tool served to apps only."""
    if tool.page is not None:
        return reverse("web:game-tool", args=[slug, tool.slug])
    if tool.permalink == "decks":
        return reverse("web:deck-check", args=[slug])
    return None


def tools_listed(slug: str) -> list[dict[str, Any]]:
    """The game's declared tools, each with where it is served (the API and the website)."""
    if slug not in registry:
        return []
    return [
        {
            "slug": tool.slug,
            "title": tool.title,
            "description": tool.description,
            "url": reverse("api:tool", args=[slug, tool.slug]),
            "page": _tool_page(slug, tool),
            "on_ruling_page": tool.on_ruling,
            "needs_cards": tool.needs_cards,
            "deprecated_urls": [f"/api/v1/games/{slug}/{alias}" for alias in tool.aliases],
        }
        for tool in registry[slug].tools.values()
    ]
