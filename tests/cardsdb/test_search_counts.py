"""Player questions answered first, the same on SQLite and PostgreSQL: "how many" answered by
the rule stating the number of what is counted, passive "get" left out, players' words for
what rulebooks print (people, the box, right away, a room, Russian ally abilities), and a
question's words naming a glossary term not enough to put the term above its answer."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cardsdb import search
from cardsdb.search.highlight import _marked, escape

pytestmark = pytest.mark.django_db

SHQ = "super-hazard-quest"
HA = "star-realms-high-alert"


def keys(text: str, n: int = 3, **filters: Any) -> list[str]:
    return [h.key for h in search.search(text, **filters).fetch(0, n)]


# -- "how many" ---------------------------------------------------------------------------------


def test_a_count_reads_the_words_it_counts() -> None:
    query = search.search("how many booster cards does each player receive").query
    assert [query.terms[i].text for i in query.counted] == ["booster", "cards"]


def test_how_many_exits_is_answered_by_the_number_of_exits_not_of_rooms() -> None:
    # "A card has up to four exits" (4.4); a room is a Dungeon Card in the players' words
    assert keys("how many exits does a room have", 1) == [f"{SHQ}:4.4"]


def test_the_rule_stating_the_number_is_found_among_many_rules_holding_the_word() -> None:
    # most of Battle Arena's rules hold "hero": the answer is not among the best 10 by score
    found = keys("how many heroes do I start with in battle arena")
    assert {
        "bo-jackson-battle-arena:4.1.1.5",
        "bo-jackson-battle-arena:4.2.1.4",
        "bo-jackson-battle-arena:4.3.1.7",
    } & set(found), found


def test_what_comes_in_the_box_is_the_list_of_components() -> None:
    assert "hyperstar-run:1.1" in keys("how many cards come in the hyperstar box")  # 18 cards


def test_how_many_players_finds_how_many_people_can_play() -> None:
    assert keys("how many players can play", 1) == ["higher-lower:how-many-players"]


def test_a_sections_heading_does_not_make_a_step_number_a_count() -> None:
    # "8.6 End of run: Step 3 ..." is not a number of runs; "You have up to 4 runs" is
    found = keys("how many runs do I get")
    assert {"hyperstar-run:3.1", "hyperstar-run:run"} & set(found), found
    assert not any(k.startswith("hyperstar-run:8.") for k in found), found


# -- questions in players' words ----------------------------------------------------------------


def test_did_i_get_wounded_asks_whether_i_was_wounded() -> None:
    results = search.search("did I get wounded")
    assert "get" in results.query.dropped
    assert keys("did I get wounded", 1) == [f"{SHQ}:was-i-wounded"]


def test_get_is_kept_when_it_is_not_passive() -> None:
    assert "get" not in search.search("how do I get a crystal").query.dropped


def test_right_away_is_now() -> None:
    assert keys("can I use my tech right away", 1) == [f"{HA}:tech-usable"]


def test_russian_double_ally_ability_in_players_words() -> None:
    assert keys("двойная союзная способность", 1) == [f"{HA}:double-ally-ability"]


def test_a_question_naming_a_term_gets_the_rule_above_the_term() -> None:
    found = keys("how many battles does it take to win a boba game", 1)
    assert found == ["bo-jackson-battle-arena:4.4.1.1"]  # the majority of the seven battles


def test_the_api_answers_a_count_question_with_the_rule_first() -> None:
    response = Client().get("/api/v1/search", {"q": "how many exits does a room have"})
    assert response.status_code == 200
    first = response.json()["results"][0]
    assert first["url"].endswith("/rules/#4.4")
    assert "<mark>exits</mark>" in first["snippet"]


# -- marks --------------------------------------------------------------------------------------


def test_marks_wrap_whole_words_never_an_escaped_characters_name() -> None:
    html = escape("Tom's mark: lt < x27 & marked")
    assert _marked(html, frozenset({"lt", "x27", "mark", "Tom"})) == (
        "<mark>Tom</mark>&#x27;s <mark>mark</mark>: <mark>lt</mark> &lt; <mark>x27</mark> "
        "&amp; marked"
    )
