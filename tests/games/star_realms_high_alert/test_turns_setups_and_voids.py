"""Disputes about the end of the turn, setting up with mini-expansions, moves that stand with a
part void, what always holds on the table, and "What can I do now?" against the rulings."""

from __future__ import annotations

from typing import Any

import pytest

from games import registry
from games.core import InvalidMove, InvalidState
from games.star_realms_high_alert.options import options
from games.star_realms_high_alert.setup import pack, setup_plan
from tests.games.plain_answers import assert_answer_is_plain

from .helpers import RULES, assert_illegal, assert_legal, clar, played, rule

END_TURN = {"kind": "end-turn"}


def voided(ruling: Any, code: str, number: str) -> dict[str, Any]:
    assert ruling.legal, ruling.summary
    found = [r for r in ruling.voided if r.code == code]
    assert found, [r.code for r in ruling.voided]
    assert found[0].rule == f"star-realms-high-alert:{number}"
    assert ruling.next_state is not None
    return ruling.next_state


# ----- the end of the turn -----


def _busy_turn() -> dict[str, Any]:
    return {
        "trade": 2,
        "play_area": [played("hellfire", ally_used=True), played("corsair", "c2")],
        "heroes": [
            {"id": "h1", "card": "doctor-clark", "played_this_turn": True},
            {"id": "h2", "card": "high-admiral-shaner"},
        ],
        "techs": [{"id": "t1", "card": "stealth", "used_this_turn": True}],
        "gained_symbols": [{"symbol": "blob", "source": "Stealth", "card": "stealth"}],
    }


def test_at_the_end_of_the_turn_heroes_and_tech_stay_on_the_table() -> None:
    ruling = rule(_busy_turn(), END_TURN)
    assert_legal(ruling, "hero-stays-on-table", "3.6")
    assert_legal(ruling, "tech-stays-on-table", "4.6")
    after = ruling.next_state
    assert after is not None
    assert [h["id"] for h in after["heroes"]] == ["h1", "h2"]
    assert [t["id"] for t in after["techs"]] == ["t1"]


def test_at_the_end_of_the_turn_tech_use_and_ally_abilities_reset() -> None:
    ruling = rule(_busy_turn(), END_TURN)
    assert_legal(ruling, "tech-use-resets", "4.4")
    assert_legal(ruling, "ally-uses-reset", "7.5")
    assert ruling.next_state is not None
    assert ruling.next_state["techs"][0]["used_this_turn"] is False


def test_at_the_end_of_the_turn_a_heros_primary_and_effect_symbols_expire() -> None:
    ruling = rule(_busy_turn(), END_TURN)
    assert_legal(ruling, "hero-primary-ends", "3.7")
    assert_legal(ruling, "chosen-faction-expires", "7.2")
    after = ruling.next_state
    assert after is not None and after["gained_symbols"] == []
    assert all(h["played_this_turn"] is False for h in after["heroes"])


def test_the_end_of_the_turn_says_what_it_does_not_rule_on() -> None:
    ruling = rule(_busy_turn(), END_TURN)
    assert any("base game" in note for note in ruling.notes)
    assert ruling.answer.startswith("Yes, you can end your turn.")
    assert "Doctor Clark" in ruling.answer
    assert_answer_is_plain(ruling)


def test_a_hero_played_last_turn_does_not_trigger_allies_after_the_turn_ends() -> None:
    turn = {"heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}]}
    next_turn = [
        END_TURN,
        {"kind": "draw", "cards": [played("hellfire")]},
        {"kind": "play-card", "card": "c1"},
        {"kind": "use-ally", "card": "c1"},
    ]
    ruled = RULES.rule_sequence_json(turn, next_turn)
    assert ruled.first_illegal == 3
    assert_illegal(ruled.rulings[3], "hero-primary-expired", "3.7")


# ----- voided parts of an acquisition -----


def test_an_acquired_hero_put_in_the_discard_pile_is_played_instead() -> None:
    state = {"trade": 1, "trade_row": [{"id": "r1", "card": "doctor-clark"}]}
    ruling = rule(state, {"kind": "acquire", "card": "r1", "to": "discard-pile"})
    after = voided(ruling, "hero-placed-void", "3.3")
    assert after["discard_pile"] == [] and after["heroes"][0]["card"] == "doctor-clark"
    assert_answer_is_plain(ruling)


def test_an_acquired_tech_put_in_the_discard_pile_is_played_instead() -> None:
    state = {"trade": 2, "trade_row": [{"id": "r1", "card": "laser"}]}
    ruling = rule(state, {"kind": "acquire", "card": "r1", "to": "discard-pile"})
    after = voided(ruling, "tech-placed-void", "4.3")
    assert after["techs"][0]["card"] == "laser"


def test_an_acquired_ship_put_straight_into_play_goes_to_the_discard_pile() -> None:
    state = {"trade": 4, "trade_row": [{"id": "r1", "card": "hellfire"}]}
    ruling = rule(state, {"kind": "acquire", "card": "r1", "to": "table"})
    after = voided(ruling, "ship-placed-void", "9.4")
    assert after["discard_pile"][0]["card"] == "hellfire"


def test_a_discount_counting_a_symbol_gained_as_an_effect_is_void_and_the_price_stands() -> None:
    state = {
        "trade": 5,
        "gained_symbols": [{"symbol": "star-empire", "source": "an effect"}],
        "trade_row": [{"id": "r1", "card": "hellfire"}],
    }
    ruling = rule(state, {"kind": "acquire", "card": "r1", "pay": 3})
    after = voided(ruling, "effects-discount-void", "8.3")
    assert after["trade"] == 1  # the full price of 4 is paid
    assert "you pay 4" in ruling.answer


def test_a_discount_counting_an_effect_without_the_trade_for_the_price_is_illegal() -> None:
    state = {
        "trade": 3,
        "gained_symbols": [{"symbol": "star-empire", "source": "an effect"}],
        "trade_row": [{"id": "r1", "card": "hellfire"}],
    }
    ruling = rule(state, {"kind": "acquire", "card": "r1", "pay": 3})
    assert_illegal(ruling, "price-not-paid", "9.1")
    assert_illegal(ruling, "effects-not-in-discount", "8.3")


def test_offering_more_than_the_price_pays_the_price() -> None:
    state = {"trade": 9, "trade_row": [{"id": "r1", "card": "corsair"}]}
    ruling = rule(state, {"kind": "acquire", "card": "r1", "pay": 5})
    after = voided(ruling, "overpaid-void", "9.1")
    assert after["trade"] == 6


# ----- setting up with mini-expansions -----


def _whole(*packs: str) -> dict[str, int]:
    """Every card of the packs, with its copies, as a player would list them."""
    return {slug: n for p in packs for slug, n in pack(p).items()}


def test_the_whole_requisition_pack_shuffled_in_is_a_correct_setup() -> None:
    ruling = rule(
        {"expansions": ["requisition"]}, {"kind": "setup", "added": _whole("requisition")}
    )
    assert_legal(ruling, "setup-whole-packs", "2.4")
    assert_legal(ruling, "requisition-pack", "1.3")
    assert "12 cards of Requisition" in ruling.answer
    assert ruling.interpretations == []  # one mini-expansion: the sheet's own words


def test_two_whole_packs_are_a_correct_setup_on_our_reading() -> None:
    # The sheet names one mini-expansion or all of them; two rests on our reading.
    packs = ["requisition", "tech"]
    ruling = rule({"expansions": packs}, {"kind": "setup", "added": _whole(*packs)})
    assert_legal(ruling, "setup-whole-packs", "2.4")
    assert ruling.interpretations == ["star-realms-high-alert:two-or-three-mini-expansions"]


def test_all_four_packs_need_no_reading() -> None:
    packs = ["requisition", "tech", "invasion", "heroes"]
    ruling = rule({"expansions": packs}, {"kind": "setup", "added": _whole(*packs)})
    assert_legal(ruling, "setup-whole-packs", "2.4")
    assert ruling.interpretations == []


def test_a_pack_one_hellfire_short_is_not_a_correct_setup() -> None:
    added = {**_whole("requisition"), "hellfire": 1}
    ruling = rule({"expansions": ["requisition"]}, {"kind": "setup", "added": added})
    assert_illegal(ruling, "setup-pack-incomplete", "2.4")
    assert "1 Hellfire" in ruling.answer
    assert_answer_is_plain(ruling)


def test_a_card_from_a_pack_not_chosen_is_not_a_correct_setup() -> None:
    added = {**_whole("requisition"), "laser": 2}
    ruling = rule({"expansions": ["requisition"]}, {"kind": "setup", "added": added})
    assert_illegal(ruling, "setup-pack-not-chosen", "2.3")


def test_more_copies_than_the_set_holds_is_refused_naming_the_card() -> None:
    with pytest.raises(InvalidMove) as err:
        RULES.rule_json({}, {"kind": "setup", "added": {"the-armory": 2}})
    assert err.value.field == "move.added.the-armory"


def test_how_do_we_set_up_with_all_four_packs() -> None:
    plan = setup_plan(["Requisition", "tech", "invasion", "heroes"])
    assert plan.cards_added == 48 and set(plan.per_pack.values()) == {12}
    assert "star-realms-high-alert:1.6" in plan.rules
    assert "not on the High Alert sheet" in plan.unknown
    ruling = rule(
        {"expansions": plan.expansions},
        {"kind": "setup", "added": _whole("requisition", "tech", "invasion", "heroes")},
    )
    assert ruling.legal, ruling.summary


def test_a_card_from_a_pack_not_added_is_ruled_on_before_any_move() -> None:
    state = {"expansions": ["heroes"], "trade": 9, "trade_row": [{"id": "r1", "card": "hellfire"}]}
    ruling = rule(state, {"kind": "acquire", "card": "r1"})
    assert_illegal(ruling, "expansion-not-added", "2.4")


# ----- what always holds -----


def test_a_symbol_from_a_hero_still_on_the_table_cannot_count_twice() -> None:
    state = {
        "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}],
        "gained_symbols": [{"symbol": "star-empire-trade-federation", "card": "doctor-clark"}],
    }
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.gained_symbols.0.card"


def test_a_symbol_from_a_hero_that_is_nowhere_is_refused() -> None:
    state = {"gained_symbols": [{"symbol": "star-empire-trade-federation", "card": "doctor-clark"}]}
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.gained_symbols.0.card"


def test_a_scrapped_hero_gives_its_own_symbol_and_no_other() -> None:
    state = {
        "scrap_heap": [{"id": "h1", "card": "doctor-clark"}],
        "gained_symbols": [{"symbol": "blob", "card": "doctor-clark"}],
    }
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.gained_symbols.0.symbol"


def test_scrapping_a_hero_then_reading_the_table_again_is_a_state_that_can_exist() -> None:
    state = {"heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}]}
    after = rule(state, {"kind": "scrap-hero", "hero": "h1"}).next_state
    assert after is not None and len(after["gained_symbols"]) == 2
    RULES.parse_state(after)


def test_names_typed_as_printed_are_the_cards_and_symbols() -> None:
    state = {
        "play_area": [
            {"id": "c1", "card": "Hellfire"},
            {"id": "c2", "name": "Fighter", "factions": ["Star Empire"]},
        ]
    }
    assert_legal(rule(state, {"kind": "use-ally", "card": "c1"}), "ally-triggered", "5.4")


# ----- What can I do now? -----


def test_an_option_that_rests_on_a_reading_says_so() -> None:
    state = {"trade": 3, "techs": [{"id": "t1", "card": "stealth", "acquired_this_turn": True}]}
    opts = options(RULES.parse_state(state))
    assert opts.techs[0].usable
    assert clar("tech-usable-the-turn-acquired") in opts.techs[0].interpretations


def test_an_option_that_rests_on_no_reading_says_none() -> None:
    state = {"trade": 2, "trade_row": [{"id": "r1", "card": "laser"}]}
    opts = options(RULES.parse_state(state))
    assert opts.trade_row[0].affordable and opts.trade_row[0].interpretations == []


def test_the_how_do_we_set_up_tool_counts_the_cards_to_shuffle_in() -> None:
    tool = registry["star-realms-high-alert"].tools["setup"]
    assert tool.run({"expansions": ["heroes", "tech"]}, None)["cards_added"] == 24
    with pytest.raises(InvalidState) as err:
        tool.run({"expansions": ["heroes", "colony-wars"]}, None)
    assert err.value.field == "expansions.1"
