"""Star Realms: High Alert: a ninth round of disputes brought over HTTP, written from the rules
sheet before they were run: the website's question forms, POSTed as a browser sends them, whose
ruling page must quote the deciding rule in large type (#deciding) and show a note for each
reading the answer turns on; POST /api/v1/games/star-realms-high-alert/rulings (single moves and
logs); the tools ("How do we set up?", "What can I do now?"); tables that cannot exist (400
naming the field). The same round at the engine is
`tests/games/star_realms_high_alert/test_disputes_ninth_round.py`."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

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


def test_form_mech_fortresss_ally_beside_operations_platform() -> None:
    """Mech Fortress's ally with Operations Platform in play. Ben: Operations Platform has no
    ally ability. Ana: it is another Machine Cult card in play (5.4)."""
    page = ask("ally-live", card="mech-fortress", cards_in_play=["Operations Platform"])
    page_says(page, True, "5.4")


def test_form_voyagers_double_ally_beside_corsair_and_naval_yard() -> None:
    """Voyager's double ally with Corsair and Naval Yard in play: two other Trade Federation
    cards, a ship and an outpost (5.3)."""
    page = ask(
        "ally-live", card="voyager", ability="double-ally", cards_in_play=["Corsair", "Naval Yard"]
    )
    page_says(page, True, "5.3")


def test_form_corsair_for_1_with_one_trade_federation_card_and_doctor_clark() -> None:
    """Corsair (3) with one Trade Federation card in play and Doctor Clark played this turn,
    1 Trade. Ana: 3 less 2. Ben: Clark's symbol is an effect and does not count toward the
    discount (8.3): 2."""
    page = ask(
        "requisition-price",
        card="corsair",
        cards_in_play=["trade-federation"],
        heroes_played_this_turn=["Doctor Clark"],
        trade=1,
    )
    page_says(page, False, "8.3")


def test_form_stealth_used_the_turn_it_was_acquired() -> None:
    """Stealth acquired this turn, 2 Trade: may Ana use it now? Tech is played at once and
    used once per turn for its printed Trade (4.4); that the turn it was acquired counts is our
    reading (tech-usable-the-turn-acquired), which the answer turns on."""
    page = ask(
        "tech-usable", tech="stealth", trade=2, acquired_this_turn=True, stealth_faction="blob"
    )
    page_says(page, True, "4.4", turns_on=1)


def test_form_warp_with_1_trade() -> None:
    """Warp's use costs 2; Ana has 1 (4.4)."""
    page_says(ask("tech-usable", tech="warp", trade=1), False, "4.4")


def test_form_high_admiral_shaner_scrapped_the_turn_he_was_bought() -> None:
    """Shaner bought this turn, scrapped in the same main phase: "at any time during your main
    phase" (3.8); that this includes the turn he was bought is our reading (hero-scrap-same-
    turn), which the answer turns on."""
    page = ask("hero-scrap", hero="high-admiral-shaner", played_this_turn=True, phase="main")
    page_says(page, True, "3.8", turns_on=1)


def test_form_naval_yard_free_under_costing_5() -> None:
    """Naval Yard costs 6; "costing 5 or less" does not take it (9.3)."""
    page_says(ask("free-acquire", card="naval-yard", costing_at_most=5), False, "9.3")


# ----- the API: POST /api/v1/games/star-realms-high-alert/rulings


def test_api_hellfire_for_3_beside_arsenal(api: Any) -> None:
    """Arsenal (an Invasion Star Empire base) in play, 3 Trade: Hellfire (4) for 3 (8.2)."""
    state = {
        "trade": 3,
        "play_area": [{"id": "c1", "card": "arsenal"}],
        "trade_row": [{"id": "r1", "card": "hellfire"}],
    }
    ruling = api_says(rule_api(api, state, {"kind": "acquire", "card": "r1"}), True, "8.2")
    assert ruling["next_state"]["trade"] == 0


def test_api_doctor_clark_bought_then_voyagers_double_ally_beside_corsair(api: Any) -> None:
    """Voyager and Corsair in play, 1 Trade. Ana buys Doctor Clark and uses Voyager's double
    ally. Ben: only Corsair is another Trade Federation card. Ana: Clark's primary ability,
    taking effect as he is played (3.4), gives the second."""
    state = {
        "trade": 1,
        "play_area": [{"id": "c1", "card": "voyager"}, {"id": "c2", "card": "corsair"}],
        "trade_row": [{"id": "r1", "card": "doctor-clark"}],
    }
    moves = [{"kind": "acquire", "card": "r1"}, {"kind": "use-double-ally", "card": "c1"}]
    ruling = api_says(rule_api(api, state, moves=moves), True, "3.4")
    assert ruling["first_illegal"] is None


def test_api_fusion_bot_and_tanker_mech_played_then_fusion_bots_double_ally(api: Any) -> None:
    """Ana plays Fusion Bot and Tanker Mech (+4) and uses Fusion Bot's double ally. Ben: one
    other Machine Cult card is not two (5.3)."""
    state = {"hand": [{"id": "n1", "card": "fusion-bot"}, {"id": "n2", "card": "tanker-mech"}]}
    moves = [
        {"kind": "play-card", "card": "n1"},
        {"kind": "play-card", "card": "n2", "trade": 4},
        {"kind": "use-double-ally", "card": "n1"},
    ]
    ruling = api_says(rule_api(api, state, moves=moves), False, "5.3")
    assert ruling["first_illegal"] == 2


# ----- the tools


def test_api_how_do_we_set_up_with_heroes_only(api: Any) -> None:
    response = api.post(
        f"/api/v1/games/{SLUG}/tools/setup", {"expansions": ["heroes"]}, format="json"
    )
    assert response.status_code == 200, response.content.decode()[:1000]
    plan = response.json()
    assert plan["deciding_rule"] == KEY + "2.3"
    assert plan["readings_deciding"] == []
    assert plan["cards_added"] == 12


def test_api_what_can_i_do_prices_lunar_landing_beside_naval_yard_and_voyager(api: Any) -> None:
    """Naval Yard and Voyager in play, 7 Trade: Lunar Landing costs 9 less 2 (8.2)."""
    state = {
        "trade": 7,
        "play_area": [{"id": "c1", "card": "naval-yard"}, {"id": "c2", "card": "voyager"}],
        "trade_row": [{"id": "r1", "card": "lunar-landing"}],
    }
    response = api.post(f"/api/v1/games/{SLUG}/tools/options", {"state": state}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    (offer,) = response.json()["trade_row"]
    assert offer["price"] == 7 and offer["affordable"]
    assert offer["rule"] == KEY + "8.2"
    assert offer["readings_deciding"] == []


# ----- tables that cannot exist


def test_api_a_hero_among_the_techs_is_refused(api: Any) -> None:
    state = {"trade": 2, "techs": [{"id": "t1", "card": "doctor-clark"}]}
    response = rule_api(api, state, {"kind": "use-tech", "tech": "t1"})
    assert refused_at(response) == "state.techs.0.card"


def test_api_a_free_acquire_under_an_effect_not_on_the_table_is_refused(api: Any) -> None:
    state = {
        "trade_row": [{"id": "r1", "card": "voyager"}],
        "free_acquires": [{"id": "e1", "max_cost": 3}],
    }
    response = rule_api(api, state, {"kind": "acquire-free", "card": "r1", "effect": "e9"})
    assert refused_at(response) == "move.effect"
