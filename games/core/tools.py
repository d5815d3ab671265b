"""The tool contract: what a game declares about each of its tools (solvers, checks, lists).

A tool answers one question about a position or a deck beyond a single ruling ("what's my best
line?", "is this deck legal?"). A game declares its tools in `games/<pkg>/tools.py` as
`TOOLS = {slug: Tool}`; the registry puts them on the engine (`GameRules.tools`). The website
and the API serve every declared tool one way: `POST /api/v1/games/<slug>/tools/<tool>` runs
`run`, `/games/<slug>/tools/<tool>/` shows `page`, and a ruling page offers a button for each
tool that runs on a ruling's board (`ruling_page`). The OpenAPI schema documents each tool's
request and response from `input` and `result`.

Nothing here knows Django: the card catalog a tool may need is the `CardCatalog` protocol
(implemented once, over the database, in `cardsdb`), and a page is plain data (`Page`) that
the website renders with the game's own template.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from pydantic import BaseModel

from games.core.names import name_fold

# ----------------------------------------------------------------- the card catalog


@dataclass(frozen=True, slots=True)
class CatalogCard:
    """What a tool may know of one card of the catalog: its printed facts and attributes.

    A plain frozen dataclass, not a pydantic model: the catalog builds one for every printing a
    deck list may mean (over a thousand for 600 lines), from the database's own values, which
    need no validation."""

    slug: str
    name: str
    number: str = ""
    kind: str = ""  # the card type's slug; "" when the card has none
    power: int | None = None
    cost: int | None = None
    attributes: dict[str, Any] = field(default_factory=dict)
    expansion: str = ""  # the expansion's (set's) slug, name and code; "" when none
    expansion_name: str = ""
    expansion_code: str = ""
    has_text: bool = False  # whether the catalog knows the card's text


class CardCatalog(Protocol):
    """The cards of the catalog, looked up by reference: by slug, then printed number, then
    exact name, then name or number in any case. One call resolves a whole deck (600
    references are one lookup, not 600): references that match no card are left out.

    `matching` answers a tool that must not guess: every card whose slug, printed number or
    folded name (`games.core.names.name_fold`) is one of those asked, in catalog order, so a
    number several releases share comes back with all of them."""

    def cards(self, game: str, refs: Collection[str]) -> dict[str, CatalogCard]: ...

    def matching(
        self,
        game: str,
        slugs: Collection[str] = (),
        numbers: Collection[str] = (),
        names: Collection[str] = (),
    ) -> list[CatalogCard]: ...


class InMemoryCardCatalog:
    """A `CardCatalog` over a list of cards, for tests and for tools run without a database.
    The cards are kept in the order given, which breaks ties as the catalog's position does."""

    def __init__(self, cards: Mapping[str, Iterable[CatalogCard]]) -> None:
        self._cards = {game: list(items) for game, items in cards.items()}
        self.calls = 0  # how many lookups were made: a deck is one

    def cards(self, game: str, refs: Collection[str]) -> dict[str, CatalogCard]:
        self.calls += 1
        cards = self._cards.get(game, [])
        exact: list[dict[str, CatalogCard]] = [{}, {}, {}]
        folded: dict[str, CatalogCard] = {}
        for card in cards:
            for index, value in enumerate((card.slug, card.number, card.name)):
                if value:
                    exact[index].setdefault(value, card)
            for value in (card.name, card.number):
                if value:
                    folded.setdefault(value.casefold(), card)
        found: dict[str, CatalogCard] = {}
        for ref in refs:
            match = next((by[ref] for by in exact if ref in by), None) or folded.get(ref.casefold())
            if match is not None:
                found[ref] = match
        return found

    def matching(
        self,
        game: str,
        slugs: Collection[str] = (),
        numbers: Collection[str] = (),
        names: Collection[str] = (),
    ) -> list[CatalogCard]:
        self.calls += 1
        slugs, numbers, names = set(slugs), set(numbers), set(names)
        return [
            card
            for card in self._cards.get(game, [])
            if card.slug in slugs or card.number in numbers or name_fold(card.name) in names
        ]


# ----------------------------------------------------------------- pages


class RuleText(Protocol):
    """A rule as a page shows it (the website's Rule rows have these attributes)."""

    key: str
    number: str
    text: str


class ClarificationText(Protocol):
    """A reference ruling as a page names it."""

    key: str
    slug: str
    question: str


@dataclass(frozen=True)
class FactionFacts:
    """A faction as the reference data describes it (its symbol's meaning included)."""

    slug: str
    name: str
    description: str
    symbol_meaning: str = ""


@dataclass(frozen=True)
class SymbolFacts:
    slug: str
    name: str
    kind: str  # "faction", "merged-faction", "expansion-mark", ...


class Reference(Protocol):
    """The game's reference data a page or a picture may show, looked up in one call per
    kind (the website reads it from its database, once per version of the data)."""

    def factions(self) -> list[FactionFacts]:
        """The game's factions, in their order."""
        ...

    def symbols(self) -> list[SymbolFacts]:
        """The game's symbols, in their order."""
        ...

    def rules(self, keys: Iterable[str]) -> list[Any]:
        """The rules with these keys, in rulebook order (each a `RuleText`)."""
        ...

    def clarifications(self, keys: Iterable[str]) -> list[Any]:
        """The reference rulings with these keys, by slug (each a `ClarificationText`)."""
        ...


class Memo(Protocol):
    """A shared cache for answers that take time (the same board, the same answer)."""

    def get(self, key: str) -> Any: ...

    def set(self, key: str, value: Any, seconds: int) -> None: ...


class FormData(Protocol):
    """Submitted form fields or query parameters (Django's QueryDict fits)."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def __iter__(self) -> Any: ...

    def __contains__(self, key: object) -> bool: ...


@dataclass(frozen=True)
class Links:
    """The website's addresses a page links to."""

    page: str  # this page
    rules: str  # the game's rules page; a rule is `rules + "#" + number`
    clarifications: str  # the game's reference rulings; one is `... + "#" + slug`
    tool_page: str = ""  # the tool's standalone page, when it has one
    ruling_tool: str = ""  # the tool on this ruling, on a ruling's page


@dataclass(frozen=True)
class PageRequest:
    """What a page is asked: the method, the query, the form sent, and what it may read."""

    method: str
    query: FormData
    form: FormData
    links: Links
    reference: Reference
    memo: Memo


@dataclass(frozen=True)
class RulingBoard:
    """A saved ruling, as a tool run on its board sees it."""

    id: str
    request: dict[str, Any]
    ruling: dict[str, Any]
    before: Any  # the board as described
    after: Any | None  # the board after the moves ruled legal; None when there is none
    version: str  # the reference data version the ruling was made with


@dataclass(frozen=True)
class Picture:
    """A board picture a page asks for, drawn by the website with the game's picture."""

    state: Any
    title: str
    overlay: Any = None


@dataclass(frozen=True)
class Page:
    """What a tool's page shows: `template` (a file of `templates/games/<slug>/`) rendered
    with `context`; a `Picture` anywhere at the top of the context is drawn in its place.
    `allow`, when given, lists the only methods the page takes (a 405 names them)."""

    template: str
    context: dict[str, Any]
    status: int = 200
    allow: tuple[str, ...] | None = None


# ----------------------------------------------------------------- the tool


Run = Callable[[dict[str, Any], CardCatalog | None], dict[str, Any]]


@dataclass(frozen=True)
class Tool:
    """One tool of a game.

    - `slug`, `title`: its address and its name in players' words ("Where can I go?");
    - `description`: what it answers, for the API documentation;
    - `input`: the pydantic model of its request body (documentation and the form of its
      contract; `run` reads the body itself, through the engine, so that its errors name the
      field exactly as a ruling's do);
    - `result`: what it answers: a pydantic model, or a JSON Schema (a dict);
    - `run(body, cards)`: the answer as JSON; raises `BadInput` naming the field;
    - `needs_cards`: `run` is given the `CardCatalog` (else None);
    - `answers_ruling`: the answer is a Ruling (the website stamps the data version and links
      each cited rule, as for any ruling);
    - `page(request)`: its standalone page, if it has one (`page_title` in the menu);
    - `ruling_page(request, board)`: the tool run on a saved ruling's board; the ruling page
      then offers a button with the tool's title;
    - `aliases`: older API paths under `games/<slug>/` that still answer (deprecated);
    - `permalink`: the answer is kept under a permalink, its id a hash of the answer's `text`,
      shown at `/games/<slug>/<permalink>/<id>/` by the game's `<permalink>.html` template
      (`decks`: a checked deck gets a page of its own);
    - `example`: a request body for the documentation.
    """

    slug: str
    title: str
    description: str
    input: type[BaseModel]
    result: type[BaseModel] | dict[str, Any]
    run: Run
    needs_cards: bool = False
    answers_ruling: bool = False
    page: Callable[[PageRequest], Page] | None = None
    page_title: str = ""
    ruling_page: Callable[[PageRequest, RulingBoard], Page] | None = None
    aliases: tuple[str, ...] = ()
    permalink: str = ""
    example: dict[str, Any] | None = None

    @property
    def on_ruling(self) -> bool:
        """Whether a ruling page offers this tool on its board."""
        return self.ruling_page is not None

    @property
    def label(self) -> str:
        """The words of the tool's button and heading."""
        return self.title

    def result_schema(self) -> dict[str, Any]:
        """The JSON Schema of the answer."""
        if isinstance(self.result, dict):
            return dict(self.result)
        return self.result.model_json_schema(mode="serialization")


__all__ = [
    "CardCatalog",
    "CatalogCard",
    "InMemoryCardCatalog",
    "Links",
    "Memo",
    "Page",
    "PageRequest",
    "Picture",
    "Reference",
    "RulingBoard",
    "Tool",
]
