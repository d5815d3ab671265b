"""Disputes where the question did not say where every card is: the forms list only the cards
they ask about (the ones you discard, the card you flip), and the rest of the hand and the
discard pile are not described (`not_described`), never a full hand and an empty pile made
up to place every card. A ruling that reads only the cards asked is ruled the same as with
the whole table; one that reads the whole hand is refused naming it; the picture and its
words say "not described" (issue 18, point 3)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidMove, InvalidState
from games.hyperstar_run.picture import describe, layout
from games.hyperstar_run.questions import AbilityForm, AchievementForm, EndRunForm, PayForm
from games.hyperstar_run.solver import solve_json
from games.hyperstar_run.state import State

from .helpers import (
    END_RUN,
    RULES,
    ability,
    assert_illegal,
    assert_legal,
    board,
    claim,
    codes,
    discard,
    face,
    pass_card,
    tutorial_run,
)

JSON = dict[str, Any]


def build(slug: str, form: Any) -> tuple[JSON, JSON]:
    question = next(q for q in RULES.questions if q.slug == slug)
    return question.build(form)


def places(state: JSON) -> list[str]:
    return [h["card"] for h in (*state["hand"], *state["discard"])]


# ----- the forms place only the cards they ask -----


@pytest.mark.parametrize("question", RULES.questions, ids=lambda q: q.slug)
def test_no_form_makes_up_a_full_hand_or_an_empty_discard_pile(question: Any) -> None:
    state, move = build(question.slug, question.form())
    assert "hand" in state["not_described"] and "discard" in state["not_described"]
    named = {s["card"] for s in move.get("sources", [])} | {move.get("card")}
    for held in state["hand"]:
        # Each card in the hand is one the question asks about: a card that pays, the card
        # you flip or your face-down card, or an Equipment Card the form placed.
        assert held["card"] in named or question.slug in (
            "can-i-use-this-ability",
            "did-i-earn-this-achievement",
        ), (question.slug, held)
    assert RULES.rule_json(state, move).summary


def test_the_press_form_places_nothing_in_the_hand_or_the_discard_pile() -> None:
    state, _ = build("can-i-press", next(q for q in RULES.questions).form())
    assert state["hand"] == [] and state["discard"] == []


def test_paying_places_the_cards_you_discard_and_only_them() -> None:
    state, move = build("can-i-pay", PayForm())
    discarded = [s["card"] for s in move["sources"] if s["via"] == "discard"]
    assert [h["card"] for h in state["hand"]] == discarded  # a Level Card and E1
    assert "E2" not in places(state)


# ----- the rulings -----


def _whole_table(state: JSON) -> JSON:
    """The same board with every card placed: the hand filled up, the discard pile empty."""
    full = dict(state)
    placed = {s["card"] for s in state["level"]} | set(places(state)) | set(state["set_aside"])
    missing = [c for c in [f"L{n}" for n in range(1, 16)] + ["E1", "E2"] if c not in placed]
    full["hand"] = [*state["hand"], *({"card": c, "face_up": True} for c in missing)]
    full.pop("not_described")
    return full


def test_i_can_pay_with_the_cards_i_discard_whatever_else_is_in_my_hand() -> None:
    state, move = build("can-i-pay", PayForm())
    unsaid = RULES.rule_json(state, move)
    assert_legal(unsaid, "cost-paid", "4.3")
    assert "hyperstar-run:5.4" in unsaid.cited_rules()
    whole = RULES.rule_json(_whole_table(state), move)
    assert whole.verdict == unsaid.verdict and codes(whole) == codes(unsaid)
    after = unsaid.next_state
    assert after is not None and after["not_described"] == ["hand", "face_down_card", "discard"]


def test_an_old_board_that_leaves_a_card_nowhere_is_still_refused() -> None:
    state = tutorial_run()
    state["hand"] = state["hand"][1:]
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, END_RUN)
    assert caught.value.field == "state"


def test_a_card_left_nowhere_on_a_hand_not_described_is_not_known_to_pay() -> None:
    """L14 is placed nowhere (L11-L13 are set aside, and a set-aside card is refused by 2.3
    whatever it shows): whether it is in your hand was not described."""
    state = tutorial_run(hand=[face("A")], equipment=None, not_described=("hand", "discard"))
    state["equipment"] = {}
    assert "L14" not in places(state) and "L14" not in state["set_aside"]
    move = pass_card("enemy", discard("L14", "A"), discard("L10", "A"))
    with pytest.raises(InvalidMove) as caught:
        RULES.rule_json(state, move)
    assert caught.value.field == "move.sources.0.card"


def test_what_can_i_do_now_needs_the_whole_hand() -> None:
    state = tutorial_run(not_described=("hand",))
    with pytest.raises(InvalidMove) as caught:
        RULES.legal_moves_json(state)
    assert caught.value.field == "state.hand"


def test_the_best_line_needs_the_whole_hand() -> None:
    state = tutorial_run(not_described=("hand",))
    with pytest.raises(InvalidMove) as caught:
        solve_json(state)
    assert caught.value.field == "state.hand"


def test_flipping_for_an_ability_needs_to_know_whether_i_hold_a_face_down_card() -> None:
    """Rule 6.4: flipping is void if you already hold a face-down card."""
    state, move = build("can-i-use-this-ability", AbilityForm())
    state["not_described"] = [*state["not_described"], "face_down_card"]
    with pytest.raises(InvalidMove) as caught:
        RULES.rule_json(state, move)
    assert caught.value.field == "state.hand"


def test_the_ability_form_asks_about_the_face_down_card_so_flipping_is_ruled() -> None:
    state, move = build("can-i-use-this-ability", AbilityForm())
    assert "face_down_card" not in state["not_described"]
    assert_legal(RULES.rule_json(state, move), "ability-used", "6.1")


def test_with_my_face_down_card_listed_flipping_is_void_and_it_pays_instead() -> None:
    state, move = build("can-i-use-this-ability", AbilityForm(face_down_card_in_hand=True))
    ruling = RULES.rule_json(state, move)
    assert ruling.legal and "flip-void-discard-instead" in [r.code for r in ruling.voided]
    assert "hyperstar-run:6.4" in [r.rule for r in ruling.voided]


def test_a_listed_face_down_card_cannot_leave_another_not_described() -> None:
    state, move = build("can-i-use-this-ability", AbilityForm(face_down_card_in_hand=True))
    state["not_described"] = [*state["not_described"], "face_down_card"]
    with pytest.raises(InvalidState) as caught:
        RULES.rule_json(state, move)
    assert caught.value.field == "state.not_described"


def test_my_run_ends_on_my_word_and_the_next_run_keeps_the_hand_not_described() -> None:
    state, move = build("what-happens-when-my-run-ends", EndRunForm(current_card=4))
    ruling = RULES.rule_json(state, move)
    after = assert_legal(ruling, "run-ends", "8.1")
    assert "hyperstar-run:8.4" in ruling.cited_rules()
    assert any("Your hand was not described in full" in n for n in ruling.notes)
    assert "the cards of your discard pile (not described) return to your hand" in [
        r.detail for r in ruling.reasons
    ]
    assert after["discard"] == [] and after["not_described"] == ["hand"]
    assert "the card that was leftmost added to your hand" in (ruling.answer or "")


def test_well_equipped_needs_where_the_equipment_cards_are() -> None:
    state, move = build("did-i-earn-this-achievement", AchievementForm())
    assert_legal(RULES.rule_json(state, move), "well-equipped-earned", "11.3")
    state["hand"] = [h for h in state["hand"] if not h["card"].startswith("E")]
    with pytest.raises(InvalidMove) as caught:
        RULES.rule_json(state, claim("well-equipped"))
    assert caught.value.field == "state.hand"


def test_a_setup_with_the_hand_not_described_is_not_a_correct_setup() -> None:
    state = board("tutorial", not_described=("hand",), hand=[face("A")])
    ruling = RULES.rule_json(state, {"kind": "setup"})
    assert_illegal(ruling, "setup-hand-level-cards", "2.3")
    assert "your hand was not described in full" in [r.detail for r in ruling.reasons]


# ----- the picture -----


def test_the_picture_says_the_hand_and_the_pile_were_not_described() -> None:
    state, _ = build("what-happens-when-my-run-ends", EndRunForm())
    board_ = State.model_validate(state)
    said = describe(board_)
    assert "Your hand was not described." in said
    assert "The discard pile was not described." in said
    assert "is empty" not in said
    drawn = layout(board_, "Run ends")
    shown = [t["text"] for t in drawn["texts"]]
    assert "Hand: not described" in shown and "Discard pile: not described" in shown
    assert "(empty)" not in shown and drawn["discard"]["count"] == "?"


def test_the_picture_says_the_cards_you_discard_and_that_the_rest_was_not_described() -> None:
    state, _ = build("can-i-pay", PayForm())
    drawn = layout(State.model_validate(state), "Pay")
    assert "Hand: 2 shown, rest not described" in [t["text"] for t in drawn["texts"]]


def test_a_board_with_every_card_placed_is_drawn_as_before() -> None:
    board_ = State.model_validate(tutorial_run())
    said = describe(board_)
    assert "not described" not in said.split("Your hand")[1]
    assert "Hand (5)" in [t["text"] for t in layout(board_, "Run")["texts"]]


def test_an_ability_pays_from_a_card_you_named() -> None:
    state, _ = build("can-i-use-this-ability", AbilityForm())
    move = ability("flip", "L15")  # a card the question never placed
    with pytest.raises(InvalidMove) as caught:
        RULES.rule_json(state, move)
    assert caught.value.field == "move.card"
