"""Disputes about setups, positions that break a rule on the table, and whole games from
battle 1 to the end, each named for the rule that decides it."""

from __future__ import annotations

from games.bo_jackson_battle_arena.battle import setup_numbers
from games.bo_jackson_battle_arena.rules import RULES

from .helpers import assert_illegal, assert_legal, game, hero, rule

SETUP = {"kind": "check-setup"}
RESOLVE = {"kind": "resolve-battle"}


# ----- setups are rulings


def dealt(who: str) -> list[dict]:
    """What a Hero Deck of 60 holds after 7 Heroes to the Battle Zones and 4 to the Bench."""
    return [hero(f"{who}-deck-{i + 1}") for i in range(49)]


def test_a_playmaker_setup_is_right_with_the_numbers_worked_out() -> None:
    ruling = rule(game("playmaker", ana={"deck": dealt("Ana")}, ben={"deck": dealt("Ben")}), SETUP)
    assert_legal(ruling, "setup-is-right-in-playmaker", "4.3.1.7")
    assert "leaving 49 in the Hero Deck" in ruling.answer
    assert "leaving 26 plus any Bonus Plays" in ruling.answer
    assert setup_numbers("substitution")["hero_deck_after"] == 49


def test_a_setup_whose_hero_decks_are_not_described_states_no_count_for_them() -> None:
    state = game("playmaker")
    for p in state["players"]:
        p["hero_deck"] = None
    ruling = rule(state, SETUP)
    assert_legal(ruling, "setup-is-right-in-playmaker", "4.3.1.7")
    assert "in the Hero Deck" not in ruling.answer and "49" not in ruling.answer


def test_a_hero_deck_of_ten_after_the_deal_is_not_a_right_setup() -> None:
    state = game("substitution", ana={"deck": [hero(f"a-d{i}") for i in range(10)]})
    state["players"][1]["hero_deck"] = dealt("Ben")
    ruling = rule(state, SETUP)
    assert_illegal(ruling, "hero-deck-size-in-substitution", "4.2.1.1")
    assert ruling.answer == (
        "No, that setup is not right: Ana has 10 Heroes left in the Hero Deck, not 49."
    )


def test_a_bench_one_short_is_not_a_right_setup() -> None:
    state = game(
        "substitution",
        ana={"bench": [hero("a-b1"), hero("a-b2"), hero("a-b3")], "deck": dealt("Ana")},
        ben={"deck": dealt("Ben")},
    )
    ruling = rule(state, SETUP)
    assert_illegal(ruling, "setup-bench-four", "4.2.1.5")
    assert ruling.answer == "No, that setup is not right: Ana has 3 Heroes on the Bench, not 4."


def test_a_hot_dog_deck_of_nine_is_not_a_right_setup() -> None:
    state = game("playmaker", ben={"hot_dogs": 9})
    state["players"][1]["hot_dogs_discarded"] = 0
    assert_illegal(rule(state, SETUP), "setup-hot-dogs-ten-in-playmaker", "4.3.1.5")


def test_five_plays_in_hand_is_not_a_right_setup() -> None:
    state = game("playmaker")
    state["players"][0]["hand"].append({"id": "extra-play", "cost": 1})
    assert_illegal(rule(state, SETUP), "setup-plays-four", "4.3.1.9")


# ----- positions that can be laid out on a table are ruled, not refused


def test_a_bench_in_rookie_mode_is_ruled_on() -> None:
    state = game("rookie")
    state["players"][0]["bench"] = [hero("a-b1")]
    ruling = rule(state, RESOLVE)
    assert_illegal(ruling, "rookie-mode-piles", "4.1.2.6")
    assert "Ana has a Bench" in ruling.answer


def test_plays_in_substitution_mode_are_ruled_on() -> None:
    state = game("substitution")
    state["players"][1]["hand"] = []
    assert_illegal(rule(state, RESOLVE), "substitution-mode-piles", "4.2.2.9")


def test_a_game_over_with_the_wrong_winner_is_ruled_on() -> None:
    state = game(
        "rookie", battle=7, phase="game-over", winner=1, ana={"trophies": 4}, ben={"trophies": 3}
    )
    assert_illegal(rule(state, RESOLVE), "majority-of-battles-wins", "4.4.1.1")


def test_a_game_over_with_no_majority_and_no_ties_allowed_is_ruled_on() -> None:
    state = game(
        "rookie",
        battle=7,
        phase="game-over",
        ties_allowed=False,
        ana={"trophies": 3},
        ben={"trophies": 3},
    )
    assert_illegal(rule(state, RESOLVE), "tie-goes-to-sudden-death", "4.4.2.2")


# ----- answers in plain words, grammatical for every subject


def test_the_answer_says_who_wins_the_battle() -> None:
    state = game("rookie", ana={"current": hero("a", 150)}, ben={"current": hero("b", 120)})
    ruling = rule(state, RESOLVE)
    assert_legal(ruling, "higher-power-wins", "4.1.2.2")
    assert ruling.answer == "Ana wins battle 1."


def test_you_win_never_you_wins() -> None:
    state = game("rookie", ana={"current": hero("a", 150)}, ben={"current": hero("b", 120)})
    state["players"][0]["name"] = "You"
    assert rule(state, RESOLVE).answer == "You win battle 1."


# ----- whole games, battle 1 to the end


def zones(powers: list[int], prefix: str, supers: tuple[int, ...] = ()) -> list[dict]:
    return [
        hero(f"{prefix}-{i + 1}", p, "Super" if i in supers else "Steel")
        for i, p in enumerate(powers)
    ]


def test_a_rookie_game_from_battle_1_to_7_with_draws_names_the_winner() -> None:
    state = game("rookie")
    state["players"][0]["zones"] = zones([150, 100, 120, 90, 130, 110, 100], "a")
    state["players"][1]["zones"] = zones([140, 100, 125, 95, 120, 100, 110], "b")
    ruled = RULES.rule_sequence_json(state, [RESOLVE] * 7)
    assert ruled.verdict.value == "legal"
    # Ana wins 1, 5, 6; Ben wins 3, 4, 7; battle 2 is drawn: 3 to 3, ties allowed.
    assert ruled.summary == "All 7 moves are legal: the game is a tie, 3 battles each."
    assert [r.reasons[0].code for r in ruled.rulings][1] == "equal-power-draw"


def test_a_tie_with_no_ties_allowed_goes_to_sudden_death_and_a_super_weapon_wins() -> None:
    state = game("rookie", ties_allowed=False)
    state["players"][0]["zones"] = zones([150, 100, 120, 90, 130, 110, 100], "a")
    state["players"][1]["zones"] = zones([140, 100, 125, 95, 120, 100, 110], "b")
    state["players"][0]["hero_deck"] = [hero("a-top", 100, "Super")]
    state["players"][1]["hero_deck"] = [hero("b-top", 100, "Steel")]
    moves = [*[RESOLVE] * 7, {"kind": "sudden-death"}]
    ruled = RULES.rule_sequence_json(state, moves)
    assert ruled.verdict.value == "legal", ruled.summary
    assert ruled.rulings[6].answer.endswith("Sudden Death follows.")
    last = ruled.rulings[-1]
    assert last.reasons[0].code == "sudden-death-super-weapon"
    assert last.reasons[0].rule == "bo-jackson-battle-arena:4.4.3.4"
    assert (
        ruled.summary == "All 8 moves are legal: Ana wins the game in Sudden Death, 3 battles each."
    )


def test_a_substitution_game_passes_honors_and_names_the_first_illegal_move() -> None:
    state = game("substitution")
    state["players"][0]["zones"] = zones([150, 100, 120, 90, 130, 110, 100], "a")
    state["players"][1]["zones"] = zones([100, 140, 125, 95, 120, 100, 110], "b")
    keep = [{"kind": "keep-hero", "player": 0}, {"kind": "keep-hero", "player": 1}]
    moves = [*keep, RESOLVE]  # battle 1: Ana wins and keeps honors
    moves += [{"kind": "keep-hero", "player": 1}]  # battle 2: Ben is not first
    ruled = RULES.rule_sequence_json(state, moves)
    assert ruled.verdict.value == "illegal"
    assert ruled.first_illegal == 3
    assert ruled.summary.startswith("Move 4 of 4, by Ben, is the first that breaks a rule")
    # Ana won battle 1, so she has honors in battle 2 (4.2.2.8): that is what decides
    assert [r.code for r in ruled.rulings[-1].reasons] == [
        "honors-from-last-battle",
        "substitution-in-honors-order",
    ]
    assert ruled.deciding_rule == "bo-jackson-battle-arena:4.2.2.8"


def test_a_hot_dog_deck_of_eleven_mid_game_is_ruled_on() -> None:
    state = game("substitution", battle=3, ana={"trophies": 1}, ben={"trophies": 1})
    state["players"][0]["hot_dogs_discarded"] = 1  # 10 left and 1 paid
    assert_illegal(rule(state, {"kind": "keep-hero", "player": 0}), "setup-hot-dogs-ten", "4.2.1.2")


def test_a_bench_of_five_is_ruled_on() -> None:
    state = game("playmaker", ana={"bench": [hero(f"a-b{i}") for i in range(5)]})
    assert_illegal(
        rule(state, {"kind": "keep-hero", "player": 0}), "setup-bench-four-in-playmaker", "4.3.1.8"
    )


def test_a_bench_hero_named_in_another_case_is_the_same_card() -> None:
    state = game("substitution")
    ruling = rule(state, {"kind": "substitute", "player": 0, "hero": "ANA-BENCH-1"})
    assert_legal(ruling, "substitution-replaces-hero", "4.2.2.2")
    assert ruling.answer.startswith("Yes, Ana can substitute")


def test_two_cards_whose_ids_differ_only_in_case_are_one_card() -> None:
    import pytest

    from games.core import InvalidState

    state = game("rookie")
    state["players"][1]["zones"][0]["id"] = "ANA-ZONE-1"
    with pytest.raises(InvalidState) as err:
        RULES.parse_state(state)
    assert err.value.field == "state.players.1.zones.0"
