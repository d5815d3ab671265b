"""An app asks "How do we set up?" and gets, as with any ruling, the rule that settles the setup
asked about (`deciding_rule`) and the readings of open points it turns on (`readings_deciding`,
found by ruling that very setup), for every game with a setup tool; the setup page shows a
reading the setup turns on as High Alert's does, beside the reference ruling's question."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.test import Client

from games.core.readings import ReadingTurn
from games.higher_lower.rules import RULES as HIGHER_LOWER

pytestmark = pytest.mark.django_db

# (game, tool request, the setup page's query for the same choice, the deciding rule, flagged)
ASKED = [
    ("higher-lower", {"players": 2}, "?players=2", "higher-lower:3.1", []),
    ("higher-lower", {"players": 6}, "?players=6", "higher-lower:3.1", []),
    ("hyperstar-run", {"difficulty": "tutorial"}, "?difficulty=tutorial", "hyperstar-run:2.1", []),
    ("hyperstar-run", {"difficulty": "hard"}, "?difficulty=hard", "hyperstar-run:2.1", []),
    (
        "hyperstar-run",
        {"challenge": "speed-runner"},
        "?difficulty=hard&challenge=speed-runner",
        "hyperstar-run:12.1",
        [],
    ),
    (
        "star-realms-high-alert",
        {"expansions": ["tech", "heroes"]},
        "?expansions=tech&expansions=heroes&ask=1",
        "star-realms-high-alert:2.3",
        ["star-realms-high-alert:two-or-three-mini-expansions"],
    ),
]


def plan(api: Any, slug: str, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(f"/api/v1/games/{slug}/tools/setup", body, format="json")
    assert response.status_code == 200, response.content[:400]
    answer: dict[str, Any] = response.json()
    return answer


@pytest.mark.parametrize(("slug", "body", "query", "rule", "flagged"), ASKED, ids=str)
def test_the_setup_answer_names_its_deciding_rule_and_the_readings_it_turns_on(
    api: Any, slug: str, body: dict[str, Any], query: str, rule: str, flagged: list[str]
) -> None:
    found = plan(api, slug, body)
    assert found["deciding_rule"] == rule
    assert rule in found["rules"], "the deciding rule is one the setup rests on"
    assert [t["key"] for t in found["readings_deciding"]] == flagged
    for turn in found["readings_deciding"]:
        assert turn["other_answer"]


@pytest.mark.parametrize(("slug", "body", "query", "rule", "flagged"), ASKED, ids=str)
def test_the_setup_page_gives_the_same_answer_and_flags_only_what_it_turns_on(
    api: Any, slug: str, body: dict[str, Any], query: str, rule: str, flagged: list[str]
) -> None:
    response = Client().get(f"/games/{slug}/tools/setup/{query}")
    assert response.status_code == 200
    text = response.content.decode()
    shown = re.search(r"<pre>(.*?)</pre>", text, re.S)
    assert shown, "no answer for developers"
    answer = json.loads(html.unescape(shown.group(1)))
    assert answer["deciding_rule"] == rule
    banners = re.findall(r'<p class="show-note reading-turns"', text)
    assert len(banners) == len(flagged)


def test_a_setup_that_turned_on_a_reading_would_say_so_on_its_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Higher or Lower deal turns on no reading; were one found, the page says it as High
    Alert's does: the reference ruling's question, its link and what the other reading says."""
    real = HIGHER_LOWER.plan_setup

    def turning(players: int) -> Any:
        found = real(players)
        found.readings_deciding = [
            ReadingTurn(
                key="higher-lower:turns-go-left",
                other_verdict="illegal",
                other_answer="the player on the dealer's right opens.",
            )
        ]
        return found

    monkeypatch.setattr(HIGHER_LOWER, "plan_setup", turning)
    response = Client().get("/games/higher-lower/tools/setup/?players=3")
    assert response.status_code == 200
    banner = re.search(
        r'<p class="show-note reading-turns"[^>]*>(.*?)</p>', response.content.decode(), re.S
    )
    assert banner, "the reading is not shown"
    assert "turns on" in banner.group(1) and "#turns-go-left" in banner.group(1)
    said = html.unescape(banner.group(1))
    assert "Read the other way: the player on the dealer's right opens." in said
