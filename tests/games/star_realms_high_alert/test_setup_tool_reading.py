"""Disputes on "How do we set up?" with two or three mini-expansions, where the sheet says "one
mini-expansion to the game, or all of them at once" (rule 2.3; reference ruling
two-or-three-mini-expansions): the tool's answer is decided by rule 2.3 and flagged with what
the other reading answers, as the ruling on the same setup is; one pack or all four are
decided by 2.3 too, and flagged nowhere."""

from __future__ import annotations

from typing import Any

import pytest

from games.core.readings import flipped
from games.star_realms_high_alert.reasons import SOME_PACKS
from games.star_realms_high_alert.setup import pack
from games.star_realms_high_alert.tools import TOOLS

from .helpers import key, rule

ALL_FOUR = ["requisition", "tech", "invasion", "heroes"]


def _ask(*packs: str) -> dict[str, Any]:
    """The tool's answer, as the API gives it."""
    return TOOLS["setup"].run({"expansions": list(packs)}, None)


def _ruled(*packs: str) -> Any:
    """The ruling on the same setup: every card of each pack shuffled in."""
    added = {slug: n for p in packs for slug, n in pack(p).items()}
    return rule({"expansions": list(packs)}, {"kind": "setup", "added": added})


def test_setting_up_with_tech_and_heroes_turns_on_our_reading() -> None:
    found = _ask("tech", "heroes")
    assert found["cards_added"] == 24
    assert found["deciding_rule"] == key("2.3")
    assert key("2.3") in found["rules"]
    assert [key("2.3"), key("2.4")] == found["rules_by_step"][-1]  # the shuffle step
    assert found["interpretations"] == [SOME_PACKS]
    [turn] = found["readings_deciding"]
    assert turn["key"] == SOME_PACKS
    assert turn["other_verdict"] == "illegal"
    assert turn["other_answer"] == (
        "No, this is not a correct setup: Tech and Heroes make 2 mini-expansions, and the "
        "sheet adds one or all four."
    )


def test_the_tool_and_the_ruling_on_the_same_setup_agree() -> None:
    for packs in (("requisition", "invasion"), ("requisition", "tech", "heroes")):
        found = _ask(*packs)
        ruled = _ruled(*packs)
        assert ruled.legal and ruled.deciding_rule == found["deciding_rule"] == key("2.3")
        assert [t.model_dump() for t in ruled.readings_deciding] == found["readings_deciding"]


def test_read_the_other_way_two_packs_are_not_a_setup() -> None:
    # What the flag says the other reading answers is what the ruling answers read so.
    found = _ask("requisition", "invasion")
    with flipped(SOME_PACKS):
        other = _ruled("requisition", "invasion")
    assert not other.legal and other.deciding_rule == key("2.3")
    assert found["readings_deciding"][0]["other_answer"] == other.answer


def test_three_mini_expansions_turn_on_it_too() -> None:
    found = _ask("requisition", "tech", "heroes")
    assert found["deciding_rule"] == key("2.3")
    assert [t["key"] for t in found["readings_deciding"]] == [SOME_PACKS]
    assert "Requisition, Tech and Heroes make 3" in found["readings_deciding"][0]["other_answer"]


@pytest.mark.parametrize("packs", [["invasion"], ["heroes"], ALL_FOUR])
def test_one_pack_or_all_four_are_decided_by_2_3_and_not_flagged(packs: list[str]) -> None:
    found = _ask(*packs)
    assert found["deciding_rule"] == key("2.3")
    assert key("2.3") in found["rules"]
    assert found["interpretations"] == [] and found["readings_deciding"] == []


def test_a_pack_named_twice_is_one_pack_and_not_flagged() -> None:
    found = _ask("tech", "tech")
    assert found["expansions"] == ["tech"]
    assert found["readings_deciding"] == []
