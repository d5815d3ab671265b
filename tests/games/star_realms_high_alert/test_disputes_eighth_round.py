"""Star Realms: High Alert: an eighth round of disputes as players bring them from the rules
sheet, each written with its verdict, the rule a judge reads aloud and the flags it must carry
before it was run: Invasion's ally and double ally cards (Swarm Cell, Alpha Max, Voyager,
Fusion Bot) beside real cards, merged cards and symbols gained as effects; a hero's scrap symbol
toward a double ally and a discount; a Stealth faction that outlives its turn; an overpaid
Requisition card; a card bought and then used as if in play; a card drawn and used without
being played; playing a card in the discard phase; a ship taken free straight into play; a pack
with a card too many. The same round over HTTP is
`tests/cardsdb/test_star_realms_high_alert_disputes_eighth_round.py`."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidMove
from games.star_realms_high_alert import reasons as R

from .helpers import (
    END,
    acquire,
    hero,
    key,
    log,
    merged,
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


def _log_settled(
    ruled: Any, legal: bool, number: str, *flagged: str, first_illegal: int | None = None
) -> None:
    assert (ruled.verdict == "legal") is legal, ruled.answer
    assert ruled.deciding_rule == key(number), (ruled.deciding_rule, ruled.answer)
    assert [t.key for t in ruled.readings_deciding] == list(flagged), ruled.readings_deciding
    assert ruled.first_illegal == first_illegal, ruled.answer


# ----- Invasion's ally and double ally abilities (5.3, 5.4, 6.4, 6.5)


def test_swarm_cells_ally_beside_a_warrior_pod() -> None:
    """Ana has Swarm Cell (a Blob base) in play and plays Warrior Pod. She uses Swarm Cell's
    ally ability. Ben: "a base is not a ship, it needs another base". Ana: any other Blob card
    in play will do. The ally rule counts cards of the faction, base or ship (5.4)."""
    state = {"play_area": [played("swarm-cell"), played("warrior-pod", "c2")]}
    settled(rule(state, use_ally()), True, "5.4")


def test_alpha_maxs_double_ally_beside_warrior_pod_and_swarm_cell() -> None:
    """Ana has Alpha Max, Warrior Pod and Swarm Cell in play and uses Alpha Max's double ally.
    Ben: it needs two OTHER Blob cards and she has only those two, so it counts Alpha Max
    itself. Ana: two others is exactly what she has (5.3)."""
    state = {
        "play_area": [played("alpha-max"), played("warrior-pod", "c2"), played("swarm-cell", "c3")]
    }
    settled(rule(state, use_double_ally()), True, "5.3")


def test_alpha_maxs_double_ally_beside_warrior_pod_and_a_star_empire_blob_card() -> None:
    """Alpha Max, Warrior Pod and a base set card with the Star Empire + Blob merged symbol.
    Ana: the merged card is a Blob card for ally abilities, so it is the second other card.
    Ben: a merged card is not "of the same faction". The sheet says a merged card lets you use
    the ally abilities of either faction (6.4) and is silent on double allies: our reading
    (merged-symbols-and-double-ally) counts it once. Written first flagged with that reading:
    read the other way a merged card counts once for each faction it shares with the ability,
    and this one shares only Blob with Alpha Max, so the answer does not turn on it."""
    state = {
        "play_area": [
            played("alpha-max"),
            played("warrior-pod", "c2"),
            merged(3, "star-empire-blob"),
        ]
    }
    settled(rule(state, use_double_ally()), True, "6.4")


def test_a_machine_cult_trade_federation_double_ally_beside_tanker_mech_and_corsair() -> None:
    """A base set card with a double ally marked with the Machine Cult + Trade Federation
    symbol, beside Tanker Mech (Machine Cult) and Corsair (Trade Federation). Ana: one card of
    each of its factions makes two. Ben: it needs two of one faction. A card of either faction
    triggers a merged ally ability (6.5). Written first flagged merged-symbols-and-double-ally:
    that reading is about one card sharing both factions, and neither card here does."""
    me = {"id": "o1", "name": "a merged ship", "factions": ["machine-cult-trade-federation"]}
    state = {
        "play_area": [
            {**me, "double_ally": True},
            played("tanker-mech", "c2"),
            played("corsair", "c3"),
        ]
    }
    settled(rule(state, use_double_ally("o1")), True, "6.5")


def test_fusion_bots_double_ally_with_tanker_mech_and_stealth_choosing_machine_cult() -> None:
    """Fusion Bot and Tanker Mech in play; Ana pays 2 for her Stealth (on her table from an
    earlier turn), chooses Machine Cult, then uses Fusion Bot's double ally. Ben: Stealth is a
    tech, and tech has no faction. Ana: the chosen faction counts as one more Machine Cult card
    for ally abilities this turn (7.2)."""
    state = {
        "trade": 2,
        "play_area": [played("fusion-bot"), played("tanker-mech", "c2")],
        "techs": [tech("stealth")],
    }
    moves = [{"kind": "use-tech", "tech": "t1", "faction": "machine-cult"}, use_double_ally()]
    _log_settled(log(state, moves), True, "7.2")


def test_voyagers_double_ally_with_corsair_and_pact_manager_scotts_scrap_symbol() -> None:
    """Voyager and Corsair in play; Ana scraps Pact Manager Scott (on her table from an earlier
    turn), gaining the Blob + Trade Federation symbol, then uses Voyager's double ally. Ben: the
    symbol is not a card. Ana: a symbol gained as an effect counts as one more card (7.2)."""
    state = {
        "play_area": [played("voyager"), played("corsair", "c2")],
        "heroes": [hero("pact-manager-scott")],
    }
    moves = [{"kind": "scrap-hero", "hero": "h1"}, use_double_ally()]
    _log_settled(log(state, moves), True, "7.2")


def test_doctor_clark_bought_then_hellfires_and_corsairs_allies() -> None:
    """Ana buys Doctor Clark for 1 with Hellfire and Corsair in play, then uses both ally
    abilities. Ben: one symbol can only be spent on one of them. Ana: Clark's primary ability
    takes effect when he is played (3.4) and its merged symbol triggers both factions."""
    state = {
        "trade": 1,
        "play_area": [played("hellfire"), played("corsair", "c2")],
        "trade_row": [row("doctor-clark")],
    }
    moves = [acquire(), use_ally(), use_ally("c2")]
    _log_settled(log(state, moves), True, "3.4")


# ----- a hero's scrap symbol and the Requisition discount (8.3)


def test_pact_manager_scott_scrapped_then_warrior_pod_for_1() -> None:
    """No Blob card in play, 1 Trade. Ana scraps Pact Manager Scott for his Blob + Trade
    Federation symbol and buys Warrior Pod (cost 2) for 1. Ben: the discount counts cards, not
    symbols gained as effects (8.3)."""
    state = {
        "trade": 1,
        "heroes": [hero("pact-manager-scott")],
        "trade_row": [row("warrior-pod")],
    }
    moves = [{"kind": "scrap-hero", "hero": "h1"}, acquire()]
    _log_settled(log(state, moves), False, "8.3", first_illegal=1)


def test_lunar_landing_paid_9_beside_two_trade_federation_cards() -> None:
    """Corsair and Voyager in play, 9 Trade. Ana says Lunar Landing costs its printed 9 and
    pays 9. Ben: she pays 1 less for each Trade Federation card in her play area, so 7 (8.2).
    The purchase stands at the price the rule gives."""
    state = {
        "trade": 9,
        "play_area": [played("corsair"), played("voyager", "c2")],
        "trade_row": [row("lunar-landing")],
    }
    ruling = rule(state, {"kind": "acquire", "card": "r1", "pay": 9})
    settled(ruling, True, "8.2")
    assert ruling.next_state is not None and ruling.next_state["trade"] == 2


# ----- a turn's cards: bought, drawn, played (9.2, 9.4, 10.1)


def test_corsair_played_then_three_cards_bought_the_third_short() -> None:
    """Ana plays Corsair (+3 Trade), buys Voyager (1) and the Corsair in the trade row (2, with
    her Corsair in play), then Cargo Raptor (2) with no Trade left. Ben objects to the third
    purchase: you cannot buy a card costing more than the Trade you have left (9.2)."""
    state = {
        "hand": [played("corsair", "n1")],
        "trade_row": [row("voyager"), row("corsair", "r2"), row("cargo-raptor", "r3")],
    }
    moves = [
        {"kind": "play-card", "card": "n1", "trade": 3},
        acquire(),
        acquire("r2"),
        acquire("r3"),
    ]
    _log_settled(log(state, moves), False, "9.2", first_illegal=3)


def test_corsair_bought_then_its_ally_used_beside_voyager() -> None:
    """Voyager in play, 3 Trade. Ana buys Corsair from the trade row and at once uses its ally
    ability, Voyager being a Trade Federation card. Ben: the Corsair she bought went to her
    discard pile (9.4); it is not in play."""
    state = {"trade": 3, "play_area": [played("voyager", "c2")], "trade_row": [row("corsair")]}
    moves = [acquire(), use_ally("r1")]
    _log_settled(log(state, moves), False, "9.4", first_illegal=1)


def test_a_card_drawn_by_an_ability_and_its_ally_used_without_playing_it() -> None:
    """Hellfire's ally draws Ana a Cargo Raptor; she uses Cargo Raptor's ally ability at once
    (Hellfire is Star Empire). Ben: Cargo Raptor is in her hand, not in play; she must play it
    first (10.1)."""
    state = {"play_area": [played("hellfire"), played("corsair", "c2")]}
    state["gained_symbols"] = [{"symbol": "star-empire", "source": "an effect"}]
    moves = [use_ally(), {"kind": "draw", "cards": [played("cargo-raptor", "n1")]}, use_ally("n1")]
    _log_settled(log(state, moves), False, "10.1", first_illegal=2)


def test_a_card_played_from_the_hand_in_the_discard_phase() -> None:
    """Ana's main phase is over and she is in her discard phase when she lays down the
    Warrior Pod still in her hand. Ben: ships are played in the main phase (10.1)."""
    state = {"phase": "discard", "hand": [played("warrior-pod", "n1")]}
    settled(rule(state, {"kind": "play-card", "card": "n1"}), False, "10.1")


def test_processing_used_with_1_trade() -> None:
    """Ana has 1 Trade and uses Processing, whose use costs 2. Ben: each use costs the Trade
    printed on it (4.4)."""
    state = {"trade": 1, "techs": [tech("processing")]}
    settled(rule(state, {"kind": "use-tech", "tech": "t1"}), False, "4.4")


def test_stealths_blob_of_last_turn_does_not_trigger_warrior_pod_this_turn() -> None:
    """Ana used Stealth choosing Blob last turn. This turn she draws and plays Warrior Pod and
    uses its ally. Ben: the chosen faction counted only for that turn (7.2: "this turn")."""
    state = {"trade": 2, "techs": [tech("stealth")]}
    moves = [
        {"kind": "use-tech", "tech": "t1", "faction": "blob"},
        END,
        {"kind": "draw", "cards": [played("warrior-pod", "n1")]},
        {"kind": "play-card", "card": "n1"},
        use_ally("n1"),
    ]
    _log_settled(log(state, moves), False, "7.2", first_illegal=4)


def test_alpha_max_taken_free_and_put_straight_into_play() -> None:
    """A pending "acquire a card costing 7 or less" effect; Ana takes Alpha Max (cost 7) and
    puts it in her play area. Ben: a ship acquired goes to the discard pile (9.4). The
    acquisition stands, the card goes to the discard pile."""
    state = {
        "trade_row": [row("alpha-max")],
        "free_acquires": [{"id": "e1", "max_cost": 7}],
    }
    move = {"kind": "acquire-free", "card": "r1", "effect": "e1", "to": "table"}
    settled(rule(state, move), True, "9.4")


# ----- setup (1.3)


def test_requisition_shuffled_in_with_three_corsairs() -> None:
    """Ana shuffles in the Requisition pack, but it holds three Corsairs. Ben: the pack holds
    two (1.3). Written first as ruled illegal by 1.3; the High Alert set holds only two
    Corsairs, so a third cannot be shuffled in: the setup is refused, naming the count."""
    added = whole("requisition") | {"corsair": 3}
    with pytest.raises(InvalidMove) as caught:
        setup(["requisition"], added)
    assert caught.value.field == "move.added.corsair"


# ----- written after the fixes, on the same themes: a place the rules do not give an acquired
# card decides over the price or the free-acquire limit; a Stealth not used this turn


def test_corsair_bought_for_2_beside_voyager_and_put_straight_into_play() -> None:
    """Voyager in play, 2 Trade. Ana buys Corsair for 2 (1 off for Voyager) and lays it in her
    play area. Ben: bought ships go to the discard pile (9.4); the price is not in doubt."""
    state = {"trade": 2, "play_area": [played("voyager", "c2")], "trade_row": [row("corsair")]}
    settled(rule(state, acquire() | {"to": "table"}), True, "9.4")


def test_guidance_taken_free_and_put_in_the_discard_pile() -> None:
    """ "Acquire a card costing 1 or less": Ana takes Guidance and puts it in her discard pile.
    Ben: a tech is played at once (4.3); whether one taken free is, is our reading."""
    state = {"trade_row": [row("guidance")], "free_acquires": [{"id": "e1", "max_cost": 1}]}
    move = {"kind": "acquire-free", "card": "r1", "effect": "e1", "to": "discard-pile"}
    settled(rule(state, move), True, "4.3", R.FREE_HERO_OR_TECH)


def test_doctor_clark_taken_free_and_put_in_the_discard_pile() -> None:
    state = {"trade_row": [row("doctor-clark")], "free_acquires": [{"id": "e1", "max_cost": 2}]}
    move = {"kind": "acquire-free", "card": "r1", "effect": "e1", "to": "discard-pile"}
    settled(rule(state, move), True, "3.3", R.FREE_HERO_OR_TECH)


def test_hellfires_ally_beside_a_stealth_not_used_this_turn() -> None:
    """Hellfire alone in play, Stealth on the table, not used this turn. Ana: "my Stealth is
    a Star Empire card". Ben: it gives a faction only for the turn it is used (7.2)."""
    state = {"trade": 2, "play_area": [played("hellfire")], "techs": [tech("stealth")]}
    ruling = rule(state, use_ally())
    settled(ruling, False, "7.2")
    assert "Stealth" in ruling.answer


def test_hellfires_ally_after_stealth_chose_blob_this_turn() -> None:
    """Stealth used this turn for Blob: what is short is a Star Empire card (5.4), not the
    turn Stealth was used in."""
    state = {"trade": 2, "play_area": [played("hellfire")], "techs": [tech("stealth")]}
    moves = [{"kind": "use-tech", "tech": "t1", "faction": "blob"}, use_ally()]
    _log_settled(log(state, moves), False, "5.4", first_illegal=1)


def test_corsairs_ally_beside_an_earlier_doctor_clark_and_an_unused_stealth() -> None:
    """Both an earlier turn's hero and an unused Stealth: whether the hero counts is the open
    point the answer turns on (3.5, hero-is-not-a-faction-card)."""
    state = {
        "trade": 2,
        "play_area": [played("corsair")],
        "heroes": [hero("doctor-clark")],
        "techs": [tech("stealth")],
    }
    settled(rule(state, use_ally()), False, "3.5", R.HERO_NO_FACTION)


def test_alpha_maxs_double_ally_alone_beside_a_stealth_not_used_this_turn() -> None:
    """Alpha Max alone in play: two other Blob cards are missing, and the one Stealth would
    give is not enough, so the count decides (5.3), not the turn Stealth was used in."""
    state = {"trade": 2, "play_area": [played("alpha-max")], "techs": [tech("stealth")]}
    ruling = rule(state, use_double_ally())
    settled(ruling, False, "5.3")
    assert "Stealth" not in ruling.answer
