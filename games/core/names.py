"""Card names as players type them: one folded form to compare, in every alphabet.

`name_fold` is Unicode case folding plus accent stripping (NFKD, combining marks dropped), with
typographic apostrophes and runs of white space made plain, so `CURAÇAO KID`, `curacao kid` and
`Curaçao  Kid` all meet `Curaçao Kid`; `ГРАНАТА` meets `граната`. The database keeps the same
fold in a column, so a lookup by name compares equal strings and can use an index.
"""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'"})
_SPACES = re.compile(r"\s+")


def name_fold(text: str) -> str:
    """The form two names share when a player would call them the same name."""
    if text.isascii():  # the common case, and ASCII's case folding is lower()
        return _SPACES.sub(" ", text.replace("`", "'").lower()).strip()
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # Case folding can itself produce decomposable letters (e.g. "İ"): fold, then strip again.
    folded = unicodedata.normalize("NFKD", bare.casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return _SPACES.sub(" ", folded).strip()


def ascii_letters(text: str) -> str:
    """`text` with accents taken off its letters (ç -> c, é -> e); other characters kept."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))
