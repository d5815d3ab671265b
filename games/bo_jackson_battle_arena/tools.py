"""Battle Arena's tools: "Is this deck legal?", a deck list checked against the card catalog.

The list is pasted text (`list`, or a text/plain body) or JSON parts; each card is named
exactly (slug, or name + release + number + parallel) or by a number or name that the catalog
(`games.core.tools.CardCatalog.matching`) answers with every card it could be: a reference
several cards share is asked about, never guessed (deck_list.py). The deck is ruled on under
every mode and tournament format at once (deck.py).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StringConstraints

from games.bo_jackson_battle_arena.deck import FORMATS
from games.bo_jackson_battle_arena.deck_list import (
    DEFAULT_FORMAT,
    deck_check_body,
)
from games.core.readings import ReadingTurn
from games.core.ruling import Reason, Ruling
from games.core.tools import CardCatalog, Tool

SLUG = "bo-jackson-battle-arena"
MAX_ENTRIES = 200
MAX_LIST_CHARACTERS = 200_000
FORMAT_SLUGS: list[JsonValue] = [*sorted(FORMATS)]

CardReference = Annotated[
    str,
    StringConstraints(min_length=1, max_length=300, pattern=r"\S"),
    Field(
        description="A card's slug, or name, release and number (`Burning Fever (G) PL-85`, "
        "`Curaçao Kid (Alpha Update) BBF-24 [Blue Battlefoil]`); a bare number or name that "
        "several cards share is answered with the candidates."
    ),
]


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="allow")

    card: CardReference
    count: int = Field(default=1, ge=1, le=100, description="Copies of this card")


DeckPart = list[CardReference | DeckEntry] | None


_A_DECK_GIVEN: list[JsonValue] = [
    {"required": ["list"], "properties": {"list": {"type": "string", "minLength": 1}}},
    {"required": ["hero_deck"], "properties": {"hero_deck": {"type": "array", "minItems": 1}}},
    {"required": ["playbook"], "properties": {"playbook": {"type": "array", "minItems": 1}}},
    {
        "required": ["hot_dog_deck"],
        "properties": {"hot_dog_deck": {"type": "array", "minItems": 1}},
    },
]


class DeckCheckRequest(BaseModel):
    """A deck: `list`, the pasted text (one card a line, optional headings Heroes, Plays,
    Bonus Plays, Hot Dogs; a text/plain body is the same), or the parts, each card a reference
    or `{"card": ..., "count": n}`."""

    # the list or at least one part is needed: said in the schema, as the tool refuses a deck
    # that names no card
    model_config = ConfigDict(json_schema_extra={"anyOf": _A_DECK_GIVEN})

    format: str = Field(
        default=DEFAULT_FORMAT,
        json_schema_extra={"enum": FORMAT_SLUGS},
        description="The mode or tournament format whose verdict heads the answer (every one "
        "is ruled on, in `formats`).",
    )
    list: str | None = Field(
        default=None,
        # fits the service's request body limit (256 KiB) with room for the rest of the JSON:
        # a 1,000-line list of ordinary references is well under it
        max_length=MAX_LIST_CHARACTERS,
        description="The deck list as players share it, one card a line: `2 Reload`, "
        "`Burning Fever (G) PL-85`, `HD-20`.",
    )
    hero_deck: DeckPart = Field(default=None, max_length=MAX_ENTRIES)
    playbook: DeckPart = Field(
        default=None, max_length=MAX_ENTRIES, description="Bonus Plays included"
    )
    hot_dog_deck: DeckPart = Field(default=None, max_length=MAX_ENTRIES)


class FormatVerdict(BaseModel):
    slug: str
    name: str
    kind: str = Field(description="`mode` (the rulebook's) or `format` (a tournament format)")
    verdict: str
    summary: str
    errors: list[Reason] = Field(description="Each rule the deck breaks there")
    notes: list[str]
    readings_deciding: list[ReadingTurn] = Field(
        default_factory=list,
        description="The readings of open points this verdict turns on, with what the other "
        "reading answers",
    )


class DeckCheckAnswer(Ruling):
    """The verdict for `format`, and every format's; the deck's totals, cards and text."""

    format: str
    formats: list[FormatVerdict]
    totals: dict[str, Any] = Field(
        description="heroes, plays, bonus_plays, hot_dogs, total_power, power_counts, "
        "weapons, dbs_total, dbs_unknown, dbs_plays (the Plays that make the score up)"
    )
    cards: list[dict[str, Any]] = Field(description="Each line's card, with its exact reference")
    text: str = Field(description="The deck written back, one exact reference a line")
    id: str = Field(default="", description="The deck's permalink id (a hash of `text`)")
    url: str = Field(default="", description="The deck's page")


def deck_check(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    return deck_check_body(body, cards)


TOOLS = {
    "deck-check": Tool(
        slug="deck-check",
        title="Is this deck legal?",
        description=(
            "Is this deck legal, and where? The deck as pasted text (`list`, or a `text/plain` "
            "body) or as `hero_deck`, `playbook` (Bonus Plays included) and `hot_dog_deck`, "
            "each card by slug or by name, release and number. A number or name several cards "
            "share is a 400 (`unresolved-cards`) listing each line with every card it could "
            "be. The answer rules under `format` and, in `formats`, under every mode and "
            "tournament format; it carries the deck's totals, its text and its permalink."
        ),
        input=DeckCheckRequest,
        result=DeckCheckAnswer,
        run=deck_check,
        needs_cards=True,
        answers_ruling=True,
        aliases=("decks/check",),
        permalink="decks",
        example={
            "format": "playmaker",
            "list": "Heroes\n1 Curaçao Kid (Alpha Update) BBF-24 [Blue Battlefoil]\n"
            "Plays\n1 Burning Fever (Griffey Edition) PL-85\n1 Reload (Alpha Edition) PL-8\n"
            "Hot Dogs\n10 Becky Birddog (Alpha Edition) HD-20\n",
        },
    )
}
