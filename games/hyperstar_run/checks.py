"""Refusing boards that cannot exist (InvalidState) and moves that need what the board lacks
(InvalidMove), each message naming the field and the rule that makes it so."""

from __future__ import annotations

from games.core import InvalidMove, InvalidState
from games.core.names import typed_icon
from games.core.words import agree
from games.hyperstar_run.moves import PassCard, UseAbility
from games.hyperstar_run.naming import card_name, counted, equipment_place, level_place, place
from games.hyperstar_run.state import (
    ACHIEVEMENT_DIFFICULTY,
    ALL_IDS,
    COST_PARTS,
    PART_NAMES,
    RUNS,
    STAR,
    State,
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


def _place(zone: str, i: int) -> str:
    return f"state.{zone}.{i}" if zone == "set_aside" else f"state.{zone}.{i}.card"


def check_cards(state: State) -> None:
    """Each of the 17 cards (the Hero Card aside) is in exactly one place (rule 1.1)."""
    # The same places as `_places`, the path of one written only for a card met twice.
    seen: dict[str, tuple[str, int]] = {}
    for zone, cards in (
        ("level", [s.card for s in state.level]),
        ("hand", [h.card for h in state.hand]),
        ("discard", [h.card for h in state.discard]),
        ("set_aside", state.set_aside),
    ):
        for i, card in enumerate(cards):
            if card in seen:
                raise InvalidState(
                    _place(zone, i),
                    f"{place(zone, i)} is the same card as {place(*seen[card])}: a card is in "
                    "one place",
                )
            seen[card] = (zone, i)
    missing = [c for c in ALL_IDS if c not in seen]
    if len(set(state.not_described)) != len(state.not_described):
        raise InvalidState("state.not_described", "each place is listed once")
    if state.face_down_in_hand() and not state.described("face_down_card"):
        raise InvalidState(
            "state.not_described",
            "your hand holds at most 1 face-down card (rule 6.3), and one is listed",
        )
    if missing and state.not_described == ["face_down_card"] and len(missing) > 1:
        raise InvalidState(
            "state",
            f"{counted(missing)} are nowhere on the board: only one face-down card may be left "
            "out of your hand (rule 6.3)",
        )
    if missing and not state.not_described:
        raise InvalidState(
            "state",
            f"{counted(missing)} {agree(missing, 'is', 'are')} nowhere on the board: "
            "each of the 15 Level Cards and the 2 Equipment Cards is in the level, your hand, "
            "the discard pile or set aside (rule 1.1)",
        )


def check_sizes(state: State) -> None:
    """Sizes that no table can hold. A level or set-aside pile that fits the box but not the
    difficulty can be laid out: it is ruled on (`runs.table_problems`), not refused."""
    if not state.level:
        raise InvalidState("state.level", "the level holds at least 1 card in every run")


def check_faces(state: State) -> None:
    """A combo start cost is two matching icons (rule 7.2). A star in it is accepted and
    flagged in the rulings that pay it (reference ruling `star-in-a-combo-start-cost`)."""
    for card, face in state.faces.items():
        start = face.combo_start
        if start is None or STAR in start:
            continue
        if start[0] != start[1]:
            raise InvalidState(
                f"state.faces.{card}.combo_start",
                f"the combo start cost given for {card_name(state, card)}, {' '.join(start)}, is "
                "not two matching icons (rule 7.2)",
            )


def check_current_face_up(state: State) -> None:
    """The current Level Card is face up (rules 2.6, 4.4, 8.8), once play has begun. A fresh
    setup with it still face down is ruled on as a setup (`runs.setup_problems`)."""
    if state.outcome != "playing" or state.hero >= len(state.level):
        return
    # A discard pile not described may be empty: the board may still be the fresh setup.
    fresh = state.run == 1 and state.hero == 0 and not state.discard
    fresh = fresh and not (state.combo or state.ability_used)
    if not state.level[state.hero].face_up and not fresh:
        raise InvalidState(
            f"state.level.{state.hero}.face_up",
            f"{level_place(state.hero)} is your current card, so it is face up "
            "(rules 2.6, 4.4, 8.8)",
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


def check_ability_used(state: State) -> None:
    """An ability is used on the current card (rule 6.1: "your current Level Card's ability (if
    any)"): with the current card's face given, and its ability described as not printed, none
    can have been used. A swap that brings in a new current card clears the flag (6.6)."""
    current = state.current()
    if not state.ability_used or current is None:
        return
    face = state.faces.get(current.card)
    if face is not None and face.described("ability") and face.ability is None:
        raise InvalidState(
            "state.ability_used",
            f"your current card ({level_place(state.hero)}) has no ability, so none was used "
            "on it (rule 6.1: you may use its ability, if it has one)",
        )


def check_swapped_in(state: State) -> None:
    """A card swapped in behind the hero is in the level, behind the hero, and listed once:
    one swapped in under or ahead of the hero is still to be passed this run."""
    seen: set[str] = set()
    for i, card in enumerate(state.swapped_in):
        index = state.level_index(card)
        if card in seen:
            raise InvalidState(
                f"state.swapped_in.{i}",
                f"{card_name(state, card)} is listed twice among the cards swapped in",
            )
        if index is None or index >= state.hero:
            raise InvalidState(
                f"state.swapped_in.{i}",
                f"{card_name(state, card)} is listed as swapped in, but only a card in the "
                "level behind the hero can be: one swapped in under the hero or ahead of it is "
                "still to be passed this run",
            )
        seen.add(card)


def check_icons(state: State) -> None:
    """No icon of the board holds a control or format character or is only white space
    (`games.core.names.typed_icon`), refused with the field that holds it, as a move's icon
    is by its type: one pass over the board, printable ASCII (nearly every icon) let by."""
    for card, face in state.faces.items():
        for part in ("buttons", "combo_start", "enemy"):
            icons = getattr(face, part)
            if icons is not None:
                for i, icon in enumerate(icons):
                    if not (icon.isascii() and icon.isprintable()):
                        _typed(f"state.faces.{card}.{part}.{i}", icon)
        icon = face.combo_continue
        if icon is not None and not (icon.isascii() and icon.isprintable()):
            _typed(f"state.faces.{card}.combo_continue", icon)
    for card, buttons in state.equipment.items():
        for i, icon in enumerate(buttons):
            if not (icon.isascii() and icon.isprintable()):
                _typed(f"state.equipment.{card}.{i}", icon)


def _typed(field: str, icon: str) -> None:
    try:
        typed_icon(icon)
    except ValueError as error:  # worded as the type's refusal of a move's icon
        raise InvalidState(field, f"Value error, {error}") from None


def check_state(state: State) -> None:
    check_icons(state)
    check_cards(state)
    if state.swapped_in:
        check_swapped_in(state)
    check_sizes(state)
    check_progress(state)
    check_faces(state)
    check_current_face_up(state)
    check_ability_used(state)


def _needs_face(state: State, card: str, why: str) -> None:
    if card not in state.faces:
        raise InvalidMove(
            f"state.faces.{card}", f"the face of {card_name(state, card)} is needed: {why}"
        )


def needs_part(state: State, card: str, part: str, why: str) -> None:
    """Refuse a question whose ruling rests on a part of a face the question did not
    describe, naming it (`state.faces.L2.enemy`): the ruling is never guessed."""
    face = state.faces.get(card)
    if face is None:
        _needs_face(state, card, why)
        return
    if not face.described(part):
        raise InvalidMove(
            f"state.faces.{card}.{part}",
            f"the {PART_NAMES[part]} of {card_name(state, card)} "
            f"{'were' if part == 'buttons' else 'was'} not described: {why}",
        )


def needs_edges(state: State) -> None:
    """A running combo continues only where the lines meet (rule 7.4): the right edge of the
    card before and the left edge of the current card must be described."""
    if state.hero == 0 or not state.combo_running():
        return
    needs_lines(state, "whether the combo lines connect rests on it")


def needs_lines(state: State, why: str) -> None:
    """Refuse (InvalidMove naming the field) a ruling that reads the right edge of the card
    before the hero and the left edge of the current card where either was not described."""
    before, current = state.level[state.hero - 1].card, state.level[state.hero].card
    for card, edge in ((before, "right"), (current, "left")):
        needs_part(state, card, "combo_line", why)
        line = state.faces[card].combo_line
        if line is not None and getattr(line, edge) is None:
            raise InvalidMove(
                f"state.faces.{card}.combo_line.{edge}",
                f"whether the combo line of {card_name(state, card)} reaches its {edge} edge was "
                f"not described: {why}",
            )


def needs_hand(state: State, why: str) -> None:
    """Refuse a question whose ruling reads the whole hand where the question did not
    describe it all, naming it (`state.hand`): no card is made up in it or left out of it."""
    if not state.hand_described():
        raise InvalidMove("state.hand", f"your hand was not described in full: {why}")


def _needs_in_hand(state: State, card: str, field: str, why: str) -> None:
    """A card the move takes from your hand, placed nowhere on a board whose hand is not
    described: whether it is there is not known."""
    if state.hand_index(card) is None and state.may_hold(card):
        raise InvalidMove(
            field, f"whether {_paying_card(card)} is in your hand was not described: {why}"
        )


def _paying_card(card: str) -> str:
    """A card a move pays with that no place on the board holds: named by what it is, its
    number being ours (`naming`)."""
    if card.startswith("E"):
        return f"your {equipment_place(card)} Equipment Card"
    return "the Level Card you pay with"


def check_move(state: State, move: object, field: str) -> None:
    """A pass or an ability needs the faces it is ruled on (reference ruling
    `faces-in-the-state`); a finished game needs none."""
    if state.outcome != "playing":
        return
    if state.swap_pending and not swap_blocks(state):
        # No listed card can be swapped; one of a hand not described might be.
        needs_hand(state, "whether the swap of your ability is still to be made rests on it")
    if swap_blocks(state):
        return
    current = state.level[state.hero].card
    if isinstance(move, UseAbility):
        _needs_face(state, current, "it is the current card")
        needs_part(state, current, "ability", "whether it can be used rests on it")
        _needs_in_hand(state, move.card, f"{field}.card", "it pays for the ability")
        if (
            move.pay == "flip"
            and not state.face_down_in_hand()
            and not state.described("face_down_card")
        ):
            raise InvalidMove(
                "state.hand",
                "whether you hold a face-down card was not described: if you do, flipping is "
                "void and that card pays instead (rule 6.4)",
            )
    if not isinstance(move, PassCard):
        return
    _needs_face(state, current, "it is the current card")
    cost = COST_PARTS[move.cost]
    needs_part(state, current, cost, "it is the cost you pay")
    if move.cost == "combo-continue" and state.hero > 0:
        before = state.level[state.hero - 1].card
        _needs_face(state, before, "its combo line decides whether the combo connects")
        needs_edges(state)
    for i, source in enumerate(move.sources):
        if source.card in state.set_aside:
            continue  # set aside at setup (rule 2.3): it pays nothing, whatever it shows
        if source.via == "discard":
            _needs_in_hand(state, source.card, f"{field}.sources.{i}.card", "it pays the cost")
        if state.buttons_of(source.card) is None:
            raise InvalidMove(
                f"{field}.sources.{i}.card",
                f"the buttons of {card_name(state, source.card)} were not described: they pay "
                "the cost",
            )
