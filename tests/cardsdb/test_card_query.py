"""The card query language over the real cards, on SQLite and PostgreSQL alike.

Each query's cards are compared with the same selection made in plain Python over every card,
so a test fails if the database selects one card too many or too few.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsdb import models as m
from cardsdb import search
from cardsdb.card_query import (
    EXAMPLES,
    MAX_DEPTH,
    MAX_LENGTH,
    CardQueryError,
    card_query,
    cards_filter,
)
from tests.fuzz_size import examples

pytestmark = pytest.mark.django_db

HA = "star-realms-high-alert"
BA = "bo-jackson-battle-arena"


@cache
def _cards() -> tuple[dict[str, Any], ...]:
    """Every card as a flat dict: what the Python side of each comparison reads."""
    factions: dict[int, list[tuple[str, str]]] = {}
    for card_id, slug, name in m.Card.factions.through.objects.values_list(
        "card_id", "faction__slug", "faction__name"
    ):
        factions.setdefault(card_id, []).append((slug, name))
    rows = m.Card.objects.values(
        "id",
        "slug",
        "name",
        "cost",
        "power",
        "copies",
        "number",
        "text",
        "provenance",
        "attributes",
        "game__slug",
        "card_type__slug",
        "card_type__name",
        "expansion__slug",
        "expansion__name",
        "expansion__code",
    )
    return tuple(
        {
            **row,
            "key": f"{row['game__slug']}:{row['slug']}",
            "factions": factions.get(row["id"], []),
        }
        for row in rows
    )


def expected(predicate: Callable[[dict[str, Any]], bool]) -> set[str]:
    return {c["key"] for c in _cards() if predicate(c)}


def selected(query: str) -> set[str]:
    cards = cards_filter(m.Card.objects.select_related("game"), query)
    return {f"{c.game.slug}:{c.slug}" for c in cards}


def assert_selects(query: str, predicate: Callable[[dict[str, Any]], bool]) -> None:
    want = expected(predicate)
    assert want, f"the real data should hold cards for {query!r}"
    assert selected(query) == want


def in_game(game: str) -> Callable[[dict[str, Any]], bool]:
    return lambda c: c["game__slug"] == game


def has_faction(c: dict[str, Any], slug: str) -> bool:
    return any(s == slug for s, _ in c["factions"])


def lt(a: int | None, b: int) -> bool:
    return a is not None and a < b


# -- the examples -------------------------------------------------------------------------


def test_blob_bases_of_cost_four_or_less_in_high_alert() -> None:
    assert_selects(
        f"game:{HA} faction:blob cost<=4 type:base",
        lambda c: (
            in_game(HA)(c)
            and has_faction(c, "blob")
            and c["cost"] is not None
            and c["cost"] <= 4
            and c["card_type__slug"] == "base"
        ),
    )


def _words(text: str) -> str:
    return " " + " ".join(search.stems(text)) + " "  # the index holds stems


def _card_text(c: dict[str, Any]) -> str:
    phrases = [
        v
        for k, v in c["attributes"].items()
        if isinstance(v, str)
        and " " in v.strip()
        and k not in search._QUIET_ATTRIBUTES
        and not k.endswith("_id")
    ]
    return _words(" · ".join([c["text"], *phrases]))


def test_o_finds_a_phrase_in_the_card_text() -> None:
    assert_selects('o:"draw a card"', lambda c: " draw a card " in _card_text(c))


def test_o_finds_a_prefix_in_the_card_text() -> None:
    assert_selects("o:scrap*", lambda c: " scrap" in _card_text(c))


def test_heroes_of_power_150_or_more_with_a_fire_weapon() -> None:
    want = lambda c: (  # noqa: E731
        c["power"] is not None
        and c["power"] >= 150
        and str(c["attributes"].get("weapon", "")).lower() == "fire"
    )
    assert_selects("power>=150 weapon:fire", want)
    assert selected("power>=150 attr.weapon:fire") == expected(want)


def test_negation_leaves_a_faction_out() -> None:
    assert_selects(
        f"game:{HA} -faction:blob", lambda c: in_game(HA)(c) and not has_faction(c, "blob")
    )
    assert selected(f"game:{HA} not faction:blob") == selected(f"game:{HA} -faction:blob")
    assert selected(f"game:{HA} faction!=blob") == selected(f"game:{HA} -faction:blob")


def test_or_and_parentheses() -> None:
    assert_selects(
        f"game:{HA} (type:base or type:outpost)",
        lambda c: in_game(HA)(c) and c["card_type__slug"] in ("base", "outpost"),
    )
    # without parentheses `and` binds tighter than `or`
    assert_selects(
        f"type:base or type:outpost game:{HA} faction:blob",
        lambda c: (
            c["card_type__slug"] == "base"
            or (c["card_type__slug"] == "outpost" and in_game(HA)(c) and has_faction(c, "blob"))
        ),
    )


def test_copies_more_than_one() -> None:
    assert_selects("copies>1", lambda c: c["copies"] is not None and c["copies"] > 1)


def test_every_example_on_the_syntax_page_selects_some_cards() -> None:
    for query, _ in EXAMPLES:
        assert selected(query), query


# -- every operator -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("op", "test"),
    [
        (":", lambda v: v == 2),
        ("=", lambda v: v == 2),
        ("<", lambda v: v < 2),
        ("<=", lambda v: v <= 2),
        (">", lambda v: v > 2),
        (">=", lambda v: v >= 2),
    ],
)
def test_each_comparison_on_cost(op: str, test: Callable[[int], bool]) -> None:
    assert_selects(
        f"game:{HA} cost{op}2",
        lambda c: in_game(HA)(c) and c["cost"] is not None and test(c["cost"]),
    )


def test_not_equal_on_cost_keeps_the_cards_without_a_cost() -> None:
    assert_selects(f"game:{HA} cost!=2", lambda c: in_game(HA)(c) and c["cost"] != 2)


def test_unknown_selects_the_missing_values() -> None:
    assert_selects(f"game:{BA} copies:unknown", lambda c: in_game(BA)(c) and c["copies"] is None)
    assert_selects(f"game:{BA} cost=unknown", lambda c: in_game(BA)(c) and c["cost"] is None)
    assert_selects(f"game:{BA} cost!=none", lambda c: in_game(BA)(c) and c["cost"] is not None)


# -- every field, by name and alias ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "predicate"),
    [
        ("name:warrior", lambda c: "warrior" in c["name"].lower()),
        ("n:WARRIOR", lambda c: "warrior" in c["name"].lower()),
        ('name="Warrior Pod"', lambda c: c["name"].lower() == "warrior pod"),
        (f'game:{HA} name!="Warrior Pod"', lambda c: in_game(HA)(c) and c["name"] != "Warrior Pod"),
        ("warrior", lambda c: "warrior" in c["name"].lower()),
        ('"full court"', lambda c: "full court" in c["name"].lower()),
        (f"game:{HA}", in_game(HA)),
        (f"g:{HA.upper()}", in_game(HA)),
        (f"game!={BA}", lambda c: not in_game(BA)(c)),
        (
            "type:hero game:star-realms-high-alert",
            lambda c: in_game(HA)(c) and c["card_type__slug"] == "hero",
        ),
        ("t:Base", lambda c: (c["card_type__slug"] or "") == "base"),
        ("set:tech", lambda c: c["expansion__slug"] == "tech"),
        ("e:requisition", lambda c: c["expansion__slug"] == "requisition"),
        ('s:"Alpha Edition"', lambda c: (c["expansion__name"] or "").lower() == "alpha edition"),
        (
            "expansion!=tech game:star-realms-high-alert",
            lambda c: in_game(HA)(c) and c["expansion__slug"] != "tech",
        ),
        ("faction:star-empire", lambda c: has_faction(c, "star-empire")),
        ('f:"Machine Cult"', lambda c: any(n.lower() == "machine cult" for _, n in c["factions"])),
        ("c<=1 game:star-realms-high-alert", lambda c: in_game(HA)(c) and lt(c["cost"], 2)),
        ("power>240", lambda c: c["power"] is not None and c["power"] > 240),
        ("p=250", lambda c: c["power"] == 250),
        ("pow<100", lambda c: lt(c["power"], 100)),
        ("qty>=4", lambda c: c["copies"] is not None and c["copies"] >= 4),
        ("number:pl-79", lambda c: c["number"].lower() == "pl-79"),
        (
            "cn:PL-79 set:alpha-edition",
            lambda c: c["number"] == "PL-79" and c["expansion__slug"] == "alpha-edition",
        ),
        ("provenance:official", lambda c: c["provenance"] == "official"),
        ("prov!=community", lambda c: c["provenance"] != "community"),
        ("oracle:hero", lambda c: " hero " in _card_text(c)),
        ("text:hero", lambda c: " hero " in _card_text(c)),
    ],
)
def test_each_field(query: str, predicate: Callable[[dict[str, Any]], bool]) -> None:
    assert_selects(query, predicate)


# -- each game's own attributes -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "predicate"),
    [
        ("attr.outpost:true", lambda c: c["attributes"].get("outpost") is True),
        ("outpost:false", lambda c: c["attributes"].get("outpost") is False),
        ("attr.defense>=5", lambda c: (c["attributes"].get("defense") or -1) >= 5),
        ("defense<5", lambda c: lt(c["attributes"].get("defense"), 5)),
        ("attr.value:1", lambda c: c["attributes"].get("value") == 1),
        (
            'parallel:"Blast Inspired Ink"',
            lambda c: c["attributes"].get("parallel") == "Blast Inspired Ink",
        ),
        (
            "weapon:FIRE power>=180",
            lambda c: c["attributes"].get("weapon") == "Fire" and (c["power"] or 0) >= 180,
        ),
        (
            f"game:{HA} attr.defense:unknown",
            lambda c: in_game(HA)(c) and c["attributes"].get("defense") is None,
        ),
        (
            "weapon!=fire game:bo-jackson-battle-arena power>=250",
            lambda c: (
                in_game(BA)(c)
                and c["attributes"].get("weapon") != "Fire"
                and (c["power"] or 0) >= 250
            ),
        ),
    ],
)
def test_game_attributes(query: str, predicate: Callable[[dict[str, Any]], bool]) -> None:
    assert_selects(query, predicate)


def test_numeric_comparisons_read_only_numbers_on_both_databases() -> None:
    # `release` holds strings ("A", "G"): PostgreSQL would order them below any number
    assert selected("attr.release<5") == set()
    assert selected("attr.release>=0") == set()
    assert_selects("attr.value<5", lambda c: lt(c["attributes"].get("value"), 5))


def test_fields_and_keywords_ignore_case() -> None:
    assert selected(f"GAME:{HA} FACTION:BLOB OR Type:Hero") == selected(
        f"game:{HA} faction:blob or type:hero"
    )
    assert selected(f"game:{HA} and faction:blob") == selected(f"game:{HA} faction:blob")


def test_an_empty_query_selects_every_card() -> None:
    assert cards_filter(m.Card.objects.all(), "   ").count() == m.Card.objects.count()


# -- every parse error points at its token --------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "position", "token", "says"),
    [
        ("cost<=", 0, "cost<=", "needs a value"),
        ("faction:blob cost<", 13, "cost<", "needs a value"),
        ('name:"Warrior', 5, '"', "never closed"),
        ('"warrior', 0, '"', "never closed"),
        ("colour:red", 0, "colour", "Unknown field 'colour'"),
        ("costt:3", 0, "costt", "Did you mean 'cost'"),
        ("cost:abc", 5, "abc", "whole number"),
        ("cost<<4", 5, "<4", "whole number"),
        ("power>=99999999999", 7, "99999999999", "whole number"),
        ("name<3", 4, "<", "does not apply to name"),
        ("o<3", 1, "<", "does not apply to o"),
        ("attr.Bad-Key:1", 0, "attr.Bad-Key:1", "is not a term"),
        ("attr.9x:1", 5, "9x", "attribute key"),
        ("cost <= 4", 5, "<=", "is not a term"),
        ("faction: blob", 0, "faction:", "needs a value"),
        ("(t:base", 0, "(", "never closed"),
        ("t:base)", 6, ")", "closes nothing"),
        ("()", 1, ")", "Empty parentheses"),
        ("t:base or", 7, "or", "needs a term after"),
        ("or t:base", 0, "or", "needs a term before"),
        ("t:base or or t:hero", 7, "or", "needs a term after"),
        ("and t:base", 0, "and", "on each side"),
        ("t:base and", 7, "and", "on each side"),
        ("- t:base", 0, "-", "right before the term"),
        ("t:base -", 7, "-", "right before the term"),
        ("not", 0, "not", "Nothing follows"),
        ('o:""', 2, "", "at least one word"),
        ("o:-", 2, "-", "at least one word"),
        ("a\x00b", 1, "", "control character"),
        ("(" * (MAX_DEPTH + 2) + "t:base" + ")" * (MAX_DEPTH + 2), MAX_DEPTH + 1, "(", "deeper"),
        ("-" * (MAX_DEPTH + 2) + "t:base", MAX_DEPTH + 1, "-", "deeper"),
        ("x" * (MAX_LENGTH + 1), MAX_LENGTH, "", "at most 500"),
        (" ".join(["t:base"] * 41), 280, "t:base", "more than 40 terms"),
    ],
)
def test_each_parse_error_points_at_its_token(
    query: str, position: int, token: str, says: str
) -> None:
    with pytest.raises(CardQueryError) as caught:
        card_query(query)
    error = caught.value
    assert says in error.message
    assert (error.position, error.token) == (position, token)
    assert query[error.position :].startswith(error.token)


# -- over the API and on the card list page -------------------------------------------------------


def test_api_cards_take_the_query_on_top_of_the_filters(api: Any) -> None:
    body = api.get(
        "/api/v1/cards/", {"q": "faction:blob cost<=4", "game": HA, "page_size": 100}
    ).json()
    assert {f"{c['game']}:{c['slug']}" for c in body["results"]} == selected(
        f"game:{HA} faction:blob cost<=4"
    )
    assert all("blob" in c["factions"] and c["cost"] <= 4 for c in body["results"])


def test_api_orders_and_pages_the_selected_cards(api: Any) -> None:
    body = api.get("/api/v1/cards/", {"q": "weapon:fire power>=180", "ordering": "-power"}).json()
    powers = [c["power"] for c in body["results"]]
    assert body["count"] == len(selected("weapon:fire power>=180"))
    assert powers == sorted(powers, reverse=True) and powers[-1] >= 180


def test_api_answers_an_unreadable_query_with_a_400_naming_q_and_the_position(api: Any) -> None:
    response = api.get("/api/v1/cards/", {"q": "faction:blob cost<=x"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid-query"
    assert error["details"] == [
        {"field": "q", "message": error["details"][0]["message"], "position": 19, "token": "x"}
    ]
    assert "whole number" in error["message"] and error["message"].startswith("q: ")


def test_the_card_list_page_filters_by_the_query_and_shows_errors() -> None:
    client = Client()
    page = client.get(f"/games/{HA}/cards/", {"q": "faction:blob cost<=4"}).content.decode()
    assert "/cards/warrior-pod/" in page
    assert f"{len(selected(f'game:{HA} faction:blob cost<=4'))} card" in page
    page = client.get(f"/games/{HA}/cards/", {"q": "(faction:blob"}).content.decode()
    assert "never closed" in page and "position 0" in page


HOSTILE = [
    '"',
    "(",
    ")",
    "-",
    "()",
    ":",
    "::",
    "a:",
    ":a",
    "<",
    "cost<",
    "cost<<<<",
    "cost:-1",
    "cost:1e9",
    "cost:0x10",
    "name:'; DROP TABLE cardsdb_card; --",
    "name:%",
    "name:_",
    "attr.x:1' OR '1'='1",
    "attr.__class__:x",
    "o:*",
    'o:"\'"',
    "game:\x00",
    "t:\\",
    "f:😀",
    "or or or",
    "(" * 300,
    ")" * 300,
    "-" * 300 + "a",
    "a " * 250,
    "name:" + "x" * 495,
]


@pytest.mark.parametrize("query", HOSTILE)
def test_hostile_queries_get_an_answer_or_a_400_in_a_few_queries(
    api: Any, django_assert_max_num_queries: Any, query: str
) -> None:
    # What a worker does once per data version whatever it is asked first (its card index,
    # the search's word frequencies), done here so that the count below is the query's own
    # work and does not depend on the tests this worker ran before.
    api.get("/api/v1/cards/", {"q": "warp"})
    Client().get(f"/games/{HA}/cards/", {"q": "warp"})
    Client().get("/search/", {"q": "warp"})
    # Work, not time: three answers together, in a bounded number of queries
    with django_assert_max_num_queries(24):
        response = api.get("/api/v1/cards/", {"q": query})
        assert response.status_code in (200, 400), response.content
        if response.status_code == 400:
            assert response.json()["error"]["details"][0]["field"] == "q"
        assert Client().get(f"/games/{HA}/cards/", {"q": query}).status_code in (200, 400)
        assert Client().get("/search/", {"q": query}).status_code in (200, 400)


@settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    st.lists(
        st.sampled_from(
            [
                "cost",
                "name",
                "o",
                "f",
                "attr.weapon",
                "weapon",
                "x",
                ":",
                "<=",
                ">",
                "!=",
                "=",
                "3",
                "-",
                "(",
                ")",
                " ",
                " or ",
                " and ",
                '"',
                "blob",
                "é",
                "ё",
                "*",
                "\x00",
            ]
        ),
        max_size=25,
    ).map("".join)
)
def test_any_query_is_cards_or_a_card_query_error(query: str) -> None:
    try:
        cards = cards_filter(m.Card.objects.all(), query)
    except CardQueryError as error:
        assert 0 <= error.position <= len(query)
        return
    cards.count()


def test_a_pattern_of_the_position_is_the_token_for_every_error_message() -> None:
    # the API's message ends with the position, so a client can show it without the details
    with pytest.raises(CardQueryError) as caught:
        card_query("cost:abc")
    assert re.search(r"\(at position 5\)$", str(caught.value))
