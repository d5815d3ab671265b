"""Disputes about paying a cost: matching icons, stars, discarding and pressing."""

from __future__ import annotations

from .helpers import (
    assert_answer_is_plain,
    assert_illegal,
    assert_legal,
    assert_voided,
    board,
    discard,
    face,
    pass_card,
    press,
    rule,
    tutorial_run,
)


def test_discarding_a_matching_button_and_pressing_any_button_for_the_star_passes_the_card() -> (
    None
):
    ruling = rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), press("L2", "B")))
    after = assert_legal(ruling, "cost-paid", "4.3")
    assert "star-takes-any-button" in [r.code for r in ruling.reasons]
    assert after["hero"] == 3
    assert after["level"][1]["pressed"] is True
    assert after["level"][3]["face_up"] is True, "the next card is flipped face up (4.4)"
    assert [h["card"] for h in after["discard"]] == ["L10"]


def test_a_named_icon_cannot_be_paid_with_a_different_button() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("L11", "B"), discard("L12", "C")))
    assert_illegal(ruling, "cost-not-covered", "5.1")


def test_a_star_button_does_not_pay_a_named_icon() -> None:
    state = tutorial_run(hand=[face("*"), face("B"), face("C")])
    ruling = rule(state, pass_card("enemy", discard("L10", "*"), discard("L11", "B")))
    assert_illegal(ruling, "cost-not-covered", "5.1")
    assert "hyperstar-run:star-buttons" in ruling.interpretations


def test_a_star_in_the_cost_is_payable_by_a_star_button() -> None:
    state = tutorial_run(hand=[face("*"), face("B"), face("C")])
    ruling = rule(state, pass_card("enemy", discard("E1", "A"), discard("L10", "*")))
    assert_legal(ruling, "star-takes-any-button", "5.2")
    assert "hyperstar-run:star-buttons" in ruling.interpretations


def test_playing_more_buttons_than_the_cost_has_icons_is_illegal() -> None:
    ruling = rule(
        tutorial_run(),
        pass_card("enemy", discard("L10", "A"), discard("L11", "B"), discard("L12", "C")),
    )
    assert_illegal(ruling, "button-not-needed", "5.1")
    assert "hyperstar-run:buttons-cover-cost-exactly" in ruling.interpretations


def test_paying_with_no_buttons_at_all_is_illegal() -> None:
    assert_illegal(rule(tutorial_run(), pass_card("enemy")), "no-buttons-played", "5.1")


def test_a_button_the_card_does_not_show_cannot_be_played() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), discard("L11", "C")))
    assert_illegal(ruling, "button-not-on-card", "5.3")


def test_the_same_card_cannot_give_buttons_twice_in_one_payment() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), discard("L10", "A")))
    assert_illegal(ruling, "card-used-twice", "5.4")


def test_a_card_that_is_not_in_hand_cannot_be_discarded() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("L1", "A"), press("L2", "B")))
    assert_illegal(ruling, "discard-not-in-hand", "5.4")


def test_a_face_down_hand_card_gives_no_buttons() -> None:
    ruling = rule(
        tutorial_run(face_down_hand=0), pass_card("enemy", discard("L10", "A"), press("L2", "B"))
    )
    assert_illegal(ruling, "discard-face-down", "5.4")
    assert "hyperstar-run:face-down-cards-give-no-buttons" in ruling.interpretations


def test_an_equipment_card_may_give_both_its_buttons() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("E1", "A", "B")))
    assert_legal(ruling, "cost-paid", "4.3")


def test_an_equipment_card_discarded_for_one_button_loses_the_other() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("E1", "A"), press("L1", "A")))
    assert_legal(ruling, "equipment-button-lost", "5.6")


def test_the_lost_button_of_a_discarded_equipment_card_cannot_be_used_later() -> None:
    state = tutorial_run(equipment_discarded=(True, False))
    ruling = rule(state, pass_card("enemy", discard("L10", "A"), discard("E1", "B")))
    assert_illegal(ruling, "equipment-button-lost", "5.6")


def test_a_card_passed_this_run_can_be_pressed() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", press("L1", "A"), press("L2", "B")))
    after = assert_legal(ruling, "cost-paid", "4.3")
    assert after["level"][0]["pressed"] and after["level"][1]["pressed"]
    assert after["discard"] == [], "a pressed card stays in the level (5.5)"


def test_the_current_card_cannot_be_pressed() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), press("L3", "C")))
    assert_illegal(ruling, "press-not-passed-this-run", "5.5")


def test_a_card_ahead_of_the_hero_cannot_be_pressed_even_if_face_up() -> None:
    state = tutorial_run()
    state["faces"]["L4"] = face("D", enemy="D")
    state["level"][3]["face_up"] = True  # flipped by some ability, but not yet passed
    ruling = rule(state, pass_card("enemy", discard("L10", "A"), press("L4", "D")))
    assert_illegal(ruling, "press-not-passed-this-run", "5.5")
    assert "hyperstar-run:passed-this-run-means-behind-the-hero" in ruling.interpretations


def test_a_pressed_card_cannot_be_pressed_again_in_the_same_run() -> None:
    ruling = rule(
        tutorial_run(pressed=(0,)), pass_card("enemy", discard("L10", "A"), press("L1", "A"))
    )
    assert_illegal(ruling, "press-already-pressed", "5.5")
    assert "hyperstar-run:pressed-card-cannot-be-pressed-again" in ruling.interpretations


def test_a_face_down_card_in_the_level_cannot_be_pressed() -> None:
    ruling = rule(
        tutorial_run(face_down_level=(1,)),
        pass_card("enemy", discard("L10", "A"), press("L2", "B")),
    )
    assert_illegal(ruling, "press-face-down", "5.5")


def test_an_equipment_card_cannot_be_pressed() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", press("E1", "A"), press("L1", "A")))
    assert_illegal(ruling, "press-equipment", "5.5")


def test_a_hand_card_cannot_be_pressed() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", press("L10", "A"), press("L1", "A")))
    assert_illegal(ruling, "press-not-in-level", "5.5")


def test_a_cost_the_card_does_not_show_cannot_be_paid() -> None:
    state = board("tutorial", level=[face("A", enemy="A")], hand=[face("A"), face("A")])
    ruling = rule(state, pass_card("combo-start", discard("L10", "A"), discard("L11", "A")))
    assert_illegal(ruling, "cost-not-printed", "1.2")


def test_passing_the_final_card_wins_the_game() -> None:
    faces = [face("A", enemy="A") for _ in range(9)]
    state = board("tutorial", hero=8, level=faces, hand=[face("A"), face("B"), face("C")])
    after = assert_legal(
        rule(state, pass_card("enemy", discard("L10", "A"))), "final-card-passed", "9.1"
    )
    assert after["outcome"] == "won"
    assert after["hero"] == 9


def test_no_move_is_made_once_the_game_is_won() -> None:
    faces = [face("A", enemy="A") for _ in range(9)]
    state = board("tutorial", hero=9, level=faces, outcome="won")
    assert_illegal(rule(state, pass_card("enemy", press("L1", "A"))), "game-already-won", "9.1")


def test_no_move_is_made_once_the_fourth_run_has_ended_short() -> None:
    state = board("tutorial", run=4, hero=2, level=[face("A", enemy="A")] * 3, outcome="lost")
    ruling = rule(state, pass_card("enemy", press("L1", "A")))
    assert_illegal(ruling, "game-already-lost", "8.2")
    assert_illegal(rule(state, {"kind": "end-run"}), "game-already-lost", "8.2")


def test_passing_a_card_moves_the_hero_on_and_flips_the_next_card_face_up() -> None:
    ruling = rule(tutorial_run(), pass_card("enemy", discard("L10", "A"), discard("L11", "B")))
    after = assert_legal(ruling, "hero-moves-on", "4.4")
    assert after["hero"] == 3
    assert after["level"][3] == {"card": "L4", "face_up": True, "pressed": False}
    assert all(not s["face_up"] for s in after["level"][4:]), "only the next card is flipped"


# ----- a card that shows several buttons (reference ruling `card-with-several-buttons`) -----


def _two_button_press(current: dict) -> dict:
    """L1 [A B] passed behind the hero; `current` is L2; the hand shows only C buttons."""
    return board(
        "tutorial",
        hero=1,
        level=[face("A B", enemy="A"), current],
        hand=[face("C"), face("C"), face("C")],
        equipment=("C D", "C D"),
    )


def test_a_pressed_card_with_two_buttons_pays_one() -> None:
    """Pressing is "to use its button": L1 cannot give both A and B to pay [A B]."""
    state = _two_button_press(face("C", enemy="A B"))
    ruling = rule(state, pass_card("enemy", press("L1", "A", "B")))
    assert_illegal(ruling, "press-gives-one-button", "5.5")
    assert "hyperstar-run:card-with-several-buttons" in ruling.interpretations
    assert_answer_is_plain(ruling)


def test_a_second_button_named_on_a_pressed_card_is_void_when_the_pass_stands() -> None:
    """[A *]: L1 pressed gives its A, L10 pays the star; the B named with the A is void."""
    state = _two_button_press(face("C", enemy="A *"))
    ruling = rule(state, pass_card("enemy", press("L1", "A", "B"), discard("L10", "C")))
    after = assert_voided(ruling, "press-extra-button-void", "5.5")
    assert "hyperstar-run:card-with-several-buttons" in ruling.interpretations
    assert after["level"][0]["pressed"] is True and after["hero"] == 2


def test_a_pressed_card_named_for_both_buttons_of_a_one_icon_cost_gives_one() -> None:
    state = _two_button_press(face("C", enemy="B"))
    ruling = rule(state, pass_card("enemy", press("L1", "A", "B")))
    assert_voided(ruling, "press-extra-button-void", "5.5")
    assert "hyperstar-run:card-with-several-buttons" in ruling.interpretations


def test_a_discarded_level_card_gives_each_of_its_buttons() -> None:
    state = board(
        "tutorial",
        level=[face("C", enemy="A B")],
        hand=[face("A B"), face("C"), face("C")],
        equipment=("C D", "C D"),
    )
    ruling = rule(state, pass_card("enemy", discard("L10", "A", "B")))
    assert_legal(ruling, "paid-by-discard", "5.4")
    assert ruling.voided == []
