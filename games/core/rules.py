"""The contract every engine keeps (see DESIGN.md, "Adjudication").

An engine subclasses `GameRules`, declares its `State` and `Move` pydantic types, the reasons it
can give (each bound to one rule key), and implements `adjudicate` and `apply`. Parsing, the
sequence fold and error translation live here, once, for every game.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, get_args

import orjson
from pydantic import BaseModel, TypeAdapter, ValidationError

from games.core import deciding
from games.core.errors import BadInput, InvalidMove, InvalidState
from games.core.findings import Findings, compose
from games.core.readings import ReadingTurn, consulted_while, turning_readings
from games.core.ruling import GameResult, Reason, Ruling, SequenceRuling, Verdict
from games.core.words import because, count

if TYPE_CHECKING:
    from games.core.openings import Opening
    from games.core.pictures import BoardPicture
    from games.core.tools import Tool

StateT = TypeVar("StateT", bound=BaseModel)
MoveT = TypeVar("MoveT")


class IllegalMove(ValueError):
    """Raised by `apply` when asked to make a move that `adjudicate` rules illegal."""

    def __init__(self, ruling: Ruling) -> None:
        super().__init__(ruling.summary)
        self.ruling = ruling


class TooManyMoves(Exception):
    """Raised by `legal_moves` when the move space is finite but too large to list."""


class ReasonCatalog:
    """Every reason an engine can give, code -> rule number, declared in one place.

    Because the catalog is data, a test can walk every rule key an engine may cite and fail if
    one is missing from the fixtures. The catalog also names the module of the game package
    that rules on each reason (`rules_in`, `module`), so a reason's code leads to its code in one
    step: `games.higher_lower.reasons.REASONS.module("not-higher")` is
    `"games.higher_lower.plays"`.
    """

    def __init__(self, game: str, entries: Mapping[str, str]) -> None:
        self.game = game
        self._numbers = dict(entries)
        # Every ruling cites a few: built once, not as an f-string per reason.
        self._keys = {code: f"{game}:{number}" for code, number in self._numbers.items()}
        self._modules: dict[str, str] = {}
        self._weights: dict[str, int] = {}
        deciding.register(game, self.weight)

    def decide(self, first: Iterable[str] = (), general: Iterable[str] = ()) -> None:
        """Declare which codes can decide a ruling (games/core/deciding.py): the codes `first`
        decide over every other, the earlier over the later (the specific rule a player
        doubts: a star button, an automatic call, a game won); the `general` codes (the turn
        passes on, the price is paid) never decide beside another reason; the rest are plain.
        """
        first = list(first)
        for code in [*first, *general]:
            if code not in self._numbers:
                raise KeyError(f"{code!r} is not in the {self.game} catalog")
        for code in general:
            self._weights[code] = deciding.GENERAL
        for index, code in enumerate(first):
            self._weights[code] = deciding.FIRST + len(first) - index
        deciding.register(self.game, self.weight)  # the weights weighed so far are stale

    def weight(self, code: str) -> int:
        """How strongly a reason of `code` decides (games/core/deciding.py)."""
        return self._weights.get(code, deciding.PLAIN)

    def can_decide(self, code: str) -> bool:
        """Whether a reason of `code` can be the deciding one (not a `general` code)."""
        return self.weight(code) != deciding.GENERAL

    def __contains__(self, code: str) -> bool:
        return code in self._numbers

    def key(self, code: str) -> str:
        return self._keys[code]

    def interpretation(self, slug: str) -> str:
        """The key of one of the game's reference rulings (its clarifications), which a ruling
        lists among its interpretations: `game:slug`, beside the rule keys `game:number`."""
        return f"{self.game}:{slug}"

    def reason(self, code: str, detail: str) -> Reason:
        return Reason.bound(code, self._keys[code], detail)

    def codes(self) -> list[str]:
        return list(self._numbers)

    def rule_keys(self) -> set[str]:
        return {self.key(code) for code in self._numbers}

    def rules_in(self, modules: Mapping[str, Iterable[str]]) -> None:
        """Declare, module name (inside the game's package) -> the codes it rules on."""
        for module, codes in modules.items():
            for code in codes:
                if code not in self._numbers:
                    raise KeyError(f"{module} rules on {code!r}, which is not in the catalog")
                if code in self._modules:
                    raise KeyError(f"{code!r} is ruled in two modules")
                self._modules[code] = module

    def module(self, code: str) -> str:
        """The dotted module that rules on `code`, e.g. `games.super_hazard_quest.ledger`."""
        return f"games.{self.game.replace('-', '_')}.{self._modules[code]}"

    def modules(self) -> dict[str, str]:
        """code -> the dotted module that rules on it, for every code declared so."""
        return {code: self.module(code) for code in self._modules}

    def codes_of_key(self, key: str) -> list[str]:
        """The codes that cite the rule `key` (a rule may be cited for several reasons)."""
        return [code for code in self._numbers if self.key(code) == key]


@dataclass(frozen=True)
class Question:
    """A common dispute offered on the website as a form a player fills in without JSON.

    `form` is a flat pydantic model (str, int, bool, enum/Literal and lists of those) that the
    website renders as inputs; `build` turns a filled-in form into the `(state, move)` JSON.
    `hand_over` names a tool of the game (its slug) whose own page answers the question
    better (a whole deck pasted at once, not typed card by card); the website links that
    page beside the form with the words `hand_over_words`.
    """

    slug: str
    title: str
    form: type[BaseModel]
    build: Callable[[Any], tuple[dict[str, Any], dict[str, Any]]]
    help: str = ""  # one line: when to use this question
    moment: str = ""  # the moment of play it belongs to, in players' words ("On your turn")
    hand_over: str = ""
    hand_over_words: str = ""
    # The form's values for a board in play (a table's, as JSON): what the board says, for
    # the fields it answers; the rest keep their defaults. None: the form starts as it is.
    from_board: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    # The player's facts (a card in hand, how many play, the last card laid): the form opens
    # with them empty, to be said, where no table's board says them. The form model's
    # defaults stay a worked example (the API's, the tests'); what the rules fix (the box's
    # counts, a variant's numbers) keeps its default.
    blank: tuple[str, ...] = ()

    def opening_values(self, board: dict[str, Any] | None = None) -> dict[str, Any]:
        """The values the website's form opens with: the player's facts empty, and at a table
        what its board says (`from_board`) in their place."""
        values: dict[str, Any] = dict.fromkeys(self.blank, "")
        if board is not None and self.from_board is not None:
            values |= self.from_board(board)
        return values


@dataclass(frozen=True)
class MoveForm:
    """A move a table offers as a short form, where what the move says is the players' to
    tell (the face of a card just turned up), so it cannot be a button: `form` is a flat
    pydantic model the website renders as a question's form; `build` turns it, filled in, into
    the move's JSON, which is ruled and recorded like any move."""

    slug: str
    title: str
    form: type[BaseModel]
    build: Callable[[Any], dict[str, Any]]
    help: str = ""


OptionT = TypeVar("OptionT", bound=str)


def labelled(options: Mapping[OptionT, str], **extra: Any) -> dict[str, Any]:
    """A question field's `json_schema_extra`: the words of its options (value -> label), and
    any widget hint, for the website's forms. The values may be any strings, a `Literal`'s
    among them (a mapping's key type is invariant, so a bare `Mapping[str, str]` takes none)."""
    return {"options": dict(options), **extra}


def _path(loc: Iterable[Any]) -> str:
    return ".".join(str(part) for part in loc)


# What json.dumps refuses (a dataclass, a date), orjson is not to write either.
_ORJSON_PLAIN = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def _refuse(value: Any) -> Any:
    raise TypeError(type(value).__name__)


def strict_json(error: type[BadInput], field: str, data: Any) -> str:
    """States and moves are read as the JSON they arrive as, strictly: what the JSON Schema in
    the API documents is what is accepted (`false` is not a cost of 0, `"3"` is not a run)."""
    try:
        written = orjson.dumps(data, default=_refuse, option=_ORJSON_PLAIN)
    except (TypeError, orjson.JSONEncodeError):  # beyond 64 bits, a non-text key, a surrogate
        written = None
    # orjson writes NaN and infinities as null, which would read as "not given": json.dumps,
    # as before, decides whenever a null is written (rarely: boards seldom hold one).
    if written is not None and b"null" not in written:
        return written.decode()
    try:
        return json.dumps(data, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise error(field, "give plain JSON: objects, arrays, strings, finite numbers") from None


def first_error(prefix: str, exc: ValidationError) -> tuple[str, str]:
    err = exc.errors(include_url=False)[0]
    loc = [prefix, *err["loc"]]
    return _path(loc), err["msg"]


BodyT = TypeVar("BodyT", bound=BaseModel)


def read_body(model: type[BodyT], data: Any) -> BodyT:
    """A tool's request body read as strictly as a state or a move, into its model: BadInput
    (a 400) naming the field that does not fit."""
    if not isinstance(data, dict):
        raise InvalidState("body", "send a JSON object")
    try:
        return model.model_validate_json(strict_json(InvalidState, "body", data), strict=True)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        raise InvalidState(_path(err["loc"]) or "body", err["msg"]) from None


class GameRules(ABC, Generic[StateT, MoveT]):
    slug: ClassVar[str]
    # The board state model: the first type argument, `class MyRules(GameRules[State, Move])`
    # (so that `State` in the engine's annotations stays the model, not a class attribute).
    State: ClassVar[type[BaseModel]]
    Move: ClassVar[Any]  # a pydantic model, or an Annotated union with a discriminator
    reasons: ClassVar[ReasonCatalog]
    # Keys of the reference rulings (clarifications) this engine may rest a ruling on.
    interpretations: ClassVar[frozenset[str]] = frozenset()
    questions: ClassVar[tuple[Question, ...]] = ()
    # slug -> Tool (games/core/tools.py): declared in the game's `tools.py` as TOOLS, which the
    # registry puts here, or on the class itself.
    tools: Mapping[str, Tool] = MappingProxyType({})
    # How the website draws the board (games/core/pictures.py): the game's `picture.py`
    # PICTURE, put here by the registry, or declared on the class; None: the generic drawing.
    picture: BoardPicture | None = None
    # How a table starts from a setup (games/core/openings.py): the game's `opening.py`
    # OPENING, put here by the registry; None: a table starts from a described board.
    opening: Opening | None = None

    _move_adapter: ClassVar[TypeAdapter[Any] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "State" in cls.__dict__:
            return
        for base in cls.__dict__.get("__orig_bases__", ()):
            args = get_args(base)
            if args and isinstance(args[0], type) and issubclass(args[0], BaseModel):
                cls.State = args[0]
                return

    # ----- parsing: JSON in, typed objects out, or BadInput naming the field -----

    @classmethod
    def move_adapter(cls) -> TypeAdapter[Any]:
        if cls.__dict__.get("_move_adapter") is None:
            cls._move_adapter = TypeAdapter(cls.Move)
        return cls._move_adapter  # type: ignore[return-value]

    def parse_state(self, data: Any) -> StateT:
        try:
            state = self.State.model_validate_json(
                strict_json(InvalidState, "state", data), strict=True
            )
        except ValidationError as exc:
            raise InvalidState(*first_error("state", exc)) from None
        self.check_state(state)  # type: ignore[arg-type]
        return state  # type: ignore[return-value]

    def parse_move(self, data: Any, state: StateT, field: str = "move") -> MoveT:
        try:
            move: MoveT = self.move_adapter().validate_json(
                strict_json(InvalidMove, field, data), strict=True
            )
        except ValidationError as exc:
            raise InvalidMove(*first_error(field, exc)) from None
        self.check_move(state, move, field)
        return move

    def check_state(self, state: StateT) -> None:
        """Refuse (InvalidState) a state that cannot exist: checks across fields."""

    def check_move(self, state: StateT, move: MoveT, field: str) -> None:
        """Refuse (InvalidMove) a move that names what the state does not hold."""

    # ----- the engine proper -----

    @abstractmethod
    def adjudicate(self, state: StateT, move: MoveT) -> Ruling:
        """Rule on `move` in `state`, with no side effects."""

    def adjudicate_checked(self, state: StateT, move: MoveT) -> Ruling:
        """`adjudicate` for a state that `check_state` and a move that `check_move` (for this
        state) have just passed, as `parse_state` and `parse_move` leave them. An engine whose
        `adjudicate` checks them again, for callers from code, rules here without doing so:
        the ruling is the same, the checks being pure functions of the state and the move."""
        return self.adjudicate(state, move)

    @abstractmethod
    def apply(self, state: StateT, move: MoveT) -> StateT:
        """The state after `move`; raises IllegalMove when the move is not legal."""

    def legal_moves(self, state: StateT) -> Iterable[MoveT] | None:
        """Every legal move in `state`, where the move space is finite; None where it is not.
        Raise TooManyMoves where it is finite but too large to list."""
        return None

    def offered_moves(self, state: StateT) -> Iterable[MoveT] | None:
        """The moves a table offers as one tap ("What can I do now?"): every legal move where
        the game lists them; a game whose moves are not finite may offer those that need
        nothing the board does not say (each is still ruled before it is shown)."""
        return self.legal_moves(state)

    def move_forms(self, state: StateT) -> list[MoveForm]:
        """The moves a table offers as a short form on this board (see `MoveForm`)."""
        return []

    def game_result(self, state: StateT) -> GameResult:
        """Whether the game is over in `state` and who won, for ruling a whole log."""
        return GameResult()

    def mover(self, state: StateT, move: MoveT) -> str | None:
        """Who makes `move` in `state`, in players' words, where the game has several."""
        return None

    def example(self) -> dict[str, Any]:
        """A worked example `{"state": ..., "move": ...}` for the docs and the JSON box."""
        raise NotImplementedError

    # ----- shared helpers for engines -----

    def legal(
        self,
        summary: str,
        reasons: list[Reason],
        next_state: StateT,
        interpretations: Iterable[str] = (),
        notes: Iterable[str] = (),
        *,
        answer: str = "",
        voided: Iterable[Reason] = (),
    ) -> Ruling:
        return compose(
            Findings(
                True,
                summary,
                reasons,
                next_state,
                list(interpretations),
                list(notes),
                answer=answer,
                voided=list(voided),
            )
        )

    def illegal(
        self,
        summary: str,
        reasons: list[Reason],
        interpretations: Iterable[str] = (),
        notes: Iterable[str] = (),
        *,
        answer: str = "",
    ) -> Ruling:
        return compose(
            Findings(False, summary, reasons, None, list(interpretations), list(notes), answer)
        )

    # ----- JSON in, ruling out: what the desk calls -----

    def rule_json(self, state_data: Any, move_data: Any) -> Ruling:
        state = self.parse_state(state_data)
        move = self.parse_move(move_data, state)
        return self.settle(state, move, checked=True)

    def settle(self, state: StateT, move: MoveT, *, checked: bool = False) -> Ruling:
        """`adjudicate`, with the readings the answer turns on found (`readings_deciding`):
        ruled again under the other reading of each open point the engine consulted."""
        judge = self.adjudicate_checked if checked else self.adjudicate
        ruling, keys = consulted_while(lambda: judge(state, move))
        if keys:
            ruling.readings_deciding = self.turning(lambda: judge(state, move), ruling, keys)
        return ruling

    @staticmethod
    def turning(work: Callable[[], Ruling], ruling: Ruling, keys: list[str]) -> list[ReadingTurn]:
        """The readings among `keys` that `ruling` turns on (`work` rules it again)."""

        def differs(other: Ruling) -> tuple[str, str] | None:
            same = (
                other.verdict == ruling.verdict
                and other.answer == ruling.answer
                and other.next_state == ruling.next_state
            )
            return None if same else (other.verdict.value, other.answer)

        return turning_readings(work, keys, differs)

    def rule_sequence_json(self, state_data: Any, moves_data: list[Any]) -> SequenceRuling:
        """A game log is a fold of `apply`: rule each move in turn, stop at the first that
        breaks. Each move is parsed against the state it is played in. A log that reaches the
        end of the game is ruled whole: who won (`game_result`). The readings the log's answer
        turns on are found by ruling the whole log again under the other reading of each open
        point consulted on the way (a reading that changes a board changes every later move);
        the deciding ruling (the move that breaks, else the last move) carries them too."""
        ruled, keys = consulted_while(lambda: self._fold(state_data, moves_data))
        if keys:

            def differs(other: SequenceRuling) -> tuple[str, str] | None:
                same = (
                    other.verdict == ruled.verdict
                    and other.answer == ruled.answer
                    and other.first_illegal == ruled.first_illegal
                    and other.winner == ruled.winner
                )
                return None if same else (other.verdict.value, other.answer)

            ruled.readings_deciding = turning_readings(
                lambda: self._fold(state_data, moves_data), keys, differs
            )
            if ruled.rulings:
                # The deciding ruling carries them too: the move that breaks, or, in a log
                # whose every move is legal, its last move (the one that ends the game, or the
                # one whose deciding rule is the log's). A reading consulted at an earlier move
                # turns the log's answer through the board it leaves, so it is the log's.
                ruled.rulings[-1].readings_deciding = list(ruled.readings_deciding)
        return ruled

    def _fold(self, state_data: Any, moves_data: list[Any]) -> SequenceRuling:
        state = self.parse_state(state_data)
        checked = True  # the state parse_state read; those `apply` makes have not been checked
        rulings: list[Ruling] = []
        past: list[tuple[StateT, MoveT]] = []  # each move made, with the state it was made in
        for index, move_data in enumerate(moves_data):
            try:
                move = self.parse_move(move_data, state, field=f"moves.{index}")
                ruling = (
                    self.adjudicate_checked(state, move)
                    if checked
                    else self.adjudicate(state, move)
                )
            except InvalidMove as error:
                move, ruling = self._names_removed(past, state, move_data, index, error)
            rulings.append(ruling)
            if not ruling.legal:
                who = self.mover(state, move)
                spoken = "you" if who is not None and who.casefold() == "you" else who
                by = f", by {spoken}," if spoken else ""
                why = ruling.answer.removeprefix("No: ").removeprefix("No, ")
                return SequenceRuling(
                    verdict=Verdict.ILLEGAL,
                    answer=because(f"No, move {index + 1}{by} breaks the rules", why),
                    deciding_rule=ruling.deciding_rule,
                    summary=f"Move {index + 1} of {len(moves_data)} breaks: {ruling.summary}",
                    rulings=rulings,
                    first_illegal=index,
                    first_illegal_by=who,
                    final_state=state.model_dump(mode="json"),
                )
            past.append((state, move))
            state = self.apply(state, move)
            checked = False
        end = self.game_result(state)
        n = len(moves_data)
        summary = "The move is legal." if n == 1 else f"All {count(n, 'move')} are legal."
        answer = "Yes: the move is legal." if n == 1 else "Yes: every move is legal."
        last = rulings[-1] if rulings else None
        decides = None if last is None else last.deciding_rule
        if end.over:
            # The log ends the game: the answer is how it ended (who won, by which rule),
            # the moves being legal its ground.
            summary += f" {end.result}"
            every = "The move is legal." if n == 1 else "Every move is legal."
            answer = f"{end.result} {every}" if end.result else answer
            decides = deciding.deciding_rule(end.reasons) or decides
        return SequenceRuling(
            verdict=Verdict.LEGAL,
            answer=answer,
            deciding_rule=decides,
            summary=summary,
            rulings=rulings,
            game_over=end.over,
            winner=end.winner,
            result=end.result,
            final_state=state.model_dump(mode="json"),
        )

    def named_removed(
        self, state: StateT, move: MoveT, earlier: StateT, by: MoveT
    ) -> Ruling | None:
        """The ruling on `move`, which names what `earlier` held and the log's move `by`
        (made in `earlier`) took away, so that `state` no longer holds it: an illegal move,
        with the rule that took it away. None: the move stays bad input (a 400)."""
        return None

    def _names_removed(
        self,
        past: list[tuple[StateT, MoveT]],
        state: StateT,
        move_data: Any,
        index: int,
        error: InvalidMove,
    ) -> tuple[MoveT, Ruling]:
        """A move of a log that does not fit its state but fits an earlier one names what a
        move since took away: the game rules it (`named_removed`, asked from the newest
        earlier state back), or `error` stands."""
        for earlier, by in reversed(past):
            try:
                move = self.parse_move(move_data, earlier, field=f"moves.{index}")
            except BadInput:
                continue
            ruling = self.named_removed(state, move, earlier, by)
            if ruling is not None:
                return move, ruling
        raise error

    def legal_moves_json(self, state_data: Any) -> list[dict[str, Any]] | None:
        moves: list[dict[str, Any]] | None = self.legal_moves_listing(state_data)["moves"]
        return moves

    def legal_moves_listing(self, state_data: Any) -> dict[str, Any]:
        """`{moves, listing}`: `listing` is "complete" (every legal move is in `moves`),
        "too-many" (the moves are finite but too many to list) or "not-finite"."""
        state = self.parse_state(state_data)
        try:
            moves = self.legal_moves(state)
        except TooManyMoves:
            return {"moves": None, "listing": "too-many"}
        if moves is None:
            return {"moves": None, "listing": "not-finite"}
        adapter = self.move_adapter()
        return {
            "moves": [adapter.dump_python(m, mode="json") for m in moves],
            "listing": "complete",
        }

    def apply_checked(self, state: StateT, move: MoveT) -> StateT:
        """`apply` for engines that compute the next state inside `adjudicate`."""
        ruling = self.adjudicate(state, move)
        if not ruling.legal or ruling.next_state is None:
            raise IllegalMove(ruling)
        return self.State.model_validate(ruling.next_state)  # type: ignore[return-value]

    def cited_rule_keys(self) -> set[str]:
        return self.reasons.rule_keys()


__all__ = [
    "BadInput",
    "GameRules",
    "IllegalMove",
    "InvalidMove",
    "InvalidState",
    "Question",
    "ReasonCatalog",
    "TooManyMoves",
    "field",
    "labelled",
    "read_body",
    "strict_json",
]
