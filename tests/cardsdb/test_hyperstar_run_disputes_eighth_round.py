"""Hyperstar Run: an eighth round of disputes brought over HTTP, written before they were run.
The website's question forms are POSTed as a browser sends them to
/games/hyperstar-run/disputes/<question>/, and the ruling page must quote the deciding rule in
large type (#deciding). The rest go to POST /api/v1/games/hyperstar-run/rulings (single moves,
logs, boards that cannot exist) and to the tools, POST /api/v1/games/hyperstar-run/tools/<tool>.

Boards are written as in tests/games/hyperstar_run/helpers.py: the level's cards are L1, L2,
..., then the Level Cards in hand, then the discard pile; E1 [A B] and E2 [C D] in hand."""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest

from games.hyperstar_run import reasons as R
from tests.cardsdb import disputes
from tests.cardsdb.disputes import page_says, refused_at
from tests.games.hyperstar_run.helpers import (
    JSON,
    KEY,
    board,
    discard,
    face,
    pass_card,
    press,
    tutorial_run,
)

pytestmark = pytest.mark.django_db

SLUG = "hyperstar-run"
ask = partial(disputes.ask, SLUG)
rule_api = partial(disputes.rule_api, slug=SLUG)
api_says = partial(disputes.api_says, slug=SLUG)
refused_form = partial(disputes.refused_form, SLUG)


# ----- the website's question forms

PAY = {
    "run": 1,
    "current_card": 2,
    "cost": "",
    "discard_level_buttons": "",
    "discard_equipment_buttons": "",
    "equipment_buttons_used": "",
    "press_buttons": "",
}


def test_form_an_a_b_enemy_paid_with_a_discarded_a_and_card_1_pressed_for_its_b() -> None:
    """Card 1, passed this run, shows [B]: pressing it pays the B (5.5)."""
    sent = PAY | {"cost": "A B", "discard_level_buttons": "A", "press_buttons": "B"}
    page = ask("can-i-pay", **sent)
    page_says(page, True, "5.5")


def test_form_a_star_star_enemy_paid_with_both_buttons_of_one_equipment_card() -> None:
    page = ask("can-i-pay", **PAY | {"cost": "* *", "discard_equipment_buttons": "A B"})
    page_says(page, True, "5.2")


def test_form_a_c_c_start_cost_paid_with_a_c_and_a_d() -> None:
    """Written first as 7.2 ("two matching buttons"). The D does not match the cost's C icon:
    the rule every cost is paid by decides, as for the same payment made on a board (5.1)."""
    sent = PAY | {"cost": "C C", "discard_level_buttons": "C D"}
    page = ask("can-i-pay", **sent, cost_kind="combo-start")
    page_says(page, False, "5.1")


def test_form_pressing_the_card_the_hero_is_on() -> None:
    page = ask("can-i-press", run=1, current_card=3, press_card=3, press_card_button="A")
    page_says(page, False, "5.5")


def test_form_pressing_card_2_on_run_2_with_the_hero_on_card_4() -> None:
    page = ask("can-i-press", run=2, current_card=4, press_card=2, press_card_button="B")
    page_says(page, True, "5.5")


COMBO = {
    "run": 1,
    "current_card": 3,
    "previous_line_colour": "red",
    "current_line_colour": "red",
    "continue_cost": "B",
    "button_played": "B",
}


def test_form_continuing_after_a_continue_cost_on_the_card_before() -> None:
    page = ask("can-i-continue-my-combo", **COMBO, previous_card_passed_with="combo continue cost")
    page_says(page, True, "7.3")


def test_form_continuing_with_an_a_for_a_b_continue_cost() -> None:
    page = ask("can-i-continue-my-combo", **COMBO | {"button_played": "A"})
    page_says(page, False, "5.1")


def test_form_continuing_when_the_card_before_stops_short_of_its_right_edge() -> None:
    page = ask("can-i-continue-my-combo", **COMBO, previous_line_reaches_right=False)
    page_says(page, False, "7.4")


def test_form_continuing_from_a_blue_line_into_a_red_one() -> None:
    page = ask("can-i-continue-my-combo", **COMBO | {"previous_line_colour": "blue"})
    page_says(page, True, "7.3", turns_on=1)


def test_form_paying_for_an_ability_by_discarding_a_face_down_card_i_do_not_hold() -> None:
    page = ask(
        "can-i-use-this-ability",
        run=1,
        current_card=2,
        pay_by="discarding my face-down hand card",
    )
    page_says(page, False, "6.2")


def test_form_paying_for_an_ability_by_discarding_my_face_down_card() -> None:
    page = ask(
        "can-i-use-this-ability",
        run=2,
        current_card=3,
        face_down_card_in_hand=True,
        pay_by="discarding my face-down hand card",
    )
    # Written first as 6.4. Discarding the face-down card is the way of paying that 6.2 gives;
    # 6.4 decides where you would pay another way while holding one.
    page_says(page, True, "6.2")


def test_form_the_second_run_of_an_expert_game_ends_at_card_5() -> None:
    page = ask("what-happens-when-my-run-ends", difficulty="expert", run=2, current_card=5)
    page_says(page, True, "8.1")


def test_form_the_fourth_run_of_a_hard_game_ends_at_card_7() -> None:
    page = ask("what-happens-when-my-run-ends", difficulty="hard", run=4, current_card=7)
    page_says(page, True, "8.2")


def test_form_well_equipped_with_both_equipment_cards_kept() -> None:
    page = ask(
        "did-i-earn-this-achievement",
        achievement="well-equipped",
        won_on_run=2,
        equipment_cards_left_in_hand=2,
        unpressed_cards_left_in_level=1,
    )
    page_says(page, True, "11.3")


def test_form_speed_runner_won_on_the_third_run() -> None:
    page = ask(
        "did-i-earn-this-achievement",
        achievement="speed-runner",
        won_on_run=3,
        equipment_cards_left_in_hand=0,
        unpressed_cards_left_in_level=1,
    )
    page_says(page, True, "11.4")


# ----- the API: POST /api/v1/games/hyperstar-run/rulings


SETUP: JSON = {"kind": "setup"}


def test_api_a_setup_with_the_hero_above_card_2(api: Any) -> None:
    state = board("tutorial", hero=1, face_down_level=(0,))
    api_says(rule_api(api, state, SETUP), False, "2.5")


def test_api_a_standard_setup_with_e2_in_the_discard_pile(api: Any) -> None:
    state = board("standard", equipment_discarded=(False, True))
    api_says(rule_api(api, state, SETUP), False, "2.4")


def test_api_an_expert_setup_as_the_book_lays_it(api: Any) -> None:
    api_says(rule_api(api, board("expert"), SETUP), True, "2.1")


def test_api_a_whole_tutorial_run_pressed_card_by_card_to_the_win(api: Any) -> None:
    """Every card shows [A] with an [A] enemy: L10 pays card 1, then each card is paid by
    pressing the one before it."""
    level: list[JSON | None] = [face("A", enemy="A")] * 9
    state = board("tutorial", level=level, hand=[face("A"), face("B"), face("B")])
    log = [pass_card("enemy", discard("L10", "A"))]
    log += [pass_card("enemy", press(f"L{i}", "A")) for i in range(1, 9)]
    ruling = api_says(rule_api(api, state, moves=log), True, "9.1")
    assert ruling["game_over"] and ruling["winner"]
    assert ruling["result"]


def test_api_a_log_that_presses_card_1_twice(api: Any) -> None:
    level: list[JSON | None] = [face("A", enemy="A"), face("B", enemy="A"), face("C", enemy="A")]
    state = board("tutorial", level=level, hand=[face("A"), face("B"), face("B")])
    log = [
        pass_card("enemy", discard("L10", "A")),
        pass_card("enemy", press("L1", "A")),
        pass_card("enemy", press("L1", "A")),
    ]
    ruling = api_says(rule_api(api, state, moves=log), False, "5.5", R.PRESSED_ONCE)
    # Written first with `first_illegal_by` "you": the field names a player in games of
    # several; in a game played alone it is empty and the answer says "move 3 breaks".
    assert ruling["first_illegal"] == 2 and ruling["first_illegal_by"] is None
    assert not ruling["game_over"]


def test_api_a_combo_start_cost_paid_during_a_running_combo(api: Any) -> None:
    level = [
        face("A"),
        face("B", line="R blue"),
        face("A", enemy="D D D", start="C C", cont="B", line="L blue"),
    ]
    state = tutorial_run(level=level, hand=[face("C"), face("C"), face("B")], combo=True)
    move = pass_card("combo-start", discard("L10", "C"), discard("L11", "C"))
    api_says(rule_api(api, state, move), True, "7.2", R.START_DURING_COMBO)


def test_api_a_fifth_run_is_refused(api: Any) -> None:
    state = tutorial_run()
    state["run"] = 5
    assert refused_at(rule_api(api, state, pass_card("enemy", discard("L10", "A")))) == (
        "state.run"
    )


def test_api_a_card_both_in_the_level_and_in_hand_is_refused(api: Any) -> None:
    state = tutorial_run()
    state["hand"][0]["card"] = "L4"
    field = refused_at(rule_api(api, state, pass_card("enemy", discard("L11", "A"))))
    assert field.startswith("state.hand")


# ----- the tools: POST /api/v1/games/hyperstar-run/tools/<tool>


def tool(api: Any, name: str, body: JSON) -> Any:
    return api.post(f"/api/v1/games/{SLUG}/tools/{name}", body, format="json")


def test_tool_setup_for_the_combo_pro_challenge_at_expert(api: Any) -> None:
    response = tool(api, "setup", {"challenge": "combo-pro"})
    assert response.status_code == 200
    answer = response.json()
    assert answer["difficulty"] == "expert" and answer["level_cards"] == 12
    assert answer["deciding_rule"] == KEY + "12.1"


def test_tool_setup_for_a_tutorial_game_sets_three_aside(api: Any) -> None:
    answer = tool(api, "setup", {"difficulty": "tutorial"}).json()
    assert (answer["level_cards"], answer["set_aside"]) == (9, 3)
    assert answer["deciding_rule"] == KEY + "2.1"


def test_tool_setup_with_neither_difficulty_nor_challenge_is_refused(api: Any) -> None:
    assert tool(api, "setup", {}).status_code == 400


def test_tool_best_line_through_a_level_of_a_enemies_on_run_one(api: Any) -> None:
    level: list[JSON | None] = [face("A", enemy="A")] * 9
    state = board("tutorial", level=level, hand=[face("A"), face("B"), face("B")])
    response = tool(api, "best-line", {"state": state})
    assert response.status_code == 200
    answer = response.json()
    assert answer["winnable"] is True and answer["this_run"]["cards_passed"] == 9
    assert answer["deciding_rule"] == KEY + "9.1"
    assert answer["readings_deciding"] == []


def test_tool_best_line_with_a_hero_past_the_level_is_refused(api: Any) -> None:
    state = board("tutorial")
    state["hero"] = 11
    response = tool(api, "best-line", {"state": state})
    assert response.status_code == 400
    assert response.json()["error"]["details"][0]["field"] == "state.hero"


# ----- written after the fixes: set-aside cards, and places past the end of the level


def test_form_a_fourth_tutorial_run_ending_at_card_9_is_refused_at_the_card() -> None:
    """Run 4 of Tutorial leaves 6 cards in the level: card 9 is not there (it was ruled as
    card 6, the final card)."""
    page = refused_form(
        "what-happens-when-my-run-ends", difficulty="tutorial", run=4, current_card=9
    )
    assert "current_card" in page and "no card 9" in page


def test_form_pressing_card_9_on_the_third_run_of_a_standard_game_is_refused() -> None:
    page = refused_form("can-i-press", run=3, current_card=8, press_card=9, press_card_button="A")
    assert "press_card" in page and "no card 9" in page


def test_form_paying_on_card_10_of_a_second_standard_run_is_refused() -> None:
    """Run 2 of Standard has 9 cards: paying "the final card" at card 10 won the game."""
    sent = PAY | {"run": 2, "current_card": 10, "cost": "A", "discard_level_buttons": "A"}
    page = refused_form("can-i-pay", **sent)
    assert "current_card" in page


def test_form_combo_pro_with_no_unpressed_card_is_refused() -> None:
    """The final card passed is never pressed: 0 unpressed cards is a game not won."""
    page = refused_form(
        "did-i-earn-this-achievement",
        achievement="combo-pro",
        won_on_run=1,
        equipment_cards_left_in_hand=0,
        unpressed_cards_left_in_level=0,
    )
    assert "unpressed_cards_left_in_level" in page


def test_api_pressing_a_set_aside_card_whose_face_is_not_given(api: Any) -> None:
    move = pass_card("enemy", press("L14", "A"), discard("L11", "B"))
    api_says(rule_api(api, tutorial_run(), move), False, "2.3")


def test_api_a_log_that_discards_a_set_aside_card_on_card_2(api: Any) -> None:
    level = [face("A", enemy="A"), face("B", enemy="B")]
    state = board("tutorial", level=level, hand=[face("A"), face("C"), face("C")])
    log = [pass_card("enemy", discard("L10", "A")), pass_card("enemy", discard("L15", "B"))]
    ruling = api_says(rule_api(api, state, moves=log), False, "2.3")
    assert ruling["first_illegal"] == 1
