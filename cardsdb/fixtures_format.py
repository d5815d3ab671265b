"""The shape of the human-edited files under `fixtures/<game>/`, as pydantic models.

Plain Python (no Django) so that an editor can check a folder without a database:

    python -m cardsdb.fixtures_format fixtures/<slug>

The loader (`cardsdb/loaders.py`) reads the same models and writes them in one transaction.
See `fixtures/README.md` for the files and an example of each.
"""

from __future__ import annotations

import csv
import re
import sys
import tomllib
from enum import StrEnum
from pathlib import Path
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from games.core.registry import card_attribute_schemas

SLUG = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"
RULE_NUMBER = r"^[0-9]+(?:\.[0-9]+)*$"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Provenance(StrEnum):
    RULEBOOK = "rulebook"  # the seed rulebook the project holds
    OFFICIAL = "official"  # publisher material (e.g. the official deck builder's data)
    REVIEW = "review"  # third-party press or review
    COMMUNITY = "community"  # fan-made catalog or app: unverified
    EDITORIAL = "editorial"  # our own interpretation (reference rulings only)


class TextProvenance(StrEnum):
    """Where a rule, a glossary term or a clarification comes from."""

    RULEBOOK = "rulebook"  # the game's rulebook; `source` names its section
    DOCUMENT = "document"  # another public document, named by `document` (a `[[sources]]` title)
    OURS = "ours"  # our reading: the rulebook does not say it (or not in these words)


class Provenanced(Strict):
    """A text with its provenance: `provenance`, and `document` (the title of one of the game's
    `[[sources]]` in table.toml) when that provenance is another public document, or, beside
    `ours`, the document that our reading reads (a reading of the tournament rules)."""

    provenance: TextProvenance
    document: str = Field(default="", description="A [[sources]] title of table.toml")


class Fact(Strict):
    label: str
    value: str
    provenance: Provenance
    source: str = ""


class Component(Strict):
    name: str
    count: int | None = Field(default=None, ge=0, description="None when the count is unknown")
    description: str = ""
    source: str = ""


class SymbolKind(StrEnum):
    EXPANSION_MARK = "expansion-mark"
    FACTION = "faction"
    MERGED_FACTION = "merged-faction"
    ICON = "icon"
    ACTION = "action"
    HAZARD = "hazard"


class Symbol(Strict):
    slug: str = Field(pattern=SLUG)
    name: str
    kind: SymbolKind
    glyph: str = Field(default="", description="The printed mark, when it is a letter or sign")
    meaning: str = ""
    factions: list[str] = Field(default_factory=list, description="Faction slugs it stands for")
    source: str = ""


class Faction(Strict):
    slug: str = Field(pattern=SLUG)
    name: str
    names: dict[str, str] = Field(default_factory=dict)
    symbol: str | None = None
    description: str = ""
    source: str = ""


class ExpansionKind(StrEnum):
    BASE = "base"
    EXPANSION = "expansion"
    MINI_EXPANSION = "mini-expansion"
    SET = "set"


class Expansion(Strict):
    slug: str = Field(pattern=SLUG)
    name: str
    names: dict[str, str] = Field(default_factory=dict)
    kind: ExpansionKind
    symbol: str | None = None
    code: str = Field(default="", description="Short code printed or used for the set")
    year: int | None = None
    description: str = ""
    source: str = ""


class CardType(Strict):
    slug: str = Field(pattern=SLUG)
    name: str
    count: int | None = Field(default=None, ge=0, description="Copies in the box, when known")
    faces_known: bool = Field(
        default=True, description="False when only the kind and count are public"
    )
    categories: list[str] = Field(default_factory=list)
    description: str = ""
    source: str = ""


class VariantKind(StrEnum):
    DIFFICULTY = "difficulty"
    MODE = "mode"
    FORMAT = "format"
    CHALLENGE = "challenge"


class Variant(Strict):
    slug: str = Field(pattern=SLUG)
    name: str
    kind: VariantKind
    setup: dict[str, Any] = Field(default_factory=dict, description="Setup numbers")
    description: str = ""
    provenance: Provenance = Provenance.RULEBOOK
    source: str = ""


class Achievement(Strict):
    slug: str = Field(pattern=SLUG)
    name: str
    variant: str | None = None
    requirement: str
    source: str = ""


class GameFile(Strict):
    """`game.toml`"""

    slug: str = Field(pattern=SLUG)
    name: str
    names: dict[str, str] = Field(description="language code -> the title in that language")
    name_note: str = ""
    summary: str
    rulebook: str = Field(description="The seed file the rules come from")
    min_players: int | None = Field(default=None, ge=1)
    max_players: int | None = Field(default=None, ge=1)
    edition: str = ""
    facts: list[Fact] = Field(default_factory=list)
    components: list[Component] = Field(default_factory=list)
    symbols: list[Symbol] = Field(default_factory=list)
    factions: list[Faction] = Field(default_factory=list)
    expansions: list[Expansion] = Field(default_factory=list)
    card_types: list[CardType] = Field(default_factory=list)
    variants: list[Variant] = Field(default_factory=list)
    achievements: list[Achievement] = Field(default_factory=list)


class Rule(Strict):
    number: str = Field(pattern=RULE_NUMBER)
    text: str = Field(min_length=1)
    source: str = ""
    provenance: TextProvenance | None = Field(
        default=None, description="None: the section's provenance"
    )
    document: str = Field(default="", description="A [[sources]] title of table.toml")


class RuleSection(Strict):
    number: str = Field(pattern=RULE_NUMBER)
    title: str
    source: str
    provenance: TextProvenance | None = Field(
        default=None,
        description="The provenance of every rule of the section, said in its heading; "
        "None when its rules come from more than one (each rule then gives its own)",
    )
    document: str = Field(default="", description="A [[sources]] title of table.toml")
    rules: list[Rule]

    @field_validator("rules")
    @classmethod
    def _numbers_under_section(cls, rules: list[Rule], info: Any) -> list[Rule]:
        section = info.data.get("number")
        for rule in rules:
            if section and not rule.number.startswith(section + "."):
                raise ValueError(f"rule {rule.number} is not numbered under section {section}")
        return rules


class RulesFile(Strict):
    """`rules.toml`"""

    sections: list[RuleSection]


class GlossaryTerm(Provenanced):
    slug: str = Field(pattern=SLUG)
    term: str
    aliases: list[str] = Field(default_factory=list, description="Other forms linked in text")
    definition: str
    rules: list[str] = Field(default_factory=list, description="Rule numbers")
    source: str = ""


class GlossaryFile(Strict):
    """`glossary.toml`"""

    terms: list[GlossaryTerm] = Field(default_factory=list)


class ClarificationKind(StrEnum):
    FAQ = "faq"
    RULEBOOK_CLARIFICATION = "rulebook-clarification"
    PRINTED_TEXT = "printed-text"
    REFERENCE_RULING = "reference-ruling"


class Clarification(Provenanced):
    slug: str = Field(pattern=SLUG)
    kind: ClarificationKind
    question: str
    answer: str
    source: str = ""
    rules: list[str] = Field(default_factory=list, description="Rule numbers it touches")
    cards: list[str] = Field(default_factory=list, description="Card slugs it touches")
    former_slugs: list[str] = Field(
        default_factory=list, description="Slugs it had before: their links still find it"
    )

    @field_validator("former_slugs")
    @classmethod
    def _slugs(cls, slugs: list[str]) -> list[str]:
        for slug in slugs:
            if not re.fullmatch(SLUG, slug):
                raise ValueError(f"former slug {slug!r} is not a slug")
        return slugs


class ClarificationsFile(Strict):
    """`clarifications.toml`"""

    clarifications: list[Clarification] = Field(default_factory=list)


class Synonym(Strict):
    words: str = Field(min_length=1, max_length=100, description="What players type")
    means: list[str] = Field(min_length=1, description="The words the rules use for it")
    note: str = ""


class SynonymsFile(Strict):
    """`synonyms.toml`: players' words for the rules' words, read by search."""

    synonyms: list[Synonym] = Field(default_factory=list)
    game_names: list[str] = Field(
        default_factory=list,
        description="The short names players call the game by: naming one in a search scopes "
        "the search to the game",
    )


class Card(Strict):
    slug: str = Field(pattern=SLUG)
    name: str
    type: str | None = None
    expansion: str | None = None
    factions: list[str] = Field(default_factory=list)
    cost: int | None = None
    power: int | None = None
    copies: int | None = Field(default=None, ge=0, description="Copies in the box; None: unknown")
    number: str = ""
    text: str = ""
    attributes: dict[str, Any] = Field(default_factory=dict)
    provenance: Provenance
    source: str = ""
    notes: str = ""


class CardsFile(Strict):
    """`cards.toml`"""

    cards: list[Card] = Field(default_factory=list)


class QuickReference(Strict):
    """`[quick]` of `table.toml`: the rule sections the one-page quick reference shows."""

    setup: list[str] = Field(default_factory=list, description="Rule section numbers: the setup")
    turn: list[str] = Field(
        default_factory=list, description="Rule section numbers: a turn, in order"
    )
    turn_note: str = Field(default="", description="Shown when no section gives a turn's order")


class Source(Strict):
    """`[[sources]]` of `table.toml`: a document this game's facts come from."""

    title: str = Field(min_length=1, max_length=300)
    kind: Provenance
    about: str = Field(min_length=1, description="What this site takes from it")
    url: str = Field(default="", max_length=500, pattern=r"^(https?://\S+)?$")


SETUP_VALUE = "{}"


def setup_phrase_check(key: str, phrase: str) -> None:
    if phrase.count(SETUP_VALUE) != 1:
        raise ValueError(f"setup {key}: the phrase needs {SETUP_VALUE} once, for the value")


class SetupPhrase(Strict):
    """How one variant setup number reads, as the database keeps it (a list keeps the order)."""

    key: str = Field(min_length=1)
    phrase: str = Field(min_length=1)

    @model_validator(mode="after")
    def _one_value(self) -> SetupPhrase:
        setup_phrase_check(self.key, self.phrase)
        return self


class TableFile(Strict):
    """`table.toml`: the website's table mode (quick reference, Sources page, setup words)."""

    quick: QuickReference = Field(default_factory=QuickReference)
    sources: list[Source] = Field(default_factory=list)
    setup: dict[str, str] = Field(
        default_factory=dict,
        description="How a variant's setup number reads: key -> a phrase with {} for the value",
    )

    @field_validator("setup")
    @classmethod
    def _one_value_each(cls, setup: dict[str, str]) -> dict[str, str]:
        for key, phrase in setup.items():
            setup_phrase_check(key, phrase)
        return setup

    def setup_phrases(self) -> list[dict[str, str]]:
        """The phrases in the file's order, as `Game.setup_phrases` keeps them."""
        return [{"key": key, "phrase": phrase} for key, phrase in self.setup.items()]


CSV_LIST_SEPARATOR = ";"
CSV_ATTRIBUTE_PREFIX = "attributes."


def card_from_csv_row(row: dict[str, str]) -> Card:
    """One row of a `cards*.csv` file. Empty cells are unknown; `factions` is `;`-separated;
    columns named `attributes.<key>` fill the attributes object (typed by the game schema)."""
    data: dict[str, Any] = {}
    attributes: dict[str, Any] = {}
    for column, raw in row.items():
        value = (raw or "").strip()
        if column.startswith(CSV_ATTRIBUTE_PREFIX):
            if value != "":
                attributes[column.removeprefix(CSV_ATTRIBUTE_PREFIX)] = value
        elif column == "factions":
            data[column] = [f for f in value.split(CSV_LIST_SEPARATOR) if f]
        elif value != "":
            data[column] = value
    data["attributes"] = attributes
    return Card.model_validate(data)


class FixtureError(ValueError):
    """A fixture file failed validation; names the file and the entry."""

    def __init__(self, path: Path | str, entry: str, message: str) -> None:
        super().__init__(f"{path}: {entry}: {message}")
        self.path = str(path)
        self.entry = entry
        self.message = message


def _describe(exc: ValidationError, data: Any) -> tuple[str, str]:
    """Turn a validation error into (entry, message), the entry named by its slug or number."""
    err = exc.errors(include_url=False)[0]
    loc = list(err["loc"])
    entry_parts: list[str] = []
    node = data
    for part in loc:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            entry_parts.append(str(part))
            continue
        if isinstance(node, dict):
            label = node.get("slug") or node.get("number") or node.get("name") or node.get("title")
            entry_parts.append(f"{part} ({label})" if label else str(part))
        else:
            entry_parts.append(str(part))
    return ".".join(entry_parts) or "(file)", err["msg"]


def _validate(model: type[BaseModel], path: Path, data: Any) -> Any:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise FixtureError(path, *_describe(exc, data)) from None


def read_toml(model: type[BaseModel], path: Path) -> Any:
    if not path.exists():
        raise FixtureError(path, "(file)", "missing")
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise FixtureError(path, "(file)", f"not valid TOML: {exc}") from None
    return _validate(model, path, data)


def read_cards_csv(path: Path) -> list[Card]:
    cards: list[Card] = []
    with path.open(encoding="utf-8", newline="") as handle:
        for line, row in enumerate(csv.DictReader(handle), start=2):
            try:
                cards.append(card_from_csv_row(row))
            except ValidationError as exc:
                entry, message = _describe(exc, row)
                raise FixtureError(
                    path, f"line {line} ({row.get('slug', '?')}) {entry}", message
                ) from None
    return cards


class CardRedirect(Strict):
    """A row of `card-redirects.csv`: a card's former slug, answered by a permanent redirect."""

    former_slug: str = Field(pattern=SLUG)
    slug: str = Field(pattern=SLUG)


REDIRECTS_FILE = "card-redirects.csv"


def read_redirects_csv(path: Path) -> list[CardRedirect]:
    if not path.exists():
        return []
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    return [_validate(CardRedirect, path, row) for row in rows]


class GameFixtures(BaseModel):
    """Everything in one game's folder, parsed."""

    folder: str
    game: GameFile
    rules: RulesFile
    glossary: GlossaryFile
    clarifications: ClarificationsFile
    cards: list[Card]
    card_files: list[str]
    synonyms: SynonymsFile = Field(default_factory=SynonymsFile)
    redirects: list[CardRedirect] = Field(default_factory=list)
    table: TableFile = Field(default_factory=TableFile)


TABLE_FILE = "table.toml"


def read_game_folder(folder: Path) -> GameFixtures:
    folder = Path(folder)
    game = read_toml(GameFile, folder / "game.toml")
    rules = read_toml(RulesFile, folder / "rules.toml")
    glossary_path = folder / "glossary.toml"
    glossary = read_toml(GlossaryFile, glossary_path) if glossary_path.exists() else GlossaryFile()
    clar_path = folder / "clarifications.toml"
    clarifications = (
        read_toml(ClarificationsFile, clar_path) if clar_path.exists() else ClarificationsFile()
    )
    table_path = folder / TABLE_FILE
    syn_path = folder / "synonyms.toml"
    synonyms = read_toml(SynonymsFile, syn_path) if syn_path.exists() else SynonymsFile()
    cards: list[Card] = []
    card_files: list[str] = []
    for path in sorted(folder.glob("cards*.toml")):
        cards.extend(read_toml(CardsFile, path).cards)
        card_files.append(path.name)
    for path in sorted(folder.glob("cards*.csv")):
        cards.extend(read_cards_csv(path))
        card_files.append(path.name)
    fixtures = GameFixtures(
        folder=str(folder),
        game=game,
        rules=rules,
        glossary=glossary,
        clarifications=clarifications,
        cards=cards,
        card_files=card_files,
        synonyms=synonyms,
        redirects=read_redirects_csv(folder / REDIRECTS_FILE),
        table=read_toml(TableFile, table_path) if table_path.exists() else TableFile(),
    )
    check_references(fixtures)
    check_provenance(fixtures)
    check_table(fixtures)
    check_synonyms(fixtures)
    check_card_attributes(fixtures)
    return fixtures


def check_card_attributes(fx: GameFixtures) -> None:
    """Validate each card's attributes against the game's schema in `games/<game>/cards.py`
    (the schema for its type, else the "*" schema) and store them in their typed form."""
    schemas = card_attribute_schemas(fx.game.slug)
    where = Path(fx.folder) / "cards"
    for card in fx.cards:
        schema = schemas.get(card.type or "") or schemas.get("*")
        if schema is None:
            if card.attributes:
                raise FixtureError(
                    where, f"card {card.slug}", f"type {card.type!r} declares no attributes"
                )
            continue
        try:
            typed = schema.model_validate(card.attributes)
        except ValidationError as exc:
            entry, message = _describe(exc, card.attributes)
            raise FixtureError(where, f"card {card.slug} attributes.{entry}", message) from None
        card.attributes = typed.model_dump(mode="json", exclude_none=True)


def _unique(path: Path, what: str, values: list[str]) -> set[str]:
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise FixtureError(path, f"{what} {value}", "appears twice")
        seen.add(value)
    return seen


def check_references(fx: GameFixtures) -> None:
    """Cross-file checks: every slug and rule number referred to exists, none is repeated."""
    folder = Path(fx.folder)
    g = fx.game
    game_path = folder / "game.toml"
    symbols = _unique(game_path, "symbol", [s.slug for s in g.symbols])
    factions = _unique(game_path, "faction", [f.slug for f in g.factions])
    expansions = _unique(game_path, "expansion", [e.slug for e in g.expansions])
    card_types = _unique(game_path, "card type", [t.slug for t in g.card_types])
    variants = _unique(game_path, "variant", [v.slug for v in g.variants])
    _unique(game_path, "achievement", [a.slug for a in g.achievements])
    for s in g.symbols:
        for name in s.factions:
            if name not in factions:
                raise FixtureError(game_path, f"symbol {s.slug}", f"unknown faction {name!r}")
    for f in g.factions:
        if f.symbol and f.symbol not in symbols:
            raise FixtureError(game_path, f"faction {f.slug}", f"unknown symbol {f.symbol!r}")
    for e in g.expansions:
        if e.symbol and e.symbol not in symbols:
            raise FixtureError(game_path, f"expansion {e.slug}", f"unknown symbol {e.symbol!r}")
    for a in g.achievements:
        if a.variant and a.variant not in variants:
            raise FixtureError(game_path, f"achievement {a.slug}", f"unknown variant {a.variant!r}")

    rules_path = folder / "rules.toml"
    _unique(rules_path, "section", [s.number for s in fx.rules.sections])
    rule_numbers = _unique(
        rules_path, "rule", [r.number for s in fx.rules.sections for r in s.rules]
    )

    gloss_path = folder / "glossary.toml"
    _unique(gloss_path, "term", [t.slug for t in fx.glossary.terms])
    for t in fx.glossary.terms:
        for number in t.rules:
            if number not in rule_numbers:
                raise FixtureError(gloss_path, f"term {t.slug}", f"unknown rule {number!r}")

    card_slugs = _unique(folder / "cards", "card", [c.slug for c in fx.cards])
    for c in fx.cards:
        where = folder / "cards"
        if c.type and c.type not in card_types:
            raise FixtureError(where, f"card {c.slug}", f"unknown card type {c.type!r}")
        if c.expansion and c.expansion not in expansions:
            raise FixtureError(where, f"card {c.slug}", f"unknown expansion {c.expansion!r}")
        for name in c.factions:
            if name not in factions:
                raise FixtureError(where, f"card {c.slug}", f"unknown faction {name!r}")

    clar_path = folder / "clarifications.toml"
    clar_slugs = _unique(
        clar_path, "clarification", [c.slug for c in fx.clarifications.clarifications]
    )
    former = _unique(
        clar_path,
        "former slug",
        [s for c in fx.clarifications.clarifications for s in c.former_slugs],
    )
    for slug in sorted(former & clar_slugs):
        raise FixtureError(clar_path, f"former slug {slug}", "is still a clarification's slug")
    for clar in fx.clarifications.clarifications:
        what = f"clarification {clar.slug}"
        for number in clar.rules:
            if number not in rule_numbers:
                raise FixtureError(clar_path, what, f"unknown rule {number!r}")
        for slug in clar.cards:
            if slug not in card_slugs:
                raise FixtureError(clar_path, what, f"unknown card {slug!r}")

    redirects_path = folder / REDIRECTS_FILE
    _unique(redirects_path, "former slug", [r.former_slug for r in fx.redirects])
    for r in fx.redirects:
        if r.slug not in card_slugs:
            raise FixtureError(redirects_path, f"former slug {r.former_slug}", "unknown card")
        if r.former_slug in card_slugs:
            raise FixtureError(
                redirects_path, f"former slug {r.former_slug}", "is still a card's slug"
            )


def rule_provenance(section: RuleSection, rule: Rule) -> tuple[TextProvenance | None, str]:
    """A rule's provenance and document: its own, else its section's."""
    if rule.provenance is not None:
        return rule.provenance, rule.document
    return section.provenance, section.document


def _check_document(
    path: Path, entry: str, provenance: TextProvenance | None, document: str, titles: set[str]
) -> None:
    if provenance is None:
        raise FixtureError(path, entry, "no provenance (rulebook, document or ours)")
    if provenance == TextProvenance.DOCUMENT and not document:
        raise FixtureError(path, entry, "provenance document names no document")
    if provenance == TextProvenance.RULEBOOK and document:
        raise FixtureError(path, entry, "from the rulebook, but names a document")
    if document and document not in titles:
        raise FixtureError(
            path, entry, f"document {document!r} is not a [[sources]] title of table.toml"
        )


def check_provenance(fx: GameFixtures) -> None:
    """Every rule, term and clarification has a provenance; a document is one the Sources page
    lists; a rule from the rulebook names the section it comes from."""
    folder = Path(fx.folder)
    titles = {s.title for s in fx.table.sources}
    rules_path = folder / "rules.toml"
    for section in fx.rules.sections:
        if section.provenance is not None or section.document:
            _check_document(
                rules_path,
                f"section {section.number}",
                section.provenance,
                section.document,
                titles,
            )
        for rule in section.rules:
            provenance, document = rule_provenance(section, rule)
            entry = f"rule {rule.number}"
            _check_document(rules_path, entry, provenance, document, titles)
            if provenance == TextProvenance.RULEBOOK and not (rule.source or section.source):
                raise FixtureError(rules_path, entry, "from the rulebook, but names no section")
    for term in fx.glossary.terms:
        _check_document(
            folder / "glossary.toml", f"term {term.slug}", term.provenance, term.document, titles
        )
    for clar in fx.clarifications.clarifications:
        _check_document(
            folder / "clarifications.toml",
            f"clarification {clar.slug}",
            clar.provenance,
            clar.document,
            titles,
        )


def check_table(fx: GameFixtures) -> None:
    """The quick reference names sections of rules.toml, each once; sources are listed once;
    every setup phrase is for a setup number some variant has (a misspelt key would never
    show, and the number would read as its key)."""
    path = Path(fx.folder) / TABLE_FILE
    table = fx.table
    sections = {s.number for s in fx.rules.sections}
    for part in ("setup", "turn"):
        numbers: list[str] = getattr(table.quick, part)
        _unique(path, f"quick.{part} section", numbers)
        for number in numbers:
            if number not in sections:
                raise FixtureError(
                    path, f"quick.{part} ({number})", "no such section in rules.toml"
                )
    _unique(path, "source", [s.title for s in table.sources])
    setup_keys = {key for v in fx.game.variants for key in v.setup}
    for key in table.setup:
        if key not in setup_keys:
            raise FixtureError(
                path, f"setup.{key}", "no variant in game.toml has this setup number"
            )


def check_synonyms(fx: GameFixtures) -> None:
    """Each player's phrase once, standing for words other than itself."""
    check_synonym_entries(Path(fx.folder) / "synonyms.toml", fx.synonyms)


def check_synonym_entries(path: Path, found: SynonymsFile) -> None:
    """A synonyms file's entries (a game's, or the gaming words'): each phrase once, each
    standing for words other than itself."""
    _unique(path, "synonym", [" ".join(s.words.lower().split()) for s in found.synonyms])
    for s in found.synonyms:
        for means in s.means:
            if not means.strip():
                raise FixtureError(path, f"synonym {s.words}", "means an empty word")
            if means.strip().lower() == s.words.lower():
                raise FixtureError(path, f"synonym {s.words}", "means itself")


def main(argv: list[str]) -> int:
    status = 0
    for arg in argv or [str(p) for p in sorted(Path("fixtures").iterdir()) if p.is_dir()]:
        try:
            fx = read_game_folder(Path(arg))
        except FixtureError as exc:
            print(f"FAIL {exc}")
            status = 1
            continue
        rules = sum(len(s.rules) for s in fx.rules.sections)
        print(
            f"ok   {arg}: {len(fx.rules.sections)} sections, {rules} rules, "
            f"{len(fx.glossary.terms)} terms, {len(fx.clarifications.clarifications)} "
            f"clarifications, {len(fx.cards)} cards, {len(fx.table.sources)} sources"
        )
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
