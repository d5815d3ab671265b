"""Search in players' everyday words, the same on SQLite and PostgreSQL: slang and gaming
words, corrections only for words that are not English, Russian for High Alert, the game named
in the query, and the best answer first."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cardsdb import search
from cardsdb.search.ranking import states_a_count

pytestmark = pytest.mark.django_db

HA = "star-realms-high-alert"


def keys(text: str, n: int = 3, **filters: Any) -> list[str]:
    return [h.key for h in search.search(text, **filters).fetch(0, n)]


# -- players' words ---------------------------------------------------------------------------


def test_trash_is_scrap_in_high_alert() -> None:
    found = keys("when may I trash a hero", 3, game=HA)
    assert any("scrap" in key for key in found), found  # the term, a ruling or rule on scrapping


def test_a_gaming_word_from_the_cross_game_list_finds_the_rulebooks_word() -> None:
    found = keys("graveyard", 10, game="super-hazard-quest")
    assert "super-hazard-quest:discard-pile" in found


def test_getting_hit_is_being_wounded() -> None:
    found = keys("what happens when my hero gets hit", 3)
    assert found[0] in ("super-hazard-quest:wound", "super-hazard-quest:8.11"), found


# -- spelling ---------------------------------------------------------------------------------


def test_a_misspelt_word_is_corrected() -> None:
    results = search.search("subsitution")
    assert results.query.corrections == (("subsitution", "substitution"),)


@pytest.mark.parametrize("word", ["threw", "skip", "guy", "boosters"])
def test_an_english_word_is_never_corrected_into_a_game_word(word: str) -> None:
    assert search.search(f"{word} card").query.corrections == ()


def test_a_players_word_is_never_corrected() -> None:
    assert search.search("respawn").query.corrections == ()


# -- Russian for High Alert -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("скидка реквизиции", f"{HA}:requisition-discount"),  # a glossary term
        ("когда можно утилизировать персонажа", f"{HA}:scrap|{HA}:3.8"),  # a term, a rule
        ("двойная способность союзника", f"{HA}:double-ally-ability"),  # a glossary term
        ("что значит буква В в углу карты", f"{HA}:expansion-mark"),  # a mark letter
        ("символ Т", f"{HA}:tech"),  # a mark letter
        ("объединённые фракции", f"{HA}:6"),  # a section heading
        ("Торговая федерация союзник", f"{HA}:ally-ability"),  # a faction
    ],
)
def test_a_russian_question_finds_the_high_alert_answer(question: str, answer: str) -> None:
    found = keys(question, 5)
    answers = answer.split("|")  # any of them
    assert any(k == a or k.startswith(a + ".") for k in found for a in answers), found
    assert all(k.startswith(f"{HA}") for k in found[:3]), found


def test_the_preposition_v_is_still_a_stop_word() -> None:
    assert "в" in search.search("ход в игре").query.dropped or not search.search("в").query.dropped


def test_the_search_page_says_russian_works() -> None:
    page = Client().get("/search/").content.decode()
    assert "Поиск по-русски работает" in page
    assert "Поиск по-русски работает" in Client().get(f"/games/{HA}/").content.decode()


# -- the game named ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "game"),
    [
        ("hyperstar discard", "hyperstar-run"),
        ("boba substitute", "bo-jackson-battle-arena"),
        ("HSQ checkpoint", "super-hazard-quest"),
        ("high alert hero", HA),
        ("Боевая тревога персонаж", HA),
    ],
)
def test_naming_the_game_looks_in_that_game_only(text: str, game: str) -> None:
    results = search.search(text)
    hits = results.fetch(0, 20)
    assert hits and {h.game for h in hits} == {game}
    assert results.named_game is not None
    assert all(t.text not in ("hyperstar", "boba", "hsq") for t in results.query.terms)


def test_the_games_name_alone_finds_the_game() -> None:
    assert keys("hyperstar run", 1) == ["hyperstar-run"]


def test_the_api_says_which_game_the_query_named(api: Any) -> None:
    body = api.get("/api/v1/search", {"q": "battle arena bench"}).json()
    assert body["named_game"] == "bo-jackson-battle-arena"
    assert {r["game"] for r in body["results"]} == {"bo-jackson-battle-arena"}


# -- broad queries ---------------------------------------------------------------------------


def test_a_broad_query_is_ranked_and_says_about_how_many() -> None:
    results = search.search("hero", game="bo-jackson-battle-arena", kind="card")
    assert results.capped() and not results.ranked()  # too many to rank them all
    hits = results.fetch(0, 20)
    ranks = [h.rank for h in hits]
    assert len(hits) == 20 and ranks == sorted(ranks, reverse=True)  # best first
    assert results.estimate() > search.COUNT_CAP
    page = Client().get("/search/", {"q": "hero", "game": "bo-jackson-battle-arena"})
    assert "About " in page.content.decode()


# -- the best answer first --------------------------------------------------------------------


def test_a_question_a_form_settles_shows_the_form_first() -> None:
    assert search.search("can I substitute twice in a battle").fetch(0, 1)[0].kind == "question"


def test_a_rules_question_puts_a_rule_above_cards() -> None:
    hits = search.search("how does a tech card work", game=HA).fetch(0, 3)
    # the rules, glossary and clarifications answer it, not the cards that hold the words
    assert "card" not in {h.kind for h in hits}, [(h.kind, h.key) for h in hits]


def test_a_card_name_puts_that_card_first() -> None:
    assert keys("stellar link", 1) == [f"{HA}:stellar-link"]


def test_a_russian_query_looks_in_the_russian_edition() -> None:
    results = search.search("персонаж")
    assert {h.game for h in results.fetch(0, 20)} == {HA}


def test_a_game_named_in_another_case_or_as_a_phrase_scopes_the_search() -> None:
    assert {h.game for h in search.search('"battle arena" bench').fetch(0, 10)} == {
        "bo-jackson-battle-arena"
    }
    assert search.search("Боевой тревоги персонажи").named_game is not None


def test_a_name_with_only_common_words_around_it_is_searched_as_words() -> None:
    results = search.search("what is hyperstar run")
    assert results.named_game is None
    assert keys("what is hyperstar run", 1) == ["hyperstar-run"]


# -- the players' words are data the loader put in the database -------------------------------


def test_the_gaming_words_and_short_names_are_loaded_into_the_database() -> None:
    from cardsdb import models as m

    gaming = dict(m.Synonym.objects.filter(game=None).values_list("words", "means"))
    assert gaming["graveyard"] == ["discard pile"]  # fixtures/gaming-words.toml
    shorts = m.Game.objects.get(slug="bo-jackson-battle-arena").short_names
    assert "BoBA" in shorts and "battle arena" in shorts  # its synonyms.toml's game_names


def test_search_reads_a_short_name_from_the_database_not_the_fixture_file() -> None:
    from cardsdb import models as m

    game = m.Game.objects.get(slug="hyperstar-run")
    game.short_names = [*game.short_names, "starhopper"]  # an admin's edit, in no file
    game.save()
    results = search.search("starhopper discard")
    assert results.named_game == game.pk
    assert {h.game for h in results.fetch(0, 10)} == {"hyperstar-run"}


def test_search_reads_the_gaming_words_from_the_database_not_the_fixture_file() -> None:
    from cardsdb import models as m

    assert "super-hazard-quest:discard-pile" in keys("graveyard", 10, game="super-hazard-quest")
    m.Synonym.objects.filter(game=None, words="graveyard").delete()  # the admin's delete
    m.Synonym.objects.create(game=None, words="boneyard", means=["discard pile"])
    assert "super-hazard-quest:discard-pile" in keys("boneyard", 10, game="super-hazard-quest")
    found = search.search("graveyard", game="super-hazard-quest")
    assert not any(len(t.alternatives) > 1 for t in found.query.terms)  # no longer expanded


def test_a_gaming_words_file_is_validated_like_a_games_synonyms(
    tmp_path: Any, settings: Any
) -> None:
    from cardsdb.fixtures_format import FixtureError
    from cardsdb.loaders import read_gaming_words

    (tmp_path / "gaming-words.toml").write_text(
        '[[synonyms]]\nwords = "trash"\nmeans = ["discard"]\n'
        '[[synonyms]]\nwords = "Trash"\nmeans = ["scrap"]\n'
    )
    settings.FIXTURES_DIR = tmp_path
    with pytest.raises(FixtureError, match="trash"):
        read_gaming_words()


# -- "how many" asked with another verb than the rule's -----------------------------------------


def test_a_how_many_question_leaves_out_the_verb_that_only_asks() -> None:
    asked = search.search("how many heroes do players get")
    assert "get" in asked.query.dropped and asked.query.count
    # elsewhere the same verb is a word to search for
    assert "get" in [t.text for t in search.search("get a hero back").query.terms]


def test_a_how_many_question_finds_the_rule_that_states_the_number() -> None:
    # the rule says "Shuffle the booster cards well and deal 3 to each player"
    found = keys("how many booster cards does each player get", 3)
    assert "higher-lower:3.3" in found, found


def test_among_equal_answers_the_one_stating_a_number_ranks_first() -> None:
    query = search.search("how many heroes do I get").query
    plain, counted = (
        _rule_hit("7.1", "Heroes fight in zones.", query),
        _rule_hit("7.2", "Each player draws 7 Heroes.", query),
    )
    assert [h.key for h in search._rerank([plain, counted], query)] == ["7.2", "7.1"]


# -- the best answer first, explicitly --------------------------------------------------------


def _rule_hit(key: str, body: str, query: Any, kind: str = "rule", title: str = "") -> Any:
    return search.Hit(
        kind=kind,
        key=key,
        url="",
        game="g",
        game_name="G",
        title=title or f"{key} Heroes",
        score=0.0,
        matched=len(query.positive),
        body=body,
        query=query,
    )


def test_a_question_form_then_a_rule_then_a_glossary_term_then_a_card() -> None:
    query = search.search("can I swap a hero").query
    assert query.question
    hits = [
        _rule_hit(kind, "Swap a hero.", query, kind=kind, title="Swap a hero")
        for kind in ("card", "term", "rule", "question")
    ]
    order = [h.kind for h in search._rerank(hits, query)]
    assert order == ["question", "rule", "term", "card"]


def test_a_rules_question_puts_the_rule_above_the_glossary_term_and_the_cards() -> None:
    hits = search.search("how does a super weapon win a tie", game="bo-jackson-battle-arena")
    kinds = [h.kind for h in hits.fetch(0, 3)]
    # a rule or a clarification answers it (a form, when one settles it, comes first)
    assert next(k for k in kinds if k != "question") in ("rule", "clarification"), kinds
    assert "card" not in kinds, kinds


def test_a_card_name_typed_in_lower_case_puts_that_card_first() -> None:
    assert keys("warrior pod", 1) == ["star-realms-high-alert:warrior-pod"]


# -- more players' questions (2026-12-02) -----------------------------------------------------


def test_an_apostrophe_joins_a_word_and_a_clitic_not_a_phrase() -> None:
    typed = search.parse_search("can't attack another player's hero")
    assert [t.tokens for t in typed.terms] == [
        ("can",),
        ("t",),
        ("attack",),
        ("another",),
        ("player",),
        ("s",),
        ("hero",),
    ]
    # a quoted phrase is still a phrase
    assert search.parse_search('"player\'s hero"').terms[0].tokens == ("player", "s", "hero")


def test_a_possessive_is_searched_as_the_word() -> None:
    assert [t.text for t in search.search("level card's ability").query.terms] == [
        "level",
        "card",
        "ability",
    ]


def test_a_size_asks_for_a_number() -> None:
    query = search.search("deck size", game="bo-jackson-battle-arena").query
    assert query.count and "size" in query.dropped
    assert [query.terms[i].text for i in query.counted] == ["deck"]


def test_a_how_many_question_is_answered_by_a_rule_not_a_dispute_form() -> None:
    found = keys("how many guys go on my bench", 3)
    assert search.search("how many guys go on my bench").fetch(0, 1)[0].kind != "question"
    assert {"bo-jackson-battle-arena:4.2.1.5", "bo-jackson-battle-arena:4.3.1.8"} & set(found)


def test_the_words_of_one_games_glossary_rank_that_games_entries_first() -> None:
    query = search.search("can I run two plays in one battle").query
    assert query.words_of_game == "bo-jackson-battle-arena"
    assert keys("can I run two plays in one battle", 1)[0].startswith("bo-jackson-battle-arena:")
    # words every game's glossary holds name no game
    assert search.search("hero").query.words_of_game == ""


def test_the_same_is_searched_for() -> None:
    assert "same" in [t.text for t in search.search("heroes with the same power").query.terms]


def test_one_is_not_read_as_a_count() -> None:
    query = search.search("how many cards do I get").query
    assert states_a_count(_rule_hit("1", "Lay any one card.", query), query) == 0.0
    assert states_a_count(_rule_hit("2", "Deal 10 cards.", query), query) == 1.0


@pytest.mark.parametrize(
    ("text", "answers"),
    [
        ("bo jackson max heroes with the same power", {"bo-jackson-battle-arena:4.1.1.2"}),
        (
            "what happens if I die in hazard quest",
            {
                "super-hazard-quest:was-i-wounded",
                "super-hazard-quest:wound",
                "super-hazard-quest:8.1",
            },
        ),
        (
            "what happens when I lose a life in hyperstar run",
            {"hyperstar-run:8.1", "hyperstar-run:8.3"},
        ),
        ("is there a hard mode in hyperstar", {"hyperstar-run:difficulty", "hyperstar-run:2.1"}),
        ("how do I kill the final boss", {"super-hazard-quest:2.7", "super-hazard-quest:2.8"}),
        ("peek at the next room safely", {"super-hazard-quest:look", "super-hazard-quest:8.6"}),
        ("сколько раз за ход можно использовать технику", {f"{HA}:4.4", f"{HA}:tech-usable"}),
        ("куда идёт купленный персонаж", {f"{HA}:3.3", f"{HA}:9.4"}),
    ],
)
def test_more_players_words_find_the_rule(text: str, answers: set[str]) -> None:
    found = keys(text, 3)
    assert answers & set(found), found
