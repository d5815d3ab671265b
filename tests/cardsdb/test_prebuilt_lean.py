"""The lean views of the prebuilt reads (cardsdb/api/prebuilt_views.py) against the DRF views.

An app asks for a card, a page of cards or a rule as JSON, with no cookie: the lean view answers
with one indexed read. Everyone else (the browsable API, a signed-in editor, a query string, a
missing card, a moved slug, a page past the end) is answered by the DRF view as before. Either
way a client sees the same status, body and headers, and an edit shows at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from rest_framework.views import APIView

from cardsdb import data_version
from cardsdb.models import Card, CardRedirect, Rule

pytestmark = pytest.mark.django_db

GAME = "star-realms-high-alert"
RULE = "hyperstar-run:1.1"


def _card() -> Card:
    return Card.objects.select_related("game").filter(game__slug=GAME).order_by("id").first()


def _detail(card: Card) -> str:
    return f"/api/v1/cards/{card.game.slug}/{card.slug}/"


def _list() -> str:
    return f"/api/v1/cards/?game={GAME}&page_size=10&page=2&ordering=-cost"


@pytest.fixture
def drf_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The paths a DRF view was dispatched for (none: the lean view answered)."""
    calls: list[str] = []
    real = APIView.dispatch

    def dispatch(self: APIView, request: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(request.path)
        return real(self, request, *args, **kwargs)

    monkeypatch.setattr(APIView, "dispatch", dispatch)
    yield calls


def _both(settings: Any, method: str, url: str, **headers: Any) -> tuple[Any, Any]:
    """The same request answered by the lean view, then by the DRF view alone."""
    answers = []
    for lean in (True, False):
        settings.PREBUILT_LEAN = lean
        answers.append(getattr(Client(), method)(url, **headers))
    settings.PREBUILT_LEAN = True
    return answers[0], answers[1]


def _same(lean: Any, drf: Any) -> None:
    assert lean.status_code == drf.status_code
    assert dict(lean.headers) == dict(drf.headers)
    assert lean.content == drf.content


@pytest.mark.parametrize("which", ["card", "list", "rule"])
def test_a_plain_json_read_is_the_lean_views_and_the_same_as_drfs(
    settings: Any, drf_calls: list[str], which: str
) -> None:
    url = {"card": _detail(_card()), "list": _list(), "rule": f"/api/v1/rules/{RULE}/"}[which]
    Client().get(url)  # the answer built and kept (the DRF view builds what is missing)
    drf_calls.clear()
    lean, drf = _both(settings, "get", url)
    assert drf_calls == [url.split("?")[0]]  # only the second request went through DRF
    assert lean.status_code == 200 and lean["ETag"] and lean["Content-Type"] == "application/json"
    assert lean["Vary"] == "Accept, Cookie" and lean["Allow"] == "GET, HEAD, OPTIONS"
    assert lean["Cache-Control"] == "public, max-age=60"
    _same(lean, drf)


@pytest.mark.parametrize(
    "url",
    [
        f"/api/v1/cards/{GAME}/no-such-card/",
        "/api/v1/rules/hyperstar-run:99.9/",
        "/api/v1/cards/?page_size=900",
        f"/api/v1/cards/?game={GAME}&page=99",
        f"/api/v1/cards/?game={GAME}&power_min=strong",
    ],
)
def test_a_missing_object_or_a_bad_page_is_the_same_error_either_way(
    settings: Any, url: str
) -> None:
    lean, drf = _both(settings, "get", url)
    assert lean.status_code in (400, 404)
    assert set(lean.json()["error"]) == {"code", "message", "details"}
    _same(lean, drf)


@pytest.mark.parametrize("which", ["card", "list", "rule"])
def test_head_and_a_conditional_get_are_the_same_either_way(
    settings: Any, drf_calls: list[str], which: str
) -> None:
    url = {"card": _detail(_card()), "list": _list(), "rule": f"/api/v1/rules/{RULE}/"}[which]
    etag = Client().get(url)["ETag"]
    drf_calls.clear()
    lean, drf = _both(settings, "head", url)
    assert lean.status_code == 200 and lean.content == b""
    if which != "list":  # a kept answer carries its ETag (a list gets one from the middleware,
        assert lean["ETag"] == etag  # which Django computes for a GET only)
    _same(lean, drf)
    lean, drf = _both(settings, "get", url, HTTP_IF_NONE_MATCH=etag)
    assert lean.status_code == 304 and lean.content == b""
    _same(lean, drf)
    assert len(drf_calls) == 2  # one HEAD, one GET: the DRF halves of the pairs


@pytest.mark.parametrize(
    ("method", "url", "headers"),
    [
        ("get", "CARD", {"HTTP_ACCEPT": "text/html"}),  # the browsable API
        ("get", "CARD", {"HTTP_ACCEPT": "application/json; indent=4"}),
        ("get", "CARD?format=json", {}),
        ("get", "CARD?fields=name", {}),
        ("post", "CARD", {}),  # no such method here: 405 in the error shape, not a CSRF page
        ("options", "CARD", {}),
        ("get", "RULE", {"HTTP_AUTHORIZATION": "Basic Zm9vOmJhcg=="}),
        ("get", "/api/v1/cards/?game=GAME&name=warrior", {}),  # the SQL list
        ("get", "/api/v1/cards/?game=GAME", {"HTTP_ACCEPT": "text/html"}),
    ],
)
def test_every_other_request_is_the_drf_views(
    settings: Any, drf_calls: list[str], method: str, url: str, headers: dict[str, str]
) -> None:
    url = (
        url.replace("CARD", _detail(_card()))
        .replace("RULE", f"/api/v1/rules/{RULE}/")
        .replace("=GAME", f"={GAME}")
    )
    Client().get(url.split("?")[0])  # kept, so a fall-back is not because nothing is kept
    drf_calls.clear()
    lean, drf = _both(settings, method, url, **headers)
    assert len(drf_calls) == 2, drf_calls  # both went through DRF
    if lean["Content-Type"].startswith("text/html"):  # the browsable API: its CSRF token
        assert lean.status_code == drf.status_code == 200
    else:
        _same(lean, drf)


def test_a_signed_in_editor_is_answered_by_drf(
    settings: Any, drf_calls: list[str], django_user_model: Any
) -> None:
    editor = django_user_model.objects.create_user("editor", password="x", is_staff=True)
    client = Client()
    client.force_login(editor)
    url = _detail(_card())
    Client().get(url)
    drf_calls.clear()
    response = client.get(url)
    assert response.status_code == 200 and drf_calls == [url]
    assert "public" not in response.get("Cache-Control", "")


def test_a_former_slug_redirects_either_way(settings: Any) -> None:
    card = _card()
    CardRedirect.objects.create(game=card.game, former_slug="an-old-name", card=card)
    lean, drf = _both(settings, "get", f"/api/v1/cards/{GAME}/an-old-name/")
    assert lean.status_code == 301 and lean["Location"] == _detail(card)
    _same(lean, drf)


def test_an_answer_not_kept_yet_is_built_by_drf_and_then_read_lean(
    settings: Any, drf_calls: list[str]
) -> None:
    url = _detail(_card())
    assert Client().get(url).status_code == 200  # nothing kept under this version: built
    assert drf_calls == [url]
    assert Client().get(url).status_code == 200
    assert drf_calls == [url]  # kept: the lean view read it


# --- one read --------------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["card", "list", "rule"])
def test_a_lean_read_is_one_query(
    settings: Any, django_assert_num_queries: Any, drf_calls: list[str], which: str
) -> None:
    url = {"card": _detail(_card()), "list": _list(), "rule": f"/api/v1/rules/{RULE}/"}[which]
    Client().get(url)  # built and kept (and the card index built)
    settings.DATA_VERSION_SECONDS = 2  # as in production: the version is read every 2 s
    data_version.fingerprint_forget()
    data_version.data_fingerprint()
    drf_calls.clear()
    with django_assert_num_queries(1) as captured:
        response = Client().get(url)
    assert response.status_code == 200 and drf_calls == []
    assert "cardsdb_prebuilt" in captured.captured_queries[0]["sql"]


# --- never stale -----------------------------------------------------------------------------


def test_an_admin_edit_shows_at_once_on_the_lean_path(drf_calls: list[str]) -> None:
    card = _card()
    rule = Rule.objects.get(key=RULE)
    urls = [_detail(card), f"/api/v1/cards/?game={GAME}&page_size=100", f"/api/v1/rules/{RULE}/"]
    for url in urls:
        Client().get(url)
    card.text = "Fixed by an editor."
    card.save()
    rule.text = "Reworded by an editor."
    rule.save()
    for url in urls:  # the first read after the edit builds the new answers (through DRF)
        Client().get(url)
    drf_calls.clear()
    assert Client().get(urls[0]).json()["text"] == "Fixed by an editor."
    listed = {c["slug"]: c for c in Client().get(urls[1]).json()["results"]}
    assert listed[card.slug]["text"] == "Fixed by an editor."
    assert Client().get(urls[2]).json()["text"] == "Reworded by an editor."
    assert drf_calls == []  # all three read lean


def test_the_schema_still_documents_the_lean_endpoints() -> None:
    paths = Client().get("/api/v1/schema/?format=json").json()["paths"]
    assert "get" in paths["/api/v1/cards/{game_slug}/{card_slug}/"]
    assert "get" in paths["/api/v1/rules/{key}/"]
    assert "get" in paths["/api/v1/cards/"]
    assert any(p["name"] == "page_size" for p in paths["/api/v1/cards/"]["get"]["parameters"])
