"""Star Realms: High Alert: a sixth round of disputes as players bring them from the rules
sheet, each written with its verdict, the rule a judge reads aloud and the flag it must carry
before it was run: heroes' symbols, merged factions and double allies, symbols as effects, the
Requisition discount, scrapping, logs that go on across turns (the draw, the plays, the Trade),
moves naming a card or effect an earlier move of the log removed (ruled, not refused), both
tools, the website's question forms, and tables that cannot exist."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.core.rules import BadInput
from games.star_realms_high_alert import reasons as R
from games.star_realms_high_alert.tools import TOOLS

from .helpers import (
    END,
    RULES,
    acquire,
    hero,
    key,
    log,
    merged,
    other,
    played,
    row,
    rule,
    settled,
    tech,
    use_ally,
    use_double_ally,
)


def _log_settled(
    ruled: Any, legal: bool, number: str, *flagged: str, first_illegal: int | None = None
) -> None:
    assert (ruled.verdict == "legal") is legal, ruled.answer
    assert ruled.deciding_rule == key(number), (ruled.deciding_rule, ruled.answer)
    assert [t.key for t in ruled.readings_deciding] == list(flagged), ruled.readings_deciding
    assert ruled.first_illegal == first_illegal, ruled.answer
    assert ruled.rulings[-1].deciding_rule == key(number)


def _ask(slug: str, **answers: object) -> Any:
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(question.form.model_validate(answers))
    return RULES.rule_json(state, move)


def _options(state: dict[str, Any]) -> dict[str, Any]:
    return TOOLS["options"].run({"state": state}, None)


# ----- heroes' symbols, merged factions and double allies (3.4, 5.3, 6.4, 6.5, 7.2)


def test_bio_warrior_storm_played_this_turn_triggers_warrior_pods_ally() -> None:
    # Bio-Warrior Storm's primary ability gives the Star Empire + Blob symbol: Blob is counted
    state = {"play_area": [played("warrior-pod")], "heroes": [hero("bio-warrior-storm", True)]}
    settled(rule(state, use_ally()), True, "3.4")


def test_alpha_maxs_double_ally_with_warrior_pod_and_biodroid_ottos_symbol() -> None:
    state = {
        "play_area": [played("alpha-max"), played("warrior-pod", "c2")],
        "heroes": [hero("biodroid-otto", True)],
    }
    settled(rule(state, use_double_ally()), True, "3.4")


def test_cargo_raptors_double_ally_with_one_star_empire_trade_federation_card() -> None:
    # one merged card is one card, whatever it stands for: the second card is missing (5.3)
    state = {"play_area": [played("cargo-raptor"), merged(1)]}
    settled(rule(state, use_double_ally()), False, "5.3")


def test_a_merged_double_ally_with_one_card_of_the_same_merged_symbol() -> None:
    # does a Star Empire + Blob card count twice toward a Star Empire + Blob double ally?
    me = {"id": "c1", "name": "a merged ship", "factions": ["star-empire-blob"]}
    state = {"play_area": [{**me, "double_ally": True}, merged(2, "star-empire-blob")]}
    settled(rule(state, use_double_ally()), False, "5.3", R.MERGED_DOUBLE_ALLY)


def test_hellfire_used_then_a_star_empire_symbol_gained_does_not_trigger_it_again() -> None:
    # the sheet itself says so for a symbol gained as an effect (7.5)
    state = {
        "play_area": [played("hellfire", ally_used=True), other("star-empire")],
        "gained_symbols": [{"symbol": "star-empire", "source": "an effect"}],
    }
    settled(rule(state, use_ally()), False, "7.5", R.ALLY_ONCE)


def test_administrator_tungs_scrap_symbol_triggers_hellfire_and_fusion_bot() -> None:
    state = {
        "play_area": [played("hellfire"), played("fusion-bot", "c2")],
        "heroes": [hero("administrator-tung")],
    }
    moves = [{"kind": "scrap-hero", "hero": "h1"}, use_ally(), use_ally("c2")]
    _log_settled(log(state, moves), True, "7.2")


# ----- the Requisition discount (8.2, 8.3) and acquiring (9.2)


def test_operations_platform_for_1_with_tanker_mech_and_a_merged_machine_cult_card() -> None:
    state = {
        "trade": 1,
        "play_area": [played("tanker-mech"), merged(2, "machine-cult-trade-federation")],
        "trade_row": [row("operations-platform")],
    }
    settled(rule(state, acquire()), True, "8.2", R.MERGED_DISCOUNT)


def test_operations_platform_with_5_trade_beside_a_merged_card_costs_1_on_our_reading() -> None:
    # affordable either way, but the price paid (1 or 2 Trade) is the answer, and it turns
    state = {
        "trade": 5,
        "play_area": [played("tanker-mech"), merged(2, "machine-cult-trade-federation")],
        "trade_row": [row("operations-platform")],
    }
    ruling = rule(state, acquire())
    settled(ruling, True, "8.2", R.MERGED_DISCOUNT)
    assert ruling.next_state is not None and ruling.next_state["trade"] == 4


def test_operations_platform_beside_tanker_mech_alone_is_not_flagged() -> None:
    state = {
        "trade": 5,
        "play_area": [played("tanker-mech"), merged(2, "star-empire-blob")],
        "trade_row": [row("operations-platform")],
    }
    settled(rule(state, acquire()), True, "8.2")


def test_hellfire_beside_bio_captain_kalles_scrap_symbol_costs_the_full_4() -> None:
    state = {
        "trade": 3,
        "play_area": [],
        "gained_symbols": [
            {"symbol": "star-empire-blob", "source": "scrap", "card": "bio-captain-kalle"}
        ],
        "scrap_heap": [{"id": "h1", "card": "bio-captain-kalle"}],
        "trade_row": [row("hellfire")],
    }
    settled(rule(state, acquire()), False, "8.3")


def test_administrator_tung_for_no_trade_beside_two_star_empire_cards() -> None:
    # a hero is no Requisition card, and has no faction to be discounted by
    state = {
        "trade": 0,
        "play_area": [other("star-empire"), other("star-empire", 2)],
        "trade_row": [row("administrator-tung")],
    }
    settled(rule(state, acquire()), False, "9.2")


def test_stealth_choosing_blob_then_warrior_pod_for_1() -> None:
    state = {"trade": 3, "techs": [tech("stealth")], "trade_row": [row("warrior-pod")]}
    moves = [{"kind": "use-tech", "tech": "t1", "faction": "blob"}, acquire()]
    _log_settled(log(state, moves), False, "8.3", R.STEALTH_EFFECT, first_illegal=1)


# ----- moves naming what an earlier move of the log removed


def test_one_free_acquire_used_for_two_cards() -> None:
    # the effect is spent by the first card it takes: ruled, not refused
    state = {
        "free_acquires": [{"id": "f1", "max_cost": 4}],
        "trade_row": [row("corsair"), row("voyager", "r2")],
    }
    take = {"kind": "acquire-free", "card": "r1", "effect": "f1"}
    again = {"kind": "acquire-free", "card": "r2", "effect": "f1"}
    _log_settled(log(state, [take, again]), False, "9.3", first_illegal=1)


def test_a_free_acquire_of_last_turn_used_in_the_next() -> None:
    state = {"free_acquires": [{"id": "f1", "max_cost": 4}], "trade_row": [row("corsair")]}
    hand = [played("voyager", "n1")]
    moves = [END, {"kind": "draw", "cards": hand}]
    moves.append({"kind": "acquire-free", "card": "r1", "effect": "f1"})
    ruled = log(state, moves)
    assert ruled.first_illegal == 2, ruled.answer
    assert ruled.deciding_rule == key("10.3"), ruled.deciding_rule


def test_a_card_left_in_hand_at_the_end_of_the_turn_played_in_the_next() -> None:
    # the end of the turn discarded it (10.3): that rule, not 10.1, took it from the hand
    state = {"hand": [played("corsair", "d1")]}
    moves = [END, {"kind": "draw", "cards": [played("voyager", "n1")]}]
    moves.append({"kind": "play-card", "card": "d1", "trade": 3})
    _log_settled(log(state, moves), False, "10.3", first_illegal=2)


def test_a_scrapped_hero_scrapped_again_next_turn() -> None:
    state = {"heroes": [hero("pact-manager-scott")]}
    scrap = {"kind": "scrap-hero", "hero": "h1"}
    moves = [scrap, END, {"kind": "draw", "cards": [played("corsair", "n1")]}, scrap]
    _log_settled(log(state, moves), False, "3.8", first_illegal=3)


# ----- logs across turns: the draw, the plays and the Trade (10.1-10.4)


def test_two_trade_federation_ships_do_not_lower_naval_yards_price() -> None:
    hand = [played("corsair", "n1"), played("voyager", "n2")]
    moves = [
        END,
        {"kind": "draw", "cards": hand},
        {"kind": "play-card", "card": "n1", "trade": 3},
        {"kind": "play-card", "card": "n2", "trade": 2},
        acquire(),
    ]
    ruled = log({"trade_row": [row("naval-yard")]}, moves)
    _log_settled(ruled, False, "8.2", first_illegal=4)


def test_corsair_played_alone_uses_its_ally() -> None:
    state = {"hand": [played("corsair", "n1")]}
    moves = [{"kind": "play-card", "card": "n1", "trade": 3}, use_ally("n1")]
    _log_settled(log(state, moves), False, "5.4", first_illegal=1)


def test_doctor_clark_bought_last_turn_does_not_trigger_corsair_this_turn() -> None:
    state = {"trade": 1, "trade_row": [row("doctor-clark")]}
    moves = [
        acquire(),
        END,
        {"kind": "draw", "cards": [played("corsair", "n1")]},
        {"kind": "play-card", "card": "n1", "trade": 3},
        use_ally("n1"),
    ]
    _log_settled(log(state, moves), False, "3.5", R.HERO_NO_FACTION, first_illegal=4)


def test_the_trade_left_last_turn_does_not_pay_for_laser_this_turn() -> None:
    state = {"trade": 4, "techs": [tech("laser")]}
    moves = [END, {"kind": "draw", "cards": [played("swarm-cell", "n1")]}]
    moves.append({"kind": "use-tech", "tech": "t1"})
    _log_settled(log(state, moves), False, "4.4", first_illegal=2)


def test_buying_in_the_draw_phase_after_the_turn_ended() -> None:
    state = {"trade": 5, "trade_row": [row("corsair")]}
    _log_settled(log(state, [END, acquire()]), False, "9.5", first_illegal=1)


def test_a_card_drawn_by_an_ability_then_played_for_its_trade() -> None:
    moves = [
        {"kind": "draw", "cards": [played("voyager", "n1")]},
        {"kind": "play-card", "card": "n1", "trade": 2},
    ]
    ruled = log({}, moves)
    _log_settled(ruled, True, "10.1")
    assert ruled.final_state["trade"] == 2


def test_voyager_played_for_3_trade() -> None:
    state = {"hand": [played("voyager", "n1")]}
    settled(rule(state, {"kind": "play-card", "card": "n1", "trade": 3}), False, "10.2")


def test_swarm_colony_played_for_2_trade_is_taken_as_given() -> None:
    # the two sources disagree on its primary ability: the Trade is the player's word
    state = {"hand": [played("swarm-colony", "n1")]}
    settled(rule(state, {"kind": "play-card", "card": "n1", "trade": 2}), True, "10.1")


# ----- "What can I do now?" and "How do we set up?"


def test_what_can_i_do_prices_warrior_pod_at_0_on_either_reading() -> None:
    # two Blob cards already bring it to 0: the merged card changes nothing, so no flag
    state = {
        "trade": 0,
        "play_area": [other("blob"), other("blob", 2), merged(3, "machine-cult-blob")],
        "trade_row": [row("warrior-pod")],
    }
    option = _options(state)["trade_row"][0]
    assert option["price"] == 0 and option["affordable"]
    assert option["rule"] == key("8.2")
    assert option["readings_deciding"] == []


def test_what_can_i_do_prices_hellfire_at_3_beside_a_merged_card_with_trade_to_spare() -> None:
    # affordable either way, but the price itself turns on the reading
    state = {"trade": 9, "play_area": [merged(1)], "trade_row": [row("hellfire")]}
    option = _options(state)["trade_row"][0]
    assert option["price"] == 3 and option["affordable"]
    assert option["rule"] == key("8.2")
    assert [t["key"] for t in option["readings_deciding"]] == [R.MERGED_DISCOUNT]


def test_what_can_i_do_beside_a_merged_card_of_other_factions_flags_nothing() -> None:
    state = {
        "trade": 9,
        "play_area": [merged(1, "machine-cult-blob")],
        "trade_row": [row("hellfire")],
    }
    option = _options(state)["trade_row"][0]
    assert option["price"] == 4 and option["rule"] == key("9.1")
    assert option["readings_deciding"] == []


def test_what_can_i_do_in_the_discard_phase_offers_no_purchase() -> None:
    state = {"phase": "discard", "trade": 9, "trade_row": [row("corsair")]}
    option = _options(state)["trade_row"][0]
    assert not option["affordable"] and option["rule"] == key("9.5")


def test_how_do_we_set_up_with_requisition_alone() -> None:
    found = TOOLS["setup"].run({"expansions": ["requisition"]}, None)
    assert found["cards_added"] == 12
    assert found["deciding_rule"] == key("2.3")
    assert found["readings_deciding"] == []


def test_how_do_we_set_up_with_invasion_heroes_and_tech() -> None:
    found = TOOLS["setup"].run({"expansions": ["invasion", "heroes", "tech"]}, None)
    assert found["cards_added"] == 36
    assert found["deciding_rule"] == key("2.3")
    assert [t["key"] for t in found["readings_deciding"]] == [R.SOME_PACKS]


def test_how_do_we_set_up_with_no_mini_expansion_is_refused() -> None:
    with pytest.raises(BadInput) as caught:
        TOOLS["setup"].run({"expansions": []}, None)
    assert caught.value.field == "expansions"


# ----- the website's question forms


def test_price_form_hellfire_with_one_merged_card_and_3_trade() -> None:
    ruling = _ask(
        "requisition-price",
        card="hellfire",
        cards_in_play=["star-empire-trade-federation"],
        trade=3,
    )
    settled(ruling, True, "8.2", R.MERGED_DISCOUNT)


def test_hero_scrap_form_for_a_hero_played_this_turn() -> None:
    ruling = _ask("hero-scrap", hero="pact-searcher-sheldon", played_this_turn=True)
    settled(ruling, True, "3.8", R.HERO_SCRAP_SAME_TURN)


def test_tech_form_guidance_with_no_trade() -> None:
    settled(_ask("tech-usable", tech="guidance", trade=0), False, "4.4")


def test_free_acquire_form_administrator_tung_under_costing_2() -> None:
    ruling = _ask("free-acquire", card="administrator-tung", costing_at_most=2)
    settled(ruling, True, "9.3", R.FREE_HERO_OR_TECH)


def test_ally_form_voyagers_double_ally_with_corsair_and_naval_yard() -> None:
    ruling = _ask(
        "ally-live", card="voyager", ability="double-ally", cards_in_play=["corsair", "naval-yard"]
    )
    settled(ruling, True, "5.3")


# ----- tables that cannot exist


def test_two_alpha_max_on_one_table_is_refused() -> None:
    state = {"trade_row": [row("alpha-max")], "discard_pile": [row("alpha-max", "d1")]}
    with pytest.raises(InvalidState) as caught:
        rule(state, {"kind": "end-turn"})
    assert caught.value.field == "state.discard_pile.0.card"


def test_a_symbol_said_to_come_from_hellfire_not_in_play_is_refused() -> None:
    state = {
        "play_area": [played("corsair")],
        "gained_symbols": [{"symbol": "star-empire", "card": "hellfire"}],
    }
    with pytest.raises(InvalidState) as caught:
        rule(state, use_ally())
    assert caught.value.field == "state.gained_symbols.0.card"


# ----- found by probing after the round: a card on the board, named where it is not the
# player's to play or use, is ruled with the rule that asks for it there (not refused)


def test_scrapping_a_hero_still_in_the_trade_row() -> None:
    state = {"trade_row": [row("doctor-clark")]}
    ruling = rule(state, {"kind": "scrap-hero", "hero": "r1"})
    settled(ruling, False, "3.8")
    assert "in the trade row" in ruling.answer


def test_using_a_laser_still_in_the_trade_row() -> None:
    state = {"trade": 5, "trade_row": [row("laser")]}
    settled(rule(state, {"kind": "use-tech", "tech": "r1"}), False, "4.4")


def test_playing_a_corsair_from_the_trade_row() -> None:
    state = {"trade_row": [row("corsair")]}
    settled(rule(state, {"kind": "play-card", "card": "r1", "trade": 3}), False, "10.1")


def test_the_ally_ability_of_a_corsair_in_the_trade_row() -> None:
    state = {"trade_row": [row("corsair")], "play_area": [played("voyager", "c2")]}
    settled(rule(state, use_ally("r1")), False, "10.1")


def test_a_hero_the_board_does_not_hold_at_all_is_still_refused() -> None:
    with pytest.raises(BadInput) as caught:
        rule({"heroes": [hero("doctor-clark")]}, {"kind": "scrap-hero", "hero": "h9"})
    assert caught.value.field == "move.hero"


def test_a_corsair_bought_last_turn_played_this_turn_without_drawing_it() -> None:
    # the card went to the discard pile when it was acquired (9.4), whatever turn it is now
    state = {"trade": 3, "trade_row": [row("corsair")]}
    moves = [acquire(), END, {"kind": "draw", "cards": [played("voyager", "n1")]}]
    moves.append({"kind": "play-card", "card": "r1", "trade": 3})
    _log_settled(log(state, moves), False, "9.4", first_illegal=3)


def test_ending_the_turn_twice_without_drawing() -> None:
    _log_settled(log({"trade": 2}, [END, END]), False, "10.4", first_illegal=1)


def test_a_card_in_the_trade_row_said_to_have_been_left_in_hand_is_refused() -> None:
    state = {"trade_row": [{"id": "r1", "card": "corsair", "got_there": "left-in-hand"}]}
    with pytest.raises(InvalidState) as caught:
        rule(state, END)
    assert caught.value.field == "state.trade_row.0.got_there"


def test_free_acquire_form_lunar_landing_at_its_printed_9_beside_trade_federation_cards() -> None:
    # within the limit at its printed cost: the discount plays no part, so 9.3 decides
    ruling = _ask(
        "free-acquire",
        card="lunar-landing",
        costing_at_most=9,
        cards_in_play=["trade-federation"] * 3,
    )
    settled(ruling, True, "9.3")


def test_ally_form_a_symbol_gained_as_an_effect_is_named_by_its_symbol() -> None:
    ruling = _ask(
        "ally-live",
        card="corsair",
        cards_in_play=[],
        gained_symbols=["star-empire-trade-federation"],
    )
    settled(ruling, True, "7.2")
    assert "a Star Empire + Trade Federation symbol gained as an effect" in ruling.answer
    assert "an effect gained as an effect" not in ruling.answer


def test_what_can_i_do_names_the_rule_its_ruling_names_for_a_hero_of_an_earlier_turn() -> None:
    # Hellfire at 4 with 3 Trade: whether High Admiral Shaner lowers it is the point (3.5)
    state = {
        "trade": 3,
        "play_area": [],
        "heroes": [hero("high-admiral-shaner")],
        "trade_row": [row("hellfire")],
    }
    option = _options(state)["trade_row"][0]
    ruling = rule(state, acquire())
    assert not option["affordable"] and option["rule"] == ruling.deciding_rule == key("3.5")
    assert [t["key"] for t in option["readings_deciding"]] == [R.HERO_NO_FACTION]


def test_what_can_i_do_names_the_merged_card_that_makes_an_ally_live() -> None:
    state = {"play_area": [played("cargo-raptor"), merged(2, "star-empire-blob")]}
    ally = next(a for a in _options(state)["allies"] if a["ability"] == "ally")
    assert ally["status"] == "live"
    assert ally["rule"] == rule(state, use_ally()).deciding_rule == key("6.4")


def test_a_ship_in_the_scrap_heap_named_as_a_tech_is_still_refused() -> None:
    # no board holds a ship that is a tech: a mistake in the question, not a ruling
    state = {"trade": 5, "scrap_heap": [{"id": "s1", "card": "cargo-raptor"}]}
    with pytest.raises(BadInput) as caught:
        rule(state, {"kind": "use-tech", "tech": "s1"})
    assert caught.value.field == "move.tech"
