"""Common Hyperstar Run disputes as flat forms the website renders, each built into a board
and a move. Positions are counted from 1, as a player counts cards in the row."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core.errors import InvalidState
from games.core.rules import Question, labelled
from games.hyperstar_run.shorthand import UNSAID, board, icons, said
from games.hyperstar_run.state import (
    ACHIEVEMENT_DIFFICULTY,
    HAND_LEVEL_CARDS,
    AchievementSlug,
    Difficulty,
    level_size,
)

Json = dict[str, Any]
# Where the cards the question did not ask about are: a hand and a discard pile holding only
# the cards the form names, the rest in one of them, not described (never a full hand and an
# empty pile made up to place every card).
UNPLACED = ("hand", "face_down_card", "discard")
NO_EQUIPMENT = (False, False)  # neither Equipment Card's place was asked

DIFFICULTIES = {
    "tutorial": "Tutorial",
    "standard": "Standard",
    "hard": "Hard",
    "expert": "Expert",
}
ACHIEVEMENTS = {
    "button-masher": "Button Masher",
    "well-equipped": "Well Equipped",
    "speed-runner": "Speed Runner",
    "combo-pro": "Combo Pro",
}
ICONS_HINT = "Buttons as printed, separated by spaces; * is the star."


def _difficulty() -> Any:
    return Field("standard", title="Difficulty", json_schema_extra=labelled(DIFFICULTIES))


def _run() -> Any:
    return Field(1, ge=1, le=4, title="Your run", description="The number on the Hero Card.")


def _place(difficulty: str, run: int, card: int, field: str) -> int:
    """The index of card `card` (counted from 1) in the level of `run`: a level holds the
    difficulty's count (rule 2.1) less one for each run before (rule 8.5), so a card past its
    end is a place that does not exist, refused at its field (never moved to the last card)."""
    size = level_size(difficulty, run)
    if card > size:
        raise InvalidState(
            field,
            f"on run {run} a {DIFFICULTIES[difficulty]} level holds {size} cards, so there is "
            f"no card {card} (each run the leftmost card goes to your hand)",
        )
    return card - 1


class PressForm(BaseModel):
    difficulty: Difficulty = _difficulty()
    run: int = _run()
    current_card: int = Field(
        3,
        ge=1,
        le=12,
        title="The card your hero is on",
        description="Counted from the left of the level, 1 first.",
    )
    press_card: int = Field(
        1, ge=1, le=12, title="The card you want to press", description="Counted from the left."
    )
    press_card_button: str = Field(
        "A", min_length=1, max_length=24, title="Its button", description="As printed."
    )
    press_card_face_up: bool = Field(True, title="That card is face up")
    already_pressed_this_run: bool = Field(False, title="I have already pressed it this run")


def build_press(form: PressForm) -> tuple[Json, Json]:
    # May this card be pressed (rule 5.5)? The `press` question rests on the card's place,
    # its side and whether it was pressed, and on the button asked: the current card's face
    # and costs play no part, so they are not described (no made-up "enemy *" to pay).
    current = _place(form.difficulty, form.run, form.current_card, "current_card")
    target = _place(form.difficulty, form.run, form.press_card, "press_card")
    level: list[Json | None] = [None] * level_size(form.difficulty, form.run)
    level[target] = said(form.press_card_button)  # its button; the rest not described
    state = board(
        form.difficulty,
        run=form.run,
        hero=current,
        level=level,
        equipment=None,  # the Equipment Cards' buttons were not asked: not described
        pressed=(target,) if form.already_pressed_this_run and target < current else (),
        face_down_level=() if form.press_card_face_up else (target,),
        # A press is ruled on the level alone: the hand and the discard pile are not asked.
        not_described=UNPLACED,
        equipment_placed=NO_EQUIPMENT,
    )
    card = state["level"][target]["card"]
    return state, {"kind": "press", "card": card, "button": form.press_card_button}


class PayForm(BaseModel):
    difficulty: Difficulty = _difficulty()
    run: int = _run()
    current_card: int = Field(
        2,
        ge=1,
        le=12,
        title="The card your hero is on",
        description="Counted from the left; the cards you press are among those before it.",
    )
    cost_kind: Literal["enemy", "combo-start"] = Field(
        "enemy",
        title="Which cost",
        json_schema_extra={"options": {"enemy": "Enemy cost", "combo-start": "Combo start cost"}},
    )
    cost: str = Field("A A *", max_length=200, title="The cost", description=ICONS_HINT)
    discard_level_buttons: str = Field(
        "A",
        max_length=200,
        title="Buttons of the Level Cards you discard",
        description="One button a card, separated by spaces.",
    )
    discard_equipment_buttons: str = Field(
        "A B",
        max_length=60,
        title="The two buttons of the Equipment Card you discard",
        description="Leave empty if you discard none.",
    )
    equipment_buttons_used: str = Field(
        "A",
        max_length=60,
        title="Which of its buttons you use",
        description="Leave empty to use both.",
    )
    press_buttons: str = Field(
        "C",
        max_length=200,
        title="Buttons of the cards you press",
        description="Cards you passed this run; one button a card.",
    )


def build_pay(form: PayForm) -> tuple[Json, Json]:
    discards = icons(form.discard_level_buttons)
    presses = icons(form.press_buttons)
    hero = _place(form.difficulty, form.run, form.current_card, "current_card")
    held = HAND_LEVEL_CARDS + form.run - 1
    # The table is the one you gave, or none: no difficulty or run is picked to make the
    # cards fit, and no cost is made up for an empty one.
    if not form.cost.strip():
        raise InvalidState("cost", "give the cost as printed on your current card")
    if len(discards) > held:
        raise InvalidState(
            "discard_level_buttons",
            f"on run {form.run} your hand holds {held} Level Cards, not {len(discards)}",
        )
    if len(presses) > hero:
        raise InvalidState(
            "press_buttons",
            f"you can press only cards you passed this run: {hero} before card {hero + 1}",
        )
    cost = form.cost
    kind = "enemy" if form.cost_kind == "enemy" else "combo_start"
    # Only the cost paid and the buttons played are asked: the cards' other parts are not
    # described (no made-up "B" button on the current card, no costs on the cards you spend).
    current = said(enemy=cost) if kind == "enemy" else said(start=cost)
    equipment = icons(form.discard_equipment_buttons)[:2]
    # The cards you press are put first among those you passed; which of them they are
    # is not asked and plays no part.
    passed: list[Json | None] = [said(b) for b in presses]
    passed += [None] * (hero - len(presses))
    state = board(
        form.difficulty,
        run=form.run,
        hero=hero,
        level=[*passed, current],
        # The hand holds the cards you discard, and the Equipment Card you discard: the rest
        # of it, and the discard pile, are not asked (the pay ruling reads only the cards
        # that pay).
        hand=[said(b) for b in discards],
        equipment=None,
        not_described=UNPLACED,
        equipment_placed=(len(equipment) == 2, False),
    )
    if len(equipment) == 2:
        # Only the Equipment Card you discard was described; the other is not.
        state["equipment"] = {"E1": equipment}
    sources: list[Json] = [
        {"card": state["hand"][i]["card"], "via": "discard", "buttons": [b]}
        for i, b in enumerate(discards)
    ]
    if len(equipment) == 2:
        used = icons(form.equipment_buttons_used)[:2] or equipment
        sources.append({"card": "E1", "via": "discard", "buttons": used})
    sources += [
        {"card": state["level"][i]["card"], "via": "press", "buttons": [b]}
        for i, b in enumerate(presses)
    ]
    return state, {"kind": "pass", "cost": form.cost_kind, "sources": sources}


class ComboForm(BaseModel):
    difficulty: Difficulty = _difficulty()
    run: int = _run()
    current_card: int = Field(
        2,
        ge=2,
        le=12,
        title="The card your hero is on",
        description="Counted from the left of the level; the card before it is the one you "
        "passed last.",
    )
    previous_card_passed_with: Literal["combo start cost", "combo continue cost", "enemy cost"] = (
        Field(
            "combo start cost",
            title="How you passed the card before this one",
            json_schema_extra={
                "options": {
                    "combo start cost": "Its combo start cost",
                    "combo continue cost": "Its combo continue cost",
                    "enemy cost": "Its enemy cost",
                }
            },
        )
    )
    previous_line_reaches_right: bool = Field(
        True, title="The card before has a combo line to its right edge"
    )
    previous_line_colour: str = Field("red", max_length=24, title="That line's colour")
    current_line_reaches_left: bool = Field(
        True, title="This card has a combo line from its left edge"
    )
    current_line_colour: str = Field("red", max_length=24, title="This line's colour")
    ability_used_on_current_card: bool = Field(
        False, title="I have used this card's ability already"
    )
    continue_cost: str = Field(
        "A",
        min_length=1,
        max_length=24,
        title="This card's combo continue cost",
        description=ICONS_HINT,
    )
    button_played: str = Field(
        "A", min_length=1, max_length=24, title="The button you play", description="As printed."
    )


def build_combo(form: ComboForm) -> tuple[Json, Json]:
    # The combo continues on the edges the form asks (rule 7.4), the continue cost and the
    # button played: the two cards' buttons, their other costs and the other edges of their
    # lines are not asked, so not described (never a made-up "B B" start cost).
    hero = _place(form.difficulty, form.run, form.current_card, "current_card")
    before = {"right": form.previous_line_reaches_right, "colour": form.previous_line_colour}
    now = {"left": form.current_line_reaches_left, "colour": form.current_line_colour}
    # An ability you used is printed on the card; its text was not asked.
    ability = "" if form.ability_used_on_current_card else UNSAID
    level: list[Json | None] = [None] * (hero - 1)
    level += [
        said(line=before),
        said(cont=form.continue_cost, line=now, ability=ability),
    ]
    state = board(
        form.difficulty,
        run=form.run,
        hero=hero,
        level=level,
        hand=[said(form.button_played)],
        equipment=None,
        not_described=UNPLACED,
        equipment_placed=NO_EQUIPMENT,
        combo=form.previous_card_passed_with != "enemy cost",
        ability_used=form.ability_used_on_current_card,
    )
    card = state["hand"][0]["card"]
    source = {"card": card, "via": "discard", "buttons": [form.button_played]}
    return state, {"kind": "pass", "cost": "combo-continue", "sources": [source]}


class AbilityForm(BaseModel):
    difficulty: Difficulty = _difficulty()
    run: int = _run()
    current_card: int = Field(
        1, ge=1, le=12, title="The card your hero is on", description="Counted from the left."
    )
    current_card_has_ability: bool = Field(True, title="The card my hero is on has an ability")
    ability_already_used_on_this_card: bool = Field(False, title="I have used that ability already")
    face_down_card_in_hand: bool = Field(False, title="I have a face-down card in my hand")
    pay_by: Literal["flipping a face-up hand card", "discarding my face-down hand card"] = Field(
        "flipping a face-up hand card",
        title="How you pay",
        json_schema_extra={
            "options": {
                "flipping a face-up hand card": "Flip a face-up card in my hand",
                "discarding my face-down hand card": "Discard my face-down card",
            }
        },
    )


def build_ability(form: AbilityForm) -> tuple[Json, Json]:
    # Whether the ability may be used rests on there being one, on its use so far and on how
    # you pay (rules 6.1-6.6): the card's buttons and costs, and the ability's text, are not
    # asked, so not described.
    hero = _place(form.difficulty, form.run, form.current_card, "current_card")
    level: list[Json | None] = [None] * hero
    level.append(said(ability="" if form.current_card_has_ability else None))
    state = board(
        form.difficulty,
        run=form.run,
        hero=hero,
        level=level,
        # Your face-down card if you hold one, and a face-up card to flip: whether you hold
        # a face-down card is asked (rule 6.4 rests on it); the other cards are not.
        hand=[None, None] if form.face_down_card_in_hand else [None],
        face_down_hand=0 if form.face_down_card_in_hand else None,
        equipment=None,
        not_described=("hand", "discard"),
        equipment_placed=NO_EQUIPMENT,
        ability_used=form.ability_already_used_on_this_card,
    )
    hand = state["hand"]
    if form.pay_by.startswith("flipping"):
        card = hand[1]["card"] if form.face_down_card_in_hand else hand[0]["card"]
        return state, {"kind": "ability", "pay": "flip", "card": card}
    return state, {"kind": "ability", "pay": "discard", "card": hand[0]["card"]}


class EndRunForm(BaseModel):
    difficulty: Difficulty = _difficulty()
    run: int = Field(
        1, ge=1, le=4, title="The run that ends", description="The number on the Hero Card."
    )
    current_card: int = Field(
        1,
        ge=1,
        le=12,
        title="The card your hero is on",
        description="Counted from the left: the card you cannot pass.",
    )


def build_end_run(form: EndRunForm) -> tuple[Json, Json]:
    hero = _place(form.difficulty, form.run, form.current_card, "current_card")
    # Whether the run must end rests on the cards that could pay: the hand is not asked, so
    # it is not described, and the ruling takes your word that none of it pays.
    state = board(
        form.difficulty,
        run=form.run,
        hero=hero,
        equipment=None,
        not_described=UNPLACED,
        equipment_placed=NO_EQUIPMENT,
    )
    return state, {"kind": "end-run"}


class AchievementForm(BaseModel):
    achievement: AchievementSlug = Field(
        "well-equipped", title="The achievement", json_schema_extra=labelled(ACHIEVEMENTS)
    )
    won_on_run: int = Field(3, ge=1, le=4, title="The run you won on")
    equipment_cards_left_in_hand: int = Field(
        1, ge=0, le=2, title="Equipment Cards still in your hand"
    )
    unpressed_cards_left_in_level: int = Field(
        3, ge=0, le=12, title="Cards in the level you never pressed"
    )
    three_cards_in_a_row_with_three_star_costs: bool = Field(
        False, title="Three cards in a row each had a cost of three stars"
    )


def build_achievement(form: AchievementForm) -> tuple[Json, Json]:
    difficulty = ACHIEVEMENT_DIFFICULTY[form.achievement]
    size = level_size(difficulty, form.won_on_run)
    unpressed = form.unpressed_cards_left_in_level
    # The final card passed wins the game there and then, so it is never pressed: between 1
    # and the level's size are unpressed; any other count is a game that cannot have been won.
    if not 1 <= unpressed <= size:
        raise InvalidState(
            "unpressed_cards_left_in_level",
            f"won on run {form.won_on_run}, a {DIFFICULTIES[difficulty]} level holds {size} "
            "cards, and the final card you passed was never pressed: between 1 and "
            f"{size} are unpressed",
        )
    # Three cards' three-star costs are asked; their buttons and other parts are not.
    three = [said(enemy="* * *")] * 3 if form.three_cards_in_a_row_with_three_star_costs else []
    kept = form.equipment_cards_left_in_hand
    state = board(
        difficulty,
        run=form.won_on_run,
        hero=size,
        level=list(three),
        equipment=None,
        equipment_discarded=(kept < 2, kept < 1),
        # The Equipment Cards' places are asked; the Level Cards in your hand are not.
        not_described=UNPLACED,
        # The final card is passed last, so it is never pressed: press from the left.
        pressed=tuple(range(size - unpressed)),
        outcome="won",
    )
    return state, {"kind": "claim", "claim": form.achievement}


QUESTIONS: tuple[Question, ...] = (
    Question(
        "can-i-press",
        "Can I press this card?",
        PressForm,
        build_press,
        "Before you press a card: did you pass it this run, face up, and not press it yet?",
        moment="Passing a card",
    ),
    Question(
        "can-i-pay",
        "Can I pay this cost with these cards?",
        PayForm,
        build_pay,
        "When you pay a cost: do these buttons cover it?",
        moment="Passing a card",
    ),
    Question(
        "can-i-continue-my-combo",
        "Can I continue my combo?",
        ComboForm,
        build_combo,
        "When you want to pay the cheaper combo cost: does the combo go on?",
        moment="Passing a card",
    ),
    Question(
        "can-i-use-this-ability",
        "Can I use this ability, and how do I pay for it?",
        AbilityForm,
        build_ability,
        "Before you use a card's ability: may you, and how do you pay?",
        moment="Passing a card",
    ),
    Question(
        "what-happens-when-my-run-ends",
        "What happens when my run ends?",
        EndRunForm,
        build_end_run,
        "When you cannot go on: what changes for the next run?",
        moment="End of a run",
    ),
    Question(
        "did-i-earn-this-achievement",
        "Did I earn this achievement?",
        AchievementForm,
        build_achievement,
        "After you win: does this game earn the achievement?",
        moment="End of the game",
    ),
)


# ----- a question asked at a table: the form starts from the table's board (the difficulty,
# the run, the card the hero is on and what the table says of it); what the table does not
# describe (a face not said) keeps the form's own value


def _where(table: Json) -> Json:
    """The facts the passing forms share: the difficulty, the run, the hero's card."""
    if not table.get("difficulty") or not table.get("run"):
        return {}
    level = table.get("level") or []
    hero = table.get("hero", 0)
    facts: Json = {"difficulty": table["difficulty"], "run": table["run"]}
    if 0 <= hero < len(level):  # past the final card there is no current card
        facts["current_card"] = hero + 1
    return facts


def _current_face(table: Json) -> Json:
    level = table.get("level") or []
    hero = table.get("hero", 0)
    if not 0 <= hero < len(level):
        return {}
    face: Json = (table.get("faces") or {}).get(level[hero].get("card"), {}) or {}
    return face


def press_from_board(table: Json) -> Json:
    return _where(table)


def pay_from_board(table: Json) -> Json:
    facts = _where(table)
    enemy = _current_face(table).get("enemy")
    if facts and enemy:
        facts |= {"cost_kind": "enemy", "cost": " ".join(enemy)}
    return facts


def combo_from_board(table: Json) -> Json:
    facts = _where(table)
    if facts.get("current_card", 0) < 2:  # no card before the first: no combo to go on
        facts.pop("current_card", None)
    if facts:
        facts["ability_used_on_current_card"] = bool(table.get("ability_used"))
        cont = _current_face(table).get("combo_continue")
        if cont:
            facts["continue_cost"] = cont
    return facts


def ability_from_board(table: Json) -> Json:
    facts = _where(table)
    if facts:
        facts["ability_already_used_on_this_card"] = bool(table.get("ability_used"))
        hand = table.get("hand") or []
        facts["face_down_card_in_hand"] = any(not h.get("face_up", True) for h in hand)
    return facts


def end_run_from_board(table: Json) -> Json:
    return _where(table)


_FROM_BOARD = {
    "can-i-press": press_from_board,
    "can-i-pay": pay_from_board,
    "can-i-continue-my-combo": combo_from_board,
    "can-i-use-this-ability": ability_from_board,
    "what-happens-when-my-run-ends": end_run_from_board,
}
# The player's facts, empty where no table's board says them (the difficulty is the game's
# variant: it keeps its default).
_BLANK = {
    "can-i-press": ("run", "current_card", "press_card", "press_card_button"),
    "can-i-pay": (
        "run",
        "current_card",
        "cost",
        "discard_level_buttons",
        "discard_equipment_buttons",
        "equipment_buttons_used",
        "press_buttons",
    ),
    "can-i-continue-my-combo": (
        "run",
        "current_card",
        "previous_line_colour",
        "current_line_colour",
        "continue_cost",
        "button_played",
    ),
    "can-i-use-this-ability": ("run", "current_card"),
    "what-happens-when-my-run-ends": ("run", "current_card"),
    "did-i-earn-this-achievement": (
        "won_on_run",
        "equipment_cards_left_in_hand",
        "unpressed_cards_left_in_level",
    ),
}
QUESTIONS = tuple(
    replace(q, from_board=_FROM_BOARD.get(q.slug), blank=_BLANK.get(q.slug, ())) for q in QUESTIONS
)
