"""`{% game_tool_pages game.slug as pages %}`: a game's own tool pages, for its menu."""

from __future__ import annotations

from django import template

from cardsdb.web.game_pages import pages_for

register = template.Library()


@register.simple_tag
def game_tool_pages(slug: str) -> list[tuple[str, str]]:
    return [(tool, page.title) for tool, page in pages_for(slug).items()]
