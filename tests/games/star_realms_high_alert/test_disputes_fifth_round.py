"""Star Realms: High Alert: a fifth round of disputes as players bring them from the rules
sheet (ally and double ally abilities, merged factions, symbols as effects, the Requisition
discount, heroes, tech, turns and setups), each ruled with its verdict, the one rule shown as
deciding, and a flag only where the answer turns on our reading of an open point."""

from __future__ import annotations

import pytest

from games.core import InvalidMove
from games.star_realms_high_alert import reasons as R

from .helpers import (
    RULES,
    acquire,
    hero,
    merged,
    other,
    played,
    row,
    rule,
    settled,
    setup,
    tech,
    use_ally,
    whole,
)

# ----- the main phase (9.5) and turns across the log (10.1-10.4)


def test_a_trade_row_card_bought_in_the_discard_phase() -> None:
    state = {"phase": "discard", "trade": 5, "trade_row": [row("corsair")]}
    settled(rule(state, acquire()), False, "9.5")


def test_a_tech_used_in_the_discard_phase() -> None:
    state = {"phase": "discard", "trade": 5, "techs": [tech("laser")]}
    settled(rule(state, {"kind": "use-tech", "tech": "t1"}), False, "9.5")


def test_an_ally_ability_used_in_the_discard_phase() -> None:
    state = {"phase": "discard", "play_area": [played("hellfire"), played("cargo-raptor", "c2")]}
    settled(rule(state, use_ally()), False, "9.5")


def test_a_card_played_that_is_not_in_the_hand() -> None:
    # a card the table does not hold is a mistake in the question, not a ruling
    state = {"hand": [played("corsair", "d1")]}
    with pytest.raises(InvalidMove):
        rule(state, {"kind": "play-card", "card": "d9", "trade": 3})


def test_a_new_hand_drawn_after_the_turn_ends() -> None:
    cards = [played(slug, f"n{i}") for i, slug in enumerate(["corsair", "hellfire", "voyager"])]
    ruled = RULES.rule_sequence_json({}, [{"kind": "end-turn"}, {"kind": "draw", "cards": cards}])
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[1], True, "10.4")


def test_laser_used_in_one_turn_and_again_in_the_next() -> None:
    state = {"trade": 1, "techs": [tech("laser")]}
    use = {"kind": "use-tech", "tech": "t1"}
    cards = [played("voyager", "n1")]
    log = [use, {"kind": "end-turn"}, {"kind": "draw", "cards": cards}]
    log += [{"kind": "play-card", "card": "n1", "trade": 2}, use]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[4], True, "4.4")


# ----- heroes (3.2-3.8) and tech (4.2-4.6)


def test_templar_brehmer_for_2_trade() -> None:
    settled(rule({"trade": 2, "trade_row": [row("templar-brehmer")]}, acquire()), False, "9.2")


def test_warp_for_3_trade() -> None:
    settled(rule({"trade": 3, "trade_row": [row("warp")]}, acquire()), False, "9.2")


def test_guidance_taken_free_under_costing_2_or_less() -> None:
    state = {"free_acquires": [{"id": "f1", "max_cost": 2}], "trade_row": [row("guidance")]}
    move = {"kind": "acquire-free", "card": "r1", "effect": "f1"}
    # where a tech taken free goes is our reading; whether it may be taken is not
    settled(rule(state, move), True, "9.3", R.FREE_HERO_OR_TECH)


def test_a_laser_on_the_table_does_not_trigger_hellfire() -> None:
    # the ally rule decides: another Star Empire card is what is missing, whatever is on the
    # table (a tech has no faction, 4.5, and never counts)
    state = {"play_area": [played("hellfire")], "techs": [tech("laser")]}
    settled(rule(state, use_ally()), False, "5.4")


def test_a_hero_not_on_the_table_cannot_be_scrapped() -> None:
    state = {"heroes": [hero("biodroid-otto")]}
    with pytest.raises(InvalidMove):
        rule(state, {"kind": "scrap-hero", "hero": "h9"})


def test_a_tech_not_on_the_table_cannot_be_used() -> None:
    state = {"trade": 5, "techs": [tech("laser")]}
    with pytest.raises(InvalidMove):
        rule(state, {"kind": "use-tech", "tech": "t9"})


# ----- the Requisition discount (8.1-8.4)


def test_warrior_pod_free_with_two_blob_cards_in_play() -> None:
    state = {
        "trade": 0,
        "play_area": [other("blob"), other("blob", 2)],
        "trade_row": [row("warrior-pod")],
    }
    settled(rule(state, acquire()), True, "8.2")


def test_cargo_raptor_gets_no_discount_beside_a_star_empire_card() -> None:
    state = {"trade": 1, "play_area": [other("star-empire")], "trade_row": [row("cargo-raptor")]}
    settled(rule(state, acquire()), False, "8.2")


def test_tanker_mech_for_3_with_two_machine_cult_cards() -> None:
    state = {
        "trade": 3,
        "play_area": [other("machine-cult"), other("machine-cult", 2)],
        "trade_row": [row("tanker-mech")],
    }
    settled(rule(state, acquire()), True, "8.2")


# ----- merged factions (6.2-6.5)


def test_one_merged_card_triggers_hellfire_and_corsair_in_one_turn() -> None:
    state = {"play_area": [played("hellfire"), played("corsair", "c2"), merged(1)]}
    ruled = RULES.rule_sequence_json(state, [use_ally(), use_ally("c2")])
    assert ruled.verdict == "legal", ruled.answer
    settled(ruled.rulings[1], True, "6.4")


def test_a_star_empire_blob_card_does_not_trigger_corsair() -> None:
    state = {"play_area": [played("corsair"), merged(1, "star-empire-blob")]}
    settled(rule(state, use_ally()), False, "5.4")


# ----- setup (1.6, 2.3)


def test_the_heroes_pack_with_doctor_clark_missing() -> None:
    added = {k: v for k, v in whole("heroes").items() if k != "doctor-clark"}
    settled(setup(["heroes"], added), False, "1.6")


def test_the_heroes_pack_with_two_administrator_tungs() -> None:
    # the pack holds one of each hero: a count beyond it is refused as input (rule 1.2)
    added = {**whole("heroes"), "administrator-tung": 2}
    with pytest.raises(InvalidMove):
        setup(["heroes"], added)


def test_the_whole_tech_pack_shuffled_in() -> None:
    settled(setup(["tech"], whole("tech")), True, "2.3")
