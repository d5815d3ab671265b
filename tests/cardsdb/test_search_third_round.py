"""Search for a third fresh set of player queries (2026-12-03), the same on SQLite and
PostgreSQL: slang from other games, Russian for High Alert (a yes-or-no question, a mark's
letter, the words of a rule), the game named, "how does X work", counts asked with another
verb, card names and questions a form settles."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb import search

pytestmark = pytest.mark.django_db

HA = "star-realms-high-alert"
BOBA = "bo-jackson-battle-arena"
HSQ = "super-hazard-quest"


def keys(text: str, n: int = 3, **filters: Any) -> list[str]:
    return [h.key for h in search.search(text, **filters).fetch(0, n)]


# -- players' words from other games --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("burn a card to pay a cost", "hyperstar-run:5.4"),  # burn: discard
        ("power ups in higher lower", "higher-lower:booster"),  # power up: booster card
        ("what is the mana in battle arena", f"{BOBA}:hot-dog"),  # mana: what costs are paid with
        ("do i get a point for a tied battle", f"{BOBA}:drawn-battle"),  # a point: a Trophy
        ("who plays first after a drawn battle", f"{BOBA}:4.2.2.8"),  # plays first: goes first
    ],
)
def test_a_players_word_finds_the_rule_in_the_rulebooks_words(text: str, first: str) -> None:
    assert keys(text, 1) == [first]


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        ("tap a level card for its button", {"hyperstar-run:press", "hyperstar-run:5.5"}),
        ("mulligan my items", {f"{HSQ}:6.2", f"{HSQ}:discard-turn"}),
        ("refill my hand in hazard quest", {f"{HSQ}:5.10"}),  # refill: draw new ones
    ],
)
def test_a_players_word_finds_the_answer_among_the_first_three(
    text: str, answers: set[str]
) -> None:
    assert answers & set(keys(text)), keys(text)


def test_a_players_word_of_one_games_list_names_that_game() -> None:
    # "sub" is in Battle Arena's synonyms only: its entries gain, not Higher or Lower's
    # "the first player to get rid of every card"
    results = search.search("who gets to sub first")
    assert results.query.words_of_game == BOBA
    assert {h.game for h in results.fetch(0, 3)} == {BOBA}


def test_everyone_is_a_stop_word() -> None:
    assert "everyone" in search.search("how many cards does everyone start with").query.dropped


# -- Russian for High Alert -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("сбрасывается ли техника в конце хода", f"{HA}:4.6"),  # discarded, the end of a turn
        ("есть ли у техники фракция", f"{HA}:4.5"),  # a yes-or-no question: the rule first
        ("буква П на карте", f"{HA}:expansion-mark"),  # the letter of a mark
        ("карты с буквой В", f"{HA}:expansion-mark"),  # В after «буквой» is the mark
        ("когда срабатывает способность союзника", f"{HA}:5.3"),  # triggers
        ("бесплатно взять карту стоимостью 4 или меньше", f"{HA}:acquire-costing-n-or-less"),
        ("что такое основная фаза", f"{HA}:main-phase"),  # what it is: the glossary's term
    ],
)
def test_a_russian_question_finds_its_answer_first(text: str, first: str) -> None:
    assert keys(text, 1) == [first]


def test_a_russian_yes_or_no_question_reads_as_a_question() -> None:
    assert search.search("сбрасывается ли техника").query.question
    assert not search.search("техника фракция").query.question


# -- the game named ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("hyperstar hero", "hyperstar-run:hero-card"),
        ("battle arena hand", f"{BOBA}:hand"),
        ("hazard quest battle", f"{HSQ}:hero-battle"),
        ("hsq look", f"{HSQ}:look"),
        ("Боевая тревога база", f"{HA}:base"),
    ],
)
def test_a_word_every_game_uses_is_the_named_games(text: str, first: str) -> None:
    results = search.search(text)
    hits = results.fetch(0, 10)
    assert hits[0].key == first
    assert {h.game for h in hits} == {first.split(":")[0]}


# -- what something is, counts, names, forms ----------------------------------------------------


def test_how_does_it_work_asks_what_it_is() -> None:
    results = search.search("how does a battle work in battle arena")
    assert not results.query.question  # no dispute form first
    assert [t.text for t in results.query.terms] == ["battle"]  # "work" asks nothing
    assert results.fetch(0, 1)[0].key == f"{BOBA}:battle"


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("how many plays do i start with", f"{BOBA}:4.3.1.9"),
        ("how many items do i get dealt in hazard quest", f"{HSQ}:3.9"),
        ("how many actions does it take to beat a mini boss", f"{HSQ}:7.2"),
    ],
)
def test_a_count_asked_with_another_verb_finds_the_rule_stating_it(text: str, first: str) -> None:
    assert keys(text, 1) == [first]


@pytest.mark.parametrize(
    ("text", "first"),
    [("bench blocker", f"{BOBA}:bench-blocker-g-pl-59"), ("alpha max", f"{HA}:alpha-max")],
)
def test_a_card_name_puts_the_card_first(text: str, first: str) -> None:
    assert keys(text, 1) == [first]


def test_a_question_a_form_settles_lists_the_form_first() -> None:
    assert keys("can i get past this hazard with my item", 1) == [f"{HSQ}:pass-hazard"]
