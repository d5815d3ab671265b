"""Search for a fourth fresh set of player queries (2026-12-03), the same on SQLite and
PostgreSQL: a longer question finds the rule that answers it before the glossary term that
summarises its section, and before the section's other rules; the rulebooks' words for how
often ("once") and for playing a card ("lay"); a form whose title asks the question first."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb import search

pytestmark = pytest.mark.django_db

HA = "star-realms-high-alert"
BOBA = "bo-jackson-battle-arena"
HL = "higher-lower"


def keys(text: str, n: int = 3, **filters: Any) -> list[str]:
    return [h.key for h in search.search(text, **filters).fetch(0, n)]


# -- a longer question: the rule, then the term that names what it asks about ----------------


@pytest.mark.parametrize(
    ("text", "first"),
    [
        # the term Hero (персонаж is one of its names) summarises the section; rule 3.6 answers
        ("что происходит с персонажем в конце хода", f"{HA}:3.6"),
        ("do i pay full price for a requisition card", f"{HA}:8.2"),
    ],
)
def test_a_longer_question_finds_the_rule_before_the_summary_term(text: str, first: str) -> None:
    assert keys(text, 1) == [first]


def test_a_term_named_by_two_of_the_words_is_not_pushed_down() -> None:
    # "special item" names the term: it stays among the first three
    assert "super-hazard-quest:special-item" in keys("can i keep moving after a special item", 5)


def test_buying_a_hero_lists_the_rules_before_the_term_acquire() -> None:
    found = search.search("can i buy a hero from the trade row").fetch(0, 3)
    assert found[0].kind == "rule"
    assert f"{HA}:3.2" in [h.key for h in found]


def test_a_question_finds_the_rule_whose_own_text_holds_its_words() -> None:
    # 4.2.2.1 says "the player with honors first ... substitute"; its section's other rules
    # hold "sub" only through the heading "Substitution Mode"
    assert f"{BOBA}:4.2.2.1" in keys("who gets to sub first", 2)


# -- the rulebooks' other words ----------------------------------------------------------------


def test_twice_finds_at_most_once() -> None:
    # rule 6.6: "at most once"
    assert keys("can i use the level card ability twice", 1) == ["hyperstar-run:6.6"]


def test_lay_and_play_are_one_word() -> None:
    # the rulebook lays a card, the form asks "Can I play this card?"
    lay = search.search("can i lay a 7 on a 9 when the call is lower").query.positive[0]
    assert ("play",) in lay.alternatives
    assert f"{HL}:automatic-calls-1-and-15" in keys("what happens after someone plays a 15", 5)


def test_next_to_me_is_the_player_on_your_left() -> None:
    # rule 5.4: "not only the player on your left"
    assert f"{HL}:5.4" in keys("can i use a booster on someone not next to me")


def test_swapping_a_hero_is_a_substitution() -> None:
    assert f"{BOBA}:substitution-always-costs-two" in keys("how many hot dogs to swap a hero")


# -- a form whose title asks the question --------------------------------------------------------


def test_check_is_left_out_and_the_form_comes_first() -> None:
    results = search.search("check my playbook is legal")
    assert "check" in results.query.dropped
    assert [h.key for h in results.fetch(0, 1)] == [f"{BOBA}:is-my-deck-legal"]
