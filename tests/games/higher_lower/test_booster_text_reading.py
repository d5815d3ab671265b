"""Disputes on a booster whose text the rulebook does not give (reference ruling
booster-text-not-in-reference): what follows a booster turns on our reading (play goes on as
usual, rule 5.5), so a ruling on the booster says so and what the other reading answers; a
game that merely goes on after a booster does not turn on it."""

from __future__ import annotations

from games.core.readings import flipped
from games.higher_lower import reasons as R

from .helpers import RULES, booster, play, rule, table


def test_what_ana_must_do_after_her_booster_turns_on_our_reading_of_its_text() -> None:
    # Ana, on her turn, plays a Rare booster at Ben: may she, and what then?
    state = table(ana=[9, 5], boosters=["Rare", "Common"])
    ours_ruled = rule(state, booster("Rare", "Ben", "Ana"))
    with flipped(R.BOOSTER_TEXT_NOT_IN_REFERENCE):
        other = rule(state, booster("Rare", "Ben", "Ana"))
    assert ours_ruled.legal and other.legal  # she may play it under either reading
    assert ours_ruled.deciding_rule == "higher-lower:5.1"  # on her own turn
    assert "must still lay a card, match or draw" in ours_ruled.answer
    assert "must still lay" not in other.answer
    assert "what the card says" in other.answer
    assert ours_ruled.answer != other.answer
    # our reading is flagged on the ruling, with what the other reading answers
    assert [t.key for t in ours_ruled.readings_deciding] == [R.BOOSTER_TEXT_NOT_IN_REFERENCE]
    turn = ours_ruled.readings_deciding[0]
    assert turn.other_verdict == "legal" and turn.other_answer == other.answer
    assert R.BOOSTER_TEXT_NOT_IN_REFERENCE in ours_ruled.interpretations


def test_the_next_board_after_a_booster_is_the_same_under_either_reading() -> None:
    state = table(ana=[9, 5], boosters=["Rare"])
    ours_ruled = rule(state, booster("Rare", None, "Ana"))
    with flipped(R.BOOSTER_TEXT_NOT_IN_REFERENCE):
        other = rule(state, booster("Rare", None, "Ana"))
    assert ours_ruled.next_state == other.next_state
    assert ours_ruled.next_state is not None and ours_ruled.next_state["turn"] == "Ana"


def test_a_game_that_goes_on_after_a_booster_merely_uses_the_reading() -> None:
    # Ana plays her Rare booster, then lays a 9 on Cy's 7 'higher' and calls 'lower': the
    # log is legal whatever the booster's text, so the log is not flagged.
    state = table(ana=[9, 5], boosters=["Rare"])
    log = [booster("Rare", "Ben", "Ana"), play(9, "lower", "Ana")]
    ours_ruled = RULES.rule_sequence_json(state, log)
    with flipped(R.BOOSTER_TEXT_NOT_IN_REFERENCE):
        other = RULES.rule_sequence_json(state, log)
    assert ours_ruled.verdict == other.verdict == "legal"
    assert ours_ruled.answer == other.answer
    assert R.BOOSTER_TEXT_NOT_IN_REFERENCE in ours_ruled.rulings[0].interpretations
    assert ours_ruled.readings_deciding == []


def test_a_booster_out_of_turn_is_refused_whatever_its_text() -> None:
    # Ben plays a booster on Ana's turn: rule 5.1 settles it, not the card's text.
    ruled = rule(table(ana=[9, 5]), booster("Rare", "Ana", "Ben"))
    assert not ruled.legal
    assert ruled.deciding_rule == "higher-lower:5.1"
    assert ruled.readings_deciding == []
