"""Higher or Lower: an eighth round of disputes brought as a player brings them, over HTTP,
written from the rulebook before they were run. The website's question forms are POSTed as a
browser sends them to /games/higher-lower/disputes/<question>/, and disputes are brought
through the website's JSON box: the ruling page must quote the deciding rule in large type
(#deciding) and show a note for each reading the answer turns on. The rest go to the API:
POST /api/v1/games/higher-lower/rulings (single moves, logs, tables that cannot exist), the
legal-moves listing and the "How do we set up?" tool, and the website's "What can I do now?"
page.

Ana, Ben and Cy sit in that order; by default Cy has laid a 7 and called 'higher', and it is
Ana's turn (tests/games/higher_lower/helpers.py)."""

from __future__ import annotations

import html
import re
from functools import partial
from typing import Any

import pytest
from django.test import Client

from games.higher_lower import reasons as R
from tests.cardsdb import disputes
from tests.cardsdb.disputes import refused_at, settle
from tests.games.higher_lower.helpers import JSON, KEY, draw, match, play, table

pytestmark = pytest.mark.django_db

SLUG = "higher-lower"
ask = partial(disputes.ask, SLUG)
rule_api = partial(disputes.rule_api, slug=SLUG)
api_says = partial(disputes.api_says, slug=SLUG)
brought = partial(disputes.brought, slug=SLUG)


_form = partial(disputes.form, SLUG)


def page_says(page: str, legal: bool, number: str, *turns_on: str) -> None:
    """The ruling page's verdict and deciding rule, flagged as turning on exactly `turns_on`."""
    disputes.page_says(page, legal, number, turns_on)


# ----- "Can I play this card?"


def test_form_a_1_on_a_2_under_lower_with_no_call() -> None:
    """ "A 1 needs no call" (rule 4.8): Ben must go higher."""
    page = ask(
        "can-i-play-this-card",
        players=2,
        last_card=2,
        call_in_force="lower",
        my_card=1,
        my_call="none",
        cards_in_my_hand=4,
    )
    page_says(page, True, "4.8")


def test_form_opening_with_a_14_and_calling_higher() -> None:
    """ "Only a 15 can follow that." The opener makes the call (rule 3.7)."""
    page = ask(
        "can-i-play-this-card",
        players=3,
        last_card=0,
        my_card=14,
        my_call="higher",
        cards_in_my_hand=10,
    )
    page_says(page, True, "3.7")


def test_form_a_15_on_a_15_calling_lower() -> None:
    """The 15 matches; a player who matches makes no call (rule 4.5)."""
    page = ask(
        "can-i-play-this-card", last_card=15, call_in_force="lower", my_card=15, my_call="lower"
    )
    page_says(page, True, "4.5")


def test_form_my_last_card_a_10_on_a_7_under_higher_with_no_call() -> None:
    """The form does not ask about boosters: whether any still held stand in the way of the
    win is our reading (`winning-with-boosters-left`), and the answer turns on it."""
    page = ask(
        "can-i-play-this-card",
        last_card=7,
        call_in_force="higher",
        my_card=10,
        my_call="none",
        cards_in_my_hand=1,
    )
    page_says(page, True, "2.1", R.WINNING_WITH_BOOSTERS_LEFT)


def test_form_a_last_card_of_16_is_refused_at_its_field() -> None:
    web = Client()
    sent = _form("can-i-play-this-card", last_card=16)
    response = web.post(f"/games/{SLUG}/disputes/can-i-play-this-card/", sent)
    assert response.status_code == 400
    assert 'id="can-i-play-this-card-last_card-error"' in response.content.decode()


# ----- "Can I draw instead of playing?"


def test_form_drawing_holding_a_1_and_a_9_on_a_7_under_higher() -> None:
    """The 9 goes on the 7: rule 4.6 on `draw-only-when-unable`. Whether the 1 could go too
    changes nothing."""
    page = ask("can-i-draw-instead", last_card=7, call_in_force="higher", my_hand=[1, 9])
    page_says(page, False, "4.6", R.DRAW_ONLY_WHEN_UNABLE)


def test_form_drawing_holding_only_a_15_on_a_7_under_lower() -> None:
    """A 15 is not lower than 7: she draws (4.6). Read the other way, a 15 goes anywhere
    (`automatic-calls-1-and-15`), and the card drawn might be laid at once
    (`drawing-ends-the-turn`)."""
    page = ask("can-i-draw-instead", last_card=7, call_in_force="lower", my_hand=[15], deck_size=10)
    page_says(page, True, "4.6", R.AUTOMATIC_CALLS, R.DRAWING_ENDS_THE_TURN)


# ----- "Can I play a booster now, at this player?"


def test_form_a_booster_at_myself_when_it_is_not_my_turn() -> None:
    """Not her turn, and aimed at herself: the turn rule answers first (rule 5.1)."""
    page = ask("can-i-play-a-booster", players=3, my_turn=False, aimed_at="myself")
    page_says(page, False, "5.1")


# ----- the website's JSON box


def test_box_cy_matches_his_own_7_after_ana_and_ben_matched() -> None:
    state = table(cy=[7, 3], turn="Cy", chain=["Ana", "Ben"])
    page_says(brought(state, match(7, player="Cy")), True, "4.4")


def test_box_ana_goes_lower_against_her_own_call_after_two_draws() -> None:
    state = table(ana=[5, 3], call_by="Ana") | {"drew": "Cy"}
    page_says(brought(state, play(5, "higher")), False, "4.7", R.CALL_AFTER_A_DRAW)


# ----- "What can I do now?" on the website


def test_what_can_i_do_now_with_a_7_and_a_9_on_the_7() -> None:
    web = Client()
    url = settle(web, table(ana=[7, 9], boosters=0), play(9, "lower"), slug=SLUG)
    page = html.unescape(web.get(url.split("#")[0] + "what-now/").content.decode())
    listed = re.search(r'<ol class="what-now">(.*?)</ol>', page, re.S)
    assert listed, "no moves listed"
    rules = re.findall(r'class="rule-key" href="[^"]*">rule ([0-9.]+)</a>', listed.group(1))
    assert rules == ["4.4", "4.2", "4.2"]
    assert "draw" not in listed.group(1).lower()


# ----- the API


def two(ana: list[int], ben: list[int], **over: Any) -> JSON:
    """Ana and Ben alone, neither holding a booster: Ben has laid a 7 and called 'higher'."""
    state = table(ana=ana, ben=ben, call_by="Ben", boosters=0)
    state["players"] = state["players"][:2]
    state["players"][1]["boosters"] = 0
    state.update(over)
    return state


def test_api_a_two_player_log_through_bens_draw_to_anas_win(api: Any) -> None:
    """Ana lays a 9 calling lower; Ben, holding a 10 and a 12, draws an 11; Ana lays a 4 on her
    own 'lower' and calls higher; Ben lays his 10; Ana lays her last card, a 13 (rule 2.1)."""
    log = [
        play(9, "lower", player="Ana"),
        draw(11, player="Ben"),
        play(4, "higher", player="Ana"),
        play(10, "higher", player="Ben"),
        play(13, player="Ana"),
    ]
    ruling = api_says(rule_api(api, two([9, 4, 13], [10, 12]), moves=log), True, "2.1")
    assert ruling["game_over"] and ruling["winner"] == "Ana"


def test_api_a_log_where_cy_breaks_his_own_call_after_a_match_and_a_draw(api: Any) -> None:
    """Ana matches Cy's 7, Ben draws a 4, and Cy lays a 5 calling higher: "Two turns went by,
    my call is gone." Rule 4.7, on our reading of `call-after-a-draw`."""
    state = table(ana=[7, 3], ben=[3, 5], cy=[5, 12])
    log = [match(7), draw(4, player="Ben"), play(5, "higher", player="Cy")]
    ruling = api_says(rule_api(api, state, moves=log), False, "4.7", R.CALL_AFTER_A_DRAW)
    assert ruling["first_illegal"] == 2 and ruling["first_illegal_by"] == "Cy"


def test_api_a_hidden_hand_draws_a_card_not_named(api: Any) -> None:
    """Ana's four cards are not shown: her draw is taken on trust (4.6). Whether she may lay
    the card she draws at once is our reading (`drawing-ends-the-turn`)."""
    api_says(rule_api(api, table(ana=4), draw()), True, "4.6", R.DRAWING_ENDS_THE_TURN)


def test_api_what_can_i_do_now_lists_no_draw_for_a_hand_that_can_go(api: Any) -> None:
    state = table(ana=[7, 9, 3], boosters=0)
    response = api.post(f"/api/v1/games/{SLUG}/legal-moves", {"state": state}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    listing = response.json()
    assert listing["listing"] == "complete"
    said = {(m["kind"], m.get("value"), m.get("call")) for m in listing["moves"]}
    assert said == {("match", None, None), ("play", 9, "higher"), ("play", 9, "lower")}


def test_api_how_do_we_set_up_for_three(api: Any) -> None:
    response = api.post(f"/api/v1/games/{SLUG}/tools/setup", {"players": 3}, format="json")
    assert response.status_code == 200, response.content.decode()[:1000]
    plan = response.json()
    assert plan["deck_after_deal"] == 30 and plan["booster_deck_after_deal"] == 21
    assert plan["deciding_rule"] == KEY + "3.1" and plan["readings_deciding"] == []


def test_api_how_do_we_set_up_for_three_written_in_words_is_refused(api: Any) -> None:
    response = api.post(f"/api/v1/games/{SLUG}/tools/setup", {"players": "three"}, format="json")
    assert refused_at(response) == "players"


def test_api_ben_drew_but_it_is_anas_turn_is_refused(api: Any) -> None:
    state = table(ana=[9, 3]) | {"drew": "Ben"}
    assert refused_at(rule_api(api, state, play(9, "lower"))) == "state.drew"


def test_api_a_9_from_a_hidden_hand_with_all_four_9s_laid_is_refused(api: Any) -> None:
    state = table(ana=5, last=12, call="lower", discard=[9, 9, 9, 9])
    assert refused_at(rule_api(api, state, play(9, "higher"))) == "move.value"


def test_api_a_1_with_the_call_lower_is_refused(api: Any) -> None:
    state = table(ana=[3, 9], last=1, call="lower")
    assert refused_at(rule_api(api, state, play(3, "lower"))) == "state.call"


def test_api_two_players_both_out_of_cards_is_refused(api: Any) -> None:
    state = table(ana=[], ben=[], cy=[4, 9], boosters=0)
    state["players"][1]["boosters"] = 0
    assert refused_at(rule_api(api, state, play(4, "lower", player="Cy"))) == (
        "state.players.1.hand"
    )


# ----- written after the fixes, on the same themes


def test_form_opening_with_a_2_and_calling_lower() -> None:
    page = ask(
        "can-i-play-this-card",
        players=5,
        last_card=0,
        my_card=2,
        my_call="lower",
        cards_in_my_hand=10,
    )
    page_says(page, True, "3.7")


def test_form_my_last_card_a_5_on_a_7_under_higher_with_no_call() -> None:
    page = ask(
        "can-i-play-this-card",
        last_card=7,
        call_in_force="higher",
        my_card=5,
        my_call="none",
        cards_in_my_hand=1,
    )
    page_says(page, False, "4.2")


def test_form_drawing_holding_a_15_and_an_8_on_a_7_under_higher() -> None:
    page = ask("can-i-draw-instead", last_card=7, call_in_force="higher", my_hand=[15, 8])
    page_says(page, False, "4.6", R.DRAW_ONLY_WHEN_UNABLE)


def test_api_at_four_cy_drew_but_it_is_anas_turn_is_refused(api: Any) -> None:
    state = table(ana=[9, 3]) | {"drew": "Cy"}
    state["players"].append({"name": "Dee", "hand": 5, "boosters": 2})
    assert refused_at(rule_api(api, state, play(9, "lower"))) == "state.drew"


def test_api_a_log_where_cy_breaks_his_own_call_after_two_passes_on_the_empty_deck(
    api: Any,
) -> None:
    state = table(ana=[3, 5], ben=[2, 4], cy=[5, 12], deck=0)
    log = [draw(), draw(player="Ben"), play(5, "higher", player="Cy")]
    ruling = api_says(rule_api(api, state, moves=log), False, "4.7", R.CALL_AFTER_A_DRAW)
    assert ruling["first_illegal"] == 2 and ruling["first_illegal_by"] == "Cy"
