"""Disputes on adding two or three mini-expansions, where the sheet says "one mini-expansion
to the game, or all of them at once" (rule 2.3; reference ruling two-or-three-mini-expansions):
a setup of two whole packs turns on our reading, and says what the other reading answers; a
setup that fails for another reason, or of one pack or all four, does not."""

from __future__ import annotations

from games.core.readings import flipped
from games.star_realms_high_alert.reasons import SOME_PACKS
from games.star_realms_high_alert.setup import pack

from .helpers import rule


def _whole(*packs: str) -> dict[str, int]:
    return {slug: n for p in packs for slug, n in pack(p).items()}


def _setup(*packs: str, added: dict[str, int] | None = None) -> tuple[dict, dict]:
    return {"expansions": list(packs)}, {"kind": "setup", "added": added or _whole(*packs)}


def test_requisition_and_tech_shuffled_in_turns_on_our_reading() -> None:
    state, move = _setup("requisition", "tech")
    ours_ruled = rule(state, move)
    with flipped(SOME_PACKS):
        other = rule(state, move)
    assert ours_ruled.legal and not other.legal
    assert "Requisition and Tech" in ours_ruled.answer
    # read the other way, rule 2.3 decides: one mini-expansion or all four
    assert other.deciding_rule == "star-realms-high-alert:2.3"
    assert "setup-one-or-all-packs" in [r.code for r in other.reasons]
    assert other.answer.startswith("No, this is not a correct setup")
    assert [t.key for t in ours_ruled.readings_deciding] == [SOME_PACKS]
    turn = ours_ruled.readings_deciding[0]
    assert turn.other_verdict == "illegal" and turn.other_answer == other.answer


def test_three_mini_expansions_turn_on_it_too() -> None:
    ruled = rule(*_setup("requisition", "tech", "heroes"))
    assert ruled.legal
    assert [t.key for t in ruled.readings_deciding] == [SOME_PACKS]


def test_two_packs_one_hellfire_short_merely_use_the_reading() -> None:
    # Wrong under either reading, for the card missing (rule 2.4): not flagged.
    added = {**_whole("requisition", "tech"), "hellfire": 1}
    state, move = _setup("requisition", "tech", added=added)
    ours_ruled = rule(state, move)
    with flipped(SOME_PACKS):
        other = rule(state, move)
    assert not ours_ruled.legal and not other.legal
    assert ours_ruled.answer == other.answer
    assert ours_ruled.deciding_rule == "star-realms-high-alert:1.3"  # "Hellfire ×2"
    assert SOME_PACKS in ours_ruled.interpretations
    assert ours_ruled.readings_deciding == []


def test_one_pack_or_all_four_need_no_reading() -> None:
    for packs in (("invasion",), ("requisition", "tech", "invasion", "heroes")):
        ruled = rule(*_setup(*packs))
        assert ruled.legal
        assert ruled.interpretations == [] and ruled.readings_deciding == []
