"""Hyperstar Run: a ninth round of disputes brought over HTTP, written before they were run.
The website's question forms are POSTed as a browser sends them to
/games/hyperstar-run/disputes/<question>/, and the ruling page must quote the deciding rule in
large type (#deciding). The rest go to POST /api/v1/games/hyperstar-run/rulings (single moves,
logs, boards that cannot exist) and to the tools, POST /api/v1/games/hyperstar-run/tools/<tool>.

Boards are written as in tests/games/hyperstar_run/helpers.py: the level's cards are L1, L2,
..., then the Level Cards in hand, then the discard pile; E1 [A B] and E2 [C D] in hand. The
form, ruling and tool helpers are the eighth round's."""

from __future__ import annotations

from typing import Any

import pytest

from games.hyperstar_run import reasons as R
from tests.cardsdb.test_hyperstar_run_disputes_eighth_round import (
    COMBO,
    PAY,
    api_says,
    ask,
    page_says,
    refused_form,
    rule_api,
    tool,
)
from tests.games.hyperstar_run.helpers import (
    END_RUN,
    JSON,
    KEY,
    ability,
    board,
    discard,
    face,
    pass_card,
    press,
    tutorial_run,
)

pytestmark = pytest.mark.django_db

# ----- the website's question forms


def test_form_a_three_star_enemy_paid_with_a_b_and_c() -> None:
    """[* * *] paid with Level Cards showing A, B and C: any button pays a star (5.2)."""
    sent = PAY | {"cost": "* * *", "discard_level_buttons": "A B C"}
    page_says(ask("can-i-pay", **sent), True, "5.2")


def test_form_an_a_a_start_cost_paid_with_an_a_and_e1s_a() -> None:
    """Start cost [A A]: a discarded A, and E1 [A B] discarded for its A (its B lost). Two
    matching buttons start the combo. Written first as 7.2: where an Equipment Card gives fewer
    buttons than it shows, the lost button (5.6) decides, as an earlier ruling on a start cost
    paid that way settles."""
    sent = PAY | {
        "cost": "A A",
        "discard_level_buttons": "A",
        "discard_equipment_buttons": "A B",
        "equipment_buttons_used": "A",
    }
    page_says(ask("can-i-pay", **sent, cost_kind="combo-start"), True, "5.6")


def test_form_pressing_card_1_on_the_fourth_run_with_the_hero_on_card_2() -> None:
    page = ask("can-i-press", run=4, current_card=2, press_card=1, press_card_button="D")
    page_says(page, True, "5.5")


def test_form_continuing_a_combo_on_the_card_whose_ability_i_used() -> None:
    """The ability was used on the current card during the combo: the combo ended (7.6)."""
    page = ask("can-i-continue-my-combo", **COMBO, ability_used_on_current_card=True)
    page_says(page, False, "7.6")


def test_form_paying_for_an_ability_by_flipping_on_run_three() -> None:
    # Written first as 6.2; an earlier ruling shows 6.1 (you may use the ability) for a flip,
    # 6.2 for the discard of a face-down card.
    page = ask(
        "can-i-use-this-ability", run=3, current_card=4, pay_by="flipping a face-up hand card"
    )
    page_says(page, True, "6.1")


def test_form_the_first_run_of_a_tutorial_game_ends_on_the_final_card() -> None:
    """Card 9 is the final card and you cannot pass it on run 1: the run ends, no loss (8.1)."""
    page = ask("what-happens-when-my-run-ends", difficulty="tutorial", run=1, current_card=9)
    page_says(page, True, "8.1")


def test_form_combo_pro_won_on_run_one_with_four_unpressed_cards() -> None:
    page = ask(
        "did-i-earn-this-achievement",
        achievement="combo-pro",
        won_on_run=1,
        equipment_cards_left_in_hand=0,
        unpressed_cards_left_in_level=4,
    )
    page_says(page, True, "11.5")


def test_form_well_equipped_won_on_run_four_with_one_equipment_card() -> None:
    page = ask(
        "did-i-earn-this-achievement",
        achievement="well-equipped",
        won_on_run=4,
        equipment_cards_left_in_hand=1,
        unpressed_cards_left_in_level=1,
    )
    page_says(page, True, "11.3")


def test_form_pressing_card_8_on_run_four_of_a_hard_game_is_refused() -> None:
    """Run 4 of Hard leaves 8 cards: card 8 is the final card, never behind the hero."""
    page = refused_form(
        "can-i-press",
        difficulty="hard",
        run=4,
        current_card=8,
        press_card=9,
        press_card_button="A",
    )
    assert "press_card" in page


# ----- the API


def test_api_discarding_a_card_from_further_along_the_level(api: Any) -> None:
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A *"), face("A")])
    move = pass_card("enemy", discard("L4", "A"), discard("L11", "B"))
    api_says(rule_api(api, state, move), False, "5.4")


def test_api_a_log_that_combos_then_presses_the_combos_first_card(api: Any) -> None:
    """Card 1's [A A] start paid with L10 [A] and E1's A; card 2's [B] continue cost paid
    with L11 [B]. Card 3 has no line: its [C] enemy is paid by pressing card 1 [C], passed this
    run. No flag: the log needs no reading."""
    level = [
        face("C", enemy="D D D", start="A A", line="R red"),
        face("D", enemy="D D D", start="D D", cont="B", line="L red"),
        face("A", enemy="C"),
    ]
    state = board("tutorial", level=level, hand=[face("A"), face("B"), face("B")])
    log = [
        pass_card("combo-start", discard("L10", "A"), discard("E1", "A")),
        pass_card("combo-continue", discard("L11", "B")),
        pass_card("enemy", press("L1", "C")),
    ]
    ruling = rule_api(api, state, moves=log)
    assert ruling.status_code == 200, ruling.content.decode()[:1000]
    body: JSON = ruling.json()
    assert body["verdict"] == "legal" and not body["game_over"], body["answer"]
    assert body["readings_deciding"] == []


def test_api_a_log_that_ends_run_one_and_then_presses_in_run_two_before_passing(
    api: Any,
) -> None:
    """Run 1 stops at card 1 ([D D D], nothing pays it). Run 2 begins on L2 with nothing passed
    this run; pressing L2, the card under the hero, for its own cost breaks 5.5."""
    level = [face("C", enemy="D D D"), face("A", enemy="A")]
    state = board(
        "tutorial", level=level, hand=[face("A"), face("B"), face("B")], equipment=("A B", "A B")
    )
    log = [END_RUN, pass_card("enemy", press("L2", "A"))]
    ruling = api_says(rule_api(api, state, moves=log), False, "5.5")
    assert ruling["first_illegal"] == 1


def test_api_an_ability_paid_by_flipping_a_card_from_the_level(api: Any) -> None:
    """Flipping for an ability takes a face-up card in your HAND (6.2); L1 is in the level."""
    state = tutorial_run(level=[face("A"), face("B"), face("C", enemy="A B", ability="Peek")])
    api_says(rule_api(api, state, ability("flip", "L1")), False, "6.2")


def test_api_a_start_cost_during_a_combo_paid_with_a_c_and_e2s_c(api: Any) -> None:
    """A combo runs into card 3; you pay its [C C] start cost with L12 [C] and E2's C instead
    of its [B] continue cost: our reading lets a new combo start, flagged. Written first as
    7.2: E2's D is lost, and the lost button (5.6) is shown as deciding over the combo."""
    level = [
        face("A"),
        face("B", line="R red"),
        face("A", enemy="D D D", start="C C", cont="B", line="L red"),
    ]
    state = tutorial_run(level=level, combo=True)
    move = pass_card("combo-start", discard("L12", "C"), discard("E2", "C"))
    api_says(rule_api(api, state, move), True, "5.6", R.START_DURING_COMBO)


def test_api_a_first_run_hand_of_four_level_cards(api: Any) -> None:
    """Run 1 with L13 dealt into the hand as a fourth Level Card. Written first as refused
    (400 at the hand), and the test built the board wrongly; such a table is a setup the
    player can make, ruled illegal by the rule it breaks: 3 dealt, the rest set aside (2.3)."""
    state = tutorial_run()
    state["hand"].insert(3, {"card": "L13", "face_up": True})
    state["set_aside"].remove("L13")
    move = pass_card("enemy", discard("L10", "A"), discard("L11", "B"))
    api_says(rule_api(api, state, move), False, "2.3")


# ----- the tools


def test_tool_setup_with_an_unknown_difficulty_is_refused(api: Any) -> None:
    response = tool(api, "setup", {"difficulty": "legendary"})
    assert response.status_code == 400
    assert response.json()["error"]["details"][0]["field"] == "difficulty"


def test_tool_setup_for_speed_runner_at_hard(api: Any) -> None:
    answer = tool(api, "setup", {"challenge": "speed-runner"}).json()
    assert answer["difficulty"] == "hard" and answer["level_cards"] == 11
    assert answer["set_aside"] == 1
    assert answer["deciding_rule"] == KEY + "12.1"


def test_tool_best_line_on_a_fourth_run_that_cannot_pass_its_first_card(api: Any) -> None:
    """Run 4, card 1 asks [D D D D] and nothing shows four Ds: no card passes this run, and
    the game is lost there (8.2)."""
    level: list[JSON | None] = [face("A", enemy="D D D D", start="D D")] + [
        face("A", enemy="A")
    ] * 5
    hand = [face("A"), face("B"), face("B"), face("B"), face("B"), face("B")]
    state = board("tutorial", run=4, level=level, hand=hand, equipment=("A B", "A B"))
    response = tool(api, "best-line", {"state": state})
    assert response.status_code == 200, response.content.decode()[:1000]
    answer = response.json()
    assert answer["this_run"]["cards_passed"] == 0
    assert answer["winnable"] is False
    assert answer["deciding_rule"] == KEY + "8.2", answer["deciding_rule"]
