"""Is this deck legal? Hero Deck, Playbook and Hot Dog Deck, by mode and format."""

from __future__ import annotations

from games.bo_jackson_battle_arena.deck import DeckList, check_deck
from games.bo_jackson_battle_arena.reasons import VARIATION

from .helpers import (
    assert_illegal,
    assert_legal,
    check,
    deck,
    deck_hero,
    deck_play,
    legal_heroes,
)


def test_a_sixty_hero_thirty_play_ten_hot_dog_deck_is_legal_for_playmaker() -> None:
    ruling = check(deck(), "playmaker-constructed")
    assert_legal(ruling, "hero-deck-size-in-playmaker", "4.3.1.1")
    assert_legal(ruling, "plays-unique", "4.3.1.4")
    assert_legal(ruling, "dbs-cap", "9.9")


def test_check_deck_is_a_plain_function_too() -> None:
    ruling = check_deck(DeckList.model_validate(deck()), "spec-playmaker")
    assert ruling.legal, ruling.summary


def test_fifty_nine_heroes_is_illegal() -> None:
    assert_illegal(check(deck(legal_heroes(59)), "rookie"), "hero-deck-size", "4.1.1.1")


def test_seven_heroes_of_one_power_is_illegal() -> None:
    heroes = [*legal_heroes(58), deck_hero("Extra A", 50, "Gum"), deck_hero("Extra B", 50, "Gum")]
    assert_illegal(check(deck(heroes), "rookie"), "six-heroes-per-power", "4.1.1.2")


def test_two_parallels_of_one_hero_and_weapon_are_one_variation() -> None:
    heroes = [*legal_heroes(59), deck_hero("Hero 0", 50, "Fire")]
    ruling = check(deck(heroes), "rookie")
    assert_illegal(ruling, "one-copy-per-variation", "4.1.1.3")
    assert "bo-jackson-battle-arena:hero-variation-is-name-and-weapon" in ruling.interpretations


def test_same_hero_with_another_weapon_is_another_variation() -> None:
    heroes = [*legal_heroes(59), deck_hero("Hero 0", 200, "Ice")]
    assert check(deck(heroes), "rookie").legal


def test_a_play_in_the_hero_deck_is_illegal() -> None:
    heroes = [*legal_heroes(59), deck_play("Front Run")]
    assert_illegal(check(deck(heroes), "rookie"), "hero-deck-only-heroes", "4.1.1.1")


def test_nine_hot_dogs_is_illegal_in_substitution() -> None:
    assert_illegal(check(deck(hot_dogs=9), "substitution"), "hot-dog-deck-ten", "4.2.1.2")


def test_repeated_hot_dogs_are_fine() -> None:
    assert check(deck(hot_dogs=10), "substitution-constructed").legal


def test_twenty_nine_plays_is_illegal_in_playmaker() -> None:
    plays = [deck_play(f"Play {i}") for i in range(29)]
    assert_illegal(check(deck(plays=plays), "playmaker"), "playbook-thirty-plays", "4.3.1.2")


def test_bonus_plays_come_on_top_of_the_thirty() -> None:
    plays = [deck_play(f"Play {i}") for i in range(30)] + [deck_play("Copycat", "bonus-play")]
    ruling = check(deck(plays=plays), "playmaker")
    assert_legal(ruling, "bonus-plays-extra", "4.3.1.3")


def test_a_play_twice_across_playbook_and_bonus_plays_is_illegal() -> None:
    plays = [deck_play(f"Play {i}") for i in range(30)] + [deck_play("Play 3", "bonus-play")]
    assert_illegal(check(deck(plays=plays), "playmaker"), "plays-unique", "4.3.1.4")


def test_htd_version_of_a_play_counts_as_the_same_play() -> None:
    plays = [deck_play(f"Play {i}") for i in range(29)] + [deck_play("Play 0 - htd", "htd-play")]
    ruling = check(deck(plays=plays), "playmaker")
    assert_illegal(ruling, "plays-unique", "4.3.1.4")
    assert "bo-jackson-battle-arena:plays-unique-by-name" in ruling.interpretations


def test_playbook_over_one_thousand_dbs_is_illegal_in_constructed_playmaker() -> None:
    plays = [deck_play(f"Play {i}", dbs=34) for i in range(30)]
    assert_illegal(check(deck(plays=plays), "playmaker-constructed"), "dbs-cap", "9.9")


def test_hero_above_160_power_is_illegal_in_spec() -> None:
    heroes = [*legal_heroes(59), deck_hero("Big", 165, "Super")]
    assert_illegal(check(deck(heroes), "spec-playmaker"), "spec-power-cap", "9.4")


def test_total_power_above_8250_is_illegal_in_elite() -> None:
    heroes = legal_heroes(59, base=100)
    heroes.append(deck_hero("Topper", 8251 - sum(h["power"] for h in heroes), "Super"))
    ruling = check(deck(heroes), "elite-playmaker")
    assert_illegal(ruling, "elite-total-power", "9.6")


def test_total_power_of_exactly_8250_is_legal_in_elite() -> None:
    heroes = legal_heroes(59, base=100)
    total = sum(h["power"] for h in heroes)
    heroes.append(deck_hero("Topper", 8250 - total, "Super"))
    assert check(deck(heroes), "elite-playmaker").legal


def test_sealed_decks_have_forty_heroes_and_twenty_plays_with_duplicates() -> None:
    plays = [deck_play("Same Play", count=20)]
    heroes = [deck_hero("Same Hero", 100, count=40)]
    ruling = check(deck(heroes, plays), "double-blaster-sealed")
    assert ruling.legal, ruling.summary
    assert ruling.notes, "the unchecked Hero limits are noted"


def test_sixty_heroes_is_illegal_in_double_mega_sealed() -> None:
    ruling = check(deck(plays=[deck_play("P", count=20)]), "double-mega-sealed")
    assert_illegal(ruling, "sealed-hero-deck-forty", "9.3")


def test_seventy_heroes_is_legal_in_spec_plus_but_seventy_one_is_not() -> None:
    assert check(deck(legal_heroes(70)), "spec-plus-playmaker").legal
    ruling = check(deck(legal_heroes(71)), "spec-plus-playmaker")
    assert_illegal(ruling, "spec-plus-hero-deck-size", "9.5")


def test_apex_madness_needs_four_hot_dogs() -> None:
    ruling = check(deck(plays=[], hot_dogs=10), "apex-madness")
    assert_illegal(ruling, "apex-hot-dog-deck-four", "9.7")
    assert check(deck(plays=[], hot_dogs=4), "apex-madness").legal


def test_hilo_madness_needs_sixty_heroes() -> None:
    ruling = check(deck(legal_heroes(65), plays=[], hot_dogs=4), "hilo-madness")
    assert_illegal(ruling, "hilo-hero-deck-size", "9.8")


def test_rookie_ignores_plays_and_hot_dogs_with_a_note() -> None:
    ruling = check(deck(), "rookie-constructed")
    assert ruling.legal and len(ruling.notes) == 2


def test_a_hero_in_the_hot_dog_deck_is_illegal() -> None:
    state = deck()
    state["hot_dog_deck"] = [{"name": "Frank", "kind": "hot-dog", "count": 9}, deck_hero("X", 90)]
    assert_illegal(check(state, "substitution"), "hot-dog-deck-only-hot-dogs", "4.2.1.2")


def test_a_hot_dog_in_the_playbook_is_illegal() -> None:
    plays = [*(deck_play(f"Play {i}") for i in range(30)), {"name": "Frank", "kind": "hot-dog"}]
    assert_illegal(check(deck(plays=plays), "playmaker"), "playbook-only-plays", "4.3.1.2")


def test_thirty_plays_is_illegal_in_double_blaster_sealed() -> None:
    heroes = [deck_hero("Same Hero", 100, count=40)]
    ruling = check(deck(heroes), "double-blaster-sealed")
    assert_illegal(ruling, "sealed-playbook-twenty", "9.3")


def test_eleven_hot_dogs_is_illegal_in_double_mega_sealed() -> None:
    heroes = [deck_hero("Same Hero", 100, count=40)]
    state = deck(heroes, [deck_play("P", count=20)], hot_dogs=11)
    assert_illegal(check(state, "double-mega-sealed"), "sealed-hot-dog-deck-ten", "9.3")


def test_seventy_one_heroes_is_illegal_in_apex_madness() -> None:
    ruling = check(deck(legal_heroes(71), plays=[], hot_dogs=4), "apex-madness")
    assert_illegal(ruling, "apex-hero-deck-size", "9.7")


def test_booster_box_sealed_keeps_the_normal_restrictions() -> None:
    assert_legal(check(deck(), "booster-box-sealed"), "booster-box-sealed-restrictions", "9.2")
    heroes = [*legal_heroes(59), deck_hero("Hero 0", 50, "Fire")]
    ruling = check(deck(heroes), "booster-box-sealed")
    assert_illegal(ruling, "one-copy-per-variation", "4.1.1.3")


def test_a_deck_too_small_is_illegal_without_resting_on_the_variation_reading() -> None:
    ruling = check(deck(heroes=legal_heroes(59)), "rookie")
    assert_illegal(ruling, "hero-deck-size", "4.1.1.1")
    assert VARIATION not in ruling.interpretations
    legal = check(deck(heroes=legal_heroes(60)), "rookie")
    assert legal.legal and VARIATION in legal.interpretations


def test_a_deck_check_answers_yes_or_no_first() -> None:
    assert check(deck(), "rookie").answer.startswith("Yes, this deck is legal for")
    assert check(deck(heroes=legal_heroes(59)), "rookie").answer.startswith(
        "No, this deck is not legal for"
    )
