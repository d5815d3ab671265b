"""Common Hyperstar Run disputes as flat forms the website renders, each built into a board
and a move. Positions are counted from 1, as a player counts cards in the row."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from games.core.rules import Question
from games.hyperstar_run.shorthand import board, face, icons
from games.hyperstar_run.state import (
    ACHIEVEMENT_DIFFICULTY,
    AchievementSlug,
    Difficulty,
    level_size,
)

Json = dict[str, Any]


class PressForm(BaseModel):
    difficulty: Difficulty = "standard"
    current_card: int = Field(3, ge=1, le=12, description="Position of the card under the hero")
    press_card: int = Field(1, ge=1, le=12, description="Position of the card you want to press")
    press_card_button: str = Field("A", min_length=1, max_length=24)
    press_card_face_up: bool = True
    already_pressed_this_run: bool = False


def build_press(form: PressForm) -> tuple[Json, Json]:
    size = level_size(form.difficulty, 1)
    current = min(form.current_card, size) - 1
    target = min(form.press_card, size) - 1
    level: list[Json | None] = [None] * size
    level[target] = face(form.press_card_button, enemy="*")
    if target != current:
        # Any button pays a star, so only the press itself is in dispute.
        level[current] = face("B", enemy="*")
    state = board(
        form.difficulty,
        hero=current,
        level=level,
        pressed=(target,) if form.already_pressed_this_run and target < current else (),
        face_down_level=() if form.press_card_face_up else (target,),
    )
    card = state["level"][target]["card"]
    source = {"card": card, "via": "press", "buttons": [form.press_card_button]}
    return state, {"kind": "pass", "cost": "enemy", "sources": [source]}


class PayForm(BaseModel):
    cost_kind: Literal["enemy", "combo-start"] = "enemy"
    cost: str = Field("A A *", max_length=200, description="Icons of the cost; * is the star")
    discard_level_buttons: str = Field(
        "A", max_length=200, description="Buttons of Level Cards you discard, one per card"
    )
    discard_equipment_buttons: str = Field(
        "A B", max_length=60, description="The two buttons of an Equipment Card you discard"
    )
    equipment_buttons_used: str = Field(
        "A", max_length=60, description="Which of its buttons you use (empty: both)"
    )
    press_buttons: str = Field(
        "C", max_length=200, description="Buttons of cards passed this run that you press"
    )


def build_pay(form: PayForm) -> tuple[Json, Json]:
    discards = icons(form.discard_level_buttons)[:6]
    presses = icons(form.press_buttons)[:8]
    run = max(1, min(4, len(discards) - 2))
    cost = form.cost if form.cost.strip() else "*"
    kind = "enemy" if form.cost_kind == "enemy" else "combo_start"
    current = face("B", **{"enemy" if kind == "enemy" else "start": cost})
    equipment = icons(form.discard_equipment_buttons)[:2]
    state = board(
        "expert",
        run=run,
        hero=len(presses),
        level=[*(face(b) for b in presses), current],
        hand=[face(b) for b in discards],
        equipment=(" ".join(equipment), "C D") if len(equipment) == 2 else None,
    )
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
    previous_card_passed_with: Literal["combo start cost", "combo continue cost", "enemy cost"] = (
        "combo start cost"
    )
    previous_line_reaches_right: bool = True
    previous_line_colour: str = Field("red", max_length=24)
    current_line_reaches_left: bool = True
    current_line_colour: str = Field("red", max_length=24)
    ability_used_on_current_card: bool = False
    continue_cost: str = Field("A", min_length=1, max_length=24)
    button_played: str = Field("A", min_length=1, max_length=24)


def build_combo(form: ComboForm) -> tuple[Json, Json]:
    before = "R " if form.previous_line_reaches_right else "- "
    now = "L " if form.current_line_reaches_left else "- "
    state = board(
        "tutorial",
        hero=1,
        level=[
            face("B", enemy="B", start="B B", line=before + form.previous_line_colour),
            face(
                "C",
                enemy="C C",
                start="C C",
                cont=form.continue_cost,
                line=now + form.current_line_colour,
                ability="(its text)" if form.ability_used_on_current_card else None,
            ),
        ],
        hand=[face(form.button_played)],
        combo=form.previous_card_passed_with != "enemy cost",
        ability_used=form.ability_used_on_current_card,
    )
    card = state["hand"][0]["card"]
    source = {"card": card, "via": "discard", "buttons": [form.button_played]}
    return state, {"kind": "pass", "cost": "combo-continue", "sources": [source]}


class AbilityForm(BaseModel):
    current_card_has_ability: bool = True
    ability_already_used_on_this_card: bool = False
    face_down_card_in_hand: bool = False
    pay_by: Literal["flipping a face-up hand card", "discarding my face-down hand card"] = (
        "flipping a face-up hand card"
    )


def build_ability(form: AbilityForm) -> tuple[Json, Json]:
    state = board(
        "tutorial",
        level=[
            face("B", enemy="B", ability="(its text)" if form.current_card_has_ability else None)
        ],
        face_down_hand=0 if form.face_down_card_in_hand else None,
        ability_used=form.ability_already_used_on_this_card,
    )
    hand = state["hand"]
    if form.pay_by.startswith("flipping"):
        card = hand[1]["card"] if form.face_down_card_in_hand else hand[0]["card"]
        return state, {"kind": "ability", "pay": "flip", "card": card}
    return state, {"kind": "ability", "pay": "discard", "card": hand[0]["card"]}


class EndRunForm(BaseModel):
    difficulty: Difficulty = "standard"
    run: int = Field(1, ge=1, le=4, description="The number on the Hero Card")


def build_end_run(form: EndRunForm) -> tuple[Json, Json]:
    return board(form.difficulty, run=form.run), {"kind": "end-run"}


class AchievementForm(BaseModel):
    achievement: AchievementSlug = "well-equipped"
    won_on_run: int = Field(3, ge=1, le=4)
    equipment_cards_left_in_hand: int = Field(1, ge=0, le=2)
    unpressed_cards_left_in_level: int = Field(3, ge=0, le=12)
    three_cards_in_a_row_with_three_star_costs: bool = False


def build_achievement(form: AchievementForm) -> tuple[Json, Json]:
    difficulty = ACHIEVEMENT_DIFFICULTY[form.achievement]
    size = level_size(difficulty, form.won_on_run)
    unpressed = min(form.unpressed_cards_left_in_level, size)
    three = (
        [face("A", enemy="* * *")] * 3 if form.three_cards_in_a_row_with_three_star_costs else []
    )
    kept = form.equipment_cards_left_in_hand
    state = board(
        difficulty,
        run=form.won_on_run,
        hero=size,
        level=list(three),
        equipment_discarded=(kept < 2, kept < 1),
        # The final card is passed last, so it is never pressed: press from the left.
        pressed=tuple(range(max(0, min(size - 1, size - unpressed)))),
        outcome="won",
    )
    return state, {"kind": "claim", "claim": form.achievement}


QUESTIONS: tuple[Question, ...] = (
    Question(
        "can-i-press",
        "Can I press this card?",
        PressForm,
        build_press,
        "Only face-up cards you passed during this run can be pressed, once each.",
    ),
    Question(
        "can-i-pay",
        "Can I pay this cost with these cards?",
        PayForm,
        build_pay,
        "Each button pays one icon; a star takes any button.",
    ),
    Question(
        "can-i-continue-my-combo",
        "Can I continue my combo?",
        ComboForm,
        build_combo,
        "The line must connect, the combo must be running, and no ability used on this card.",
    ),
    Question(
        "can-i-use-this-ability",
        "Can I use this ability, and how do I pay for it?",
        AbilityForm,
        build_ability,
        "Flip a face-up hand card, or discard your face-down one; once per current card.",
    ),
    Question(
        "what-happens-when-my-run-ends",
        "What happens when my run ends?",
        EndRunForm,
        build_end_run,
        "The five end-of-run steps, or the loss if it was the fourth run.",
    ),
    Question(
        "did-i-earn-this-achievement",
        "Did I earn this achievement?",
        AchievementForm,
        build_achievement,
        "Judged on the board as it stands when you pass the final card.",
    ),
)
