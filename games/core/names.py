"""Names and icons as players type them: compared after Unicode normalisation and case folding.

"Ana" and "ana", or "é" typed as one code point or as "e" plus an accent, are the same name.
"""

from __future__ import annotations

import unicodedata


def nfc(text: str) -> str:
    """The text in Unicode normal form C (composed), as it is stored and shown."""
    return unicodedata.normalize("NFC", text)


def fold(text: str) -> str:
    """The key two names are compared by: NFC, case folded, NFC again."""
    return nfc(nfc(text).casefold())


def same(a: str, b: str) -> bool:
    return fold(a) == fold(b)
