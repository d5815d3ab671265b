"""Game-specific desk tools beyond a single ruling: Battle Arena deck checks against the card
catalog, High Alert's "what can I do now?", Super Hazard Quest's path finder."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from cardsdb.desk import desk_for, ruling_links_add
from cardsdb.models import Card
from games.core.errors import InvalidMove, InvalidState

BOBA = "bo-jackson-battle-arena"
DECK_PARTS = ("hero_deck", "playbook", "hot_dog_deck")


def _entries(part: str, raw: Any) -> list[tuple[str, str, int]]:
    """(field path, card reference, count) for each entry of one part of a deck list."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > 200:
        raise InvalidState(part, "give a list of at most 200 card references")
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


def _resolve(refs: set[str]) -> dict[str, Card]:
    """Card reference -> card: by slug, then printed number, then exact name (any case)."""
    cards = (
        Card.objects.filter(game__slug=BOBA)
        .filter(Q(slug__in=refs) | Q(number__in=refs) | Q(name__in=refs))
        .select_related("card_type")
        .order_by("position")
    )
    by_slug: dict[str, Card] = {}
    by_number: dict[str, Card] = {}
    by_name: dict[str, Card] = {}
    for card in cards:
        by_slug.setdefault(card.slug, card)
        by_number.setdefault(card.number, card)
        by_name.setdefault(card.name, card)
    found: dict[str, Card] = {}
    for ref in refs:
        card = by_slug.get(ref) or by_number.get(ref) or by_name.get(ref)
        if card is None:
            card = (
                Card.objects.filter(game__slug=BOBA)
                .filter(Q(name__iexact=ref) | Q(number__iexact=ref))
                .select_related("card_type")
                .order_by("position")
                .first()
            )
        if card is not None:
            found[ref] = card
    return found


def deck_check(body: Any) -> dict[str, Any]:
    """Rule on a deck list given by card numbers, slugs or names from the catalog."""
    from games.bo_jackson_battle_arena.deck import FORMATS, DeckCard, DeckList, check_deck

    desk = desk_for(BOBA)
    if not isinstance(body, dict):
        raise InvalidState("body", "send a JSON object")
    fmt = body.get("format", "playmaker")
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise InvalidMove("format", f"unknown format; one of {', '.join(sorted(FORMATS))}")
    entries = {part: _entries(part, body.get(part)) for part in DECK_PARTS}
    cards = _resolve({ref for part in entries.values() for _, ref, _ in part})
    deck: dict[str, list[DeckCard]] = {}
    for part, items in entries.items():
        deck[part] = []
        for path, ref, count in items:
            card = cards.get(ref)
            if card is None:
                raise InvalidState(
                    path, f"no Battle Arena card has the number, slug or name {ref!r}"
                )
            deck[part].append(
                DeckCard(
                    name=card.name,
                    kind=card.card_type.slug if card.card_type else "hero",
                    number=card.number,
                    power=card.power,
                    weapon=card.attributes.get("weapon"),
                    dbs=card.attributes.get("dbs"),
                    count=count,
                )
            )
    ruling = check_deck(DeckList(**deck), fmt).model_dump(mode="json")
    ruling["reference_version"] = desk.game.data_version
    ruling["format"] = fmt
    return ruling_links_add(BOBA, ruling)


def high_alert_options(state: Any) -> dict[str, Any]:
    engine = desk_for("star-realms-high-alert").engine
    return engine.options_json(state)  # type: ignore[attr-defined]


def hazard_quest_reachable(state: Any, player: Any) -> dict[str, Any]:
    from games.super_hazard_quest.pathfinder import reachable

    engine = desk_for("super-hazard-quest").engine
    parsed = engine.parse_state(state)
    if not isinstance(player, str) or not player:
        raise InvalidMove("player", "name the hero whose turn it is")
    try:
        return reachable(parsed, player).as_json()
    except ValueError as exc:
        raise InvalidMove("player", str(exc)) from None


def hyperstar_solve(state: Any) -> dict[str, Any]:
    from games.hyperstar_run.solver import solve_json

    desk_for("hyperstar-run")
    return solve_json(state)
