"""Higher or Lower: an eighth set of disputes, written from the rulebook before they were run,
on situations the earlier sets leave alone: a call that only one number can obey made with the
opening card, a last card that breaks the call, a call that comes back round after two draws,
a fourth copy matched, a pass on an empty deck, a card laid twice in a log, boosters before the
first card, "What can I do now?" and the "How do we set up?" tool for four, and a booster count
no box can hold. Each is ruled with its verdict, the one rule shown as deciding, and a flag only
where the answer turns on our reading of an open point (the same situations over HTTP are in
tests/cardsdb/test_higher_lower_disputes_eighth_round.py).

Ana, Ben and Cy sit in that order; by default Cy has laid a 7 and called 'higher', and it is
Ana's turn (tests/games/higher_lower/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.higher_lower import reasons as R
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


def two(ana: list[int], ben: list[int], **over: Any) -> JSON:
    """Ana and Ben alone, neither holding a booster: Ben has laid a 7 and called 'higher', and
    it is Ana's turn; `over` replaces the table's own entries."""
    state = table(ana=ana, ben=ben, call_by="Ben", boosters=0)
    state["players"] = state["players"][:2]
    state["players"][1]["boosters"] = 0
    state.update(over)
    return state


def before_the_first_card() -> JSON:
    """Cy dealt ten cards to each of the three; nothing is laid, and Ana opens."""
    return table(ana=10, ben=10, cy=10, last=None) | {"dealer": "Cy", "deck": 30}


# ----- the call


def test_ana_lays_a_2_on_the_7_under_lower_and_calls_lower() -> None:
    """Ben: "Only a 1 is lower than a 2, you can't call lower on it." Ana: "The call is mine to
    make." Rule 4.3 gives her the call, whatever number can obey it."""
    ruling = rule(table(ana=[2, 12], call="lower"), play(2, "lower"))
    settled(ruling, True, "4.3")
    assert ruling.next_state is not None and ruling.next_state["call"] == "lower"


def test_ana_opens_with_a_2_and_calls_lower() -> None:
    """Ana opens the game with a 2 and calls 'lower'. Ben: "Only the 1s can go on that: you
    must call higher." Ana: "The opener calls higher or lower, as she likes." Rule 3.7: having
    laid the first card, that player calls 'higher' or 'lower'."""
    settled(rule(before_the_first_card(), play(2, "lower")), True, "3.7")


def test_ana_lays_her_last_card_a_5_on_the_7_under_higher() -> None:
    """Ana holds only a 5 and lays it on Cy's 7, saying "I'm out, I win." Cy: "I called
    higher." Rule 4.2 decides: the card must obey the call, whether or not it is her last;
    whether her boosters keep her in the game does not change that."""
    settled(rule(table(ana=[5]), play(5)), False, "4.2")


# ----- when the call comes back round


def test_at_two_ana_obeys_her_own_higher_after_ben_drew() -> None:
    """Ana laid a 7 and called 'higher'; Ben could not go and drew. Ana now lays a 9. Ben:
    "You can't play on your own call." Rule 4.7: after a draw the call passes on unchanged."""
    state = two([9, 3], [4, 2], call_by="Ana", drew="Ben")
    settled(rule(state, play(9, "lower")), True, "4.7")


def test_at_three_ana_goes_lower_against_her_own_call_after_ben_and_cy_drew() -> None:
    """Ana laid a 7 and called 'higher'; Ben drew and so did Cy. Ana lays a 5: "Nobody could
    follow my call, so it's gone." Ben: "The call still stands." Rule 4.7 on our reading of
    `call-after-a-draw`: her own call binds her when it comes back round."""
    state = table(ana=[5, 3], call_by="Ana") | {"drew": "Cy"}
    settled(rule(state, play(5, "higher")), False, "4.7", R.CALL_AFTER_A_DRAW)


# ----- matching


def test_cy_matches_his_own_7_again_after_ana_and_ben_matched() -> None:
    """Cy laid a 7 and called 'higher'; Ana and Ben each matched it. Cy lays the fourth 7.
    Ana: "You can't match your own card." Rule 4.4: you may match the last card played."""
    state = table(cy=[7, 3], turn="Cy", chain=["Ana", "Ben"])
    ruling = rule(state, match(7, player="Cy"))
    settled(ruling, True, "4.4")
    after = ruling.next_state
    assert after is not None
    assert (after["call"], after["call_by"], after["turn"]) == ("higher", "Cy", "Ana")


def test_ana_lays_a_15_on_the_15_and_calls_higher() -> None:
    """Ana lays a 15 on Cy's 15 and says 'higher'. Ben: "Nothing is higher than 15." The 15
    matches, and a player who matches makes no call (rule 4.5): Ben still goes lower."""
    ruling = rule(table(ana=[15, 3], last=15, call="lower"), play(15, "higher"))
    settled(ruling, True, "4.5")
    assert ruling.next_state is not None and ruling.next_state["call"] == "lower"


# ----- drawing


def test_ana_holding_a_1_and_a_9_draws_under_higher() -> None:
    """Ana draws. Ben: "Your 9 goes on the 7." The 9 obeys the call either way; whether a 1
    could also go (is it wild?) changes nothing. Rule 4.6 on `draw-only-when-unable`."""
    settled(rule(table(ana=[1, 9]), draw()), False, "4.6", R.DRAW_ONLY_WHEN_UNABLE)


def test_a_log_where_the_deck_is_empty_and_cy_plays_on_his_own_call() -> None:
    """The deck is empty. Ana cannot go higher than Cy's 7 and passes; Ben passes too; Cy lays
    a 9 on his own 'higher'. Ana: "Your call lapsed when we passed." Rule 4.7: the call passes
    on unchanged, as after a draw. The log's moves stand on either reading of the empty deck."""
    state = table(ana=[3, 5], ben=[2, 4], cy=[9, 12], deck=0)
    log = [draw(), draw(player="Ben"), play(9, "lower", player="Cy")]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and not ruled.game_over
    assert ruled.deciding_rule == KEY + "4.7"
    assert ruled.readings_deciding == []


# ----- boosters


def test_ana_plays_a_booster_before_laying_the_first_card() -> None:
    """Nothing is laid yet; Ana, who opens, plays a Rare booster at Ben. Ben: "The game hasn't
    started." Rule 5.1: boosters are played on your own turn, and this is hers. What follows
    is the card's to say (flagged, as for every booster)."""
    ruling = rule(before_the_first_card(), booster("Rare", "Ben"))
    settled(ruling, True, "5.1", R.BOOSTER_TEXT_NOT_IN_REFERENCE)


def test_two_boosters_at_ben_then_a_9() -> None:
    """Ana plays a Common and a Rare at Ben, then lays a 9 calling 'lower'. Ben: "One booster a
    turn." Rule 5.3 settles the second booster; the 9 itself obeys the call (4.2)."""
    log = [booster("Common", "Ben"), booster("Rare", "Ben"), play(9, "lower")]
    ruled = RULES.rule_sequence_json(table(ana=[9, 3]), log)
    assert ruled.verdict == "legal"
    assert ruled.rulings[1].deciding_rule == KEY + "5.3"
    assert ruled.deciding_rule == KEY + "4.2"
    assert ruled.readings_deciding == []


# ----- whole games


def test_a_two_player_log_to_anas_win_with_a_15() -> None:
    """Ana lays a 9 calling lower, Ben a 4 calling higher, Ana her last card, a 15, without a
    call. Neither holds a booster. Rule 2.1: she is the first to get rid of her cards."""
    log = [play(9, "lower"), play(4, "higher", player="Ben"), play(15, player="Ana")]
    ruled = RULES.rule_sequence_json(two([9, 15], [4, 11]), log)
    assert ruled.verdict == "legal" and ruled.game_over
    assert ruled.winner == "Ana"
    assert ruled.deciding_rule == KEY + "2.1" and ruled.readings_deciding == []


def test_a_log_where_ana_lays_her_9_twice() -> None:
    """Ana lays a 9, Ben a 5, and Ana names the 9 again. Ben: "That 9 is on the pile." The card
    laid has left her hand: the log breaks at its third move (rule 4.2)."""
    log = [play(9, "lower"), play(5, "higher", player="Ben"), play(9, "higher", player="Ana")]
    ruled = RULES.rule_sequence_json(two([9, 4], [5, 11]), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.first_illegal_by == "Ana"
    assert ruled.deciding_rule == KEY + "4.2"


# ----- "What can I do now?" and "How do we set up?"


def test_what_can_ana_do_with_a_7_and_a_9_on_the_7() -> None:
    """Ana holds a 7 and a 9 and no booster: match, or lay the 9 calling either way. She may
    not draw (rule 4.6), and each option is settled by its own rule."""
    state = table(ana=[7, 9], boosters=0)
    moves = RULES.legal_moves_listing(state)["moves"]
    assert moves is not None
    said = [(m["kind"], m.get("value"), m.get("call")) for m in moves]
    assert said == [("match", None, None), ("play", 9, "higher"), ("play", 9, "lower")]
    deciding = [RULES.rule_json(state, m).deciding_rule for m in moves]
    assert deciding == [KEY + "4.4", KEY + "4.2", KEY + "4.2"]


def test_how_do_we_set_up_for_four() -> None:
    answer = TOOLS["setup"].run({"players": 4}, None)
    assert answer["deck_after_deal"] == 20 and answer["booster_deck_after_deal"] == 18
    assert answer["deciding_rule"] == KEY + "3.1"
    assert answer["readings_deciding"] == []


# ----- tables that cannot exist


def test_a_six_player_deal_with_31_booster_cards_is_refused() -> None:
    """Six players, three boosters each but Fay four, and 12 in the booster deck: 31 booster
    cards, and the box has 30 (rule 1.2)."""
    state: JSON = {
        "players": [
            {"name": n, "hand": 10, "boosters": 3} for n in ("Ana", "Ben", "Cy", "Dee", "Eve")
        ]
        + [{"name": "Fay", "hand": 10, "boosters": 4}],
        "turn": "Ana",
        "deck": 0,
        "booster_deck": 12,
        "dealer": "Fay",
    }
    with pytest.raises(InvalidState) as caught:
        rule(state, SETUP)
    assert caught.value.field == "state.booster_deck"


def test_ben_drew_but_it_is_anas_turn_after_him_is_refused() -> None:
    """Ben is said to have drawn on the turn just ended, but Ana, who sits before him, is to
    play: the turn after Ben's is Cy's (rule 4.1), so no table holds both."""
    state = table(ana=[9, 3]) | {"drew": "Ben"}
    with pytest.raises(InvalidState) as caught:
        rule(state, play(9, "lower"))
    assert caught.value.field == "state.drew"


# ----- written after the fixes, on the same themes


def test_ana_opens_with_a_14_and_calls_lower() -> None:
    """Any call can be obeyed by many numbers here: the opening card is what is asked (3.6)."""
    settled(rule(before_the_first_card(), play(14, "lower")), True, "3.6")


def test_ana_opens_with_a_14_and_calls_higher() -> None:
    """Only a 15 can follow: the opener's call is hers to make all the same (3.7)."""
    settled(rule(before_the_first_card(), play(14, "higher")), True, "3.7")


def test_ana_lays_her_last_card_a_12_on_the_7_under_lower() -> None:
    settled(rule(table(ana=[12], call="lower"), play(12)), False, "4.2")


def test_ana_holding_a_15_and_an_8_draws_under_higher() -> None:
    """Both go on the 7, the 15 by the call like any card: no reading of the 15 is in play."""
    settled(rule(table(ana=[15, 8]), draw()), False, "4.6", R.DRAW_ONLY_WHEN_UNABLE)


def test_ana_holding_a_1_and_a_3_draws_a_2_under_higher() -> None:
    """Neither goes higher than 7; read the other way, a 1 goes on any card and she may not
    draw (`automatic-calls-1-and-15`)."""
    settled(rule(table(ana=[1, 3]), draw(2)), True, "4.6", R.AUTOMATIC_CALLS)


def test_a_log_where_ana_passes_on_the_empty_deck_and_lays_a_card_on_bens_turn() -> None:
    """Ana had to draw from the empty deck and drew nothing; she then lays her 5. Ben: "Your
    turn ended." Rule 4.7, on either reading of the empty deck."""
    log = [draw(), play(5, "higher", player="Ana")]
    ruled = RULES.rule_sequence_json(table(ana=[3, 5], deck=0), log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.first_illegal_by == "Ana"
    assert ruled.deciding_rule == KEY + "4.7" and ruled.readings_deciding == []


def test_a_log_where_cy_breaks_his_own_call_after_two_passes_on_the_empty_deck() -> None:
    log = [draw(), draw(player="Ben"), play(5, "higher", player="Cy")]
    state = table(ana=[3, 5], ben=[2, 4], cy=[5, 12], deck=0)
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 2
    assert ruled.deciding_rule == KEY + "4.7"
    assert [t.key for t in ruled.readings_deciding] == [R.CALL_AFTER_A_DRAW]


def test_at_four_cy_drew_but_it_is_anas_turn_is_refused() -> None:
    """Dee sits between Cy and Ana: the turn after Cy's is Dee's."""
    state = table(ana=[9, 3]) | {"drew": "Cy"}
    state["players"].append({"name": "Dee", "hand": 5, "boosters": 2})
    with pytest.raises(InvalidState) as caught:
        rule(state, play(9, "lower"))
    assert caught.value.field == "state.drew"
