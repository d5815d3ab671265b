"""Deck lists as players share them: parse the text, name every card exactly, write it back.

One card a line, with an optional count in front (`2 Reload`, `2x Reload`) or behind
(`Reload x2`); a card is named

- by its slug (`curacao-kid-alpha-update-bbf-24-blue-battlefoil`),
- by name, release and number: `Burning Fever (G) PL-85`, `Curaçao Kid (Alpha Update) BBF-24`,
  with the parallel in brackets where the same number has several (`[Blue Battlefoil]`),
- by release and number without a name (`(G) PL-85`, `G PL-85`), or
- by number alone (`PL-85`) or by name alone (`Reload`): these are often shared.

Section headings (`Heroes`, `Plays`, `Bonus Plays`, `Hot Dogs`, with or without `#`, a colon
or a count) say which part of the deck the lines below them fill; without one a card goes to
the part its type belongs to. Blank lines and `//` comments are skipped.

A reference is never resolved by a guess. Several cards answering one reference are a question
back to the player ("PL-85 is in Alpha Edition, Alpha Update and Griffey Edition: which?"),
unless every one of them is the same card for every rule a deck check applies (a Hero's name,
weapon and Power; a Play's name, type and Deck Balancing Score; a Hot Dog's name), in which
case the first printing stands for all and a note says so.

Plain Python: the card facts come from a batch lookup (`CardLookup`) that the caller provides,
called once for the whole list whatever its length.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Literal

from games.bo_jackson_battle_arena.deck import (
    FORMATS,
    PLAY_KINDS,
    CardKind,
    DeckCard,
    DeckList,
    check_every_format,
    deck_totals,
    format_kind,
    play_key,
)
from games.bo_jackson_battle_arena.reasons import SLUG
from games.core.errors import InvalidMove, InvalidState
from games.core.names import name_fold
from games.core.pictures import plural
from games.core.tools import CardCatalog, CatalogCard
from games.core.words import and_more

Part = Literal["hero_deck", "playbook", "hot_dog_deck"]
PARTS: tuple[Part, ...] = ("hero_deck", "playbook", "hot_dog_deck")
PART_OF_KIND: dict[str, Part] = {
    "hero": "hero_deck",
    "play": "playbook",
    "bonus-play": "playbook",
    "htd-play": "playbook",
    "hot-dog": "hot_dog_deck",
}
DEFAULT_FORMAT = "playmaker"
MAX_LINES = 1000
MAX_LINE_LENGTH = 300
MAX_COUNT = 100


@dataclass(frozen=True)
class Printing:
    """One card of the catalog with the facts a deck check and a deck list need."""

    slug: str
    name: str
    kind: CardKind
    number: str
    release: str  # how a deck list names its release: the set's name, else the release code
    release_names: tuple[str, ...] = ()  # every name of that release a player may write
    parallel: str | None = None
    power: int | None = None
    weapon: str | None = None
    dbs: int | None = None
    has_text: bool = True

    @property
    def folded_name(self) -> str:
        return _fold_cached(self.name)

    @property
    def reference(self) -> str:
        """The exact reference of this printing, as a deck list line writes it."""
        ref = f"{self.name} ({self.release}) {self.number}".replace(" () ", " ")
        return f"{ref} [{self.parallel}]" if self.parallel and self.kind == "hero" else ref

    @cached_property
    def deck_rules_key(self) -> tuple[object, ...]:
        return self.same_for_deck_rules()

    def same_for_deck_rules(self) -> tuple[object, ...]:
        """What the deck rules look at: printings equal here are one card to a deck check."""
        if self.kind == "hero":
            return ("hero", self.folded_name, self.weapon, self.power)
        if self.kind in PLAY_KINDS:
            return (self.kind, play_key_folded(self.name), self.dbs)
        return (self.kind, self.folded_name)

    def deck_card(self, count: int) -> DeckCard:
        return DeckCard.model_validate(self.deck_card_fields(count))

    def deck_card_fields(self, count: int) -> dict[str, object]:
        """The DeckCard's fields, for a whole deck validated in one call (`Resolution.deck`)."""
        return {
            "name": self.name,
            "kind": self.kind,
            "number": self.number,
            "power": self.power,
            "weapon": self.weapon,
            "dbs": self.dbs,
            "count": count,
        }

    def as_json(self) -> dict[str, object]:
        return {
            "slug": self.slug,
            "name": self.name,
            "type": self.kind,
            "release": self.release,
            "number": self.number,
            "parallel": self.parallel,
            "reference": self.reference,
        }


def printing_from_catalog(
    *,
    slug: str,
    name: str,
    kind: str,
    number: str,
    power: int | None,
    has_text: bool,
    attributes: dict[str, object],
    expansion: tuple[str, str, str] | None,
) -> Printing:
    """A catalog card as a Printing. `expansion` is (name, release code, slug), or None; the
    Plays' own release code (attributes.release: A, U, G, HTD, LA) names their release too."""
    code = attributes.get("release")
    release, release_names = _release_of(str(code) if code else "", expansion)
    dbs = attributes.get("dbs")
    parallel = attributes.get("parallel")
    weapon = attributes.get("weapon")
    return Printing(
        slug=slug,
        name=name,
        kind=kind if kind in PART_OF_KIND else "hero",  # type: ignore[arg-type]
        number=number,
        release=release,
        release_names=release_names,
        parallel=str(parallel) if parallel else None,
        power=power,
        weapon=str(weapon) if weapon else None,
        dbs=dbs if isinstance(dbs, int) else None,
        has_text=has_text,
    )


@lru_cache(maxsize=1024)
def _release_of(code: str, expansion: tuple[str, str, str] | None) -> tuple[str, tuple[str, ...]]:
    """How a list names a printing's release, and every name a player may write for it: the
    same for every card of a release (a thousand printings share a dozen releases)."""
    names = [code] if code else []
    if expansion:
        names += [n for n in expansion if n]
    return (expansion[0] if expansion else code), tuple(dict.fromkeys(names))


@lru_cache(maxsize=8192)
def _fold_cached(text: str) -> str:
    return name_fold(text)


def printing_of(card: CatalogCard) -> Printing:
    """A card of the catalog (games.core.tools) as a Printing."""
    expansion = (
        (card.expansion_name, card.expansion_code, card.expansion) if card.expansion else None
    )
    return printing_from_catalog(
        slug=card.slug,
        name=card.name,
        kind=card.kind,
        number=card.number,
        power=card.power,
        has_text=card.has_text,
        attributes=card.attributes,
        expansion=expansion,
    )


def catalog_lookup(cards: CardCatalog) -> CardLookup:
    """The CardLookup of a list over the catalog: one `matching` call per lookup."""

    def lookup(keys: LookupKeys) -> list[Printing]:
        found = cards.matching(SLUG, keys.slugs, keys.numbers, keys.names)
        return [printing_of(card) for card in found]

    return lookup


@lru_cache(maxsize=8192)
def play_key_folded(name: str) -> str:
    return play_key(DeckCard(name=_fold_cached(name) or "?", kind="play"))


@dataclass(frozen=True)
class LookupKeys:
    """Everything one list asks the catalog for, to be answered in one go: every card with
    one of `slugs`, one of `numbers` or one of `names`."""

    slugs: frozenset[str]
    numbers: frozenset[str]  # as written, upper-cased and capitalised: numbers keep their case
    names: frozenset[str]  # folded (games.core.names.name_fold)


CardLookup = Callable[[LookupKeys], Iterable[Printing]]


def memory_lookup(printings: Iterable[Printing]) -> CardLookup:
    """A CardLookup over printings held in memory (tests, notebooks)."""
    index = CatalogIndex(printings)

    def lookup(keys: LookupKeys) -> list[Printing]:
        found = [index.by_slug[s] for s in keys.slugs if s in index.by_slug]
        for number in keys.numbers:
            found += [p for p in index.by_number.get(number.upper(), []) if p.number == number]
        for name in keys.names:
            found += index.by_name.get(name, [])
        return found

    return lookup


# ----- one reference -----

_SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)+$")
_NUMBER = r"(?:[A-Za-z]+-)?[A-Za-z]*\d+[A-Za-z]?(?:/\d+)?"
_NUMBER_ONLY = re.compile(rf"^{_NUMBER}$")
_PARALLEL = re.compile(r"^(?P<rest>.*?)\s*\[(?P<parallel>[^\[\]]+)\]\s*$")
_WITH_RELEASE = re.compile(r"^(?P<name>.*?)\s*\((?P<release>[^()]+)\)\s*(?P<number>\S+)?\s*$")
_TRAILING_NUMBER = re.compile(rf"^(?P<before>.+?)\s+(?P<number>{_NUMBER})$")


@dataclass(frozen=True)
class Reference:
    """A card reference taken apart. `text` is what the player wrote."""

    text: str
    slug: str | None = None
    name: str | None = None
    release: str | None = None
    number: str | None = None
    parallel: str | None = None
    before_number: str | None = None  # `G PL-85` / `1/6 For 15`: a release or part of a name

    @property
    def exact(self) -> bool:
        """Named the way no two cards can share: slug, or release and number."""
        return self.slug is not None or (self.release is not None and self.number is not None)


def reference_parse(text: str) -> Reference:
    text = " ".join(text.split())
    if _SLUG.match(text):  # a slug, or a number typed in lower case (`pl-85`)
        return Reference(text=text, slug=text, number=text)
    rest, parallel = text, None
    if m := _PARALLEL.match(rest):
        rest, parallel = m["rest"], m["parallel"].strip()
    if m := _WITH_RELEASE.match(rest):
        return Reference(
            text=text,
            name=m["name"].strip() or None,
            release=m["release"].strip(),
            number=m["number"],
            parallel=parallel,
        )
    if _NUMBER_ONLY.match(rest):
        return Reference(text=text, number=rest, parallel=parallel)
    if m := _TRAILING_NUMBER.match(rest):
        return Reference(
            text=text,
            name=rest,
            number=m["number"],
            before_number=m["before"].strip(),
            parallel=parallel,
        )
    return Reference(text=text, name=rest, parallel=parallel)


def _number_forms(number: str) -> set[str]:
    return {number, number.upper(), number.capitalize(), number.title()}


def lookup_keys(refs: Iterable[Reference], fallback: bool = False) -> LookupKeys:
    """What to ask the catalog for. First (`fallback` False) the slugs and numbers, and the
    names of references that give neither; then, for references that found nothing that way,
    their text as a name (a slug-like name, `1/6 For 15`)."""
    slugs: set[str] = set()
    numbers: set[str] = set()
    names: set[str] = set()
    for ref in refs:
        if fallback:
            names.add(_fold_cached(ref.name or ref.text))
            continue
        if ref.slug:
            slugs.add(ref.slug)
        if ref.number:  # a number is printed on a few cards at most: their names are checked
            numbers |= _number_forms(ref.number)
        if ref.name and (ref.number is None or ref.before_number is not None):
            names.add(_fold_cached(ref.name))  # `Reload`, or `1/6 For 15` read whole
    return LookupKeys(frozenset(slugs), frozenset(numbers), frozenset(names))


class CatalogIndex:
    """The printings one lookup returned, indexed the ways references name them."""

    def __init__(self, printings: Iterable[Printing]) -> None:
        self.by_slug: dict[str, Printing] = {}
        self.by_number: dict[str, list[Printing]] = {}
        self.by_name: dict[str, list[Printing]] = {}
        self.add(printings)

    def add(self, printings: Iterable[Printing]) -> None:
        for p in printings:
            if p.slug in self.by_slug:
                continue
            self.by_slug[p.slug] = p
            self.by_number.setdefault(p.number.upper(), []).append(p)
            self.by_name.setdefault(p.folded_name, []).append(p)

    def candidates(self, ref: Reference) -> list[Printing]:
        """Every printing that answers `ref` (the most precise reading that finds any)."""
        if ref.slug:
            if ref.slug in self.by_slug:
                return [self.by_slug[ref.slug]]
            numbered = self.by_number.get(ref.slug.upper(), [])
            return numbered or self.by_name.get(_fold_cached(ref.slug), [])
        if ref.number:
            numbered = self.by_number.get(ref.number.upper(), [])
            if ref.before_number is not None:  # `G PL-85` or `1/6 For 15`
                as_release = [p for p in numbered if _release_is(p, ref.before_number)]
                as_name = [p for p in numbered if _name_is(p, ref.before_number)]
                found = as_release or as_name
                if found:
                    return self._filtered(found, ref, release=False)
            else:
                found = self._filtered(numbered, ref)
                if found or ref.name is None:
                    return found
        if ref.name is None:
            return []
        return self._filtered(self.by_name.get(_fold_cached(ref.name), []), ref, name=False)

    def numbered(self, ref: Reference) -> list[Printing]:
        """The printings with the reference's number in its release, whatever their name."""
        if not ref.number:
            return []
        return [
            p
            for p in self.by_number.get(ref.number.upper(), [])
            if ref.release is None or _release_is(p, ref.release)
        ]

    @staticmethod
    def _filtered(
        printings: Sequence[Printing], ref: Reference, release: bool = True, name: bool = True
    ) -> list[Printing]:
        out = list(printings)
        if release and ref.release is not None:
            out = [p for p in out if _release_is(p, ref.release)]
        if name and ref.name is not None and ref.number is not None and ref.before_number is None:
            out = [p for p in out if _name_is(p, ref.name)]
        if ref.parallel is not None:
            wanted = _fold_cached(ref.parallel)
            out = [p for p in out if _fold_cached(p.parallel or "") == wanted]
        return out


def _release_is(p: Printing, release: str) -> bool:
    return _release_matches((p.release, *p.release_names), release)


@lru_cache(maxsize=8192)
def _release_matches(names: tuple[str, ...], release: str) -> bool:
    """Whether `release` (as written) is one of a release's names, in any case and accents:
    worked out once per release and spelling, not once per printing and line."""
    wanted = _fold_cached(release)
    return any(_fold_cached(n) == wanted for n in names if n)


def _name_is(p: Printing, name: str) -> bool:
    wanted = _fold_cached(name)
    return p.folded_name == wanted or (
        p.kind in PLAY_KINDS and play_key_folded(p.name) == play_key_folded(name)
    )


def and_list(items: Sequence[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _ambiguity(ref: Reference, found: list[Printing]) -> str:
    releases = sorted({p.release for p in found})
    if ref.number and len(releases) == len(found):
        return f"{ref.text} is in {and_list(releases)}: which?"
    shown = [p.reference for p in found[:4]]
    more = and_more(len(found) - 4, brackets=False)
    return f"{ref.text} is {len(found)} different cards ({'; '.join(shown)}{more}): which?"


def _sameness(ref: Reference, found: list[Printing]) -> str:
    p = found[0]
    if p.kind == "hero":
        what = f"the Hero {p.name} with {p.weapon} and {p.power} Power"
    elif p.kind in PLAY_KINDS:
        dbs = f"Deck Balancing Score {p.dbs}" if p.dbs is not None else "no known DBS"
        what = f"the Play {p.name} ({dbs})"
    else:
        what = f"the Hot Dog {p.name}"
    return (
        f"{ref.text} names {len(found)} printings; every one is {what}, the same card for "
        f"every deck rule, so it is counted as {p.reference}."
    )


def _scores_differ(ref: Reference, found: list[Printing]) -> str:
    scores = and_list(
        [f"{p.reference} ({p.dbs if p.dbs is not None else 'no known score'})" for p in found]
    )
    return (
        f"{ref.text} is one Play printed with different Deck Balancing Scores: {scores}. "
        "Its score is not counted; name the printing (release and number) to count it."
    )


# ----- a whole list -----


@dataclass(frozen=True)
class Entry:
    """One card line of a list (or one item of a JSON part)."""

    field: str  # where it came from: "list" (a line of text) or "hero_deck.3"
    line: int | None  # 1-based line number in the text, None for JSON items
    text: str
    count: int
    reference: Reference
    part: Part | None = None  # from a section heading or the JSON part; None: by card type
    whole_text: str | None = None  # the line read with no count (`2 Get 10` is a Play's name)

    @property
    def whole(self) -> Reference | None:
        return reference_parse(self.whole_text) if self.whole_text is not None else None


@dataclass(frozen=True)
class Problem:
    """A line that did not resolve: nothing matched, or several cards did."""

    field: str
    line: int | None
    text: str
    message: str
    candidates: tuple[Printing, ...] = ()

    def as_json(self) -> dict[str, object]:
        return {
            "field": self.field,
            "line": self.line,
            "text": self.text,
            "message": self.message if self.line is None else f"line {self.line}: {self.message}",
            "candidates": [p.as_json() for p in self.candidates],
        }


@dataclass(frozen=True)
class Chosen:
    entry: Entry
    printing: Printing

    @property
    def part(self) -> Part:
        return self.entry.part or PART_OF_KIND[self.printing.kind]


@dataclass
class Resolution:
    chosen: list[Chosen] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def deck(self) -> DeckList:
        # validated as one object, not card by card: a third faster for 600 cards
        parts: dict[str, list[dict[str, object]]] = {part: [] for part in PARTS}
        for c in self.chosen:
            parts[c.part].append(c.printing.deck_card_fields(c.entry.count))
        return DeckList.model_validate(parts)

    def text(self) -> str:
        return deck_list_text(self.chosen)


_HEADINGS: dict[str, Part] = {
    "heroes": "hero_deck",
    "hero": "hero_deck",
    "hero deck": "hero_deck",
    "plays": "playbook",
    "play": "playbook",
    "playbook": "playbook",
    "bonus plays": "playbook",
    "bonus play": "playbook",
    "hot dogs": "hot_dog_deck",
    "hot dog": "hot_dog_deck",
    "hot dog deck": "hot_dog_deck",
    "hotdogs": "hot_dog_deck",
}
_HEADING = re.compile(r"^#*\s*(?P<title>[A-Za-z ]+?)\s*(?:\(\s*\d+\s*\))?\s*:?\s*$")
_COUNT_FIRST = re.compile(r"^(?P<count>\d{1,3})\s*[xX×]?\s+(?P<rest>\S.*)$")
_COUNT_LAST = re.compile(r"^(?P<rest>.*\S)\s+[xX×](?P<count>\d{1,3})$")


class ListError(ValueError):
    """The text cannot be read as a deck list at all (too long, a count out of range)."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message if line is None else f"line {line}: {message}")
        self.line = line


def deck_list_parse(text: str) -> list[Entry]:
    """The card lines of a pasted deck list, each with its line number and section."""
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise ListError(None, f"a deck list of at most {MAX_LINES} lines, not {len(lines)}")
    entries: list[Entry] = []
    part: Part | None = None
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("//"):
            continue
        if len(line) > MAX_LINE_LENGTH:
            raise ListError(number, f"a line of at most {MAX_LINE_LENGTH} characters")
        if (m := _HEADING.match(line)) and (heading := _HEADINGS.get(m["title"].casefold())):
            part = heading
            continue
        if line.startswith("#"):  # a comment
            continue
        count, rest, whole = 1, line, None
        if (m := _COUNT_FIRST.match(line)) or (m := _COUNT_LAST.match(line)):
            count, rest, whole = int(m["count"]), m["rest"], line
        if not 1 <= count <= MAX_COUNT:
            raise ListError(number, f"a count from 1 to {MAX_COUNT}, not {count}")
        entries.append(Entry("list", number, line, count, reference_parse(rest), part, whole))
    return entries


def entries_resolve(entries: Sequence[Entry], lookup: CardLookup) -> Resolution:
    """Name every entry's card, with one call to `lookup` for all of them."""
    first = lookup_keys(e.reference for e in entries)
    index = CatalogIndex(lookup(first))
    answered = [index.candidates(e.reference) for e in entries]
    missing = [e for e, found in zip(entries, answered, strict=True) if not found]
    if missing:  # a second query at most: the names behind slugs and numbers that found none,
        # and the lines read without their count (`2 Get 10 (Alpha Edition) PL-45`)
        wholes = [e.whole for e in missing if e.whole is not None]
        back = lookup_keys([e.reference for e in missing], fallback=True)
        plain = lookup_keys(wholes)
        names = back.names | plain.names | lookup_keys(wholes, fallback=True).names
        then = LookupKeys(
            plain.slugs - first.slugs, plain.numbers - first.numbers, names - first.names
        )
        if then.slugs or then.numbers or then.names:
            index.add(lookup(then))
    out = Resolution()
    explained: set[str] = set()
    for entry, first_found in zip(entries, answered, strict=True):
        ref = entry.reference
        found = first_found or index.candidates(ref)
        if not found and (read := entry.whole) is not None and (whole := index.candidates(read)):
            entry = replace(entry, count=1, reference=read, whole_text=None)
            ref, found = read, whole
        if not found:
            numbered = index.numbered(ref)
            what = (
                f"{and_list([p.reference for p in numbered[:4]])}, not {ref.name}"
                if numbered and ref.name
                else f"no Battle Arena card is named or numbered {ref.text!r}"
            )
            out.problems.append(Problem(entry.field, entry.line, entry.text, what, tuple(numbered)))
            continue
        if len(found) > 1 and len({p.deck_rules_key for p in found}) > 1:
            if len({p.deck_rules_key[:2] for p in found}) == 1 and found[0].kind in PLAY_KINDS:
                # One Play by name, printed with different Deck Balancing Scores: one card for
                # every rule but the score, which is then not counted (and said so).
                out.chosen.append(Chosen(entry, replace(found[0], dbs=None)))
                if ref.text not in explained:
                    explained.add(ref.text)
                    out.notes.append(_scores_differ(ref, found))
                continue
            out.problems.append(
                Problem(entry.field, entry.line, entry.text, _ambiguity(ref, found), tuple(found))
            )
            continue
        if len(found) > 1 and ref.text not in explained:
            explained.add(ref.text)
            out.notes.append(_sameness(ref, found))
        out.chosen.append(Chosen(entry, found[0]))
    return out


_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (  # (heading, the card types under it)
    ("Heroes", ("hero",)),
    ("Plays", ("play", "htd-play")),
    ("Bonus Plays", ("bonus-play",)),
    ("Hot Dogs", ("hot-dog",)),
)
_SECTION_OF_KIND = {kind: i for i, (_, kinds) in enumerate(_SECTIONS) for kind in kinds}
_PART_TITLES: dict[Part, str] = {
    "hero_deck": "Heroes",
    "playbook": "Plays",
    "hot_dog_deck": "Hot Dogs",
}


def deck_list_text(chosen: Iterable[Chosen]) -> str:
    """The deck as a list a player can paste back: headings, counts, exact references. Parsed
    again it gives the same deck; the same deck always gives the same text."""
    sections: list[Counter[Printing]] = [Counter() for _ in _SECTIONS]
    misplaced: dict[Part, Counter[Printing]] = {}  # a card under a heading it does not belong to
    for c in chosen:
        p = c.printing
        if c.part == PART_OF_KIND[p.kind]:
            sections[_SECTION_OF_KIND[p.kind]][p] += c.entry.count
        else:
            misplaced.setdefault(c.part, Counter())[p] += c.entry.count
    blocks = [_block(title, counts) for (title, _), counts in zip(_SECTIONS, sections, strict=True)]
    blocks += [_block(_PART_TITLES[part], counts) for part, counts in misplaced.items()]
    text = "\n\n".join(block for block in blocks if block)
    return text + "\n" if text else ""


def _block(title: str, counts: Counter[Printing]) -> str:
    if not counts:
        return ""
    lines = [f"{n} {p.reference}" for p, n in counts.items()]
    return f"{title} ({sum(counts.values())})\n" + "\n".join(lines)


def json_parts_entries(body: dict[str, object]) -> list[Entry]:
    """The entries of a JSON deck: `hero_deck`, `playbook`, `hot_dog_deck`, each a list of
    references (strings) or `{"card": reference, "count": n}`. Raises PartError, with
    the field path, for a malformed item (entries_from_body turns it into a 400)."""
    entries: list[Entry] = []
    for part in PARTS:
        raw = body.get(part)
        if raw is None:
            continue
        if not isinstance(raw, list) or len(raw) > 200:
            raise PartError(part, "give a list of at most 200 card references")
        for i, item in enumerate(raw):
            path = f"{part}.{i}"
            if isinstance(item, str):
                ref, count = item, 1
            elif isinstance(item, dict) and isinstance(item.get("card"), str):
                ref, count = item["card"], item.get("count", 1)
            else:
                raise PartError(path, 'give a card reference, or {"card": ..., "count": n}')
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 100:
                raise PartError(f"{path}.count", "a whole number from 1 to 100")
            if not ref.strip() or len(ref) > MAX_LINE_LENGTH:
                raise PartError(path, "an empty or over-long card reference")
            entries.append(Entry(path, None, ref.strip(), count, reference_parse(ref), part))
    return entries


class PartError(ValueError):
    """A malformed item of a JSON deck part, with its field path."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


# ----- the check of a whole list -----


class DeckListProblems(ValueError):
    """Lines that do not name one card each: nothing is ruled until they do."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        lines = ", ".join(str(p.line) for p in problems[:10] if p.line is not None)
        where = f" (lines {lines}{', ...' if len(problems) > 10 else ''})" if lines else ""
        super().__init__(
            f"{len(problems)} card reference{'s' if len(problems) != 1 else ''} did not name "
            f"exactly one card{where}"
        )
        self.problems = list(problems)


def deck_check_report(resolution: Resolution, format_slug: str) -> dict[str, object]:
    """The deck ruled on under `format_slug` (the answer's own verdict) and under every mode
    and format (`formats`), with its totals, its cards and its text to copy. Raises
    DeckListProblems when a reference did not resolve to one card."""
    if resolution.problems:
        raise DeckListProblems(resolution.problems)
    deck = resolution.deck()
    table = check_every_format(deck)
    chosen = next(r for f, r in table if f.slug == format_slug)
    body: dict[str, object] = chosen.model_dump(mode="json")
    body["notes"] = [*resolution.notes, *chosen.notes]
    body["format"] = format_slug
    body["formats"] = [
        {
            "slug": fmt.slug,
            "name": fmt.name,
            "kind": format_kind(fmt),
            "verdict": ruling.verdict.value,
            "summary": ruling.summary,
            "errors": [r.model_dump(mode="json") for r in ruling.reasons if not ruling.legal],
            "notes": ruling.notes,
            "readings_deciding": [t.model_dump(mode="json") for t in ruling.readings_deciding],
        }
        for fmt, ruling in table
    ]
    body["totals"] = deck_totals(deck)
    body["cards"] = [
        {**c.printing.as_json(), "count": c.entry.count, "part": c.part, "line": c.entry.line}
        for c in resolution.chosen
    ]
    body["text"] = resolution.text()
    return body


class UnresolvedCards(InvalidState):
    """Lines that name no card or several: refused (a 400), each line with its field, line
    number, text and every card it could be (`details`)."""

    code = "unresolved-cards"

    def __init__(self, problems: Sequence[Problem]) -> None:
        details = [p.as_json() for p in problems]
        more = (
            f" (and {plural(len(problems) - 1, 'more line')} to fix)" if len(problems) > 1 else ""
        )
        super().__init__(str(details[0]["field"]), f"{details[0]['message']}{more}")
        self.details = details


def entries_from_body(body: Any) -> list[Entry]:
    """The card lines of a request: `list` (the pasted text; a text body is the same) or the
    JSON parts. Raises InvalidState naming the field."""
    if isinstance(body, str):
        body = {"list": body}
    if not isinstance(body, dict):
        raise InvalidState("body", "send a JSON object, or the deck list as text/plain")
    text = body.get("list")
    try:
        if text is not None:
            if not isinstance(text, str):
                raise InvalidState("list", "the deck list as text, one card a line")
            if any(body.get(part) for part in PARTS):
                raise InvalidState("list", "give the deck as a list or as parts, not both")
            entries = deck_list_parse(text)
        else:
            entries = json_parts_entries(body)
    except ListError as exc:
        raise InvalidState("list", str(exc)) from None
    except PartError as exc:
        raise InvalidState(exc.path, exc.message) from None
    if not entries:
        raise InvalidState("list", "the deck list names no card")
    return entries


def deck_check_body(body: Any, cards: CardCatalog | None) -> dict[str, object]:
    """The deck check tool: a deck list (text or parts) resolved against the catalog in one or
    two lookups, ruled on under every format; `format` picks the verdict at the top."""
    if cards is None:
        raise InvalidState("body", "the deck check needs the card catalog")
    fmt = body.get("format") if isinstance(body, dict) else None
    fmt = DEFAULT_FORMAT if fmt is None else fmt
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise InvalidMove("format", f"unknown format; one of {', '.join(sorted(FORMATS))}")
    resolution = entries_resolve(entries_from_body(body), catalog_lookup(cards))
    try:
        return deck_check_report(resolution, fmt)
    except DeckListProblems as exc:
        raise UnresolvedCards(exc.problems) from None
