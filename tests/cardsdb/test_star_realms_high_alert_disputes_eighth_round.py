"""Star Realms: High Alert: an eighth round of disputes brought over HTTP, written from the rules
sheet before they were run. The website's question forms, POSTed as a browser sends them to
/games/star-realms-high-alert/disputes/<question>/, whose ruling page must quote the deciding
rule in large type (#deciding) and show a note for each reading the answer turns on; then
POST /api/v1/games/star-realms-high-alert/rulings (single moves and logs), the tools ("How do we
set up?", "What can I do now?") and tables that cannot exist (400 naming the field). The same
round at the engine is `tests/games/star_realms_high_alert/test_disputes_eighth_round.py`."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from games.star_realms_high_alert import reasons as R
from tests.cardsdb import disputes
from tests.cardsdb.disputes import page_says, refused_at

pytestmark = pytest.mark.django_db

JSON = dict[str, Any]
SLUG = "star-realms-high-alert"
KEY = f"{SLUG}:"
ask = partial(disputes.ask, SLUG)
rule_api = partial(disputes.rule_api, slug=SLUG)


api_says = partial(disputes.api_says, slug=SLUG)


# ----- the website's question forms


def test_form_swarm_cells_ally_beside_bioform_freeman_played_this_turn() -> None:
    """Ana bought Bioform Freeman this turn and asks whether Swarm Cell's ally is live with
    nothing else in play. Freeman's primary ability gives the Blob + Machine Cult symbol, which
    counts this turn (3.4)."""
    page = ask("ally-live", card="swarm-cell", cards_in_play=["Bioform Freeman"])
    page_says(page, True, "3.4")


def test_form_voyagers_double_ally_with_corsair_and_an_earlier_pact_searcher_sheldon() -> None:
    """Voyager's double ally with Corsair in play and Pact Searcher Sheldon on the table from an
    earlier turn. Ana: Sheldon is a Trade Federation card. Ben: a hero has no faction (3.5);
    that it counts for nothing is our reading (hero-is-not-a-faction-card)."""
    page = ask(
        "ally-live",
        card="voyager",
        ability="double-ally",
        cards_in_play=["Corsair"],
        heroes_from_earlier_turns=["Pact Searcher Sheldon"],
    )
    page_says(page, False, "3.5", turns_on=1)


def test_form_alpha_maxs_ally_already_used_this_turn_beside_warrior_pod() -> None:
    """Alpha Max's ally, already used this turn, with Warrior Pod in play: may Ana use it
    again? Once a turn is our reading of the base game's rule (ally-ability-once-a-turn)."""
    page = ask(
        "ally-live", card="alpha-max", cards_in_play=["Warrior Pod"], already_used_this_turn=True
    )
    page_says(page, False, "7.5", turns_on=1)


def test_form_tanker_mech_with_one_machine_cult_card_and_a_gained_machine_cult_symbol() -> None:
    """Tanker Mech (cost 5) with one Machine Cult card in play, a Machine Cult symbol gained as
    an effect and 3 Trade. Ana: 5 less 2 is 3. Ben: the symbol does not count toward the
    discount (8.3): 4."""
    page = ask(
        "requisition-price",
        card="tanker-mech",
        cards_in_play=["machine-cult"],
        gained_symbols=["machine-cult"],
        trade=3,
    )
    page_says(page, False, "8.3")


def test_form_the_armory_for_4_with_three_star_empire_cards() -> None:
    """The Armory (cost 7) with three Star Empire cards in play and 4 Trade: 7 less 3 (8.2)."""
    page = ask(
        "requisition-price",
        card="the-armory",
        cards_in_play=["star-empire", "star-empire", "star-empire"],
        trade=4,
    )
    page_says(page, True, "8.2")


def test_form_tractor_beam_with_2_trade() -> None:
    """Tractor Beam, not used this turn, with 2 Trade: its use costs 2 (4.4)."""
    page_says(ask("tech-usable", tech="tractor-beam", trade=2), True, "4.4")


def test_form_strategist_thompson_scrapped_in_the_draw_phase() -> None:
    """Ana scraps Strategist Thompson in her draw phase. Ben: only in the main phase (3.8)."""
    page_says(ask("hero-scrap", hero="strategist-thompson", phase="draw"), False, "3.8")


def test_form_operations_platform_free_under_costing_2_beside_two_machine_cult_cards() -> None:
    """Ana takes Operations Platform (cost 3) with "acquire a card costing 2 or less", saying
    her two Machine Cult cards bring it to 1. Ben: the reduction leaves the card's own cost
    unchanged (8.4)."""
    page = ask(
        "free-acquire",
        card="operations-platform",
        costing_at_most=2,
        cards_in_play=["machine-cult", "machine-cult"],
    )
    page_says(page, False, "8.4")


def test_form_high_admiral_shaner_free_under_costing_3() -> None:
    """High Admiral Shaner (cost 3) under "acquire a card costing 3 or less": taken free, and
    played at once on our reading (free-acquire-hero-or-tech)."""
    page = ask("free-acquire", card="high-admiral-shaner", costing_at_most=3)
    page_says(page, True, "9.3", turns_on=1)


# ----- the API: POST /api/v1/games/star-realms-high-alert/rulings


def test_api_swarm_colony_for_4_beside_warrior_pod_and_swarm_cell(api: Any) -> None:
    """Swarm Colony (cost 6) with Warrior Pod and Swarm Cell in play and 4 Trade (8.2)."""
    state = {
        "trade": 4,
        "play_area": [{"id": "c1", "card": "warrior-pod"}, {"id": "c2", "card": "swarm-cell"}],
        "trade_row": [{"id": "r1", "card": "swarm-colony"}],
    }
    ruling = api_says(rule_api(api, state, {"kind": "acquire", "card": "r1"}), True, "8.2")
    assert ruling["next_state"]["trade"] == 0


def test_api_laser_bought_used_and_used_again(api: Any) -> None:
    """Ana buys Laser (2) with 4 Trade, uses it (1), and uses it again (1). Ben objects to the
    second use: once per turn (4.4). Written first unflagged; read the other way
    (tech-usable-the-turn-acquired), the first use already breaks the rules, so which move the
    answer names turns on it."""
    state = {"trade": 4, "trade_row": [{"id": "r1", "card": "laser"}]}
    moves = [
        {"kind": "acquire", "card": "r1"},
        {"kind": "use-tech", "tech": "r1"},
        {"kind": "use-tech", "tech": "r1"},
    ]
    ruling = api_says(rule_api(api, state, moves=moves), False, "4.4", R.TECH_SAME_TURN)
    assert ruling["first_illegal"] == 2


def test_api_templar_brehmer_bought_and_put_in_the_discard_pile(api: Any) -> None:
    """Ana buys Templar Brehmer (3) and puts him in her discard pile. Ben: a hero is played at
    once, not discarded (3.3); the purchase stands with the hero on the table."""
    state = {"trade": 3, "trade_row": [{"id": "r1", "card": "templar-brehmer"}]}
    move = {"kind": "acquire", "card": "r1", "to": "discard-pile"}
    ruling = api_says(rule_api(api, state, move), True, "3.3")
    assert [h["card"] for h in ruling["next_state"]["heroes"]] == ["templar-brehmer"]


def test_api_hellfire_and_cargo_raptor_played_then_cargo_raptors_double_ally(api: Any) -> None:
    """Ana plays Hellfire and Cargo Raptor from her hand, uses both ally abilities, then Cargo
    Raptor's double ally. Ben objects to the last: it needs two other Star Empire cards in
    play and Hellfire is the only one (5.3)."""
    state = {"hand": [{"id": "n1", "card": "hellfire"}, {"id": "n2", "card": "cargo-raptor"}]}
    moves = [
        {"kind": "play-card", "card": "n1"},
        {"kind": "play-card", "card": "n2", "trade": 3},
        {"kind": "use-ally", "card": "n1"},
        {"kind": "use-ally", "card": "n2"},
        {"kind": "use-double-ally", "card": "n2"},
    ]
    ruling = api_says(rule_api(api, state, moves=moves), False, "5.3")
    assert ruling["first_illegal"] == 4


# ----- the tools


def test_api_how_do_we_set_up_with_all_four_packs(api: Any) -> None:
    response = api.post(
        f"/api/v1/games/{SLUG}/tools/setup",
        {"expansions": ["requisition", "tech", "invasion", "heroes"]},
        format="json",
    )
    assert response.status_code == 200, response.content.decode()[:1000]
    plan = response.json()
    assert plan["deciding_rule"] == KEY + "2.3"
    assert plan["readings_deciding"] == []
    assert plan["cards_added"] == 48


def test_api_how_do_we_set_up_with_invasion_requisition_and_tech(api: Any) -> None:
    response = api.post(
        f"/api/v1/games/{SLUG}/tools/setup",
        {"expansions": ["invasion", "requisition", "tech"]},
        format="json",
    )
    assert response.status_code == 200, response.content.decode()[:1000]
    plan = response.json()
    assert plan["deciding_rule"] == KEY + "2.3"
    assert [t["key"] for t in plan["readings_deciding"]] == [R.SOME_PACKS]
    assert plan["cards_added"] == 36


def test_api_what_can_i_do_with_alpha_max_warrior_pod_and_swarm_cell(api: Any) -> None:
    state = {
        "play_area": [
            {"id": "c1", "card": "alpha-max"},
            {"id": "c2", "card": "warrior-pod"},
            {"id": "c3", "card": "swarm-cell"},
        ]
    }
    response = api.post(f"/api/v1/games/{SLUG}/tools/options", {"state": state}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    allies = {(a["card"], a["ability"]): a for a in response.json()["allies"]}
    plain, double = allies[("c1", "ally")], allies[("c1", "double-ally")]
    assert plain["status"] == "live" and plain["rule"] == KEY + "5.4"
    assert double["status"] == "live" and double["rule"] == KEY + "5.3"
    assert plain["readings_deciding"] == [] and double["readings_deciding"] == []


def test_api_what_can_i_do_prices_swarm_colony_beside_bio_warrior_storm(api: Any) -> None:
    """Bio-Warrior Storm played this turn and one Blob card in play: Swarm Colony costs 5, the
    hero's symbol being an effect. Written first as 8.3; affordable at that price, the offer
    is settled by the discount rule that sets it (8.2), as a purchase is; 8.3 decides a
    purchase whose price counts the symbol."""
    state = {
        "trade": 5,
        "play_area": [{"id": "c1", "card": "warrior-pod"}],
        "heroes": [{"id": "h1", "card": "bio-warrior-storm", "played_this_turn": True}],
        "trade_row": [{"id": "r1", "card": "swarm-colony"}],
    }
    response = api.post(f"/api/v1/games/{SLUG}/tools/options", {"state": state}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    (offer,) = response.json()["trade_row"]
    assert offer["price"] == 5 and offer["affordable"]
    assert offer["rule"] == KEY + "8.2"


# ----- tables that cannot exist


def test_api_a_ship_on_the_table_as_a_hero_is_refused(api: Any) -> None:
    state = {"heroes": [{"id": "h1", "card": "corsair"}]}
    response = rule_api(api, state, {"kind": "scrap-hero", "hero": "h1"})
    assert refused_at(response) == "state.heroes.0.card"


def test_api_a_trade_row_card_acquired_this_turn_is_refused(api: Any) -> None:
    state = {"trade": 3, "trade_row": [{"id": "r1", "card": "corsair", "acquired_this_turn": True}]}
    response = rule_api(api, state, {"kind": "acquire", "card": "r1"})
    assert refused_at(response) == "state.trade_row.0.acquired_this_turn"


def test_api_an_ally_of_a_card_the_table_does_not_hold_is_refused(api: Any) -> None:
    state = {"play_area": [{"id": "c1", "card": "hellfire"}]}
    response = rule_api(api, state, {"kind": "use-ally", "card": "c9"})
    assert refused_at(response) == "move.card"


# ----- written after the fixes


def test_api_what_can_i_do_with_warrior_pod_beside_a_stealth_not_used_this_turn(api: Any) -> None:
    """Warrior Pod alone in play, Stealth on the table unused: the ally is not live now, by
    7.2 (a chosen faction counts for the turn it is chosen)."""
    state = {
        "trade": 2,
        "play_area": [{"id": "c1", "card": "warrior-pod"}],
        "techs": [{"id": "t1", "card": "stealth"}],
    }
    response = api.post(f"/api/v1/games/{SLUG}/tools/options", {"state": state}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    (ally,) = response.json()["allies"]
    assert ally["status"] == "not-live" and ally["rule"] == KEY + "7.2"
    assert ally["readings_deciding"] == []


def test_api_alpha_max_taken_free_into_play(api: Any) -> None:
    state = {
        "trade_row": [{"id": "r1", "card": "alpha-max"}],
        "free_acquires": [{"id": "e1", "max_cost": 7}],
    }
    move = {"kind": "acquire-free", "card": "r1", "effect": "e1", "to": "table"}
    ruling = api_says(rule_api(api, state, move), True, "9.4")
    assert [c["card"] for c in ruling["next_state"]["discard_pile"]] == ["alpha-max"]
