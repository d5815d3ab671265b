"""Disputes about moves that stand with a part void, setups as rulings, what always holds on a
board, and whole games across runs."""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from games.core import InvalidState
from games.hyperstar_run.runs import setup_plan

from .helpers import (
    END_RUN,
    RULES,
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
)

SETUP = {"kind": "setup"}
PLAIN = face("A", enemy="A")


# ----- void parts -----


def test_an_equipment_button_named_but_not_needed_is_void_and_lost() -> None:
    state = board("tutorial", level=[PLAIN])
    ruling = rule(state, pass_card("enemy", discard("E1", "A", "B")))
    after = assert_voided(ruling, "unneeded-button-void", "5.6")
    assert {"card": "E1", "face_up": True} in after["discard"]
    assert after["hero"] == 1
    assert "hyperstar-run:buttons-cover-cost-exactly" in ruling.interpretations
    assert "is lost with the discarded card" in ruling.answer
    assert_answer_is_plain(ruling)


def test_a_whole_card_that_pays_nothing_is_not_void_but_illegal() -> None:
    state = board("tutorial", level=[PLAIN], hand=[face("A")])
    ruling = rule(state, pass_card("enemy", discard("L10", "A"), discard("E1", "A")))
    assert_illegal(ruling, "button-not-needed", "5.1")
    assert ruling.voided == []


# ----- setups -----


def test_a_challenge_setup_is_correct_at_its_difficulty() -> None:
    ruling = rule(board("hard", challenge="speed-runner"), SETUP)
    assert_legal(ruling, "challenge-played", "12.1")
    assert ruling.answer == "Yes, this is a correct Hard setup for the Speed Runner challenge."


@pytest.mark.parametrize(
    ("difficulty", "level", "aside"),
    [("tutorial", 9, 3), ("standard", 10, 2), ("hard", 11, 1), ("expert", 12, 0)],
)
def test_how_do_we_set_up_works_out_each_difficulty(
    difficulty: Any, level: int, aside: int
) -> None:
    plan = setup_plan(difficulty)
    assert (plan.level_cards, plan.set_aside, plan.hand_size) == (level, aside, 5)
    assert "hyperstar-run:2.1" in plan.rules
    state = board(difficulty)
    assert len(state["level"]) == plan.level_cards
    assert len(state["set_aside"]) == plan.set_aside
    assert RULES.rule_json(state, SETUP).legal


def test_how_do_we_set_up_a_challenge_plays_it_at_its_difficulty() -> None:
    plan = setup_plan(challenge="combo-pro")
    assert plan.difficulty == "expert" and plan.level_cards == 12
    assert "hyperstar-run:12.1" in plan.rules
    with pytest.raises(ValueError, match="played at expert"):
        setup_plan("hard", challenge="combo-pro")


# ----- what always holds -----


def test_a_combo_start_cost_of_two_different_icons_is_refused_naming_the_field() -> None:
    state = board("tutorial", level=[face("A", enemy="A", start="A B")])
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.faces.L1.combo_start"


def test_a_star_in_a_combo_start_cost_is_ruled_on_and_flagged() -> None:
    state = board("tutorial", level=[face("A", enemy="A", start="A *")])
    ruling = rule(state, pass_card("combo-start", discard("E1", "A", "B")))
    assert_legal(ruling, "combo-started", "7.2")
    assert "hyperstar-run:star-in-a-combo-start-cost" in ruling.interpretations
    assert ruling.notes


def test_the_current_card_face_down_after_setup_is_refused_naming_the_field() -> None:
    state = board("tutorial", run=2, face_down_level=(0,))
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.level.0.face_up"


def test_icons_typed_in_another_case_are_the_same_icon() -> None:
    state = board("tutorial", level=[PLAIN])
    ruling = rule(state, pass_card("enemy", {"card": "E1", "via": "discard", "buttons": ["a"]}))
    assert_legal(ruling, "cost-paid", "4.3")


def test_an_icon_with_an_accent_typed_two_ways_is_the_same_icon() -> None:
    state = board("tutorial", level=[face("\u00e9", enemy="\u00e9")], equipment=("\u00e9 B", "C D"))
    move = pass_card("enemy", {"card": "E1", "via": "discard", "buttons": ["E\u0301"]})
    assert_legal(rule(state, move), "cost-paid", "4.3")


# ----- enabling rules -----


def test_a_press_cites_the_press_rule_and_a_discard_the_discard_rule() -> None:
    state = board("tutorial", hero=1, level=[PLAIN, face("A", enemy="A A")], hand=[face("A")])
    ruling = rule(state, pass_card("enemy", press("L1", "A"), discard("L10", "A")))
    assert_legal(ruling, "paid-by-press", "5.5")
    assert_legal(ruling, "paid-by-discard", "5.4")


# ----- whole games -----


def _line(first: int, last: int, opener: str) -> list[dict[str, Any]]:
    """Pass card `first` by discarding `opener`, then each next card by pressing the last."""
    moves = [pass_card("enemy", discard(opener, "A"))]
    moves += [pass_card("enemy", press(f"L{n - 1}", "A")) for n in range(first + 1, last + 1)]
    return moves


def test_a_game_won_on_the_second_run_is_ruled_whole() -> None:
    """Nothing pays L1's [F] in run 1, so the run ends there; in run 2 L1 is in hand."""
    state = board(
        "tutorial",
        level=[face("A", enemy="F")] + [PLAIN] * 8,
        hand=[face("A")] * 3,
        equipment=("B C", "C D"),
    )
    log = [SETUP, END_RUN, *_line(2, 9, "L10")]
    result = RULES.rule_sequence_json(state, log)
    assert result.verdict == "legal", result.summary
    assert result.game_over and result.winner == "you"
    assert result.result == "You passed the final card on run 2: you win."
    assert result.answer == "You passed the final card on run 2: you win. Every move is legal."
    assert result.first_illegal is None and result.first_illegal_by is None
    assert result.final_state is not None
    won = RULES.game_result(RULES.parse_state(result.final_state)).reasons
    assert won[0].code == "game-won" and won[0].rule == "hyperstar-run:9.1"


def test_four_runs_ended_short_lose_the_game() -> None:
    result = RULES.rule_sequence_json(board("tutorial"), [END_RUN] * 4)
    assert result.verdict == "legal" and result.game_over and result.winner is None
    assert "you lose" in result.result
    assert_legal(result.rulings[-1], "fourth-run-lost", "8.2")


def test_a_fifth_run_is_the_first_illegal_move_of_the_log() -> None:
    result = RULES.rule_sequence_json(board("tutorial"), [END_RUN] * 5)
    assert result.verdict == "illegal" and result.first_illegal == 4
    assert_illegal(result.rulings[-1], "game-already-lost", "8.2")


def _combo_pro(*, discard_the_end: bool) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    state = board("expert", level=[PLAIN] * 12, hand=[face("A")] * 3, challenge="combo-pro")
    if not discard_the_end:
        return state, _line(1, 12, "L13")
    line = _line(1, 9, "L13")
    line += [pass_card("enemy", discard(c, "A")) for c in ("L14", "L15", "E1")]
    return state, line


def test_passing_the_final_card_with_combo_pro_met_wins_the_challenge() -> None:
    state, line = _combo_pro(discard_the_end=True)
    result = RULES.rule_sequence_json(state, line)
    assert result.verdict == "legal" and result.winner == "you"
    final = result.rulings[-1]
    assert_legal(final, "challenge-met", "12.2")
    assert final.answer.endswith("the challenge is met: you win.")


def test_passing_the_final_card_with_combo_pro_unmet_is_a_failed_challenge() -> None:
    state, line = _combo_pro(discard_the_end=False)
    result = RULES.rule_sequence_json(state, line)
    assert result.verdict == "legal" and result.game_over and result.winner is None
    final = result.rulings[-1]
    assert_legal(final, "challenge-not-met", "12.2")
    assert "so it is lost" in final.answer
    assert_answer_is_plain(final)


def test_the_how_do_we_set_up_tool_names_the_field_it_cannot_use() -> None:
    tool = registry["hyperstar-run"].tools["setup"]
    assert tool.run({"challenge": "speed-runner"}, None)["level_cards"] == 11
    with pytest.raises(InvalidState) as err:
        tool.run({"difficulty": "expert", "challenge": "speed-runner"}, None)
    assert err.value.field == "challenge"
    with pytest.raises(InvalidState) as err:
        tool.run({"difficulty": "nightmare"}, None)
    assert err.value.field == "difficulty"
