"""Bringing a dispute to the website, as the tests of each game's pages do: the question forms
as a browser POSTs them to /games/<slug>/disputes/<question>/, the JSON box, and
POST /api/v1/games/<slug>/rulings."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from typing import Any

from django.test import Client

from cardsdb.web.schema_forms import default_post, form_fields
from games import registry

JSON = dict[str, Any]
_DECIDING = re.compile(
    r'<blockquote class="deciding" id="deciding">.*?Rule <a [^>]*>([0-9.]+)</a>', re.DOTALL
)
_TURNS = re.compile(r'class="show-note reading-turns" data-reading="([^"]+)"')
_ANSWER = re.compile(r'id="answer"[^>]*>[^<]*')


def settle(web: Client, state: dict[str, Any], move: dict[str, Any], *, slug: str) -> str:
    """Bring a dispute through the website's JSON box; the URL of the ruling page."""
    body = json.dumps({"state": state, "move": move})
    response = web.post(f"/games/{slug}/disputes/json/", {"dispute": body})
    assert response.status_code == 302, response.content.decode()[:2000]
    return response["Location"]


def form(slug: str, question: str, **fields: Any) -> dict[str, str]:
    """What the browser sends: the form as it opens, with the fields the player changed.

    True ticks a checkbox and False clears it; a list fills a text area a line each, or, for a
    stepper per option (`counts`), how many times each option appears in it."""
    model = next(q.form for q in registry[slug].questions if q.slug == question)
    sent: dict[str, str] = default_post(model)
    counts = {f.name: f for f in form_fields(model) if f.widget == "counts"}
    for name, value in fields.items():
        if name in counts:
            for i, choice in enumerate(counts[name].choices):
                sent[f"{name}--{i}"] = str(value.count(choice.value))
        elif isinstance(value, bool):
            if value:
                sent[name] = "on"
            else:
                sent.pop(name, None)
        elif isinstance(value, list):
            sent[name] = "\n".join(str(v) for v in value)
        else:
            sent[name] = str(value)
    return sent


def ask(slug: str, question: str, **fields: Any) -> str:
    """POST a question form; the ruling page its answer redirects to (302), unescaped."""
    web = Client()
    response = web.post(f"/games/{slug}/disputes/{question}/", form(slug, question, **fields))
    assert response.status_code == 302, html.unescape(response.content.decode())[:3000]
    return html.unescape(web.get(response["Location"]).content.decode())


def refused_form(slug: str, question: str, **fields: Any) -> str:
    """POST a question form that must be refused (400); the page, unescaped."""
    response = Client().post(f"/games/{slug}/disputes/{question}/", form(slug, question, **fields))
    assert response.status_code == 400, response.status_code
    return html.unescape(response.content.decode())


def brought(state: JSON, move: JSON, *, slug: str) -> str:
    """The ruling page of a dispute brought through the website's JSON box, unescaped."""
    web = Client()
    return html.unescape(web.get(settle(web, state, move, slug=slug)).content.decode())


def page_says(page: str, legal: bool, number: str, turns_on: int | Sequence[str] = 0) -> None:
    """The ruling page shows the verdict and quotes rule `number` in large type (#deciding).

    `turns_on` is how many readings of ours the answer is flagged as turning on, or the keys
    ("<slug>:<reading>") of exactly those readings."""
    verdict = "legal" if legal else "illegal"
    assert f'class="show verdict-{verdict}"' in page, _ANSWER.findall(page)
    quoted = _DECIDING.search(page)
    assert quoted is not None, "no deciding rule in large type"
    assert quoted.group(1) == number, (quoted.group(1), _ANSWER.findall(page))
    if isinstance(turns_on, int):
        assert page.count('class="show-note reading-turns"') == turns_on
    else:
        assert sorted(_TURNS.findall(page)) == sorted(k.split(":")[1] for k in turns_on)


def rule_api(
    api: Any,
    state: JSON,
    move: JSON | None = None,
    *,
    slug: str,
    moves: list[JSON] | None = None,
) -> Any:
    """POST /api/v1/games/<slug>/rulings with one move, or with a log of `moves`."""
    body: JSON = {"state": state}
    body |= {"moves": moves} if moves is not None else {"move": move}
    return api.post(f"/api/v1/games/{slug}/rulings", body, format="json")


def api_says(
    response: Any, legal: bool, number: str, *flagged: str, slug: str, flag_prefix: str = ""
) -> JSON:
    """A 200 ruling with this verdict, deciding rule "<slug>:<number>" and exactly the readings
    `flagged` in `readings_deciding` (each written after `flag_prefix`); the ruling."""
    assert response.status_code == 200, response.content.decode()[:1000]
    ruling: JSON = response.json()
    assert ruling["verdict"] == ("legal" if legal else "illegal"), ruling["answer"]
    key = f"{slug}:"
    assert ruling["deciding_rule"] == key + number, (ruling["deciding_rule"], ruling["answer"])
    assert [t["key"] for t in ruling["readings_deciding"]] == [flag_prefix + f for f in flagged]
    return ruling


def refused_at(response: Any) -> str:
    """A 400; the field its first error names."""
    assert response.status_code == 400, response.content.decode()[:1000]
    field: str = response.json()["error"]["details"][0]["field"]
    return field
