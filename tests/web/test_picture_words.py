"""A player who cannot see the board picture hears its text alternative: the position in
sentences, in players' words, saying only what the question described.

Every question's form left as it opens, and every game's worked example, is drawn as the
ruling page draws it (`board_picture`), and its `<desc>` is read as a screen reader reads it:
it must be sentences (ending with a full stop, with verbs, not labels joined by ";"), with no
slug, id, key or JSON, no "You's" and no doubled word; it must mention what the player said
(a Hero's Power, the last card, the hazard) and no number the state does not hold.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from cardsdb.web.boards import board_picture, ruling_overlay
from games.core.registry import registry

pytestmark = pytest.mark.django_db

JSON = dict[str, Any]
BA = "bo-jackson-battle-arena"
HL = "higher-lower"
HR = "hyperstar-run"
SR = "star-realms-high-alert"
HQ = "super-hazard-quest"


def cases() -> Iterator[tuple[str, str]]:
    for slug in sorted(registry):
        yield slug, "example"
        for question in registry[slug].questions:
            yield slug, question.slug


def board(slug: str, case: str, **answers: Any) -> JSON:
    """The `{"state", "move"}` of a game's worked example or of one of its questions, the
    form filled in with `answers` and left as it opens otherwise."""
    if case == "example":
        return dict(registry[slug].example())
    question = next(q for q in registry[slug].questions if q.slug == case)
    state, move = question.build(question.form(**answers))
    return {"state": state, "move": move}


def drawn(slug: str, dispute: JSON) -> str:
    overlay = ruling_overlay(slug, dispute)
    return str(board_picture(slug, dispute["state"], "The board as described", overlay))


def desc(svg: str) -> str:
    found = re.findall(r"<desc>(.*?)</desc>", svg, re.S)
    assert len(found) == 1, "one text alternative per picture"
    return html.unescape(found[0])


def spoken(slug: str, case: str, **answers: Any) -> str:
    return desc(drawn(slug, board(slug, case, **answers)))


VERBS = re.compile(
    r"\b(is|are|was|were|has|have|holds|hold|stands|stand|decide|decides|may|draws|"
    r"wins|win|ended|gained|must)\b"
)
SLUG = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")  # your-hero, a-zone-2, pass-hazard
DOUBLED = re.compile(r"\b(\w+)\s+\1\b", re.I)  # "item item"; "(A, A)" is a cost as printed


def numbers_held(value: Any) -> set[int]:
    """Every number the state holds, and every count of a list in it (what a sentence may
    count), with every place in such a list (card 3 of 9)."""
    found: set[int] = set()
    if isinstance(value, bool):
        return found
    if isinstance(value, int):
        found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            found |= numbers_held(item)
    elif isinstance(value, list):
        found |= set(range(len(value) + 1))
        for item in value:
            found |= numbers_held(item)
    return found


def printed_numbers(slug: str, dispute: JSON) -> set[int]:
    """High Alert names its cards from the catalog: their printed costs may be said."""
    if slug != SR:
        return set()
    from games.star_realms_high_alert.catalog import CARDS

    named = re.findall(r'"card": "([^"]+)"', json.dumps(dispute["state"]))
    return {n for c in named if c in CARDS for n in (CARDS[c].cost, CARDS[c].tech_cost or 0)}


# The rules' own numbers a sentence may say: 7 battles, 4 runs.
RULES_NUMBERS = {BA: {7}, HR: {4}, HL: set(), SR: set(), HQ: set()}


@pytest.mark.parametrize(("slug", "case"), list(cases()))
def test_every_picture_tells_a_blind_player_the_position_in_sentences(slug: str, case: str) -> None:
    dispute = board(slug, case)
    said = desc(drawn(slug, dispute))
    assert len(said) >= 40
    assert said.endswith("."), said
    assert VERBS.search(said), f"no verb: {said}"
    assert ";" not in said, f"a list of labels, not sentences: {said}"
    assert not SLUG.findall(said), f"slugs or ids in the words: {SLUG.findall(said)}"
    for code in ("{", "}", "[", "]", '"', "_", "None", "True", "False", "…"):
        assert code not in said, f"{code!r} in {said}"
    assert not re.search(r"\b[Yy]ou's\b|\b[Yy]ou (has|is|holds|stands|decides|wins)\b", said)
    doubled = DOUBLED.findall(said)
    assert not doubled, f"doubled words {doubled}: {said}"
    held = numbers_held(dispute["state"]) | RULES_NUMBERS[slug] | printed_numbers(slug, dispute)
    said_numbers = {int(n) for n in re.findall(r"(?<![\w.])-?\d+(?![\w.])", said.replace(",", ""))}
    assert said_numbers <= held, f"numbers the state does not hold: {said_numbers - held}"


def test_the_title_stays_and_the_words_follow_it() -> None:
    svg = drawn(BA, board(BA, "who-wins-this-battle"))
    assert re.search(r"<title>The board as described</title><desc>", svg)


# ----- each game says what the player described -----


def test_who_wins_this_battle_says_each_hero_and_their_power() -> None:
    said = spoken(
        BA,
        "who-wins-this-battle",
        my_hero="Bandelero",
        my_hero_power=120,
        opponent_hero_power=110,
    )
    assert said.startswith("Battle 1 of 7, Playmaker Mode.")
    assert "Your Hero is Bandelero, with 120 Power and no weapon." in said  # "No weapon" picked
    assert "Your opponent's Hero has 110 Power and no weapon." in said
    # The other Battle Zones and Hero Decks were never asked for: said so, not filled in.
    assert "your Hero Deck" in said and "were not described." in said


def test_a_play_that_changed_the_power_is_said_with_the_total() -> None:
    said = spoken(BA, "who-wins-this-battle", my_hero_power=100, my_power_change_from_plays=20)
    assert "Your Hero has 100 Power and no weapon, and Plays changed it by +20 to 120." in said


def test_can_i_substitute_names_no_weapon_and_no_next_hero_nobody_described() -> None:
    said = spoken(BA, "can-i-substitute", hero_in_battle_zone_power=90, bench_hero_power=130)
    assert "It is the Substitution Phase: you decide whether to substitute" in said
    assert "Your Hero has 90 Power." in said
    assert "Your Bench: the Hero you bring in, with 130 Power (the rest not described)." in said
    assert "Steel" not in said and "weapon" not in said
    assert "your Hero Deck" in said and "not described" in said


def test_can_i_run_a_play_does_not_guess_a_battle_between_heroes_nobody_described() -> None:
    svg = drawn(BA, board(BA, "can-i-run-a-play", play_cost=2))
    said = desc(svg)
    assert "Your Hero in this battle was not described." in said
    assert "Your Hand: a Play costing 2 Hot Dogs (the rest not described)." in said
    assert "None" not in svg and "as it stands" not in svg


def test_sudden_death_says_the_top_heroes_without_their_ids() -> None:
    svg = drawn(BA, board(BA, "who-wins-sudden-death", my_revealed_power=140))
    said = desc(svg)
    assert "The top Hero of your Hero Deck is a Hero (140 Power, no weapon)." in said
    shown = " ".join(re.findall(r">([^<>]+)<", svg))  # what is drawn or read, not attributes
    assert "your-top-hero" not in shown and "their-top-hero" not in shown
    assert "name not given" in shown


def test_a_deck_check_counts_the_three_decks() -> None:
    said = spoken(BA, "is-my-deck-legal", heroes=["Bandelero; 110; Fire"], hot_dogs=10)
    assert "a Hero Deck of 1 card." in said and "Its Heroes total 110 Power." in said
    assert "The Hot Dog Deck holds 10 cards." in said


def test_higher_lower_says_the_last_card_the_call_and_your_hand() -> None:
    said = spoken(HL, "can-i-draw-instead", last_card=11, call_in_force="lower", my_hand=[4, 12])
    assert "It is your turn." in said
    assert "The last card laid is a 11" not in said or "below 11" in said
    assert "the call in force is lower by the player on your right" in said
    # Your boosters were not asked: said as not described, never as "no boosters".
    assert "You hold 4 and 12. Your boosters were not described." in said
    assert "The booster deck was not described." in said


def test_hyperstar_run_says_each_face_up_card_and_where_the_hero_is() -> None:
    said = spoken(HR, "example")
    assert said.startswith("Tutorial difficulty, run 1 of 4.")
    assert "Card 1 is face up, with button B, an enemy cost (B)" in said
    assert "Cards 3 to 9 are face down." in said
    assert "The hero is on card 2." in said


def test_hyperstar_run_says_a_face_the_player_left_out_as_not_described() -> None:
    said = spoken(HR, "what-happens-when-my-run-ends")
    assert "Card 1 is face up, its face not described." in said


def test_high_alert_says_the_trade_the_cards_in_play_and_what_you_pay() -> None:
    said = spoken(SR, "example")
    assert said.startswith("Your turn: you have 5 Trade available.")
    assert "Hellfire (Star Empire, its ally ability not used)" in said
    assert "The Armory (printed cost 7, you pay 5)" in said


def test_a_combat_hazard_is_said_on_the_card_that_holds_it() -> None:
    said = spoken(HQ, "pass-hazard", hazard="hide", item_kind="super", item_action="hide")
    assert "The Starting Card has a Hide hazard in its left combat space." in said
    assert "You hold a Super Item (Hide) and 4 items not shown." in said
    assert "The picture draws your path in the move: 1 step." in said


def test_a_door_hazard_needs_no_card_beyond_it() -> None:
    """A Climb hazard on the way out: the question is about passing the door, so no card
    beyond it is drawn, described or invented, and no helper item either."""
    svg = drawn(HQ, board(HQ, "pass-hazard", hazard="climb", item_action="climb"))
    said = desc(svg)
    assert "The Starting Card has an exit left with a Climb hazard." in said
    assert "(-1, 0)" not in said and 'data-cell="-1,0"' not in svg
    assert "You hold a Super Item (Climb) and 4 items not shown." in said


def test_sides_and_spaces_nobody_described_are_drawn_as_not_described_and_say_so() -> None:
    """No wall is drawn where the question said none: each side is a ghost edge, not a wall."""
    svg = drawn(HQ, board(HQ, "pass-hazard"))  # an Attack hazard in your card's left space
    card = re.search(
        r'<g class="[^"]*" data-cell="0,0"><title>([^<]*)</title>(.*?)</g>\n', svg, re.S
    )
    assert card is not None
    assert "up, down, left and right sides: not described" in card.group(1)
    assert "a wall" not in card.group(1)
    assert "left combat hazard space: Attack hazard" in card.group(1)
    # Not described, and not taken as blank: drawn "?" (a space the question calls blank is
    # drawn blank).
    assert "right combat hazard space: not described" in card.group(1)
    assert card.group(2).count("hq-space-unknown") == 1
    assert card.group(2).count('class="hq-side-unknown"') == 4
    assert "hq-wall" not in card.group(2)
    assert "Its four sides, Checkpoint and right combat space were not described." in desc(svg)


def test_an_opponent_the_question_said_nothing_of_is_not_described() -> None:
    """The form adds a second hero because the game needs two players; the question said
    nothing of it, so the picture neither draws it nor says anything of it."""
    said = spoken(HQ, "pass-hazard")
    assert "opponent" not in said
    assert "You have the Inherent Action Climb." in said


def test_the_other_players_hands_and_the_deck_are_said_not_described() -> None:
    said = spoken(HL, "can-i-play-this-card")
    assert "The deck was not described." in said
    assert "The player on your left's playing cards and boosters were not described." in said
    assert "holds 5 playing cards" not in said and "2 boosters" not in said


def test_your_opponent_does_not_share_your_initials() -> None:
    svg = drawn(HQ, board(HQ, "hero-battle"))
    tokens = re.findall(r'data-legend="([^"]+)">.*?<text[^>]*>([^<]+)</text>', svg)
    assert dict(tokens) == {"You": "YO", "Your opponent": "OP"}


# ----- the ruling page carries the words -----


def test_the_ruling_page_picture_reads_its_position_aloud(api: Any) -> None:
    dispute = board(BA, "who-wins-this-battle", my_hero="Bandelero", my_hero_power=120)
    response = api.post(f"/api/v1/games/{BA}/rulings", dispute, format="json")
    assert response.status_code == 200, response.content.decode()[:500]
    page = Client().get(response.json()["url"]).content.decode()
    said = html.unescape(re.findall(r"<desc>(.*?)</desc>", page, re.S)[0])
    assert "Your Hero is Bandelero, with 120 Power and no weapon." in said  # "No weapon" picked
    assert json.dumps(dispute["state"])[:40] not in said


def test_a_hazard_passed_through_the_api_rests_on_nothing_made_up(api: Any) -> None:
    """Over HTTP: the pass-hazard board (one card, one item, an opponent the question said
    nothing of) is ruled with the rule cited, and its picture leaves the opponent out."""
    dispute = board(HQ, "pass-hazard", hazard="dig", item_kind="super", item_action="dig")
    response = api.post(f"/api/v1/games/{HQ}/rulings", dispute, format="json")
    assert response.status_code == 200, response.content.decode()[:500]
    ruling = response.json()
    assert ruling["verdict"] == "legal"
    assert {r["code"]: r["rule"] for r in ruling["reasons"]}["hazard-passed"].endswith(":4.2")
    page = Client().get(ruling["url"]).content.decode()
    said = html.unescape(re.findall(r"<desc>(.*?)</desc>", page, re.S)[0])
    assert "You have the Inherent Action Climb." in said
    assert "opponent" not in said
    assert "(-1, 0)" not in said


def test_a_mover_whose_inherent_action_was_not_described_gets_a_400(api: Any) -> None:
    """The engine will not guess the Inherent Action it needs: the answer names the field."""
    dispute = board(HQ, "pass-hazard", hazard="dig", item_kind="super", item_action="dig")
    dispute["move"]["path"][0]["using"] = "inherent"
    dispute["state"]["heroes"][0]["inherent"] = None
    response = api.post(f"/api/v1/games/{HQ}/rulings", dispute, format="json")
    assert response.status_code == 400, response.content.decode()[:500]
    assert "inherent" in response.content.decode()
    assert "was not described" in response.content.decode()
