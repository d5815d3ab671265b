"""Search for a fifth fresh set of player queries (2026-12-03), the same on SQLite and
PostgreSQL: everyday words for discarding, drawing, taking a card free, tagging a Hero in,
snapping a number, selling a hero, the dealer and kinds of things; Russian for paying; a word
of one game's list that another game's glossary also uses does not name the first game; a
longer search that is not a question finds the rule whose own text holds its words."""

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


# -- players' everyday words -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "first"),
    [
        # throw away: discard; fresh: new; "ones" asks nothing (rule 6.2, the Discard Turn)
        ("throw away my items and draw fresh ones", f"{SHQ}:6.2"),
        # pick up: draw (rule 4.3.2.14, "each player draws 1 Play")
        ("how many plays do i pick up after each battle", f"{BOBA}:4.3.2.14"),
        # who deals: the dealer
        ("higher lower who deals", f"{HL}:dealer"),
        # tag in: substitute (rule 4.2.2.1, before the term Bench)
        ("tag in a hero from the bench", f"{BOBA}:4.2.2.1"),
    ],
)
def test_an_everyday_word_finds_the_rule_in_the_rulebooks_words(text: str, first: str) -> None:
    assert keys(text, 1) == [first]


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        # freebie: "without paying" (rule 9.3, "acquire a card costing N or less")
        ("freebie card from the trade row", {f"{HA}:9.3", f"{HA}:acquire-costing-n-or-less"}),
        # snap: match
        ("snap the same number", {f"{HL}:match", f"{HL}:4.4", f"{HL}:match-means-same-number"}),
        # sell: scrap, in High Alert
        ("sell my hero for its ability", {f"{HA}:3.8", f"{HA}:scrap-ability", f"{HA}:hero-scrap"}),
        # kinds: types, varieties (rules 9.1 and 9.2)
        ("what kinds of items are there", {f"{SHQ}:9.1", f"{SHQ}:9.2"}),
        # gem: crystal
        ("lost all my gems after getting hurt", {f"{SHQ}:8.3", f"{SHQ}:wound"}),
    ],
)
def test_an_everyday_word_finds_an_answer_in_the_first_three(text: str, answers: set[str]) -> None:
    assert answers & set(keys(text))


def test_ones_is_left_out() -> None:
    assert "ones" in search.search("draw fresh ones").query.dropped


# -- Russian for High Alert --------------------------------------------------------------------


def test_paying_for_a_tech_each_time_finds_the_rule_on_its_cost() -> None:
    # «платить»: pay, cost; «каждый раз»: each use (rule 4.4, "each use costs the amount of
    # Trade printed on it"), not 4.2 on acquiring a tech
    assert keys("нужно ли платить торговлю за технику каждый раз", 1) == [f"{HA}:4.4"]


def test_enough_cards_for_a_double_ally_finds_at_least_two() -> None:
    # «хватит»: at least (rule 5.3, "at least two other played cards share its faction")
    assert f"{HA}:5.3" in keys("хватит ли одной карты Слизней для двойного союзника")


# -- a word of one game's list that another game's glossary uses -------------------------------


def test_a_word_another_game_names_a_term_with_does_not_name_a_game() -> None:
    # "number" is Battle Arena's word for Power, and Higher or Lower has number cards
    results = search.search("how many copies of each number are there")
    assert results.query.words_of_game == ""
    assert f"{HL}:1.1" in [h.key for h in results.fetch(0, 3)]


def test_a_word_only_one_game_uses_still_names_it() -> None:
    assert search.search("who gets to sub first").query.words_of_game == BOBA


# -- a longer search that is not a question ------------------------------------------------------


def test_the_rule_whose_own_text_holds_the_words_comes_first() -> None:
    # 5.6: "If you discard an Equipment Card to pay a cost"; 5.3 names the Equipment Cards
    # and discarding, its heading "Paying costs" the paying
    assert keys("toss my equipment card to pay", 1) == [f"{HSR}:5.6"]


def test_a_heading_holding_the_words_keeps_its_rule_first() -> None:
    # the heading "Paying costs" holds two of the words: the section's rule on discarding
    assert keys("burn a card to pay a cost", 1) == [f"{HSR}:5.4"]
