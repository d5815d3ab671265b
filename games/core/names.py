"""Names and icons as players type them: compared after Unicode normalisation and case folding.

"Ana" and "ana", or "é" typed as one code point or as "e" plus an accent, are the same name
(`fold`, for the names of players, icons and the like, accents kept).

Card names are looked up more loosely (`name_fold`): case folding plus accent stripping (NFKD,
combining marks dropped), with typographic apostrophes and runs of white space made plain, so
`CURAÇAO KID`, `curacao kid` and `Curaçao  Kid` all meet `Curaçao Kid`; `ГРАНАТА` meets
`граната`. The database keeps that fold in a column (`Card.name_folded`), so a lookup by name
compares equal strings and can use an index.
"""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'"})
_SPACES = re.compile(r"\s+")


def nfc(text: str) -> str:
    """The text in Unicode normal form C (composed), as it is stored and shown."""
    return unicodedata.normalize("NFC", text)


def fold(text: str) -> str:
    """The key two names are compared by: NFC, case folded, NFC again."""
    if text.isascii():  # most ids and names: ASCII is NFC already, and its case folding is lower()
        return text.lower()
    return nfc(nfc(text).casefold())


def same(a: str, b: str) -> bool:
    return fold(a) == fold(b)


def name_fold(text: str) -> str:
    """The form two card names share when a player would call them the same name."""
    if text.isascii():  # the common case, and ASCII's case folding is lower()
        return _SPACES.sub(" ", text.replace("`", "'").lower()).strip()
    decomposed = unicodedata.normalize("NFKD", text.translate(_APOSTROPHES))
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # Case folding can itself produce decomposable letters (e.g. "İ"): fold, then strip again.
    folded = unicodedata.normalize("NFKD", bare.casefold())
    folded = "".join(c for c in folded if not unicodedata.combining(c))
    return _SPACES.sub(" ", folded).strip()
