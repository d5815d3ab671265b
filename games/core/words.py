"""The words of every ruling, built in one place: players named as players speak, and the
grammar every engine's sentences share (articles, counts and plurals, lists, "(and one more)",
one colon to a sentence, "Yes"/"No" only for a yes/no question).

The website seats the person asking as "You" and the others as "the player on your left" or
"your opponent", so every sentence built from a player's name must read right with either:
"your turn" / "Ana's turn", "you draw" / "Ana draws", never "You's turn" or "You draws".
"""

from __future__ import annotations

from collections.abc import Sized
from dataclasses import dataclass


def is_you(name: str) -> bool:
    return name.strip().casefold() == "you"


def cap(text: str) -> str:
    """`text` with its first letter capitalised, for the start of a sentence."""
    return text[:1].upper() + text[1:]


def _inside(name: str) -> str:
    """A seat's name inside a sentence: the website's "Your opponent" and "The player on your
    left" read in lower case after its first word ("but your opponent answers"), as the
    pictures say them (`games.core.pictures.spoken`); any other name is kept as typed."""
    first, _, rest = name.partition(" ")
    return f"{first.lower()} {rest}" if rest and first in ("Your", "The") else name


def subject(name: str, start: bool = False) -> str:
    """The player as a subject or object: "you" (or "You" at the start), "Ana"."""
    text = "you" if is_you(name) else _inside(name)
    return cap(text) if start else text


def possessive(name: str, start: bool = False) -> str:
    """Before a noun: "your" (or "Your" at the start), "Ana's", "the player on your left's"."""
    text = "your" if is_you(name) else f"{_inside(name)}'s"
    return cap(text) if start else text


def owns(name: str) -> str:
    """Standing alone: "not yours", "not Ana's"."""
    return "yours" if is_you(name) else f"{name}'s"


def verb(name: str, third: str, plain: str) -> str:
    """The verb agreeing with the player: verb(name, "draws", "draw")."""
    return plain if is_you(name) else third


@dataclass(frozen=True)
class Who:
    """A player's name ready for sentences: f"{Who(n).start} {Who(n).verb('has', 'have')}"."""

    name: str

    @property
    def you(self) -> bool:
        return is_you(self.name)

    def __str__(self) -> str:
        return subject(self.name)

    @property
    def start(self) -> str:
        """At the start of a sentence."""
        return subject(self.name, start=True)

    @property
    def poss(self) -> str:
        """Before a noun: "your turn", "Ana's turn"."""
        return possessive(self.name, start=False)

    @property
    def owns(self) -> str:
        """Standing alone: "not yours", "not Ana's"."""
        return owns(self.name)

    @property
    def themself(self) -> str:
        return "yourself" if self.you else "themself"

    def verb(self, third: str, second: str) -> str:
        """The verb agreeing with this player: verb("holds", "hold")."""
        return verb(self.name, third, second)


def says(name: str, third: str, plain: str, start: bool = False) -> str:
    """The player and the verb agreeing: "Ana holds", "you hold" ("You hold" at the start)."""
    return f"{subject(name, start)} {verb(name, third, plain)}"


# ----- the grammar every engine's sentences share


def article(word: str) -> str:
    """`word` with its indefinite article: "an Expert level", "a Hard level", "an 8", "a 1"."""
    text = word.strip()
    first = text[:1].lower()
    digits = text.split(" ", 1)[0]
    if digits.isdigit():
        # said aloud: "an 8", "an 11", "an 18", "an 80"; "a 1", "a 15"
        vowel = digits.startswith("8") or digits in ("11", "18")
    else:
        vowel = first in "aeiou" and not text.lower().startswith(("one", "uni", "use", "eu"))
    return f"{'an' if vowel else 'a'} {text}"


def plural(n: int, noun: str, many: str | None = None) -> str:
    """The noun agreeing with `n`: plural(1, "move") is "move", plural(2, "move") "moves"."""
    return noun if n == 1 else (many or f"{noun}s")


def agree(n: int | Sized, one: str, many: str) -> str:
    """The word agreeing with a number, or with how many things are named: agree(cards,
    "is", "are"), agree(2, "comes", "come")."""
    return one if (n if isinstance(n, int) else len(n)) == 1 else many


def count(n: int, noun: str, many: str | None = None) -> str:
    """`n` and its noun: "1 move", "3 moves"."""
    return f"{n} {plural(n, noun, many)}"


def and_more(n: int, noun: str = "", *, brackets: bool = True) -> str:
    """What a list leaves out, said: " (and 1 more problem)", " (and 3 more)"; "" for none.
    Without a noun, one left out is "one more" ("and 1 more" reads as a typo). Without
    brackets: " and one more", to end a list that runs on in its sentence."""
    if n <= 0:
        return ""
    if noun:
        said = f"and {n} more {plural(n, noun)}"
    else:
        said = "and one more" if n == 1 else f"and {n} more"
    return f" ({said})" if brackets else f" {said}"


def sentence(text: str) -> str:
    """`text` as a sentence: a capital first letter and a full stop (kept if it has one)."""
    text = text.strip()
    if not text:
        return ""
    return cap(text) + ("" if text.endswith((".", "!", "?")) else ".")


def because(head: str, why: str) -> str:
    """A claim and its ground with one colon at most: "No, move 3 breaks the rules. You
    cannot pass L3 this way: no combo is running." A ground that carries a colon of its own
    becomes a sentence of its own, so that colons never stack."""
    why = why.strip()
    if ":" in head or ":" in why:
        return f"{sentence(head)} {sentence(why)}"
    return f"{head}: {why}"


def yes_no(legal: bool, yes_no_question: bool = True) -> str:
    """The first word of an answer: "Yes"/"No" for a yes/no question, else nothing."""
    if not yes_no_question:
        return ""
    return "Yes" if legal else "No"


def sentences(*parts: str) -> str:
    """Sentences joined into one text alternative: each stripped, ended with a full stop if it
    has no end of its own, the empty ones dropped."""
    said = []
    for part in parts:
        text = " ".join(part.split())
        if text:
            said.append(text if text[-1] in ".!?" else text + ".")
    return " ".join(said)


def listed(items: list[str], last: str = "and") -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def spoken(name: str) -> str:
    """A player's name inside a sentence: "you", "your opponent", "the player on your left",
    "Ana" (a seat name that starts with "Your" or "The" reads in lower case mid-sentence)."""
    if is_you(name):
        return "you"
    first, _, rest = name.partition(" ")
    if rest and first in ("Your", "The"):
        return f"{first.lower()} {rest}"
    return name


def whose(name: str, start: bool = False) -> str:
    """Before a noun: "your", "your opponent's", "Ana's"."""
    said = "your" if is_you(name) else f"{spoken(name)}'s"
    return cap(said) if start else said


def who_does(name: str, third: str, plain: str, start: bool = False) -> str:
    """The player and the verb agreeing: "you have", "your opponent has", "Ana has"."""
    said = f"{spoken(name)} {verb(name, third, plain)}"
    return cap(said) if start else said
