"""Super Hazard Quest: an eighth round of disputes brought as a player brings them, over HTTP,
written from the rulebook before they were run. The website's question forms are POSTed as a
browser sends them to /games/super-hazard-quest/disputes/<question>/: the ruling page must
quote the deciding rule in large type (#deciding) and raise the "turns on our reading" note
only where the answer turns on one. The rest go to the API: rulings (one move or a whole log),
"Where can I go?" (tools/reachable), "What can I do now?" (legal-moves), and boards that
cannot exist (a 400 naming the field).

Ana and Ben start on the Starting Card at (0, 0); a hero crossing to the card on its right
takes five "right" steps (tests/games/super_hazard_quest/helpers.py)."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from tests.cardsdb import disputes
from tests.cardsdb.disputes import page_says, refused_at
from tests.games.super_hazard_quest.helpers import (
    BEN,
    BOSS,
    KEY,
    ana,
    board,
    cross_right,
    dual,
    face,
    fight,
    go,
    hero,
    magic,
    room,
    special,
    super_item,
    turn,
)

pytestmark = pytest.mark.django_db

SLUG = "super-hazard-quest"
ask = partial(disputes.ask, SLUG)
rule_api = partial(disputes.rule_api, slug=SLUG)
api_says = partial(disputes.api_says, slug=SLUG, flag_prefix=KEY)


# ----- the website's question forms

# Can I pass this hazard with this item? (4.9, 5.12, 9.3 to 9.6, 9.13)


def test_form_a_lift_door_passed_with_a_super_magic_item() -> None:
    """Ben: "Super Magic is for monsters". It gives unlimited use of any single action the
    player chooses that turn (9.6), Lift among them."""
    page = ask("pass-hazard", hazard="lift", item_kind="super-magic", inherent="stomp")
    page_says(page, True, "9.6")


def test_form_a_dig_door_passed_with_the_second_action_of_a_dual_item() -> None:
    page = ask(
        "pass-hazard",
        hazard="dig",
        item_kind="dual-action",
        item_action="climb",
        item_second_action="dig",
        inherent="attack",
    )
    page_says(page, True, "9.3")


def test_form_a_stomp_passed_with_a_magic_item_when_stomp_is_inherent() -> None:
    """Ana Stomps by nature and spends a Magic Item on the Stomp anyway, to be rid of it: an
    item's action may be used though the hero has it without limit (5.12)."""
    page = ask("pass-hazard", hazard="stomp", item_kind="magic", inherent="stomp")
    page_says(page, True, "5.12")


def test_form_a_defend_hazard_passed_with_a_special_item() -> None:
    """A Special Item is played on a Checkpoint and ends the turn (9.13): it is not spent on a
    hazard met on the way, whatever its card says."""
    page = ask("pass-hazard", hazard="defend", item_kind="special", inherent="climb")
    # written first flagged: 9.13 settles it whatever the card says, so nothing turns on it
    page_says(page, False, "9.13")


# Was I wounded? (4.9, 8.1)


def test_form_a_hide_on_the_new_card_passed_by_my_inherent_hide() -> None:
    page = ask(
        "was-i-wounded",
        new_room="hazard",
        hazard="hide",
        inherent="hide",
        item_kind="none",
        red_crystals=1,
        blue_crystals=0,
    )
    # written first as 4.9 (the Inherent Action passes the Hide): asked "was I wounded?", the
    # rule read aloud is the one that says when a new room's hazards wound (8.1)
    page_says(page, True, "8.1")


def test_form_a_defend_on_the_new_card_with_only_attack_and_hide() -> None:
    page = ask(
        "was-i-wounded",
        new_room="hazard",
        hazard="defend",
        inherent="climb",
        item_kind="dual-action",
        item_action="attack",
        item_second_action="hide",
        red_crystals=1,
        blue_crystals=0,
    )
    page_says(page, True, "8.1")


# Who goes first? (3.3)


def test_form_two_players_tie_on_the_lowest_stage_number() -> None:
    page = ask("who-starts", stage_numbers=[4, 2, 2], claimed_first=2)
    page_says(page, False, "3.3", turns_on=1)


def test_form_the_table_lets_me_start_with_six_against_a_three() -> None:
    page = ask("who-starts", stage_numbers=[6, 3, 0, 8], claimed_first=1)
    page_says(page, False, "3.3")


# Can I Look and discard? (6.1)


def test_form_a_discard_turn_of_three_items_without_a_look() -> None:
    """Nothing of the card is asked: whether you could take a Standard Turn instead rests on
    your word."""
    page = ask("look-and-discard", discard=3, look=False, inherent="climb")
    # written first flagged: read the other way (the former reading) a Discard Turn may be
    # taken whatever the hand allows, so the answer is the same
    page_says(page, True, "6.1")


# Do I steal the crystal? (11.5)


def test_form_my_lift_request_against_a_hero_who_lifts_by_nature() -> None:
    page = ask(
        "hero-battle",
        hazard_item="direction",
        requested="lift",
        defender_item_action="climb",
        defender_inherent="lift",
        defender_answers=False,
    )
    page_says(page, True, "11.5", turns_on=2)


# ----- the API: rulings, tools, boards that cannot exist


def test_api_a_magic_item_chosen_as_dig_opens_the_door_down(api: Any) -> None:
    """Ana (Unlock) digs through the Dig door of the Starting Card with a Magic Item and walks
    left to the flag of the card below. Ben: "Magic Items are for monsters". A Magic Item gives
    one use of any of the eight actions (9.5)."""
    rooms = [room(0, 0, exits={"down": "dig"}), room(0, -1)]
    state = board(rooms, [ana(magic("m")), BEN])
    move = turn("Ana", go("right"), go("right"), go("down", "m"), go("left"), go("left"))
    ruling = api_says(rule_api(api, state, move), True, "9.5")
    assert (ruling["next_state"]["heroes"][0]["x"], ruling["next_state"]["heroes"][0]["y"]) == (
        0,
        -1,
    )


def test_api_a_log_where_ana_plays_a_special_item_between_checkpoints(api: Any) -> None:
    log = [
        turn("Ana", look={"dir": "up", "drawn": face()}),
        turn("Ben", look={"dir": "down", "drawn": face()}),
        turn("Ana", go("right", "s"), go("right"), special="x"),
    ]
    rooms = [room(0, 0, exits={"right": "unlock"}, left_space="attack"), room(1, 0)]
    state = board(rooms, [ana(super_item("s", "attack"), special("x")), BEN])
    response = rule_api(api, state, moves=log)
    ruling = api_says(response, False, "9.13")
    assert (ruling["first_illegal"], ruling["first_illegal_by"]) == (2, "Ana")


def test_api_a_log_where_ana_beats_the_mini_boss_of_the_next_card_and_wins(api: Any) -> None:
    """Ana crosses to the Mini-Boss's card; Ben Looks; from that Checkpoint Ana beats it for
    the red crystal and crosses to the red Scrambler."""
    rooms = [
        room(0, 0, exits={"right": "unlock"}),
        room(1, 0, exits={"right": "unlock"}, mini_boss=BOSS),
        room(2, 0, scrambler="red", checkpoint=False),
    ]
    hand = [super_item("s", "attack"), dual("d", "hide", "dig")]
    state = board(rooms, [ana(*hand), BEN])
    log = [
        turn("Ana", *cross_right("inherent")),
        turn("Ben", look={"dir": "up", "drawn": face()}),
        turn("Ana", fight("s", "s", "d", "inherent"), *cross_right("inherent")),
    ]
    ruling = api_says(rule_api(api, state, moves=log), True, "2.8")
    assert ruling["game_over"] is True and ruling["winner"] == "Ana"
    assert ruling["result"]


def test_api_where_can_i_go_when_a_hide_bars_the_way(api: Any) -> None:
    """The Starting Card has a Hide in its right space, before the door; Ana (Unlock) holds no
    Hide: she reaches no Checkpoint, and nothing of it is our reading."""
    # written first with the Hide in the left space of the card to the right: that space lies
    # beyond the card's Checkpoint (the flag is at its left edge), so it barred nothing
    rooms = [room(0, 0, exits={"right": "unlock"}, right_space="hide"), room(1, 0)]
    state = board(rooms, [ana(super_item("s", "attack")), BEN])
    body = {"state": state, "player": "Ana"}
    response = api.post(f"/api/v1/games/{SLUG}/tools/reachable", body, format="json")
    assert response.status_code == 200, response.content
    found = response.json()
    assert found["checkpoints"] == [] and found["wins"] == []
    assert found["readings_deciding"] == []


def test_api_what_can_i_do_now_cannot_list_a_dungeon_turn(api: Any) -> None:
    """Ana can walk to the next Checkpoint, or Look: "What can I do now?" does not list the
    turns, as a Look draws a card that could be any card ("Where can I go?" answers instead)."""
    # written first as a complete list of one Standard Turn: the API lists no turn of this
    # game (the one-tap list is the play table's), and says why
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    state = board(rooms, [ana(), BEN])
    response = api.post(f"/api/v1/games/{SLUG}/legal-moves", {"state": state}, format="json")
    assert response.status_code == 200, response.content
    assert response.json() == {"moves": None, "listing": "not-finite"}


def test_api_a_mini_boss_with_three_actions_is_refused(api: Any) -> None:
    boss = {"actions": ["attack", "hide", "unlock"], "prize": "red-crystal"}
    state = board([room(0, 0, mini_boss=boss)], [ana(), BEN])
    assert refused_at(rule_api(api, state, turn("Ana"))).startswith("state.dungeon.0")


def test_api_more_dungeon_cards_than_the_box_holds_is_refused(api: Any) -> None:
    state = board([room(0, 0), room(1, 0), room(2, 0)], [ana(), BEN], dungeon_deck=24)
    assert refused_at(rule_api(api, state, turn("Ana"))).startswith("state.dungeon")


def test_api_a_hero_with_minus_one_red_crystal_is_refused(api: Any) -> None:
    state = board([room(0, 0)], [ana(red=-1), BEN])
    assert refused_at(rule_api(api, state, turn("Ana"))) == "state.heroes.0.crystals.red"


def test_api_a_fight_naming_five_uses_is_refused_at_the_move(api: Any) -> None:
    state = board([room(0, 0, mini_boss=BOSS)], [ana(super_item("s", "attack")), BEN])
    move = turn("Ana", fight("s", "s", "s", "inherent", "inherent"))
    # written first as "move.path.0": the field is named through the kind of move
    assert refused_at(rule_api(api, state, move)) == "move.standard-turn.path.0.fight.using"


def test_api_a_lift_request_against_ben_who_lifts_by_nature(api: Any) -> None:
    """Ana crosses to Ben's Checkpoint and asks for Lift; Ben holds no Lift item but Lifts by
    nature, so he does not lack its use (11.5) and keeps his crystal."""
    rooms = [room(0, 0, exits={"right": "unlock"}), room(1, 0)]
    ben = hero("Ben", "lift", x=1, hand=[dual(f"b{k}", "hide", "dig") for k in range(5)], red=1)
    state = board(rooms, [ana({"kind": "hazard", "id": "h", "hazard": "direction"}), ben])
    battle = {"kind": "battle", "opponent": "Ben", "requests": [{"item": "h", "action": "lift"}]}
    response = rule_api(api, state, turn("Ana", *cross_right("inherent"), battle))
    api_says(
        response,
        True,
        "11.5",
        "hero-battle-answers",
        "hero-battle-wounds-the-loser",
    )


# ----- written after the fixes, on the same themes


def test_form_my_hide_request_against_a_hero_who_hides_by_nature() -> None:
    page = ask(
        "hero-battle",
        hazard_item="combat",
        requested="hide",
        defender_item_action="attack",
        defender_inherent="hide",
        defender_answers=False,
    )
    page_says(page, True, "11.5", turns_on=2)
    assert "keeps the crystals" in page


def test_form_a_climb_door_passed_with_a_special_item() -> None:
    page = ask("pass-hazard", hazard="climb", item_kind="special", inherent="dig")
    page_says(page, False, "9.13")


def test_api_a_hero_battle_turn_where_ben_stomps_by_nature(api: Any) -> None:
    rooms = [room(0, 0, exits={"right": "unlock"})]
    ben = hero("Ben", "stomp", hand=[dual("b", "hide", "lift")], blue=1)
    state = board(rooms, [ana({"kind": "hazard", "id": "h", "hazard": "combat"}), ben])
    move = {
        "kind": "hero-battle",
        "player": "Ana",
        "opponent": "Ben",
        "requests": [{"item": "h", "action": "stomp"}],
    }
    ruling = api_says(
        rule_api(api, state, move),
        True,
        "11.5",
        "hero-battle-answers",
        "hero-battle-wounds-the-loser",
    )
    assert ruling["next_state"]["heroes"][1]["crystals"]["blue"] == 1
