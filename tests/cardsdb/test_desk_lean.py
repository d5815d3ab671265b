"""The ruling POST's lean path (cardsdb/api/desk_views.py `rulings`) answers exactly as the DRF
view it stands in front of: a player who brings a dispute gets the same ruling, the same
permalink, the same refusal naming the field, the same 413/415/429, byte for byte and header
for header, whichever path serves them. Anything the lean path does not take (a signed-in
user, the browsable API, another body type, JSON it does not read as DRF would) is handed to
the DRF view.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client, RequestFactory, override_settings
from django.test.utils import CaptureQueriesContext
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from rest_framework.throttling import SimpleRateThrottle

from cardsdb import data_version, ruling_ids, saved_rulings
from cardsdb.api import desk_views
from cardsdb.api.desk_views import RulingThrottle
from cardsdb.models import Game, Rule, SavedRuling
from games import registry
from tests.cardsdb.test_desk_answers import _hl_table
from tests.fuzz_size import examples

pytestmark = pytest.mark.django_db

HL = "higher-lower"


LEGAL = {"state": _hl_table([9, 2]), "move": {"kind": "play", "value": 9, "call": "lower"}}
ILLEGAL = {"state": _hl_table([5, 2]), "move": {"kind": "play", "value": 5, "call": "lower"}}


@pytest.fixture
def drf_calls(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The requests the lean view hands to the DRF view, by path (those sent the previous way,
    with the lean path switched off, are not counted)."""
    calls: list[str] = []
    drf = desk_views.rulings_drf

    def counted(request: Any, slug: str) -> Any:
        if getattr(django_settings, "DESK_LEAN_RULINGS", True):
            calls.append(request.path)
        return drf(request, slug)

    monkeypatch.setattr(desk_views, "rulings_drf", counted)
    yield calls


def _post(body: Any, slug: str = HL, **extra: Any) -> Any:
    data = body if isinstance(body, bytes | str) else json.dumps(body)
    extra.setdefault("content_type", "application/json")
    return Client().post(f"/api/v1/games/{slug}/rulings", data, **extra)


def _both(body: Any, slug: str = HL, **extra: Any) -> tuple[Any, Any]:
    """The same request through the lean path and through the DRF view, each on a board not
    saved before (a board ruled before is read back from the database instead)."""
    SavedRuling.objects.all().delete()
    lean = _post(body, slug, **extra)
    SavedRuling.objects.all().delete()
    with override_settings(DESK_LEAN_RULINGS=False):
        previous = _post(body, slug, **extra)
    return lean, previous


def assert_same_answer(lean: Any, previous: Any) -> None:
    assert lean.status_code == previous.status_code
    assert lean.content == previous.content
    assert sorted(lean.headers.items()) == sorted(previous.headers.items())


@pytest.mark.parametrize("slug", sorted(registry))
def test_every_worked_example_is_the_same_ruling_and_permalink(
    slug: str, drf_calls: list[str]
) -> None:
    example = registry[slug].example()
    lean, previous = _both(example, slug)
    assert lean.status_code == 200, lean.content
    assert_same_answer(lean, previous)
    assert lean.json()["id"] == ruling_ids.ruling_id(slug, example)
    assert not drf_calls, "the lean path answered it"


def test_a_legal_play_is_the_same_ruling_either_way(drf_calls: list[str]) -> None:
    lean, previous = _both(LEGAL)
    assert lean.json()["verdict"] == "legal"
    assert_same_answer(lean, previous)
    assert not drf_calls


def test_an_illegal_play_is_the_same_ruling_either_way(drf_calls: list[str]) -> None:
    lean, previous = _both(ILLEGAL)
    assert lean.json()["answer"] == "No: a 5 is not higher than the 7."
    assert_same_answer(lean, previous)
    assert not drf_calls


def test_a_board_that_cannot_exist_is_the_same_400_naming_the_field(
    drf_calls: list[str],
) -> None:
    body = {"state": _hl_table([5, 2]) | {"deck": -3}, "move": ILLEGAL["move"]}
    lean, previous = _both(body)
    assert lean.status_code == 400
    error = lean.json()["error"]
    assert error["details"][0]["field"] == "state.deck", error
    assert_same_answer(lean, previous)
    assert not drf_calls, "an engine's refusal is answered on the lean path"


@pytest.mark.parametrize(
    "body",
    [
        {"state": _hl_table([5])},  # no move
        {"state": _hl_table([5]), "move": ILLEGAL["move"], "moves": [ILLEGAL["move"]]},
        [1, 2],  # not an object
        '{"state": ',  # not JSON
        '{"state": {"deck": NaN}, "move": {}}',  # not JSON either
        '{"state": {"x": "\\ud800"}, "move": {}}',  # half a surrogate pair
    ],
)
def test_a_request_dispute_serializer_or_parser_refuses_is_the_same_400(
    body: Any, drf_calls: list[str]
) -> None:
    lean, previous = _both(body)
    assert lean.status_code == 400, lean.content
    assert_same_answer(lean, previous)
    assert drf_calls, "the DRF view names what is wrong, as before"


def test_a_number_beyond_64_bits_is_read_as_drf_reads_it(drf_calls: list[str]) -> None:
    body = json.dumps(ILLEGAL).replace('"deck": 20', '"deck": 123456789012345678901234567890')
    lean, previous = _both(body)
    assert lean.status_code == 400
    assert lean.json()["error"]["details"][0]["field"] == "state.deck"
    assert_same_answer(lean, previous)
    assert drf_calls


def test_a_body_too_large_is_the_same_413() -> None:
    padding = "x" * (django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    lean, previous = _both({"state": {"note": padding}, "move": {}})
    assert lean.status_code == 413
    assert_same_answer(lean, previous)


def test_a_body_that_is_not_json_is_the_same_415(drf_calls: list[str]) -> None:
    lean, previous = _both("state=1", content_type="application/x-www-form-urlencoded")
    assert lean.status_code == 415
    assert lean.json()["error"]["code"] == "unsupported-media-type"
    assert_same_answer(lean, previous)
    assert drf_calls


def test_an_unknown_game_is_the_same_404() -> None:
    lean, previous = _both(LEGAL, slug="chess")
    assert lean.status_code == 404
    assert_same_answer(lean, previous)


def test_a_client_over_the_rate_is_told_the_same_when_to_come_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(RulingThrottle, "THROTTLE_RATES", {"rulings": "1/min"})
    answers = []
    for lean in (True, False):
        cache.clear()
        with override_settings(DESK_LEAN_RULINGS=lean):
            assert _post(LEGAL).status_code == 200
            answers.append(_post(ILLEGAL))
    lean_answer, previous = answers
    assert lean_answer.status_code == 429
    assert lean_answer.json()["error"]["code"] == "throttled"
    assert 0 < int(lean_answer.headers["Retry-After"]) <= 60
    assert_same_answer(lean_answer, previous)


def test_the_lean_path_and_the_tools_share_one_allowance(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(RulingThrottle, "THROTTLE_RATES", {"rulings": "1/min"})
    cache.clear()
    assert _post(LEGAL).status_code == 200
    state = {"state": registry["hyperstar-run"].example()["state"]}
    refused = Client().post(
        "/api/v1/games/hyperstar-run/solve", json.dumps(state), content_type="application/json"
    )
    assert refused.status_code == 429


def test_the_browsable_api_and_other_renderers_are_left_to_drf(drf_calls: list[str]) -> None:
    assert _post(LEGAL, HTTP_ACCEPT="text/html").status_code == 200
    assert _post(LEGAL, QUERY_STRING="format=json").status_code == 200
    indented = _post(LEGAL, HTTP_ACCEPT="application/json; indent=4")
    assert indented.content.startswith(b'{\n    "'), "DRF's renderer indents it"
    assert len(drf_calls) == 3


def test_a_signed_in_editor_still_needs_the_csrf_token(drf_calls: list[str]) -> None:
    editor = User.objects.create_user("editor", password="pw", is_staff=True)
    client = Client(enforce_csrf_checks=True)
    client.force_login(editor)
    response = client.post(
        f"/api/v1/games/{HL}/rulings", json.dumps(LEGAL), content_type="application/json"
    )
    assert response.status_code == 403
    assert drf_calls, "a signed-in editor's POST goes through DRF's CSRF check"


def test_one_new_ruling_is_one_query(settings: Any) -> None:
    settings.DATA_VERSION_SECONDS = 2  # as deployed: the data version is re-read every 2 s
    data_version.fingerprint_forget()
    assert _post(ILLEGAL).status_code == 200  # the game and its rules read for this version
    with CaptureQueriesContext(connection) as ctx:
        response = _post(LEGAL)
    assert response.status_code == 200
    sql = [q["sql"] for q in ctx.captured_queries]
    assert len(sql) == 1 and "INSERT INTO" in sql[0], sql


def test_a_saved_ruling_waits_for_no_disk_and_leaves_the_session_as_it_was() -> None:
    """The insert turns `synchronous_commit` off for its own implicit transaction only (as
    `SET LOCAL` did): the connection's later transactions wait for the disk as configured.
    Run on a connection of its own in autocommit, as a worker's is outside a test."""
    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL setting")
    import psycopg

    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    with psycopg.connect(**params, autocommit=True) as own:
        configured = own.execute("SHOW synchronous_commit").fetchone()
        during = own.execute(
            f"{saved_rulings._SYNC_OFF}SELECT current_setting('synchronous_commit') FROM sync_off"
        ).fetchone()
        after = own.execute("SHOW synchronous_commit").fetchone()
    assert during == ("off",)
    assert after == configured != ("off",)


def test_the_lean_path_is_never_stale_after_an_admin_edit_or_a_load(
    settings: Any, drf_calls: list[str]
) -> None:
    settings.DATA_VERSION_SECONDS = 2
    data_version.fingerprint_forget()
    first = _post(ILLEGAL).json()
    cited = first["cited_rules"][0]
    rule = Rule.objects.get(key=cited["key"])
    rule.text = "Reworded by an editor."
    rule.save()  # an admin edit: the next ruling that cites it has the new words
    second = _post({**ILLEGAL, "state": {**ILLEGAL["state"], "deck": 19}}).json()
    assert {r["key"]: r["text"] for r in second["cited_rules"]}[cited["key"]] == rule.text
    Game.objects.filter(slug=HL).update(data_version="a-new-load")
    data_version.fingerprint_forget()  # what a load does
    third = _post({**ILLEGAL, "state": {**ILLEGAL["state"], "deck": 18}}).json()
    assert third["reference_version"] == "a-new-load"
    assert not drf_calls


def test_the_schema_still_documents_the_ruling_post() -> None:
    schema = Client().get("/api/v1/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/games/{slug}/rulings/"]["post"]
    assert operation["operationId"] == "rulings_create"
    assert {"200", "400", "429"} <= set(operation["responses"])
    components = schema["components"]["schemas"]
    assert any(name.endswith("State") for name in components)
    assert any(name.endswith("Move") for name in components)


class _DrfThrottle(SimpleRateThrottle):
    """DRF's own bookkeeping for the same scope and client: what RulingThrottle stands for."""

    scope = "rulings"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


@hypothesis_settings(max_examples=examples(60), deadline=None)
@given(
    rate=st.sampled_from(["1/s", "3/s", "5/min", "2/min"]),
    steps=st.lists(st.floats(min_value=-70, max_value=70), min_size=1, max_size=40),
)
def test_the_throttle_refuses_as_drfs_with_the_same_retry_after(
    rate: str, steps: list[float]
) -> None:
    """The same requests at the same clock readings (forwards, and now and then set back)
    are let through or refused alike, with the same wait, as by DRF's throttle."""
    request = RequestFactory().post(f"/api/v1/games/{HL}/rulings", REMOTE_ADDR="198.51.100.7")
    cache.clear()
    now = 1_000_000.0
    for step in steps:
        now += step if step > -50 else step / 10  # mostly forwards; a clock set back at times
        answers = []
        for kind in (RulingThrottle, _DrfThrottle):
            throttle: Any = kind()
            throttle.rate = rate
            throttle.num_requests, throttle.duration = throttle.parse_rate(rate)
            throttle.timer = lambda now=now: now
            allowed = throttle.allow_request(request, None)
            answers.append((allowed, None if allowed else throttle.wait()))
        assert answers[0] == answers[1]


def test_the_throttle_keeps_its_times_apart_from_drfs_lists() -> None:
    request = RequestFactory().post(f"/api/v1/games/{HL}/rulings", REMOTE_ADDR="198.51.100.8")
    cache.clear()
    drf_key = _DrfThrottle().get_cache_key(request, None)
    cache.set(drf_key, [1.0, 2.0])  # a list DRF's bookkeeping left
    assert RulingThrottle().allow_request(request, None)
    assert cache.get(drf_key) == [1.0, 2.0]
    assert isinstance(cache.get(RulingThrottle().get_cache_key(request, None)), bytes)
