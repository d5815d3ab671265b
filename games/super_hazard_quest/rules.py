"""The Super Hazard Quest engine: rules on every move through the dungeon, each reason cited."""

from __future__ import annotations

from typing import Any, ClassVar

from games.core import GameRules, InvalidMove, InvalidState, Ruling
from games.super_hazard_quest import short_moves
from games.super_hazard_quest.moves import (
    Battle,
    DiscardTurn,
    HeroBattleTurn,
    Move,
    Setup,
    SpecialItemTurn,
    StandardTurn,
    Trade,
    TrapDoor,
)
from games.super_hazard_quest.questions import QUESTIONS
from games.super_hazard_quest.reasons import INTERPRETATIONS, REASONS, SLUG
from games.super_hazard_quest.standard_turn import TurnResult, TurnWalk
from games.super_hazard_quest.state import (
    BOX_DUNGEON_CARDS,
    BOX_ITEMS,
    COMBAT_ACTIONS,
    DIRECTION_ACTIONS,
    INHERENT,
    State,
)
from games.super_hazard_quest.transitions import Breach


def _summary(move: Any, result: TurnResult) -> str:
    state = result.state
    if result.outcome == "won":
        return f"Legal, and {move.player} wins: the Scrambler is defeated."
    if isinstance(move, TrapDoor):
        if result.outcome == "wounded":
            return (
                f"Legal: {move.target}'s hero hits the Dead End and loses its crystals to nobody."
            )
        return f"Legal: the Trap Door moves {move.target}'s hero."
    if result.outcome == "wounded":
        hero = state.hero(move.player)
        assert hero is not None
        return (
            f"Legal, but the hero is wounded: it goes back to ({hero.x}, {hero.y}) "
            "and loses all its crystals."
        )
    if isinstance(move, Setup):
        return f"{state.turn} goes first; every hero starts on the Starting Card."
    if isinstance(move, DiscardTurn):
        return "Legal: a Discard Turn, nothing else happens this turn."
    if isinstance(move, Trade):
        return "Legal: the trade is the whole turn."
    hero = state.hero(move.player)
    assert hero is not None
    return f"Legal: the turn ends on the Checkpoint at ({hero.x}, {hero.y})."


class SuperHazardQuestRules(GameRules[State, Any]):
    slug = SLUG
    Move = Move
    reasons = REASONS
    interpretations: ClassVar[frozenset[str]] = INTERPRETATIONS
    questions = QUESTIONS

    # ----- bad input: states that cannot exist, moves that name what is not there

    def check_state(self, state: State) -> None:
        _check_dungeon(state)
        _check_heroes(state)

    def check_move(self, state: State, move: Any, field: str) -> None:
        if isinstance(move, Setup):
            return
        for name, value in (("player", move.player),):
            if state.hero(value) is None:
                raise InvalidMove(f"{field}.{name}", f"no player {value!r} in this game")
        if not state.dungeon:
            raise InvalidMove(
                f"{field}.kind", "the game is not set up yet: rule on the setup first"
            )

    # ----- the ruling

    def adjudicate(self, state: State, move: Any) -> Ruling:
        try:
            result = self._play(state, move)
        except Breach as breach:
            reason = self.reasons.reason(breach.code, breach.detail)
            return self.illegal(
                f"Not allowed: {breach.detail} ({reason.rule}).",
                [reason],
                interpretations=breach.interps,
            )
        reasons = [self.reasons.reason(code, detail) for code, detail in result.reasons]
        notes = list(result.notes)
        if any(h.unseen for h in result.state.heroes):
            notes.append("Cards held but not given are counted as unseen.")
        return self.legal(
            _summary(move, result),
            reasons,
            result.state,
            interpretations=sorted(set(result.interps)),
            notes=notes,
        )

    def _play(self, state: State, move: Any) -> TurnResult:
        if isinstance(move, Setup):
            return short_moves.setup(state, move, "move")
        if state.winner is not None:
            raise Breach("game-over", f"{state.winner} has already won")
        if move.player != state.turn:
            raise Breach("not-your-turn", f"it is {state.turn}'s turn, not {move.player}'s")
        if isinstance(move, StandardTurn):
            return TurnWalk(state, move, "move").run()
        if isinstance(move, SpecialItemTurn):
            turn = StandardTurn(
                kind="standard-turn", player=move.player, special=move.item, leap=move.leap
            )
            return TurnWalk(state, turn, "move").run()
        if isinstance(move, HeroBattleTurn):
            battle = Battle(kind="battle", opponent=move.opponent, requests=move.requests)
            turn = StandardTurn(kind="standard-turn", player=move.player, path=[battle])
            return TurnWalk(state, turn, "move").run()
        if isinstance(move, DiscardTurn):
            return short_moves.discard_turn(state, move, "move")
        if isinstance(move, Trade):
            return short_moves.trade(state, move, "move")
        return short_moves.trap_door(state, move, "move")

    def apply(self, state: State, move: Any) -> State:
        return self.apply_checked(state, move)

    def legal_moves(self, state: State) -> None:
        # Paths carry the faces of the cards they draw: the move space is not finite.
        # `pathfinder.reachable` lists the Standard Turns onto placed cards instead.
        return None

    def example(self) -> dict[str, Any]:
        return {"state": EXAMPLE_STATE, "move": EXAMPLE_MOVE}


def _check_dungeon(state: State) -> None:
    cells: set[tuple[int, int]] = set()
    colours: set[str] = set()
    for k, room in enumerate(state.dungeon):
        at = f"state.dungeon.{k}"
        if (room.x, room.y) in cells:
            raise InvalidState(at, f"two Dungeon Cards at ({room.x}, {room.y})")
        cells.add((room.x, room.y))
        for side, action in room.exits.items():
            if action not in DIRECTION_ACTIONS:
                raise InvalidState(f"{at}.exits.{side}", "an exit holds a direction hazard")
        for name in ("left_space", "right_space"):
            action = getattr(room, name)
            if action is not None and action not in COMBAT_ACTIONS:
                raise InvalidState(f"{at}.{name}", "a combat hazard space holds a combat hazard")
        if room.scrambler:
            if room.scrambler in colours:
                raise InvalidState(f"{at}.scrambler", f"only one {room.scrambler} Scrambler exists")
            colours.add(room.scrambler)
    if len(state.dungeon) + state.dungeon_deck > BOX_DUNGEON_CARDS:
        raise InvalidState("state.dungeon_deck", "more Dungeon Cards than the box holds (26)")


def _check_heroes(state: State) -> None:
    names = [h.player for h in state.heroes]
    set_up = bool(state.dungeon)
    grid = {(r.x, r.y): r for r in state.dungeon}
    inherent_seen: set[str] = set()
    ids: set[str] = set()
    for k, hero in enumerate(state.heroes):
        at = f"state.heroes.{k}"
        if names.count(hero.player) > 1:
            raise InvalidState(f"{at}.player", f"player {hero.player!r} appears twice")
        if hero.inherent in inherent_seen:
            raise InvalidState(f"{at}.inherent", "each hero has its own Inherent Action")
        inherent_seen.add(hero.inherent)
        for j, item in enumerate(hero.hand):
            if item.id in ids or item.id == INHERENT:
                raise InvalidState(f"{at}.hand.{j}.id", f"item id {item.id!r} is not unique")
            ids.add(item.id)
        if not set_up:
            if hero.x is not None or hero.y is not None or hero.held() or hero.crystals.total():
                raise InvalidState(at, "before setup a hero is not placed and holds nothing")
            continue
        if hero.x is None or hero.y is None:
            raise InvalidState(f"{at}.x", "every hero stands on the dungeon once it is set up")
        room = grid.get((hero.x, hero.y))
        won_here = room is not None and room.scrambler is not None and state.winner == hero.player
        if (room is None or not room.checkpoint) and not won_here:
            raise InvalidState(
                f"{at}.x",
                "between turns a hero waits on a Checkpoint (only the winner stands on the "
                "Scrambler it defeated)",
            )
    held = sum(h.held() for h in state.heroes)
    if held + state.item_deck + state.discard > BOX_ITEMS:
        raise InvalidState("state.item_deck", "more Item Cards than the box holds (54)")
    if not set_up:
        if state.turn is not None or state.winner is not None:
            raise InvalidState("state.turn", "nobody has a turn before setup")
        return
    if state.turn not in names:
        raise InvalidState("state.turn", f"no player {state.turn!r} in this game")
    if state.winner is not None and state.winner not in names:
        raise InvalidState("state.winner", f"no player {state.winner!r} in this game")


EXAMPLE_STATE: dict[str, Any] = {
    "dungeon": [
        {"x": 0, "y": 0, "stage": 2, "exits": {"right": "unlock"}, "left_space": "attack"},
        {"x": 1, "y": 0, "exits": {"left": "lift"}, "right_space": "hide"},
    ],
    "heroes": [
        {
            "player": "Ana",
            "inherent": "unlock",
            "x": 0,
            "y": 0,
            "hand": [
                {"kind": "dual-action", "id": "a", "actions": ["attack", "hide"]},
                {"kind": "super", "id": "b", "action": "climb"},
            ],
            "unseen": 3,
        },
        {"player": "Ben", "inherent": "dig", "x": 0, "y": 0, "unseen": 5},
    ],
    "turn": "Ana",
    "dungeon_deck": 24,
    "item_deck": 44,
}
EXAMPLE_MOVE: dict[str, Any] = {
    "kind": "standard-turn",
    "player": "Ana",
    "path": [
        {"kind": "go", "dir": "right", "using": "a"},
        {"kind": "go", "dir": "right"},
        {"kind": "go", "dir": "right"},
        {"kind": "go", "dir": "right"},
        {"kind": "go", "dir": "right", "using": "inherent"},
    ],
}

RULES = SuperHazardQuestRules()
