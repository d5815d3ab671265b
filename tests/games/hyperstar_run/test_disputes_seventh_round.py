"""Hyperstar Run: a seventh set of disputes, written from the rulebook before they were run,
on situations the earlier sets leave alone: the star button paid three ways, a card discarded
twice in one payment, a cost the card does not print, a continue cost paid by a press, an
Equipment Card flipped to pay for an ability, moves after the game is over, each achievement on
the wrong difficulty or short of its count, challenges won and lost as logs, the question forms
not yet asked, tables that cannot exist, and both tools on new inputs: each with its verdict,
the one rule shown as deciding, and a flag only where the answer turns on our reading.

Most boards are run 1 of a Tutorial game with the hero over card 3, cards 1 [A] and 2 [B]
passed behind it; L3 has enemy [A *], start [C C], continue [B]; the hand holds L10 [A],
L11 [B], L12 [C], E1 [A B] and E2 [C D] (tests/games/hyperstar_run/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.hyperstar_run import reasons as R
from games.hyperstar_run.questions import (
    AbilityForm,
    AchievementForm,
    ComboForm,
    EndRunForm,
    PressForm,
)
from games.hyperstar_run.tools import TOOLS
from tests.games.hyperstar_run.helpers import JSON, KEY, settled

from .helpers import (
    END_RUN,
    RULES,
    ability,
    board,
    claim,
    discard,
    face,
    pass_card,
    press,
    rule,
    tutorial_run,
)


def ask(slug: str, form: object):  # type: ignore[no-untyped-def]
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


def best_line(state: JSON) -> dict[str, Any]:
    return TOOLS["best-line"].run({"state": state}, None)


def setup(**body: str) -> dict[str, Any]:
    return TOOLS["setup"].run(body, None)


STARS = face("C", enemy="* * *", start="D D", line="L red")


# ----- paying costs


def test_three_different_buttons_pay_a_three_star_enemy() -> None:
    """L10 [A], L11 [B] and L12 [C] for an enemy of [* * *]: any button pays a star (5.2)."""
    state = tutorial_run(level=[face("A"), face("B"), STARS])
    move = pass_card("enemy", discard("L10", "A"), discard("L11", "B"), discard("L12", "C"))
    settled(rule(state, move), True, "5.2")


def test_the_same_hand_card_discarded_twice_for_an_a_a_enemy() -> None:
    """Once L10 is in the discard pile it is no longer in your hand to discard (5.4)."""
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A A")])
    move = pass_card("enemy", discard("L10", "A"), discard("L10", "A"))
    settled(rule(state, move), False, "5.4")


def test_a_combo_start_cost_on_a_card_that_prints_none() -> None:
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="D D D")])
    move = pass_card("combo-start", discard("L12", "C"), discard("E2", "C"))
    settled(rule(state, move), False, "1.2")


def test_pressing_a_card_passed_in_an_earlier_run_but_ahead_of_the_hero() -> None:
    """Run 2: L2 is face up from run 1 but not passed yet this run (5.5)."""
    level = [face("B", enemy="A"), face("A"), face("C")]
    state = board("tutorial", run=2, hero=0, level=level)
    state["level"][1]["face_up"] = True
    move = pass_card("enemy", press("L2", "A"))
    settled(rule(state, move), False, "5.5")


def test_an_equipment_card_already_in_the_discard_pile_discarded_again() -> None:
    """E1 [A B] went to the discard pile earlier this run: it is not in your hand (5.4)."""
    state = board(
        "tutorial",
        hero=2,
        level=[face("A"), face("B"), face("C", enemy="A B")],
        hand=[face("D"), face("D"), face("D")],
        equipment_discarded=(True, False),
    )
    move = pass_card("enemy", discard("E1", "A", "B"))
    settled(rule(state, move), False, "5.4")


# ----- combos


def combo_into(current: JSON, **kw: Any) -> JSON:
    level = [face("A"), face("B", line="R red"), current]
    return tutorial_run(level=level, combo=True, **kw)


def test_a_continue_cost_paid_by_pressing_card_1() -> None:
    """Card 1 [A] passed this run pays the [A] continue cost by a press: the combo going on
    (7.3) is read over the way of paying, as for a start cost (a combo's rule decides over a
    press where both stand)."""
    current = face("C", enemy="D D D", start="D D", cont="A", line="L red")
    ruling = rule(combo_into(current), pass_card("combo-continue", press("L1", "A")))
    settled(ruling, True, "7.3")


def test_a_continue_cost_paid_with_the_wrong_button_of_an_equipment_card() -> None:
    """E2 [C D] discarded for a [B] continue cost: neither button is a B (5.1)."""
    current = face("C", enemy="D D D", start="D D", cont="B", line="L red")
    ruling = rule(combo_into(current), pass_card("combo-continue", discard("E2", "C")))
    settled(ruling, False, "5.1")


def test_a_combo_started_on_the_final_card_wins() -> None:
    level: list[JSON | None] = [face("A", enemy="A")] * 8
    level.append(face("C", enemy="D D D", start="C C"))
    state = board("tutorial", hero=8, level=level, hand=[face("C"), face("C"), face("B")])
    ruling = rule(state, pass_card("combo-start", discard("L10", "C"), discard("L11", "C")))
    settled(ruling, True, "9.1")
    assert ruling.next_state is not None and ruling.next_state["outcome"] == "won"


# ----- abilities


def test_an_ability_paid_by_flipping_an_equipment_card_face_down() -> None:
    """E1 is a face-up card in your hand: flipping it pays (6.2)."""
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A B", ability="Peek")])
    settled(rule(state, ability("flip", "E1")), True, "6.2")


def test_an_ability_paid_by_flipping_a_card_in_the_level() -> None:
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A B", ability="Peek")])
    settled(rule(state, ability("flip", "L1")), False, "6.2")


# ----- after the game is over


def test_ending_a_run_after_the_final_card_is_passed() -> None:
    state = board("tutorial", hero=9, outcome="won")
    settled(rule(state, END_RUN), False, "9.1")


def test_passing_a_card_after_the_fourth_run_was_lost() -> None:
    state = board("tutorial", run=4, hero=0, outcome="lost", level=[face("A", enemy="A")])
    settled(rule(state, pass_card("enemy", discard("L7", "A"))), False, "8.2")


# ----- achievements and challenges


def test_speed_runner_won_on_the_third_run() -> None:
    state = board("hard", run=3, hero=9, outcome="won")
    settled(rule(state, claim("speed-runner")), True, "11.4")


def test_combo_pro_claimed_on_a_hard_game() -> None:
    state = board("hard", run=1, hero=11, outcome="won")
    settled(rule(state, claim("combo-pro")), False, "11.5")


def test_button_masher_with_only_two_three_star_cards_in_a_row() -> None:
    stars = face("A", enemy="* * *")
    level: list[JSON | None] = [stars, stars, face("A", enemy="A"), stars]
    state = board("tutorial", hero=9, level=level, outcome="won")
    settled(rule(state, claim("button-masher")), False, "11.2")


def test_button_masher_counts_pressed_three_star_cards() -> None:
    stars = face("A", enemy="* * *")
    level: list[JSON | None] = [stars, stars, stars]
    state = board("tutorial", hero=9, level=level, outcome="won", pressed=(0, 1, 2))
    settled(rule(state, claim("button-masher")), True, "11.2")


def test_a_well_equipped_challenge_log_lost_with_both_equipment_cards_spent() -> None:
    level: list[JSON | None] = [face("A", enemy="A")] * 9
    level.append(face("A", enemy="A B"))
    state = board(
        "standard",
        hero=9,
        level=level,
        hand=[face("C")] * 3,
        equipment_discarded=(False, True),
        challenge="well-equipped",
    )
    ruled = RULES.rule_sequence_json(state, [pass_card("enemy", discard("E1", "A", "B"))])
    assert ruled.verdict == "legal" and ruled.game_over
    assert ruled.winner is None
    assert ruled.deciding_rule == KEY + "12.2"


def test_a_well_equipped_challenge_log_won_keeping_e2() -> None:
    level: list[JSON | None] = [face("A", enemy="A")] * 10
    state = board("standard", hero=9, level=level, hand=[face("A")] * 3, challenge="well-equipped")
    ruled = RULES.rule_sequence_json(state, [pass_card("enemy", discard("L11", "A"))])
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner is not None
    assert ruled.deciding_rule == KEY + "12.2"
    assert ruled.readings_deciding == []


# ----- impossible tables


def test_two_face_down_cards_in_hand_is_refused() -> None:
    state = tutorial_run()
    state["hand"][0]["face_up"] = False
    state["hand"][1]["face_up"] = False
    with pytest.raises(InvalidState) as caught:
        rule(state, END_RUN)
    assert caught.value.field == "state.hand"


def test_a_lost_game_on_run_two_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        rule(board("tutorial", run=2, outcome="lost"), END_RUN)
    assert caught.value.field == "state.outcome"


# ----- the website's question forms


def test_form_continuing_after_passing_the_card_before_with_its_enemy_cost() -> None:
    ruling = ask("can-i-continue-my-combo", ComboForm(previous_card_passed_with="enemy cost"))
    settled(ruling, False, "7.3", R.CONTINUE_NEEDS_COMBO)


def test_form_continuing_when_this_card_has_no_line_from_its_left_edge() -> None:
    ruling = ask("can-i-continue-my-combo", ComboForm(current_line_reaches_left=False))
    settled(ruling, False, "7.4")


def test_form_ability_with_none_on_the_card() -> None:
    ruling = ask("can-i-use-this-ability", AbilityForm(current_card_has_ability=False))
    settled(ruling, False, "6.1")


def test_form_ability_used_twice() -> None:
    form = AbilityForm(ability_already_used_on_this_card=True)
    settled(ask("can-i-use-this-ability", form), False, "6.6")


def test_form_ability_paid_by_flipping_while_holding_a_face_down_card() -> None:
    form = AbilityForm(face_down_card_in_hand=True)
    ruling = ask("can-i-use-this-ability", form)
    assert ruling.legal
    assert ruling.deciding_rule == KEY + "6.4"


def test_form_pressing_a_card_ahead_of_the_hero() -> None:
    ruling = ask("can-i-press", PressForm(current_card=3, press_card=5))
    settled(ruling, False, "5.5")


def test_form_speed_runner_won_on_the_fourth_run() -> None:
    form = AchievementForm(achievement="speed-runner", won_on_run=4)
    settled(ask("did-i-earn-this-achievement", form), False, "11.4")


def test_form_combo_pro_with_two_unpressed_cards() -> None:
    form = AchievementForm(achievement="combo-pro", unpressed_cards_left_in_level=2)
    settled(ask("did-i-earn-this-achievement", form), False, "11.5")


def test_form_the_third_run_ends() -> None:
    ruling = ask("what-happens-when-my-run-ends", EndRunForm(run=3, current_card=2))
    settled(ruling, True, "8.1")


# ----- "How do we set up?"


def test_how_do_we_set_up_an_expert_game() -> None:
    answer = setup(difficulty="expert")
    assert (answer["level_cards"], answer["set_aside"]) == (12, 0)
    assert answer["deciding_rule"] == KEY + "2.1"
    assert answer["readings_deciding"] == []


def test_how_do_we_set_up_the_button_masher_challenge() -> None:
    answer = setup(challenge="button-masher")
    assert answer["difficulty"] == "tutorial"
    assert answer["deciding_rule"] == KEY + "12.1"


def test_how_do_we_set_up_speed_runner_at_hard_as_asked() -> None:
    answer = setup(difficulty="hard", challenge="speed-runner")
    assert answer["level_cards"] == 11
    assert answer["deciding_rule"] == KEY + "12.1"


# ----- "What's my best line?"


def test_best_line_where_only_a_star_lets_the_run_pass() -> None:
    """The hand's D cannot pay an [A] enemy but pays the [*] of [D *] with E1: one card passed,
    then stuck; faces further on unknown, so the answer is how far this run gets (8.1)."""
    level: list[JSON | None] = [face("D", enemy="D *"), face("A", enemy="C C C", start="C C")]
    state = board("tutorial", level=level, hand=[face("D"), face("B"), face("B")])
    answer = best_line(state)
    assert answer["this_run"]["cards_passed"] == 1
    assert answer["deciding_rule"] == KEY + "8.1"
    assert answer["readings_deciding"] == []


# ----- more: stars in combo costs, the claims of a challenge, the setup's set-aside pile


def test_a_c_star_start_cost_paid_with_a_c_and_a_b() -> None:
    """The star takes any button (5.2); whether it must still match the C is our reading."""
    current = face("C", enemy="D D D", start="C *", line="R red")
    state = tutorial_run(level=[face("A"), face("B"), current])
    move = pass_card("combo-start", discard("L12", "C"), discard("L11", "B"))
    settled(rule(state, move), True, "5.2", R.STAR_IN_START)


def test_a_star_continue_cost_paid_with_both_buttons_of_e2() -> None:
    """The [*] takes the C; the D named with it is not needed: void and lost (5.6)."""
    current = face("C", enemy="D D D", start="D D", cont="*", line="L red")
    ruling = rule(combo_into(current), pass_card("combo-continue", discard("E2", "C", "D")))
    settled(ruling, True, "5.6")


def test_a_level_card_already_discarded_this_run_named_again() -> None:
    state = tutorial_run(discard=[face("A")], hand=[face("B"), face("C")])
    settled(rule(state, pass_card("enemy", discard("L12", "A"), discard("L10", "B"))), False, "5.4")


def test_claiming_the_win_with_the_hero_on_card_5() -> None:
    state = board("tutorial", hero=4, level=[face("A", enemy="A")] * 5)
    settled(rule(state, claim()), False, "9.1")


def test_a_speed_runner_challenge_log_won_on_the_third_run() -> None:
    level: list[JSON | None] = [face("A", enemy="A")] * 9
    state = board("hard", run=3, hero=8, level=level, hand=[face("A")] * 5)
    state["challenge"] = "speed-runner"
    ruled = RULES.rule_sequence_json(state, [pass_card("enemy", discard("L10", "A"))])
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner is not None
    assert ruled.deciding_rule == KEY + "12.2"


def test_a_combo_pro_challenge_claimed_with_three_unpressed_cards() -> None:
    state = board("expert", hero=12, outcome="won", pressed=tuple(range(9)))
    state["challenge"] = "combo-pro"
    settled(rule(state, claim()), True, "12.2")


def test_a_hard_setup_with_two_cards_set_aside() -> None:
    state = board("hard")
    state["set_aside"].append(state["hand"].pop(0)["card"])
    settled(rule(state, {"kind": "setup"}), False, "2.3")


def test_form_a_first_run_ends_at_card_1() -> None:
    ruling = ask("what-happens-when-my-run-ends", EndRunForm(run=1, current_card=1))
    settled(ruling, True, "8.1")


def test_form_button_masher_without_three_star_costs() -> None:
    form = AchievementForm(
        achievement="button-masher", three_cards_in_a_row_with_three_star_costs=False
    )
    ruling = ask("did-i-earn-this-achievement", form)
    assert not ruling.legal
    assert ruling.deciding_rule == KEY + "11.2"


def test_best_line_on_run_4_through_a_known_level() -> None:
    level: list[JSON | None] = [face("A", enemy="A")] * 6
    answer = best_line(board("tutorial", run=4, level=level, hand=[face("A")] * 6))
    assert answer["winnable"] is True
    assert answer["deciding_rule"] == KEY + "9.1"
