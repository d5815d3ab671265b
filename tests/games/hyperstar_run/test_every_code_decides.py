"""Disputes where a reason code that can decide is the rule a player shows: each names the
deciding rule and the answer's words (tests/games/test_deciding_rules.py)."""

from __future__ import annotations

from games.core.deciding import deciding_reason

from .helpers import board, face, pass_card, press, rule


def test_an_equipment_card_face_down_in_hand_is_not_a_correct_setup() -> None:
    """Both Equipment Cards start in hand, face up (2.4)."""
    state = board("hard")
    equipment = [h for h in state["hand"] if h["card"].startswith("E")]
    equipment[1]["face_up"] = False
    ruling = rule(state, {"kind": "setup"})
    assert not ruling.legal
    assert [r.code for r in ruling.reasons] == ["setup-hand-equipment"]
    assert ruling.deciding_rule == "hyperstar-run:2.4"
    assert ruling.answer.startswith("No, this is not a correct setup")
    assert "Equipment Cards must be in hand, face up" in ruling.answer


def test_a_pressed_card_named_for_both_its_buttons_gives_one() -> None:
    """L1 [A B] passed this run is pressed for A and B against an enemy cost of [B]: it
    gives one button, the B; the A named with it is void."""
    state = board(
        "tutorial",
        hero=1,
        level=[face("A B", enemy="A"), face("C", enemy="B")],
        hand=[face("C"), face("C"), face("C")],
        equipment=("C D", "C D"),
    )
    ruling = rule(state, pass_card("enemy", press("L1", "A", "B")))
    assert ruling.legal, ruling.summary
    assert [r.code for r in ruling.voided] == ["press-extra-button-void"]
    decides = deciding_reason(ruling.reasons, ruling.voided)
    assert decides is not None and decides.code == "press-extra-button-void"
    assert ruling.deciding_rule == "hyperstar-run:5.5"
    assert "pressed" in ruling.answer and "void" in ruling.answer.lower()
