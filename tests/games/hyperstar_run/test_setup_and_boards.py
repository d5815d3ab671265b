"""Disputes about setup, and boards that cannot exist (answered as bad input, not rulings)."""

from __future__ import annotations

import pytest

from games.core import InvalidMove, InvalidState

from .helpers import RULES, assert_illegal, assert_legal, board, discard, face, pass_card, rule

SETUP = {"kind": "setup"}


@pytest.mark.parametrize(
    ("difficulty", "size"), [("tutorial", 9), ("standard", 10), ("hard", 11), ("expert", 12)]
)
def test_a_fresh_setup_is_correct_at_every_difficulty(difficulty: str, size: int) -> None:
    state = board(difficulty)
    assert len(state["level"]) == size
    assert len(state["set_aside"]) == 12 - size
    assert_legal(rule(state, SETUP), "setup-level-size", "2.1")


def test_a_tutorial_level_of_ten_cards_is_not_a_correct_setup() -> None:
    state = board("standard")
    state["difficulty"] = "tutorial"
    ruling = rule(state, SETUP)
    assert_illegal(ruling, "setup-level-size", "2.1")
    assert_illegal(ruling, "setup-set-aside", "2.3")
    assert "Tutorial level holds 9 cards in run 1, and this one holds 10" in ruling.answer


def test_ten_level_cards_on_hard_is_ruled_on_before_any_move() -> None:
    state = board("standard", level=[face("A", enemy="A")], hand=[face("A")])
    state["difficulty"] = "hard"
    ruling = rule(state, pass_card("enemy", discard("L11", "A")))
    assert_illegal(ruling, "setup-level-size", "2.1")
    assert ruling.answer.startswith("No: before any move, this table does not fit the rules")


def test_the_first_card_must_be_flipped_face_up_at_setup() -> None:
    state = board("hard", face_down_level=(0,))
    assert_illegal(rule(state, SETUP), "setup-current-face-up", "2.6")


def test_the_rest_of_the_level_starts_face_down() -> None:
    state = board("hard")
    state["level"][4]["face_up"] = True
    assert_illegal(rule(state, SETUP), "setup-level-face-down", "2.2")


def test_both_equipment_cards_start_in_hand() -> None:
    state = board("hard", equipment_discarded=(True, False))
    assert_illegal(rule(state, SETUP), "setup-hand-equipment", "2.4")


def test_the_hand_starts_with_three_level_cards_face_up() -> None:
    state = board("hard", face_down_hand=0)
    assert_illegal(rule(state, SETUP), "setup-hand-level-cards", "2.3")


def test_a_board_after_run_one_is_not_a_setup() -> None:
    assert_illegal(rule(board("hard", run=2), SETUP), "setup-hero-start", "2.5")


def test_a_card_in_two_places_is_bad_input() -> None:
    state = board("tutorial")
    state["hand"][0]["card"] = "L1"
    with pytest.raises(InvalidState) as err:
        rule(state, SETUP)
    assert err.value.field == "state.hand.0.card"


def test_a_fifth_run_is_bad_input() -> None:
    state = board("tutorial")
    state["run"] = 5
    with pytest.raises(InvalidState) as err:
        rule(state, SETUP)
    assert err.value.field == "state.run"


def test_two_face_down_cards_in_hand_is_bad_input() -> None:
    state = board("tutorial", face_down_hand=0)
    state["hand"][1]["face_up"] = False
    with pytest.raises(InvalidState) as err:
        rule(state, SETUP)
    assert err.value.field == "state.hand"


def test_a_pressed_card_ahead_of_the_hero_is_bad_input() -> None:
    state = board("tutorial", hero=1, pressed=(3,))
    with pytest.raises(InvalidState) as err:
        rule(state, SETUP)
    assert err.value.field == "state.level.3.pressed"


def test_a_challenge_played_at_the_wrong_difficulty_is_bad_input() -> None:
    state = board("tutorial", challenge="combo-pro")
    with pytest.raises(InvalidState) as err:
        rule(state, SETUP)
    assert err.value.field == "state.challenge"


def test_a_pass_needs_the_face_of_the_current_card() -> None:
    state = board("tutorial", hand=[face("A")])
    with pytest.raises(InvalidMove) as err:
        rule(state, pass_card("enemy", discard("L10", "A")))
    assert err.value.field == "state.faces.L1"


def test_a_source_needs_its_buttons_given() -> None:
    state = board("tutorial", level=[face("A", enemy="A")], equipment=None)
    with pytest.raises(InvalidMove) as err:
        rule(state, pass_card("enemy", discard("E1", "A")))
    assert err.value.field == "move.sources.0.card"


def test_the_worked_example_is_legal() -> None:
    ex = RULES.example()
    assert RULES.rule_json(ex["state"], ex["move"]).legal


def test_the_level_cards_left_over_are_set_aside() -> None:
    """Tutorial: 9 in the level and 3 in hand leave 3 of the 15 Level Cards set aside."""
    state = board("tutorial")
    assert len(state["set_aside"]) == 3
    assert_legal(rule(state, SETUP), "setup-hand-level-cards", "2.3")
    state["hand"].append({"card": state["set_aside"].pop(), "face_up": True})
    ruling = rule(state, SETUP)
    assert_illegal(ruling, "setup-set-aside", "2.3")
    assert_illegal(ruling, "setup-hand-level-cards", "2.3")
