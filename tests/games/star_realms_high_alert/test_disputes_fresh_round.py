"""Star Realms: High Alert: a further round of disputes as players bring them from the rules
sheet (ally and double ally abilities, merged factions, symbols as effects, the Requisition
discount, heroes, tech, turns and setups), each ruled with its verdict, the one rule shown as
deciding, and a flag only where the answer turns on our reading of an open point."""

from __future__ import annotations

from games import registry
from games.star_realms_high_alert import reasons as R

from .helpers import (
    JSON,
    RULES,
    acquire,
    hero,
    key,
    merged,
    other,
    played,
    row,
    rule,
    settled,
    setup,
    tech,
    use_ally,
    use_double_ally,
    whole,
)

# ----- ally abilities (5.4) and double ally abilities (5.1-5.3)


def test_hellfire_with_cargo_raptor_in_play_uses_its_ally_ability() -> None:
    state = {"play_area": [played("hellfire"), played("cargo-raptor", "c2")]}
    settled(rule(state, use_ally()), True, "5.4")


def test_hellfire_alone_has_no_ally_to_trigger_it() -> None:
    settled(rule({"play_area": [played("hellfire")]}, use_ally()), False, "5.4")


def test_corsair_and_another_trade_federation_ship_trigger_the_ally() -> None:
    state = {"play_area": [played("corsair"), other("trade-federation")]}
    settled(rule(state, use_ally()), True, "5.4")


def test_cargo_raptors_double_ally_with_two_other_star_empire_cards() -> None:
    state = {
        "play_area": [
            played("cargo-raptor"),
            played("hellfire", "c2"),
            other("star-empire"),
        ]
    }
    settled(rule(state, use_double_ally()), True, "5.3")


def test_cargo_raptors_double_ally_with_one_other_star_empire_card_is_refused() -> None:
    state = {"play_area": [played("cargo-raptor"), played("hellfire", "c2")]}
    settled(rule(state, use_double_ally()), False, "5.3")


def test_voyagers_double_ally_with_two_trade_federation_ships() -> None:
    state = {
        "play_area": [
            played("voyager"),
            played("corsair", "c2"),
            other("trade-federation"),
        ]
    }
    settled(rule(state, use_double_ally()), True, "5.3")


def test_fusion_bots_double_ally_with_only_a_blob_card_beside_it() -> None:
    state = {"play_area": [played("fusion-bot"), played("warrior-pod", "c2")]}
    settled(rule(state, use_double_ally()), False, "5.3")


def test_the_double_ally_of_a_card_that_has_none() -> None:
    state = {"play_area": [played("hellfire"), played("cargo-raptor", "c2"), other("star-empire")]}
    settled(rule(state, use_double_ally()), False, "5.1")


def test_corsairs_ally_triggered_by_a_merged_star_empire_trade_federation_card() -> None:
    state = {"play_area": [played("corsair"), merged(1)]}
    settled(rule(state, use_ally()), True, "6.4")


def test_a_merged_ally_ability_triggered_by_a_star_empire_ship() -> None:
    state = {"play_area": [merged(1, ally=True), played("hellfire", "c2")]}
    settled(rule(state, {"kind": "use-ally", "card": "o1"}), True, "6.5")


def test_a_machine_cult_blob_card_does_not_trigger_hellfire() -> None:
    state = {"play_area": [played("hellfire"), merged(1, "machine-cult-blob")]}
    settled(rule(state, use_ally()), False, "5.4")


# ----- faction symbols as effects (7.1-7.5) and heroes' symbols (3.4, 3.5)


def test_doctor_clark_acquired_this_turn_triggers_hellfires_ally() -> None:
    state = {
        "play_area": [played("hellfire")],
        "heroes": [hero("doctor-clark", played_this_turn=True)],
    }
    settled(rule(state, use_ally()), True, "3.4")


def test_a_star_empire_symbol_gained_as_an_effect_triggers_hellfire() -> None:
    state = {
        "play_area": [played("hellfire")],
        "gained_symbols": [{"symbol": "star-empire", "source": "an ability"}],
    }
    settled(rule(state, use_ally()), True, "7.2")


def test_high_admiral_shaner_from_an_earlier_turn_does_not_trigger_corsair() -> None:
    state = {"play_area": [played("corsair")], "heroes": [hero("high-admiral-shaner")]}
    settled(rule(state, use_ally()), False, "3.5", R.HERO_NO_FACTION)


def test_the_same_ally_ability_twice_in_a_turn() -> None:
    # once a turn is our reading of the base game's rule (ally-ability-once-a-turn): read the
    # other way, an ally ability may be used again while it is triggered
    state = {"play_area": [played("hellfire"), played("cargo-raptor", "c2")]}
    ruled = RULES.rule_sequence_json(state, [use_ally(), use_ally()])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == key("7.5")
    assert [t.key for t in ruled.readings_deciding] == [R.ALLY_ONCE]


def test_stealths_star_empire_choice_triggers_hellfire() -> None:
    state = {"trade": 2, "play_area": [played("hellfire")], "techs": [tech("stealth")]}
    log = [{"kind": "use-tech", "tech": "t1", "faction": "star-empire"}, use_ally()]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "legal"
    settled(ruled.rulings[1], True, "7.2")


# ----- buying: the price (9.1, 9.2) and the Requisition discount (8.2-8.4)


def test_corsair_for_3_trade_with_no_trade_federation_card_in_play() -> None:
    settled(rule({"trade": 3, "trade_row": [row("corsair")]}, acquire()), True, "9.1")


def test_corsair_for_2_trade_with_one_trade_federation_card_in_play() -> None:
    state = {"trade": 2, "play_area": [other("trade-federation")], "trade_row": [row("corsair")]}
    settled(rule(state, acquire()), True, "8.2")


def test_lunar_landing_for_6_with_three_trade_federation_cards() -> None:
    state = {
        "trade": 6,
        "play_area": [other("trade-federation", i) for i in range(1, 4)],
        "trade_row": [row("lunar-landing")],
    }
    settled(rule(state, acquire()), True, "8.2")


def test_warrior_pod_for_1_with_bio_warrior_storms_blob_symbol() -> None:
    state = {
        "trade": 1,
        "heroes": [hero("bio-warrior-storm", played_this_turn=True)],
        "trade_row": [row("warrior-pod")],
    }
    settled(rule(state, acquire()), False, "8.3")


def test_hellfire_with_two_star_empire_cards_is_still_a_4_for_a_free_acquire_of_3() -> None:
    state = {
        "play_area": [other("star-empire"), other("star-empire", 2)],
        "free_acquires": [{"id": "f1", "max_cost": 3}],
        "trade_row": [row("hellfire")],
    }
    move = {"kind": "acquire-free", "card": "r1", "effect": "f1"}
    settled(rule(state, move), False, "8.4")


def test_tanker_mech_is_over_a_free_acquire_of_4() -> None:
    state = {"free_acquires": [{"id": "f1", "max_cost": 4}], "trade_row": [row("tanker-mech")]}
    move = {"kind": "acquire-free", "card": "r1", "effect": "f1"}
    settled(rule(state, move), False, "9.3")


def test_corsair_taken_free_under_costing_4_or_less() -> None:
    state = {"free_acquires": [{"id": "f1", "max_cost": 4}], "trade_row": [row("corsair")]}
    move = {"kind": "acquire-free", "card": "r1", "effect": "f1"}
    settled(rule(state, move), True, "9.3")


def test_the_armory_costs_7_and_ana_has_5() -> None:
    settled(rule({"trade": 5, "trade_row": [row("the-armory")]}, acquire()), False, "9.2")


def test_hellfire_paid_in_full_though_a_star_empire_card_is_in_play() -> None:
    state = {"trade": 4, "play_area": [other("star-empire")], "trade_row": [row("hellfire")]}
    settled(rule(state, acquire() | {"pay": 4}), True, "8.2")


# ----- heroes (3.2-3.8) and tech (4.2-4.6)


def test_doctor_clark_bought_goes_straight_to_the_table() -> None:
    settled(rule({"trade": 1, "trade_row": [row("doctor-clark")]}, acquire()), True, "3.3")


def test_a_hero_put_in_the_discard_pile_is_put_on_the_table_instead() -> None:
    move = acquire() | {"to": "discard-pile"}
    settled(rule({"trade": 3, "trade_row": [row("templar-brehmer")]}, move), True, "3.3")


def test_a_tech_put_in_the_discard_pile_is_put_on_the_table_instead() -> None:
    move = acquire() | {"to": "discard-pile"}
    settled(rule({"trade": 2, "trade_row": [row("laser")]}, move), True, "4.3")


def test_a_ship_put_on_the_table_goes_to_the_discard_pile() -> None:
    move = acquire() | {"to": "table"}
    settled(rule({"trade": 3, "trade_row": [row("corsair")]}, move), True, "9.4")


def test_laser_used_for_1_trade() -> None:
    settled(
        rule({"trade": 1, "techs": [tech("laser")]}, {"kind": "use-tech", "tech": "t1"}),
        True,
        "4.4",
    )


def test_warp_cannot_be_used_with_1_trade() -> None:
    state = {"trade": 1, "techs": [tech("warp")]}
    settled(rule(state, {"kind": "use-tech", "tech": "t1"}), False, "4.4")


def test_laser_used_a_second_time_this_turn() -> None:
    state = {"trade": 5, "techs": [tech("laser", used_this_turn=True)]}
    settled(rule(state, {"kind": "use-tech", "tech": "t1"}), False, "4.4")


def test_laser_bought_and_used_in_the_same_turn() -> None:
    state = {"trade": 3, "trade_row": [row("laser")]}
    ruled = RULES.rule_sequence_json(state, [acquire(), {"kind": "use-tech", "tech": "r1"}])
    assert ruled.verdict == "legal" and ruled.deciding_rule == key("4.4")
    assert [t.key for t in ruled.readings_deciding] == [R.TECH_SAME_TURN]


def test_scrapping_a_hero_from_an_earlier_turn() -> None:
    ruled = rule({"heroes": [hero("biodroid-otto")]}, {"kind": "scrap-hero", "hero": "h1"})
    settled(ruled, True, "3.8")


def test_scrapping_a_hero_outside_the_main_phase() -> None:
    state = {"phase": "discard", "heroes": [hero("biodroid-otto")]}
    settled(rule(state, {"kind": "scrap-hero", "hero": "h1"}), False, "3.8")


def test_a_hero_bought_and_scrapped_in_the_same_turn() -> None:
    state = {"trade": 1, "trade_row": [row("doctor-clark")]}
    ruled = RULES.rule_sequence_json(state, [acquire(), {"kind": "scrap-hero", "hero": "r1"}])
    assert ruled.verdict == "legal" and ruled.deciding_rule == key("3.8")
    assert [t.key for t in ruled.readings_deciding] == [R.HERO_SCRAP_SAME_TURN]


def test_a_hero_scrapped_twice() -> None:
    state = {"heroes": [hero("biodroid-otto")]}
    scrap = {"kind": "scrap-hero", "hero": "h1"}
    ruled = RULES.rule_sequence_json(state, [scrap, scrap])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == key("3.8") and ruled.readings_deciding == []


def test_a_hero_from_an_earlier_turn_stays_on_the_table() -> None:
    settled(rule({"heroes": [hero("doctor-clark")]}, {"kind": "end-turn"}), True, "3.6")


def test_a_hero_played_this_turn_loses_its_primary_ability_at_the_end_of_it() -> None:
    # what this turn's end takes away is what is asked about (turn_end.py): the primary
    # ability (3.7) over the hero staying on the table (3.6)
    state = {"heroes": [hero("doctor-clark", played_this_turn=True)]}
    settled(rule(state, {"kind": "end-turn"}), True, "3.7")


def test_an_unused_tech_stays_on_the_table() -> None:
    settled(rule({"techs": [tech("laser")]}, {"kind": "end-turn"}), True, "4.6")


def test_a_tech_used_this_turn_can_be_used_again_next_turn() -> None:
    state = {"techs": [tech("laser", used_this_turn=True)]}
    settled(rule(state, {"kind": "end-turn"}), True, "4.4")


# ----- turns (10.1-10.4) and cards an earlier move removed


def test_a_ship_bought_and_played_in_the_same_turn() -> None:
    state = {"trade": 3, "trade_row": [row("corsair")], "hand": []}
    log = [acquire(), {"kind": "play-card", "card": "r1", "trade": 0}]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == key("9.4") and ruled.readings_deciding == []


def test_a_trade_row_card_bought_twice() -> None:
    state = {"trade": 9, "trade_row": [row("corsair")]}
    ruled = RULES.rule_sequence_json(state, [acquire(), acquire()])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == key("9.1") and ruled.readings_deciding == []


def test_a_ship_from_the_hand_played_for_its_trade() -> None:
    state = {"trade": 0, "hand": [played("corsair", "d1")]}
    ruled = rule(state, {"kind": "play-card", "card": "d1", "trade": 3})
    settled(ruled, True, "10.1")


def test_an_ally_ability_of_a_ship_from_the_turn_that_ended() -> None:
    state = {"play_area": [played("hellfire"), played("cargo-raptor", "c2")]}
    ruled = RULES.rule_sequence_json(state, [{"kind": "end-turn"}, use_ally()])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == key("10.3")


# ----- setup (1.3-1.6, 2.3, 2.4)


def test_the_whole_invasion_pack_shuffled_in() -> None:
    settled(setup(["invasion"], whole("invasion")), True, "2.3")


def test_all_four_packs_shuffled_in() -> None:
    packs = ["requisition", "tech", "invasion", "heroes"]
    settled(setup(packs, whole(*packs)), True, "2.3")


def test_requisition_and_heroes_together_turn_on_our_reading() -> None:
    packs = ["requisition", "heroes"]
    settled(setup(packs, whole(*packs)), True, "2.3", R.SOME_PACKS)


def test_requisition_with_one_hellfire_is_a_card_short() -> None:
    added = {**whole("requisition"), "hellfire": 1}
    settled(setup(["requisition"], added), False, "1.3")


def test_tech_with_one_shield_is_a_card_short() -> None:
    added = {**whole("tech"), "shield": 1}
    settled(setup(["tech"], added), False, "1.4")


def test_three_packs_with_an_invasion_card_short_is_short_either_way() -> None:
    packs = ["requisition", "tech", "invasion"]
    added = {**whole(*packs), "voyager": 1}
    settled(setup(packs, added), False, "1.5")


def test_a_laser_shuffled_in_with_only_requisition_chosen() -> None:
    added = {**whole("requisition"), "laser": 2}
    settled(setup(["requisition"], added), False, "2.3")


# ----- the "What can I do now?" tool


def _options(state: JSON) -> JSON:
    body: JSON = registry["star-realms-high-alert"].tools["options"].run({"state": state}, None)
    return body


def test_what_can_i_do_prices_corsair_at_2_with_a_trade_federation_card_in_play() -> None:
    state = {"trade": 2, "play_area": [other("trade-federation")], "trade_row": [row("corsair")]}
    offer = _options(state)["trade_row"][0]
    assert offer["price"] == 2 and offer["affordable"]
    assert offer["rule"] == key("8.2") and offer["readings_deciding"] == []


def test_what_can_i_do_prices_hellfire_beside_a_merged_card_on_our_reading() -> None:
    state = {"trade": 3, "play_area": [merged(1)], "trade_row": [row("hellfire")]}
    offer = _options(state)["trade_row"][0]
    assert offer["price"] == 3 and offer["affordable"]
    assert offer["rule"] == key("8.2")
    assert [t["key"] for t in offer["readings_deciding"]] == [R.MERGED_DISCOUNT]
