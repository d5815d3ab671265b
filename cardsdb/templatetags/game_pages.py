"""`{% game_tool_pages game.slug as pages %}`: a game's tools that have a page, for its menu."""

from __future__ import annotations

from django import template

from games.core.registry import registry

register = template.Library()


@register.simple_tag
def game_tool_pages(slug: str) -> list[tuple[str, str]]:
    if slug not in registry:
        return []
    tools = registry[slug].tools.values()
    return [(tool.slug, tool.page_title or tool.title) for tool in tools if tool.page]
