"""Disputes about the end of a run: the five steps, the fourth run, ending by choice."""

from __future__ import annotations

from .helpers import (
    END_RUN,
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


def test_a_player_may_end_a_run_while_a_cost_could_still_be_paid() -> None:
    ruling = rule(tutorial_run(), END_RUN)
    assert_legal(ruling, "run-ends", "8.1")
    assert "hyperstar-run:ending-a-run-voluntarily" in ruling.interpretations
    assert any("could still pass" in note for note in ruling.notes)


def test_ending_a_run_when_no_cost_can_be_paid_rests_on_no_interpretation() -> None:
    ruling = rule(_stuck_board(), END_RUN)
    assert "hyperstar-run:ending-a-run-voluntarily" not in ruling.interpretations
