"""Disputes as players bring them from the rules sheet: what decides a price a player cannot
pay, an offer of more Trade than you have, and a free acquire's hero or tech used at once."""

from __future__ import annotations

from games.core.readings import flipped
from games.star_realms_high_alert.reasons import FREE_HERO_OR_TECH

from .helpers import (
    RULES,
    acquire,
    assert_answer_is_plain,
    assert_illegal,
    assert_legal,
    clar,
    key,
    other,
    rule,
)


def row(slug: str, card_id: str = "r1") -> dict[str, object]:
    return {"id": card_id, "card": slug}


def test_doctor_clarks_symbol_does_not_make_hellfire_affordable() -> None:
    """3 Trade, no Star Empire card in play, Doctor Clark acquired this turn."""
    state = {
        "trade": 3,
        "heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}],
        "trade_row": [row("hellfire")],
    }
    ruled = rule(state, acquire())
    assert_illegal(ruled, "not-enough-trade", "9.2")
    assert ruled.deciding_rule == key("8.3")  # symbols gained as effects do not count
    assert ruled.readings_deciding == []  # the sheet says so in words
    assert ruled.answer == (
        "No: Hellfire costs you 4 Trade and you have only 3; the symbol from Doctor Clark's "
        "primary ability is an effect and does not lower the price, and Doctor Clark on your "
        "table has no faction."
    )
    assert_answer_is_plain(ruled)


def test_the_faction_chosen_with_stealth_does_not_make_corsair_affordable() -> None:
    state = {"trade": 4, "techs": [{"id": "t1", "card": "stealth"}], "trade_row": [row("corsair")]}
    log = [{"kind": "use-tech", "tech": "t1", "faction": "trade-federation"}, acquire()]
    ruled = RULES.rule_sequence_json(state, log)
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert ruled.deciding_rule == key("8.3")
    assert [t.key for t in ruled.readings_deciding] == [clar("stealth-faction-is-an-effect")]
    assert "the symbol you chose with Stealth is an effect" in ruled.answer
    assert "t1" not in ruled.answer


def test_a_hero_from_an_earlier_turn_is_what_the_price_turns_on() -> None:
    state = {
        "trade": 3,
        "heroes": [{"id": "h1", "card": "high-admiral-shaner"}],
        "trade_row": [row("hellfire")],
    }
    ruled = rule(state, acquire())
    assert ruled.deciding_rule == key("3.5")
    assert [t.key for t in ruled.readings_deciding] == [clar("hero-is-not-a-faction-card")]
    assert ruled.answer.endswith("; High Admiral Shaner on your table has no faction.")


def test_with_no_card_of_its_faction_in_play_the_trade_you_have_decides() -> None:
    ruled = rule({"trade": 2, "trade_row": [row("corsair")]}, acquire())
    assert_illegal(ruled, "not-enough-trade", "9.2")
    assert ruled.deciding_rule == key("9.2")
    assert "requisition-discount" not in [r.code for r in ruled.reasons]


def test_a_discount_that_applies_still_decides_a_purchase() -> None:
    state = {
        "trade": 1,
        "play_area": [other("trade-federation"), other("trade-federation", 2)],
        "trade_row": [row("corsair")],
    }
    ruled = rule(state, acquire())
    assert_legal(ruled, "requisition-discount", "8.2")
    assert ruled.deciding_rule == key("8.2")


def test_a_hero_taken_free_and_scrapped_at_once_turns_on_two_readings() -> None:
    state = {"free_acquires": [{"id": "f1", "max_cost": 4}], "trade_row": [row("doctor-clark")]}
    log = [
        {"kind": "acquire-free", "card": "r1", "effect": "f1"},
        {"kind": "scrap-hero", "hero": "r1"},
    ]
    ours = RULES.rule_sequence_json(state, log)
    assert ours.verdict == "legal"
    assert [t.key for t in ours.readings_deciding] == [
        clar("free-acquire-hero-or-tech"),
        clar("hero-scrap-same-turn"),
    ]
    with flipped(FREE_HERO_OR_TECH):
        other_way = RULES.rule_sequence_json(state, log)
    assert other_way.verdict == "illegal" and other_way.first_illegal == 1
    assert_illegal(other_way.rulings[1], "card-in-discard-pile", "9.4")
    assert other_way.rulings[1].answer == (
        "No: Doctor Clark is in your discard pile, not on your table; only a hero on your table "
        "can be scrapped."
    )


def test_a_tech_taken_free_and_used_at_once_turns_on_two_readings() -> None:
    state = {
        "trade": 1,
        "free_acquires": [{"id": "f1", "max_cost": 4}],
        "trade_row": [row("laser")],
    }
    log = [
        {"kind": "acquire-free", "card": "r1", "effect": "f1"},
        {"kind": "use-tech", "tech": "r1"},
    ]
    ours = RULES.rule_sequence_json(state, log)
    assert ours.verdict == "legal"
    assert [t.key for t in ours.readings_deciding] == [
        clar("free-acquire-hero-or-tech"),
        clar("tech-usable-the-turn-acquired"),
    ]
    with flipped(FREE_HERO_OR_TECH):
        other_way = RULES.rule_sequence_json(state, log)
    assert_illegal(other_way.rulings[1], "card-in-discard-pile", "9.4")
    assert "only a tech on your table can be used" in other_way.rulings[1].answer


def test_a_card_just_drawn_is_played_with_the_trade_it_gives() -> None:
    draw = {"kind": "draw", "cards": [{"id": "d1", "card": "corsair"}]}
    ruled = RULES.rule_sequence_json(
        {"trade": 0, "hand": []}, [draw, {"kind": "play-card", "card": "d1", "trade": 3}]
    )
    assert ruled.verdict == "legal"
    assert ruled.deciding_rule == key("10.1")
