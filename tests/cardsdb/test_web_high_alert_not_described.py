"""High Alert over HTTP, a turn described only in part: a question's ruling opens "What can I
do now?" on its position, which says in words what the question left out and offers the form
holding what it did describe, rather than listing options as if the rest were empty; a blank
Trade in the form is asked for at its field, never taken as 0 (issue 18)."""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pytest
from django.test import Client

from games.star_realms_high_alert.questions import AllyLiveForm, _build_ally
from tests.cardsdb import disputes

pytestmark = pytest.mark.django_db

SLUG = "star-realms-high-alert"
ruling_for = partial(disputes.settle, slug=SLUG)


@pytest.fixture
def web(db: Any) -> Client:
    return Client()


def test_an_ally_question_opens_what_can_i_do_now_asking_for_the_rest_of_the_turn(
    web: Client,
) -> None:
    state, move = _build_ally(AllyLiveForm())
    url = ruling_for(web, state, move)
    response = web.get(f"{url}options/")
    assert response.status_code == 200
    page = response.content.decode()
    said = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    assert (
        "your Trade, your tech, the trade row and any pending free-acquire effect were not "
        "described" in said
    )
    assert 'id="results"' not in page  # nothing listed as if the rest were empty
    form = re.search(r'<form method="post"[^>]*class="ha-state-form".*?</form>', page, re.S)
    assert form, "no form to describe the rest"
    # The ally form names the other cards in play (Cargo Raptor), so the form carries both by
    # printed name, and no faction count stands in for them.
    assert re.search(r'name="cards_in_play"[^>]*value="Hellfire, Cargo Raptor"', form.group(0))
    assert re.search(r'name="other_star-empire"[^>]*value=""', form.group(0))
    assert re.search(r'name="trade"[^>]*value=""', form.group(0))
    assert "state.trade" not in said


def test_a_blank_trade_is_asked_for_not_taken_as_nothing(web: Client) -> None:
    response = web.post(
        f"/games/{SLUG}/tools/options/",
        {"source": "form", "phase": "main", "trade": "", "trade_row": "The Armory"},
    )
    assert response.status_code == 400
    shown = re.search(r'id="problem"><p>(.*?)</p>', response.content.decode(), re.S)
    assert shown and "give the Trade you have" in shown.group(1)
