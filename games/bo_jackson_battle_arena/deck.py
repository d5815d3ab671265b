"""Deck checks: is this Hero Deck, Playbook and Hot Dog Deck legal in this mode or format?

Plain data in, a Ruling out. The card facts (name, number, Power, weapon, kind, DBS) come
with the deck: deck_list.py names each card of a list exactly (through the card catalog,
never by a guess) and passes them in, so this module never looks a card up.
`check_every_format` rules on one deck under every mode and format at once.

Format limits are the rulebook's (4.1.1, 4.2.1, 4.3.1) and the official format summary's
(Tournament Rules, Appendix A; rules 9.x); where the summary is silent we check nothing and
say so in the ruling's notes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from games.bo_jackson_battle_arena import reasons as R
from games.bo_jackson_battle_arena.cards import WeaponName
from games.core import GameRules, Reason, Ruling, Verdict
from games.core.readings import consulted_while, ours
from games.core.words import and_more, count, yes_no

CardKind = Literal["hero", "play", "bonus-play", "htd-play", "hot-dog"]
# Each kind as the table says it, with its article: "Dog 0 is a Hot Dog, not a Play".
KIND_WORDS: dict[str, str] = {
    "hero": "a Hero",
    "play": "a Play",
    "bonus-play": "a Bonus Play",
    "htd-play": "an HTD Play",
    "hot-dog": "a Hot Dog",
}
PLAY_KINDS: frozenset[str] = frozenset({"play", "bonus-play", "htd-play"})


class DeckCard(BaseModel):
    """One card (or `count` identical copies) of a deck, with the facts a deck check needs."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=200)
    kind: CardKind = Field(description="The card type slug: hero, play, bonus-play, ...")
    number: str = Field(default="", max_length=50, description="Printed number, e.g. PL-12")
    power: int | None = Field(default=None, ge=0, le=1000, description="Heroes: printed Power")
    weapon: WeaponName | None = Field(default=None, description="Heroes: the weapon type")
    dbs: int | None = Field(default=None, ge=0, le=10000, description="Plays: DBS, if known")
    count: int = Field(default=1, ge=1, le=100, description="Copies of exactly this card")


class DeckList(BaseModel):
    """What a player brings: the Hero Deck, the Playbook (Bonus Plays included) and the Hot
    Dog Deck. As a board state its `kind` is "deck"."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["deck"] = "deck"
    hero_deck: list[DeckCard] = Field(default_factory=list, max_length=1000)
    playbook: list[DeckCard] = Field(default_factory=list, max_length=1000)
    hot_dog_deck: list[DeckCard] = Field(default_factory=list, max_length=1000)


@dataclass(frozen=True)
class Format:
    """A mode or tournament format's deck limits. None: no such limit (or none is public)."""

    slug: str
    name: str
    mode: R.Mode
    hero_min: int
    hero_max: int
    hero_size_code: str
    hero_limits: bool = True  # 6 per Power value and one copy per variation
    playbook: int | None = None  # Plays (not Bonus Plays) required; None: no Playbook
    playbook_code: str = "playbook-thirty-plays"
    plays_unique: bool = True
    hot_dogs: int | None = None  # exact Hot Dog Deck size; None: no Hot Dog Deck
    hot_dog_code: str = "hot-dog-deck-ten"
    max_hero_power: int | None = None
    max_total_power: int | None = None
    dbs_cap: int | None = None
    sealed: bool = False  # a Limited format: the Playbook is what the player opened
    extra_codes: tuple[str, ...] = ()  # reasons that always apply (cited when legal)
    notes: tuple[str, ...] = ()
    interpretations: tuple[str, ...] = ()


# The Playmaker formats' Hero Deck is Playmaker Mode's (4.3.1.1), under their own limits.
_PLAYMAKER: dict[str, Any] = {
    "playbook": 30,
    "hot_dogs": 10,
    "hot_dog_code": "hot-dog-deck-ten-in-playmaker",
}
_APPENDIX = "Tournament Rules, Appendix A"

FORMATS: dict[str, Format] = {
    f.slug: f
    for f in (
        Format("rookie", "Rookie Mode", "rookie", 60, 60, "hero-deck-size"),
        Format(
            "substitution",
            "Substitution Mode",
            "substitution",
            60,
            60,
            "hero-deck-size-in-substitution",
            hot_dogs=10,
        ),
        Format(
            "playmaker",
            "Playmaker Mode",
            "playmaker",
            60,
            60,
            "hero-deck-size-in-playmaker",
            **_PLAYMAKER,
        ),
        Format("rookie-constructed", "Rookie (Constructed)", "rookie", 60, 60, "hero-deck-size"),
        Format(
            "substitution-constructed",
            "Substitution (Constructed)",
            "substitution",
            60,
            60,
            "hero-deck-size-in-substitution",
            hot_dogs=10,
        ),
        Format(
            "playmaker-constructed",
            "Playmaker (Constructed)",
            "playmaker",
            60,
            60,
            "hero-deck-size-in-playmaker",
            dbs_cap=1000,
            interpretations=(R.DBS_FORMATS,),
            **_PLAYMAKER,
        ),
        Format(
            "booster-box-sealed",
            "Booster Box Sealed",
            "playmaker",
            60,
            60,
            "hero-deck-size-in-playmaker",
            extra_codes=("booster-box-sealed-restrictions",),
            sealed=True,
            notes=(
                "Whether every card came from the event's booster box is for the "
                "judge to see; only the deck's shape is checked here.",
            ),
            **_PLAYMAKER,
        ),
        Format(
            "double-blaster-sealed",
            "Double Blaster Sealed",
            "playmaker",
            40,
            40,
            "sealed-hero-deck-forty",
            hero_limits=False,
            sealed=True,
            playbook=20,
            playbook_code="sealed-playbook-twenty",
            plays_unique=False,
            hot_dogs=10,
            hot_dog_code="sealed-hot-dog-deck-ten",
            interpretations=(R.SEALED,),
            notes=(
                "The public format summary does not say whether the 6-per-Power and "
                "one-copy-per-variation limits apply: they are not checked.",
            ),
        ),
        Format(
            "double-mega-sealed",
            "Double Mega Sealed",
            "playmaker",
            40,
            40,
            "sealed-hero-deck-forty",
            hero_limits=False,
            sealed=True,
            playbook=20,
            playbook_code="sealed-playbook-twenty",
            plays_unique=False,
            hot_dogs=10,
            hot_dog_code="sealed-hot-dog-deck-ten",
            interpretations=(R.SEALED,),
            notes=(
                "The public format summary does not say whether the 6-per-Power and "
                "one-copy-per-variation limits apply: they are not checked.",
            ),
        ),
        Format(
            "spec-playmaker",
            "SPEC Playmaker",
            "playmaker",
            60,
            60,
            "hero-deck-size-in-playmaker",
            max_hero_power=160,
            dbs_cap=1000,
            interpretations=(R.DBS_FORMATS,),
            **_PLAYMAKER,
        ),
        Format(
            "spec-plus-playmaker",
            "SPEC+ Playmaker",
            "playmaker",
            60,
            70,
            "spec-plus-hero-deck-size",
            dbs_cap=1000,
            interpretations=(R.DBS_FORMATS,),
            notes=(
                "SPEC+ limits higher-Power Heroes, but the public format summary does "
                "not give the limit: it is not checked.",
            ),
            **_PLAYMAKER,
        ),
        Format(
            "elite-playmaker",
            "Elite Playmaker",
            "playmaker",
            60,
            60,
            "hero-deck-size-in-playmaker",
            max_total_power=8250,
            dbs_cap=1000,
            interpretations=(R.DBS_FORMATS,),
            **_PLAYMAKER,
        ),
        Format(
            "apex-madness",
            "Apex Madness",
            "rookie",
            60,
            70,
            "apex-hero-deck-size",
            hot_dogs=4,
            hot_dog_code="apex-hot-dog-deck-four",
            interpretations=(R.TEAM,),
            notes=("Apex Madness's captain rules are not in the public format summary.",),
        ),
        Format(
            "hilo-madness",
            "HiLo Madness",
            "rookie",
            60,
            60,
            "hilo-hero-deck-size",
            hot_dogs=4,
            hot_dog_code="hilo-hot-dog-deck-four",
            interpretations=(R.TEAM,),
        ),
    )
}


# ----- identities -----


@lru_cache(maxsize=8192)
def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().casefold()


def variation_key(card: DeckCard) -> tuple[str, str]:
    """A Hero variation is its name plus its weapon (reference ruling on variations)."""
    return (_words(card.name), card.weapon.value if card.weapon else "")


def play_key(card: DeckCard) -> str:
    """Plays are told apart by name; an HTD version carries its Play's name plus " - htd"."""
    return re.sub(r"\s*-?\s*htd$", "", _words(card.name))


def printing_key(card: DeckCard) -> tuple[str, str]:
    """A Play as one printing: its name as printed and its number (the other reading of what
    makes two Plays the same, under which an HTD version or a reprint is another Play)."""
    return (_words(card.name), card.number.upper())


DBS_CAP = 1000  # the Deck Balancing Score cap (official DBS announcement, rule 9.9)


def _expand(cards: Iterable[DeckCard]) -> list[DeckCard]:
    return [card for card in cards for _ in range(card.count)]


class DeckFacts:
    """What the checks read of one deck: its cards one copy at a time, and the counts the
    rules look at (per Power, per variation, per Play name, the scores), each worked out once
    however many formats rule on the deck (14 in `check_every_format`)."""

    def __init__(self, deck: DeckList) -> None:
        self.deck = deck
        self.heroes = _expand(deck.hero_deck)
        self.plays = _expand(deck.playbook)
        self.hot_dogs = _expand(deck.hot_dog_deck)

    @cached_property
    def state(self) -> dict[str, Any]:
        """The deck as a legal ruling's next state."""
        return self.deck.model_dump(mode="json")

    # ----- the Hero Deck

    @cached_property
    def not_heroes(self) -> list[DeckCard]:
        return [c for c in self.heroes if c.kind != "hero"]

    @cached_property
    def real_heroes(self) -> list[DeckCard]:
        """The Heroes whose Power is known: the per-Power and variation limits count these."""
        return [c for c in self.heroes if c.kind == "hero" and c.power is not None]

    @cached_property
    def by_power(self) -> Counter[int | None]:
        return Counter(c.power for c in self.real_heroes)

    @cached_property
    def by_variation(self) -> Counter[tuple[str, str]]:
        return Counter(variation_key(c) for c in self.real_heroes)

    @cached_property
    def by_hero_name(self) -> Counter[str]:
        return Counter(_words(c.name) for c in self.real_heroes)

    @cached_property
    def one_name_two_weapons(self) -> bool:
        """Whether a Hero is here with two weapons: only then does the reading of a variation
        (name and weapon, or name alone) change a count."""
        return len(self.by_hero_name) < len(self.by_variation)

    @cached_property
    def strongest(self) -> DeckCard:
        return max(self.real_heroes, key=lambda c: c.power or 0)

    @cached_property
    def total_power(self) -> int:
        return sum(c.power or 0 for c in self.real_heroes)

    # ----- the Playbook

    @cached_property
    def not_plays(self) -> list[DeckCard]:
        return [c for c in self.plays if c.kind not in PLAY_KINDS]

    @cached_property
    def counted_plays(self) -> list[DeckCard]:
        """The Plays a Playbook's size counts: Bonus Plays come on top."""
        return [c for c in self.plays if c.kind in ("play", "htd-play")]

    @cached_property
    def bonus_plays(self) -> list[DeckCard]:
        return [c for c in self.plays if c.kind == "bonus-play"]

    @cached_property
    def htd_and_la(self) -> list[DeckCard]:
        """The HTD Plays and the LA Play among the Plays counted toward the Playbook's size."""
        return [
            c
            for c in self.counted_plays
            if c.kind == "htd-play" or c.number.upper().startswith("LA-")
        ]

    @cached_property
    def has_htd(self) -> bool:
        return bool(self.htd_and_la)

    @cached_property
    def counted_besides_htd(self) -> list[DeckCard]:
        """The Plays counted toward the size when HTD and LA Plays come on top (the other
        reading of what counts toward the 30)."""
        return [c for c in self.counted_plays if c.kind == "play" and c not in self.htd_and_la]

    @cached_property
    def by_play_name(self) -> Counter[str]:
        return Counter(play_key(c) for c in self.plays if c.kind in PLAY_KINDS)

    @cached_property
    def by_printing(self) -> Counter[tuple[str, str]]:
        return Counter(printing_key(c) for c in self.plays if c.kind in PLAY_KINDS)

    @cached_property
    def scored_plays(self) -> list[DeckCard]:
        return [c for c in self.plays if c.dbs is not None]

    @cached_property
    def dbs_total(self) -> int:
        return sum(c.dbs or 0 for c in self.scored_plays)

    # ----- the Hot Dog Deck

    @cached_property
    def not_hot_dogs(self) -> list[DeckCard]:
        return [c for c in self.hot_dogs if c.kind != "hot-dog"]


# ----- the checks: each adds (passed?, reason) for one format -----


@dataclass
class _Verdicts:
    broken: list[Reason] = field(default_factory=list)
    kept: list[Reason] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    interpretations: list[str] = field(default_factory=list)

    def add(self, ok: bool, code: str, detail: str) -> None:
        (self.kept if ok else self.broken).append(R.REASONS.reason(code, detail))


def _check_heroes(fmt: Format, deck: DeckFacts, v: _Verdicts) -> None:
    others = deck.not_heroes
    v.add(
        not others,
        "hero-deck-only-heroes",
        "only Heroes"
        if not others
        else f"{others[0].name} is {KIND_WORDS[others[0].kind]}, not a Hero",
    )
    size = len(deck.heroes)
    wanted = (
        str(fmt.hero_min) if fmt.hero_min == fmt.hero_max else f"{fmt.hero_min} to {fmt.hero_max}"
    )
    v.add(
        fmt.hero_min <= size <= fmt.hero_max,
        fmt.hero_size_code,
        f"{size} Hero{'' if size == 1 else 'es'}; {fmt.name} needs {wanted}",
    )
    real = deck.real_heroes
    # Read the other way, the rulebook's Hero Deck limits (4.1.1.2, 4.1.1.3) also hold in the
    # sealed formats whose public summary gives only the sizes (9.3).
    limits = fmt.hero_limits or (
        R.SEALED in fmt.interpretations and bool(real) and not ours(R.SEALED)
    )
    if limits and real:
        by_power = deck.by_power
        power, most = by_power.most_common(1)[0]
        over = sorted(p for p, n in by_power.items() if n > 6 and p is not None)
        # Exactly 6 of one Power is the limit reached: a legal deck turns on it (4.1.1.2),
        # except beside a Hero with two weapons, which is what is doubted there (below).
        at_limit = most == 6 and not over and not deck.one_name_two_weapons
        v.add(
            not over,
            "six-heroes-at-one-power-limit" if at_limit else "six-heroes-per-power",
            f"{by_power[over[0]]} Heroes have {over[0]} Power"
            if over
            else f"at most {most} Heroes share a Power value ({power})",
        )
        by_variation = deck.by_variation
        twice = [k for k, n in by_variation.items() if n > 1]
        # Read the other way, a variation is the Hero's name alone: the same Hero with another
        # weapon is the same variation. That counts more only where a Hero has two weapons.
        same_name: list[str] = []
        if not twice and deck.one_name_two_weapons and not ours(R.VARIATION):
            same_name = [k for k, n in deck.by_hero_name.items() if n > 1]
        v.add(
            not twice and not same_name,
            "one-copy-per-variation",
            f"{by_variation[twice[0]]} copies of {twice[0][0].title()} with {twice[0][1]}"
            if twice
            else f"{deck.by_hero_name[same_name[0]]} copies of {same_name[0].title()}, with "
            "different weapons"
            if same_name
            else f"{len(by_variation)} different variations, one copy each",
        )
        v.interpretations.append(R.VARIATION)
        if deck.one_name_two_weapons and v.kept and v.kept[-1].code == "one-copy-per-variation":
            # A Hero with two weapons is what a player doubts of a legal deck: the one-copy
            # rule (4.1.1.3), not the Power limit beside it, is what settles it.
            at = next((i for i, r in enumerate(v.kept) if r.code == "six-heroes-per-power"), None)
            if at is not None:
                v.kept.insert(at, v.kept.pop())
    if fmt.max_hero_power is not None and real:
        top = deck.strongest
        v.add(
            (top.power or 0) <= fmt.max_hero_power,
            "spec-power-cap",
            f"the strongest Hero, {top.name}, has {top.power} Power (limit {fmt.max_hero_power})",
        )
    if fmt.max_total_power is not None:
        total = deck.total_power
        v.add(
            total <= fmt.max_total_power,
            "elite-total-power",
            f"the Heroes' Power adds up to {total:,} (limit {fmt.max_total_power:,})",
        )


def _check_playbook(fmt: Format, deck: DeckFacts, v: _Verdicts) -> None:
    plays = deck.plays
    if fmt.playbook is None:
        if plays:
            v.notes.append(
                f"{fmt.name} uses no Playbook: the {len(plays)} Plays listed play no part."
            )
        return
    others = deck.not_plays
    v.add(
        not others,
        "playbook-only-plays",
        "only Plays"
        if not others
        else f"{others[0].name} is {KIND_WORDS[others[0].kind]}, not a Play",
    )
    counted, bonus = deck.counted_plays, deck.bonus_plays
    besides = f"{len(bonus)} Bonus Plays"
    if deck.has_htd:
        v.interpretations.append(R.HTD_COUNTS)
        # Read the other way, HTD and LA Plays come on top of the 30, as Bonus Plays do.
        if not ours(R.HTD_COUNTS):
            counted = deck.counted_besides_htd
            besides += f" and {len(deck.htd_and_la)} HTD and LA Plays"
    v.add(
        len(counted) == fmt.playbook,
        fmt.playbook_code,
        f"{len(counted)} Plays besides {besides}; {fmt.name} needs {fmt.playbook}",
    )
    if bonus:
        v.add(True, "bonus-plays-extra", f"{len(bonus)} Bonus Plays on top of the Plays")
    if fmt.plays_unique:
        by_name = deck.by_play_name
        twice = [k for k, n in by_name.items() if n > 1]
        # Read the other way, an HTD version or a reprint is another Play: only copies of one
        # printing repeat a Play. That turns the verdict only where no printing repeats.
        if twice and max(deck.by_printing.values()) == 1 and not ours(R.PLAYS_BY_NAME):
            twice = []
        v.add(
            not twice,
            "plays-unique",
            f"{twice[0].title()} is there {by_name[twice[0]]} times"
            if twice
            else "no Play appears twice",
        )
        v.interpretations.append(R.PLAYS_BY_NAME)
    cap = fmt.dbs_cap
    # Read the other way, the cap covers every sanctioned Playmaker event, Limited ones too.
    if cap is None and fmt.sealed and deck.dbs_total > DBS_CAP and not ours(R.DBS_FORMATS):
        cap = DBS_CAP
    if fmt.sealed and deck.dbs_total > DBS_CAP:
        v.interpretations.append(R.DBS_FORMATS)
    if cap is not None:
        known = deck.scored_plays
        total = deck.dbs_total
        unknown = len(plays) - len(known)
        plays_known = count(len(known), "Play")
        v.add(
            total <= cap,
            "dbs-cap",
            f"the Playbook's Deck Balancing Score is {total:,}"
            + (f" for the {plays_known} with a known score" if unknown else "")
            + f" (limit {cap:,})",
        )
        if unknown:
            v.notes.append(
                f"{unknown} Play has no known Deck Balancing Score and is not counted."
                if unknown == 1
                else f"{unknown} Plays have no known Deck Balancing Score and are not counted."
            )


def _check_hot_dogs(fmt: Format, deck: DeckFacts, v: _Verdicts) -> None:
    hot_dogs = deck.hot_dogs
    if fmt.hot_dogs is None:
        if hot_dogs:
            v.notes.append(f"{fmt.name} uses no Hot Dogs: the {len(hot_dogs)} listed play no part.")
        return
    others = deck.not_hot_dogs
    wrong = bool(others) or len(hot_dogs) != fmt.hot_dogs
    # Read the other way, a team format played in Rookie Mode brings only a Hero Deck, as
    # Rookie Mode does: its Hot Dog Deck is not checked. That turns only a deck that fails.
    if wrong and R.TEAM in fmt.interpretations and not ours(R.TEAM):
        if hot_dogs:
            v.notes.append(f"{fmt.name} uses no Hot Dogs: the {len(hot_dogs)} listed play no part.")
        return
    v.add(
        not others,
        "hot-dog-deck-only-hot-dogs",
        "only Hot Dogs"
        if not others
        else f"{others[0].name} is {KIND_WORDS[others[0].kind]}, not a Hot Dog",
    )
    v.add(
        len(hot_dogs) == fmt.hot_dogs,
        fmt.hot_dog_code,
        f"{len(hot_dogs)} Hot Dogs; {fmt.name} needs exactly {fmt.hot_dogs}",
    )


# The checks each reading bears on: an illegal verdict rests only on the readings of the
# checks that fail (not the Hero-variation reading on a deck ruled illegal for its size).
_READING_OF = {
    R.VARIATION: ("one-copy-per-variation",),
    R.PLAYS_BY_NAME: ("plays-unique",),
    R.HTD_COUNTS: ("playbook-thirty-plays", "sealed-playbook-twenty"),
    R.SEALED: ("sealed-playbook-twenty", "six-heroes-per-power", "one-copy-per-variation"),
    R.DBS_FORMATS: ("dbs-cap",),
    R.TEAM: ("apex-hot-dog-deck-four", "hilo-hot-dog-deck-four"),
}


def _deciding(broken: list[Reason], interpretations: list[str]) -> list[str]:
    """The readings an illegal verdict rests on: those of the failing checks."""
    codes = {r.code for r in broken}
    return [i for i in interpretations if set(_READING_OF.get(i, ())) & codes]


def check_deck(deck: DeckList, format_slug: str) -> Ruling:
    """Rule on whether `deck` may be played in the mode or format `format_slug` (the desk's
    move: core finds the readings the answer turns on, `GameRules.settle`).

    Raises KeyError for a slug that is not in FORMATS (callers validate it first)."""
    return _check_facts(DeckFacts(deck), FORMATS[format_slug])


def _settled(deck: DeckFacts, fmt: Format) -> Ruling:
    """`_check_facts` with the readings its answer turns on (`readings_deciding`): checked
    again under the other reading of each open point consulted, as core does for a move."""
    ruling, keys = consulted_while(lambda: _check_facts(deck, fmt))
    if keys:
        ruling.readings_deciding = GameRules.turning(lambda: _check_facts(deck, fmt), ruling, keys)
    return ruling


def _check_facts(deck: DeckFacts, fmt: Format) -> Ruling:
    v = _Verdicts()
    _check_heroes(fmt, deck, v)
    _check_playbook(fmt, deck, v)
    _check_hot_dogs(fmt, deck, v)
    for code in fmt.extra_codes:
        v.add(True, code, f"{fmt.name} keeps the normal deck restrictions")
    v.notes.extend(fmt.notes)
    v.interpretations.extend(fmt.interpretations)
    interpretations = list(dict.fromkeys(v.interpretations))
    if v.broken:
        interpretations = _deciding(v.broken, interpretations)
        first = v.broken[0].detail
        more = and_more(len(v.broken) - 1, "problem")
        summary = (
            f"This deck is not legal for {fmt.name}: {first}"
            + (more if len(v.broken) > 1 else "")
            + "."
        )
        return Ruling(
            verdict=Verdict.ILLEGAL,
            summary=summary,
            answer=_answer(False, summary),
            reasons=v.broken,
            interpretations=interpretations,
            notes=v.notes,
        )
    return Ruling(
        verdict=Verdict.LEGAL,
        summary=f"This deck is legal for {fmt.name}.",
        answer=_answer(True, f"This deck is legal for {fmt.name}."),
        reasons=v.kept,
        interpretations=interpretations,
        notes=v.notes,
        next_state=deck.state,
    )


def _answer(legal: bool, summary: str) -> str:
    """ "Yes, this deck is legal for ..." / "No, this deck is not legal for ...: ..."."""
    return f"{yes_no(legal)}, {summary[:1].lower()}{summary[1:]}"


# ----- every format at once -----


def format_kind(fmt: Format) -> Literal["mode", "format"]:
    """The three modes of the rulebook, or a tournament format of the format summary."""
    return "mode" if fmt.slug in R.MODES else "format"


def check_every_format(deck: DeckList) -> list[tuple[Format, Ruling]]:
    """The deck ruled on under every mode and every tournament format, in FORMATS order: the
    counts the rules read are worked out once, for all of them."""
    facts = DeckFacts(deck)
    return [(fmt, _settled(facts, fmt)) for fmt in FORMATS.values()]


def deck_totals(deck: DeckList) -> dict[str, object]:
    """What a deck page shows: counts per Power and per weapon, the total Power, the Deck
    Balancing Score and the Plays that make it up (unknown scores counted apart)."""
    heroes = [c for c in _expand(deck.hero_deck) if c.kind == "hero"]
    plays = [c for c in deck.playbook if c.kind in PLAY_KINDS]
    by_power = Counter(c.power for c in heroes if c.power is not None)
    weapons = Counter(c.weapon.value for c in heroes if c.weapon is not None)
    scored = sorted(
        ({"name": c.name, "number": c.number, "dbs": c.dbs, "count": c.count} for c in plays),
        key=lambda p: (-(p["dbs"] if isinstance(p["dbs"], int) else -1), str(p["name"])),
    )
    return {
        "heroes": len(_expand(deck.hero_deck)),
        "plays": sum(c.count for c in deck.playbook if c.kind in ("play", "htd-play")),
        "bonus_plays": sum(c.count for c in deck.playbook if c.kind == "bonus-play"),
        "hot_dogs": len(_expand(deck.hot_dog_deck)),
        "total_power": sum(c.power or 0 for c in heroes),
        "power_counts": [{"power": p, "heroes": n} for p, n in sorted(by_power.items())],
        "weapons": [{"weapon": w, "heroes": n} for w, n in sorted(weapons.items())],
        "dbs_total": sum((c.dbs or 0) * c.count for c in plays),
        "dbs_unknown": sum(c.count for c in plays if c.dbs is None),
        "dbs_plays": scored,
    }
