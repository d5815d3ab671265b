"""'How do we set up?' on the website, over HTTP: for each game with a setup tool, a player
picks what the setup depends on in a plain GET form (players, difficulty, mini-expansions) and
reads the setup in words, each step citing its rule by number; a bad choice comes back at its
field, never a 500; the JSON stays behind "For developers"."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.higher_lower.setup import setup_plan as higher_lower_plan
from games.hyperstar_run.runs import setup_plan as hyperstar_plan
from games.star_realms_high_alert.setup import setup_plan as high_alert_plan

pytestmark = pytest.mark.django_db


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


def page(web: Client, slug: str, query: str = "", status: int = 200) -> str:
    response = web.get(f"/games/{slug}/tools/setup/{query}")
    assert response.status_code == status, response.content[:400]
    return response.content.decode()


def for_players(text: str) -> str:
    """What a player reads: the page's words outside the developers' disclosure, unescaped."""
    text = re.sub(r'<details class="developers">.*?</details>', "", text, flags=re.S)
    text = re.sub(r"<(style|script)[^>]*>.*?</\1>", "", text, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)))


def steps(text: str) -> list[str]:
    """Each step of the setup as shown, with its rule links."""
    found = re.search(r'<ol class="setup-steps" id="setup-steps">(.*?)</ol>', text, re.S)
    assert found, "no setup steps on the page"
    return re.findall(r"<li>(.*?)</li>", found.group(1), re.S)


def cites(step: str, slug: str, number: str) -> bool:
    rules = reverse("web:rules", args=[slug])
    return f'<a href="{rules}#{number}">rule {number}</a>' in step


def field_error(text: str, name: str) -> str:
    found = re.search(rf'<small class="error-text" id="setup-{name}-error">(.*?)</small>', text)
    assert found, f"no error at the {name} field"
    return html.unescape(found.group(1))


def cited_numbers(text: str) -> set[str]:
    return {n for step in steps(text) for n in re.findall(r">rule ([\d.]+)</a>", step)}


# ----------------------------------------------------------------- Higher or Lower


def test_four_players_are_dealt_ten_cards_each_and_twenty_stay_in_the_deck(web: Client) -> None:
    text = page(web, "higher-lower", "?players=4")
    shown = steps(text)
    assert "deal 10 to each of the 4 players" in shown[0]
    assert cites(shown[0], "higher-lower", "3.1")
    assert "Put the other 20 face down as the deck" in shown[1]
    assert cites(shown[1], "higher-lower", "3.2")
    assert "Put the other 18 face down as the booster deck" in shown[3]
    assert cites(shown[3], "higher-lower", "3.4")
    assert cites(shown[5], "higher-lower", "3.6")
    words = for_players(text)
    assert "to each of the 4 players. 20 playing cards stay in the deck and 18 in" in words
    assert "higher-lower:" not in words and "{" not in words


def test_six_players_leave_no_deck_to_draw_from(web: Client) -> None:
    shown = steps(page(web, "higher-lower", "?players=6"))
    assert "No card is left for the deck: it starts empty." in shown[1]
    assert "the other 0" not in shown[1]


def test_the_page_opens_with_the_setup_for_four_players(web: Client) -> None:
    text = page(web, "higher-lower")
    assert 'name="players" value="4"' in text
    assert "The setup for 4 players" in text


@pytest.mark.parametrize("players", ["9", "1", "lots"])
def test_a_table_no_deck_can_deal_is_an_error_at_the_players_field(
    web: Client, players: str
) -> None:
    text = page(web, "higher-lower", f"?players={players}", status=400)
    assert "from 2 to 6" in field_error(text, "players")
    assert 'aria-invalid="true"' in text
    assert 'id="setup-steps"' not in text


# ----------------------------------------------------------------- Hyperstar Run


def test_hard_lays_eleven_cards_and_sets_one_aside(web: Client) -> None:
    text = page(web, "hyperstar-run", "?difficulty=hard")
    shown = steps(text)
    assert "lay 11 face down in a row" in shown[0]
    assert cites(shown[0], "hyperstar-run", "2.1") and cites(shown[0], "hyperstar-run", "2.2")
    assert "set the 1 left over aside for the game" in shown[1]
    assert cites(shown[1], "hyperstar-run", "2.3")
    words = for_players(text)
    assert "Lay 11 Level Cards face down in the level" in words
    assert "5 cards in your hand: 3 Level Cards and 2 Equipment Cards" in words
    assert "hyperstar-run:" not in words


def test_the_combo_pro_challenge_is_set_up_at_expert(web: Client) -> None:
    text = page(web, "hyperstar-run", "?difficulty=expert&challenge=combo-pro")
    shown = steps(text)
    assert "The Combo Pro challenge is played at Expert." in shown[0]
    assert cites(shown[0], "hyperstar-run", "12.1") and cites(shown[0], "hyperstar-run", "12.2")
    assert "lay 12 face down" in shown[1]
    assert "No Level Card is left over." in for_players(text)


def test_a_challenge_at_the_wrong_difficulty_is_an_error_at_the_challenge(web: Client) -> None:
    text = page(web, "hyperstar-run", "?difficulty=standard&challenge=combo-pro", status=400)
    assert "played at Expert" in field_error(text, "challenge")
    assert 'id="setup-steps"' not in text


def test_a_difficulty_the_game_lacks_is_an_error_at_the_difficulty(web: Client) -> None:
    text = page(web, "hyperstar-run", "?difficulty=nightmare", status=400)
    assert "Choose one of the four difficulties." in field_error(text, "difficulty")


# ----------------------------------------------------------------- High Alert


def test_tech_and_heroes_add_twenty_four_cards_and_the_sheet_leaves_the_base_game_open(
    web: Client,
) -> None:
    text = page(web, "star-realms-high-alert", "?expansions=tech&expansions=heroes&ask=1")
    shown = steps(text)
    assert "Take the Tech cards (12," in shown[0]
    assert cites(shown[0], "star-realms-high-alert", "1.4")
    assert "Take the Heroes cards (12," in shown[1]
    assert cites(shown[1], "star-realms-high-alert", "1.6")
    assert "Shuffle these 24 cards into the trade deck." in shown[2]
    assert cites(shown[2], "star-realms-high-alert", "2.4")
    words = for_players(text)
    assert "Shuffle 24 High Alert cards into the trade deck: 12 from Tech, 12 from Heroes." in words
    assert "2 × Laser" in words
    assert "What the sheet leaves open" in words
    assert "not on the High Alert sheet" in words
    assert "star-realms-high-alert:" not in words and "requisition" not in words


def test_tech_and_heroes_say_the_setup_turns_on_our_reading_of_rule_2_3(web: Client) -> None:
    text = page(web, "star-realms-high-alert", "?expansions=tech&expansions=heroes&ask=1")
    assert cites(steps(text)[2], "star-realms-high-alert", "2.3")
    banner = re.search(r'<p class="show-note reading-turns"[^>]*>(.*?)</p>', text, re.S)
    assert banner, "no reading flagged on the setup"
    said = for_players(banner.group(1))
    assert "turns on our reading of a point the rulebook leaves open" in said
    assert "Read the other way: No, this is not a correct setup: Tech and Heroes make 2" in said
    clarifications = reverse("web:clarifications", args=["star-realms-high-alert"])
    assert f'href="{clarifications}#two-or-three-mini-expansions"' in banner.group(1)


@pytest.mark.parametrize("query", ["?expansions=tech&ask=1", ""])
def test_one_pack_or_all_four_flag_no_reading(web: Client, query: str) -> None:
    assert "reading-turns" not in page(web, "star-realms-high-alert", query)


def test_the_page_opens_with_all_four_mini_expansions(web: Client) -> None:
    assert (
        "Shuffle these 48 cards into the trade deck."
        in steps(page(web, "star-realms-high-alert"))[-1]
    )


@pytest.mark.parametrize("query", ["?ask=1", "?expansions=bogus&ask=1"])
def test_no_mini_expansion_ticked_is_an_error_at_the_list(web: Client, query: str) -> None:
    text = page(web, "star-realms-high-alert", query, status=400)
    assert "mini-expansion" in field_error(text, "expansions")


# ----------------------------------------------------------------- every game


CASES = [
    ("higher-lower", "?players=3", higher_lower_plan(3).rules),
    ("hyperstar-run", "?difficulty=tutorial", hyperstar_plan("tutorial").rules),
    (
        "hyperstar-run",
        "?difficulty=standard&challenge=well-equipped",
        hyperstar_plan(None, "well-equipped").rules,
    ),
    (
        "star-realms-high-alert",
        "?expansions=invasion&ask=1",
        high_alert_plan(["invasion"]).rules,
    ),
]


@pytest.mark.parametrize(("slug", "query", "keys"), CASES)
def test_every_rule_the_setup_rests_on_is_cited_at_a_step(
    web: Client, slug: str, query: str, keys: list[str]
) -> None:
    text = page(web, slug, query)
    assert cited_numbers(text) == {key.split(":", 1)[1] for key in keys}
    assert all(re.search(r">rule [\d.]+</a>", step) for step in steps(text))


@pytest.mark.parametrize("slug", ["higher-lower", "hyperstar-run", "star-realms-high-alert"])
def test_the_game_page_links_its_setup_page(web: Client, slug: str) -> None:
    response = web.get(f"/games/{slug}/")
    assert response.status_code == 200
    found = re.search(r'<li id="tool-setup">(.*?)</li>', response.content.decode(), re.S)
    assert found, "no setup tool on the game page"
    assert f'href="/games/{slug}/tools/setup/"' in found.group(1)
    assert "For apps and bots" not in found.group(1)
