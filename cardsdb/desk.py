"""The dispute desk: JSON in, a saved ruling out, through the engine registry.

The desk is the only place the Django side touches the engines' adjudication. It resolves the
game, lets the engine parse and rule, stamps the data version, and stores the ruling under an id
derived from the request (cardsdb/ruling_ids.py), so the same state and move always give the
same permalink. Its neighbours: the rules a ruling cites (cardsdb/citations.py), the text
PostgreSQL cannot keep (cardsdb/storable_text.py), keeping the row (cardsdb/saved_rulings.py),
and the games' tools (cardsdb/tools.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404

from cardsdb import retention
from cardsdb.citations import ruling_links_add
from cardsdb.data_version import PerVersion
from cardsdb.json_bytes import dumps
from cardsdb.models import Game, SavedRuling
from cardsdb.ruling_ids import ruling_id
from cardsdb.saved_rulings import insert_new
from cardsdb.storable_text import text_check_storable
from games import registry
from games.core.errors import InvalidMove
from games.core.rules import GameRules
from games.core.ruling import Ruling, SequenceRuling

MAX_MOVES = 500  # a game log longer than this is not a dispute


@dataclass(frozen=True)
class Desk:
    game: Game
    engine: GameRules


# The game row a ruling is stamped with changes only with the data: read once per version of
# the data and process, not on every request.
_games: PerVersion[str, Game] = PerVersion("desk-games", keys="the game's slug")


def desk_for(slug: str) -> Desk:
    if slug not in registry:
        raise Http404(f"No adjudicator for a game called {slug!r}.")
    game = _games.get(slug, lambda: Game.objects.filter(slug=slug).first())
    if game is None:
        raise Http404(f"The game {slug!r} is not loaded.")
    return Desk(game=game, engine=registry[slug])


def ruling_make(slug: str, request: dict[str, Any]) -> SavedRuling:
    """Rule on `{state, move}` or `{state, moves: [...]}`; BadInput propagates as a 400."""
    return ruling_make_written(slug, request)[0]


def ruling_make_written(slug: str, request: dict[str, Any]) -> tuple[SavedRuling, bytes]:
    """`ruling_make`, with the ruling's JSON as the API writes it (`json_bytes.dumps`): for a
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
    written = dumps(body)
    saved = SavedRuling(id=key, game=desk.game, request=canonical, ruling=body)
    if insert_new(saved, written.decode()):  # a new board: one statement, no look-up first
        return saved, written
    saved = SavedRuling.objects.get(pk=key)  # ruled before (or by a concurrent request)
    if saved.ruling != body:
        # made under older data, or by older code (a reworded answer, a fixed engine): ruled
        # again and kept under the same id (and its first date), so the same board never gets
        # two answers depending on whether it was asked before
        SavedRuling.objects.filter(pk=key).update(request=canonical, ruling=body)
        saved.request, saved.ruling = canonical, body
        return saved, written
    return saved, dumps(saved.ruling)


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
