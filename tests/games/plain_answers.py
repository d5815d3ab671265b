"""What every ruling's answer must be: the question answered in players' words."""

from __future__ import annotations

import re
from itertools import pairwise

from games.core import Ruling

# A slug, a rule key or a field path in prose gives the game away as a program.
_CODEY = re.compile(r"\b[a-z]+(?:-[a-z]+){2,}\b|\b[a-z-]+:\d|\bstate\.|_")
# "you" with a verb that agrees only with he/she/it.
_YOU_HAS = re.compile(
    r"\byou (?:has|holds|opens|draws|wins|lays|makes|calls|sits|is|was|needs|gets)\b", re.I
)


def assert_answer_is_plain(ruling: Ruling) -> None:
    """Yes or no first; no codes, slugs, rule keys or field names; no doubled words; no
    "You's"."""
    answer = ruling.answer
    assert answer, ruling.summary
    assert answer.startswith(("Yes", "No")), answer
    assert "You's" not in answer and "you's" not in answer, answer
    words = [w.strip(".,;:!?").lower() for w in answer.split()]
    assert all(a != b for a, b in pairwise(words) if a), answer
    assert not _CODEY.search(answer), answer
    assert not _YOU_HAS.search(answer), answer
    for reason in [*ruling.reasons, *ruling.voided]:
        assert reason.code not in answer, answer
