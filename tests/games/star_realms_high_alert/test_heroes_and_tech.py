"""Disputes over heroes and tech: where they go, what they count for, when they may be used."""

from __future__ import annotations

from .helpers import RULES, acquire, assert_illegal, assert_legal, clar, played, rule, use_ally


def hero(slug: str, played_this_turn: bool = False, hero_id: str = "h1") -> dict[str, object]:
    return {"id": hero_id, "card": slug, "played_this_turn": played_this_turn}


def tech(slug: str, tech_id: str = "t1", **extra: object) -> dict[str, object]:
    return {"id": tech_id, "card": slug, **extra}


def scrap(hero_id: str = "h1") -> dict[str, str]:
    return {"kind": "scrap-hero", "hero": hero_id}


def use_tech(tech_id: str = "t1", **extra: object) -> dict[str, object]:
    return {"kind": "use-tech", "tech": tech_id, **extra}


# ----- heroes (3.3 - 3.8) -----


def test_an_acquired_hero_goes_into_play_not_to_the_discard_pile() -> None:
    state = {"trade": 1, "trade_row": [{"id": "r1", "card": "doctor-clark"}]}
    ruling = rule(state, acquire())
    assert_legal(ruling, "hero-enters-play", "3.3")
    assert_legal(ruling, "hero-primary-applies", "3.4")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"] == [
        {"id": "r1", "card": "doctor-clark", "played_this_turn": True}
    ]
    assert ruling.next_state["discard_pile"] == []


def test_a_hero_acquired_this_turn_triggers_ally_abilities_of_both_its_factions() -> None:
    state = {
        "trade": 1,
        "play_area": [played("corsair")],
        "trade_row": [{"id": "r1", "card": "doctor-clark"}],
    }
    result = RULES.rule_sequence_json(state, [acquire(), use_ally()])
    assert result.first_illegal is None
    ally = result.rulings[1]
    assert any(
        r.code == "hero-primary-symbol-counts" and r.rule.endswith(":3.4") for r in ally.reasons
    )


def test_a_hero_from_an_earlier_turn_does_not_trigger_an_ally_ability() -> None:
    state = {"play_area": [played("hellfire")], "heroes": [hero("doctor-clark")]}
    ruling = rule(state, use_ally())
    assert_illegal(ruling, "ally-not-triggered", "5.4")
    assert_illegal(ruling, "hero-primary-expired", "3.7")
    assert_illegal(ruling, "hero-has-no-faction", "3.5")
    assert clar("hero-is-not-a-faction-card") in ruling.interpretations


def test_a_hero_may_be_scrapped_in_a_later_main_phase() -> None:
    ruling = rule({"heroes": [hero("biodroid-otto")]}, scrap())
    assert_legal(ruling, "hero-scrapped", "3.8")
    assert ruling.next_state is not None
    assert ruling.next_state["heroes"] == []
    assert [c["id"] for c in ruling.next_state["scrap_heap"]] == ["h1"]


def test_a_hero_may_be_scrapped_in_the_turn_it_was_acquired() -> None:
    ruling = rule({"heroes": [hero("biodroid-otto", played_this_turn=True)]}, scrap())
    assert_legal(ruling, "hero-scrapped", "3.8")
    assert clar("hero-scrap-same-turn") in ruling.interpretations


def test_a_hero_cannot_be_scrapped_outside_the_main_phase() -> None:
    ruling = rule({"phase": "discard", "heroes": [hero("biodroid-otto")]}, scrap())
    assert_illegal(ruling, "hero-scrap-outside-main-phase", "3.8")


def test_scrapping_a_hero_gives_its_merged_symbol_for_ally_abilities() -> None:
    state = {"play_area": [played("warrior-pod")], "heroes": [hero("bioform-freeman")]}
    result = RULES.rule_sequence_json(state, [scrap(), use_ally()])
    assert result.first_illegal is None
    assert any(r.code == "effect-symbol-counts" for r in result.rulings[1].reasons)


def test_a_hero_scrapped_the_turn_it_was_played_keeps_its_primary_symbol_for_the_turn() -> None:
    state = {"play_area": [played("cargo-raptor")], "heroes": [hero("bio-warrior-storm", True)]}
    double = {"kind": "use-double-ally", "card": "c1"}
    result = RULES.rule_sequence_json(state, [scrap(), double])
    assert result.first_illegal is None  # primary symbol + scrap symbol: two Star Empire


# ----- tech (4.3 - 4.5) -----


def test_an_acquired_tech_goes_into_play_not_to_the_discard_pile() -> None:
    state = {"trade": 2, "trade_row": [{"id": "r1", "card": "laser"}]}
    ruling = rule(state, acquire())
    assert_legal(ruling, "tech-enters-play", "4.3")
    assert ruling.next_state is not None
    assert ruling.next_state["techs"][0]["card"] == "laser"
    assert ruling.next_state["discard_pile"] == []


def test_using_a_tech_costs_the_trade_printed_on_it() -> None:
    ruling = rule({"trade": 3, "techs": [tech("warp")]}, use_tech())
    assert_legal(ruling, "tech-used", "4.4")
    assert ruling.next_state is not None
    assert ruling.next_state["trade"] == 1
    assert ruling.next_state["techs"][0]["used_this_turn"] is True


def test_a_tech_cannot_be_used_twice_in_one_turn() -> None:
    ruling = rule({"trade": 5, "techs": [tech("laser", used_this_turn=True)]}, use_tech())
    assert_illegal(ruling, "tech-already-used", "4.4")


def test_each_copy_of_a_tech_is_used_once_a_turn_on_its_own() -> None:
    state = {"trade": 2, "techs": [tech("laser", used_this_turn=True), tech("laser", "t2")]}
    assert_legal(rule(state, use_tech("t2")), "tech-used", "4.4")


def test_a_tech_cannot_be_used_without_enough_trade() -> None:
    ruling = rule({"trade": 1, "techs": [tech("tractor-beam")]}, use_tech())
    assert_illegal(ruling, "tech-not-enough-trade", "4.4")


def test_a_tech_may_be_used_the_turn_it_was_acquired() -> None:
    state = {"trade": 3, "trade_row": [{"id": "r1", "card": "guidance"}]}
    result = RULES.rule_sequence_json(state, [acquire(), use_tech("r1")])
    assert result.first_illegal is None
    assert clar("tech-usable-the-turn-acquired") in result.rulings[1].interpretations


def test_stealths_chosen_faction_triggers_an_ally_ability() -> None:
    state = {"trade": 2, "play_area": [played("hellfire")], "techs": [tech("stealth")]}
    result = RULES.rule_sequence_json(state, [use_tech(faction="star-empire"), use_ally()])
    assert result.first_illegal is None
    first = result.rulings[0]
    assert any(r.code == "tech-has-no-faction" and r.rule.endswith(":4.5") for r in first.reasons)
    assert any(r.code == "chosen-faction-is-an-effect" for r in first.reasons)


def test_the_faction_chosen_with_stealth_counts_for_ally_abilities_and_nothing_else() -> None:
    state = {"trade": 2, "techs": [tech("stealth")]}
    ruling = rule(state, use_tech(faction="blob"))
    assert_legal(ruling, "chosen-faction-is-an-effect", "7.3")
    assert_legal(ruling, "tech-has-no-faction", "4.5")
    assert clar("stealth-faction-is-an-effect") in ruling.interpretations
    assert ruling.next_state is not None
    assert ruling.next_state["gained_symbols"][0]["symbol"] == "blob"
    assert ruling.next_state["play_area"] == []  # an effect, not a card


def test_a_symbol_gained_after_an_ally_was_used_does_not_reopen_it() -> None:
    state = {
        "trade": 2,
        "play_area": [played("hellfire"), played("cargo-raptor", "c2")],
        "techs": [tech("stealth")],
    }
    moves = [use_ally(), use_tech(faction="star-empire"), use_ally()]
    result = RULES.rule_sequence_json(state, moves)
    assert result.first_illegal == 2
    again = result.rulings[2]
    assert any(r.code == "ally-already-used" and r.rule.endswith(":7.5") for r in again.reasons)


def test_a_tech_on_the_table_is_not_a_card_of_any_faction() -> None:
    state = {"play_area": [played("hellfire")], "techs": [tech("stealth")]}
    assert_illegal(rule(state, use_ally()), "ally-not-triggered", "5.4")


def test_no_tech_outside_the_main_phase() -> None:
    ruling = rule({"phase": "discard", "trade": 3, "techs": [tech("shield")]}, use_tech())
    assert_illegal(ruling, "outside-main-phase", "9.5")
