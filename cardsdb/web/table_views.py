"""Table mode: a game's one-page quick reference, and its Sources page.

What goes on them is data, loaded from `fixtures/<slug>/table.toml` with the rest of the game
(cardsdb/loaders.py): the game's `quick_setup` and `quick_turn` name the rule sections that make
the setup and the order of a turn, its `setup_phrases` say how a variant's setup numbers read,
and its `sources` are the documents the game's facts come from. The rules themselves, the
variants' setup numbers and the box contents come from the database like every other page;
"the rules people ask about most" are the rules the most clarifications touch. Nothing here
reads a file: a page costs a fixed number of queries, whatever the number of rows.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from cardsdb.models import (
    Clarification,
    Game,
    Provenance,
    Rule,
    Source,
    TextProvenance,
)
from cardsdb.quick_reference import (
    most_asked,
    quick_sections,
    setup_numbers,
    with_sources,
    with_variants,
)


def quick_reference(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(with_variants(slug))
    setup, turn = quick_sections(game)
    return render(
        request,
        "web/quick.html",
        {
            "game": game,
            "setup": setup,
            "turn": turn,
            "turn_note": game.quick_turn_note,
            "asked": most_asked(game),
            "variants": setup_numbers(game),
        },
    )


PROVENANCE_ORDER = [
    Provenance.RULEBOOK,
    Provenance.OFFICIAL,
    Provenance.REVIEW,
    Provenance.COMMUNITY,
    Provenance.EDITORIAL,
]
KIND_TITLES = {
    Provenance.RULEBOOK: "The rulebook",
    Provenance.OFFICIAL: "From the publisher",
    Provenance.REVIEW: "Press and reviews",
    Provenance.COMMUNITY: "Community sources, not verified",
    Provenance.EDITORIAL: "What no source gives",
}


def source_groups(game: Game) -> list[tuple[str, list[Source]]]:
    """The sources under a heading per kind, in the order of trust; empty kinds left out."""
    sources = list(game.sources.all())
    groups = [
        (KIND_TITLES[kind], [s for s in sources if s.kind == kind]) for kind in PROVENANCE_ORDER
    ]
    return [(title, items) for title, items in groups if items]


def sources_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(with_sources(slug))
    interpretations = Clarification.objects.filter(
        game=game, kind=Clarification.Kind.REFERENCE_RULING
    ).count()
    context: dict[str, Any] = {
        "game": game,
        "groups": source_groups(game),
        "interpretations": interpretations,
        "ours": list(
            Rule.objects.filter(game=game, provenance=TextProvenance.OURS)
            .order_by("position")
            .values_list("number", flat=True)
        ),
    }
    return render(request, "web/sources.html", context)
