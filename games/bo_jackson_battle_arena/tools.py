"""Battle Arena's tools: "Is this deck legal?", a deck list checked against the card catalog.

The list names cards by printed number, slug or name; the catalog (`games.core.tools.CardCatalog`)
resolves the whole list in one lookup, and `deck.check_deck` rules on the cards it finds.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, StringConstraints

from games.bo_jackson_battle_arena.deck import FORMATS, DeckCard, DeckList, check_deck
from games.core.errors import InvalidMove, InvalidState
from games.core.ruling import Ruling
from games.core.tools import CardCatalog, Tool

SLUG = "bo-jackson-battle-arena"
DECK_PARTS = ("hero_deck", "playbook", "hot_dog_deck")
MAX_ENTRIES = 200
FORMAT_SLUGS: list[JsonValue] = [*sorted(FORMATS)]

CardReference = Annotated[
    str,
    StringConstraints(min_length=1, max_length=200, pattern=r"\S"),
    Field(description="A card's printed number, slug or name, as in the card catalog."),
]


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="allow")

    card: CardReference
    count: int = Field(default=1, ge=1, le=100, description="Copies of this card")


DeckPart = list[CardReference | DeckEntry] | None


class DeckCheckRequest(BaseModel):
    """A deck list in a format: each part lists cards by number, slug or name, each a string
    or `{"card": ..., "count": n}`."""

    format: str = Field(
        default="playmaker",
        json_schema_extra={"enum": FORMAT_SLUGS},
        description="A mode or tournament format (see the game's variants).",
    )
    hero_deck: DeckPart = Field(default=None, max_length=MAX_ENTRIES)
    playbook: DeckPart = Field(
        default=None, max_length=MAX_ENTRIES, description="Bonus Plays included"
    )
    hot_dog_deck: DeckPart = Field(default=None, max_length=MAX_ENTRIES)


def _entries(part: str, raw: Any) -> list[tuple[str, str, int]]:
    """(field path, card reference, count) for each entry of one part of a deck list."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_ENTRIES:
        raise InvalidState(part, f"give a list of at most {MAX_ENTRIES} card references")
    out = []
    for i, item in enumerate(raw):
        path = f"{part}.{i}"
        if isinstance(item, str):
            ref, count = item, 1
        elif isinstance(item, dict) and isinstance(item.get("card"), str):
            ref, count = item["card"], item.get("count", 1)
        else:
            raise InvalidState(path, 'give a card number, slug or name, or {"card", "count"}')
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 100:
            raise InvalidState(f"{path}.count", "a whole number from 1 to 100")
        if not ref.strip() or len(ref) > 200:
            raise InvalidState(path, "an empty or over-long card reference")
        out.append((path, ref.strip(), count))
    return out


def deck_check(body: dict[str, Any], cards: CardCatalog | None) -> dict[str, Any]:
    """Rule on a deck list given by card numbers, slugs or names from the catalog."""
    assert cards is not None, "the deck check needs the card catalog"
    if not isinstance(body, dict):
        raise InvalidState("body", "send a JSON object")
    fmt = body.get("format", "playmaker")
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise InvalidMove("format", f"unknown format; one of {', '.join(sorted(FORMATS))}")
    entries = {part: _entries(part, body.get(part)) for part in DECK_PARTS}
    found = cards.cards(SLUG, {ref for part in entries.values() for _, ref, _ in part})
    deck: dict[str, list[DeckCard]] = {}
    for part, items in entries.items():
        deck[part] = []
        for path, ref, count in items:
            card = found.get(ref)
            if card is None:
                raise InvalidState(
                    path, f"no Battle Arena card has the number, slug or name {ref!r}"
                )
            deck[part].append(
                DeckCard(
                    name=card.name,
                    kind=card.kind or "hero",  # type: ignore[arg-type]
                    number=card.number,
                    power=card.power,
                    weapon=card.attributes.get("weapon"),
                    dbs=card.attributes.get("dbs"),
                    count=count,
                )
            )
    ruling = check_deck(DeckList(**deck), fmt).model_dump(mode="json")  # type: ignore[arg-type]
    ruling["format"] = fmt
    return ruling


TOOLS = {
    "deck-check": Tool(
        slug="deck-check",
        title="Is this deck legal?",
        description=(
            "Is this deck legal? `format` is a mode or tournament format slug (see "
            "`/api/v1/variants/?game=bo-jackson-battle-arena`); `hero_deck`, `playbook` (Bonus "
            "Plays included) and `hot_dog_deck` list cards by number, slug or name from the "
            'catalog, each a string or `{"card": ..., "count": n}`.'
        ),
        input=DeckCheckRequest,
        result=Ruling,
        run=deck_check,
        needs_cards=True,
        answers_ruling=True,
        aliases=("decks/check",),
        example={
            "format": "playmaker",
            "hero_deck": ["BoJax Ice ..."],
            "playbook": ["PL-1", {"card": "Reload", "count": 1}],
            "hot_dog_deck": [{"card": "HD-20", "count": 10}],
        },
    )
}
