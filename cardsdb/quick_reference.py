"""What a game's quick reference and Sources page read (cardsdb/web/table_views.py shows them,
cardsdb/api/table_views.py serves them): a fixed number of queries, whatever the number of
rows."""

from __future__ import annotations

from django.db.models import Count, Prefetch, QuerySet

from cardsdb.models import Game, Rule, RuleSection, Source, Variant

ASKED = 8  # how many of the most-asked rules the quick reference lists


def with_variants(slug: str) -> QuerySet[Game]:
    """The game with its variants in their order (two queries): all the quick reference
    needs of it."""
    return Game.objects.filter(slug=slug).prefetch_related(
        Prefetch("variants", queryset=Variant.objects.order_by("position"))
    )


def setup_numbers(game: Game) -> list[tuple[Variant, list[str]]]:
    """Each variant that has setup numbers, with them in words."""
    return [(v, game.setup_words(v.setup)) for v in game.variants.all() if v.setup]


def quick_sections(game: Game) -> tuple[list[RuleSection], list[RuleSection]]:
    """The setup's and the turn's rule sections, in the data's order, with their rules: one
    query for the sections of both and one for their rules."""
    numbers = [*game.quick_setup, *game.quick_turn]
    found = {
        s.number: s
        for s in RuleSection.objects.filter(game=game, number__in=numbers).prefetch_related(
            Prefetch("rules", queryset=Rule.objects.order_by("position"))
        )
    }
    setup = [found[n] for n in game.quick_setup if n in found]
    turn = [found[n] for n in game.quick_turn if n in found]
    return setup, turn


def most_asked(game: Game) -> list[Rule]:
    """The rules the most clarifications touch (each with `asked`, their number), at most ASKED."""
    return list(
        Rule.objects.filter(game=game)
        .annotate(asked=Count("clarifications"))
        .filter(asked__gt=0)
        .select_related("section")
        .order_by("-asked", "position")[:ASKED]
    )


def with_sources(slug: str) -> QuerySet[Game]:
    """The game with its sources in their order (two queries)."""
    return Game.objects.filter(slug=slug).prefetch_related(
        Prefetch("sources", queryset=Source.objects.order_by("position"))
    )
