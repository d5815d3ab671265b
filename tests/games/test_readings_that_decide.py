"""Readings that decide, and only those: a dispute that turns on an open point is ruled under
both readings, the answers differ, and our reading is flagged with what the other reading
answers; a dispute that merely uses the reading is not flagged."""

from __future__ import annotations

import pytest

from games.core.readings import flipped, ours
from games.higher_lower import reasons as R
from tests.games.higher_lower.helpers import RULES, draw, play, rule, table
from tests.games.star_realms_high_alert.helpers import other as other_card


def test_may_i_lay_the_card_i_just_drew_turns_on_our_reading() -> None:
    # Ana holds a 3 and a 5 on Cy's 7 'higher': she cannot play, draws a 9, and lays it.
    state = table(ana=[3, 5], last=7, call="higher")
    log = [draw(9, "Ana"), play(9, "lower", "Ana")]
    ours_ruled = RULES.rule_sequence_json(state, log)
    with flipped(R.DRAWING_ENDS_THE_TURN):
        other = RULES.rule_sequence_json(state, log)
    assert ours_ruled.verdict == "illegal" and ours_ruled.first_illegal == 1
    assert other.verdict == "legal"  # read the other way, the drawn 9 goes on the 7 at once
    turns = ours_ruled.readings_deciding
    assert [t.key for t in turns] == [R.DRAWING_ENDS_THE_TURN]
    assert turns[0].other_verdict == "legal"
    assert turns[0].other_answer == other.answer
    # the deciding ruling (the move that breaks) carries the reading too
    assert [t.key for t in ours_ruled.rulings[-1].readings_deciding] == [R.DRAWING_ENDS_THE_TURN]


def test_a_draw_is_flagged_because_the_turn_ending_turns_on_our_reading() -> None:
    ruled = rule(table(ana=[3, 5], last=7, call="higher"), draw(9, "Ana"))
    assert ruled.legal
    assert [t.key for t in ruled.readings_deciding] == [R.DRAWING_ENDS_THE_TURN]
    assert "lay the drawn card at once" in ruled.readings_deciding[0].other_answer


def test_a_plain_play_is_not_flagged() -> None:
    ruled = rule(table(ana=[9, 5], last=7, call="higher"), play(9, "lower", "Ana"))
    assert ruled.legal and ruled.interpretations  # readings used on the way...
    assert ruled.readings_deciding == []  # ...but none the answer turns on
    assert ruled.deciding_rule == "higher-lower:4.2"


def test_an_engine_rules_on_our_reading_unless_asked_otherwise() -> None:
    assert ours(R.DRAWING_ENDS_THE_TURN)
    with flipped(R.DRAWING_ENDS_THE_TURN):
        assert not ours(R.DRAWING_ENDS_THE_TURN)
        assert ours(R.BOOSTER_TARGET)
    assert ours(R.DRAWING_ENDS_THE_TURN)


def test_buying_the_armory_with_a_merged_card_in_play_turns_on_our_reading() -> None:
    from games.star_realms_high_alert.reasons import MERGED_DISCOUNT
    from games.star_realms_high_alert.rules import RULES as HIGH_ALERT

    state = {
        "trade": 6,
        "play_area": [other_card("star-empire-trade-federation")],
        "trade_row": [{"id": "r1", "card": "the-armory"}],
    }
    move = {"kind": "acquire", "card": "r1"}
    ruled = HIGH_ALERT.rule_json(state, move)
    with flipped(MERGED_DISCOUNT):
        other = HIGH_ALERT.rule_json(state, move)
    assert ruled.legal and not other.legal  # 7 less 1 is 6 Trade; read the other way, 7
    assert ruled.deciding_rule == "star-realms-high-alert:8.2"  # the Requisition discount
    assert [t.key for t in ruled.readings_deciding] == [MERGED_DISCOUNT]
    assert ruled.readings_deciding[0].other_verdict == "illegal"


def test_buying_with_no_merged_card_in_play_is_not_flagged() -> None:
    from games.star_realms_high_alert.rules import RULES as HIGH_ALERT

    state = {
        "trade": 6,
        "play_area": [other_card("blob")],
        "trade_row": [{"id": "r1", "card": "the-armory"}],
    }
    ruled = HIGH_ALERT.rule_json(state, {"kind": "acquire", "card": "r1"})
    assert ruled.readings_deciding == []


def test_the_best_line_says_when_it_turns_on_a_pressed_card_giving_one_button() -> None:
    """Only L1 [A B] shows an A or a B: pressed, it gives one of them (our reading), so this
    run stops at L2's [A B]; read the other way, pressing L1 for both passes L2."""
    from games.hyperstar_run.reasons import SEVERAL_BUTTONS
    from games.hyperstar_run.solver import said, solve
    from tests.games.hyperstar_run.test_solver import _press_or_discard

    state = _press_or_discard("C C C")
    ours_solved = solve(state)
    with flipped(SEVERAL_BUTTONS):
        other = solve(state)
    assert ours_solved.this_run is not None and ours_solved.this_run.furthest == 1
    assert other.this_run is not None and other.this_run.furthest == 2
    assert [t.key for t in ours_solved.readings_deciding] == [SEVERAL_BUTTONS]
    assert ours_solved.readings_deciding[0].other_answer == said(other)


def test_a_best_line_that_no_reading_changes_is_not_flagged() -> None:
    from games.hyperstar_run.solver import solve
    from tests.games.hyperstar_run.test_solver import _press_or_discard

    solved = solve(_press_or_discard("A B C"))  # discarding the A and the B pays L2
    assert solved.readings_deciding == []


@pytest.mark.parametrize("trade", [4, 5, 6, 7, 9])
def test_what_can_i_do_now_says_at_every_trade_total_that_a_merged_card_lowers_the_price(
    trade: int,
) -> None:
    """The Armory (printed 7) with a Star Empire + Trade Federation card in play: 6 Trade on
    our reading, 7 read the other way, whatever Trade the player holds."""
    from games.star_realms_high_alert.options import options
    from games.star_realms_high_alert.reasons import MERGED_DISCOUNT
    from games.star_realms_high_alert.rules import RULES as HIGH_ALERT

    state = HIGH_ALERT.parse_state(
        {
            "trade": trade,
            "play_area": [other_card("star-empire-trade-federation")],
            "trade_row": [{"id": "r1", "card": "the-armory"}],
            "heroes": [],
            "techs": [],
            "gained_symbols": [],
            "free_acquires": [],
        }
    )
    (row,) = options(state).trade_row
    assert row.price == 6 and row.affordable == (trade >= 6)
    assert MERGED_DISCOUNT in row.interpretations
    assert [t.key for t in row.readings_deciding] == [MERGED_DISCOUNT]
    assert row.readings_deciding[0].other_answer.startswith("it costs 7 Trade")
    assert (row.readings_deciding[0].other_verdict == "legal") == (trade >= 7)
