"""A saved ruling kept as JSON text (cardsdb/json_text.py, migration 0012) reads back exactly as
it did from jsonb: every reader (the API's GET, a re-POST of the same board, the ruling page,
the admin) gets the same values in the same order, for rows written now and rows stored as
jsonb before. The row keeps the bytes the POST answered with."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cardsdb import data_version, desk
from cardsdb.json_text import text_dumps
from cardsdb.models import Game, SavedRuling
from games import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "load"))
from variations import variations

from tests.fuzz_size import examples

pytestmark = pytest.mark.django_db

POSTGRESQL = pytest.mark.skipif(connection.vendor != "postgresql", reason="jsonb is PostgreSQL's")


def _post(slug: str, body: Any) -> Any:
    return Client().post(
        f"/api/v1/games/{slug}/rulings", orjson.dumps(body), content_type="application/json"
    )


def _stored(key: str) -> tuple[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT request, ruling FROM cardsdb_savedruling WHERE id = %s", [key])
        request, ruling = cursor.fetchone()
    return request, ruling


def _as_jsonb_did(text: str) -> Any:
    """What the jsonb column handed over for this text: PostgreSQL's jsonb output, read by
    `json.loads` as Django's JSONField reads it."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT (%s::jsonb)::text", [text])
        return json.loads(cursor.fetchone()[0])


def _spelled(value: Any) -> bytes:
    """A value's bytes with its key order and its number types (1 is not 1.0)."""
    return json.dumps(value, ensure_ascii=False).encode()


# What jsonb can hold: no NaN or infinity, no NUL, no half of a surrogate pair (the desk refuses
# the last two with a 400 before anything is stored).
_text = st.text(
    alphabet=st.characters(codec="utf-8", exclude_characters="\x00"),  # no surrogate in UTF-8
    max_size=10,
)
storable = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([0.0, -0.0, 1e16, 1.5e16, 1e15, 1e-5, 5e-324, 1.7976931348623157e308])
    | _text,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(_text, inner, max_size=6),
    max_leaves=30,
)


@POSTGRESQL
@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(storable)
def test_any_value_reads_back_as_jsonb_gave_it(value: Any) -> None:
    """Through the ORM, as every reader reads a saved ruling: the same values, key order and
    number types as the jsonb column gave for the same value."""
    assume(value is not None)  # SQL NULL, refused by the column as before
    game = Game.objects.get(slug="higher-lower")
    SavedRuling.objects.update_or_create(
        id="propertytest", defaults={"game": game, "request": value, "ruling": [value]}
    )
    saved = SavedRuling.objects.get(pk="propertytest")
    written = text_dumps(value)
    assert _spelled(saved.request) == _spelled(_as_jsonb_did(written))
    assert _spelled(saved.ruling) == _spelled([_as_jsonb_did(written)])
    listed = SavedRuling.objects.filter(pk="propertytest").values_list("request", flat=True)
    assert _spelled(listed[0]) == _spelled(_as_jsonb_did(written))


@pytest.mark.parametrize("slug", sorted(registry))
def test_a_new_ruling_keeps_the_bytes_it_answered_and_reads_back_as_before(slug: str) -> None:
    for board in [registry[slug].example(), *variations(slug, 6, seed=7)]:
        SavedRuling.objects.all().delete()
        answer = _post(slug, board)
        assert answer.status_code == 200, answer.content
        key = answer.json()["id"]
        request_text, ruling_text = _stored(key)
        assert ruling_text.encode() == answer.content  # one writing for the answer and the row
        saved = SavedRuling.objects.get(pk=key)
        if connection.vendor == "postgresql":
            assert _spelled(saved.ruling) == _spelled(_as_jsonb_did(ruling_text))
            assert _spelled(saved.request) == _spelled(_as_jsonb_did(request_text))
        else:  # SQLite: as JSONField read its text
            assert _spelled(saved.ruling) == _spelled(json.loads(answer.content))
            assert _spelled(saved.request) == _spelled(
                {"state": board["state"], "move": board["move"]}
            )


@pytest.mark.parametrize("slug", sorted(registry))
def test_an_old_row_answers_the_same_bytes(slug: str) -> None:
    """A row as the jsonb column spelled it (PostgreSQL, after migration 0012) or as Django's
    JSONField wrote it (SQLite) answers the GET, the page and a re-POST as a new row does."""
    board = registry[slug].example()
    key = _post(slug, board).json()["id"]

    def answers() -> list[bytes]:
        page = Client().get(f"/games/{slug}/rulings/{key}/").content
        return [
            Client().get(f"/api/v1/games/{slug}/rulings/{key}").content,
            # the page's form ("Continue from here") carries a CSRF token new on every answer
            re.sub(rb'name="csrfmiddlewaretoken" value="[^"]*"', b"", page),
            _post(slug, board).content,  # a board ruled before: read back
        ]

    new = answers()
    request_text, ruling_text = _stored(key)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:  # jsonb's own spelling, as the migration left it
            cursor.execute(
                "SELECT (%s::jsonb)::text, (%s::jsonb)::text", [request_text, ruling_text]
            )
            old = list(cursor.fetchone())
    else:
        old = [json.dumps(json.loads(t)) for t in (request_text, ruling_text)]
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE cardsdb_savedruling SET request = %s, ruling = %s WHERE id = %s", [*old, key]
        )
    assert _stored(key) != (request_text, ruling_text)
    assert answers() == new


def test_a_ruling_made_under_older_data_is_ruled_again_in_its_row(settings: Any) -> None:
    slug = "higher-lower"
    board = registry[slug].example()
    first = _post(slug, board).json()
    Game.objects.filter(slug=slug).update(data_version="a-new-load")
    data_version.fingerprint_forget()
    again = _post(slug, board)
    assert again.json()["id"] == first["id"]
    assert again.json()["reference_version"] == "a-new-load"
    saved = SavedRuling.objects.get(pk=first["id"])
    assert saved.ruling["reference_version"] == "a-new-load"
    assert json.loads(_stored(first["id"])[1]) == again.json()


def test_a_ruling_made_by_older_code_is_ruled_again_when_the_board_comes_back() -> None:
    """The same data version, but the row holds what an older engine said (here: the answer
    of before a rewording): the board asked again gets today's answer, and so does its row."""
    slug = "higher-lower"
    board = registry[slug].example()
    first = _post(slug, board).json()
    old = {**first, "answer": "An answer worded by older code."}
    SavedRuling.objects.filter(pk=first["id"]).update(ruling=old)
    again = _post(slug, board).json()
    assert again == first
    assert SavedRuling.objects.get(pk=first["id"]).ruling == first
    with CaptureQueriesContext(connection) as asked:
        assert _post(slug, board).json() == first
    assert not [q for q in asked.captured_queries if q["sql"].startswith("UPDATE")]  # unchanged


def test_the_admin_shows_and_saves_a_saved_ruling() -> None:
    slug = "star-realms-high-alert"
    key = _post(slug, registry[slug].example()).json()["id"]
    before = SavedRuling.objects.get(pk=key)
    admin = User.objects.create_superuser("admin", "a@example.org", "pw")
    client = Client()
    client.force_login(admin)
    page = client.get(f"/admin/cardsdb/savedruling/{key}/change/")
    assert page.status_code == 200
    form = page.context["adminform"].form
    assert json.loads(form["ruling"].value()) == before.ruling
    saved = client.post(
        f"/admin/cardsdb/savedruling/{key}/change/",
        {
            "id": key,
            "game": before.game_id,
            "request": form["request"].value(),
            "ruling": form["ruling"].value(),
        },
    )
    assert saved.status_code == 302, saved.context["adminform"].form.errors
    after = SavedRuling.objects.get(pk=key)
    assert _spelled(after.ruling) == _spelled(before.ruling)
    assert _spelled(after.request) == _spelled(before.request)


def test_a_number_beyond_64_bits_is_kept_exact() -> None:
    slug = "higher-lower"
    value = {"big": 2**70, "list": [-(2**65), 1.5]}
    SavedRuling.objects.create(
        id="bignumber", game=Game.objects.get(slug=slug), request=value, ruling={}
    )
    read = SavedRuling.objects.get(pk="bignumber").request
    assert read == value and isinstance(read["big"], int)


def test_a_value_json_cannot_spell_is_refused_not_changed() -> None:
    for value in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ValueError):
            text_dumps({"x": [None, value]})
    assert text_dumps({"x": None}) == '{"x":null}'


def test_the_ruling_is_written_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The POST's answer and the row share one `dumps` of the ruling."""
    calls: list[Any] = []
    real = desk.dumps

    def counted(data: Any) -> bytes:
        calls.append(data)
        return real(data)

    monkeypatch.setattr(desk, "dumps", counted)
    slug = "hyperstar-run"
    assert _post(slug, variations(slug, 1, seed=11)[0]).status_code == 200
    assert len(calls) == 1
