"""Search for a sixth fresh set of player queries (2026-12-03), the same on SQLite and
PostgreSQL: the rule whose own text holds every word of a question comes before a
clarification whose title holds them; a count is answered by the rule stating the number, not
by a term whose name holds what it counts; players' words for calling and pressing."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb import search

pytestmark = pytest.mark.django_db

HA = "star-realms-high-alert"
BOBA = "bo-jackson-battle-arena"
HL = "higher-lower"
HSR = "hyperstar-run"
SHQ = "super-hazard-quest"


def keys(text: str, n: int = 3, **filters: Any) -> list[str]:
    return [h.key for h in search.search(text, **filters).fetch(0, n)]


# -- the rule that states the answer, before a title that holds the words --------------------


def test_selling_a_hero_for_its_ability_finds_the_rule_on_scrapping_it() -> None:
    # 3.8: "you may use the scrap ability of a hero on your table; the hero is then scrapped";
    # the clarification on the turn a hero is acquired holds the words in its title only
    assert f"{HA}:3.8" in keys("sell my hero for its ability", 2)


def test_a_heading_holding_two_words_still_says_which_rule_of_its_section() -> None:
    # the heading "Paying costs" holds pay and cost: 5.4 (discard) keeps its place
    assert keys("burn a card to pay a cost", 1) == [f"{HSR}:5.4"]


# -- a count asks for a number, not a name -----------------------------------------------------


def test_how_many_hot_dogs_finds_the_rule_stating_ten() -> None:
    assert keys("how many hot dogs do i bring", 1)[0] in {f"{BOBA}:4.2.1.2", f"{BOBA}:4.3.1.5"}


# -- players' words --------------------------------------------------------------------------


def test_saying_higher_or_lower_after_a_match_finds_the_rule_on_the_call() -> None:
    # say: call (rule 4.5, "A player who matches makes no call"; the clarification on the call
    # after several matches)
    first = keys("do i have to say higher or lower after i match", 1)
    assert first[0] in {f"{HL}:4.5", f"{HL}:call-after-a-match"}


def test_pushing_a_card_down_twice_finds_the_clarification_on_pressing_again() -> None:
    # push down: press
    assert keys("can i push down a card twice", 1) == [
        f"{HSR}:pressed-card-cannot-be-pressed-again"
    ]


# -- Russian for High Alert ------------------------------------------------------------------


def test_scrapping_a_hero_right_after_buying_it_finds_the_clarification() -> None:
    assert keys("можно ли использовать способность утилизации героя сразу после покупки", 1) == [
        f"{HA}:hero-scrap-same-turn"
    ]


def test_a_tech_staying_on_the_table_finds_its_rule() -> None:
    assert keys("остаётся ли техника на столе после конца хода", 1) == [f"{HA}:4.6"]
