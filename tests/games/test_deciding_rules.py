"""Every ruling names the one rule that decides it, and every reason code that can decide does
decide a dispute: ruled over the disputes the game tests bring (the boards of the recorded
rulings, tests/games/golden), each reason code of the catalog that can decide is the deciding
one of at least one of them, and the rule it names is in the fixtures."""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import pytest

from games import registry
from games.core.deciding import deciding_reason
from games.core.errors import BadInput
from games.core.ruling import Ruling
from tests.games.golden.recorder import replayed

# Codes that can decide but that no recorded dispute brings (a one-way list: a code that
# decided a dispute before must go on deciding one). Every other code that can decide decides
# at least one recorded dispute.
NOT_YET_DISPUTED: dict[str, set[str]] = {
    "bo-jackson-battle-arena": set(),
    "higher-lower": set(),
    "hyperstar-run": set(),
    "star-realms-high-alert": set(),
    # a Special Item named to pass a hazard (9.13): the eighth round's disputes bring it, and
    # the recorded rulings, recorded again, will
    "super-hazard-quest": set(),
}


@cache
def _rulings(slug: str) -> list[Ruling]:
    """Every ruling the recorded disputes of `slug` give, ruled once a test process (for the
    replay of tests/games/test_rulings_unchanged.py as well: one xdist group)."""
    found: list[Ruling] = []
    for _, record, result in replayed(slug):
        if record["kind"] == "moves" or isinstance(result, BadInput):
            continue
        if record["kind"] == "rule":
            found.append(result)
        else:
            found.extend(result.rulings)
    return found


@pytest.mark.xdist_group("golden_replay")
@pytest.mark.parametrize("slug", sorted(registry))
def test_every_code_that_can_decide_decides_a_dispute(slug: str) -> None:
    engine = registry[slug]
    decided: dict[str, list[Ruling]] = defaultdict(list)
    for ruling in _rulings(slug):
        reason = deciding_reason(ruling.reasons, ruling.voided)
        if reason is None:
            assert ruling.deciding_rule is None
            continue
        assert ruling.deciding_rule == reason.rule
        if not engine.reasons.can_decide(reason.code):  # only where nothing else stands
            assert not any(
                engine.reasons.can_decide(r.code) for r in [*ruling.reasons, *ruling.voided]
            )
            continue
        decided[reason.code].append(ruling)
    can = {code for code in engine.reasons.codes() if engine.reasons.can_decide(code)}
    undisputed = can - set(decided)
    assert undisputed <= NOT_YET_DISPUTED[slug], sorted(undisputed - NOT_YET_DISPUTED[slug])
    assert NOT_YET_DISPUTED[slug] <= can  # the list names codes of the catalog that can decide


@pytest.mark.xdist_group("golden_replay")
@pytest.mark.parametrize(
    ("slug", "code", "rule"),
    [
        ("higher-lower", "automatic-call", "higher-lower:4.8"),
        ("higher-lower", "player-wins", "higher-lower:2.1"),
        ("hyperstar-run", "star-takes-any-button", "hyperstar-run:5.2"),
        ("hyperstar-run", "fourth-run-lost", "hyperstar-run:8.2"),
        ("hyperstar-run", "speed-runner-earned", "hyperstar-run:11.4"),
        ("star-realms-high-alert", "requisition-discount", "star-realms-high-alert:8.2"),
        ("star-realms-high-alert", "merged-card-counts", "star-realms-high-alert:6.4"),
        ("bo-jackson-battle-arena", "majority-of-battles-wins", "bo-jackson-battle-arena:4.4.1.1"),
        ("bo-jackson-battle-arena", "playbook-thirty-plays", "bo-jackson-battle-arena:4.3.1.2"),
        ("super-hazard-quest", "super-item-unlimited", "super-hazard-quest:9.4"),
        ("super-hazard-quest", "battle-won", "super-hazard-quest:11.5"),
        ("super-hazard-quest", "mini-boss-defeated", "super-hazard-quest:7.2"),
    ],
)
def test_the_specific_rule_decides_over_the_general_one(slug: str, code: str, rule: str) -> None:
    """The picks a player would dispute: not 4.2 (obey the call) under an automatic call, not
    9.1 (pay the price) under a Requisition discount, not the Hero Deck's size under a
    Playbook, not 4.2 (hazards) under a Super Item."""
    engine = registry[slug]
    assert engine.reasons.key(code) == rule
    rulings = [r for r in _rulings(slug) if code in {x.code for x in r.reasons}]
    assert rulings, f"no recorded dispute gives {code}"
    for ruling in rulings:
        if len(ruling.reasons) > 1 and not ruling.voided:
            assert ruling.deciding_rule is not None
            assert engine.reasons.weight(code) >= min(
                engine.reasons.weight(r.code) for r in ruling.reasons
            )
    assert any(r.deciding_rule == rule and len(r.reasons) > 1 for r in rulings), rule
