"""Disputes over a High Alert log: moves naming a card an earlier move removed are ruled
illegal with the rule that removed it (never refused as bad input), and a log goes on into the
next turn: the draw, the cards played and their Trade (rules 10.1 to 10.4)."""

from __future__ import annotations

import pytest

from games.core import InvalidMove
from tests.games.star_realms_high_alert.helpers import (
    END,
    RULES,
    assert_answer_is_plain,
    assert_illegal,
    assert_legal,
    clar,
    key,
    log,
    other,
    played,
    rule,
)

# ----- a card an earlier move removed


def test_a_hero_scrapped_earlier_in_the_log_cannot_be_scrapped_again() -> None:
    state = {"heroes": [{"id": "h1", "card": "doctor-clark", "played_this_turn": True}]}
    scrap = {"kind": "scrap-hero", "hero": "h1"}
    ruled = log(state, [scrap, scrap])
    assert ruled.verdict == "illegal" and ruled.first_illegal == 1
    assert_illegal(ruled.rulings[1], "hero-already-scrapped", "3.8")
    assert ruled.rulings[1].answer.startswith("No: Doctor Clark has already been scrapped")
    assert_answer_is_plain(ruled.rulings[1])


def test_a_trade_row_card_bought_earlier_cannot_be_bought_again() -> None:
    state = {"trade": 10, "trade_row": [{"id": "r1", "card": "corsair"}]}
    buy = {"kind": "acquire", "card": "r1"}
    ruled = log(state, [buy, buy])
    assert ruled.first_illegal == 1
    assert_illegal(ruled.rulings[1], "card-left-trade-row", "9.1")
    assert "in your discard pile" in ruled.rulings[1].answer


def test_a_hero_bought_earlier_is_on_your_table_not_in_the_trade_row() -> None:
    state = {"trade": 10, "trade_row": [{"id": "r1", "card": "doctor-clark"}]}
    buy = {"kind": "acquire", "card": "r1"}
    ruled = log(state, [buy, buy])
    assert_illegal(ruled.rulings[1], "card-left-trade-row", "9.1")
    assert ruled.rulings[1].answer.startswith("No: Doctor Clark is no longer in the trade row")


def test_an_ally_ability_of_a_ship_from_a_turn_that_ended_is_ruled_not_refused() -> None:
    state = {"play_area": [played("corsair"), other("trade-federation")]}
    ruled = log(state, [END, {"kind": "use-ally", "card": "c1"}])
    assert ruled.first_illegal == 1
    ruling = ruled.rulings[1]
    assert_illegal(ruling, "card-turn-ended", "10.3")
    assert clar("cards-of-an-ended-turn") in ruling.interpretations
    assert "earlier turn" in ruling.answer


def test_a_card_no_board_ever_held_is_still_bad_input() -> None:
    with pytest.raises(InvalidMove) as refused:
        rule({"heroes": []}, {"kind": "scrap-hero", "hero": "h9"})
    assert refused.value.field == "move.hero"


# ----- turn after turn


def test_a_log_runs_through_two_turns_with_the_draw_the_plays_and_the_trade() -> None:
    state = {
        "trade": 3,
        "play_area": [played("corsair")],
        "heroes": [],
        "trade_row": [{"id": "r1", "card": "voyager"}, {"id": "r2", "card": "tanker-mech"}],
    }
    moves = [
        {"kind": "acquire", "card": "r1"},  # Voyager costs 3
        END,
        {
            "kind": "draw",
            "cards": [
                {"id": "n1", "card": "cargo-raptor"},
                {"id": "n2", "name": "Trade Bot", "factions": ["machine-cult"]},
            ],
        },
        {"kind": "play-card", "card": "n1", "trade": 3},
        {"kind": "play-card", "card": "n2", "trade": 1},
        {"kind": "acquire", "card": "r2"},
    ]
    ruled = log(state, moves)
    assert ruled.verdict == "legal", ruled.summary
    assert not ruled.game_over and ruled.winner is None and ruled.first_illegal_by is None
    end, draw, raptor, scout, tanker = ruled.rulings[1:]
    assert_legal(end, "cards-leave-play", "10.3")
    assert end.next_state is not None and end.next_state["phase"] == "draw"
    assert_legal(draw, "hand-drawn", "10.4")
    assert_legal(raptor, "trade-gained", "10.2")
    assert (
        raptor.answer
        == "Yes, you can play Cargo Raptor from your hand. Its 3 Trade gives you 3 Trade this turn."
    )
    assert_legal(scout, "card-played", "10.1")
    assert any("taken as you give it" in n for n in scout.notes)
    assert_legal(tanker, "price-paid", "9.1")
    final = ruled.final_state
    assert final is not None
    assert final["trade"] == 0  # 3 + 1, less Tanker Mech's 5 with 1 off for Trade Bot
    assert [c["id"] for c in final["play_area"]] == ["n1", "n2"]
    assert [c["id"] for c in final["out_of_play"]] == ["c1"]
    assert [c["id"] for c in final["discard_pile"]] == ["r1", "r2"]


def test_a_card_is_played_with_the_trade_printed_on_it_not_more() -> None:
    state = {"phase": "main", "hand": [{"id": "n1", "card": "cargo-raptor"}]}
    ruling = rule(state, {"kind": "play-card", "card": "n1", "trade": 5})
    assert_illegal(ruling, "trade-not-printed", "10.2")
    assert (
        ruling.answer
        == 'No: Cargo Raptor\'s primary ability ("+3 trade") gives you 3 Trade, not 5 Trade.'
    )


def test_a_choice_of_trade_or_authority_may_give_no_trade() -> None:
    state = {"hand": [{"id": "n1", "card": "naval-yard"}]}
    assert_legal(rule(state, {"kind": "play-card", "card": "n1"}), "card-played", "10.1")
    assert_legal(
        rule(state, {"kind": "play-card", "card": "n1", "trade": 3}), "trade-gained", "10.2"
    )


def test_a_card_played_twice_is_ruled_already_played() -> None:
    state = {"hand": [{"id": "n1", "card": "cargo-raptor"}]}
    play = {"kind": "play-card", "card": "n1", "trade": 3}
    ruled = log(state, [play, play])
    assert_illegal(ruled.rulings[1], "card-already-played", "10.1")


def test_no_hand_is_drawn_in_the_middle_of_the_discard_phase() -> None:
    ruling = rule(
        {"phase": "discard"}, {"kind": "draw", "cards": [{"id": "n1", "card": "voyager"}]}
    )
    assert_illegal(ruling, "draw-not-now", "10.4")


def test_cards_are_played_only_in_the_main_phase() -> None:
    state = {"phase": "draw", "hand": [{"id": "n1", "card": "voyager"}]}
    ruling = rule(state, {"kind": "play-card", "card": "n1", "trade": 2})
    assert_illegal(ruling, "play-outside-main-phase", "10.1")


def test_a_hero_is_never_drawn() -> None:
    with pytest.raises(InvalidMove) as refused:
        rule({"phase": "draw"}, {"kind": "draw", "cards": [{"id": "n1", "card": "doctor-clark"}]})
    assert refused.value.field == "move.cards.0.card"


def test_the_cards_left_in_hand_are_discarded_when_the_turn_ends() -> None:
    state = {"hand": [{"id": "n1", "card": "voyager"}], "discard_pile": []}
    ruling = rule(state, END)
    assert_legal(ruling, "hand-discarded", "10.3")
    assert ruling.next_state is not None
    assert [c["id"] for c in ruling.next_state["discard_pile"]] == ["n1"]
    assert key("10.3") in ruling.cited_rules()


def test_the_cards_in_hand_are_listed_as_legal_plays_with_the_trade_they_give() -> None:
    state = RULES.parse_state({"hand": [{"id": "n1", "card": "naval-yard"}]})
    plays = [m for m in RULES.legal_moves(state) if m.kind == "play-card"]
    assert [(m.card, m.trade) for m in plays] == [("n1", 0), ("n1", 3)]
    assert all(RULES.adjudicate(state, m).legal for m in plays)
    drawing = RULES.parse_state({"phase": "draw", "hand": [{"id": "n1", "card": "voyager"}]})
    # once the turn has ended, the one move is drawing the next hand, of cards not listable
    assert RULES.legal_moves(drawing) is None
