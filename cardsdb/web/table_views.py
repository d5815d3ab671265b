"""Table mode: a game's one-page quick reference, and its Sources page.

What goes on them is data: `fixtures/<slug>/table.toml` names the rule sections that make the
setup and the order of a turn, and lists the documents the game's facts come from. The rules
themselves, the variants' setup numbers and the box contents come from the database, like
every other page; "the rules people ask about most" are the rules the most clarifications
touch.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from django.conf import settings
from django.db.models import Count
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from pydantic import BaseModel, ConfigDict, Field

from cardsdb import selectors
from cardsdb.models import Clarification, Rule, RuleSection

ASKED = 8  # how many of the most-asked rules the quick reference lists


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Quick(_Strict):
    setup: list[str] = Field(default_factory=list, description="Rule sections: the setup")
    turn: list[str] = Field(default_factory=list, description="Rule sections: a turn, in order")
    turn_note: str = ""


class Source(_Strict):
    title: str = Field(min_length=1)
    kind: Literal["rulebook", "official", "review", "community", "editorial"]
    about: str = Field(min_length=1, description="What this site takes from it")
    url: str = ""


class TableFile(_Strict):
    quick: Quick = Field(default_factory=Quick)
    sources: list[Source] = Field(default_factory=list)
    setup: dict[str, str] = Field(
        default_factory=dict, description="How a variant's setup number reads: key -> '... {} ...'"
    )

    def setup_words(self, setup: dict[str, Any]) -> list[str]:
        """A variant's setup numbers as facts ("Hero Deck: 60 cards"), in the data's order."""
        out = []
        for key, value in setup.items():
            phrase = self.setup.get(key, key.replace("_", " ").capitalize() + ": {}")
            out.append(phrase.replace("{}", str(value)))
        return out


def table_path(slug: str) -> Path:
    return Path(settings.FIXTURES_DIR) / slug / "table.toml"


@lru_cache(maxsize=32)
def _read(path: Path, mtime: float) -> TableFile:
    return TableFile.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))


def table_for(slug: str) -> TableFile:
    path = table_path(slug)
    if not path.exists():
        return TableFile()
    return _read(path, path.stat().st_mtime)


def _sections(game: Any, numbers: list[str]) -> list[RuleSection]:
    found = {
        s.number: s
        for s in RuleSection.objects.filter(game=game, number__in=numbers).prefetch_related("rules")
    }
    return [found[n] for n in numbers if n in found]


def quick_reference(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(selectors.game_detail(slug))
    table = table_for(slug)
    asked = list(
        Rule.objects.filter(game=game)
        .annotate(asked=Count("clarifications"))
        .filter(asked__gt=0)
        .select_related("section")
        .order_by("-asked", "position")[:ASKED]
    )
    return render(
        request,
        "web/quick.html",
        {
            "game": game,
            "setup": _sections(game, table.quick.setup),
            "turn": _sections(game, table.quick.turn),
            "turn_note": table.quick.turn_note,
            "asked": asked,
            "variants": [(v, table.setup_words(v.setup)) for v in game.variants.all() if v.setup],
        },
    )


PROVENANCE_ORDER = ["rulebook", "official", "review", "community", "editorial"]
KIND_TITLES = {
    "rulebook": "The rulebook",
    "official": "From the publisher",
    "review": "Press and reviews",
    "community": "Community sources, not verified",
    "editorial": "What no source gives",
}


def sources_page(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(selectors.game_detail(slug))
    table = table_for(slug)
    groups = [
        (KIND_TITLES[kind], [s for s in table.sources if s.kind == kind])
        for kind in PROVENANCE_ORDER
    ]
    interpretations = Clarification.objects.filter(
        game=game, kind=Clarification.Kind.REFERENCE_RULING
    ).count()
    return render(
        request,
        "web/sources.html",
        {
            "game": game,
            "groups": [(title, items) for title, items in groups if items],
            "interpretations": interpretations,
        },
    )
