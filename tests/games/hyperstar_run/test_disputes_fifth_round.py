"""Hyperstar Run: a fifth set of disputes, on rules and situations the earlier sets leave alone
(the setup, pressing what may not be pressed, a button more than the cost, the ends of a
combo, the next run, achievements and challenges, the best line), each ruled with its verdict,
the one rule shown as deciding, and a flag only where the answer turns on our reading.

Most boards are run 1 of a Tutorial game with the hero over card 3, cards 1 [A] and 2 [B]
passed behind it (tests/games/hyperstar_run/helpers.py, `tutorial_run`)."""

from __future__ import annotations

from typing import Any

from games.hyperstar_run.solver import solve_json
from tests.games.hyperstar_run.helpers import JSON, KEY, settled

from .helpers import (
    END_RUN,
    RULES,
    board,
    claim,
    discard,
    face,
    pass_card,
    press,
    rule,
    tutorial_run,
)

SETUP: JSON = {"kind": "setup"}


def won(difficulty: str, run: int = 1, **kw: Any) -> JSON:
    size = {"tutorial": 9, "standard": 10, "hard": 11, "expert": 12}[difficulty] - run + 1
    return board(difficulty, run=run, hero=size, outcome="won", **kw)


# ----- the setup


def test_a_standard_level_of_eleven_cards() -> None:
    state = board("hard")
    state["difficulty"] = "standard"
    settled(rule(state, SETUP), False, "2.1")


def test_the_current_card_left_face_down_at_setup() -> None:
    settled(rule(board("standard", face_down_level=(0,)), SETUP), False, "2.6")


def test_the_third_level_card_face_up_at_setup() -> None:
    state = board("tutorial")
    state["level"][2]["face_up"] = True
    settled(rule(state, SETUP), False, "2.2")


def test_an_equipment_card_left_out_of_the_hand_at_setup() -> None:
    settled(rule(board("expert", equipment_discarded=(False, True)), SETUP), False, "2.4")


# ----- pressing and discarding


def test_an_equipment_card_cannot_be_pressed() -> None:
    settled(
        rule(tutorial_run(), pass_card("enemy", press("E1", "A"), discard("L11", "B"))),
        False,
        "5.5",
    )


def test_a_card_ahead_of_the_hero_cannot_be_pressed() -> None:
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A B"), face("A")])
    settled(
        rule(state, pass_card("enemy", press("L4", "A"), discard("L11", "B"))),
        False,
        "5.5",
    )


def test_a_level_card_behind_the_hero_cannot_be_discarded() -> None:
    settled(
        rule(tutorial_run(), pass_card("enemy", discard("L1", "A"), discard("L11", "B"))),
        False,
        "5.4",
    )


def test_two_star_enemy_paid_with_both_buttons_of_one_equipment_card() -> None:
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="* *")])
    settled(rule(state, pass_card("enemy", discard("E2", "C", "D"))), True, "5.2")


# ----- combos


def test_paying_the_enemy_instead_of_the_continue_cost_ends_the_combo() -> None:
    current = face("C", enemy="A", start="C C", cont="B", line="L red")
    state = tutorial_run(level=[face("A"), face("B", line="R red"), current], combo=True)
    ruling = rule(state, pass_card("enemy", discard("L10", "A")))
    settled(ruling, True, "7.5")


# ----- the end of a run, the game and achievements


def test_the_next_run_takes_the_leftmost_card_into_hand() -> None:
    current = face("C", enemy="D D D", start="D D", line="L red")
    state = tutorial_run(level=[face("A"), face("B"), current], equipment=("A B", "A B"))
    ruling = rule(state, END_RUN)
    settled(ruling, True, "8.1")
    after = ruling.next_state
    assert after is not None and after["run"] == 2
    assert "L1" in [c["card"] for c in after["hand"]]


def test_combo_pro_with_three_unpressed_cards() -> None:
    settled(rule(won("expert", pressed=tuple(range(9))), claim("combo-pro")), True, "11.5")


def test_combo_pro_with_two_unpressed_cards() -> None:
    settled(rule(won("expert", pressed=tuple(range(10))), claim("combo-pro")), False, "11.5")


def test_button_masher_on_a_standard_game() -> None:
    stars = face("A", enemy="* * *")
    state = won("standard", level=[stars, stars, stars])
    settled(rule(state, claim("button-masher")), False, "11.2")


def test_a_speed_runner_challenge_won_in_four_runs_is_not_won() -> None:
    settled(rule(won("hard", run=4, challenge="speed-runner"), claim()), False, "12.2")


def test_a_log_to_the_win_over_the_last_two_cards() -> None:
    state = board("tutorial", hero=7, level=[face("A", enemy="A")] * 9, hand=[face("A")] * 3)
    log = [
        pass_card("enemy", discard("L10", "A")),
        pass_card("enemy", discard("L11", "A")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner is not None
    assert ruled.deciding_rule == KEY + "9.1" and ruled.readings_deciding == []


def test_the_best_line_where_no_button_can_pay() -> None:
    level: list[JSON | None] = [face("A", enemy="D D D", start="D D")] * 6
    state = board("tutorial", run=4, level=level, hand=[face("A")] * 6, equipment=("A B", "A B"))
    answer = solve_json(state)
    assert answer["winnable"] is False
    assert answer["readings_deciding"] == []
