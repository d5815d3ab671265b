"""Hyperstar Run: a ninth set of disputes, written from the rulebook before they were run, on
situations the earlier sets leave alone: a card from further along the level discarded from the
table, a face-down card put into a cost beside a face-up one, an ability used before starting a
combo with no combo running, a swap that brings a face-down card into the level, logs that win on
a later run with cards the end of a run gave back, Button Masher with the three star cards
apart, Well Equipped on a fourth run, and both tools on new inputs: each with its verdict, the one
rule shown as deciding, and a flag only where the answer turns on our reading.

Most boards are run 1 of a Tutorial game with the hero over card 3, cards 1 [A] and 2 [B]
passed behind it; L3 has enemy [A *], start [C C], continue [B]; the hand holds L10 [A],
L11 [B], L12 [C], E1 [A B] and E2 [C D]; L13-L15 are set aside
(tests/games/hyperstar_run/helpers.py)."""

from __future__ import annotations

from typing import Any

from games.hyperstar_run import reasons as R
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
    swap,
    tutorial_run,
)


def best_line(state: JSON) -> dict[str, Any]:
    return TOOLS["best-line"].run({"state": state}, None)


def setup(**body: str) -> dict[str, Any]:
    return TOOLS["setup"].run(body, None)


# ----- paying costs


def test_discarding_card_5_of_the_level_which_is_ahead_of_the_hero() -> None:
    """You: "L5 shows an A, I discard it for the A of [A *]." The one watching: L5 is in the
    level, not in your hand; a discard puts a face-up card FROM YOUR HAND into the pile (5.4)."""
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A *"), None, face("A")])
    move = pass_card("enemy", discard("L5", "A"), discard("L11", "B"))
    settled(rule(state, move), False, "5.4")


def test_a_face_down_hand_card_beside_a_face_up_one_for_a_b_enemy() -> None:
    """L11 [B] was flipped face down for an ability earlier; you discard L10 [A] and L11 for
    the [A B]. Only a face-up card may be discarded to use its buttons (5.4)."""
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A B")], face_down_hand=1)
    move = pass_card("enemy", discard("L10", "A"), discard("L11", "B"))
    settled(rule(state, move), False, "5.4")


def test_a_three_star_enemy_paid_by_pressing_both_passed_cards_and_a_discard() -> None:
    """[* * *]: cards 1 [A] and 2 [B] pressed, L12 [C] discarded. Any button pays a star (5.2)."""
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="* * *")])
    move = pass_card("enemy", press("L1", "A"), press("L2", "B"), discard("L12", "C"))
    settled(rule(state, move), True, "5.2")


def test_a_d_d_start_cost_paid_with_both_of_e2s_buttons() -> None:
    """E2 shows [C D]: its D and... its C. You: "E2 has two buttons, that's two." The watcher:
    the start cost is two MATCHING buttons, here D and D; a C does not match a D (5.1)."""
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A A A", start="D D")])
    move = pass_card("combo-start", discard("E2", "C", "D"))
    settled(rule(state, move), False, "5.1")


# ----- abilities and combos


def test_an_ability_used_then_a_combo_started_on_the_same_card_with_no_combo_running() -> None:
    """Card 2 was passed with its enemy cost: no combo runs. On card 3 you use its ability
    (flipping L12) and then pay its [C C] start cost with E2's C and... a C. The one watching:
    "an ability ends a combo". Whether an ability touches a combo that is not running is our
    reading (it does not); the start cost permits the pass (7.2)."""
    level = [face("A"), face("B"), face("A", enemy="D D D", start="C C", ability="Peek")]
    state = tutorial_run(level=level, hand=[face("A"), face("C"), face("C")])
    log = [
        ability("flip", "L10"),
        pass_card("combo-start", discard("L11", "C"), discard("L12", "C")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal", ruled.answer
    start = ruled.rulings[1]
    assert start.deciding_rule == KEY + "7.2", start.deciding_rule
    assert [t.key for t in start.readings_deciding] == [R.ABILITY_OUTSIDE_COMBO]


def test_a_second_ability_with_a_face_down_card_already_held_paid_by_flipping() -> None:
    """You already hold L11 face down; you flip L10 face down to use card 3's ability. With a
    face-down card held you must pay by discarding it (6.4). Written first as illegal: the
    ability may still be used, and the payment becomes discarding L11, as an earlier ruling
    settles (the flip of L10 does not happen); 6.4 decides either way."""
    state = tutorial_run(
        level=[face("A"), face("B"), face("C", enemy="A B", ability="Peek")], face_down_hand=1
    )
    settled(rule(state, ability("flip", "L10")), True, "6.4")


def test_a_swap_that_brings_a_face_down_hand_card_into_the_level() -> None:
    """Card 3's ability swaps; you pay by flipping L10 face down, then swap L1 for L10. The
    card that goes into the level stays face down (10.1)."""
    level = [face("A", enemy="A"), face("B", enemy="B"), face("C", enemy="D D", swap=True)]
    state = tutorial_run(level=level)
    log = [ability("flip", "L10"), swap("L1", "L10")]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal", ruled.answer
    swapped = ruled.rulings[1]
    assert swapped.deciding_rule == KEY + "10.1", swapped.deciding_rule
    after = ruled.rulings[1].next_state
    assert after is not None
    first = after["level"][0]
    assert first["card"] == "L10" and first["face_up"] is False


# ----- logs


def test_a_log_that_pays_run_twos_first_card_with_the_card_run_one_took_into_hand() -> None:
    """Both Equipment Cards show [D D]. Run 1 passes card 1 [B] (enemy [A]) with L10 [A]; card
    2's [A B] then has no A left: the run ends (8.1). Run 2 starts on L2; L1 [B] is now in your
    hand (8.5) and L10 is back (8.4): discarding both pays the [A B]. Written first with card 1
    showing [C] and a [C C C] enemy on card 2, which pressing card 1 could pay in run 1."""
    level = [face("B", enemy="A"), face("A", enemy="A B")]
    state = board(
        "tutorial", level=level, hand=[face("A"), face("D"), face("D")], equipment=("D D", "D D")
    )
    log = [
        pass_card("enemy", discard("L10", "A")),
        END_RUN,
        pass_card("enemy", discard("L1", "B"), discard("L10", "A")),
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal", ruled.answer
    assert not ruled.game_over
    ending = ruled.rulings[1]
    assert ending.deciding_rule == KEY + "8.1"


def test_a_log_whose_run_ends_while_card_3_could_still_be_paid() -> None:
    """You pass cards 1 and 2, then declare the run over though L12 [C] and E2 could pay
    card 3's [C]. "Cannot pass" is our reading of when a run may end (8.1)."""
    level = [face("A", enemy="A"), face("B", enemy="B"), face("C", enemy="C")]
    state = board("tutorial", level=level, hand=[face("A"), face("B"), face("C")])
    log = [
        pass_card("enemy", discard("L10", "A")),
        pass_card("enemy", discard("L11", "B")),
        END_RUN,
    ]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2, ruled.answer
    assert ruled.deciding_rule == KEY + "8.1"
    assert [t.key for t in ruled.readings_deciding] == [R.END_RUN_VOLUNTARILY]


def test_a_log_to_the_win_on_run_four_of_a_tutorial_game() -> None:
    """Run 4: 6 cards in the level, all [A] enemies; the first hand card pays card 1, then each
    card is paid by pressing the one before. Passing the final card wins (9.1). Written first
    naming the hand card L10: on run 4 the level holds L1-L6, so the hand starts at L7."""
    level: list[JSON | None] = [face("A", enemy="A")] * 6
    hand = [face("A"), face("B"), face("B"), face("B"), face("B"), face("B")]
    state = board("tutorial", run=4, level=level, hand=hand)
    log = [pass_card("enemy", discard("L7", "A"))]
    log += [pass_card("enemy", press(f"L{i}", "A")) for i in range(1, 6)]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over, ruled.answer
    assert ruled.winner is not None and ruled.result
    assert ruled.deciding_rule == KEY + "9.1"
    assert ruled.readings_deciding == []


# ----- achievements and claims


def test_button_masher_with_the_three_star_cards_apart() -> None:
    """Three [* * *] cards in the level, at places 2, 4 and 6: not consecutive (11.2)."""
    stars = face("A", enemy="* * *")
    plain = face("A", enemy="A")
    level: list[JSON | None] = [plain, stars, plain, stars, plain, stars, plain, plain, plain]
    state = board("tutorial", hero=9, level=level, outcome="won")
    settled(rule(state, claim("button-masher")), False, "11.2")


def test_well_equipped_on_the_fourth_run_with_e2_kept() -> None:
    """Standard, won on run 4 with E2 still in hand (E1 discarded)."""
    state = board("standard", run=4, hero=7, outcome="won", equipment_discarded=(True, False))
    settled(rule(state, claim("well-equipped")), True, "11.3")


def test_speed_runner_on_a_tutorial_game_won_on_run_one() -> None:
    """Speed Runner asks a Hard game: a Tutorial win in one run does not earn it (11.4)."""
    settled(rule(board("tutorial", hero=9, outcome="won"), claim("speed-runner")), False, "11.4")


# ----- tools


def test_how_do_we_set_up_a_tutorial_game_with_three_set_aside() -> None:
    answer = setup(difficulty="tutorial")
    assert (answer["level_cards"], answer["set_aside"]) == (9, 3)
    assert answer["deciding_rule"] == KEY + "2.1"


def test_best_line_through_a_combo_of_three_cards() -> None:
    """Card 1 [C C] start, cards 2 and 3 [B] continue on a red line, each enemy [D D D]; the
    hand has two Cs (L10, L11) and Bs (L12, E1). Three cards, then card 4 is unknown."""
    level: list[JSON | None] = [
        face("A", enemy="D D D", start="C C", line="R red"),
        face("A", enemy="D D D", start="D D", cont="B", line="LR red"),
        face("A", enemy="D D D", start="D D", cont="B", line="L red"),
        face("A", enemy="D D D D"),
    ]
    state = board("tutorial", level=level, hand=[face("C"), face("C"), face("B")])
    answer = best_line(state)
    assert answer["this_run"]["cards_passed"] == 3, answer["this_run"]
    assert answer["deciding_rule"] == KEY + "8.1", answer["deciding_rule"]
    assert answer["readings_deciding"] == []


# ----- written after the run: the same themes, from the other side


def test_discarding_a_card_from_the_discard_pile_for_a_cost() -> None:
    """L12 [C] was discarded earlier this run; you name it again for card 3's [C]. Only a card
    in your hand may be discarded (5.4)."""
    state = tutorial_run(
        level=[face("A"), face("B"), face("C", enemy="C")],
        hand=[face("A"), face("B")],
        discard=[face("C")],
    )
    settled(rule(state, pass_card("enemy", discard("L12", "C"))), False, "5.4")


def test_a_start_cost_during_a_combo_paid_with_two_level_cards_shows_the_start_rule() -> None:
    """As the API dispute on card 3, but with L10 and L11 both [C]: no Equipment Card button
    is lost, and the start cost (7.2) decides, on our reading."""
    level = [
        face("A"),
        face("B", line="R red"),
        face("A", enemy="D D D", start="C C", cont="B", line="L red"),
    ]
    state = tutorial_run(level=level, hand=[face("C"), face("C"), face("A")], combo=True)
    move = pass_card("combo-start", discard("L10", "C"), discard("L11", "C"))
    settled(rule(state, move), True, "7.2", R.START_DURING_COMBO)


def test_a_swap_of_the_current_card_before_its_ability_was_used() -> None:
    """No ability was used on card 3: a swap is the effect of a swap ability just used, so
    swapping now has nothing to resolve (our reading of when swaps happen, never flagged)."""
    level = [face("A", enemy="A"), face("B", enemy="B"), face("C", enemy="D D", swap=True)]
    ruling = rule(tutorial_run(level=level), swap("L1", "L10"))
    assert not ruling.legal, ruling.answer
    assert ruling.readings_deciding == []
