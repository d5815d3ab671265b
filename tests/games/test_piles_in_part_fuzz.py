"""Fuzzed disputes for Battle Arena and High Alert: every form-built question, with any piles
marked described in part (and a weapon given, none or not described), is ruled or refused
naming a field, never a crash; a ruling's next state reads back and is drawn (issue 18)."""

from __future__ import annotations

from typing import Any, get_args

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bo_jackson_battle_arena.picture import battle_layout
from games.bo_jackson_battle_arena.picture import describe as arena_words
from games.bo_jackson_battle_arena.rules import RULES as ARENA
from games.bo_jackson_battle_arena.state import BattleState, Pile, State
from games.core.errors import BadInput
from games.star_realms_high_alert.picture import describe as alert_words
from games.star_realms_high_alert.picture import layout as alert_layout
from games.star_realms_high_alert.rules import RULES as ALERT
from games.star_realms_high_alert.state import PartList
from games.star_realms_high_alert.state import State as AlertState
from tests.fuzz_size import examples

ARENA_PILES = list(get_args(Pile))
ALERT_PARTS = list(get_args(PartList))
ARENA_QUESTIONS = [q for q in ARENA.questions if q.slug != "is-my-deck-legal"]
SETTINGS = settings(
    max_examples=examples(60),
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)


def _ruled_or_refused(rules: Any, state: dict[str, Any], move: dict[str, Any]) -> Any:
    try:
        return rules.rule_json(state, move)
    except BadInput as refused:
        assert refused.field.startswith(("state", "move")), refused.field
        return None


@SETTINGS
@given(
    question=st.sampled_from(ARENA_QUESTIONS),
    mine=st.lists(st.sampled_from(ARENA_PILES), max_size=8),
    theirs=st.lists(st.sampled_from(ARENA_PILES), max_size=8),
    weapon=st.sampled_from([None, "none", "Super", "Fire"]),
    hero=st.sampled_from([None, "your-bench-hero", "your-hero", "nobody"]),
)
def test_battle_arena_piles_in_part_are_ruled_or_refused_by_field(
    question: Any, mine: list[str], theirs: list[str], weapon: str | None, hero: str | None
) -> None:
    state, move = question.build(question.form())
    state["players"][0]["partly_described"] = mine
    state["players"][1]["partly_described"] = theirs
    state["players"][1]["zones"][state["battle"] - 1]["weapon"] = weapon
    if hero is not None and move["kind"] == "substitute":
        move = {**move, "hero": hero}
    ruling = _ruled_or_refused(ARENA, state, move)
    for position in (state, ruling.next_state) if ruling is not None else ():
        if position is not None:
            arena_words(State.model_validate(position))
            battle_layout(BattleState.model_validate(position), question.title)


@SETTINGS
@given(
    question=st.sampled_from(list(ALERT.questions)),
    parts=st.lists(st.sampled_from(ALERT_PARTS), max_size=10),
    card=st.sampled_from([None, "r1", "r9", "t1", "h1", "c1"]),
)
def test_high_alert_parts_in_part_are_ruled_or_refused_by_field(
    question: Any, parts: list[str], card: str | None
) -> None:
    state, move = question.build(question.form())
    state["partly_described"] = parts
    for key in ("card", "tech", "hero"):
        if card is not None and key in move:
            move = {**move, key: card}
    ruling = _ruled_or_refused(ALERT, state, move)
    for position in (state, ruling.next_state) if ruling is not None else ():
        if position is not None:
            alert_words(AlertState.model_validate(position))
            alert_layout(AlertState.model_validate(position), question.title)
