"""Disputes about abilities and the swaps they make."""

from __future__ import annotations

from .helpers import (
    END_RUN,
    ability,
    assert_answer_is_plain,
    assert_illegal,
    assert_legal,
    assert_voided,
    board,
    codes,
    discard,
    face,
    pass_card,
    rule,
    swap,
)


def _ability_board(swaps: bool = False, **kw: object) -> dict:
    """The hero over L2, whose ability is given; L1 passed; hand L10 [A], L11 [B], L12 [C]."""
    args: dict = {
        "hero": 1,
        "level": [
            face("A", enemy="A", start="A A", line="R red"),
            face("B", enemy="B", start="B B", cont="C", line="L red", ability="x", swap=swaps),
        ],
        "hand": [face("A"), face("B"), face("C")],
    }
    args.update(kw)
    return board("tutorial", **args)


def test_an_ability_is_paid_by_flipping_a_face_up_hand_card() -> None:
    ruling = rule(_ability_board(), ability("flip", "L10"))
    after = assert_legal(ruling, "ability-used", "6.1")
    assert after["hand"][0] == {"card": "L10", "face_up": False}
    assert after["ability_used"] is True


def test_the_effect_of_an_unknown_ability_is_the_players_to_apply() -> None:
    ruling = rule(_ability_board(), ability("flip", "L10"))
    assert_legal(ruling, "ability-effect-is-yours", "6.5")
    assert "hyperstar-run:ability-effects-unknown" in ruling.interpretations
    assert ruling.notes


def test_flipping_while_holding_a_face_down_card_is_void_and_that_card_pays_instead() -> None:
    ruling = rule(_ability_board(face_down_hand=0), ability("flip", "L11"))
    after = assert_voided(ruling, "flip-void-discard-instead", "6.4")
    assert after["discard"][-1] == {"card": "L10", "face_up": False}
    assert {"card": "L11", "face_up": True} in after["hand"]
    assert after["ability_used"] is True
    assert "not by flipping" in ruling.answer
    assert_answer_is_plain(ruling)


def test_discarding_the_face_down_card_pays_for_an_ability_and_it_stays_face_down() -> None:
    ruling = rule(_ability_board(face_down_hand=0), ability("discard", "L10"))
    after = assert_legal(ruling, "ability-used", "6.1")
    assert after["discard"][-1] == {"card": "L10", "face_up": False}


def test_a_face_up_card_cannot_be_discarded_to_pay_for_an_ability() -> None:
    ruling = rule(_ability_board(), ability("discard", "L10"))
    assert_illegal(ruling, "ability-discard-needs-face-down", "6.2")


def test_a_face_down_card_cannot_be_flipped_again_to_pay() -> None:
    ruling = rule(_ability_board(face_down_hand=0), ability("flip", "L10"))
    assert_illegal(ruling, "ability-flip-needs-face-up", "6.2")


def test_an_ability_cannot_be_paid_with_a_card_outside_the_hand() -> None:
    assert_illegal(rule(_ability_board(), ability("flip", "L1")), "ability-card-not-in-hand", "6.2")


def test_an_ability_is_used_at_most_once_per_current_card() -> None:
    ruling = rule(_ability_board(ability_used=True), ability("flip", "L10"))
    assert_illegal(ruling, "ability-already-used", "6.6")


def test_a_card_without_an_ability_has_none_to_use() -> None:
    state = _ability_board()
    del state["faces"]["L2"]["ability"]
    assert_illegal(rule(state, ability("flip", "L10")), "no-ability", "6.1")


def test_the_next_cards_ability_can_be_used_after_moving_on() -> None:
    state = _ability_board(ability_used=True)
    state["faces"]["L3"] = face("D", enemy="D", ability="y")
    after = rule(state, pass_card("enemy", discard("L11", "B"))).next_state
    assert after is not None and after["ability_used"] is False
    assert_legal(rule(after, ability("flip", "L10")), "ability-used", "6.1")


def test_using_an_ability_ends_a_running_combo() -> None:
    ruling = rule(_ability_board(combo=True), ability("flip", "L10"))
    assert_legal(ruling, "combo-ended-by-ability", "7.6")
    after = ruling.next_state
    assert after is not None
    again = rule(after, pass_card("combo-continue", discard("L12", "C")))
    assert_illegal(again, "combo-ended-by-ability", "7.6")


def test_a_swap_ability_must_be_resolved_before_anything_else() -> None:
    after = rule(_ability_board(swaps=True), ability("flip", "L10")).next_state
    assert after is not None and after["swap_pending"] is True
    assert_illegal(rule(after, pass_card("enemy", discard("L11", "B"))), "swap-not-resolved", "6.5")
    assert_illegal(rule(after, END_RUN), "swap-not-resolved", "6.5")


def test_a_swapped_card_keeps_its_face_and_takes_the_pressed_state() -> None:
    state = _ability_board(swaps=True, pressed=(0,))
    after = rule(state, ability("flip", "L10")).next_state
    assert after is not None
    ruling = rule(after, swap("L1", "L10"))
    done = assert_legal(ruling, "swap-enters-pressed", "10.2")
    assert "swap-keeps-face" in codes(ruling)
    assert ruling.deciding_rule == "hyperstar-run:10.2"  # it comes in pressed: that decides
    assert ruling.answer.endswith("pressed, as the card it swapped with was.")
    assert done["level"][0] == {"card": "L10", "face_up": False, "pressed": True}
    assert done["hand"][0] == {"card": "L1", "face_up": True}


def test_swapping_out_the_current_card_lets_the_new_one_use_its_ability() -> None:
    after = rule(_ability_board(swaps=True), ability("flip", "L10")).next_state
    assert after is not None
    ruling = rule(after, swap("L2", "L11"))
    done = assert_legal(ruling, "swap-fresh-current-card", "6.6")
    assert done["ability_used"] is False
    assert done["level"][1]["card"] == "L11"


def test_no_swap_without_a_swap_ability_just_used() -> None:
    ruling = rule(_ability_board(), swap("L1", "L10"))
    assert_illegal(ruling, "no-swap-pending", "6.5")
    assert "hyperstar-run:swaps-come-from-abilities" in ruling.interpretations


def test_an_equipment_card_is_never_swapped_into_the_level() -> None:
    after = rule(_ability_board(swaps=True), ability("flip", "L10")).next_state
    assert after is not None
    assert_illegal(rule(after, swap("L1", "E1")), "swap-equipment-into-level", "2.2")


def test_a_swap_cannot_leave_two_face_down_cards_in_hand() -> None:
    state = _ability_board(swaps=True)
    after = rule(state, ability("flip", "L10")).next_state
    assert after is not None
    # L5, ahead of the hero, is still face down: taking it would give a second face-down card.
    assert_illegal(rule(after, swap("L5", "L11")), "swap-two-face-down", "6.3")


def test_a_swap_ability_with_nothing_to_swap_lets_play_go_on() -> None:
    state = _ability_board(
        swaps=True,
        hand=[],
        discard=[face("A"), face("B"), face("C")],
        equipment_discarded=(False, False),
    )
    after = rule(state, ability("flip", "E1")).next_state
    assert after is not None and after["swap_pending"] is True
    ruling = rule(after, pass_card("enemy", discard("E2", "C")))
    assert not ruling.legal and "swap-not-resolved" not in codes(ruling)
    assert_legal(rule(after, END_RUN), "run-ends", "8.1")


def test_swapping_out_the_current_card_does_not_revive_the_ended_combo() -> None:
    after = rule(_ability_board(swaps=True, combo=True), ability("flip", "L10")).next_state
    assert after is not None
    done = rule(after, swap("L2", "L11")).next_state
    assert done is not None and done["combo"] is False


def test_a_swap_ability_is_carried_out_at_once_before_anything_else() -> None:
    ruling = rule(_ability_board(swaps=True), ability("flip", "L10"))
    after = assert_legal(ruling, "ability-swap-next", "6.5")
    assert after["swap_pending"] is True
    assert "ability-effect-is-yours" not in codes(ruling), "a swap's effect is known"


def test_a_swap_takes_a_card_from_the_level_and_one_from_the_hand() -> None:
    after = rule(_ability_board(swaps=True), ability("flip", "L10")).next_state
    assert after is not None
    # L13 is set aside: it is in neither the level nor the hand.
    assert_illegal(rule(after, swap("L13", "L11")), "swap-card-not-in-level", "6.5")
    # L3 lies in the level, not in the hand.
    assert_illegal(rule(after, swap("L1", "L3")), "swap-card-not-in-hand", "6.5")


def test_a_face_down_level_card_swapped_into_hand_stays_face_down() -> None:
    after = rule(_ability_board(swaps=True), ability("flip", "L10")).next_state
    assert after is not None
    # L10 was flipped to pay, so the hand's face-down card goes to the level: then L5, face
    # down ahead of the hero, may come into the hand and keeps its face down.
    ruling = rule(after, swap("L5", "L10"))
    done = assert_legal(ruling, "swap-keeps-face", "10.1")
    assert {"card": "L5", "face_up": False} in done["hand"]
    assert done["level"][4] == {"card": "L10", "face_up": False, "pressed": False}
