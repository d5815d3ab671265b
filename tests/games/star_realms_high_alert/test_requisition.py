"""Disputes over what a card in the trade row costs: the Requisition discount and free acquires."""

from __future__ import annotations

from .helpers import acquire, assert_illegal, assert_legal, clar, other, played, rule


def row(slug: str, card_id: str = "r1") -> dict[str, object]:
    return {"id": card_id, "card": slug}


# ----- one Trade less per card of its faction in the play area (8.2) -----


def test_warrior_pod_costs_one_less_for_one_blob_card_in_play() -> None:
    state = {"trade": 1, "play_area": [other("blob")], "trade_row": [row("warrior-pod")]}
    ruling = rule(state, acquire())
    assert_legal(ruling, "requisition-discount", "8.2")
    assert ruling.next_state is not None
    assert ruling.next_state["trade"] == 0


def test_the_armory_is_out_of_reach_without_enough_discount() -> None:
    state = {"trade": 5, "play_area": [played("hellfire")], "trade_row": [row("the-armory")]}
    ruling = rule(state, acquire())
    assert_illegal(ruling, "not-enough-trade", "9.2")
    assert "price 6" in ruling.reasons[0].detail


def test_cards_of_another_faction_do_not_lower_the_price() -> None:
    state = {
        "trade": 4,
        "play_area": [other("blob"), other("blob", 2)],
        "trade_row": [row("tanker-mech")],
    }
    assert_illegal(rule(state, acquire()), "not-enough-trade", "9.2")


def test_a_card_outside_requisition_gets_no_discount() -> None:
    state = {
        "trade": 6,
        "play_area": [other("blob"), other("blob", 2)],
        "trade_row": [row("alpha-max")],
    }
    ruling = rule(state, acquire())
    assert_illegal(ruling, "not-enough-trade", "9.2")
    assert "price 7" in ruling.reasons[0].detail


def test_the_discount_never_takes_the_price_below_zero() -> None:
    blobs = [other("blob", n) for n in range(1, 5)]
    state = {"trade": 0, "play_area": blobs, "trade_row": [row("warrior-pod")]}
    ruling = rule(state, acquire())
    assert_legal(ruling, "price-paid", "9.1")
    assert ruling.next_state is not None and ruling.next_state["trade"] == 0
    assert clar("discount-never-below-zero") in ruling.interpretations


def test_a_merged_star_empire_trade_federation_card_lowers_a_star_empire_price_by_one() -> None:
    state = {
        "trade": 6,
        "play_area": [other("star-empire-trade-federation")],
        "trade_row": [row("the-armory")],
    }
    ruling = rule(state, acquire())
    assert_legal(ruling, "requisition-discount", "8.2")
    assert clar("merged-card-and-requisition-discount") in ruling.interpretations
    assert ruling.next_state is not None and ruling.next_state["trade"] == 0


def test_the_same_merged_card_lowers_a_trade_federation_price_by_one_too() -> None:
    state = {
        "trade": 2,
        "play_area": [other("star-empire-trade-federation")],
        "trade_row": [row("corsair")],
    }
    ruling = rule(state, acquire())
    assert_legal(ruling, "requisition-discount", "8.2")
    assert clar("merged-card-and-requisition-discount") in ruling.interpretations
    assert ruling.next_state is not None and ruling.next_state["trade"] == 0


def test_a_merged_card_of_another_pair_does_not_lower_the_price() -> None:
    state = {"trade": 2, "play_area": [other("machine-cult-blob")], "trade_row": [row("corsair")]}
    ruling = rule(state, acquire())
    assert_illegal(ruling, "not-enough-trade", "9.2")
    assert clar("merged-card-and-requisition-discount") not in ruling.interpretations


# ----- effects do not count toward the discount (8.3) -----


def test_a_faction_symbol_gained_as_an_effect_does_not_lower_the_price() -> None:
    state = {
        "trade": 3,
        "gained_symbols": [{"symbol": "star-empire", "source": "an effect"}],
        "trade_row": [row("hellfire")],
    }
    ruling = rule(state, acquire())
    assert_illegal(ruling, "not-enough-trade", "9.2")
    assert_illegal(ruling, "effects-not-in-discount", "8.3")


def test_a_heros_primary_symbol_does_not_lower_the_price() -> None:
    state = {
        "trade": 3,
        "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}],
        "trade_row": [row("hellfire")],
    }
    ruling = rule(state, acquire())
    assert_illegal(ruling, "effects-not-in-discount", "8.3")
    assert_illegal(ruling, "hero-has-no-faction", "3.5")
    assert clar("hero-is-not-a-faction-card") in ruling.interpretations


def test_a_hero_from_an_earlier_turn_is_not_a_faction_card_for_the_discount() -> None:
    state = {
        "trade": 3,
        "heroes": [{"id": "h1", "card": "high-admiral-shaner"}],
        "trade_row": [row("hellfire")],
    }
    assert_illegal(rule(state, acquire()), "hero-has-no-faction", "3.5")


def test_the_faction_chosen_with_stealth_does_not_lower_the_price() -> None:
    state = {
        "trade": 3,
        "techs": [{"id": "t1", "card": "stealth", "used_this_turn": True}],
        "gained_symbols": [{"symbol": "star-empire", "source": "Stealth", "card": "stealth"}],
        "trade_row": [row("hellfire")],
    }
    ruling = rule(state, acquire())
    assert_illegal(ruling, "effects-not-in-discount", "8.3")
    assert clar("stealth-faction-is-an-effect") in ruling.interpretations


# ----- "costing N or less" reads the printed cost (8.4, 9.3) -----


def free(card_id: str = "r1", effect: str = "e1") -> dict[str, str]:
    return {"kind": "acquire-free", "card": card_id, "effect": effect}


def test_free_acquire_reads_the_printed_cost_not_the_discounted_price() -> None:
    state = {
        "play_area": [other("star-empire", n) for n in range(1, 5)],
        "trade_row": [row("the-armory")],
        "free_acquires": [{"id": "e1", "max_cost": 4}],
    }
    ruling = rule(state, free())
    assert_illegal(ruling, "over-free-limit", "9.3")
    assert_illegal(ruling, "discount-not-printed-cost", "8.4")


def test_free_acquire_takes_a_card_whose_printed_cost_is_within_the_limit() -> None:
    state = {
        "trade": 0,
        "trade_row": [row("hellfire")],
        "free_acquires": [{"id": "e1", "max_cost": 4}],
    }
    ruling = rule(state, free())
    assert_legal(ruling, "free-acquire", "9.3")
    assert ruling.next_state is not None
    assert ruling.next_state["free_acquires"] == []
    assert [c["id"] for c in ruling.next_state["discard_pile"]] == ["r1"]


def test_a_hero_taken_free_still_goes_straight_into_play() -> None:
    state = {"trade_row": [row("templar-brehmer")], "free_acquires": [{"id": "e1", "max_cost": 3}]}
    ruling = rule(state, free())
    assert_legal(ruling, "hero-enters-play", "3.3")
    assert clar("free-acquire-hero-or-tech") in ruling.interpretations


def test_an_acquired_ship_goes_to_the_discard_pile() -> None:
    state = {"trade": 3, "trade_row": [row("corsair")]}
    ruling = rule(state, acquire())
    assert_legal(ruling, "goes-to-discard-pile", "9.4")


def test_a_card_from_outside_high_alert_costs_what_the_state_says() -> None:
    outside = {
        "id": "r1",
        "name": "Cutter",
        "type": "ship",
        "factions": ["trade-federation"],
        "cost": 2,
    }
    state = {"trade": 1, "play_area": [played("corsair")], "trade_row": [outside]}
    assert_illegal(rule(state, acquire()), "not-enough-trade", "9.2")


def test_no_acquiring_outside_the_main_phase() -> None:
    state = {"phase": "draw", "trade": 5, "trade_row": [row("corsair")]}
    assert_illegal(rule(state, acquire()), "outside-main-phase", "9.5")
