"""Players' words as data, all read from the database (the loader puts them there): each
game's synonym lists (the `Synonym` rows, from `fixtures/<game>/synonyms.toml`), the
cross-game gaming words (`Synonym` rows of no game, from `fixtures/gaming-words.toml`), the
names players call a game by (`Game.short_names`, from `game_names` in its synonyms.toml),
and the mark letters a game prints (its expansion marks' glyphs, such as High Alert's В, П, Р,
Т), which a search reads as marks when they stand for one."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cardsdb.search.text import stems

Forms = tuple[tuple[str, ...], ...]
Entry = tuple[tuple[str, ...], Forms]  # (the stems that call it up, every form it searches for)

_CYRILLIC_RE = re.compile("[\u0400-\u04ff]")
# Words before a mark letter that say it is a mark ("буква В", "символ Т", "mark П"), stemmed.
MARK_CUES = frozenset(stems("буква букву буквы символ значок знак метка метку mark letter symbol"))


def group_entries(words: str, means: Iterable[str]) -> list[Entry]:
    """One synonym entry: typing its words searches for them and for what they mean (the
    players' word calls up the rulebook's, not the other way round: "hero" does not search
    for "guy"). A Russian entry's other Russian forms call it up too (утилизация,
    утилизировать: Russian words in other forms have other stems)."""
    forms = tuple(
        dict.fromkeys(f for f in [tuple(stems(words)), *(tuple(stems(x)) for x in means)] if f)
    )
    russian = bool(_CYRILLIC_RE.search(words))
    keys = [tuple(stems(words))]
    keys += [tuple(stems(x)) for x in means if russian and _CYRILLIC_RE.search(x)]
    return [(key, forms) for key in dict.fromkeys(k for k in keys if k)]


def longest_first(entries: list[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda e: -len(e[0]))


def with_gaming_words(own: list[Entry], gaming: list[Entry]) -> list[Entry]:
    """A game's (or every game's) entries, then the gaming words none of them already has."""
    keys = {key for key, _ in own}
    return longest_first([*own, *(e for e in gaming if e[0] not in keys)])


def merged(by_game: dict[int, list[Entry]]) -> list[Entry]:
    """Every game's entries together (an unscoped search): a word's forms in every game."""
    forms: dict[tuple[str, ...], set[tuple[str, ...]]] = {}
    for entries in by_game.values():
        for key, found in entries:
            forms.setdefault(key, set()).update(found)
    return [(key, tuple(sorted(f, key=lambda x: x != key))) for key, f in forms.items()]


def name_keys(names: Iterable[str]) -> list[tuple[str, ...]]:
    """The stems of each name's words (titles are split at their colon as well: "Star Realms:
    High Alert" is also "High Alert"), so a name in another case is the name (Боевой тревоги)."""
    out: list[tuple[str, ...]] = []
    for name in names:
        for part in [name, *name.split(":")[1:]]:
            words = tuple(stems(part))
            if words and words not in out:
                out.append(words)
    return out


def game_name_keys(
    games: Iterable[tuple[int, str, Any, Any]],
) -> list[tuple[tuple[str, ...], int]]:
    """(the words of a name, game id) for every game's titles (`name`, `names`) and the short
    names players use (`short_names`, from synonyms.toml's `game_names`), longest first."""
    keys: list[tuple[tuple[str, ...], int]] = []
    for game_id, name, names, short in games:
        titles = [name, *((names or {}).values()), *(short or [])]
        keys += [(words, game_id) for words in name_keys(titles)]
    return sorted(keys, key=lambda k: -len(k[0]))
