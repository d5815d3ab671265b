"""The ruling POST's cheaper parts answer exactly as before: a board's permalink id is the hash
of the same canonical bytes (now mostly written by orjson), a state or move is read from the
same JSON (orjson in `strict_json`), and a game's saved rulings go when the game goes."""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsdb import ruling_ids
from cardsdb.models import Game, SavedRuling
from games import registry
from games.core.errors import InvalidState
from games.core.rules import strict_json

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench" / "load"))
from variations import variations

from tests.fuzz_size import examples

# Each game's worked example has had this permalink since it was first saved; a changed
# canonical form would break every link players have shared.
WORKED_EXAMPLE_IDS = {
    "bo-jackson-battle-arena": "iqlxsdeqwr",
    "higher-lower": "x55gqamsac",
    "hyperstar-run": "znklohlmvu",
    "star-realms-high-alert": "qjjzgdyha3",
    "super-hazard-quest": "smr6dny757",
}


def _previous_canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def _previous_id(slug: str, request: dict[str, Any]) -> str:
    digest = hashlib.sha256(_previous_canonical([slug, request])).digest()
    return base64.b32encode(digest[:7]).decode().lower()[:10]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=12),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=8),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


@pytest.mark.parametrize("slug", sorted(registry))
def test_a_worked_example_keeps_its_permalink(slug: str) -> None:
    example = registry[slug].example()
    canonical = {"state": example["state"], "move": example["move"]}
    assert ruling_ids.ruling_id(slug, canonical) == WORKED_EXAMPLE_IDS[slug]


@pytest.mark.parametrize("slug", sorted(registry))
def test_the_load_tests_boards_hash_the_same_bytes(slug: str) -> None:
    for board in variations(slug, 200, seed=15):
        assert ruling_ids.canonical_json([slug, board]) == _previous_canonical([slug, board])
        assert ruling_ids.ruling_id(slug, board) == _previous_id(slug, board)


@pytest.mark.parametrize(
    "value",
    [
        {"b": 1, "a": [1e-05, 1e16, -0.0, 0.1]},  # floats orjson spells differently
        {"name": "Zoë", "note": "caf\u00e9 \u2028 \x7f"},  # escaped by json, not by orjson
        {"cost": math.nan, "power": math.inf},  # NaN and Infinity, which orjson writes null
        {"big": 2**64, "small": -(2**63) - 1},  # beyond orjson's 64 bits
        {"rule": "rule 3.2", "seen": None, "nested": {"z": [], "y": {}}},
        {"\ud800": "half a pair", "tab": "\t\x00"},
    ],
)
def test_awkward_requests_hash_the_bytes_json_writes(value: Any) -> None:
    assert ruling_ids.canonical_json(value) == _previous_canonical(value)


@settings(max_examples=examples(300), deadline=None)
@given(json_values)
def test_any_json_value_hashes_the_bytes_json_writes(value: Any) -> None:
    try:
        expected = _previous_canonical(value)
    except (TypeError, ValueError, RecursionError) as exc:
        with pytest.raises(type(exc)):
            ruling_ids.canonical_json(value)
        return
    assert ruling_ids.canonical_json(value) == expected


_edges = st.lists(
    st.sampled_from(
        [b"0", b"7", b"9", b".", b"e", b"E", b"\x7f", b"\x80", b"\xff", b"nul", b"l", b"a", b'"']
    ),
    max_size=12,
).map(b"".join)


# What the two quick byte tests stand for, as regular expressions.
NOT_SAME_BYTES = re.compile(rb"[0-9][.eE]|[\x7f-\xff]|null")
LONG_NUMBER = re.compile(rb"\d{19}")


@settings(max_examples=examples(500), deadline=None)
@given(st.binary(max_size=40) | _edges)
def test_the_quick_test_of_the_bytes_is_the_regular_expression(written: bytes) -> None:
    assert ruling_ids._not_same_bytes(written) == bool(NOT_SAME_BYTES.search(written))


@settings(max_examples=examples(500), deadline=None)
@given(
    st.binary(max_size=60)
    | st.lists(st.sampled_from([b"1", b"0", b"9", b"x", b"\xd9"]), max_size=40).map(b"".join)
)
def test_the_quick_long_number_test_is_the_regular_expression(raw: bytes) -> None:
    from cardsdb.api import desk_views

    assert desk_views._long_number(raw) == bool(LONG_NUMBER.search(raw))


@settings(max_examples=examples(300), deadline=None)
@given(json_values)
def test_a_state_is_read_from_the_same_json(value: Any) -> None:
    """strict_json refuses what it refused (NaN, infinities: a 400 naming the field) and
    otherwise hands pydantic JSON that reads back as the same value."""
    try:
        previous = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        with pytest.raises(InvalidState) as refused:
            strict_json(InvalidState, "state", value)
        assert refused.value.field == "state"
        return
    assert json.loads(strict_json(InvalidState, "state", value)) == json.loads(previous)


@pytest.mark.django_db
def test_a_games_rulings_go_when_the_game_is_deleted() -> None:
    slug = "higher-lower"
    example = registry[slug].example()
    answer = Client().post(
        f"/api/v1/games/{slug}/rulings", json.dumps(example), content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    other = "star-realms-high-alert"
    kept = Client().post(
        f"/api/v1/games/{other}/rulings",
        json.dumps(registry[other].example()),
        content_type="application/json",
    )
    assert kept.status_code == 200, kept.content

    Game.objects.get(slug=slug).delete()

    assert not SavedRuling.objects.filter(pk=answer.json()["id"]).exists()
    assert SavedRuling.objects.filter(pk=kept.json()["id"]).exists()
