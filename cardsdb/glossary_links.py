"""Link glossary terms wherever they appear in rule text."""

from __future__ import annotations

import re
from functools import lru_cache

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from cardsdb.models import Game, GlossaryTerm


@lru_cache(maxsize=32)
def _matcher(game_slug: str, data_version: str) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """(pattern, lowercased form -> term slug) for a game, rebuilt when its data changes."""
    forms: dict[str, str] = {}
    for slug, term, aliases in GlossaryTerm.objects.filter(game__slug=game_slug).values_list(
        "slug", "term", "aliases"
    ):
        for form in [term, *aliases]:
            form = form.strip()
            if form:
                forms.setdefault(escape(form).lower(), slug)
    if not forms:
        return None, {}
    alternatives = sorted(forms, key=len, reverse=True)
    pattern = re.compile(
        r"(?<![\w-])(" + "|".join(re.escape(f) for f in alternatives) + r")(?![\w-])",
        re.IGNORECASE,
    )
    return pattern, forms


def link_terms(text: str, game: Game, skip: str | None = None) -> SafeString:
    """Escape `text` and link each glossary term in it (the first occurrence of each term,
    so a paragraph is not a sea of links). `skip` is a term slug not to link (its own entry)."""
    pattern, forms = _matcher(game.slug, game.data_version)
    escaped = escape(text)
    if pattern is None:
        return mark_safe(escaped)
    base = reverse("web:glossary", args=[game.slug])
    seen: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        slug = forms[match.group(1).lower()]
        if slug in seen or slug == skip:
            return match.group(1)
        seen.add(slug)
        return f'<a class="term" href="{base}#term-{slug}">{match.group(1)}</a>'

    return mark_safe(pattern.sub(replace, escaped))
