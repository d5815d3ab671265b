"""Players' words as data: each game's synonym lists (the `Synonym` rows, from
`fixtures/<game>/synonyms.toml`), the cross-game gaming words (`fixtures/gaming-words.toml`),
the names players call a game by (`game_names` in the game's synonyms.toml, beside its titles),
and the mark letters a game prints (its expansion marks' glyphs, such as High Alert's В, П, Р,
Т), which a search reads as marks when they stand for one."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings

from cardsdb.fixtures_format import SynonymsFile, read_toml
from cardsdb.search.text import stems

Forms = tuple[tuple[str, ...], ...]
Entry = tuple[tuple[str, ...], Forms]  # (the stems that call it up, every form it searches for)

_CYRILLIC_RE = re.compile("[\u0400-\u04ff]")
GAMING_WORDS = "gaming-words.toml"
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


@cache
def gaming_words() -> tuple[Entry, ...]:
    """The cross-game list, read once per process (a file of the repository's fixtures)."""
    path = Path(settings.FIXTURES_DIR) / GAMING_WORDS
    if not path.exists():
        return ()
    found = read_toml(SynonymsFile, path)
    return tuple(e for s in found.synonyms for e in group_entries(s.words, s.means))


@cache
def short_names(slug: str) -> tuple[str, ...]:
    """The names players call a game by, from its synonyms.toml (`game_names`)."""
    path = Path(settings.FIXTURES_DIR) / slug / "synonyms.toml"
    if not path.exists():
        return ()
    return tuple(read_toml(SynonymsFile, path).game_names)


def with_gaming_words(own: list[Entry]) -> list[Entry]:
    """A game's (or every game's) entries, then the gaming words none of them already has."""
    keys = {key for key, _ in own}
    return longest_first([*own, *(e for e in gaming_words() if e[0] not in keys)])


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


def game_name_keys(games: Iterable[tuple[int, str, str, Any]]) -> list[tuple[tuple[str, ...], int]]:
    """(the words of a name, game id) for every game's titles and short names, longest first."""
    keys: list[tuple[tuple[str, ...], int]] = []
    for game_id, slug, name, names in games:
        titles = [name, *((names or {}).values()), *short_names(slug)]
        keys += [(words, game_id) for words in name_keys(titles)]
    return sorted(keys, key=lambda k: -len(k[0]))
