"""Disputes about the end of a run: the five steps, the fourth run, ending by choice."""

from __future__ import annotations

from games.hyperstar_run.moves import EndRun

from .helpers import (
    END_RUN,
    RULES,
    assert_answer_is_plain,
    assert_illegal,
    assert_legal,
    board,
    codes,
    face,
    rule,
    tutorial_run,
)


def _stuck_board() -> dict:
    """Run 2 of a Tutorial game (8 cards in the level): L1 pressed, L10 discarded face down."""
    return board(
        "tutorial",
        run=2,
        hero=2,
        level=[
            face("A", enemy="A"),
            face("B", enemy="B"),
            face("C", enemy="D D D"),
        ],
        hand=[face("A"), face("B"), face("C")],
        discard=[face("D")],
        discard_face_down=0,
        pressed=(0,),
        equipment_discarded=(True, False),
        face_down_hand=1,
    )


def test_ending_a_run_carries_out_the_five_steps_in_order() -> None:
    state = _stuck_board()
    ruling = rule(state, END_RUN)
    after = assert_legal(ruling, "run-ends", "8.1")
    assert codes(ruling)[1:] == [
        "discards-return",
        "leftmost-to-hand",
        "hand-flipped-up",
        "pressed-reset",
        "hero-next-run",
    ]
    hand = [h["card"] for h in after["hand"]]
    # step 1: the discard pile comes back (L12 face down and E1), step 2: then L1 joins
    assert after["discard"] == []
    assert set(hand) >= {"L12", "E1", "L1"}
    assert hand[-1] == "L1"
    assert all(h["face_up"] for h in after["hand"]), "step 3"
    assert not any(s["pressed"] for s in after["level"]), "step 4"
    assert after["run"] == 3 and after["hero"] == 0, "step 5"
    assert after["level"][0]["card"] == "L2" and after["level"][0]["face_up"]
    assert len(after["level"]) == 7


def test_step_5_flips_the_new_leftmost_card_face_up() -> None:
    state = _stuck_board()
    state["level"][1]["face_up"] = False  # swapped in face down earlier
    after = assert_legal(rule(state, END_RUN), "hero-next-run", "8.8")
    assert after["level"][0]["face_up"] is True


def test_face_up_level_cards_stay_face_up_into_the_next_run() -> None:
    after = assert_legal(rule(_stuck_board(), END_RUN), "pressed-reset", "8.7")
    assert after["level"][1]["face_up"] is True  # L3, seen this run


def test_the_hand_grows_by_one_card_each_run() -> None:
    state = board("tutorial", hand=[face("A"), face("B"), face("C")])
    after = assert_legal(rule(state, END_RUN), "leftmost-to-hand", "8.5")
    assert len(after["hand"]) == 6


def test_the_fourth_run_ending_short_loses_the_game() -> None:
    state = board("tutorial", run=4, hero=3)
    after = assert_legal(rule(state, END_RUN), "fourth-run-lost", "8.2")
    assert after["outcome"] == "lost"
    assert after["run"] == 4


def test_you_may_not_end_the_run_while_you_can_still_pay() -> None:
    """L3's enemy cost [A *] can be paid from the hand: the run goes on (rule 8.1)."""
    ruling = rule(tutorial_run(), END_RUN)
    assert_illegal(ruling, "run-not-over", "8.1")
    assert ruling.interpretations == ["hyperstar-run:ending-a-run-voluntarily"]
    assert "your current card" in ruling.summary and "enemy cost" in ruling.summary
    assert_answer_is_plain(ruling)


def test_you_may_not_end_the_run_while_a_press_alone_would_pay() -> None:
    """Only L1, passed this run and not pressed, shows the A that L2's enemy cost needs."""
    state = board(
        "tutorial",
        hero=1,
        level=[face("A", enemy="A"), face("B", enemy="A")],
        hand=[face("C"), face("C"), face("C")],
        equipment=("C D", "C D"),
    )
    assert_illegal(rule(state, END_RUN), "run-not-over", "8.1")
    state["level"][0]["pressed"] = True
    assert_legal(rule(state, END_RUN), "run-ends", "8.1")


def test_an_open_continue_cost_keeps_the_run_going() -> None:
    """L2's enemy and start costs cannot be paid, but the combo runs and its continue cost
    [C] can: the run may not end."""
    state = board(
        "tutorial",
        hero=1,
        level=[face("A", enemy="A", line="R red"), face("B", enemy="F F", cont="C", line="L")],
        hand=[face("C")],
        equipment=("D E", "D E"),
        combo=True,
    )
    ruling = rule(state, END_RUN)
    assert_illegal(ruling, "run-not-over", "8.1")
    assert "combo continue cost" in ruling.summary
    state["combo"] = False
    assert_legal(rule(state, END_RUN), "run-ends", "8.1")


def test_legal_moves_offer_no_end_of_run_while_a_pass_is_open() -> None:
    state = RULES.parse_state(tutorial_run())
    assert EndRun() not in (RULES.legal_moves(state) or [])
    assert EndRun() in (RULES.legal_moves(RULES.parse_state(_stuck_board())) or [])


def test_ending_a_run_at_a_card_whose_face_is_not_given_takes_your_word() -> None:
    ruling = rule(board("tutorial", hand=[face("A"), face("B"), face("C")]), END_RUN)
    assert_legal(ruling, "run-ends", "8.1")
    assert "hyperstar-run:faces-in-the-state" in ruling.interpretations
    assert any("take your word" in note for note in ruling.notes)


def test_ending_a_run_when_no_cost_can_be_paid_rests_on_no_interpretation() -> None:
    ruling = rule(_stuck_board(), END_RUN)
    assert "hyperstar-run:ending-a-run-voluntarily" not in ruling.interpretations
