"""Properties: every move `legal_moves` offers is ruled legal, `apply` keeps every card in
exactly one place, every live option is ruled legal, and hostile JSON never crashes the engine."""

from __future__ import annotations

from collections import Counter
from typing import Any, get_args

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.star_realms_high_alert.catalog import CARDS
from games.star_realms_high_alert.options import options
from games.star_realms_high_alert.state import UNDESCRIBABLE, State, SymbolSlug
from tests.fuzz_size import examples
from tests.games.ruled_or_refused import assert_ruled_or_refused

from .helpers import RULES, assert_answer_is_plain

SYMBOLS = list(get_args(SymbolSlug))
ZONES = {
    "ship": ["play_area", "trade_row", "discard_pile", "scrap_heap"],
    "base": ["play_area", "trade_row", "discard_pile", "scrap_heap"],
    "outpost": ["play_area", "trade_row", "discard_pile", "scrap_heap"],
    "hero": ["heroes", "trade_row", "scrap_heap"],
    "tech": ["techs", "trade_row"],
}
# Every copy in the set, so a drawn state never holds more copies than the box.
POOL = [slug for slug, card in CARDS.items() for _ in range(card.copies)]
SETTINGS = settings(
    max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def states(draw: st.DrawFn) -> dict[str, Any]:
    state: dict[str, Any] = {
        "phase": draw(st.sampled_from(["main", "main", "main", "discard"])),
        "trade": draw(st.integers(0, 12)),
        "play_area": [],
        "heroes": [],
        "techs": [],
        "trade_row": [],
        "discard_pile": [],
        "scrap_heap": [],
        "gained_symbols": [],
        "free_acquires": [],
    }
    picks = draw(st.lists(st.integers(0, len(POOL) - 1), unique=True, max_size=14))
    for n, index in enumerate(picks):
        card = CARDS[POOL[index]]
        zone = draw(st.sampled_from(ZONES[card.type]))
        if zone == "trade_row" and len(state["trade_row"]) >= 10:
            zone = "scrap_heap"
        entry: dict[str, Any] = {"id": f"k{n}", "card": card.slug}
        if zone == "play_area":
            entry["ally_used"] = card.has_ally and draw(st.booleans())
            entry["double_ally_used"] = card.has_double_ally and draw(st.booleans())
        elif zone == "heroes":
            entry["played_this_turn"] = draw(st.booleans())
        elif zone == "techs":
            entry["used_this_turn"] = draw(st.booleans())
            entry["acquired_this_turn"] = draw(st.booleans())
        state[zone].append(entry)
    for n in range(draw(st.integers(0, 4))):  # cards from outside High Alert
        symbols = draw(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=2, unique=True))
        state["play_area"].append(
            {
                "id": f"x{n}",
                "factions": symbols,
                "ally": draw(st.booleans()),
                "double_ally": draw(st.booleans()),
            }
        )
    if draw(st.booleans()) and len(state["trade_row"]) < 10:
        cost = draw(st.integers(0, 8))
        state["trade_row"].append({"id": "out", "type": "ship", "factions": ["blob"], "cost": cost})
    for _ in range(draw(st.integers(0, 2))):
        state["gained_symbols"].append({"symbol": draw(st.sampled_from(SYMBOLS))})
    for n in range(draw(st.integers(0, 2))):
        state["free_acquires"].append({"id": f"e{n}", "max_cost": draw(st.integers(0, 8))})
    return state


def placements(state: State) -> Counter[str]:
    ids: Counter[str] = Counter()
    zones = ("play_area", "heroes", "techs", "trade_row", "discard_pile", "scrap_heap")
    for zone in (*zones, "hand", "out_of_play"):
        ids.update(card.id for card in getattr(state, zone))
    return ids


@SETTINGS
@given(states())
def test_every_move_from_legal_moves_is_ruled_legal_and_keeps_every_card_in_one_place(
    data: dict[str, Any],
) -> None:
    state = RULES.parse_state(data)
    before = placements(state)
    assert all(n == 1 for n in before.values())
    for move in RULES.legal_moves(state):
        ruling = RULES.adjudicate(state, move)
        assert ruling.legal, (move, ruling.summary)
        assert_answer_is_plain(ruling)
        after = RULES.apply(state, move)
        RULES.check_state(after)  # the next state is a state that can exist
        # The end of the turn puts the play area out of play (rule 10.3): still one place.
        assert placements(after) == before
        assert after.trade >= 0


@SETTINGS
@given(states())
def test_every_live_option_is_ruled_legal_and_every_dead_one_illegal(data: dict[str, Any]) -> None:
    state = RULES.parse_state(data)
    opts = options(state)
    for ally in opts.allies:
        kind = "use-double-ally" if ally.ability == "double-ally" else "use-ally"
        ruling = RULES.rule_json(data, {"kind": kind, "card": ally.card})
        assert ruling.legal == (ally.status == "live"), (ally, ruling.summary)
        assert_answer_is_plain(ruling)
        if ruling.legal:  # the option rests on what its ruling rests on
            assert ally.interpretations == ruling.interpretations
    for row in opts.trade_row:
        ruling = RULES.rule_json(data, {"kind": "acquire", "card": row.card})
        assert ruling.legal == row.affordable, (row, ruling.summary)
        assert_answer_is_plain(ruling)
        if ruling.legal:
            assert set(ruling.interpretations) <= set(row.interpretations)
            assert ruling.next_state is not None
            assert ruling.next_state["trade"] == state.trade - row.price
    for tech in opts.techs:
        card = next(t.card for t in state.techs if t.id == tech.tech)
        move: dict[str, Any] = {"kind": "use-tech", "tech": tech.tech}
        if card == "stealth":
            move["faction"] = "blob"
        ruled = RULES.rule_json(data, move)
        assert ruled.legal == tech.usable, tech
        if ruled.legal and card != "stealth":
            assert tech.interpretations == ruled.interpretations
    for hero in opts.heroes:
        ruling = RULES.rule_json(data, {"kind": "scrap-hero", "hero": hero.hero})
        assert ruling.legal == hero.can_scrap, (hero, ruling.summary)
        assert_answer_is_plain(ruling)
        if ruling.legal:
            assert hero.interpretations == ruling.interpretations
        assert hero.rule in ruling.cited_rules()
    for row in opts.trade_row:
        for effect in state.free_acquires:
            free = {"kind": "acquire-free", "card": row.card, "effect": effect.id}
            ruling = RULES.rule_json(data, free)
            assert ruling.legal == (effect.id in row.free_with), (row, effect, ruling.summary)


@SETTINGS
@given(states())
def test_every_option_cites_a_rule_its_ruling_cites(data: dict[str, Any]) -> None:
    """The "why" an option gives rests on the same rule as the ruling on taking it, in any
    phase (outside the main phase both stop at the phase first, 9.5)."""
    state = RULES.parse_state(data)
    data = state.model_dump(mode="json")
    opts = options(state)
    for ally in opts.allies:
        kind = "use-double-ally" if ally.ability == "double-ally" else "use-ally"
        ruling = RULES.rule_json(data, {"kind": kind, "card": ally.card})
        assert ally.rule in ruling.cited_rules(), (ally, ruling.reasons)
    for row in opts.trade_row:
        ruling = RULES.rule_json(data, {"kind": "acquire", "card": row.card})
        assert row.rule in ruling.cited_rules(), (row, ruling.reasons)
    for tech in opts.techs:
        card = next(t.card for t in state.techs if t.id == tech.tech)
        move: dict[str, Any] = {"kind": "use-tech", "tech": tech.tech}
        if card == "stealth":
            move["faction"] = "star-empire"
        ruling = RULES.rule_json(data, move)
        assert tech.rule in ruling.cited_rules(), (tech, ruling.reasons)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 120) | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4)
    ),
    max_leaves=20,
)
KEYS = st.sampled_from(["phase", *UNDESCRIBABLE])


def outcome(state: Any, move: Any) -> None:
    assert_ruled_or_refused(RULES, state, move)


@SETTINGS
@given(JSON, JSON)
def test_arbitrary_json_yields_a_ruling_or_bad_input(state: Any, move: Any) -> None:
    outcome(state, move)


@SETTINGS
@given(
    states(),
    KEYS,
    JSON,
    st.sampled_from(
        ["use-ally", "use-double-ally", "acquire", "acquire-free", "use-tech", "scrap-hero"]
    ),
    st.sampled_from(["k0", "k1", "k2", "x0", "out", "e0", "zz"]),
    st.sampled_from([*SYMBOLS, None]),
)
def test_near_valid_json_yields_a_ruling_or_bad_input(
    data: dict[str, Any], key: str, junk: Any, kind: str, target: str, faction: str | None
) -> None:
    move = {"kind": kind, "card": target, "tech": target, "hero": target, "effect": "e0"}
    move = {k: v for k, v in move.items() if k == "kind" or k in _FIELDS[kind]}
    if faction is not None and kind == "use-tech":
        move["faction"] = faction
    outcome(data, move)
    outcome({**data, key: junk}, move)


_FIELDS = {
    "use-ally": {"card"},
    "use-double-ally": {"card"},
    "acquire": {"card"},
    "acquire-free": {"card", "effect"},
    "use-tech": {"tech"},
    "scrap-hero": {"hero"},
}
