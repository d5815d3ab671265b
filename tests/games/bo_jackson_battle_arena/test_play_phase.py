"""Disputes about the Play Phase of Playmaker Mode."""

from __future__ import annotations

from .helpers import assert_illegal, assert_legal, game, next_state, play_card, rule


def run(player: int = 0, card: str = "Ana-play-1", **extra: int) -> dict:
    return {"kind": "run-play", "player": player, "play": card, **extra}


def pass_(player: int) -> dict:
    return {"kind": "pass", "player": player}


def test_honors_player_runs_a_play_and_its_power_change_counts() -> None:
    state = game(phase="plays")
    ruling = rule(state, run(power_change=20, opponent_power_change=-10))
    assert_legal(ruling, "play-run", "4.3.2.6")
    after = next_state(ruling)
    ana, ben = after["players"]
    assert ana["power_change"] == 20 and ben["power_change"] == -10
    assert ana["hot_dogs"] == 9
    assert [c["id"] for c in ana["plays_used"]] == ["Ana-play-1"]
    assert after["to_act"] == 0, "running a Play keeps the opportunity open until a pass"
    assert "bo-jackson-battle-arena:play-effects-stated-in-the-move" in ruling.interpretations


def test_player_without_honors_cannot_run_a_play_before_honors_passes() -> None:
    state = game(phase="plays", honors=0)
    assert_illegal(rule(state, run(1, "Ben-play-1")), "honors-plays-first", "4.3.2.8")


def test_running_a_play_after_passing_is_illegal() -> None:
    state = game(phase="plays", honors=0, to_act=1)
    assert_illegal(rule(state, run(0)), "play-opportunity-used", "4.3.2.9")


def test_no_plays_once_both_players_passed() -> None:
    state = game(phase="compare")
    assert_illegal(rule(state, run(1, "Ben-play-1")), "play-opportunity-used", "4.3.2.9")


def test_play_needs_its_full_hot_dog_cost() -> None:
    state = game(phase="plays", ana={"hot_dogs": 2, "hand": [play_card("pricey", 3)]})
    assert_illegal(rule(state, run(0, "pricey")), "play-costs-hot-dogs", "4.3.2.6")


def test_play_still_in_the_playbook_cannot_be_run() -> None:
    state = game(phase="plays")
    assert_illegal(rule(state, run(0, "Ana-playbook-1")), "play-from-hand", "4.3.2.6")


def test_plays_wait_until_the_substitution_phase_is_over() -> None:
    state = game(phase="substitution")
    assert_illegal(rule(state, run(0)), "plays-only-in-play-phase", "4.3.2.6")


def test_there_are_no_plays_in_substitution_mode() -> None:
    state = game("substitution", phase="compare")
    assert_illegal(rule(state, run(0)), "no-plays-in-substitution", "4.2.2.9")


def test_there_are_no_plays_in_rookie_mode() -> None:
    ruling = rule(game("rookie"), pass_(0))
    assert_illegal(ruling, "no-plays-in-rookie", "4.1.2.6")
    # Rule 4.1.2.6 is our reading of what Rookie Mode leaves out: the ruling says so.
    assert "bo-jackson-battle-arena:modes-use-only-what-they-set-up" in ruling.interpretations


def test_honors_pass_hands_the_opportunity_to_the_other_player() -> None:
    ruling = rule(game(phase="plays", honors=1), pass_(1))
    assert_legal(ruling, "pass-ends-opportunity", "4.3.2.9")
    assert next_state(ruling)["to_act"] == 0


def test_second_pass_moves_on_to_determine_the_winner() -> None:
    ruling = rule(game(phase="plays", honors=1, to_act=0), pass_(0))
    assert_legal(ruling, "both-passed", "4.3.2.10")
    assert next_state(ruling)["phase"] == "compare"


def test_paying_less_than_the_printed_cost_is_accepted_with_a_note() -> None:
    state = game(phase="plays", ana={"hand": [play_card("discounted", 3)]})
    ruling = rule(state, run(0, "discounted", hot_dogs=1))
    assert ruling.legal
    assert any("printed cost of 3" in note for note in ruling.notes)


def test_resolving_before_both_passed_is_illegal() -> None:
    state = game(phase="plays", honors=0, to_act=1)
    assert_illegal(rule(state, {"kind": "resolve-battle"}), "play-phase-not-over", "4.3.2.10")
