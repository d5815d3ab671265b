"""Super Hazard Quest: a ninth round of disputes brought as a player brings them, over HTTP,
written from the rulebook before they were run. The website's question forms are POSTed as a
browser sends them to /games/super-hazard-quest/disputes/<question>/: the ruling page must
quote the deciding rule in large type (#deciding) and raise the "turns on our reading" note
only where the answer turns on one. The rest go to the API: rulings (one move or a whole log),
"Where can I go?" (tools/reachable), and boards that cannot exist (a 400 naming the field).
The situations are new beside the eighth round's: a Hazard Item or a Super Item named for a
hazard, a Dead End or a Scrambler drawn, nobody or a blank card claiming the start, a discard
with a Look, battles asking the wrong kind of action or answered with the wrong item.

Ana and Ben start on the Starting Card at (0, 0); a hero crossing to the card on its right
takes five "right" steps (tests/games/super_hazard_quest/helpers.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cardsdb.test_super_hazard_quest_disputes_eighth_round import (
    api_says,
    ask,
    page_says,
    refused_at,
    rule_api,
)
from tests.games.super_hazard_quest.helpers import (
    BEN,
    ana,
    board,
    cross_right,
    dual,
    face,
    hero,
    magic,
    room,
    super_item,
    super_magic,
    turn,
)

pytestmark = pytest.mark.django_db

SLUG = "super-hazard-quest"
DOOR = {"right": "unlock"}

# ----- Can I pass this hazard with this item?


def test_form_an_unlock_door_passed_with_a_hazard_item() -> None:
    """Ana (Climb) names her Hazard Item for the Unlock door. Action Items grant the actions they
    list (9.2): a Hazard Item, which adds or changes a hazard, gives no action to pass one."""
    page = ask("pass-hazard", hazard="unlock", item_kind="hazard", inherent="climb")
    # written first as 9.7 (what a Hazard Item does): the rule read aloud against "it passes the
    # door" is the one saying which items grant actions
    page_says(page, False, "9.2")


def test_form_a_hide_passed_with_a_magic_item() -> None:
    page = ask("pass-hazard", hazard="hide", item_kind="magic", inherent="climb")
    page_says(page, True, "9.5")


def test_form_a_dig_door_passed_with_a_super_dig() -> None:
    page = ask("pass-hazard", hazard="dig", item_kind="super", item_action="dig", inherent="lift")
    page_says(page, True, "9.4")


# ----- Was I wounded?


def test_form_a_dead_end_drawn_with_a_red_crystal() -> None:
    page = ask("was-i-wounded", new_room="dead-end", red_crystals=1, blue_crystals=0)
    page_says(page, True, "8.4")


def test_form_the_red_scrambler_drawn_holding_the_red_crystal() -> None:
    """Ana walks into the red Scrambler's card, just drawn, with the red crystal: she wins
    (2.8)."""
    page = ask("was-i-wounded", new_room="red-scrambler", red_crystals=1, blue_crystals=0)
    page_says(page, True, "2.8")


def test_form_the_blue_scrambler_drawn_holding_only_the_red_crystal() -> None:
    page = ask("was-i-wounded", new_room="blue-scrambler", red_crystals=1, blue_crystals=0)
    page_says(page, True, "8.5")


# ----- Who goes first?


def test_form_nobody_drew_a_stage_number_and_i_start() -> None:
    page = ask("who-starts", stage_numbers=[0, 0, 0], claimed_first=1)
    page_says(page, False, "3.6")


def test_form_i_start_with_a_card_without_a_stage_number() -> None:
    page = ask("who-starts", stage_numbers=[0, 7], claimed_first=1)
    page_says(page, False, "3.5")


def test_form_the_player_on_my_left_starts_with_the_lowest() -> None:
    page = ask("who-starts", stage_numbers=[5, 2, 9], claimed_first=2)
    # written first as 3.3 (the lowest Stage Number makes the Starting Card): asked who goes
    # first, the rule read aloud is the one giving the first turn to that card's player
    page_says(page, True, "3.4")


# ----- Can I Look and discard? / Do I steal the crystal?


def test_form_two_items_discarded_and_a_look() -> None:
    page = ask("look-and-discard", discard=2, look=True, inherent="dig")
    page_says(page, False, "6.4")


def test_form_a_direction_hazard_item_asking_for_attack() -> None:
    page = ask(
        "hero-battle",
        hazard_item="direction",
        requested="attack",
        defender_item_action="hide",
        defender_inherent="climb",
        defender_answers=False,
    )
    page_says(page, False, "11.3")


def test_form_my_hide_request_answered_with_a_super_attack() -> None:
    page = ask(
        "hero-battle",
        hazard_item="combat",
        requested="hide",
        defender_item_action="attack",
        defender_inherent="climb",
        defender_answers=True,
    )
    page_says(page, False, "11.4")


# ----- the API


def test_api_a_super_hide_passes_the_hides_of_two_cards(api: Any) -> None:
    """Ana (Unlock) passes the Hide of the Starting Card and the Hide of the next card with one
    Super Hide. Ben: "one item, one hazard". A Super Item gives unlimited uses of its action
    that turn (9.4)."""
    rooms = [
        room(0, 0, exits=DOOR, left_space="hide"),
        room(1, 0, exits=DOOR, right_space="hide"),
        room(2, 0),
    ]
    state = board(rooms, [ana(super_item("s", "hide")), BEN])
    move = turn("Ana", *cross_right("inherent", left="s"), *cross_right("inherent", right="s"))
    ruling = api_says(rule_api(api, state, move), True, "9.4")
    assert ruling["next_state"]["heroes"][0]["x"] == 2


def test_api_a_log_where_ben_spends_a_dual_unlock_on_two_doors(api: Any) -> None:
    """Ana Looks; Ben (Dig), holding a Dual Action Item of Unlock and Lift, crosses two Unlock
    doors with it. The first illegal move is Ben's (9.3)."""
    rooms = [room(0, 0, exits=DOOR), room(1, 0, exits=DOOR), room(2, 0)]
    ben = hero("Ben", "dig", hand=[dual("bd", "unlock", "lift")])
    state = board(rooms, [ana(), ben])
    log = [
        turn("Ana", look={"dir": "up", "drawn": face()}),
        turn("Ben", *cross_right("bd"), *cross_right("bd")),
    ]
    ruling = api_says(rule_api(api, state, moves=log), False, "9.3")
    assert (ruling["first_illegal"], ruling["first_illegal_by"]) == (1, "Ben")


def test_api_a_log_where_ana_wins_with_a_magic_unlock(api: Any) -> None:
    """Ana (Climb) holds the red crystal. She Looks; Ben Looks; Ana names her Magic Item as
    Unlock and walks into the red Scrambler's card. Ana wins (2.8)."""
    rooms = [room(0, 0, exits=DOOR), room(1, 0, scrambler="red", checkpoint=False)]
    state = board(rooms, [ana(magic("m"), inherent="climb", red=1), BEN])
    log = [
        turn("Ana", look={"dir": "up", "drawn": face()}),
        turn("Ben", look={"dir": "down", "drawn": face()}),
        turn("Ana", *cross_right("m")),
    ]
    ruling = api_says(rule_api(api, state, moves=log), True, "2.8")
    assert ruling["game_over"] is True and ruling["winner"] == "Ana" and ruling["result"]


def test_api_where_can_i_go_with_a_super_magic_item_for_a_hide_and_a_door(api: Any) -> None:
    """Ana (Climb) holds one Super Magic Item; a Hide and an Unlock door stand between her and
    the next Checkpoint. One single action cannot pass both: no Checkpoint is in reach."""
    rooms = [room(0, 0, exits=DOOR, left_space="hide"), room(1, 0)]
    state = board(rooms, [ana(super_magic("m"), inherent="climb"), BEN])
    body = {"state": state, "player": "Ana"}
    response = api.post(f"/api/v1/games/{SLUG}/tools/reachable", body, format="json")
    assert response.status_code == 200, response.content
    found = response.json()
    assert found["checkpoints"] == [] and found["wins"] == []
    assert found["readings_deciding"] == []


def test_api_a_hazard_named_jump_is_refused(api: Any) -> None:
    state = board([room(0, 0, left_space="jump")], [ana(), BEN])
    assert refused_at(rule_api(api, state, turn("Ana"))).startswith("state.dungeon.0")


def test_api_a_hand_of_six_items_is_refused(api: Any) -> None:
    hand = [super_item(f"s{k}", "hide") for k in range(6)]
    state = board([room(0, 0)], [ana(*hand, unseen=0), BEN])
    assert refused_at(rule_api(api, state, turn("Ana"))).startswith("state.heroes.0")


def test_api_a_hero_standing_where_no_card_lies_is_refused(api: Any) -> None:
    state = board([room(0, 0)], [ana(x=3), BEN])
    assert refused_at(rule_api(api, state, turn("Ana"))).startswith("state.heroes.0")
