"""Refusing boards that cannot exist (InvalidState) and moves that need what the board lacks
(InvalidMove), each message naming the field and the rule that makes it so."""

from __future__ import annotations

from games.core import InvalidMove, InvalidState
from games.hyperstar_run.moves import PassCard, UseAbility
from games.hyperstar_run.state import (
    ACHIEVEMENT_DIFFICULTY,
    ALL_IDS,
    RUNS,
    State,
    level_size,
    set_aside_size,
)
from games.hyperstar_run.swapping import swap_blocks


def _places(state: State) -> list[tuple[str, str]]:
    """(field path, card) for every card the board places."""
    return [
        *((f"state.level.{i}.card", s.card) for i, s in enumerate(state.level)),
        *((f"state.hand.{i}.card", h.card) for i, h in enumerate(state.hand)),
        *((f"state.discard.{i}.card", h.card) for i, h in enumerate(state.discard)),
        *((f"state.set_aside.{i}", c) for i, c in enumerate(state.set_aside)),
    ]


def check_cards(state: State) -> None:
    """Each of the 17 cards (the Hero Card aside) is in exactly one place (rule 1.1)."""
    seen: dict[str, str] = {}
    for path, card in _places(state):
        if card in seen:
            raise InvalidState(path, f"{card} is also at {seen[card]}: a card is in one place")
        seen[card] = path
    missing = [c for c in ALL_IDS if c not in seen]
    if missing:
        raise InvalidState(
            "state",
            f"{', '.join(missing)} is nowhere: each of L1-L15, E1, E2 must be in the level, "
            "the hand, the discard pile or set aside (rule 1.1)",
        )


def check_sizes(state: State) -> None:
    """Level size by difficulty and run (rules 2.1, 8.5); set-aside cards (rule 2.3)."""
    want = level_size(state.difficulty, state.run)
    if len(state.level) != want:
        raise InvalidState(
            "state.level",
            f"a {state.difficulty} level holds {want} cards during run {state.run} "
            f"(rules 2.1, 8.5), not {len(state.level)}",
        )
    aside = set_aside_size(state.difficulty)
    if len(state.set_aside) != aside:
        raise InvalidState(
            "state.set_aside",
            f"{state.difficulty} sets aside {aside} Level Card(s) (rule 2.3), "
            f"not {len(state.set_aside)}",
        )


def check_progress(state: State) -> None:
    """Hero, outcome, presses, combo and ability flags must fit together."""
    size = len(state.level)
    if state.outcome == "won" and state.hero != size:
        raise InvalidState("state.hero", "a won game has the hero past the final card")
    if state.outcome != "won" and state.hero >= size:
        raise InvalidState("state.hero", f"the hero stands over one of the {size} cards")
    if state.outcome == "lost" and state.run != RUNS:
        raise InvalidState("state.outcome", "the game is lost only when the 4th run ends (8.2)")
    for i, slot in enumerate(state.level):
        if slot.pressed and i >= state.hero:
            raise InvalidState(
                f"state.level.{i}.pressed", "only cards passed this run can be pressed (5.5)"
            )
    if len(state.face_down_in_hand()) > 1:
        raise InvalidState("state.hand", "the hand holds at most 1 face-down card (rule 6.3)")
    if state.combo and state.hero == 0:
        raise InvalidState("state.combo", "no card has been passed this run to carry a combo")
    if state.swap_pending and not state.ability_used:
        raise InvalidState("state.swap_pending", "a swap comes from an ability that was used")
    if state.challenge and ACHIEVEMENT_DIFFICULTY[state.challenge] != state.difficulty:
        raise InvalidState(
            "state.challenge",
            f"that challenge is played at {ACHIEVEMENT_DIFFICULTY[state.challenge]} (rule 12.1)",
        )


def check_state(state: State) -> None:
    check_cards(state)
    check_sizes(state)
    check_progress(state)


def _needs_face(state: State, card: str, why: str) -> None:
    if card not in state.faces:
        raise InvalidMove(f"state.faces.{card}", f"the face of {card} is needed: {why}")


def check_move(state: State, move: object, field: str) -> None:
    """A pass or an ability needs the faces it is ruled on (reference ruling
    `faces-in-the-state`); a finished game needs none."""
    if state.outcome != "playing" or swap_blocks(state):
        return
    current = state.level[state.hero].card
    if isinstance(move, UseAbility):
        _needs_face(state, current, "it is the current card")
    if not isinstance(move, PassCard):
        return
    _needs_face(state, current, "it is the current card")
    if move.cost == "combo-continue" and state.hero > 0:
        before = state.level[state.hero - 1].card
        _needs_face(state, before, "its combo line decides whether the combo connects")
    for i, source in enumerate(move.sources):
        if state.buttons_of(source.card) is None:
            what = "state.equipment" if source.card.startswith("E") else "state.faces"
            raise InvalidMove(
                f"{field}.sources.{i}.card",
                f"the buttons of {source.card} are not given in {what}",
            )
