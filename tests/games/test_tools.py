"""The tool contract, without Django: every game's tools are declared on its engine, and a
deck check resolves a whole list through the card catalog interface in one lookup."""

from __future__ import annotations

import pytest

from games import registry
from games.core.errors import InvalidState
from games.core.tools import CatalogCard, InMemoryCardCatalog, Tool

SLUG = "bo-jackson-battle-arena"
DECK_CHECK = registry[SLUG].tools["deck-check"]


def every_tool() -> list[tuple[str, Tool]]:
    return [(slug, tool) for slug in sorted(registry) for tool in registry[slug].tools.values()]


@pytest.mark.parametrize(("slug", "tool"), every_tool(), ids=lambda x: getattr(x, "slug", x))
def test_every_tool_declares_its_contract(slug: str, tool: Tool) -> None:
    assert tool is registry[slug].tools[tool.slug]
    assert tool.title and tool.title[0].isupper() and "-" not in tool.title
    assert tool.input.model_json_schema()["type"] == "object"
    assert tool.result_schema()
    assert callable(tool.run)


def test_the_four_tools_of_today_are_declared_by_their_games() -> None:
    declared = {(slug, tool.slug, tool.aliases) for slug, tool in every_tool()}
    assert declared == {
        ("bo-jackson-battle-arena", "deck-check", ("decks/check",)),
        ("higher-lower", "setup", ()),
        ("hyperstar-run", "best-line", ("solve",)),
        ("hyperstar-run", "setup", ()),
        ("star-realms-high-alert", "options", ("options",)),
        ("star-realms-high-alert", "setup", ()),
        ("super-hazard-quest", "reachable", ("reachable",)),
    }
    on_ruling = {(slug, tool.title) for slug, tool in every_tool() if tool.on_ruling}
    assert on_ruling == {
        ("hyperstar-run", "What's my best line?"),
        ("star-realms-high-alert", "What can I do now?"),
        ("super-hazard-quest", "Where can I go?"),
    }


def _hero(n: int, power: int, weapon: str) -> CatalogCard:
    return CatalogCard(
        slug=f"hero-{n}",
        name=f"Hero {n}",
        number=f"H-{n}",
        kind="hero",
        power=power,
        attributes={"weapon": weapon},
    )


def test_a_deck_of_six_hundred_references_is_one_catalog_lookup() -> None:
    """Ten copies of 60 heroes named each way a player might (slug, number, name, any case):
    one call to the catalog resolves all 600 references."""
    heroes = [_hero(n, 5 + n % 10, ("Fire", "Ice", "Steel")[n % 3]) for n in range(60)]
    catalog = InMemoryCardCatalog({SLUG: heroes})
    refs = []
    for n in range(60):
        refs += [f"hero-{n}", f"H-{n}", f"Hero {n}", f"HERO {n}", f"h-{n}"] * 2
    assert len(refs) == 600
    with pytest.raises(InvalidState):  # 600 entries are more than one part may list
        DECK_CHECK.run({"format": "playmaker", "hero_deck": refs}, catalog)
    ruling = DECK_CHECK.run(
        {"format": "playmaker", "hero_deck": refs[:200], "playbook": refs[200:400]}, catalog
    )
    assert catalog.calls == 1
    assert ruling["verdict"] == "illegal" and ruling["format"] == "playmaker"
    found = catalog.cards(SLUG, set(refs))
    assert len(found) == 300 and catalog.calls == 2
    assert found["HERO 7"] == found["hero-7"] == found["h-7"] == heroes[7]


def test_an_unknown_card_names_its_entry() -> None:
    catalog = InMemoryCardCatalog({SLUG: [_hero(1, 5, "Ice")]})
    with pytest.raises(InvalidState) as exc:
        DECK_CHECK.run({"hero_deck": ["hero-1", "nobody"]}, catalog)
    assert exc.value.field == "hero_deck.1"
    assert "no Battle Arena card is named or numbered 'nobody'" in exc.value.message


def test_the_catalog_prefers_slug_then_number_then_name_then_any_case() -> None:
    a = CatalogCard(slug="x", name="Y", number="Z")
    b = CatalogCard(slug="y", name="Z", number="x")
    c = CatalogCard(slug="q", name="q2", number="Q3")
    catalog = InMemoryCardCatalog({SLUG: [a, b, c]})
    found = catalog.cards(SLUG, ["x", "y", "Z", "q3", "none"])
    assert found == {"x": a, "y": b, "Z": a, "q3": c}
