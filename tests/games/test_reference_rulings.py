"""Every reference ruling of every game says, in its first sentence, that the rulebook is silent
or unclear and that what follows is our reading, and quotes the book's words it reads."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SILENT = (
    "is silent",
    "does not say",
    "does not define",
    "does not name",
    "is unclear",
    "names the main phase only",
    "names trap doors only",
    "refers to booster descriptions it does not give",
    "allows trades but is silent",
    "makes the star wild only in costs",
)
QUOTE = re.compile(r"“[^”]*”")


def reference_rulings() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted(FIXTURES.glob("*/clarifications.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        for c in data["clarifications"]:
            if c["kind"] == "reference-ruling":
                out.append((path.parent.name, c["slug"], c["answer"]))
    return out


def first_sentence(answer: str) -> str:
    """The answer up to its first full stop outside a quotation."""
    plain = QUOTE.sub(lambda m: "“" + "x" * (len(m.group()) - 2) + "”", answer)
    end = re.search(r"[.!?](\s|$)", plain)
    return answer[: end.end()].strip() if end else answer


RULINGS = reference_rulings()


def test_there_are_reference_rulings_for_every_game() -> None:
    assert {game for game, _, _ in RULINGS} == {
        p.parent.name for p in FIXTURES.glob("*/clarifications.toml")
    }
    assert len(RULINGS) >= 80


@pytest.mark.parametrize(("game", "slug", "answer"), RULINGS, ids=[s for _, s, _ in RULINGS])
def test_a_reference_ruling_says_first_that_it_is_our_reading(
    game: str, slug: str, answer: str
) -> None:
    sentence = first_sentence(answer)
    lowered = QUOTE.sub("", sentence).lower()
    assert "our reading" in lowered, sentence
    assert any(words in lowered for words in SILENT), sentence
    assert lowered.startswith(("the rulebook", "the rules sheet", "the official", "the public")), (
        sentence
    )


@pytest.mark.parametrize(("game", "slug", "answer"), RULINGS, ids=[s for _, s, _ in RULINGS])
def test_a_reference_ruling_quotes_the_words_it_reads(game: str, slug: str, answer: str) -> None:
    assert QUOTE.search(answer), answer
