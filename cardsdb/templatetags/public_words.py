"""Filters that put the data's bookkeeping into players' words on public pages.

Sources in the fixtures name the documents they were taken from as the editors keep them (a
file of public facts, a card-data file, a repository path at a commit). On a page a player
reads, those become words ("a community app on GitHub"); the Sources page lists the documents.
"""

from __future__ import annotations

import re
from typing import Any

from django import template

from cardsdb.models import Game, GlossaryTerm
from games.core.names import plain
from games.core.registry import card_attribute_schemas

register = template.Library()

PROVENANCE_WORDS = {
    "rulebook": "from the rulebook",
    "official": "from the publisher",
    "review": "from published reviews",
    "community": "community catalog, unverified",
    "editorial": "our reading",
}

# owner/repo:path@commit -> "a community app on GitHub (owner/repo)"
_REPO = re.compile(r"\b([\w.-]+/[\w.-]+):[^;@]*@[0-9a-f]{7,40}")
_FACTS_FILE = re.compile(r"\s*\(?\bgames-public-facts\.md(?:, section [A-Z])?\)?")
_DATA_FILE = re.compile(r"\b[\w.-]+\.(?:json|csv|toml|md)\b(?:\s*\([^)]*\))?")
_SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")


@register.filter
def rule_number(key: str) -> str:
    """`<game>:5.3` -> `5.3`."""
    return str(key).rsplit(":", 1)[-1]


_RULE_KEY = re.compile(r"\b[a-z]+(?:-[a-z]+)+:(\d[\w.]*\w|\d)")


@register.filter
def rule_keys_as_numbers(text: str) -> str:
    """An engine's one-line summary as a player reads it: `(<game>:3.3)` becomes
    `(rule 3.3)` (the API keeps the key for apps)."""
    return _RULE_KEY.sub(r"rule \1", str(text or ""))


@register.filter
def plain_text(text: object) -> str:
    """Text shown on a page, in a title or in a share text with no control or format character
    (a right-to-left override typed into a name would turn the rest of the line around; names
    holding one are refused on the way in, this guards what was saved before)."""
    return plain(str(text if text is not None else ""))


@register.filter
def provenance_words(value: str) -> str:
    return PROVENANCE_WORDS.get(str(value), str(value))


@register.filter
def public_source(text: str) -> str:
    """A source as a player reads it: no file names, repository paths or commit hashes."""
    out = str(text or "")
    repos = list(dict.fromkeys(m.group(1) for m in _REPO.finditer(out)))
    if repos:
        out = _REPO.sub("", out)
        out = "community apps on GitHub (" + ", ".join(repos) + ")" + out
    out = _SEED_FILE.sub("the rulebook", out)
    out = _FACTS_FILE.sub("", out)
    out = _DATA_FILE.sub("", out)
    out = re.sub(r"\s*;\s*(;\s*)+", "; ", out)
    out = re.sub(r"\(\s*\)|\[\s*\]", "", out)
    out = re.sub(r"\s+([;,.)])", r"\1", out)
    return out.strip(" ;,") or ""


@register.simple_tag(takes_context=True)
def setup_words(context: Any, slug: str, setup: dict[str, object]) -> list[str]:
    """`{% setup_words game.slug v.setup as words %}`: a variant's setup numbers as facts, in
    the words the game's data gives them. The page's game is used as it is (no query per
    variant); another game's phrases are read from the database."""
    game = context.get("game")
    if not isinstance(game, Game) or game.slug != slug:
        game = Game.objects.only("slug", "setup_phrases").filter(slug=slug).first()
    if game is None:
        return Game().setup_words(dict(setup or {}))
    return game.setup_words(dict(setup or {}))


@register.simple_tag
def has_any(items: object, attribute: str) -> bool:
    """`{% has_any game.symbols.all "glyph" as with_glyph %}`: drop a column no row fills."""
    return any(getattr(item, attribute, None) for item in items)  # type: ignore[attr-defined]


@register.filter
def attribute_label(key: str) -> str:
    """A card attribute's key as a label: `hot_dog_cost` -> "Hot dog cost"."""
    return str(key).replace("_", " ").replace("-", " ").strip().capitalize()


# "Show your opponent": the answer turned round, so that it speaks to the one holding the
# phone. Longest phrases first; each is swapped once (one pass), a verb after it agreeing.
_TURNED = {
    "your opponent's": "your",
    "your opponent has": "you have",
    "your opponent is": "you are",
    "your opponent was": "you were",
    "your opponent": "you",
    "yours": "your opponent's",
    "your": "your opponent's",
    "you have": "your opponent has",
    "you are": "your opponent is",
    "you were": "your opponent was",
    "you": "your opponent",
}
for _verb, _third in [
    ("win", "wins"),
    ("lose", "loses"),
    ("need", "needs"),
    ("take", "takes"),
    ("pay", "pays"),
    ("place", "places"),
    ("draw", "draws"),
    ("score", "scores"),
]:
    _TURNED[f"you {_verb}"] = f"your opponent {_third}"
    _TURNED[f"your opponent {_third}"] = f"you {_verb}"
_TURN = re.compile(
    r"\b(" + "|".join(re.escape(k) for k in sorted(_TURNED, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)


def _turned(match: re.Match[str]) -> str:
    said = match.group(0)
    words = _TURNED[said.lower()]
    return words[0].upper() + words[1:] if said[0].isupper() else words


@register.filter
def to_opponent(text: str) -> str:
    """The answer as the opponent reads it: "you" and "your opponent" swapped ("Battle 1 is
    won by your opponent" -> "Battle 1 is won by you")."""
    return _TURN.sub(_turned, str(text))


@register.filter
def slug_words(values: object) -> str:
    """Slugs as words, joined: `["any-future-item", "red-crystal"]` -> "any future item, red
    crystal" (a card kind's categories on the game page)."""
    items = values if isinstance(values, list | tuple) else [values]
    return ", ".join(str(item).replace("-", " ").replace("_", " ") for item in items)


@register.filter
def plain_value(value: object) -> str:
    """A value as words: lists joined, mappings as "key: value", never a Python repr."""
    if isinstance(value, list | tuple):
        return ", ".join(plain_value(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{attribute_label(k)}: {plain_value(v)}" for k, v in value.items())
    return str(value)


@register.filter
def public_attributes(card: Any) -> list[tuple[str, str]]:
    """A card's attributes as (label, words) for its page. What a player reads is what the
    game declares for players (`games/<pkg>/cards.py`: a field with a `title`, in the order
    of its model); fields without one are the editors' bookkeeping (source ids, confidence,
    codes and slugs standing for a printed name) and stay in the API only."""
    attributes = card.attributes or {}
    schemas = card_attribute_schemas(card.game.slug)
    type_slug = card.card_type.slug if card.card_type_id else ""
    schema = schemas.get(type_slug) or schemas.get("*")
    if schema is None:
        return []
    out: list[tuple[str, str]] = []
    for key, field in schema.model_fields.items():
        value = attributes.get(key)
        if not field.title or value in (None, "", [], {}, False):
            continue
        words = "yes" if value is True else public_source(plain_value(value))
        words = _A_BEFORE_VOWEL.sub(r"\1an \2", words)  # "gain a Alignment ally": "an"
        if words:
            out.append((field.title, words))
    return out


_A_BEFORE_VOWEL = re.compile(r"(^|[\s(])a ([AEIO][a-z])")
_TERM_LINK = re.compile(r'href="[^"]*#term-([\w-]+)"')


@register.simple_tag
def game_glossary(game: Any) -> dict[str, object]:
    """`{% game_glossary game as glossary %}`: the game's terms by slug, read once a page."""
    return {t.slug: t for t in GlossaryTerm.objects.filter(game=game)}


@register.simple_tag
def terms_in(html: str, glossary: dict[str, object]) -> list[object]:
    """`{% terms_in r.html glossary as terms %}`: the terms linked in a rule, in order, so
    their definitions can open in place."""
    slugs = dict.fromkeys(_TERM_LINK.findall(str(html)))
    return [glossary[s] for s in slugs if s in glossary]
