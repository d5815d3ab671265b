"""A player called "You" is spoken to as "you": every engine's worked example and every
question's default form, ruled with the first player named "You", says "your Hero" and "you
draw", never "You's Hero" or "You draws"; no sentence opens with the verdict word "Legal", and
no word is doubled."""

from __future__ import annotations

import copy
import re
from itertools import pairwise
from typing import Any

import pytest

from games import registry
from games.core import Ruling
from games.core.errors import BadInput
from games.core.words import owns, possessive, says, subject

ENGINES = sorted(registry)

_YOU_S = re.compile(r"\byou's\b", re.I)
_YOU_VERB = re.compile(
    r"\byou (?:has|holds|draws|wins|plays|pays|keeps|passes|places|goes|runs|reveals|does|"
    r"chooses|reaches|earns|answers|loses|uses|is|was|needs|gets|makes|calls)\b",
    re.I,
)


def _first_player(state: Any) -> str | None:
    if not isinstance(state, dict):
        return None
    for seat in state.get("players") or []:
        if isinstance(seat, dict) and isinstance(seat.get("name"), str) and seat["name"]:
            return str(seat["name"])
    for hero in state.get("heroes") or []:
        if isinstance(hero, dict) and isinstance(hero.get("player"), str):
            return str(hero["player"])
    return None


def _renamed(data: Any, old: str) -> Any:
    if isinstance(data, dict):
        return {k: _renamed(v, old) for k, v in data.items()}
    if isinstance(data, list):
        return [_renamed(v, old) for v in data]
    if isinstance(data, str) and data.casefold() == old.casefold():
        return "You"
    return data


def _as_you(state: Any, move: Any) -> tuple[Any, Any]:
    """The position with its first player named "You", as the website seats the asker."""
    name = _first_player(state)
    if name is None or name.casefold() == "you":
        return state, move
    return _renamed(copy.deepcopy(state), name), _renamed(copy.deepcopy(move), name)


def _cases() -> list[tuple[str, str, Any, Any]]:
    cases = []
    for slug in ENGINES:
        engine = registry[slug]
        example = engine.example()
        state, move = _as_you(example["state"], example["move"])
        cases.append((slug, "example", state, move))
        for question in engine.questions:
            state, move = _as_you(*question.build(question.form()))
            cases.append((slug, question.slug, state, move))
    return cases


CASES = _cases()


def _sentences(ruling: Ruling) -> list[str]:
    texts = [ruling.summary, ruling.answer]
    texts += [r.detail for r in [*ruling.reasons, *ruling.voided]]
    return [t for t in texts if t]


def test_every_game_has_a_case_with_a_player_called_you() -> None:
    named = {slug for slug, _, state, _ in CASES if _first_player(state) == "You"}
    assert named >= {"bo-jackson-battle-arena", "higher-lower", "super-hazard-quest"}


@pytest.mark.parametrize(
    ("slug", "case", "state", "move"), CASES, ids=[f"{s}-{c}" for s, c, _, _ in CASES]
)
def test_a_ruling_speaks_to_you_as_you(slug: str, case: str, state: Any, move: Any) -> None:
    try:
        ruling = registry[slug].rule_json(state, move)
    except BadInput as error:  # a default form the engine refuses says why, in words
        pytest.fail(f"{slug} {case}: {error}")
    for text in _sentences(ruling):
        assert not _YOU_S.search(text), text
        assert not _YOU_VERB.search(text), text
        words = [w.strip(".,;:!?()").lower() for w in text.split()]
        assert all(a != b for a, b in pairwise(words) if a and not a.isdigit()), text
    for text in (ruling.summary, ruling.answer):
        assert not text.startswith("Legal"), text


def test_the_words_for_a_player_called_you_and_for_anyone_else() -> None:
    assert possessive("You") == "your"
    assert possessive("You", start=True) == "Your"
    assert possessive("the player on your left") == "the player on your left's"
    assert possessive("the player on your left", start=True) == "The player on your left's"
    assert subject("You") == "you" and subject("you", start=True) == "You"
    assert says("You", "draws", "draw", True) == "You draw"
    assert says("your opponent", "draws", "draw") == "your opponent draws"
    assert owns("You") == "yours" and owns("Ana") == "Ana's"
