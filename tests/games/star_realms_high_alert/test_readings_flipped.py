"""Star Realms: High Alert: the open points the engine rules both ways. A dispute that turns on
the point is ruled under both readings, the answers differ, and our reading is flagged with what
the other reading answers, in players' words; a dispute that merely uses the point is not
flagged. (The merged card's Requisition discount and the two or three mini-expansions are in
tests/games/test_readings_that_decide.py and test_mini_expansions_reading.py.)"""

from __future__ import annotations

from typing import Any

from games.core import Ruling
from games.star_realms_high_alert import reasons as R
from games.star_realms_high_alert.options import options
from tests.games.readings_disputes import ruled_both_ways

from .helpers import (
    RULES,
    acquire,
    played,
    rule,
    use_ally,
    use_double_ally,
)

STEALTH_BLOB = {"symbol": "star-empire", "source": "Stealth", "card": "stealth"}


def hero(slug: str, played_this_turn: bool = False) -> dict[str, Any]:
    return {"id": "h1", "card": slug, "played_this_turn": played_this_turn}


def tech(slug: str, **extra: Any) -> dict[str, Any]:
    return {"id": "t1", "card": slug, **extra}


def merged(n: int, **extra: Any) -> dict[str, Any]:
    """A card from outside High Alert with the Star Empire + Trade Federation merged symbol."""
    return {"id": f"o{n}", "factions": ["star-empire-trade-federation"], **extra}


def turns_on(key: str, state: dict[str, Any], move: dict[str, Any]) -> tuple[Ruling, Ruling]:
    return ruled_both_ways(rule, key, state, move)


def not_flagged(key: str, ruled: Ruling) -> None:
    assert key not in [t.key for t in ruled.readings_deciding], ruled.readings_deciding


# ----- a hero on the table from an earlier turn (hero-is-not-a-faction-card)


def test_an_ally_with_only_an_earlier_turns_hero_turns_on_heroes_having_no_faction() -> None:
    state = {"play_area": [played("hellfire")], "heroes": [hero("doctor-clark")]}
    ruled, read_so = turns_on(R.HERO_NO_FACTION, state, use_ally())
    assert not ruled.legal and ruled.deciding_rule == "star-realms-high-alert:3.5"
    assert read_so.legal and "Doctor Clark in play triggers it" in read_so.answer


def test_buying_with_a_hero_of_the_faction_on_the_table_turns_on_heroes_having_no_faction() -> None:
    state = {
        "trade": 6,
        "trade_row": [{"id": "r1", "card": "the-armory"}],
        "heroes": [hero("doctor-clark")],
    }
    ruled, read_so = turns_on(R.HERO_NO_FACTION, state, acquire())
    assert not ruled.legal and "costs you 7 Trade" in ruled.answer
    assert read_so.legal and "for 6 Trade" in read_so.answer


def test_what_can_i_do_now_says_the_armorys_price_turns_on_heroes_having_no_faction() -> None:
    state = RULES.parse_state(
        {
            "trade": 6,
            "play_area": [],
            "trade_row": [{"id": "r1", "card": "the-armory"}],
            "heroes": [hero("doctor-clark")],
            "techs": [],
            "gained_symbols": [],
            "free_acquires": [],
        }
    )
    (row,) = options(state).trade_row
    assert row.price == 7 and not row.affordable
    assert [t.key for t in row.readings_deciding] == [R.HERO_NO_FACTION]
    assert row.readings_deciding[0].other_answer == "it costs 6 Trade, which you can pay"


def test_ending_a_turn_with_a_hero_on_the_table_is_not_flagged() -> None:
    ruled = rule({"heroes": [hero("doctor-clark")]}, {"kind": "end-turn"})
    assert ruled.legal and R.HERO_NO_FACTION in ruled.interpretations
    not_flagged(R.HERO_NO_FACTION, ruled)


# ----- the faction chosen with Stealth (stealth-faction-is-an-effect)


def test_buying_with_stealths_faction_turns_on_it_being_an_effect() -> None:
    state = {
        "trade": 6,
        "trade_row": [{"id": "r1", "card": "the-armory"}],
        "techs": [tech("stealth", used_this_turn=True)],
        "gained_symbols": [STEALTH_BLOB],
    }
    ruled, read_so = turns_on(R.STEALTH_EFFECT, state, acquire())
    assert not ruled.legal and R.STEALTH_EFFECT in ruled.interpretations
    assert read_so.legal and "for 6 Trade" in read_so.answer


def test_choosing_a_faction_with_stealth_is_not_flagged() -> None:
    ruled = rule(
        {"trade": 2, "techs": [tech("stealth")]},
        {"kind": "use-tech", "tech": "t1", "faction": "blob"},
    )
    assert ruled.legal and R.STEALTH_EFFECT in ruled.interpretations
    not_flagged(R.STEALTH_EFFECT, ruled)


# ----- an ally ability a second time (ally-ability-once-a-turn)


def test_using_an_ally_ability_again_turns_on_once_a_turn() -> None:
    state = {"play_area": [played("hellfire", ally_used=True), played("cargo-raptor", "c2")]}
    ruled, read_so = turns_on(R.ALLY_ONCE, state, use_ally())
    assert not ruled.legal and ruled.deciding_rule == "star-realms-high-alert:7.5"
    assert read_so.legal and read_so.answer.startswith(
        "Yes, you can use Hellfire's ally ability again"
    )


def test_a_log_reopening_an_ally_ability_flags_its_deciding_ruling() -> None:
    state = {
        "trade": 2,
        "play_area": [played("hellfire"), played("cargo-raptor", "c2")],
        "techs": [tech("stealth")],
    }
    log = [use_ally(), {"kind": "use-tech", "tech": "t1", "faction": "star-empire"}, use_ally()]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.first_illegal == 2
    assert [t.key for t in ruled.rulings[-1].readings_deciding] == [R.ALLY_ONCE]


def test_a_first_use_of_an_ally_ability_is_not_flagged() -> None:
    state = {"play_area": [played("hellfire"), played("cargo-raptor", "c2")]}
    ruled = rule(state, use_ally())
    assert ruled.legal and ruled.readings_deciding == []


# ----- a merged card toward a merged double ally ability (merged-symbols-and-double-ally)


def test_one_merged_card_for_a_merged_double_ally_turns_on_counting_it_once() -> None:
    state = {
        "play_area": [
            merged(1, double_ally=True),
            merged(2),
        ]
    }
    ruled, read_so = turns_on(R.MERGED_DOUBLE_ALLY, state, use_double_ally("o1"))
    # what breaks is the double ally's count of other cards (5.3), which the reading reads
    assert not ruled.legal and ruled.deciding_rule == "star-realms-high-alert:5.3"
    assert read_so.legal and "once for each of its two factions" in read_so.answer


def test_two_merged_cards_for_a_merged_double_ally_are_not_flagged() -> None:
    state = {
        "play_area": [
            merged(1, double_ally=True),
            merged(2),
            merged(3),
        ]
    }
    ruled = rule(state, use_double_ally("o1"))
    assert ruled.legal and R.MERGED_DOUBLE_ALLY in ruled.interpretations
    not_flagged(R.MERGED_DOUBLE_ALLY, ruled)


# ----- scrapping a hero the turn it came (hero-scrap-same-turn)


def test_scrapping_a_hero_acquired_this_turn_turns_on_scrapping_the_same_turn() -> None:
    state = {"heroes": [hero("biodroid-otto", played_this_turn=True)]}
    ruled, read_so = turns_on(R.HERO_SCRAP_SAME_TURN, state, {"kind": "scrap-hero", "hero": "h1"})
    assert ruled.legal and R.HERO_SCRAP_SAME_TURN in ruled.interpretations
    assert not read_so.legal and "from your next turn" in read_so.answer


def test_scrapping_a_hero_from_an_earlier_turn_is_not_flagged() -> None:
    ruled = rule({"heroes": [hero("biodroid-otto")]}, {"kind": "scrap-hero", "hero": "h1"})
    assert ruled.legal and ruled.readings_deciding == []


# ----- using a tech the turn it came (tech-usable-the-turn-acquired)


def test_using_a_tech_acquired_this_turn_turns_on_using_it_the_same_turn() -> None:
    state = {"trade": 3, "techs": [tech("laser", acquired_this_turn=True)]}
    ruled, read_so = turns_on(R.TECH_SAME_TURN, state, {"kind": "use-tech", "tech": "t1"})
    assert ruled.legal and R.TECH_SAME_TURN in ruled.interpretations
    assert not read_so.legal and "from your next turn" in read_so.answer


def test_using_a_tech_from_an_earlier_turn_is_not_flagged() -> None:
    ruled = rule({"trade": 3, "techs": [tech("laser")]}, {"kind": "use-tech", "tech": "t1"})
    assert ruled.legal and ruled.readings_deciding == []


# ----- a hero taken without paying (free-acquire-hero-or-tech)


def _free(card: str) -> tuple[dict[str, Any], dict[str, Any]]:
    state = {
        "trade_row": [{"id": "r1", "card": card}],
        "free_acquires": [{"id": "e1", "max_cost": 3}],
    }
    return state, {"kind": "acquire-free", "card": "r1", "effect": "e1"}


def test_a_hero_taken_without_paying_turns_on_it_coming_into_play() -> None:
    ruled, read_so = turns_on(R.FREE_HERO_OR_TECH, *_free("doctor-clark"))
    assert ruled.next_state is not None and read_so.next_state is not None
    assert [h["card"] for h in ruled.next_state["heroes"]] == ["doctor-clark"]
    assert read_so.next_state["heroes"] == []
    assert "discard pile" in read_so.answer


def test_a_ship_taken_without_paying_is_not_flagged() -> None:
    ruled = rule(*_free("corsair"))
    assert ruled.legal and ruled.readings_deciding == []
