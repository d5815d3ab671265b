"""Star Realms: High Alert: a seventh round of disputes as players bring them from the rules
sheet, each written with its verdict, the rule a judge reads aloud and the flag it must carry
before it was run. Most of it is "What can I do now?": every option (an ally ability, a tech, a
hero, not only a trade-row card) carries the readings its own ruling turns on, exactly where
flipping one changes that option's answer. Then a tech used the turn it was acquired (the
same rule for Stealth as for Laser), heroes' symbols toward double allies and discounts, free
acquires, logs and tables that cannot exist."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from games.core import InvalidState
from games.star_realms_high_alert import reasons as R
from games.star_realms_high_alert.tools import TOOLS

from .helpers import (
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


def _ask(slug: str, **answers: object) -> Any:
    question = next(q for q in RULES.questions if q.slug == slug)
    state, move = question.build(question.form.model_validate(answers))
    return RULES.rule_json(state, move)


def _options(state: dict[str, Any]) -> dict[str, Any]:
    return TOOLS["options"].run({"state": state}, None)


def _flags(option: dict[str, Any]) -> list[str]:
    return [t["key"] for t in option["readings_deciding"]]


def _ally(state: dict[str, Any], card: str = "c1", ability: str = "ally") -> dict[str, Any]:
    found = _options(state)["allies"]
    return next(a for a in found if a["card"] == card and a["ability"] == ability)


def _tech_option(state: dict[str, Any]) -> dict[str, Any]:
    (found,) = _options(state)["techs"]
    return found


def _hero_option(state: dict[str, Any]) -> dict[str, Any]:
    (found,) = _options(state)["heroes"]
    return found


# ----- "What can I do now?": an ally ability's option carries the readings it turns on


def test_what_can_i_do_corsair_beside_only_an_earlier_turns_high_admiral_shaner() -> None:
    # not live because a hero has no faction (3.5); read the other way, Shaner's symbol
    # would be a Trade Federation card and the ally would be live
    state = {"play_area": [played("corsair")], "heroes": [hero("high-admiral-shaner")]}
    ally = _ally(state)
    assert ally["status"] == "not-live" and ally["rule"] == key("3.5")
    assert _flags(ally) == [R.HERO_NO_FACTION]
    assert ally["readings_deciding"][0]["other_verdict"] == "legal"


def test_what_can_i_do_corsair_beside_high_admiral_shaner_played_this_turn() -> None:
    # the primary ability's symbol counts this turn (3.4) on either reading
    state = {"play_area": [played("corsair")], "heroes": [hero("high-admiral-shaner", True)]}
    ally = _ally(state)
    assert ally["status"] == "live" and ally["rule"] == key("3.4")
    assert _flags(ally) == []


def test_what_can_i_do_corsair_beside_an_earlier_hero_and_a_trade_federation_ship() -> None:
    # the Voyager triggers it whatever the hero is worth: nothing to flag
    state = {
        "play_area": [played("corsair"), played("voyager", "c2")],
        "heroes": [hero("high-admiral-shaner")],
    }
    ally = _ally(state)
    assert ally["status"] == "live" and ally["rule"] == key("5.4")
    assert _flags(ally) == []


def test_what_can_i_do_hellfire_used_beside_cargo_raptor_flags_once_a_turn() -> None:
    state = {"play_area": [played("hellfire", ally_used=True), played("cargo-raptor", "c2")]}
    ally = _ally(state)
    assert ally["status"] == "used" and ally["rule"] == key("7.5")
    assert _flags(ally) == [R.ALLY_ONCE]


def test_what_can_i_do_hellfire_used_with_nothing_beside_it_flags_nothing() -> None:
    # used, and no other Star Empire card: no second use on either reading
    state = {"play_area": [played("hellfire", ally_used=True)]}
    ally = _ally(state)
    assert ally["status"] == "used"
    assert _flags(ally) == []


def test_what_can_i_do_a_merged_double_ally_with_one_card_of_its_symbol() -> None:
    state = {"play_area": [merged(1, double_ally=True), merged(2)]}
    double = _ally(state, "o1", "double-ally")
    assert double["status"] == "not-live" and double["rule"] == key("5.3")
    assert _flags(double) == [R.MERGED_DOUBLE_ALLY]


def test_what_can_i_do_flags_the_double_ally_and_not_the_plain_ally_beside_it() -> None:
    # Cargo Raptor's ally is live on one Star Empire card whatever a merged card counts for
    state = {"play_area": [played("cargo-raptor"), merged(2)]}
    plain = _ally(state, "c1", "ally")
    double = _ally(state, "c1", "double-ally")
    assert plain["status"] == "live" and _flags(plain) == []
    assert double["status"] == "not-live" and _flags(double) == []


def test_what_can_i_do_fusion_bots_double_ally_beside_an_earlier_administrator_tung() -> None:
    state = {
        "play_area": [played("fusion-bot"), played("tanker-mech", "c2")],
        "heroes": [hero("administrator-tung")],
    }
    double = _ally(state, "c1", "double-ally")
    assert double["status"] == "not-live" and double["rule"] == key("3.5")
    assert _flags(double) == [R.HERO_NO_FACTION]


# ----- "What can I do now?": techs and heroes


def test_what_can_i_do_laser_acquired_this_turn_flags_using_it_the_same_turn() -> None:
    state = {"trade": 3, "techs": [tech("laser", acquired_this_turn=True)]}
    option = _tech_option(state)
    assert option["usable"] and option["rule"] == key("4.4")
    assert _flags(option) == [R.TECH_SAME_TURN]
    assert option["readings_deciding"][0]["other_verdict"] == "illegal"


def test_what_can_i_do_laser_acquired_this_turn_with_no_trade_flags_nothing() -> None:
    state = {"trade": 0, "techs": [tech("laser", acquired_this_turn=True)]}
    option = _tech_option(state)
    assert not option["usable"] and option["rule"] == key("4.4")
    assert _flags(option) == []


def test_what_can_i_do_laser_from_an_earlier_turn_flags_nothing() -> None:
    option = _tech_option({"trade": 3, "techs": [tech("laser")]})
    assert option["usable"] and option["rule"] == key("4.4")
    assert _flags(option) == []


def test_what_can_i_do_stealth_acquired_this_turn_is_the_tech_rule_and_flagged() -> None:
    state = {"trade": 2, "techs": [tech("stealth", acquired_this_turn=True)]}
    option = _tech_option(state)
    assert option["usable"] and option["rule"] == key("4.4")
    assert _flags(option) == [R.TECH_SAME_TURN]


def test_what_can_i_do_stealth_from_an_earlier_turn_is_what_the_faction_counts_for() -> None:
    option = _tech_option({"trade": 2, "techs": [tech("stealth")]})
    assert option["usable"] and option["rule"] == key("7.3")
    assert _flags(option) == []


def test_what_can_i_do_a_hero_played_this_turn_flags_scrapping_it_at_once() -> None:
    option = _hero_option({"heroes": [hero("doctor-clark", True)]})
    assert option["can_scrap"] and option["rule"] == key("3.8")
    assert _flags(option) == [R.HERO_SCRAP_SAME_TURN]


def test_what_can_i_do_a_hero_of_an_earlier_turn_flags_nothing() -> None:
    option = _hero_option({"heroes": [hero("doctor-clark")]})
    assert option["can_scrap"] and option["rule"] == key("3.8")
    assert _flags(option) == []


def test_what_can_i_do_in_the_discard_phase_a_new_hero_is_not_flagged() -> None:
    option = _hero_option({"phase": "discard", "heroes": [hero("doctor-clark", True)]})
    assert not option["can_scrap"] and option["rule"] == key("3.8")
    assert _flags(option) == []


# ----- a tech used the turn it was acquired: the same rule for every tech (4.3, 4.4)


def test_stealth_acquired_this_turn_used_choosing_blob() -> None:
    state = {"trade": 2, "techs": [tech("stealth", acquired_this_turn=True)]}
    move = {"kind": "use-tech", "tech": "t1", "faction": "blob"}
    settled(rule(state, move), True, "4.4", R.TECH_SAME_TURN)


def test_tech_form_stealth_acquired_this_turn() -> None:
    ruling = _ask(
        "tech-usable", tech="stealth", trade=2, acquired_this_turn=True, stealth_faction="blob"
    )
    settled(ruling, True, "4.4", R.TECH_SAME_TURN)


def test_stealth_bought_then_used_for_star_empire_then_hellfires_ally() -> None:
    state = {"trade": 5, "play_area": [played("hellfire")], "trade_row": [row("stealth")]}
    moves = [
        acquire(),
        {"kind": "use-tech", "tech": "r1", "faction": "star-empire"},
        use_ally(),
    ]
    _log_settled(log(state, moves), True, "7.2", R.TECH_SAME_TURN)


def test_laser_acquired_this_turn_and_already_used_is_not_flagged() -> None:
    state = {"trade": 3, "techs": [tech("laser", acquired_this_turn=True, used_this_turn=True)]}
    settled(rule(state, {"kind": "use-tech", "tech": "t1"}), False, "4.4")


# ----- heroes' symbols toward double allies and discounts; free acquires


def test_fusion_bots_double_ally_with_tanker_mech_and_an_earlier_administrator_tung() -> None:
    state = {
        "play_area": [played("fusion-bot"), played("tanker-mech", "c2")],
        "heroes": [hero("administrator-tung")],
    }
    settled(rule(state, use_double_ally()), False, "3.5", R.HERO_NO_FACTION)


def test_swarm_colony_for_4_beside_two_blob_cards_and_bio_warrior_storm_played() -> None:
    # the hero's symbol is an effect, which the discount never counts (8.3): the sheet's own
    state = {
        "trade": 4,
        "play_area": [other("blob"), other("blob", 2)],
        "heroes": [hero("bio-warrior-storm", True)],
        "trade_row": [row("swarm-colony")],
    }
    settled(rule(state, acquire()), True, "8.2")


def test_tanker_mech_for_3_with_fusion_bot_and_operations_platform() -> None:
    state = {
        "trade": 3,
        "play_area": [played("fusion-bot"), played("operations-platform", "c2")],
        "trade_row": [row("tanker-mech")],
    }
    settled(rule(state, acquire()), True, "8.2")


def test_free_acquire_form_stealth_under_costing_3() -> None:
    ruling = _ask("free-acquire", card="stealth", costing_at_most=3)
    settled(ruling, True, "9.3", R.FREE_HERO_OR_TECH)


def test_free_acquire_form_warp_under_costing_3() -> None:
    settled(_ask("free-acquire", card="warp", costing_at_most=3), False, "9.3")


def test_corsair_and_voyager_played_from_hand_then_corsairs_ally() -> None:
    state = {"hand": [played("corsair", "n1"), played("voyager", "n2")]}
    moves = [
        {"kind": "play-card", "card": "n1", "trade": 3},
        {"kind": "play-card", "card": "n2", "trade": 2},
        use_ally("n1"),
    ]
    _log_settled(log(state, moves), True, "5.4")


# ----- tables and forms that cannot exist


def test_negative_trade_is_refused() -> None:
    with pytest.raises(InvalidState) as caught:
        rule({"trade": -1, "techs": [tech("laser")]}, {"kind": "use-tech", "tech": "t1"})
    assert caught.value.field == "state.trade"


def test_tech_form_with_negative_trade_is_refused() -> None:
    # the form itself refuses it, at its field, before any table is built
    with pytest.raises(ValidationError) as caught:
        _ask("tech-usable", tech="laser", trade=-1)
    assert [e["loc"] for e in caught.value.errors()] == [("trade",)]


# ----- found while running the round: the ruling on the same question weighed a reading
# whose other side left the answer as it was


def test_corsair_beside_voyager_and_an_earlier_high_admiral_shaner() -> None:
    # the Voyager triggers it (5.4): whether Shaner is a card of its factions changes nothing
    state = {
        "play_area": [played("corsair"), played("voyager", "c2")],
        "heroes": [hero("high-admiral-shaner")],
    }
    ruling = rule(state, use_ally())
    settled(ruling, True, "5.4")
    assert "Shaner" not in ruling.answer


def test_hellfires_ally_used_again_with_no_star_empire_card_beside_it() -> None:
    # refused on either reading of once a turn: nothing would trigger it a second time
    state = {"play_area": [played("hellfire", ally_used=True)]}
    settled(rule(state, use_ally()), False, "7.5")


def test_cargo_raptors_double_ally_used_again_beside_one_star_empire_card_and_tung() -> None:
    # used already (7.5), and short of two others unless Tung of an earlier turn counted:
    # no single reading flipped makes it live again, so none is flagged
    state = {
        "play_area": [
            played("cargo-raptor", double_ally_used=True),
            played("hellfire", "c2"),
        ],
        "heroes": [hero("administrator-tung")],
    }
    settled(rule(state, use_double_ally()), False, "7.5")
