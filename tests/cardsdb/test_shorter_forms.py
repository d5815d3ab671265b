"""The most common questions, shorter (issue 26): Battle Arena's Hero picked by its printing
fills the Power and weapon the card prints (nothing asked that the card fixes); High Alert's
cards in play are named, and their factions and symbols worked out from the cards. Over HTTP,
as the browser sends the forms."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from cardsdb.web.schema_forms import default_post
from games.bo_jackson_battle_arena.questions import WhoWinsThisBattle
from games.star_realms_high_alert.questions import AllyLiveForm

pytestmark = pytest.mark.django_db

BATTLE = "/games/bo-jackson-battle-arena/disputes/who-wins-this-battle/"
ALLY = "/games/star-realms-high-alert/disputes/ally-live/"


def _load(slug: str) -> None:
    from cardsdb.loaders import fixtures_load

    fixtures_load([Path(settings.FIXTURES_DIR) / slug])


def _text(response: Any) -> str:
    return html.unescape(response.content.decode())


def test_a_hero_picked_by_its_printing_fights_with_the_power_and_weapon_it_prints() -> None:
    """Bandelero BL-G55 prints 120 Power and a Glow weapon: the Power field left at its
    default (100) is not what is ruled on. Against 110, you win."""
    _load("bo-jackson-battle-arena")
    web = Client()
    sent = {**default_post(WhoWinsThisBattle), "my_hero": "bandelero bl-g55"}
    sent["opponent_hero_power"] = "110"
    page = _text(web.post(BATTLE, sent, follow=True))
    assert "You win battle 1." in page
    assert "120" in page and "Glow" in page


def test_a_hero_named_without_its_printing_keeps_the_power_typed() -> None:
    """Bandelero's printings differ in Power: the name alone fixes none, so the Power typed
    is the one ruled on (110 against 115: your opponent wins)."""
    _load("bo-jackson-battle-arena")
    web = Client()
    sent = {**default_post(WhoWinsThisBattle), "my_hero": "Bandelero"}
    sent |= {"my_hero_power": "110", "opponent_hero_power": "115"}
    page = _text(web.post(BATTLE, sent, follow=True))
    assert "Your opponent wins battle 1." in page


def test_ally_question_takes_cards_in_play_by_printed_name() -> None:
    """Hellfire (Star Empire) with Cargo Raptor named in play: its faction is the card's."""
    web = Client()
    sent = {**default_post(AllyLiveForm)}
    sent["cards_in_play"] = ["cargo raptor", ""]  # one box filled, in any case
    page = _text(web.post(ALLY, sent, follow=True))
    assert "Cargo Raptor in play triggers it" in page


def test_ally_question_names_a_misspelt_card_at_its_field() -> None:
    web = Client()
    sent = {**default_post(AllyLiveForm), "cards_in_play": ["Cargo Raptr"]}
    response = web.post(ALLY, sent, follow=True)
    assert response.status_code == 400
    assert "did you mean Cargo Raptor?" in _text(response)
