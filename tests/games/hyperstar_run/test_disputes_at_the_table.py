"""Disputes as players bring them from the rulebook: the verdict, the rule a player shows the
other, and answers in the words of the table (places in the level, never a card's id)."""

from __future__ import annotations

from games.core.readings import flipped
from games.hyperstar_run.reasons import STAR_BUTTONS

from .helpers import (
    RULES,
    ability,
    assert_answer_is_plain,
    assert_illegal,
    assert_legal,
    board,
    claim,
    codes,
    discard,
    face,
    pass_card,
    press,
    rule,
    swap,
    tutorial_run,
)


def test_may_i_press_card_1_for_both_of_its_buttons() -> None:
    """L1 shows [A B]; the hero is over L3, whose enemy costs [A B]."""
    state = tutorial_run(
        level=[face("A B", enemy="A"), face("B", enemy="B"), face("C", enemy="A B", start="C C")],
        hand=[face("C"), face("C"), face("C")],
        equipment=("C D", "C D"),
    )
    ruled = rule(state, pass_card("enemy", press("L1", "A", "B")))
    assert_illegal(ruled, "press-gives-one-button", "5.5")
    assert ruled.deciding_rule == "hyperstar-run:5.5"
    assert [t.key for t in ruled.readings_deciding] == ["hyperstar-run:card-with-several-buttons"]
    assert "card 1 of the level is pressed for [A B]" in ruled.answer
    assert "L1" not in ruled.answer
    assert_answer_is_plain(ruled)


def test_does_my_star_button_pay_the_a_of_the_enemy_cost() -> None:
    state = tutorial_run(
        level=[face("A", enemy="A"), face("B", enemy="B"), face("C", enemy="A B", start="C C")],
        hand=[face("*"), face("B"), face("C")],
    )
    move = pass_card("enemy", discard("L10", "*"), discard("L11", "B"))
    ruled = rule(state, move)
    assert_illegal(ruled, "cost-not-covered", "5.1")
    assert ruled.deciding_rule == "hyperstar-run:5.1"
    assert [t.key for t in ruled.readings_deciding] == [STAR_BUTTONS]
    assert "a star button is not wild" in ruled.answer
    with flipped(STAR_BUTTONS):
        assert rule(state, move).legal


def test_a_star_button_paying_a_star_of_the_cost_is_plain() -> None:
    state = tutorial_run(
        level=[face("A", enemy="A"), face("B", enemy="B"), face("C", enemy="* B", start="C C")],
        hand=[face("*"), face("B"), face("C")],
    )
    ruled = rule(state, pass_card("enemy", discard("L10", "*"), discard("L11", "B")))
    assert_legal(ruled, "star-takes-any-button", "5.2")
    assert ruled.deciding_rule == "hyperstar-run:5.2"
    assert ruled.readings_deciding == []


def test_a_setup_with_a_second_card_face_up_names_its_place() -> None:
    state = board("tutorial")
    state["level"][1]["face_up"] = True
    ruled = rule(state, {"kind": "setup"})
    assert_illegal(ruled, "setup-level-face-down", "2.2")
    assert ruled.answer == (
        "No, this is not a correct setup: card 2 of the level should still be face down."
    )


def test_swapping_an_unpressed_card_brings_the_new_one_in_unpressed() -> None:
    state = board(
        "tutorial",
        hero=2,
        level=[face("A", enemy="A"), face("B", enemy="B"), face("C", enemy="D D", swap=True)],
        hand=[face("A"), face("B"), face("C")],
    )
    log = [ability("flip", "L10"), swap("L1", "L11")]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal"
    swapped = ruled.rulings[1]
    assert "swap-takes-pressed-state" in codes(swapped)
    assert swapped.deciding_rule == "hyperstar-run:10.1"
    assert swapped.answer.endswith("takes its place in the level.")


def test_swapping_out_a_pressed_card_is_settled_by_the_pressed_state_rule() -> None:
    state = board(
        "tutorial",
        hero=2,
        level=[face("A", enemy="A"), face("B", enemy="B"), face("C", enemy="D D", swap=True)],
        hand=[face("A"), face("B"), face("C")],
        pressed=(0,),
    )
    ruled = RULES.rule_sequence_json(state, [ability("flip", "L10"), swap("L1", "L11")])
    swapped = ruled.rulings[1]
    assert_legal(swapped, "swap-enters-pressed", "10.2")
    assert swapped.deciding_rule == "hyperstar-run:10.2"
    assert swapped.next_state is not None
    assert swapped.next_state["level"][0] == {"card": "L11", "face_up": True, "pressed": True}
    assert_answer_is_plain(swapped)


def test_claiming_the_win_of_a_lost_game() -> None:
    ruled = rule(board("hard", run=4, outcome="lost"), claim())
    assert_illegal(ruled, "game-not-won", "9.1")
    assert ruled.answer == (
        "No: your fourth run ended short of the final card, so you lost the game."
    )


def test_claiming_an_achievement_before_the_final_card() -> None:
    ruled = rule(tutorial_run(), claim("button-masher"))
    assert_illegal(ruled, "game-not-won", "9.1")
    assert ruled.answer == "No: the game is not won yet, so it earns no achievement."
    assert rule(tutorial_run(), claim()).answer == (
        "No: the final card is not passed yet, so you have not won."
    )
