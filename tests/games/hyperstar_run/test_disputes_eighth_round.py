"""Hyperstar Run: an eighth set of disputes, written from the rulebook before they were run, on
situations the earlier sets leave alone: a set-aside card put to use, a start cost paid by two
presses or while a combo runs, a Level Card that shows two buttons discarded for both, a card
swapped in for a pressed card pressed again, an ability paid with the wrong card, what the end
of a run puts back, logs that cross the end of a run or end a combo with an ability, the
achievements on later runs, and both tools on new inputs: each with its verdict, the one rule
shown as deciding, and a flag only where the answer turns on our reading.

Most boards are run 1 of a Tutorial game with the hero over card 3, cards 1 [A] and 2 [B]
passed behind it; L3 has enemy [A *], start [C C], continue [B]; the hand holds L10 [A],
L11 [B], L12 [C], E1 [A B] and E2 [C D]; L13-L15 are set aside
(tests/games/hyperstar_run/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.hyperstar_run import reasons as R
from games.hyperstar_run.questions import AchievementForm, ComboForm, EndRunForm
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


def best_line(state: JSON) -> dict[str, Any]:
    return TOOLS["best-line"].run({"state": state}, None)


def setup(**body: str) -> dict[str, Any]:
    return TOOLS["setup"].run(body, None)


# ----- paying costs


def test_a_set_aside_card_discarded_for_the_enemy_cost() -> None:
    """You: "L13 was left over at setup, it shows an A: I discard it for the [A *]." The one
    watching: set-aside cards take no part in this game (2.3), whatever they show. Written
    without L13's face, which the ruling should not need (it asked for it, and once given
    ruled by 5.4, not being in your hand)."""
    state = tutorial_run()
    move = pass_card("enemy", discard("L13", "A"), discard("L11", "B"))
    settled(rule(state, move), False, "2.3")


def test_a_c_c_start_cost_paid_by_pressing_cards_1_and_2() -> None:
    """Cards 1 and 2 both show [C] and were passed this run: "two matching buttons" may come
    from two presses. The combo's start cost permits it (7.2)."""
    level = [face("C"), face("C"), face("A", enemy="D D D", start="C C", line="R red")]
    move = pass_card("combo-start", press("L1", "C"), press("L2", "C"))
    settled(rule(tutorial_run(level=level), move), True, "7.2")


def test_a_start_cost_paid_while_the_combo_could_continue() -> None:
    """A combo runs into card 3, whose line connects; you pay its [C C] start cost with two
    C cards instead of the [B] continue cost. May a combo start while one runs? Our reading."""
    level = [
        face("A"),
        face("B", line="R red"),
        face("A", enemy="D D D", start="C C", cont="B", line="L red"),
    ]
    state = tutorial_run(level=level, hand=[face("C"), face("C"), face("A")], combo=True)
    move = pass_card("combo-start", discard("L10", "C"), discard("L11", "C"))
    settled(rule(state, move), True, "7.2", R.START_DURING_COMBO)


def test_a_level_card_showing_two_buttons_discarded_for_both() -> None:
    """L10 shows [A B]: discarding it gives "its button(s)", both, for the [A B] enemy (5.4)."""
    state = tutorial_run(
        level=[face("A"), face("B"), face("C", enemy="A B")],
        hand=[face("A B"), face("C"), face("C")],
    )
    settled(rule(state, pass_card("enemy", discard("L10", "A", "B"))), True, "5.4")


def test_pressing_a_card_swapped_in_for_a_pressed_card() -> None:
    """Card 1's place was pressed earlier this run; L1 was swapped into it and is pressed. You:
    "I never pressed L1." Written first as 10.2 (it came in pressed). The board says only that
    L1 is pressed, not whether it came in pressed or was pressed after: a pressed card cannot
    be pressed again, either way (5.5, on our reading of pressing)."""
    state = tutorial_run(pressed=(0,), swapped_in=["L1"])
    move = pass_card("enemy", press("L1", "A"), discard("L11", "B"))
    settled(rule(state, move), False, "5.5", R.PRESSED_ONCE)


# ----- abilities


def test_flipping_your_face_down_card_to_pay_for_an_ability() -> None:
    """L11 is already face down; "flip a face-up card" does not cover it (6.2)."""
    state = tutorial_run(
        level=[face("A"), face("B"), face("C", enemy="A B", ability="Peek")], face_down_hand=1
    )
    settled(rule(state, ability("flip", "L11")), False, "6.2")


def test_an_ability_paid_with_a_card_from_the_discard_pile() -> None:
    """L12 [A] is in the discard pile, face up: it is neither in your hand nor face down."""
    state = tutorial_run(
        level=[face("A"), face("B"), face("C", enemy="A B", ability="Peek")],
        hand=[face("B"), face("C")],
        discard=[face("A")],
    )
    settled(rule(state, ability("discard", "L12")), False, "6.2")


# ----- the end of a run


def test_the_end_of_run_one_puts_everything_back() -> None:
    """Nothing pays L3's [D D D] or [D D] (E2 has one D): the run ends (8.1). L1 was pressed,
    L11 is face down and L12 is in the discard pile; next run all come back."""
    state = tutorial_run(
        level=[face("A"), face("B"), face("C", enemy="D D D", start="D D")],
        hand=[face("A"), face("B")],
        discard=[face("C")],
        pressed=(0,),
        face_down_hand=1,
    )
    ruling = rule(state, END_RUN)
    settled(ruling, True, "8.1")
    after = ruling.next_state
    assert after is not None
    assert after["run"] == 2 and after["hero"] == 0 and len(after["level"]) == 8
    assert after["discard"] == []
    held = {h["card"] for h in after["hand"]}
    assert {"L1", "L10", "L11", "L12", "E1", "E2"} <= held
    assert all(h["face_up"] for h in after["hand"])
    assert not any(s["pressed"] for s in after["level"])


# ----- logs


def test_a_log_that_uses_an_ability_mid_combo_then_pays_the_continue_cost() -> None:
    """Card 1's [A A] start starts a combo; on card 2 you use its ability (flipping E2), then
    pay its [B] continue cost with L12: the ability ended the combo (7.6)."""
    level = [
        face("C", enemy="D D D", start="A A", line="R red"),
        face("D", enemy="D D D", start="D D", cont="B", line="LR red", ability="Peek"),
    ]
    state = board("tutorial", level=level, hand=[face("A"), face("A"), face("B")])
    log = [
        pass_card("combo-start", discard("L10", "A"), discard("L11", "A")),
        ability("flip", "E2"),
        pass_card("combo-continue", discard("L12", "B")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    # Written first as "you": in a game played alone no player is named.
    assert ruled.first_illegal_by is None
    assert ruled.deciding_rule == KEY + "7.6"


def test_a_log_that_presses_last_runs_first_card_after_it_went_to_hand() -> None:
    """Run 1: L1 [C] passed with L10's A, L2 passed by pressing L1, L3's [C] unpaid: the run
    ends. Run 2 starts at L2 again; L1 is now in your hand, not in the level, so it cannot be
    pressed (5.5) (it could be discarded)."""
    level = [face("C", enemy="A"), face("D", enemy="C"), face("A", enemy="C")]
    state = board(
        "tutorial",
        level=level,
        hand=[face("A"), face("B"), face("B")],
        equipment=("B B", "D D"),
    )
    log = [
        pass_card("enemy", discard("L10", "A")),
        pass_card("enemy", press("L1", "C")),
        END_RUN,
        pass_card("enemy", press("L1", "C")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 3
    assert ruled.deciding_rule == KEY + "5.5"
    assert ruled.readings_deciding == []


def test_a_log_to_the_win_on_run_three_of_a_hard_game() -> None:
    """Run 3 of Hard: 9 cards left in the level; the last two passed by a combo."""
    level: list[JSON | None] = [face("A", enemy="A")] * 7
    level += [
        face("C", enemy="D D D", start="C C", line="R red"),
        face("C", enemy="D D D", start="D D", cont="B", line="L red"),
    ]
    hand = [face("C"), face("C"), face("B"), face("A"), face("A")]
    state = board("hard", run=3, hero=7, level=level, hand=hand)
    log = [
        pass_card("combo-start", discard("L10", "C"), discard("L11", "C")),
        pass_card("combo-continue", discard("L12", "B")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner is not None
    assert ruled.deciding_rule == KEY + "9.1"
    assert ruled.readings_deciding == []


# ----- achievements


def test_combo_pro_won_on_the_fourth_run_with_three_unpressed_cards() -> None:
    """Expert run 4: 9 cards left in the level, 6 pressed, 3 unpressed counting the final."""
    state = board("expert", run=4, hero=9, outcome="won", pressed=tuple(range(6)))
    settled(rule(state, claim("combo-pro")), True, "11.5")


def test_speed_runner_claimed_on_an_expert_game_won_in_two_runs() -> None:
    state = board("expert", run=2, hero=11, outcome="won")
    settled(rule(state, claim("speed-runner")), False, "11.4")


def test_button_masher_on_run_two_with_the_three_star_cards_at_the_end() -> None:
    stars = face("A", enemy="* * *")
    level: list[JSON | None] = [face("A", enemy="A")] * 5 + [stars, stars, stars]
    state = board("tutorial", run=2, hero=8, level=level, outcome="won")
    settled(rule(state, claim("button-masher")), True, "11.2")


def test_claiming_the_win_of_a_won_game() -> None:
    settled(rule(board("standard", hero=10, outcome="won"), claim()), True, "9.1")


# ----- "How do we set up?"


def test_how_do_we_set_up_a_standard_game() -> None:
    answer = setup(difficulty="standard")
    assert (answer["level_cards"], answer["set_aside"]) == (10, 2)
    assert answer["deciding_rule"] == KEY + "2.1"
    assert answer["readings_deciding"] == []


def test_how_do_we_set_up_the_well_equipped_challenge() -> None:
    answer = setup(challenge="well-equipped")
    assert answer["difficulty"] == "standard" and answer["level_cards"] == 10
    assert answer["deciding_rule"] == KEY + "12.1"


# ----- "What's my best line?"


def test_best_line_that_spends_e1_whole_on_card_1_and_stops_at_card_2() -> None:
    """Card 1's [A B] enemy takes both of E1's buttons; card 2 asks [C C C] and the hand has
    one C (E2): one card passed this run, then stuck (8.1)."""
    level: list[JSON | None] = [face("D", enemy="A B"), face("A", enemy="C C C")]
    state = board("tutorial", level=level, hand=[face("D"), face("D"), face("D")])
    answer = best_line(state)
    assert answer["this_run"]["cards_passed"] == 1
    assert answer["deciding_rule"] == KEY + "8.1"
    assert answer["readings_deciding"] == []


# ----- written after the fixes: set-aside cards, and places past the end of the level


def ask(slug: str, form: object):  # type: ignore[no-untyped-def]
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


def test_a_set_aside_card_pressed_for_its_button() -> None:
    settled(
        rule(tutorial_run(), pass_card("enemy", press("L15", "A"), discard("L11", "B"))),
        False,
        "2.3",
    )


def test_an_ability_paid_by_flipping_a_set_aside_card() -> None:
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A B", ability="Peek")])
    settled(rule(state, ability("flip", "L14")), False, "2.3")


def test_a_set_aside_card_beside_a_card_that_pays_alone() -> None:
    """L10 [A] and L11 [B] pay the [A *]; L13, set aside, is named too: it still may not be
    used (2.3)."""
    state = tutorial_run()
    move = pass_card("enemy", discard("L10", "A"), discard("L11", "B"), discard("L13", "C"))
    settled(rule(state, move), False, "2.3")


def test_form_a_combo_on_card_9_of_a_fourth_tutorial_run_is_refused() -> None:
    """Run 4 of Tutorial holds 6 cards: it was ruled on card 6 as the final card, a win."""
    with pytest.raises(InvalidState) as caught:
        ask("can-i-continue-my-combo", ComboForm(difficulty="tutorial", run=4, current_card=9))
    assert caught.value.field == "current_card"


def test_form_the_end_of_run_two_at_card_10_of_a_standard_game_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        ask("what-happens-when-my-run-ends", EndRunForm(run=2, current_card=10))
    assert caught.value.field == "current_card"


def test_form_combo_pro_on_run_4_with_ten_unpressed_cards_is_refused() -> None:
    """Expert run 4 holds 9 cards: 10 unpressed cannot be (it was counted as 9 and earned)."""
    form = AchievementForm(achievement="combo-pro", won_on_run=4, unpressed_cards_left_in_level=10)
    with pytest.raises(InvalidState) as caught:
        ask("did-i-earn-this-achievement", form)
    assert caught.value.field == "unpressed_cards_left_in_level"


def test_form_combo_pro_on_run_4_with_exactly_three_unpressed() -> None:
    form = AchievementForm(achievement="combo-pro", won_on_run=4, unpressed_cards_left_in_level=3)
    settled(ask("did-i-earn-this-achievement", form), True, "11.5")
