"""Higher or Lower: a sixth set of disputes, written from the rulebook before they were run, on
situations the earlier sets leave alone: four and six at the table, the opener's own card, the
call on the highest and lowest cards, matching after a draw, whole logs to the winner, the
"How do we set up?" tool, the website's question forms and tables that cannot exist. Each is
ruled with its verdict, the one rule shown as deciding, and a flag only where the answer turns
on our reading of an open point.

Ana, Ben and Cy sit in that order; by default Cy has laid a 7 and called 'higher', and it is
Ana's turn (tests/games/higher_lower/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.higher_lower import reasons as R
from games.higher_lower.questions import CanIDrawInstead, CanIPlayABooster, CanIPlayThisCard
from games.higher_lower.tools import TOOLS
from tests.games.higher_lower.helpers import (
    JSON,
    KEY,
    RULES,
    booster,
    draw,
    match,
    play,
    rule,
    settled,
    table,
)

SETUP: JSON = {"kind": "setup"}
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve", "Fay")


def dealt(players: int, *, dealer: str | None, turn: str = "Ana", **over: Any) -> JSON:
    """A fresh deal for `players`, Ana first; `over` replaces the table's own counts."""
    state: JSON = {
        "players": [{"name": n, "hand": 10, "boosters": 3} for n in NAMES[:players]],
        "turn": turn,
        "deck": 60 - 10 * players,
        "booster_deck": 30 - 3 * players,
        "dealer": dealer,
    }
    state.update(over)
    return state


def four(turn: str = "Ana", **hands: Any) -> JSON:
    """Ana, Ben, Cy and Dee; Dee has laid a 7 and called 'higher'."""
    state = table(turn=turn, call_by="Dee")
    state["players"].append({"name": "Dee", "hand": 5, "boosters": 2})
    for p in state["players"]:
        if p["name"].lower() in hands:
            p["hand"] = hands[p["name"].lower()]
    state["deck"] = 20
    return state


def ask(slug: str, form: object):  # type: ignore[no-untyped-def]
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(form)
    return RULES.rule_json(state, move)


# ----- laying a card


def test_at_four_dee_cannot_lay_on_anas_turn() -> None:
    settled(rule(four(dee=[9, 3]), play(9, "lower", player="Dee")), False, "4.1")


def test_an_8_on_a_7_when_the_call_is_lower() -> None:
    settled(rule(table(ana=[8, 2], call="lower"), play(8, "higher")), False, "4.2")


def test_a_6_on_a_7_under_lower_and_ana_calls_higher() -> None:
    ruling = rule(table(ana=[6, 2], call="lower"), play(6, "higher"))
    settled(ruling, True, "4.2")
    assert ruling.next_state is not None and ruling.next_state["call"] == "higher"


def test_ana_may_call_higher_on_a_14() -> None:
    """Only a 15 beats a 14, but the call is Ana's to make (rule 4.3)."""
    ruling = rule(table(ana=[14, 2]), play(14, "higher"))
    settled(ruling, True, "4.3")


def test_a_14_on_a_15_must_follow_the_15s_lower() -> None:
    ruling = rule(table(ana=[14, 2], last=15, call="lower"), play(14, "lower"))
    settled(ruling, True, "4.2")


def test_a_2_on_a_1_with_no_call_said() -> None:
    settled(rule(table(ana=[2, 9], last=1, call="higher"), play(2)), False, "4.3")


# ----- the opener


def test_ana_opens_with_a_1_and_says_lower() -> None:
    """A 1 always calls 'higher': the 'lower' said with it counts for nothing (rule 4.8)."""
    state = table(ana=10, ben=10, cy=10, last=None) | {"dealer": "Cy", "deck": 30}
    ruling = rule(state, play(1, "lower"))
    assert ruling.legal
    assert ruling.deciding_rule == KEY + "4.8"
    assert ruling.next_state is not None and ruling.next_state["call"] == "higher"


def test_ana_opens_with_a_9_and_calls_higher() -> None:
    state = table(ana=10, ben=10, cy=10, last=None) | {"dealer": "Cy", "deck": 30}
    settled(rule(state, play(9, "higher")), True, "3.6")


def test_ben_draws_before_anything_is_laid() -> None:
    state = table(ana=10, ben=10, cy=10, last=None, turn="Ben") | {"dealer": "Cy", "deck": 30}
    settled(rule(state, draw(player="Ben")), False, "3.6")


# ----- matching and drawing


def test_ben_matches_the_7_after_ana_drew() -> None:
    """After a draw the matching rules still hold (rule 4.7)."""
    state = table(ben=[7, 3], turn="Ben") | {"drew": "Ana"}
    settled(rule(state, match(7, player="Ben")), True, "4.7")


def test_ana_holding_a_12_under_lower_on_a_13_draws() -> None:
    settled(
        rule(table(ana=[12, 3], last=13, call="lower"), draw(5)),
        False,
        "4.6",
        R.DRAW_ONLY_WHEN_UNABLE,
    )


def test_ana_with_only_high_cards_under_lower_draws() -> None:
    settled(rule(table(ana=[9, 12], call="lower"), draw(11)), True, "4.6")


def test_ana_draws_a_4_that_would_go_under_lower() -> None:
    """Whether she may lay the 4 she drew at once is our reading (`drawing-ends-the-turn`)."""
    ruling = rule(table(ana=[9, 12], call="lower"), draw(4))
    settled(ruling, True, "4.6", R.DRAWING_ENDS_THE_TURN)


def test_at_four_dee_obeys_bens_call_after_cy_matched() -> None:
    state = four(turn="Dee", dee=[5, 3])
    state.update(last_card=9, call="lower", call_by="Ben", match_chain=["Cy"])
    settled(rule(state, play(5, "higher", player="Dee")), True, "4.5")


# ----- boosters


def test_ana_plays_an_ultimate_booster_at_dee_across_the_table() -> None:
    # what follows the booster is its unknown text's to say: flagged, as every booster is
    ruling = rule(four(ana=[9, 3]), booster("Ultimate", "Dee"))
    settled(ruling, True, "5.4", R.BOOSTER_TEXT_NOT_IN_REFERENCE)


def test_dee_plays_a_booster_on_anas_turn() -> None:
    settled(rule(four(ana=[9, 3]), booster("Common", "Ana", player="Dee")), False, "5.1")


# ----- the deal


def test_a_six_player_deal_leaves_no_deck() -> None:
    # ten each from sixty (3.1) is what leaves nothing over
    settled(rule(dealt(6, dealer="Fay"), SETUP), True, "3.1")


def test_a_two_player_deal_with_forty_in_the_deck() -> None:
    settled(rule(dealt(2, dealer="Ben"), SETUP), True, "3.1")


def test_at_four_ben_opens_when_dee_dealt() -> None:
    settled(rule(dealt(4, dealer="Dee", turn="Ben"), SETUP), False, "3.6")


def test_cy_was_dealt_four_boosters() -> None:
    state = dealt(3, dealer="Cy", booster_deck=20)
    state["players"][2]["boosters"] = 4
    settled(rule(state, SETUP), False, "3.3")


# ----- whole games


def test_a_two_player_log_where_ben_goes_out_first() -> None:
    state = {
        "players": [
            {"name": "Ana", "hand": [10, 4, 6], "boosters": 0},
            {"name": "Ben", "hand": [3, 13], "boosters": 0},
        ],
        "turn": "Ana",
        "deck": 55,
        "dealer": "Ben",
    }
    log = [play(10, "lower"), play(3, "higher"), play(4, "higher"), play(13)]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over
    assert ruled.winner == "Ben"
    assert ruled.deciding_rule == KEY + "2.1" and ruled.readings_deciding == []


def test_a_log_where_cy_draws_holding_a_card_that_goes() -> None:
    log = [play(9, "lower"), play(5, "lower", player="Ben"), draw(6, player="Cy")]
    ruled = RULES.rule_sequence_json(table(ana=[9, 3], ben=[5, 2], cy=[4, 11]), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.first_illegal_by == "Cy"
    assert ruled.deciding_rule == KEY + "4.6"
    assert [t.key for t in ruled.readings_deciding] == [R.DRAW_ONLY_WHEN_UNABLE]


def test_a_log_where_ben_plays_twice_in_a_row() -> None:
    log = [play(9, "lower"), play(5, "lower", player="Ben"), play(3, "lower", player="Ben")]
    ruled = RULES.rule_sequence_json(table(ana=[9, 3], ben=[5, 3, 2]), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.first_illegal_by == "Ben"
    assert ruled.deciding_rule == KEY + "4.1"


# ----- the "How do we set up?" tool


def test_how_do_we_set_up_for_five_names_the_deal_of_ten() -> None:
    answer = TOOLS["setup"].run({"players": 5}, None)
    assert answer["deck_after_deal"] == 10 and answer["booster_deck_after_deal"] == 15
    assert answer["deciding_rule"] == KEY + "3.1"
    assert answer["readings_deciding"] == []


def test_how_do_we_set_up_for_six_leaves_an_empty_deck() -> None:
    answer = TOOLS["setup"].run({"players": 6}, None)
    assert answer["deck_after_deal"] == 0
    assert answer["deciding_rule"] == KEY + "3.1"


def test_how_do_we_set_up_for_seven_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        TOOLS["setup"].run({"players": 7}, None)
    assert caught.value.field == "players"


# ----- the website's question forms


def test_form_a_14_on_a_15_with_no_call() -> None:
    form = CanIPlayThisCard(last_card=15, call_in_force="lower", my_card=14, my_call="none")
    settled(ask("can-i-play-this-card", form), False, "4.3")


def test_form_opening_with_a_15_and_no_call() -> None:
    form = CanIPlayThisCard(last_card=0, my_card=15, my_call="none", cards_in_my_hand=10)
    settled(ask("can-i-play-this-card", form), True, "4.8")


def test_form_draw_holding_a_match() -> None:
    form = CanIDrawInstead(last_card=11, call_in_force="higher", my_hand=[2, 11])
    settled(ask("can-i-draw-instead", form), False, "4.6", R.DRAW_ONLY_WHEN_UNABLE)


def test_form_booster_when_it_is_not_my_turn() -> None:
    form = CanIPlayABooster(players=4, my_turn=False, aimed_at="the player on my left")
    settled(ask("can-i-play-a-booster", form), False, "5.1")


def test_form_booster_at_another_opponent_with_two_players_is_refused() -> None:
    question = next(q for q in RULES.questions if q.slug == "can-i-play-a-booster")
    with pytest.raises(InvalidState) as caught:
        question.build(CanIPlayABooster(players=2, aimed_at="another opponent"))
    assert caught.value.field == "aimed_at"


# ----- tables that cannot exist


def test_a_hand_holding_a_16_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        rule(table(ana=[16, 3]), play(3, "lower"))
    assert "hand" in caught.value.field


def test_seven_players_are_refused() -> None:
    state = dealt(6, dealer="Fay")
    state["players"].append({"name": "Gus", "hand": 0, "boosters": 0})
    with pytest.raises(InvalidState) as caught:
        rule(state, SETUP)
    assert "players" in caught.value.field


def test_a_turn_for_someone_not_at_the_table_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        rule(table(turn="Zed"), play(9, "lower"))
    assert caught.value.field == "state.turn"


def test_ana_lays_her_last_card_without_a_call_holding_boosters() -> None:
    """No one is left to follow a call once she is out (rule 2.1); read the other way of
    `winning-with-boosters-left`, her boosters keep her in the game and the call is owed."""
    ruling = rule(table(ana=[9]), play(9))
    settled(ruling, True, "2.1", R.WINNING_WITH_BOOSTERS_LEFT)
