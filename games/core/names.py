"""Names and icons as players type them: compared after Unicode normalisation and case folding.

"Ana" and "ana", "é" typed as one code point or as "e" plus an accent, or full-width "Ａｎａ"
and "Ana", are the same name (`fold`: NFKC and case folding, for the names of players, icons
and the like, accents kept).

What a player types is refused (`typed_name`, `typed_icon`) when it holds a control or format
character (Unicode categories Cc and Cf: a zero-width space, a right-to-left override, a
newline) or nothing but white space: such a name would look like another player's, read as
nobody, or turn the rest of an answer around on the page. A zero-width joiner between two
visible characters is kept, so an emoji sequence (a family, a flag) is still one icon.

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
    """The key two names are compared by: NFKC, case folded, NFKC again (compatibility forms
    such as full-width letters meet their plain letters)."""
    if text.isascii():  # most ids and names: ASCII is NFKC already, and its case folding is lower()
        return text.lower()
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


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


_JOINER = "\u200d"  # zero-width joiner: kept between two visible characters (emoji sequences)


def hidden_character(text: str) -> tuple[int, str] | None:
    """The first control or format character (Unicode Cc or Cf) in `text`, with its index, or
    None. A zero-width joiner between two characters that are neither is not counted."""
    if text.isascii() and text.isprintable():  # the common case: no control character at all
        return None
    for index, char in enumerate(text):
        category = unicodedata.category(char)
        if category not in ("Cc", "Cf"):
            continue
        if char == _JOINER and _joins(text, index):
            continue
        return index, char
    return None


def _joins(text: str, index: int) -> bool:
    if index == 0 or index == len(text) - 1:
        return False
    before, after = text[index - 1], text[index + 1]
    return all(unicodedata.category(c) not in ("Cc", "Cf", "Zs") for c in (before, after))


def describe_character(char: str) -> str:
    """A character named for a message: `U+202E (RIGHT-TO-LEFT OVERRIDE)`."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


def typed_text(text: str, what: str = "a name") -> str:
    """Text a player typed, in NFC with the white space around it taken off; ValueError when it
    holds a control or format character or is nothing but white space."""
    found = hidden_character(text)
    if found is not None:
        index, char = found
        raise ValueError(
            f"{what} may not hold {describe_character(char)} (character {index + 1}): control "
            "and format characters are invisible or turn the text around"
        )
    stripped = text.strip()
    if not stripped:
        raise ValueError(f"{what} needs a visible character, not only white space")
    return nfc(stripped)


def typed_name(text: str) -> str:
    """A player's name as typed (see `typed_text`)."""
    return typed_text(text, "a name")


def typed_icon(text: str) -> str:
    """A button icon as typed (see `typed_text`)."""
    return typed_text(text, "an icon")


def optional_name(value: object) -> object:
    """For a name that may be left empty ("" : not named): white space alone or a control or
    format character is refused; anything that is not a string is left to the type check."""
    if not isinstance(value, str) or value == "":
        return value
    return typed_name(value)


def plain(text: str) -> str:
    """`text` with every control and format character taken out, for a page title or a share
    text built from what players typed (the names in it are refused on the way in; this is the
    last guard for text from elsewhere, such as saved rulings)."""
    if text.isascii() and text.isprintable():
        return text
    return "".join(
        c
        for i, c in enumerate(text)
        if unicodedata.category(c) not in ("Cc", "Cf") or (c == _JOINER and _joins(text, i))
    )


def escaped_controls(text: str) -> str:
    """JSON or other text shown as written, with each format character and each control
    character other than a line break written as its escape (`\\u202e`): what was sent is
    still all there, and none of it turns the lines around."""
    if text.isascii():
        return text
    return "".join(
        f"\\u{ord(c):04x}" if unicodedata.category(c) in ("Cc", "Cf") and c != "\n" else c
        for c in text
    )
