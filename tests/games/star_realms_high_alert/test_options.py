"""What can I do now? The options for a state, and their agreement with the rulings."""

from __future__ import annotations

from games.star_realms_high_alert.options import options

from .helpers import RULES, other, played


def state_of(data: dict[str, object]):  # type: ignore[no-untyped-def]
    return RULES.parse_state(data)


def test_options_list_a_live_ally_ability_with_the_card_that_triggers_it() -> None:
    opts = options(state_of({"play_area": [played("corsair"), other("trade-federation")]}))
    (ally,) = opts.allies
    assert ally.status == "live"
    assert "trade-federation card 1" in ally.why
    assert ally.rule == "star-realms-high-alert:5.4"


def test_options_show_a_double_ally_that_is_not_live_and_why() -> None:
    opts = options(state_of({"play_area": [played("alpha-max"), other("blob")]}))
    statuses = {a.ability: a.status for a in opts.allies}
    assert statuses == {"ally": "live", "double-ally": "not-live"}
    double = next(a for a in opts.allies if a.ability == "double-ally")
    assert "needs 2" in double.why and double.rule.endswith(":5.3")


def test_options_price_each_trade_row_card_for_this_player() -> None:
    state = state_of(
        {
            "trade": 4,
            "play_area": [played("hellfire"), other("star-empire")],
            "trade_row": [{"id": "r1", "card": "the-armory"}, {"id": "r2", "card": "corsair"}],
            "free_acquires": [{"id": "e1", "max_cost": 3}],
        }
    )
    armory, corsair = options(state).trade_row
    assert (armory.printed_cost, armory.price, armory.affordable) == (7, 5, False)
    assert armory.free_with == []
    assert (corsair.price, corsair.affordable, corsair.free_with) == (3, True, ["e1"])


def test_options_list_each_tech_with_whether_it_can_be_used_now() -> None:
    state = state_of(
        {
            "trade": 1,
            "techs": [
                {"id": "t1", "card": "laser"},
                {"id": "t2", "card": "warp"},
                {"id": "t3", "card": "shield", "used_this_turn": True},
            ],
        }
    )
    usable = {t.tech: t.usable for t in options(state).techs}
    assert usable == {"t1": True, "t2": False, "t3": False}


def test_options_and_the_ruling_agree_on_every_listed_ally() -> None:
    data = {
        "play_area": [played("cargo-raptor"), played("hellfire", "c2"), other("star-empire")],
        "gained_symbols": [{"symbol": "blob"}],
    }
    state = state_of(data)
    for ally in options(state).allies:
        kind = "use-double-ally" if ally.ability == "double-ally" else "use-ally"
        ruling = RULES.rule_json(data, {"kind": kind, "card": ally.card})
        assert ruling.legal == (ally.status == "live"), ally


def test_options_json_is_plain_data_for_the_api() -> None:
    out = RULES.options_json({"trade": 2, "techs": [{"id": "t1", "card": "laser"}]})
    assert out["techs"][0]["usable"] is True


def test_options_picture_the_play_area_with_faction_symbols_and_effect_symbols() -> None:
    state = state_of(
        {
            "play_area": [played("corsair"), other("star-empire-blob")],
            "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}],
        }
    )
    opts = options(state)
    assert [(p.name, p.symbols) for p in opts.play_area] == [
        ("Corsair", ["trade-federation"]),
        ("star-empire-blob card 1", ["star-empire-blob"]),
    ]
    assert opts.play_area[1].factions == ["blob", "star-empire"]
    assert [e.symbol for e in opts.effect_symbols] == ["star-empire-trade-federation"]
