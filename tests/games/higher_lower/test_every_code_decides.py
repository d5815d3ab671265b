"""Disputes where a reason code that can decide is the rule a player shows: each names the
deciding rule and the answer's words (tests/games/test_deciding_rules.py)."""

from __future__ import annotations

from games.core.deciding import deciding_reason

from .helpers import play, rule, table


def test_a_call_of_lower_on_a_one_does_not_count() -> None:
    """Ana lays a 1 and calls 'lower': the card stands, and the 1 calls 'higher' by itself."""
    ruling = rule(table(ana=[1, 2], call="lower"), play(1, "lower"))
    assert ruling.legal, ruling.summary
    assert [r.code for r in ruling.voided] == ["automatic-call-void"]
    decides = deciding_reason(ruling.reasons, ruling.voided)
    assert decides is not None and decides.code == "automatic-call-void"
    assert ruling.deciding_rule == "higher-lower:4.8"
    assert ruling.answer.startswith("Yes, Ana can lay the 1 on the 7")
    assert "The call of lower does not count: a 1 calls higher by itself" in ruling.answer
