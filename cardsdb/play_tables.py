"""Tables: a game followed move by move on the server (DESIGN.md, "Tables").

A table keeps the board it started from, the log of legal moves recorded since (each with its
answer and deciding rule) and the board after them. A move is ruled by the game's engine on the
table's board; a legal one is recorded, an illegal one is answered and the board stays. Every
write names the version it was made on and is one conditional UPDATE (`... WHERE version = v`),
so two phones sending a move at once never fork the table: the second gets `StaleVersion`,
naming the version it must catch up with. Idle tables are removed by `prune_idle_tables`.
"""

from __future__ import annotations

import base64
import secrets
from typing import Any

from django.db import transaction
from django.db.models import F
from django.http import Http404
from django.utils import timezone

from cardsdb import desk, retention
from cardsdb.models import PlayTable
from games.core import deciding
from games.core.errors import InvalidMove, InvalidState
from games.core.rules import GameRules
from games.core.ruling import Reason, Ruling

IDLE_DAYS = retention.TABLE_IDLE_DAYS
MAX_LOG = desk.MAX_MOVES  # a table's log is ruled whole as a game log: the desk's bound


class StaleVersion(Exception):
    """A write sent on a version of the table that is no longer the current one."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the table is at version {current}")
        self.current = current


def _new_id() -> str:
    return base64.b32encode(secrets.token_bytes(10)).decode().lower()[:12]


def table_get(key: str) -> PlayTable:
    table = PlayTable.objects.select_related("game").filter(pk=key).first()
    if table is None:
        retention.pruned_check("table", key)  # a table removed for idleness answers 410
        raise Http404(f"No table {key!r}: a table idle for {IDLE_DAYS} days is removed.")
    return table


def opening_board(slug: str, body: Any) -> dict[str, Any]:
    """The board a new table starts from: `{"state": ...}` as a ruling takes it, or the setup
    as the game's opening takes it (the deal, with what is hidden left not described)."""
    engine = desk.desk_for(slug).engine
    if not isinstance(body, dict):
        raise InvalidState("body", "send a JSON object")
    desk.text_check_storable(body)
    if "state" in body:
        return engine.parse_state(body["state"]).model_dump(mode="json")
    if engine.opening is None:
        raise InvalidState("state", "describe the board: this game's tables start from a board")
    board = engine.opening.board(body)
    engine.parse_state(board)  # the deal is a board like any other: checked the same way
    return board


def table_create(slug: str, body: Any) -> PlayTable:
    board = opening_board(slug, body)
    game = desk.desk_for(slug).game
    return PlayTable.objects.create(id=_new_id(), game=game, start=board, board=board, log=[])


def deciding_rule(ruling: Ruling) -> str:
    """The rule that settles the ruling: its `deciding_rule` where the ruling names one, else
    its heaviest reason (games/core/deciding.py), as the ruling page says it."""
    return ruling.deciding_rule or deciding.deciding_rule(ruling.reasons, ruling.voided) or ""


def saved_deciding_rule(ruling: dict[str, Any]) -> str:
    """`deciding_rule` of a saved ruling's JSON (one saved before rulings named it: the
    heaviest of its reasons, as the ruling page falls back)."""
    named = ruling.get("deciding_rule")
    if isinstance(named, str) and named:
        return named
    reasons = [Reason.model_validate(r) for r in ruling.get("reasons", [])]
    voided = [Reason.model_validate(r) for r in ruling.get("voided", [])]
    return deciding.deciding_rule(reasons, voided) or ""


def _entry(engine: GameRules[Any, Any], state: Any, move: Any, ruling: Ruling) -> dict[str, Any]:
    return {
        "move": engine.move_adapter().dump_python(move, mode="json"),
        "answer": ruling.answer,
        "rule": deciding_rule(ruling),
        "by": engine.mover(state, move),
    }


def move_record(key: str, move_data: Any, version: Any) -> tuple[dict[str, Any], PlayTable]:
    """Rule `move_data` on the table's board; a legal move is recorded. Returns the ruling (as
    the API writes it, with its cited rules' links) and the table as it now stands."""
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidMove("version", "give the table's version (a whole number) you saw")
    table = table_get(key)
    if table.version != version:
        raise StaleVersion(table.version)
    slug = table.game.slug
    engine = desk.desk_for(slug).engine
    desk.text_check_storable({"move": move_data})
    state = engine.parse_state(table.board)
    move = engine.parse_move(move_data, state)
    ruling = engine.adjudicate_checked(state, move)
    if ruling.legal:
        if len(table.log) >= MAX_LOG:
            raise InvalidMove("move", f"a table keeps at most {MAX_LOG} moves: start a new one")
        after = engine.apply(state, move).model_dump(mode="json")
        log = [*table.log, _entry(engine, state, move, ruling)]
        _write(table, version, board=after, log=log)
    body = ruling.model_dump(mode="json")
    body["deciding_rule"] = deciding_rule(ruling)
    body["reference_version"] = table.game.data_version
    return desk.ruling_links_add(slug, body), table


def undo(key: str, version: Any) -> PlayTable:
    """Take back the last recorded move: the board is the start with the log but its last
    move replayed (each move was legal, so each is applied again as it was)."""
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidMove("version", "give the table's version (a whole number) you saw")
    table = table_get(key)
    if table.version != version:
        raise StaleVersion(table.version)
    if not table.log:
        raise InvalidMove("log", "no move has been recorded at this table yet")
    engine = desk.desk_for(table.game.slug).engine
    state = engine.parse_state(table.start)
    log = table.log[:-1]
    for index, entry in enumerate(log):
        state = engine.apply(state, engine.parse_move(entry["move"], state, f"log.{index}"))
    _write(table, version, board=state.model_dump(mode="json"), log=log)
    return table


def _write(table: PlayTable, version: int, *, board: Any, log: list[Any]) -> None:
    """One conditional UPDATE on the version the write was made on: on SQLite and PostgreSQL
    alike it either finds that version and moves it on, or changes nothing (another write came
    first: `StaleVersion` with the version that write left)."""
    now = timezone.now()
    with transaction.atomic():
        written = PlayTable.objects.filter(pk=table.pk, version=version).update(
            board=board, log=log, version=F("version") + 1, updated=now
        )
        if not written:
            current = PlayTable.objects.filter(pk=table.pk).values_list("version", flat=True)
            raise StaleVersion(current.first() or version)
    table.board, table.log, table.version, table.updated = board, log, version + 1, now


def log_ruled(table: PlayTable) -> dict[str, Any]:
    """The table's whole log ruled as a game log by the engine: every move, who won."""
    slug = table.game.slug
    engine = desk.desk_for(slug).engine
    moves = [entry["move"] for entry in table.log]
    if not moves:
        result = engine.game_result(engine.parse_state(table.start))
        return {
            "verdict": "legal",
            "answer": "No move has been recorded yet.",
            "rulings": [],
            "game_over": result.over,
            "winner": result.winner,
            "result": result.result,
            "final_state": table.start,
        }
    ruled = engine.rule_sequence_json(table.start, moves).model_dump(mode="json")
    ruled["reference_version"] = table.game.data_version
    return desk.ruling_links_add(slug, ruled)


def whose_turn(state: Any) -> str | None:
    """The player to move, where the board names one (a `turn`)."""
    turn = getattr(state, "turn", None)
    return turn if isinstance(turn, str) else None


def table_json(table: PlayTable) -> dict[str, Any]:
    """The table as the API answers it."""
    engine = desk.desk_for(table.game.slug).engine
    state = engine.parse_state(table.board)
    end = engine.game_result(state)
    return {
        "id": table.id,
        "game": table.game.slug,
        "url": table.get_absolute_url(),
        "board": table.board,
        "turn": whose_turn(state),
        "over": end.over,
        "winner": end.winner,
        "result": end.result,
        "log": table.log,
        "version": table.version,
    }


def prune_idle_tables(days: int = IDLE_DAYS, batch: int = 500) -> int:
    """Remove the tables nobody has moved on for `days` days, `batch` at a time, remembering
    their ids (their links answer 410); the count. `manage.py prune` runs it nightly."""
    return retention.prune_tables(days, batch)
