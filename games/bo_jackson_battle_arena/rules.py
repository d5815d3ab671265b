"""The Bo Jackson Battle Arena adjudicator: battles in all three modes, and deck checks."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from games.bo_jackson_battle_arena import battle, table_forms
from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.deck import FORMATS, DeckList, check_deck
from games.bo_jackson_battle_arena.moves import (
    CheckDeck,
    CheckSetup,
    KeepHero,
    Move,
    Pass,
    ResolveBattle,
    RevealHeroes,
    RunPlay,
    Substitute,
    SuddenDeath,
)
from games.bo_jackson_battle_arena.questions import QUESTIONS
from games.bo_jackson_battle_arena.reveal import rule_reveal
from games.bo_jackson_battle_arena.state import (
    _MODE_FIELDS,
    BattleState,
    State,
    check_battle_counts,
    check_battle_state,
    check_deck_state,
    needed,
    who,
    whole,
)
from games.core import GameRules, InvalidMove, InvalidState, Ruling
from games.core.findings import Findings, compose, found_illegal
from games.core.names import fold
from games.core.rules import MoveForm, strict_json
from games.core.ruling import GameResult, SequenceRuling, Verdict
from games.core.words import cap, says, subject, yes_no

# A part of an error path that names a field or an index (not a union's tag or branch).
_FIELD_PART = re.compile(r"[a-z_][a-z0-9_]*|[0-9]+")

_RULERS: dict[type[Any], Callable[[BattleState, Any], Findings]] = {
    Substitute: battle.rule_substitute,
    KeepHero: battle.rule_keep_hero,
    RunPlay: battle.rule_run_play,
    Pass: battle.rule_pass,
    RevealHeroes: rule_reveal,
    ResolveBattle: battle.rule_resolve,
    SuddenDeath: battle.rule_sudden_death,
    CheckSetup: battle.rule_check_setup,
}


class BoJacksonBattleArenaRules(GameRules[State, Any]):
    slug = R.SLUG
    Move = Move
    reasons = R.REASONS
    interpretations = R.INTERPRETATIONS
    questions = QUESTIONS

    # ----- parsing -----

    def parse_state(self, data: Any) -> State:
        # The state is a tagged union; drop the tag from error paths so they read
        # `state.players.0.trophies`, not `state.battle.players.0.trophies`.
        try:
            state = State.model_validate_json(strict_json(InvalidState, "state", data), strict=True)
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            loc = [str(part) for part in err["loc"]]
            if err["type"] not in ("union_tag_invalid", "union_tag_not_found") and loc:
                loc = loc[1:]
            raise InvalidState(".".join(["state", *loc]), err["msg"]) from None
        self.check_state(state)
        return state

    def parse_move(self, data: Any, state: State, field: str = "move") -> Any:
        # The move is a tagged union: drop the tag, and the names pydantic gives the branches
        # of a field's own union, from error paths, so they read `move.heroes`, not
        # `move.reveal-heroes.heroes`, and `move.claim`, not `move.resolve-battle.claim.
        # constrained-int` (the fields a player sends are snake_case).
        try:
            move = self.move_adapter().validate_json(
                strict_json(InvalidMove, field, data), strict=True
            )
        except ValidationError as exc:
            err = exc.errors(include_url=False)[0]
            loc = [str(part) for part in err["loc"]]
            if err["type"] not in ("union_tag_invalid", "union_tag_not_found") and loc:
                loc = [part for part in loc[1:] if _FIELD_PART.fullmatch(part)]
            raise InvalidMove(".".join([field, *loc]), err["msg"]) from None
        self.check_move(state, move, field)
        return move

    def check_state(self, state: State) -> None:
        inner = state.root
        if isinstance(inner, DeckList):
            check_deck_state(inner)
        else:
            check_battle_state(inner)

    def check_move(self, state: State, move: Any, field: str) -> None:
        inner = state.root
        if isinstance(move, CheckDeck) != isinstance(inner, DeckList):
            wanted = (
                'a deck state (kind "deck")' if isinstance(move, CheckDeck) else "a battle state"
            )
            raise InvalidMove(f"{field}.kind", f"a {move.kind} move needs {wanted}")
        if isinstance(move, CheckDeck):
            if move.format not in FORMATS:
                raise InvalidMove(f"{field}.format", f"unknown format; one of {', '.join(FORMATS)}")
            return
        assert isinstance(inner, BattleState)
        if not isinstance(move, CheckSetup):  # the setup check rules on these counts
            check_battle_counts(inner)
        self._check_battle_move(inner, move, field)

    def _check_battle_move(self, state: BattleState, move: Any, field: str) -> None:
        if isinstance(move, Substitute) and state.mode != "rookie":
            p = state.players[move.player]
            needed(
                p.bench,
                f"state.players.{move.player}.bench",
                "a substitution brings in a Hero from the Bench",
            )
            heroes = [*p.zones, *(p.hero_deck or []), *(p.set_aside or []), *(p.bench or [])]
            wanted = fold(move.hero)
            if not any(fold(h.id) == wanted for h in heroes):
                # Not given is not absent: the Hero may be among the cards not described.
                whole(p, move.player, "bench", "the Hero brought in is not among those given")
                raise InvalidMove(
                    f"{field}.hero",
                    f"{says(who(state, move.player), 'has', 'have', True)} no such Hero: "
                    "the Hero brought in is not among the Heroes given",
                )
        if isinstance(move, RunPlay) and state.mode == "playmaker":
            p = state.players[move.player]
            plays = [*(p.hand or []), *(p.playbook or []), *(p.plays_used or [])]
            wanted = fold(move.play)
            card = next((c for c in plays if fold(c.id) == wanted), None)
            if card is None:
                whole(p, move.player, "hand", "the Play run is not among those given")
                raise InvalidMove(
                    f"{field}.play",
                    f"{says(who(state, move.player), 'has', 'have', True)} no such Play: "
                    "the Play run is not among the Plays given",
                )
            if card.cost is None and move.hot_dogs is None:
                raise InvalidMove(
                    f"{field}.hot_dogs",
                    "the Play's cost is unknown: say how many Hot Dogs were paid",
                )
        if isinstance(move, CheckSetup):
            for i, p in enumerate(state.players):
                for pile in _MODE_FIELDS[state.mode]:
                    if pile == "playbook":
                        # like the Hero Deck, counted only where given whole (a setup check
                        # states no number it was not given)
                        continue
                    needed(getattr(p, pile), f"state.players.{i}.{pile}", "the setup counts it")
                for counted in ("bench", "hand", "plays_used"):
                    if counted in _MODE_FIELDS[state.mode]:
                        whole(p, i, counted, "the setup counts it")
        if isinstance(move, SuddenDeath) and state.phase == "sudden-death":
            for i, p in enumerate(state.players):
                needed(
                    p.hero_deck,
                    f"state.players.{i}.hero_deck",
                    "Sudden Death reveals the top card of the Hero Deck",
                )
                if not p.hero_deck:
                    whole(p, i, "hero_deck", "Sudden Death reveals its top card")
                    raise InvalidMove(
                        f"state.players.{i}.hero_deck",
                        "Sudden Death reveals the top card of the Hero Deck, and it is empty",
                    )

    # ----- ruling -----

    def adjudicate(self, state: State, move: Any) -> Ruling:
        inner = state.root
        if isinstance(move, CheckDeck):
            assert isinstance(inner, DeckList)
            return check_deck(inner, move.format)
        assert isinstance(inner, BattleState)
        return compose(self.judge(inner, move))

    def judge(self, inner: BattleState, move: Any) -> Findings:
        """The findings on a battle move, for a board and move already checked: what in the
        position breaks a rule first, then the move's own judge."""
        faults = battle.position_faults(inner)
        if faults:
            words = "; ".join(r.detail for r in faults)
            mode_parts = {"rookie-mode-piles", "substitution-mode-piles"}
            return found_illegal(
                f"This position breaks a rule: {words}.",
                faults,
                [R.MODE_PARTS] if any(r.code in mode_parts for r in faults) else [],
                answer=f"No: this position breaks a rule. {cap(words)}.",
            )
        if inner.phase == "game-over":
            found = battle.game_over_answer(inner)
        else:
            found = _RULERS[type(move)](inner, move)
        if found.next_state is not None:
            found.next_state = State(found.next_state)
        if not found.answer:
            found.answer = f"{yes_no(found.legal)}: {_mid_sentence(found.summary)}"
        return found

    def rule_sequence_json(self, state_data: Any, moves_data: list[Any]) -> SequenceRuling:
        """A whole game ruled, battle 1 to the end: the winner (or the tie), or the first
        illegal move and who made it."""
        ruled = super().rule_sequence_json(state_data, moves_data)
        final = ruled.final_state or {}
        players = final.get("players") or [{}, {}]
        names = [p.get("name") or ("Player A", "Player B")[i] for i, p in enumerate(players)]
        if ruled.verdict is Verdict.ILLEGAL and ruled.first_illegal is not None:
            move = moves_data[ruled.first_illegal]
            player = move.get("player") if isinstance(move, dict) else None
            by = (
                f", by {subject(names[player])}"
                if isinstance(player, int) and 0 <= player < 2
                else ""
            )
            ruled.summary = (
                f"Move {ruled.first_illegal + 1} of {len(moves_data)}{by}, is the first that "
                f"breaks a rule: {ruled.rulings[-1].summary}"
            )
            return ruled
        if final.get("phase") == "game-over":
            won = [p.get("trophies", 0) for p in players]
            winner = final.get("winner")
            if winner is None:
                result = f"the game is a tie, {won[0]} battles each"
            elif won[0] == won[1]:
                result = (
                    f"{says(names[winner], 'wins', 'win')} the game in Sudden Death, {won[0]} "
                    "battles each"
                )
            else:
                result = (
                    f"{says(names[winner], 'wins', 'win')} the game, {max(won)} battles to "
                    f"{min(won)}"
                )
            ruled.summary = f"All {len(moves_data)} moves are legal: {result}."
        elif final.get("phase") == "sudden-death":
            # Tied with ties not allowed: the log ends where the rules send the game to Sudden
            # Death (4.4.2.2), and its answer says so, by that rule.
            won = [p.get("trophies", 0) for p in players]
            tied = f"the game is tied, {won[0]} battles each, and ties are not allowed"
            ruled.summary = f"All {len(moves_data)} moves are legal: {tied}."
            ruled.answer = f"{cap(tied)}: Sudden Death follows. Every move is legal."
            ruled.deciding_rule = R.REASONS.key("tie-goes-to-sudden-death")
        return ruled

    def move_forms(self, state: State) -> list[MoveForm]:
        """The reveal where the Heroes to compare are face down, and a Play run in the Play
        Phase: what they are is the players' to say (table_forms.py)."""
        inner = state.root
        return table_forms.move_forms(inner) if isinstance(inner, BattleState) else []

    def offered_moves(self, state: State) -> list[Any] | None:
        """Every legal move where they can be listed; in the Play Phase, where Plays not
        described make the moves endless, the pass still needs nothing the board does not say
        (a Play is run from its form)."""
        listed = self.legal_moves(state)
        inner = state.root
        if listed is None and isinstance(inner, BattleState) and inner.phase == "plays":
            return [Pass(player=inner.to_act if inner.to_act is not None else inner.honors)]
        return listed

    def game_result(self, state: State) -> GameResult:
        inner = state.root
        if not isinstance(inner, BattleState):
            return GameResult()
        return battle.game_result(inner)

    def mover(self, state: State, move: Any) -> str | None:
        inner = state.root
        player = getattr(move, "player", None)
        if not isinstance(inner, BattleState) or not isinstance(player, int):
            return None
        return who(inner, player)

    def apply(self, state: State, move: Any) -> State:
        return self.apply_checked(state, move)

    def legal_moves(self, state: State) -> list[Any] | None:
        inner = state.root
        if isinstance(inner, DeckList):
            return [CheckDeck(format=slug) for slug in FORMATS if check_deck(inner, slug).legal]
        return _battle_moves(inner)

    def example(self) -> dict[str, Any]:
        return {
            "state": example_state(),
            "move": {"kind": "substitute", "player": 0, "hero": "a-bench-1"},
        }


def _battle_moves(state: BattleState) -> list[Any] | None:
    if state.phase == "game-over":
        return []
    try:
        return _listed_moves(state)
    except InvalidState:  # the moves rest on what was not described: they cannot be listed
        return None


def _listed_moves(state: BattleState) -> list[Any] | None:
    if state.phase == "sudden-death":
        tops = [p.hero_deck for p in state.players]
        if any(deck is None or (deck and not deck[0].described) for deck in tops):
            return None
        if any(
            not deck and p.partly("hero_deck") for deck, p in zip(tops, state.players, strict=True)
        ):
            return None
        return [SuddenDeath()] if all(tops) else []
    if state.phase == "compare":
        winner, _, _ = battle.battle_winner(state)
        return [ResolveBattle(), ResolveBattle(claim="draw" if winner is None else winner)]
    player = state.to_act if state.to_act is not None else state.honors
    p = state.players[player]
    if state.phase == "substitution":
        if p.hot_dogs is None or not p.whole("bench"):
            return None  # a Bench not all given may hold other Heroes to bring in
        moves: list[Any] = [KeepHero(player=player)]
        if (p.hot_dogs or 0) >= battle.SUBSTITUTION_COST and not p.substituted:
            moves += [Substitute(player=player, hero=h.id) for h in p.bench or []]
        return moves
    # The Play Phase: a Play's Power changes are free numbers, so the moves are not finite.
    if p.hand is None or not p.whole("hand") or p.hot_dogs is None:
        return None  # whether a Play can be paid for rests on what was not described
    if any((c.cost or 0) <= p.hot_dogs for c in p.hand):
        return None
    return [Pass(player=player)]


def _hero(card_id: str, name: str, power: int, weapon: str) -> dict[str, Any]:
    return {"id": card_id, "name": name, "power": power, "weapon": weapon}


def example_state() -> dict[str, Any]:
    """Battle 3 of a Substitution game: Player A has honors and weighs a substitution."""
    weapons = ["Fire", "Ice", "Steel", "Glow", "Hex", "Brawl", "Gum"]

    def player(prefix: str, name: str, trophies: int, base: int) -> dict[str, Any]:
        return {
            "name": name,
            "zones": [
                _hero(f"{prefix}-zone-{i + 1}", f"Hero {prefix.upper()}{i + 1}", base + 5 * i, w)
                for i, w in enumerate(weapons)
            ],
            "hero_deck": [_hero(f"{prefix}-deck-1", f"Hero {prefix.upper()}D1", 130, "Ice")],
            "bench": [
                _hero(
                    f"{prefix}-bench-{i + 1}",
                    f"Hero {prefix.upper()}B{i + 1}",
                    120 + 10 * i,
                    "Fire",
                )
                for i in range(4)
            ],
            "trophies": trophies,
            "hot_dogs": 10,
            "hot_dogs_discarded": 0,
            "substituted": False,
        }

    return {
        "kind": "battle",
        "mode": "substitution",
        "battle": 3,
        "phase": "substitution",
        "honors": 0,
        "to_act": 0,
        "draws": 0,
        "players": [player("a", "Player A", 1, 100), player("b", "Player B", 1, 105)],
    }


RULES = BoJacksonBattleArenaRules()


# The words a summary may start with that are no name: after "No: " they go lower case.
_PLAIN_STARTS = frozenset({"All", "It", "Plays", "The", "There", "This", "You", "Your"})


def _mid_sentence(summary: str) -> str:
    """`summary` as it reads after "Yes: " or "No: ": its first word in lower case unless it is
    a name ("It is not Ana's turn" -> "it is not Ana's turn"; "Ana has" stays)."""
    first = summary.split(" ", 1)[0]
    return summary[:1].lower() + summary[1:] if first in _PLAIN_STARTS else summary
