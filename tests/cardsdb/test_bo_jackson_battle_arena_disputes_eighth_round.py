"""Bo Jackson Battle Arena: an eighth round of disputes brought over HTTP, written before they
were run: "What can I do now?" (POST /api/v1/games/bo-jackson-battle-arena/legal-moves), the
website's question forms (the ruling page quotes the deciding rule in large type, #deciding),
rulings and whole logs through POST /api/v1/games/bo-jackson-battle-arena/rulings, the
deck-check tool on real cards (POST .../tools/deck-check), and tables or moves that cannot
exist (400 naming the field).

Ana is player 0 and Ben player 1; every Battle Zone holds a 100-Power Steel Hero unless a test
puts another there (tests/games/bo_jackson_battle_arena/helpers.py)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from cardsdb.models import Card
from games.bo_jackson_battle_arena import reasons as R
from tests.cardsdb import disputes
from tests.cardsdb.disputes import page_says, refused_at
from tests.cardsdb.test_decks_and_names import exact, legal_heroes, thirty_plays
from tests.games.bo_jackson_battle_arena.helpers import (
    JSON,
    KEY,
    RESOLVE,
    game,
    hero,
    keep,
    passes,
    play_card,
    run,
    sub,
)

pytestmark = pytest.mark.django_db

SLUG = "bo-jackson-battle-arena"
ask = partial(disputes.ask, SLUG)
rule_api = partial(disputes.rule_api, slug=SLUG)
api_says = partial(disputes.api_says, slug=SLUG)


# ----- "What can I do now?" (the legal moves)


def what_now(api: Any, state: JSON) -> JSON:
    response = api.post(f"/api/v1/games/{SLUG}/legal-moves", {"state": state}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    listed: JSON = response.json()
    return listed


def test_what_can_ana_do_with_honors_and_one_hot_dog_left(api: Any) -> None:
    """Substitution battle 3, Ana has honors and 1 Hot Dog: she asks what she may do. A
    substitution costs 2, so she can only keep her Hero."""
    state = game("substitution", battle=3, ana={"trophies": 1, "hot_dogs": 1}, ben={"trophies": 1})
    listed = what_now(api, state)
    assert listed["listing"] == "complete"
    assert listed["moves"] == [{"kind": "keep-hero", "player": 0}]


def test_what_can_ben_do_once_ana_substituted(api: Any) -> None:
    """Playmaker battle 1: Ana (honors) has substituted. Ben, with 10 Hot Dogs and four Heroes
    on his Bench, asks what he may do: keep his Hero or bring in any of the four."""
    state = game("playmaker", to_act=1, ana={"substituted": True, "hot_dogs": 8})
    state["players"][0]["hot_dogs_discarded"] = 2
    listed = what_now(api, state)
    assert listed["listing"] == "complete"
    kinds = [(m["kind"], m.get("hero")) for m in listed["moves"]]
    assert kinds == [("keep-hero", None)] + [("substitute", f"Ben-bench-{i}") for i in range(1, 5)]
    assert all(m["player"] == 1 for m in listed["moves"])


def test_what_can_anyone_do_after_the_game_is_over(api: Any) -> None:
    state = game("rookie", battle=7, phase="game-over", winner=1, ben={"trophies": 4})
    listed = what_now(api, state)
    assert listed == {"moves": [], "listing": "complete"}


def test_what_can_ana_do_in_the_play_phase_with_only_plays_she_cannot_pay(api: Any) -> None:
    """Playmaker battle 2, the Play Phase: Ana has honors, 2 Hot Dogs, and three Plays each
    costing 3. She can only pass."""
    state = game(
        "playmaker",
        battle=2,
        phase="plays",
        ana={"trophies": 1, "hot_dogs": 2, "hand": [play_card(f"Big {i}", 3) for i in range(3)]},
    )
    listed = what_now(api, state)
    assert listed == {"moves": [{"kind": "pass", "player": 0}], "listing": "complete"}


# ----- the website's question forms


def test_form_can_i_run_a_play_after_i_passed_with_honors() -> None:
    """I have honors and passed; my opponent is still thinking. I want to run a Play after
    all."""
    page = ask("can-i-run-a-play", i_already_passed=True)
    page_says(page, False, "4.3.2.9")


def test_form_can_i_substitute_my_90_for_my_120_in_substitution_battle_two() -> None:
    """I have honors and 3 Hot Dogs; my Bench Hero (90) is weaker than the Hero face down
    (120): may I still substitute it?"""
    page = ask(
        "can-i-substitute",
        battle=2,
        my_hot_dogs=3,
        hero_in_battle_zone_power=120,
        bench_hero_power=90,
    )
    page_says(page, True, "4.2.2.1")


def test_form_playmaker_battle_seven_tied_on_power_won_by_my_super_weapon_at_3_all() -> None:
    """Playmaker battle 7 at 3 battles each: both Heroes 100, mine a Super Weapon. I win the
    battle and the game 4 to 3."""
    page = ask(
        "who-wins-this-battle",
        battle=7,
        my_hero_power=100,
        my_hero_weapon="Super",
        opponent_hero_power=100,
        battles_i_have_won=3,
        battles_my_opponent_has_won=3,
        claim="I win",
    )
    page_says(page, True, "4.4.1.1")


def test_form_rookie_battle_seven_tied_on_power_with_my_super_weapon_and_no_ties() -> None:
    """Rookie battle 7 at 3 each, ties not allowed: both Heroes 100, mine a Super Weapon. I say
    the Super Weapon wins; my opponent says the battle is a draw and we go to Sudden Death."""
    page = ask(
        "who-wins-this-battle",
        mode="rookie",
        battle=7,
        my_hero_power=100,
        my_hero_weapon="Super",
        opponent_hero_power=100,
        battles_i_have_won=3,
        battles_my_opponent_has_won=3,
        ties_allowed=False,
    )
    page_says(page, True, "4.4.2.2", turns_on=1)


def test_form_sudden_death_140_super_weapon_against_140_super_weapon() -> None:
    page = ask(
        "who-wins-sudden-death",
        my_revealed_power=140,
        my_revealed_weapon="Super",
        opponent_revealed_power=140,
        opponent_revealed_weapon="Super",
    )
    # Written first flagged: see the engine's eighth round (the reading never turns).
    page_says(page, True, "4.4.3.3")


def test_form_an_elite_deck_of_sixty_heroes_from_120_to_175_power() -> None:
    """Elite Playmaker: 5 Heroes at each Power from 120 to 175 (8,850 in all)."""
    heroes = [f"Hero {i}; {120 + 5 * (i // 5)}; fire" for i in range(60)]
    plays = [f"Play {i}; play; 20" for i in range(30)]
    page = ask("is-my-deck-legal", format="elite-playmaker", heroes=heroes, plays=plays)
    page_says(page, False, "9.6")


# ----- rulings and logs over the API


def test_api_both_keep_and_the_heroes_are_revealed_in_substitution_mode(api: Any) -> None:
    state = game("substitution")
    move = {
        "kind": "reveal-heroes",
        "heroes": [{"power": 100, "weapon": "Steel"}, {"power": 100, "weapon": "Steel"}],
    }
    response = rule_api(api, state, moves=[keep(0), keep(1), move])
    api_says(response, True, "4.2.2.5")


def test_api_ben_runs_a_2_hot_dog_play_with_1_left_in_battle_two(api: Any) -> None:
    """Ben brought in his 120 in battle 1 with his last 3 Hot Dogs and won. In battle 2 (his
    honors) he runs a 2-Hot-Dog Play with 1 left."""
    hand = [play_card("Big Swing", 2), *(play_card(f"Ben-play-{i}") for i in range(2, 5))]
    state = game("playmaker", ben={"hot_dogs": 3, "hand": hand})
    log = [keep(0), sub(1), passes(0), passes(1), RESOLVE, keep(1), keep(0), run(1, "Big Swing")]
    ruling = api_says(rule_api(api, state, moves=log), False, "4.3.2.6")
    assert ruling["first_illegal"] == 7 and ruling["first_illegal_by"] == "Ben"


def test_api_a_battle_zero_is_refused_at_the_battle(api: Any) -> None:
    state = game("rookie")
    state["battle"] = 0
    assert refused_at(rule_api(api, state, RESOLVE)) == "state.battle"


def test_api_a_reveal_of_three_heroes_is_refused_at_the_heroes(api: Any) -> None:
    move = {"kind": "reveal-heroes", "heroes": [{"power": 100, "weapon": "Steel"}] * 3}
    assert refused_at(rule_api(api, game("rookie"), move)) == "move.heroes"


def test_api_a_play_phase_in_substitution_mode_is_refused_at_the_phase(api: Any) -> None:
    """A Substitution table said to be in the Play Phase: Substitution Mode has none."""
    state = game("substitution")
    state["phase"] = "plays"
    assert refused_at(rule_api(api, state, passes(0))) == "state.phase"


# ----- the deck-check tool on real cards


TOOL = f"/api/v1/games/{SLUG}/tools/deck-check"


def _deck_text(plays: list[Card], hot_dogs: int = 10) -> str:
    hot_dog = Card.objects.filter(game__slug=SLUG, card_type__slug="hot-dog").first()
    assert hot_dog is not None
    return (
        "Heroes\n"
        + "\n".join(exact(c) for c in legal_heroes())
        + "\n\nPlays\n"
        + "\n".join(exact(c) for c in plays)
        + f"\n\nHot Dogs\n{hot_dogs} {hot_dog.name} ({hot_dog.expansion.name}) {hot_dog.number}\n"
    )


def test_tool_a_playbook_holding_one_play_in_two_printings(api: Any) -> None:
    """Ana's 30 Plays hold one Play twice: its Alpha printing and a reprint from another set.
    Ana: "Different cards." Ben: "The same Play.\""""
    plays = thirty_plays()
    names = {c.name for c in plays}
    reprint = (
        Card.objects.filter(game__slug=SLUG, card_type__slug="play", name__in=names)
        .exclude(expansion__code="A")
        .select_related("expansion", "card_type")
        .first()
    )
    assert reprint is not None
    dropped = next(c for c in plays if c.name != reprint.name)
    kept = [c for c in plays if c != dropped] + [reprint]
    response = api.post(TOOL, {"format": "playmaker", "list": _deck_text(kept)}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    answer = response.json()
    assert answer["verdict"] == "illegal", answer["answer"]
    assert answer["deciding_rule"] == KEY + "4.3.1.4"
    # Written first flagged for the Play alone. The Heroes chosen from the catalog hold one
    # Hero in several weapons: read the other way (a variation is the name alone) the deck
    # breaks 4.1.1.3 too, another answer, so that reading is shown as well (as the sixth
    # round's HTD Play beside its Play shows the HTD reading).
    assert [t["key"] for t in answer["readings_deciding"]] == [R.VARIATION, R.PLAYS_BY_NAME]


def test_tool_a_playmaker_list_with_nine_hot_dogs(api: Any) -> None:
    text = _deck_text(thirty_plays(), hot_dogs=9)
    response = api.post(TOOL, {"format": "playmaker", "list": text}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    answer = response.json()
    assert answer["verdict"] == "illegal", answer["answer"]
    assert answer["deciding_rule"] == KEY + "4.3.1.5"
    # Written first unflagged: see the Play in two printings above (the Heroes' weapons).
    assert [t["key"] for t in answer["readings_deciding"]] == [R.VARIATION]


def test_api_a_log_whose_super_weapon_breaks_a_tie_in_battle_one(api: Any) -> None:
    """Playmaker: both pass, Ben's 100 Super Weapon against Ana's 100: Ben wins battle 1, and
    in battle 2 he, not Ana, decides first on a substitution."""
    state = game("playmaker", ben={"current": hero("B", 100, "Super")})
    log = [keep(0), keep(1), passes(0), passes(1), RESOLVE, keep(1), keep(0)]
    ruling = api_says(rule_api(api, state, moves=log), True, "4.3.2.1")
    assert ruling["final_state"]["honors"] == 1 and not ruling["game_over"]


# ----- written after the fixes, on the same themes


def test_api_a_claim_for_player_seven_is_refused_at_the_claim(api: Any) -> None:
    assert refused_at(rule_api(api, game("rookie"), RESOLVE | {"claim": 7})) == "move.claim"


def test_api_a_substitution_by_player_a_is_refused_at_the_player(api: Any) -> None:
    move = {"kind": "substitute", "player": "a", "hero": "Ana-bench-1"}
    assert refused_at(rule_api(api, game("substitution"), move)) == "move.player"


def test_api_a_reveal_with_a_negative_power_is_refused_at_that_hero(api: Any) -> None:
    move = {
        "kind": "reveal-heroes",
        "heroes": [{"power": -5, "weapon": "Fire"}, {"power": 100, "weapon": "Steel"}],
    }
    assert refused_at(rule_api(api, game("rookie"), move)) == "move.heroes.0.power"
