"""Deck lists as players paste them, against the real catalog held in memory: exact
references, no guesses, every format at once, and the text written back."""

from __future__ import annotations

from functools import cache

import pytest

from games.bo_jackson_battle_arena.deck_list import (
    DeckListProblems,
    ListError,
    Printing,
    deck_check_report,
    deck_list_parse,
    entries_resolve,
    memory_lookup,
    printing_from_catalog,
    reference_parse,
)

from .helpers import fixtures


@cache
def catalog() -> list[Printing]:
    fx = fixtures()
    sets = {e.slug: (e.name, e.code or "", e.slug) for e in fx.game.expansions}
    return [
        printing_from_catalog(
            slug=c.slug,
            name=c.name,
            kind=c.type or "",
            number=c.number,
            power=c.power,
            has_text=bool(c.text),
            attributes=c.attributes,
            expansion=sets.get(c.expansion or ""),
        )
        for c in fx.cards
    ]


def resolve(text: str):  # type: ignore[no-untyped-def]
    return entries_resolve(deck_list_parse(text), memory_lookup(catalog()))


def legal_heroes(n: int = 60) -> list[Printing]:
    """n Heroes, one per name and weapon, at most 6 per Power value."""
    chosen: list[Printing] = []
    seen: set[tuple[str, str | None]] = set()
    per_power: dict[int | None, int] = {}
    for p in catalog():
        if p.kind != "hero" or (p.name, p.weapon) in seen or per_power.get(p.power, 0) >= 6:
            continue
        seen.add((p.name, p.weapon))
        per_power[p.power] = per_power.get(p.power, 0) + 1
        chosen.append(p)
        if len(chosen) == n:
            break
    return chosen


def thirty_plays() -> list[Printing]:
    """30 Alpha Edition Plays with different names and a known Deck Balancing Score."""
    out: list[Printing] = []
    names: set[str] = set()
    for p in sorted(catalog(), key=lambda p: (p.dbs or 0, p.slug)):
        fits = p.kind == "play" and p.release == "Alpha Edition" and p.dbs is not None
        if fits and p.name not in names:
            names.add(p.name)
            out.append(p)
        if len(out) == 30:
            break
    return out


def a_hot_dog() -> Printing:
    return next(p for p in catalog() if p.kind == "hot-dog")


def full_list() -> str:
    heroes = "\n".join(f"1 {p.reference}" for p in legal_heroes())
    plays = "\n".join(p.reference for p in thirty_plays())
    return f"Heroes\n{heroes}\n\nPlays\n{plays}\n\nHot Dogs\n10 {a_hot_dog().reference}\n"


def test_pl_85_alone_is_a_question_not_a_guess() -> None:
    result = resolve("PL-85")
    assert not result.chosen
    (problem,) = result.problems
    assert problem.line == 1
    assert problem.message == "PL-85 is in Alpha Edition, Alpha Update and Griffey Edition: which?"
    assert {p.slug for p in problem.candidates} == {
        "jump-ball-a-pl-85",
        "forced-substitution-u-pl-85",
        "burning-fever-g-pl-85",
    }


def test_pl_85_with_its_release_is_one_card() -> None:
    for line in ("(G) PL-85", "G PL-85", "Burning Fever (Griffey Edition) PL-85", "(g) pl-85"):
        result = resolve(line)
        assert not result.problems, (line, result.problems)
        assert [c.printing.slug for c in result.chosen] == ["burning-fever-g-pl-85"]


def test_a_name_that_is_in_the_wrong_release_says_what_the_number_is() -> None:
    (problem,) = resolve("Reload (G) PL-85").problems
    assert "Burning Fever (Griffey Edition) PL-85, not Reload" in problem.message


def test_shouting_an_accented_name_finds_it() -> None:
    result = resolve("CURAÇAO KID (ALPHA UPDATE) BBF-24 [blue battlefoil]")
    assert not result.problems
    assert result.chosen[0].printing.name == "Curaçao Kid"
    assert result.chosen[0].printing.slug == "curacao-kid-alpha-update-bbf-24-blue-battlefoil"


def test_a_hero_name_alone_lists_its_printings() -> None:
    (problem,) = resolve("curacao kid").problems
    assert "which?" in problem.message
    assert len(problem.candidates) == 39


def test_a_name_every_printing_of_which_is_the_same_play_is_counted_and_said() -> None:
    # Becky Birddog is one Hot Dog in every set it is in: naming it is enough.
    plays = [p for p in catalog() if p.name == "Becky Birddog"]
    assert len(plays) > 1
    result = resolve("10 Becky Birddog")
    assert not result.problems
    assert result.chosen[0].entry.count == 10
    assert "the same card for every deck rule" in result.notes[0]


def test_an_unknown_card_is_reported_with_its_line() -> None:
    (problem,) = resolve("Heroes\n\nNo Such Hero").problems
    assert problem.line == 3
    assert "no Battle Arena card" in problem.message


def test_a_legal_playmaker_list_is_legal_there_and_answered_for_every_format() -> None:
    report = deck_check_report(resolve(full_list()), "playmaker")
    assert report["verdict"] == "legal", report["summary"]
    formats = {f["slug"]: f for f in report["formats"]}  # type: ignore[union-attr, index]
    assert formats["rookie"]["verdict"] == "legal"
    assert formats["double-blaster-sealed"]["verdict"] == "illegal"
    assert formats["double-blaster-sealed"]["errors"][0]["code"] == "sealed-hero-deck-forty"
    assert formats["double-blaster-sealed"]["errors"][0]["rule"].endswith(":9.3")
    totals = report["totals"]
    assert totals["heroes"] == 60 and totals["plays"] == 30 and totals["hot_dogs"] == 10  # type: ignore[index]


def test_the_exported_text_reads_back_as_the_same_deck() -> None:
    first = resolve(full_list())
    text = first.text()
    again = resolve(text)
    assert not again.problems
    assert again.deck() == first.deck()
    assert again.text() == text
    assert text.startswith("Heroes (60)\n")


def test_a_list_with_one_ambiguous_line_is_not_ruled_on() -> None:
    with pytest.raises(DeckListProblems) as caught:
        deck_check_report(resolve(full_list() + "Plays\nPL-85\n"), "playmaker")
    assert caught.value.problems[0].line == full_list().count("\n") + 2


def test_elite_total_power_is_checked_from_the_real_cards() -> None:
    report = deck_check_report(resolve(full_list()), "elite-playmaker")
    total = report["totals"]["total_power"]  # type: ignore[index]
    assert total == sum(p.power or 0 for p in legal_heroes())
    elite = next(f for f in report["formats"] if f["slug"] == "elite-playmaker")  # type: ignore[union-attr]
    assert (elite["verdict"] == "legal") == (total <= 8250)


def test_counts_in_front_or_behind_and_comments() -> None:
    entries = deck_list_parse("# my deck\n// sideboard idea\n2x Reload\nReload x3\n3 (A) PL-1")
    assert [(e.line, e.count) for e in entries] == [(3, 2), (4, 3), (5, 3)]
    assert entries[2].reference == reference_parse("(A) PL-1")


def test_a_count_of_a_thousand_is_refused_with_its_line() -> None:
    with pytest.raises(ListError) as caught:
        deck_list_parse("Heroes\n999 Reload")
    assert caught.value.line == 2


def test_pl_1_alone_is_three_plays_so_the_old_schema_example_is_a_question() -> None:
    (problem,) = resolve("PL-1").problems
    assert problem.message == "PL-1 is in Alpha Edition, Alpha Update and Griffey Edition: which?"


def test_a_play_named_alone_is_unique_by_name_but_its_unknown_score_is_not_guessed() -> None:
    # Jump Ball: Alpha Edition PL-85 (score 10) and Griffey Edition PL-92 (no known score).
    result = resolve("Plays\nJump Ball")
    assert not result.problems
    (chosen,) = result.chosen
    assert chosen.printing.name == "Jump Ball" and chosen.printing.dbs is None
    assert "Its score is not counted" in result.notes[0]
    report = deck_check_report(resolve(full_list() + "Bonus Plays\n"), "playmaker-constructed")
    assert report["verdict"] == "legal"


def test_two_printings_of_one_play_break_uniqueness_whichever_was_meant() -> None:
    plays = thirty_plays()
    listed = (
        "\n".join(p.reference for p in plays[:29]) + "\nJump Ball (A) PL-85\nJump Ball (G) PL-92"
    )
    heroes = "\n".join(p.reference for p in legal_heroes())
    text = f"Heroes\n{heroes}\nPlays\n{listed}\nHot Dogs\n10 {a_hot_dog().reference}"
    report = deck_check_report(resolve(text), "playmaker")
    assert report["verdict"] == "illegal"
    assert [r["code"] for r in report["reasons"]] == ["playbook-thirty-plays", "plays-unique"]


def test_a_play_whose_name_starts_with_a_number_is_not_read_as_a_count() -> None:
    result = resolve("Plays\n2 Get 10 (Alpha Edition) PL-45\n3 2 Get 10")
    assert not result.problems, result.problems
    assert [(c.printing.name, c.entry.count) for c in result.chosen] == [
        ("2 Get 10", 1),
        ("2 Get 10", 3),
    ]
