"""An app asks "How do we set up?" through the setup tool and gets, with each step, the rule
keys it rests on (`rules_by_step`), the same rules the setup page links: every key is a rule
in the game's fixtures, no step is left uncited, and the older fields stay as they were."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from cardsdb.fixtures_format import read_game_folder

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"

# (game, tool request, the setup page's query for the same choice)
ASKED = [
    ("higher-lower", {"players": 2}, "?players=2"),
    ("higher-lower", {"players": 6}, "?players=6"),
    ("hyperstar-run", {"difficulty": "tutorial"}, "?difficulty=tutorial"),
    ("hyperstar-run", {"difficulty": "expert"}, "?difficulty=expert"),
    ("hyperstar-run", {"challenge": "combo-pro"}, "?difficulty=expert&challenge=combo-pro"),
    ("star-realms-high-alert", {"expansions": ["tech"]}, "?expansions=tech"),
    (
        "star-realms-high-alert",
        {"expansions": ["requisition", "tech", "invasion", "heroes"]},
        "?expansions=requisition&expansions=tech&expansions=invasion&expansions=heroes",
    ),
]


def rule_keys(slug: str) -> set[str]:
    fx = read_game_folder(FIXTURES / slug)
    return {f"{slug}:{r.number}" for s in fx.rules.sections for r in s.rules}


def plan(api: Any, slug: str, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(f"/api/v1/games/{slug}/tools/setup", body, format="json")
    assert response.status_code == 200, response.content[:400]
    answer: dict[str, Any] = response.json()
    return answer


@pytest.mark.parametrize(("slug", "body", "query"), ASKED, ids=lambda x: str(x)[:40])
def test_each_step_of_the_setup_tool_cites_rules_that_exist(
    api: Any, slug: str, body: dict[str, Any], query: str
) -> None:
    found = plan(api, slug, body)
    assert isinstance(found["steps"], list) and isinstance(found["rules"], list)  # as before
    by_step = found["rules_by_step"]
    assert len(by_step) == len(found["steps"])
    assert all(keys for keys in by_step), "a step cites no rule"
    cited = {key for keys in by_step for key in keys}
    assert cited == set(found["rules"])
    assert cited <= rule_keys(slug), cited - rule_keys(slug)


@pytest.mark.parametrize(("slug", "body", "query"), ASKED, ids=lambda x: str(x)[:40])
def test_the_setup_page_links_the_rules_the_tool_gives_each_step(
    api: Any, slug: str, body: dict[str, Any], query: str
) -> None:
    found = plan(api, slug, body)
    response = Client().get(f"/games/{slug}/tools/setup/{query}")
    assert response.status_code == 200
    listing = re.search(r'<ol class="setup-steps" id="setup-steps">(.*?)</ol>', response.text, re.S)
    assert listing, "no setup steps on the page"
    shown = [
        {f"{slug}:{n}" for n in re.findall(r">rule ([\d.]+)</a>", step)}
        for step in re.findall(r"<li>(.*?)</li>", listing.group(1), re.S)
    ]
    assert shown == [set(keys) for keys in found["rules_by_step"]]
