"""Disputes over whole logs whose every move is legal: the readings the log's answer turns on
(found by ruling the log again under the other reading) are flagged on the log and on its
deciding ruling, the last move, as they are on the move that breaks in an illegal log; a log
that merely uses a reading is flagged nowhere."""

from __future__ import annotations

from typing import Any

from games.core import SequenceRuling
from games.core.readings import flipped
from games.higher_lower import reasons as HL
from games.star_realms_high_alert.reasons import MERGED_DISCOUNT
from games.star_realms_high_alert.rules import RULES as HIGH_ALERT
from tests.games.higher_lower.helpers import RULES as HIGHER_LOWER
from tests.games.higher_lower.helpers import draw, play, table
from tests.games.star_realms_high_alert.helpers import other

BUY = {"kind": "acquire", "card": "r1"}
END = {"kind": "end-turn"}


def _armory(play_area: list[dict[str, Any]]) -> dict[str, Any]:
    """6 Trade to spend, and the Armory (7 Trade) in the trade row."""
    return {"trade": 6, "play_area": play_area, "trade_row": [{"id": "r1", "card": "the-armory"}]}


def _flags(ruled: SequenceRuling) -> list[list[str]]:
    return [[t.key for t in one.readings_deciding] for one in ruled.rulings]


def _assert_deciding_ruling_carries_the_logs(ruled: SequenceRuling) -> None:
    assert ruled.rulings[-1].readings_deciding == ruled.readings_deciding


# ----- Star Realms: High Alert


def test_a_log_buying_the_armory_with_a_merged_card_in_play_turns_on_our_reading() -> None:
    # Ana has 6 Trade and a Star Empire / Trade Federation card in play; she buys the Armory.
    state = _armory([other("star-empire-trade-federation")])
    ruled = HIGH_ALERT.rule_sequence_json(state, [BUY])
    with flipped(MERGED_DISCOUNT):
        read_otherwise = HIGH_ALERT.rule_sequence_json(state, [BUY])
    assert ruled.verdict == "legal" and ruled.first_illegal is None
    assert read_otherwise.verdict == "illegal"  # 7 Trade with no discount, and she has 6
    assert ruled.deciding_rule == "star-realms-high-alert:8.2"  # the Requisition discount
    assert [t.key for t in ruled.readings_deciding] == [MERGED_DISCOUNT]
    turn = ruled.readings_deciding[0]
    assert turn.other_verdict == "illegal" and turn.other_answer == read_otherwise.answer
    # the deciding ruling, the purchase, carries the reading too
    assert _flags(ruled) == [[MERGED_DISCOUNT]]
    _assert_deciding_ruling_carries_the_logs(ruled)


def test_a_log_that_buys_the_armory_and_ends_the_turn_is_flagged_on_its_deciding_ruling() -> None:
    state = _armory([other("star-empire-trade-federation")])
    ruled = HIGH_ALERT.rule_sequence_json(state, [BUY, END])
    assert ruled.verdict == "legal" and not ruled.game_over
    assert ruled.deciding_rule == ruled.rulings[-1].deciding_rule  # the last move's
    assert [t.key for t in ruled.readings_deciding] == [MERGED_DISCOUNT]
    assert ruled.readings_deciding[0].other_answer.startswith("No, move 1 breaks the rules")
    assert _flags(ruled) == [[], [MERGED_DISCOUNT]]
    _assert_deciding_ruling_carries_the_logs(ruled)


def test_a_log_buying_with_no_merged_card_in_play_is_flagged_nowhere() -> None:
    state = _armory([other("blob"), other("blob", 2)])
    state["trade"] = 7
    ruled = HIGH_ALERT.rule_sequence_json(state, [BUY, END])
    assert ruled.verdict == "legal"
    assert ruled.readings_deciding == []
    assert _flags(ruled) == [[], []]


# ----- Higher or Lower


def test_a_log_won_after_a_draw_turns_on_drawing_ending_the_turn() -> None:
    # Ana cannot go higher than Cy's 7 and draws a 9, which would go; she leaves it in her
    # hand, and Ben lays his last card, a 9, and wins.
    state = table(ana=[3, 5], ben=[9], last=7, call="higher")
    log = [draw(9, "Ana"), play(9, "lower", "Ben")]
    ruled = HIGHER_LOWER.rule_sequence_json(state, log)
    with flipped(HL.DRAWING_ENDS_THE_TURN):
        read_otherwise = HIGHER_LOWER.rule_sequence_json(state, log)
    assert ruled.verdict == "legal" and ruled.game_over and ruled.winner == "Ben"
    assert ruled.deciding_rule == "higher-lower:2.1"  # the rule that says who won
    # read the other way, Ana may lay the drawn 9 at once, so her turn goes on: Ben's 9 is
    # out of turn
    assert read_otherwise.verdict == "illegal" and read_otherwise.first_illegal == 1
    keys = [t.key for t in ruled.readings_deciding]
    assert HL.DRAWING_ENDS_THE_TURN in keys
    turn = next(t for t in ruled.readings_deciding if t.key == HL.DRAWING_ENDS_THE_TURN)
    assert turn.other_verdict == "illegal" and turn.other_answer == read_otherwise.answer
    # the deciding ruling, the play that wins, carries the log's readings; the draw does not
    assert _flags(ruled) == [[], keys]
    _assert_deciding_ruling_carries_the_logs(ruled)


def test_a_log_that_breaks_after_a_draw_is_flagged_the_same_way() -> None:
    # The illegal log: the same reading, the same place, the move that breaks.
    state = table(ana=[3, 5], last=7, call="higher")
    ruled = HIGHER_LOWER.rule_sequence_json(state, [draw(9, "Ana"), play(9, "lower", "Ana")])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert _flags(ruled) == [[], [HL.DRAWING_ENDS_THE_TURN]]
    _assert_deciding_ruling_carries_the_logs(ruled)


def test_a_plain_log_of_plays_is_flagged_nowhere() -> None:
    # Ana lays a 9 on the 7 and calls 'lower'; Ben lays a 4 under it.
    state = table(ana=[9, 5], ben=[4, 12], last=7, call="higher")
    ruled = HIGHER_LOWER.rule_sequence_json(
        state, [play(9, "lower", "Ana"), play(4, "higher", "Ben")]
    )
    assert ruled.verdict == "legal" and not ruled.game_over
    assert ruled.readings_deciding == []
    assert _flags(ruled) == [[], []]
